import Gallery
import TagCloudUI
import Testing

@MainActor @Test func probe() throws {
    for example in Gallery.examples {
        let list = try example.renderer().displayList()
        print(example.name, list.size, list.flattened.count)
    }
}
