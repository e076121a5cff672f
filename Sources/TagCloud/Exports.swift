// What `import TagCloud` brings along: Foundation, whose `Data` and `URL` the library's API takes
// and gives (`pngData()`, a tag's link), as `import TagCloudUI` and SwiftUI bring it; a program
// that writes a cloud to a file needs no second import.
@_exported public import Foundation
