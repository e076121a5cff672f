import TagCloudTesting
import Testing

/// A test at file scope has no suite: its goldens' folder is its file's name.
@Test func fileScope() {
    #expect(GoldenPathTests.relativePath(GoldenPathTests.verify()) == "FileScopeGolden/fileScope.1.png")
}
