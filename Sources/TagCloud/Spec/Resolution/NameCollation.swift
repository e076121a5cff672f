import Foundation

/// Compares tag texts in the order of the Unicode Collation Algorithm (UTS #10) for a language:
/// what `order: name` sorts by.
///
/// The collation is ICU's, through Foundation: on Linux, swift-foundation's
/// `String.compare(_:options:range:locale:)` runs ICU's collator (the `_FoundationICU` library
/// that ships with the toolchain, CLDR root collation and its tailorings), at its default
/// tertiary strength: letters first by base letter, then accents, then case (lower case first);
/// `ä` sorts with `a` in German and after `z` in Swedish. That call opens a collator every time
/// (about 5 µs), so strings of printable ASCII in the root and English collations (which have no
/// tailoring) are compared by a table taken once from the same collator: each ASCII character's
/// place at primary strength, then the case order (checked against the collator for every pair of
/// characters and for random strings by the tests).
struct NameCollation: Sendable {
    /// The Foundation locale whose collation is used; `""` is the root.
    private let locale: Locale
    /// Whether the ASCII table matches this collation (root and English).
    private let usesASCIITable: Bool

    /// The collation of a BCP 47 tag; `nil`, `root` and `und` are the root collation.
    init(locale tag: String?) {
        let tag = tag ?? ""
        let isRoot = tag.isEmpty || tag.lowercased() == "root" || tag.lowercased() == "und"
        locale = Locale(identifier: isRoot ? "" : tag)
        let subtags = tag.lowercased().split(separator: "-")
        // English has no tailoring in CLDR; its POSIX variant and private extensions may.
        usesASCIITable = isRoot || (subtags.first == "en" && subtags.count <= 2 && subtags.dropFirst().allSatisfy { $0.count == 2 })
    }

    /// The order of two texts.
    ///
    /// - Complexity: O(n) in the texts' length; one ICU collator per call unless both texts are
    ///   printable ASCII in the root or an English collation.
    func compare(_ a: String, _ b: String) -> ComparisonResult {
        if usesASCIITable, let order = ASCIICollation.table.compare(a, b) { return order }
        return a.compare(b, options: [], range: nil, locale: locale)
    }
}

/// The root collation's order of printable ASCII (U+0020 … U+007E), read from ICU once.
///
/// In the root collation every printable ASCII character is one collation element with its own
/// primary weight (upper and lower case share one) and the common secondary weight, and spaces
/// and punctuation are not ignorable; so two ASCII strings compare by their sequences of primary
/// places, then by their case, position by position.
struct ASCIICollation: Sendable {
    /// The primary place of each printable ASCII character, by code point minus 0x20.
    private let primary: [UInt8]
    /// The tertiary (case) place of each, 0 or 1.
    private let tertiary: [UInt8]

    /// The table, made on first use from Foundation's root collator (95 characters, about 600
    /// comparisons).
    static let table = ASCIICollation()

    private init() {
        let root = Locale(identifier: "")
        let characters = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        let sorted = characters.sorted { $0.compare($1, options: [], range: nil, locale: root) == .orderedAscending }
        var primary = [UInt8](repeating: 0, count: 95)
        var tertiary = [UInt8](repeating: 0, count: 95)
        var place: UInt8 = 0
        var previous: String?
        for character in sorted {
            let code = Int(character.utf8.first ?? 0x20) - 0x20
            if let previous, previous.compare(character, options: .caseInsensitive, range: nil, locale: root) == .orderedSame {
                tertiary[code] = 1
            } else {
                place += 1
            }
            primary[code] = place
            previous = character
        }
        self.primary = primary
        self.tertiary = tertiary
    }

    /// The order of two strings of printable ASCII, or `nil` when either holds anything else.
    ///
    /// - Complexity: O(n).
    func compare(_ a: String, _ b: String) -> ComparisonResult? {
        let x = a.utf8, y = b.utf8
        guard x.allSatisfy({ (0x20...0x7E).contains($0) }), y.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        var caseOrder = ComparisonResult.orderedSame
        var i = x.startIndex, j = y.startIndex
        while i < x.endIndex, j < y.endIndex {
            let p = Int(x[i]) - 0x20, q = Int(y[j]) - 0x20
            if primary[p] != primary[q] { return primary[p] < primary[q] ? .orderedAscending : .orderedDescending }
            if caseOrder == .orderedSame, tertiary[p] != tertiary[q] {
                caseOrder = tertiary[p] < tertiary[q] ? .orderedAscending : .orderedDescending
            }
            i = x.index(after: i)
            j = y.index(after: j)
        }
        if i < x.endIndex { return .orderedDescending }
        if j < y.endIndex { return .orderedAscending }
        return caseOrder
    }
}
