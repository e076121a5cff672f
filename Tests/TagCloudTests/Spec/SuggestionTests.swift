import Testing
@testable import TagCloud

@Suite struct SuggestionTests {
    @Test func editDistanceCountsEditsAndSwaps() {
        #expect(editDistance("paddng", "padding") == 1)
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance("ab", "ba") == 1)
        #expect(editDistance("widht", "width") == 1)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("abc", "") == 3)
        #expect(editDistance("same", "same") == 0)
        #expect(editDistance("💪a", "a💪") == 1)
    }

    @Test func nearestNamePrefersSpellingVariantsThenDistance() {
        let keys = KeySchema.root.keys
        #expect(nearestName(to: "max_rows", in: keys) == "maxRows")
        #expect(nearestName(to: "LINE-BREAKING", in: keys) == "lineBreaking")
        #expect(nearestName(to: "widht", in: keys) == "width")
        #expect(nearestName(to: "colour", in: keys) == nil)
        #expect(nearestName(to: "tag", in: keys) == "tags")
        #expect(nearestName(to: "x", in: keys) == nil)
    }

    @Test func keysOfChildMappingsAreSuggestedWithTheirPath() {
        #expect(KeySchema.root.suggestion(for: "family") == "font.family")
        #expect(KeySchema.root.suggestion(for: "fill") == "chip.fill")
        #expect(KeySchema.root.suggestion(for: "minSize") == "weights.minSize")
        #expect(KeySchema.root.suggestion(for: "cornerRadius") == "chip.cornerRadius")
        #expect(KeySchema.chip.suggestion(for: "txt") == "textColor")
        #expect(KeySchema.chip.suggestion(for: "checkmark") == "selected.checkmark")
    }
}
