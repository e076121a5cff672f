public import TagCloudUI

/// A tag cloud as a team's app would define it: chips in a flow layout.
public struct TagCloudView: View {
    public var tags: [String]
    public var alignment: Alignment
    public var tint: Color

    /// `nonisolated`, so that tests and other code off the main actor can make one with
    /// SwiftUI too, whose `View` (iOS 18 SDK) puts the whole type on the main actor; TagCloudUI's
    /// isolates only `body`, as the iOS 17 SDK did, so there the word changes nothing.
    public nonisolated init(tags: [String], alignment: Alignment = .topLeading, tint: Color = .blue) {
        self.tags = tags
        self.alignment = alignment
        self.tint = tint
    }

    public var body: some View {
        FlowLayout(alignment: alignment, itemSpacing: 8, lineSpacing: 8) {
            ForEach(tags, id: \.self) { tag in
                Text(tag)
                    .padding(.horizontal, 12)
                    .padding(.vertical, 6)
                    .background(Capsule().fill(tint.opacity(0.2)))
            }
        }
        .padding(12)
    }
}
