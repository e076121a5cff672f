import Testing

@Test func LayoutKitBuilds() {
    #expect(Bool(true))
}
