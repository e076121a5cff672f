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
        let keys = Cloud.keys.schema.keys
        #expect(nearestName(to: "max_rows", in: keys) == "maxRows")
        #expect(nearestName(to: "LINE-BREAKING", in: keys) == "lineBreaking")
        #expect(nearestName(to: "widht", in: keys) == "width")
        #expect(nearestName(to: "colour", in: keys) == "colors")  // the British spelling of a key
        #expect(nearestName(to: "tag", in: keys) == "tags")
        #expect(nearestName(to: "x", in: keys) == nil)
        // Two edits with another first letter are another word: no suggestion.
        #expect(nearestName(to: "height", in: keys) == nil)
        #expect(nearestName(to: "Widht", in: keys) == "width")
    }

    @Test func keysOfChildMappingsAreSuggestedWithTheirPath() {
        #expect(Cloud.keys.schema.suggestion(for: "family") == "font.family")
        #expect(Cloud.keys.schema.suggestion(for: "fill") == "chip.fill")
        #expect(Cloud.keys.schema.suggestion(for: "minSize") == "weights.minSize")
        #expect(Cloud.keys.schema.suggestion(for: "cornerRadius") == "chip.cornerRadius")
        #expect(Cloud.Chip.keys.schema.suggestion(for: "txt") == "textColor")
        #expect(Cloud.Chip.keys.schema.suggestion(for: "checkmark") == "selected.checkmark")
        // Another first letter is another word, not a misspelt child key.
        #expect(Cloud.keys.schema.suggestion(for: "height") == nil)
    }
}
