// LayoutKit: a port of SwiftUI's layout negotiation (the Layout protocol, stacks, FlowLayout).
// Pure Swift: no C, no fonts. Sizes reach it through LayoutSubview.sizeThatFits.
//
// Like `import SwiftUI`, `import LayoutKit` makes Foundation's geometry (CGFloat, CGPoint, CGSize,
// CGRect) available, so a Layout written for SwiftUI compiles after swapping the import line.
@_exported public import Foundation
