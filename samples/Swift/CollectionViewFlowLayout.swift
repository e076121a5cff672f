// The look of Chris Eidhof's "SwiftUI Flow Layout" CollectionView (../shared/seeds/002), rebuilt
// with these views.
//
// The article measures its items through preference keys and a GeometryReader, a SwiftUI-only
// technique that needs a second layout pass after a state change. Its look is reproduced instead:
// "Element N" items (each with up to four "x", as the article's random suffix makes them; fixed
// here so the picture is stable) on grey rounded rectangles of radius 5, flowed with the article's
// 10-point spacing in a container of the slider's width, a red bar showing that width above, and
// the slider below.
import TagCloudUI

enum CollectionViewFlowLayout {
    static let suffixes = [2, 0, 4, 1, 3, 0, 2, 4, 1]
    static let items = (1..<10).map { num in "Element \(num)" + String(repeating: "x", count: suffixes[num - 1]) }

    /// The content view at one container width, in a window `windowWidth` wide.
    struct ContentLook: View {
        let width: CGFloat
        var windowWidth: CGFloat = 390

        var body: some View {
            let pill = RoundedRectangle(cornerRadius: 5).fill(Color.gray)
            VStack(alignment: .leading) {
                Rectangle().fill(Color.red).frame(width: width, height: 4)
                FlowLayout(itemSpacing: 10, lineSpacing: 10) {
                    ForEach(CollectionViewFlowLayout.items, id: \.self) { item in
                        Text(item)
                            .padding(8)
                            .background(pill)
                    }
                }
                .frame(width: width, alignment: .leading)
                Slider(value: .constant(width), in: 0...(windowWidth - 32))
            }
            .padding()
            .frame(width: windowWidth, alignment: .leading)
        }
    }
}
