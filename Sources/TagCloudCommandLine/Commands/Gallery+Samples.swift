// The articles' Swift examples, handed to `tagcloud samples`.
import Foundation
import Gallery
import TagCloud

/// Every example of the Gallery target as a sample for the library's samples command.
func swiftGallery() -> [SwiftSample] {
    Gallery.examples.map { example in
        SwiftSample(name: example.name, description: example.description) { example.renderer(scale: 2) }
    }
}
