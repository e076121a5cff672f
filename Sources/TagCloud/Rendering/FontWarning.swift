public import Typesetting

/// A tag whose text has characters no available font covers: what it shows as `.notdef` boxes,
/// and the Debian package to install so it shows letters.
///
/// ``RenderedCloud/fontWarnings`` lists one per such tag; the `tagcloud` command prints each on
/// standard error, and ``Cloud/strictFonts`` turns them into ``TagCloudError/missingGlyphs(_:)``.
public struct FontWarning: Sendable, Equatable, CustomStringConvertible {
    /// The tag's position in ``Cloud/tags``.
    public var tagIndex: Int
    /// The tag's text.
    public var text: String
    /// The characters no font covers, each once, with their script and package.
    public var characters: [UncoveredCharacter]
    /// Where the tag was written (`tags.yaml:3:5`), when it was read from text.
    public var location: SpecLocation?

    /// Makes a warning.
    ///
    /// - Parameters:
    ///   - tagIndex: The tag's position.
    ///   - text: The tag's text.
    ///   - characters: The uncovered characters.
    ///   - location: Where the tag was written; `nil` for none.
    public init(tagIndex: Int, text: String, characters: [UncoveredCharacter], location: SpecLocation? = nil) {
        self.tagIndex = tagIndex
        self.text = text
        self.characters = characters
        self.location = location
    }

    /// The Debian packages that cover the characters' scripts, each once, in order.
    public var packages: [String] {
        var seen = Set<String>()
        return characters.compactMap(\.debianPackage).filter { seen.insert($0).inserted }
    }

    /// `tags.yaml:2:5: tag "हिन्दी" (tags[0]): no font has U+0939 (Devanagari), U+093F
    /// (Devanagari); install fonts-noto-core`, listing at most eight characters; without the
    /// location when the tag was not read from text.
    public var description: String {
        (location.map { "\($0): " } ?? "") + message
    }

    /// ``description`` without the location.
    public var message: String {
        let shown = characters.prefix(8).map(\.description).joined(separator: ", ")
        let more = characters.count > 8 ? " and \(characters.count - 8) more" : ""
        let advice = packages.isEmpty ? "no known Debian font package covers them"
            : "install \(packages.joined(separator: " and "))"
        return "tag \(quoted(text)) (tags[\(tagIndex)]): no font has \(shown)\(more); \(advice)"
    }
}
