// LayoutKit: a port of SwiftUI's layout negotiation (the Layout protocol, stacks, FlowLayout).
// Pure Swift: no C, no fonts. Sizes reach it through LayoutSubview.sizeThatFits.
