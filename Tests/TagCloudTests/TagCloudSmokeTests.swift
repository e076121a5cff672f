import Testing

@Test func TagCloudBuilds() {
    #expect(Bool(true))
}
