import Testing

@Test func ArticleLayoutBuilds() {
    #expect(Bool(true))
}
