import Testing

@Test func CanvasBuilds() {
    #expect(Bool(true))
}
