extension FontLibrary {
    /// The characters of `text` that none of the library's bundled faces can draw: those the
    /// fallback chain takes from the machine's fonts, or shows as a missing-glyph box when system
    /// fonts are off.
    ///
    /// A character counts as drawn when every scalar in it that is not default-ignorable (joiners,
    /// variation selectors) or a control character has a glyph in some bundled face; each
    /// uncovered character is listed once, in order of first appearance.
    ///
    /// - Parameter text: The text to check.
    /// - Returns: The uncovered characters; empty when the bundled faces cover the text.
    /// - Complexity: O(n · f) for n scalars and f bundled faces.
    public func charactersWithoutBundledGlyph(in text: String) -> [Character] {
        var seen = Set<Character>()
        return text.filter { character in
            let covered = character.unicodeScalars.allSatisfy { scalar in
                isIgnorable(scalar) || scalar.properties.generalCategory == .control
                    || faces.contains { $0.hasGlyph(scalar) }
            }
            return !covered && seen.insert(character).inserted
        }.map { $0 }
    }
}
