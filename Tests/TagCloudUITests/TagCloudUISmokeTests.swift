import Testing

@Test func TagCloudUIBuilds() {
    #expect(Bool(true))
}
