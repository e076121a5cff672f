// The look of globulus's "Flow Layout" (../shared/seeds/001), rebuilt with these views.
//
// The article builds its flow with a ZStack, alignment guides and a GeometryReader that reports
// its height back through @State: a SwiftUI-only technique (it needs layout passes that run again
// after a state change) that a single still-image pass does not reproduce. Its look is reproduced
// instead: the preview's items, each mapped to 12-point text on a grey rectangle with 4-point
// rounded corners (the article's view mapping, as far as the scraped text keeps it: the fill is
// the foreground colour, grey), padded by 4 points on every side and flowed left to right, rows
// touching, as its alignment guides place them; 16 points of margin around.
import TagCloudUI

enum GlobulusFlowLayout {
    static let items = ["Some long item here", "And then some longer one",
                        "Short", "Items", "Here", "And", "A", "Few", "More",
                        "And then a very very very long one"]

    /// The preview's items in a flow.
    struct PreviewLook: View {
        var body: some View {
            FlowLayout(itemSpacing: 0, lineSpacing: 0) {
                ForEach(GlobulusFlowLayout.items, id: \.self) { item in
                    Text(item)
                        .font(.system(size: 12))
                        .background(RoundedRectangle(cornerRadius: 4)
                            .foregroundColor(Color.gray))
                        .padding([.horizontal, .vertical], 4)
                }
            }
            .padding()
        }
    }
}
