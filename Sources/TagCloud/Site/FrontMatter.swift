import Foundation
import TOMLKit
import Yams

/// The metadata block at the start of a static site's content file, as Hugo, Jekyll, Eleventy and
/// Publish write it: YAML between `---` lines, TOML between `+++` lines (Hugo), a JSON object
/// (Hugo), or Org mode's `#+key: value` lines (Hugo).
struct FrontMatter {
    /// How the block is written.
    enum Format: Equatable {
        case yaml, toml, json
        /// Org mode's `#+key: value` lines, as Hugo reads them (go-org's buffer settings).
        case org
    }

    /// The blocks a site's generator takes for front matter at the start of a page; anything
    /// else there is the page's text (a Nunjucks page may open with `{% extends %}`).
    struct Openers: Sendable, Equatable {
        /// A `+++` block of TOML.
        var toml: Bool
        /// A bare JSON object.
        var json: Bool
        /// Blank lines before the block.
        var blankLinesBefore: Bool
        /// A language named after the opening dashes (`---json`, `---yaml`).
        var languageNames: Bool
        /// Org mode's `#+key: value` lines (Hugo reads them in a page of any format, `.org` the
        /// usual one).
        var org = false
        /// A `...` line closes a `---` block, as YAML ends a document (Jekyll); Hugo stops a
        /// build on it ("EOF looking for end YAML front matter delimiter", Hugo 0.111).
        var dotsClose = false
        /// A carriage return alone ends a line, as in Hugo's page lexer (a file saved with
        /// classic Mac line ends is read by Hugo, not by Jekyll's `\n` or gray-matter's).
        var carriageReturnEndsLine = false

        /// Hugo's page parser, and sites of no known generator: `---` YAML, `+++` TOML, a JSON
        /// object or `#+` Org lines, after blank lines; `---json` and `---yaml` too.
        static let hugo = Openers(toml: true, json: true, blankLinesBefore: true, languageNames: true, org: true,
                                  carriageReturnEndsLine: true)
        /// gray-matter, Eleventy's reader: a `---` line, which may name the language (`---json`,
        /// `---yaml`, `---yml`), as the file's first bytes (after a byte order mark).
        static let grayMatter = Openers(toml: false, json: false, blankLinesBefore: false, languageNames: true)
        /// Jekyll (`\A---\s*\n`): a `---` YAML block as the file's first bytes.
        static let jekyll = Openers(toml: false, json: false, blankLinesBefore: false, languageNames: false, dotsClose: true)
        /// Publish (Ink's metadata): a `---` block, after blank lines.
        static let publish = Openers(toml: false, json: false, blankLinesBefore: true, languageNames: false)
    }

    /// How the block is written.
    let format: Format
    /// The block's text, preceded by as many line breaks as lines come before it in the file, so
    /// that the lines of anything read from it are the file's.
    let text: [UInt8]
    /// The file's line of the block's opening delimiter.
    let line: Int
    /// What follows the opening `---` before its line feed, when something does: a carriage
    /// return (`ends with CR LF`) or spaces (`has a space after ---`). Publish (Ink) then reads no
    /// metadata, since it wants a line feed right after the dashes (and Swift's strings take CR
    /// LF for one character).
    var openerTail: String?

    /// What a block gives for the keys asked for.
    /// How a generator reads a string where a list of terms is expected.
    enum StringTerms: Sendable, Hashable {
        /// A plain YAML string is comma-separated terms (Publish's `tags: a, b`); a quoted or
        /// JSON string is one term. Sites of no known generator, Publish's and Jekyll's.
        case plainYAMLSplit
        /// Any string is one term: Hugo (`tags: go, hugo` is the term `go, hugo`, Hugo's
        /// `ToStringSlicePreserveString`).
        case one
        /// Any string is split at commas, quoted or not: Eleventy 3 (`getCleanedTagsImmutable`).
        case commaSplit
        /// The block is not YAML but `key: value` lines, each value the text after the first
        /// colon, and a string of terms is split at commas: a Publish site (Ink's metadata, read
        /// by Publish's decoder), where `tags: Swift, #100DaysOfSwift` is two tags and quotes
        /// are part of the text.
        case inkLines
    }

    struct Values {
        /// With Eleventy's `override:tags` set, its terms alone, under `taxonomy`; otherwise
        /// unchanged.
        mutating func keepOverridingTags(as taxonomy: String = "tags") {
            guard setsTaxonomies.contains(SiteTags.eleventyOverrideKey) else { return }
            terms = terms.filter { $0.taxonomy == SiteTags.eleventyOverrideKey }.map { ($0.term, $0.line, taxonomy) }
        }

        /// The terms, with the file's line each was written on (the block's first line when the
        /// reader gives none).
        var terms: [(term: String, line: Int, taxonomy: String)] = []
        /// Values of the keys asked for that are not terms (a number, a boolean, a date, null, a
        /// mapping, a list inside the list), with their lines.
        var rejected: [Rejected] = []
        /// What was read another way than asked, or may have been cut (a `#` in a value), with
        /// its line: the terms were counted.
        var notes: [(message: String, line: Int)] = []
        /// Whether the page is a draft (`draft: true`).
        var isDraft = false
        /// Whether the page says Jekyll's `published: false` (a draft to Jekyll; Hugo reads
        /// `published` as a date, and Eleventy gives it no meaning).
        var isUnpublished = false
        /// Jekyll's `published:` with no value (null): unpublished unless its defaults say.
        var publishedIsNull = false
        /// Eleventy's `layout`, as written: "" for `layout: false` or null (no layout), `nil` when
        /// the block does not say.
        var layout: String?
        /// What keeps the page out of the generator's lists and taxonomies, as written (Hugo's
        /// `headless: true` and `build.render: never`, Eleventy's
        /// `eleventyExcludeFromCollections: true`), or `nil` for a page that is listed.
        var unlisted: String?
        /// The collections (tags) Eleventy 3 leaves the page out of, by name
        /// (`eleventyExcludeFromCollections: [post]`): those terms of the page are not counted.
        var excludedFromCollections: [String] = []
        /// Whether the block sets `eleventyExcludeFromCollections` (to anything): a data file's
        /// is then not taken.
        var setsEleventyExclusion = false
        /// A `draft` that is not `true` or `false`, as ``readDraft(_:line:)`` read it, with its line.
        var draftNote: (message: String, line: Int)?
        /// The taxonomy keys (lower case) the block sets itself, an empty list too: a cascade's
        /// terms for them do not reach the page.
        var setsTaxonomies = Set<String>()
        /// Whether the block sets `draft` itself (a value cascaded from a section is then not
        /// taken), and whether it sets its build options (`build`, `_build`, `headless`).
        var setsDraft = false
        var setsBuild = false
        /// What a Hugo section's `cascade` passes down to its pages (`_index.md`).
        var cascade: CascadeRules?

        /// A Hugo `cascade`: its entries in order, each with the pages it reaches (its `_target`,
        /// or `target` as Hugo 0.140 names it; none reaches every descendant).
        struct CascadeRules: Equatable, Sendable {
            /// The pages an entry reaches: each field given is a glob the page's must match
            /// (Hugo's: `*` within a path segment, `**` across segments, `{a,b}`, `?`, `[…]`),
            /// ignoring case.
            struct Target: Equatable, Sendable {
                /// The page's path below the content folder (`/blog/**`).
                var path: Glob?
                /// `page`, `section` or `home`.
                var kind: Glob?
                /// The page's language code.
                var lang: Glob?
                /// The build's environment: `hugo` builds in `production`.
                var environment: Glob?
                /// Whether the target is one Hugo refuses (stopping the build): it reaches no page.
                var reachesNothing = false

                /// The kinds of page a `kind` glob must match one of, as Hugo checks it.
                static let pageKinds = ["home", "page", "section", "taxonomy", "term"]

                /// A target from its fields (names in lower case; `nil` for a value that is not
                /// text), and what is wrong with it, each of which Hugo stops the build on: a
                /// value that is not text, a glob it cannot compile (an unclosed `{` or `[`), a
                /// `kind` that matches no kind of page. A target with any of these reaches no page.
                static func reading(_ fields: [(name: String, text: String?)]) -> (target: Target, problems: [String]) {
                    var target = Target(), problems: [String] = []
                    for (name, text) in fields where ["path", "kind", "lang", "environment"].contains(name) {
                        guard let text else {
                            problems.append("_target \(name) is not text")
                            continue
                        }
                        // An empty field sets nothing, as Hugo reads it.
                        guard !text.isEmpty else { continue }
                        let glob = Glob(text)
                        if !glob.isValid {
                            problems.append("_target \(name) \(quoted(text)) is not a glob Hugo can read")
                        } else if name == "kind", !pageKinds.contains(where: glob.matches) {
                            problems.append("_target kind \(quoted(text)) matches no kind of page (\(pageKinds.joined(separator: ", ")))")
                        }
                        switch name {
                        case "path": target.path = glob
                        case "kind": target.kind = glob
                        case "lang": target.lang = glob
                        default: target.environment = glob
                        }
                    }
                    target.reachesNothing = !problems.isEmpty
                    return (target, problems.map { $0 + "; Hugo stops the build on it, and this cascade was read as reaching no page" })
                }

                func matches(kind pageKind: String, path pagePath: String, language: String) -> Bool {
                    guard !reachesNothing else { return false }
                    return [(path, pagePath), (self.kind, pageKind), (lang, language), (environment, "production")].allSatisfy { glob, value in
                        glob?.matches(value) ?? true
                    }
                }
            }
            /// One entry: the pages it reaches and what it sets.
            struct Entry: Equatable, Sendable {
                var target: Target?
                var values: Cascade
            }
            /// Innermost section first; within a section, in the order written.
            var entries: [Entry] = []

            /// These rules, a section's, inside `outer`'s (the sections above): each value set
            /// here wins.
            func over(_ outer: CascadeRules?) -> CascadeRules {
                CascadeRules(entries: entries + (outer?.entries ?? []))
            }

            /// What reaches a page: the first value each entry that targets it sets.
            func resolved(kind: String, path: String, language: String) -> Cascade? {
                var result = Cascade()
                for entry in entries where entry.target?.matches(kind: kind, path: path, language: language) ?? true {
                    result = result.over(entry.values)
                }
                return result == Cascade() ? nil : result
            }
        }

        /// The values of a Hugo `cascade` that ``SiteTags`` reads: `draft` and the build options
        /// (`build.render: never`), which keep pages out of a count, and the terms of the
        /// taxonomies asked for (`tags: [x]`), which a page that sets no such key takes.
        struct Cascade: Equatable, Sendable {
            var isDraft: Bool?
            var unlisted: String?
            /// The terms, by taxonomy key in lower case, each with its line.
            var terms: [String: [(term: String, line: Int)]] = [:]
            /// The date keys it sets (``PageDates/publishKeys``, ``PageDates/expiryKeys``), read
            /// as a page's are: a page that does not set a key takes the cascade's, so a section's
            /// `cascade: {expiryDate: …}` takes its pages out as Hugo does.
            var dates: [String: (reading: PageDates.Reading, line: Int)] = [:]

            init(isDraft: Bool? = nil, unlisted: String? = nil, terms: [String: [(term: String, line: Int)]] = [:],
                 dates: [String: (reading: PageDates.Reading, line: Int)] = [:]) {
                self.isDraft = isDraft
                self.unlisted = unlisted
                self.terms = terms
                self.dates = dates
            }

            static func == (a: Cascade, b: Cascade) -> Bool {
                a.isDraft == b.isDraft && a.unlisted == b.unlisted && a.terms.keys == b.terms.keys
                    && a.terms.allSatisfy { key, terms in b.terms[key].map { $0.map(\.term) == terms.map(\.term) } ?? false }
                    && a.dates.keys == b.dates.keys && a.dates.allSatisfy { key, date in b.dates[key]?.reading == date.reading }
            }

            /// This cascade under `outer`'s: each value set here wins.
            func over(_ outer: Cascade?) -> Cascade {
                Cascade(isDraft: isDraft ?? outer?.isDraft, unlisted: unlisted ?? outer?.unlisted,
                        terms: terms.merging(outer?.terms ?? [:]) { inner, _ in inner },
                        dates: dates.merging(outer?.dates ?? [:]) { inner, _ in inner })
            }
        }

        /// How the `draft` key's value is written.
        enum DraftValue {
            /// A boolean.
            case boolean(Bool)
            /// A number, as written; `isYAMLInteger` for a YAML integer, the only number Hugo
            /// 0.111 reads as a flag (spf13/cast 1.5 takes a Go `int`; a YAML float, and TOML and
            /// JSON numbers, are other types it reads as false).
            case number(Double, written: String, isYAMLInteger: Bool)
            /// Text (a YAML word, a quoted string), and how it is written (quoted or not).
            case text(String, written: String)
            /// Anything else (a list, a mapping, a date), said in words.
            case other(String)
        }

        /// Reads the `draft` key as Hugo 0.111 reads it (spf13/cast 1.5's `ToBool`): a boolean, or
        /// the strings `true` and `false` (in Go's three spellings); any other value is a note,
        /// read as Hugo reads it too: a YAML integer other than 0, the YAML 1.1 words `y`, `yes`
        /// and `on` (go-yaml v2 reads them as booleans, and `n`, `no`, `off` as false) and the
        /// strings `1`, `t`, `T` are true; everything else (`banana`, `"yes"`, `1.5`, a TOML or
        /// JSON number, a list) false, so the page is counted as Hugo publishes it (checked
        /// against Hugo 0.111.3).
        mutating func readDraft(_ value: DraftValue, line: Int) {
            let draft: Bool, written: String
            switch value {
            case .boolean(let flag):
                if flag { isDraft = true }
                return
            case .text(let text, _) where ["true", "True", "TRUE", "false", "False", "FALSE"].contains(text):
                if text.lowercased() == "true" { isDraft = true }
                return
            case let .number(number, shown, isYAMLInteger):
                (draft, written) = (isYAMLInteger && number != 0, shown)
            case let .text(text, shown):
                // A plain YAML word (written as itself, not quoted) of YAML 1.1's booleans.
                let isYAML11True = shown == text && ["y", "Y", "yes", "Yes", "YES", "on", "On", "ON"].contains(text)
                (draft, written) = (["1", "t", "T"].contains(text) || isYAML11True, shown)
            case .other(let shown):
                (draft, written) = (false, shown)
            }
            if draft { isDraft = true }
            draftNote = ("draft is \(written.shortened(to: 40)), which is not true or false; it was read as \(draft), as Hugo reads it, "
                         + (draft ? "so the page is a draft" : "so the page is counted") + " (write draft: true or draft: false)", line)
        }
        /// When the page is published and expires, if it says (``PageDates``).
        var dates = PageDates()
        /// The date keys the page sets itself (``readDates(_:noting:)``), with their readings.
        var dateKeys: Set<String> = []
        var dateReadings: [String: (reading: PageDates.Reading, line: Int)] = [:]
        /// The date keys' readings the dates were picked from: the page's over its cascade's.
        var allDateReadings: [String: (reading: PageDates.Reading, line: Int)] = [:]

        /// Takes the dates from the block's date keys (lower case, with what their values read as
        /// and their lines), as Hugo ranks them: the first key with a date wins, an empty one is
        /// passed over, and one that is not a date is a note and passed over too.
        mutating func readDates(_ found: [String: (reading: PageDates.Reading, line: Int)], noting: Bool = true) {
            allDateReadings = found
            if noting {
                dateKeys = Set(found.keys)
                dateReadings = found
            }
            func pick(_ keys: [String]) -> (Date, Bool)? {
                for key in keys {
                    guard let entry = found[key] else { continue }
                    switch entry.reading {
                    case .date(let date, let floats):
                        return (date, floats)
                    case .none:
                        continue
                    case .invalid(let text):
                        if noting {
                            notes.append(("\(key) \(text) is not a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an offset if any); it was ignored",
                                          entry.line))
                        }
                    }
                }
                return nil
            }
            let publish = pick(PageDates.publishKeys), expiry = pick(PageDates.expiryKeys)
            dates.publish = publish?.0
            dates.publishFloats = publish?.1 ?? false
            dates.expiry = expiry?.0
            dates.expiryFloats = expiry?.1 ?? false
        }
    }

    /// A value of a taxonomy key that is not a term. Front matter's terms are text: a number, a
    /// boolean or a date (which the generators read as that, not as text), null or an empty
    /// string, a mapping, a list inside the list: each is reported on its line and skipped, alike
    /// in YAML, TOML and JSON.
    struct Rejected: Equatable {
        /// What the value is.
        enum Kind: Equatable {
            /// A number, boolean, date or time written bare, and its text (`2023`), which quoted
            /// is a term.
            case scalar(ScalarKind, text: String)
            /// An empty term, as written (`""`, `null`).
            case empty(String)
            /// A mapping (a YAML mapping, a JSON object, a TOML table), `noun` in the format's word.
            case mapping(noun: String)
            /// A list inside the list, `noun` in the format's word (`list`, `array`).
            case nestedList(noun: String)
            /// A YAML alias (`*name`).
            case alias
        }

        /// What a bare value that is not text reads as.
        enum ScalarKind: String, Equatable {
            case number = "the number", boolean = "the boolean", date = "the date", time = "the time"
        }

        /// The key, in lower case (`tags`).
        var key: String
        /// What the value is.
        var kind: Kind
        /// The file's line of the value.
        var line: Int

        /// `tags holds the number 2023, which is not text (quote it to count it: "2023")`.
        var message: String {
            switch kind {
            case let .scalar(what, text):
                "\(key) holds \(what.rawValue) \(text.shortened(to: 40)), which is not text (quote it to count it: \(quoted(text, limit: 40)))"
            case .empty(let written):
                "\(key) holds an empty tag (\(written.shortened(to: 40)))"
            case .mapping(let noun):
                "\(key) holds \(noun), which is not text (give each tag as text)"
            case .nestedList(let noun):
                "\(key) holds \(noun) inside its \(noun.split(separator: " ").last ?? "") (put those tags in the outer one)"
            case .alias:
                "\(key) holds a YAML alias, which is not text (write the tag itself)"
            }
        }
    }

    /// The language of a front matter block that is a program (`---js`, `---javascript`), or
    /// `nil`: a block of data, or none.
    ///
    /// Eleventy 3 runs `---js`, `---javascript` and `---node` blocks; gray-matter matches the
    /// first two in any case.
    static func programLanguage(of bytes: [UInt8]) -> String? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes.count > start + 3, bytes[start..<start + 3].elementsEqual("---".utf8) else { return nil }
        let line = bytes[(start + 3)...].prefix { $0 != 0x0A && $0 != 0x0D }
        let name = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return ["js", "javascript"].contains(name.lowercased()) || name == "node" ? name : nil
    }

    /// Finds the front matter at the start of a file's bytes.
    ///
    /// - Parameters:
    ///   - bytes: The start of the file (at least `limit` bytes of it, when it is that long).
    ///   - limit: The largest block read, in bytes.
    ///   - openers: The blocks the site's generator reads (``Openers``).
    /// - Returns: The block, or `nil` when the file has none.
    /// - Throws: ``SiteTags/Problem`` (without a file) for a block with no end, one over the
    ///   limit, or one in a language that is not read.
    /// - Complexity: O(n) in the block's length.
    static func find(in bytes: [UInt8], limit: Int, openers: Openers = .hugo) throws(SiteTags.Problem) -> FrontMatter? {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        // Blank lines before the block, as Hugo's reader skips them; its lines stay the file's.
        var lead = 0
        while openers.blankLinesBefore, start < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[start]) {
            if bytes[start] == 0x0A { lead += 1 }
            start += 1
        }
        guard start < bytes.count else { return nil }
        let before = [UInt8](repeating: 0x0A, count: lead)
        switch bytes[start] {
        case UInt8(ascii: "-"), UInt8(ascii: "+"):
            let mark = bytes[start]
            if mark == UInt8(ascii: "+") && !openers.toml { return nil }
            let crAlone = openers.carriageReturnEndsLine
            guard let firstEnd = lineEnd(bytes, from: start, carriageReturnAlone: crAlone) else { return nil }
            var format: Format = mark == UInt8(ascii: "-") ? .yaml : .toml
            if !isDelimiter(bytes[start..<firstEnd], mark) {
                let opener = String(decoding: bytes[start..<firstEnd], as: UTF8.self)
                guard openers.languageNames, let named = try Self.language(opening: opener, line: 1 + lead) else { return nil }
                format = named
            }
            var lineStart = next(bytes, after: firstEnd)
            let bodyStart = lineStart
            while lineStart < bytes.count {
                if lineStart - bodyStart > limit { throw tooLarge(limit) }
                let end = lineEnd(bytes, from: lineStart, carriageReturnAlone: crAlone) ?? bytes.count
                let content = bytes[lineStart..<end]
                if isDelimiter(content, mark) || (openers.dotsClose && mark == UInt8(ascii: "-") && isDelimiter(content, UInt8(ascii: "."))) {
                    var block = FrontMatter(format: format, text: before + [0x0A] + Array(bytes[bodyStart..<lineStart]), line: 1 + lead)
                    if firstEnd < bytes.count, bytes[firstEnd] == 0x0D {
                        block.openerTail = "ends with CR LF"
                    } else if firstEnd - start > 3, isDelimiter(bytes[start..<firstEnd], mark) {
                        block.openerTail = "has a space or tab after ---"
                    }
                    return block
                }
                lineStart = next(bytes, after: end)
            }
            if bytes.count > limit { throw tooLarge(limit) }
            throw SiteTags.Problem(file: "", line: 1 + lead, message: "the front matter that starts here has no closing "
                                    + (mark == UInt8(ascii: "-") ? "---" : "+++") + " line")
        case UInt8(ascii: "{"):
            guard openers.json else { return nil }
            // A JSON object: find its closing brace, outside strings.
            var depth = 0, inString = false, escaped = false
            var index = start
            while index < bytes.count {
                if index - start > limit { throw tooLarge(limit) }
                let byte = bytes[index]
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "{") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { return FrontMatter(format: .json, text: before + Array(bytes[start...index]), line: 1 + lead) }
                }
                index += 1
            }
            if bytes.count > limit { throw tooLarge(limit) }
            throw SiteTags.Problem(file: "", line: 1 + lead, message: "the JSON front matter that starts here has no closing }")
        case UInt8(ascii: "#"):
            // Org mode's keywords, as Hugo's page lexer takes them: from a first line starting
            // with `#+` to the last line in a row that starts with `#+` (a `# comment` line ends
            // the block).
            guard openers.org, start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "+") else { return nil }
            var lineStart = start
            while true {
                let following = next(bytes, after: lineEnd(bytes, from: lineStart) ?? bytes.count)
                if min(following, bytes.count) - start > limit { throw tooLarge(limit) }
                guard following + 1 < bytes.count, bytes[following] == UInt8(ascii: "#"), bytes[following + 1] == UInt8(ascii: "+") else {
                    return FrontMatter(format: .org, text: before + Array(bytes[start..<min(following, bytes.count)]), line: 1 + lead)
                }
                lineStart = following
            }
        default:
            return nil
        }
    }

    /// An Org block's keywords as the JSON object Hugo makes of them, each key on its own line.
    ///
    /// go-org keeps each `#+KEY: value` line's value trimmed under the key in capitals, the
    /// values of a key written again joined by line feeds; Hugo lower-cases the keys, and makes a
    /// list of the value's words for a key ending in `[]` (`#+tags[]: go hugo`) and for `tags`,
    /// `categories` and `aliases` (its automatic conversion, Hugo 0.111), and keeps the date of
    /// an Org timestamp (`<2024-01-02 Tue>`) for its date keys. Any other value is one string
    /// (`#+series: My Series`). Lines that are not keywords (`#+BEGIN_SRC`) are left out.
    static func orgAsJSON(_ text: [UInt8]) -> [UInt8] {
        var settings: [(key: String, value: String, line: Int)] = []
        for (index, rawLine) in text.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            // go-org's keyword: `^(\s*)#\+([^:]+):(\s+(.*)|$)`.
            let line = String(decoding: rawLine, as: UTF8.self).drop { $0 == " " || $0 == "\t" }
            guard line.hasPrefix("#+"), let colon = line.firstIndex(of: ":") else { continue }
            let key = line[line.index(line.startIndex, offsetBy: 2)..<colon]
            let rest = line[line.index(after: colon)...]
            guard !key.isEmpty, rest.first.map(\.isWhitespace) ?? true else { continue }
            let name = key.uppercased()
            if ["NAME", "SETUPFILE", "INCLUDE"].contains(name) { continue }
            let value = rest.trimmingCharacters(in: .whitespacesAndNewlines)
            if let at = settings.firstIndex(where: { $0.key == name }) {
                settings[at].value += "\n" + value
            } else {
                settings.append((name, value, index + 1))
            }
        }
        // `tags[]` and `tags` are one key to Hugo: the one written last is kept.
        var keys: [String: (value: Any, line: Int)] = [:]
        for setting in settings {
            var key = setting.key.lowercased()
            let value: Any
            if key.hasSuffix("[]") {
                key.removeLast(2)
                value = setting.value.split(whereSeparator: \.isWhitespace).map(String.init)
            } else if ["tags", "categories", "aliases"].contains(key) {
                value = setting.value.split(whereSeparator: \.isWhitespace).map(String.init)
            } else if ["date", "lastmod", "publishdate", "expirydate"].contains(key) {
                value = orgDate(setting.value)
            } else {
                value = setting.value
            }
            if let kept = keys[key], kept.line > setting.line { continue }
            keys[key] = (value, setting.line)
        }
        var json = [UInt8](repeating: 0x0A, count: max((settings.first?.line ?? 1) - 1, 0))
        json += Array("{".utf8)
        var line = settings.first?.line ?? 1
        for (offset, entry) in keys.sorted(by: { $0.value.line < $1.value.line }).enumerated() {
            if offset > 0 { json.append(UInt8(ascii: ",")) }
            while line < entry.value.line {
                json.append(0x0A)
                line += 1
            }
            let pair = (try? JSONSerialization.data(withJSONObject: [entry.key: entry.value.value], options: [.withoutEscapingSlashes])) ?? Data("{}".utf8)
            json += pair.dropFirst().dropLast()
        }
        return json + Array("}".utf8)
    }

    /// The date of an Org timestamp (`<2024-01-02 Tue 10:00>`, `[2024-01-02 Tue]`) as Hugo
    /// keeps it; any other text as written.
    private static func orgDate(_ text: String) -> String {
        let characters = Array(text)
        guard characters.count >= 14, characters.first == "<" || characters.first == "[",
              characters.last == ">" || characters.last == "]" else { return text }
        let date = characters[1..<11]
        let shape = date.enumerated().allSatisfy { index, character in
            index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber
        }
        return shape && characters[11] == " " ? String(date) : text
    }

    /// The language an opening line names (`---json`), as gray-matter reads it: `yaml` and `yml`
    /// in any case, `json` as written; `nil` for a line that opens no block (`----`, `--- a`).
    ///
    /// - Throws: A ``SiteTags/Problem`` for a language that is not read, or `json` in capitals
    ///   (gray-matter has no reader by that name, and Eleventy stops on it).
    private static func language(opening line: String, line number: Int) throws(SiteTags.Problem) -> Format? {
        let opener = line.trimmingCharacters(in: .whitespaces)
        let name = opener.dropFirst(3)
        guard opener.hasPrefix("---"), !name.isEmpty, name.allSatisfy(\.isLetter) else { return nil }
        let lowercased = name.lowercased()
        if lowercased == "yaml" || lowercased == "yml" { return .yaml }
        if name == "json" { return .json }
        let message = switch lowercased {
        case "json": "the front matter opens with ---\(name); write ---json, in lower case (gray-matter, Eleventy's reader, has no language named \(name))"
        case "toml": "the front matter opens with ---\(name), which is not read: write TOML front matter between +++ lines"
        case "js", "javascript", "cjs", "mjs", "node":
            "the front matter opens with ---\(name): a program, not data (only YAML, TOML and JSON are read)"
        default: "the front matter opens with ---\(name), a language that is not read (only YAML, TOML and JSON are)"
        }
        throw SiteTags.Problem(file: "", line: number, message: message)
    }

    private static func tooLarge(_ limit: Int) -> SiteTags.Problem {
        SiteTags.Problem(file: "", line: 1, message: "the front matter is over \(limit >> 10) KiB")
    }

    /// The end of the line starting at `start` (the index of its `\n`, or of `\r\n`'s `\r`).
    /// Where the line from `start` ends (its `\r\n` or `\n`, or with `carriageReturnAlone` a lone
    /// `\r` too); `nil` when no line end follows.
    private static func lineEnd(_ bytes: [UInt8], from start: Int, carriageReturnAlone: Bool = false) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { return index > start && bytes[index - 1] == 0x0D ? index - 1 : index }
            if carriageReturnAlone, byte == 0x0D, index + 1 >= bytes.count || bytes[index + 1] != 0x0A { return index }
            index += 1
        }
        return nil
    }

    /// The start of the line after the line end at `end` (`\r\n`, `\n` or a lone `\r`).
    private static func next(_ bytes: [UInt8], after end: Int) -> Int {
        guard end < bytes.count, bytes[end] == 0x0D else { return end + 1 }
        return end + 1 < bytes.count && bytes[end + 1] == 0x0A ? end + 2 : end + 1
    }

    /// Whether a line is three of `mark` and nothing else but trailing spaces: `----` is not a
    /// delimiter for Hugo's page parser nor for Jekyll (`\A---\s*\n`).
    private static func isDelimiter(_ line: ArraySlice<UInt8>, _ mark: UInt8) -> Bool {
        let content = line.reversed().drop { $0 == 0x20 || $0 == 0x09 }
        return content.count == 3 && content.allSatisfy { $0 == mark }
    }

    /// The terms of `keys` (matched ignoring case, as Hugo reads front matter), and whether the
    /// page is a draft.
    ///
    /// A key's value is a list of terms, or one plain YAML string of comma-separated terms
    /// (Publish; a quoted or JSON string is one term), as `strings` says: any string is one term
    /// in a Hugo site's page, and any is split at commas in an Eleventy site's, as each reads
    /// them; or for
    /// a Jekyll post (`isJekyllPost`) whitespace-separated ones, as Jekyll splits `tags: ruby
    /// jekyll`; a Jekyll post's singular key (`tag`, `category`) is one term and comes first, as
    /// Jekyll reads it. A value that is not text (a number, a boolean, a date, null, a mapping, a
    /// list inside the list) is ``Values/rejected``, alike in YAML, TOML and JSON.
    ///
    /// - Parameters:
    ///   - keys: The taxonomies to read (`tags`, `categories`).
    ///   - file: The file's name, for locations.
    ///   - isJekyllPost: Whether the file is a Jekyll post.
    ///   - strings: How a string of terms is read (``StringTerms``).
    /// - Throws: A ``SiteTags/Problem`` for a block that cannot be read, at its line.
    ///   - dateKeys: More keys whose values are read as dates (a Hugo site's `[frontmatter]`
    ///     sources), in lower case, into ``Values/allDateReadings``.
    func values(for keys: [String], file: String, isJekyllPost: Bool = false,
                strings: StringTerms = .plainYAMLSplit, jekyllSite: Bool = false, dateKeys: [String] = []) throws(SiteTags.Problem) -> Values {
        // Publish reads a `---` block as Ink's `key: value` lines (it has no other kind).
        if strings == .inkLines, format == .yaml {
            if let openerTail {
                var values = Values()
                values.notes.append(("the block's first line \(openerTail), after which Publish (Ink) reads no metadata "
                                     + "(it wants a line feed right after ---)", line))
                return values
            }
            return Self.inkValues(text, keys: keys)
        }
        switch format {
        case .org:
            // Read as the JSON object Hugo makes of the keywords, on their lines.
            return try FrontMatter(format: .json, text: Self.orgAsJSON(text), line: line)
                .values(for: keys, file: file, isJekyllPost: isJekyllPost, strings: strings, jekyllSite: jekyllSite, dateKeys: dateKeys)
        case .yaml, .json:
            var composed: YAMLReader.Composed
            var duplicateNote: (message: String, line: Int)?
            do {
                // A line or paragraph separator (U+2028, U+2029: pasted text) is text to Hugo and
                // Jekyll, where the spec's reader refuses it: read as a space, so the page counts.
                let input = try TextInput(bytes: Self.separatorsAsSpaces(text, json: format == .json), source: file)
                do {
                    composed = try YAMLReader.compose(input, format: format == .yaml ? .yaml : .json)
                } catch .duplicateKey(let key, let place, _) where format == .json {
                    // Hugo (Go's encoding/json) and Eleventy (JSON.parse) keep the last of a key
                    // written twice, in any object of the block.
                    let kept = Self.lastOfEachKey(json: Self.separatorsAsSpaces(text, json: true))
                    composed = try YAMLReader.compose(try TextInput(bytes: kept, source: file), format: .json)
                    duplicateNote = ("\(key) is written twice in the front matter; the last one was read, as Hugo and Eleventy read JSON",
                                     place.line ?? line)
                } catch .duplicateKey(let key, let place, _) where format == .yaml && (strings == .plainYAMLSplit || strings == .one) {
                    // Jekyll's and Hugo's YAML readers keep the last of a key written twice
                    // (Hugo 0.111 builds `/tags/two/` from `tags: [one]` then `tags: [two]`;
                    // Eleventy's stops on it): the block is read again with only the last of
                    // each top-level key.
                    let kept = Self.lastOfEachTopLevelKey(Self.separatorsAsSpaces(text))
                    composed = try YAMLReader.compose(try TextInput(bytes: kept, source: file), format: .yaml)
                    duplicateNote = ("\(key) is written twice in the front matter; the last one was read, as Jekyll and Hugo read it",
                                     place.line ?? line)
                }
            } catch {
                // Publish's metadata is `key: value` lines, not YAML (`description: Tips: part 2`
                // is one value there): a block YAML cannot read is read as those lines, said in
                // a note, when it has the keys asked for.
                if format == .yaml, var lines = Self.lineValues(text, keys: keys, isJekyllPost: isJekyllPost) {
                    let at = error.location?.line ?? line
                    lines.notes.append(("the front matter is not well-formed YAML (\(error.message)); "
                                        + "it was read as key: value lines, as Publish reads them", at))
                    return lines
                }
                throw SiteTags.Problem(file: file, line: error.location?.line, message: "malformed front matter: " + error.message)
            }
            // Front matter is a mapping of keys; a list or a lone text is a mistake Hugo stops
            // the build on ("cannot unmarshal !!seq into map"), not a page without tags.
            switch composed.root {
            case .sequence(let sequence)?:
                throw SiteTags.Problem(file: file, line: composed.locate(sequence.mark).line ?? line,
                                       message: "malformed front matter: it is a list, not keys with values (tags: [a, b])")
            case .scalar(let scalar)? where FrontMatter.nonText(scalar).map({ if case .empty = $0 { false } else { true } }) ?? true:
                throw SiteTags.Problem(file: file, line: composed.locate(scalar.mark).line ?? line,
                                       message: "malformed front matter: it is a lone value, not keys with values (tags: [a, b])")
            default:
                break
            }
            var values = Self.values(composed, format: format, keys: keys, isJekyllPost: isJekyllPost, strings: strings,
                                     jekyllSite: jekyllSite, dateKeys: dateKeys)
            if let duplicateNote { values.notes.append(duplicateNote) }
            if format == .yaml { values.notes += Self.cutByComments(text, keys: keys) }
            return values
        case .toml:
            let table: TOMLTable
            let string = String(decoding: text, as: UTF8.self)
            if let fatal = TOMLGuard.firstFatalConstruct(in: string) {
                throw SiteTags.Problem(file: file, line: fatal.line, message: "malformed TOML front matter: \(fatal.message)")
            }
            do {
                table = try TOMLTable(string: string)
            } catch let error as TOMLParseError {
                throw SiteTags.Problem(file: file, line: error.source.begin.line, message: "malformed TOML front matter: \(error.description)")
            } catch {
                throw SiteTags.Problem(file: file, line: line, message: "malformed TOML front matter: \(error)")
            }
            return Self.values(table, keys: keys, lines: Self.tomlKeyLines(text), line: line + 1, hugo: strings == .one, dateKeys: dateKeys)
        }
    }

    /// With `jekyllSite`, Jekyll's rules: keys are matched as written (`Tags` is not `tags`), only
    /// `published` (a YAML 1.1 false or null: `false`, `no`, `off`, `~`, nothing) keeps a post
    /// unpublished, and only `date` dates it; Hugo's `draft`, `publishDate` and `expiryDate` mean
    /// nothing there. Eleventy (`.commaSplit`) matches keys as written too.
    private static func values(_ composed: YAMLReader.Composed, format: Format, keys: [String], isJekyllPost: Bool,
                               strings: StringTerms, jekyllSite: Bool = false, dateKeys: [String] = []) -> Values {
        var values = Values()
        guard case .mapping(let mapping)? = composed.root else { return values }
        func line(_ node: SpecNode) -> Int { composed.locate(node.mark).line ?? 1 }
        func plain(_ node: SpecNode) -> String? {
            guard case .scalar(let scalar) = node else { return nil }
            return scalar.style == .plain || scalar.style == .any ? scalar.string : nil
        }
        // Hugo matches front matter keys ignoring case; Jekyll and Eleventy as written.
        let keysAsWritten = jekyllSite || strings == .commaSplit
        let wanted = Set(keysAsWritten ? keys : keys.map { $0.lowercased() })
        var entries: [(key: String, value: SpecNode)] = []
        var spellings: [String: String] = [:]
        var dates: [String: (reading: PageDates.Reading, line: Int)] = [:]
        for (keyNode, value) in mapping {
            guard let written = keyNode.scalar?.string else { continue }
            let key = written.lowercased()
            if jekyllSite {
                // Jekyll: `published` falsy (YAML 1.1, as Psych reads it) keeps the post out; a
                // quoted "false" is a string, which is true to Ruby.
                if written == "published" {
                    let word = plain(value)?.lowercased()
                    if let word, ["~", "null", ""].contains(word) {
                        // Null: the configuration's `defaults` decide, else Jekyll's
                        // `fetch("published", true)` is nil, and the post is not published.
                        values.publishedIsNull = true
                    } else {
                        // The post decides, over the configuration's `defaults`.
                        values.setsDraft = true
                        if let word, ["false", "no", "off"].contains(word) { values.isUnpublished = true }
                    }
                }
                if written == "date", dates["date"] == nil, case .scalar(let scalar) = value {
                    var reading: PageDates.Reading = plain(value).map { ["~", "null", "Null", "NULL", ""].contains($0) } == true
                        ? .none : PageDates.reading(scalar.string, key: "date")
                    // Psych reads a plain YAML timestamp with a time (`2026-12-04 04:00:00`) as a
                    // UTC time, whatever `timezone` says; a date alone, or a quoted one, is local.
                    if case .date(let date, true) = reading, plain(value) != nil, PageDates.isYAMLTimestampWithTime(scalar.string) {
                        reading = .date(date, floats: false)
                    }
                    dates["date"] = (reading, line(value))
                }
                entries.append((written, value))
                continue
            }
            if written == "layout", case .scalar(let scalar) = value {
                let isPlain = scalar.style == .plain || scalar.style == .any
                values.layout = isPlain && ["false", "null", "~", ""].contains(scalar.string) ? "" : scalar.string
            }
            if key == "draft" {
                switch value {
                case .scalar(let scalar):
                    let isPlain = scalar.style == .plain || scalar.style == .any
                    let written = isPlain ? scalar.string : quoted(scalar.string)
                    switch isPlain ? nonText(scalar) : nil {
                    case .empty?: break  // `draft:` with no value: not a draft, as Hugo reads null
                    case .scalar(.number, let text)?:
                        let integer = yamlInteger(text)
                        values.readDraft(.number(parseNumber(text) ?? integer.map(Double.init) ?? 0, written: written,
                                                 isYAMLInteger: format == .yaml && integer != nil),
                                         line: line(value))
                    case .scalar(.boolean, let text)?:
                        values.readDraft(.boolean(text.lowercased() == "true"), line: line(value))
                    default: values.readDraft(.text(scalar.string, written: written), line: line(value))
                    }
                case .sequence: values.readDraft(.other("a list"), line: line(value))
                case .mapping: values.readDraft(.other("a mapping"), line: line(value))
                case .alias: values.readDraft(.other("an alias"), line: line(value))
                }
                values.setsDraft = true
            }
            if ["build", "_build", "headless"].contains(key) { values.setsBuild = true }
            if key == "cascade" {
                let maps: [SpecNode.Mapping] = switch value {
                case .mapping(let map): [map]
                case .sequence(let list): list.compactMap { if case .mapping(let map) = $0 { map } else { nil } }
                default: []
                }
                var rules = Values.CascadeRules()
                let isList = if case .sequence = value { true } else { false }
                for map in maps {
                    let keys = map.compactMap { pair in pair.key.scalar.map { ($0.string.lowercased(), pair.value, $0.string) } }
                    var cascade = Values.Cascade()
                    var target: Values.CascadeRules.Target?
                    for (name, entry, written) in keys {
                        if name == "draft", let flag = entry.scalar?.string.lowercased() { cascade.isDraft = flag == "true" }
                        if Self.cascadesDate(name, written: written, inList: isList), let scalar = entry.scalar {
                            cascade.dates[name] = (["~", "null", "Null", "NULL", ""].contains(scalar.string) ? .none
                                                   : PageDates.reading(scalar.string, key: name, hugo: strings == .one,
                                                                       plainInteger: plain(entry) != nil), line(entry))
                        }
                        // A taxonomy's terms: a list of strings, or one string (one term, as Hugo reads it).
                        if wanted.contains(name) {
                            let items: [SpecNode] = if case .sequence(let list) = entry { Array(list) } else { [entry] }
                            cascade.terms[name] = items.compactMap { item in
                                guard case .scalar(let scalar) = item, nonText(scalar) == nil else { return nil }
                                return (scalar.string, line(item))
                            }
                        }
                        cascade.unlisted = cascade.unlisted ?? Self.unlisting(key: name, yaml: entry).map { "cascade: " + $0 }
                        if name == "_target" || name == "target", case .mapping(let fields) = entry {
                            let read = Values.CascadeRules.Target.reading(fields.compactMap { field, value in
                                field.scalar.map { ($0.string.lowercased(), value.scalar?.string) }
                            })
                            target = read.target
                            values.notes += read.problems.map { ("cascade " + $0, line(entry)) }
                        }
                    }
                    rules.entries.append(.init(target: target, values: cascade))
                }
                values.cascade = rules
            }
            if key == "published", value.scalar?.string.lowercased() == "false" { values.isUnpublished = true }
            // Eleventy: `true` (the boolean) leaves the page out of every collection; a list, or a
            // string of comma-separated names (Eleventy 3), out of those tags' collections.
            if key == "eleventyexcludefromcollections" {
                values.setsEleventyExclusion = true
                switch value {
                case .sequence(let names):
                    values.excludedFromCollections += names.compactMap { $0.scalar?.string }
                case .scalar(let scalar):
                    if case .scalar(.boolean, let text)? = nonText(scalar) {
                        if text.lowercased() == "true" { values.unlisted = "eleventyExcludeFromCollections: true" }
                    } else {
                        values.excludedFromCollections += scalar.string.split(separator: ",")
                            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    }
                default:
                    break
                }
            }
            if values.unlisted == nil {
                values.unlisted = Self.unlisting(key: key, yaml: value)
            }
            if PageDates.publishKeys.contains(key) || PageDates.expiryKeys.contains(key) || dateKeys.contains(key), dates[key] == nil {
                let reading: PageDates.Reading = switch value {
                case .scalar(let scalar):
                    plain(value).map { ["~", "null", "Null", "NULL"].contains($0) } == true
                        ? .none : PageDates.reading(scalar.string, key: key, hugo: strings == .one, plainInteger: plain(value) != nil)
                case .sequence: .invalid("(a list)")
                case .mapping, .alias: .invalid("(a mapping)")
                }
                dates[key] = (reading, line(value))
            }
            if !keysAsWritten, let kept = spellings[key] {
                // Keys equal ignoring case: one of them counts, as in Hugo.
                guard hugoKeepsSpelling(written, over: kept) else { continue }
                entries.removeAll { $0.key == key }
            }
            spellings[key] = written
            entries.append((keysAsWritten ? written : key, value))
        }
        values.readDates(dates)
        // A Jekyll post's `tag: Ruby on Rails` is one term, read instead of `tags`.
        var singular: [String: String] = [:]
        if isJekyllPost {
            for key in wanted where key.hasSuffix("s") && key.count > 1 {
                let one = key.hasSuffix("ies") ? key.dropLast(3) + "y" : String(key.dropLast())
                if entries.contains(where: { $0.key == one }) { singular[key] = one }
            }
        }
        /// A term's scalar when it is not text (``nonText(_:)``), and also a plain YAML 1.1
        /// boolean word where the site's reader takes it for one: Hugo 0.111's YAML reader makes
        /// `tags: [yes, on, y]` the term `true` and `[no, off, n]` `false` (checked with Hugo), and
        /// Jekyll's Psych makes `yes`, `on`, `no` and `off` in any case booleans (not `y` or `n`),
        /// as it does `tRUE`; so the word is no term of its own.
        func termNonText(_ scalar: SpecNode.Scalar) -> Rejected.Kind? {
            if let kind = nonText(scalar) { return kind }
            guard format == .yaml, scalar.style == .plain || scalar.style == .any else { return nil }
            if strings == .one, Self.yaml11BooleanWords.contains(scalar.string) { return .scalar(.boolean, text: scalar.string) }
            if jekyllSite, Self.psychBooleanWords.contains(scalar.string.lowercased()) { return .scalar(.boolean, text: scalar.string) }
            return nil
        }
        for (key, value) in entries {
            let isSingular = singular.values.contains(key)
            // Jekyll adds `categories` to `category` (`populate_categories`); `tag` replaces `tags`.
            let pluralKept = jekyllSite && key == "categories"
            guard (wanted.contains(key) && (singular[key] == nil || pluralKept)) || isSingular else { continue }
            // The taxonomy a singular key stands for: `tag` is a term of `tags`.
            let taxonomy = singular.first { $0.value == key }?.key ?? key
            // In Jekyll a null value leaves the configuration's defaults in place.
            let isNull = if case .scalar(let scalar) = value, case .empty? = nonText(scalar) { true } else { false }
            if !(jekyllSite && isNull) { values.setsTaxonomies.insert(taxonomy) }
            switch value {
            case .scalar(let scalar):
                if let kind = termNonText(scalar) {
                    // `tags:` or `tags: ~` with nothing after it gives no terms, as an empty list.
                    if case .empty = kind { continue }
                    values.rejected.append(Rejected(key: key, kind: kind, line: line(value)))
                    continue
                }
                // Hugo reads any string as one term (`tags: go, hugo` is `go, hugo`); Eleventy 3
                // splits any at commas (`"a, b"` too); elsewhere a quoted or JSON string is one
                // term and a plain one is split at commas (Publish's `tags: a, b`, not YAML to it).
                let isPlain = format == .yaml && (scalar.style == .plain || scalar.style == .any)
                let splits = switch strings {
                case .one: false
                case .commaSplit, .inkLines: true
                case .plainYAMLSplit: isPlain
                }
                // `tag` and `category` are one term in a Jekyll post also when asked for by name
                // (`--taxonomy category`), as Jekyll reads them.
                let terms: [Substring] = if isSingular || (isJekyllPost && (key == "tag" || key == "category")) {
                    [Substring(scalar.string)]
                } else if isJekyllPost {
                    // Ruby's `split` with no argument: ASCII white space only (a no-break space
                    // stays inside a tag).
                    scalar.string.split { " \t\n\r\u{0B}\u{0C}".contains($0) }
                } else if splits {
                    scalar.string.split(separator: ",")
                } else {
                    [Substring(scalar.string)]
                }
                for term in terms {
                    values.terms.append((String(term), line(value), taxonomy))
                }
            case .sequence(let sequence):
                for element in sequence {
                    let kind: Rejected.Kind? = switch element {
                    case .scalar(let scalar): termNonText(scalar)
                    case .mapping: .mapping(noun: format == .json ? "an object" : "a mapping")
                    case .sequence: .nestedList(noun: format == .json ? "an array" : "a list")
                    case .alias: .alias
                    }
                    if let kind {
                        values.rejected.append(Rejected(key: key, kind: kind, line: line(element)))
                    } else if let scalar = element.scalar {
                        values.terms.append((scalar.string, line(element), taxonomy))
                    }
                }
            case .mapping:
                values.rejected.append(Rejected(key: key, kind: .mapping(noun: format == .json ? "an object" : "a mapping"), line: line(value)))
            case .alias:
                values.rejected.append(Rejected(key: key, kind: .alias, line: line(value)))
            }
        }
        return values
    }

    /// Whether a front matter key keeps its page out of the generator's taxonomies, and how that
    /// is said: Hugo's `headless: true` (a headless bundle) and `build` (or the older `_build`)
    /// with `render: never` (or `false`), which Hugo leaves out of its taxonomies as pages
    /// without a link. (Eleventy's `eleventyExcludeFromCollections`, whose kind of value matters,
    /// is read where the YAML is.)
    ///
    /// - Parameters:
    ///   - key: The key, in lower case.
    ///   - flag: The key's value when it is a scalar, as written.
    ///   - option: Reads an option of a `build` mapping by its name in lower case.
    /// - Returns: The reason, as written in the front matter, or `nil`.
    /// ``unlisting(key:flag:option:)`` for a YAML or JSON key and its value.
    static func unlisting(key: String, yaml value: SpecNode) -> String? {
        unlisting(key: key, flag: value.scalar.map(\.string)) { option in
            guard case .mapping(let build) = value else { return nil }
            return build.first { $0.0.scalar?.string.lowercased() == option }?.1.scalar?.string
        }
    }

    /// ``unlisting(key:flag:option:)`` for the first of a TOML table's `headless`, `build` and
    /// `_build` (its keys in lower case) that keeps the page out.
    static func unlisting(toml keys: [String: any TOMLValueConvertible]) -> String? {
        for key in ["headless", "build", "_build"] {
            guard let value = keys[key] else { continue }
            let flag = value.bool.map { $0 ? "true" : "false" } ?? value.string ?? value.int.map(String.init)
            let unlisted = unlisting(key: key, flag: flag) { name in
                guard let build = value.table else { return nil }
                let entry = build.first { $0.0.lowercased() == name }?.1
                return entry?.string ?? entry?.bool.map { $0 ? "true" : "false" }
            }
            if let unlisted { return unlisted }
        }
        return nil
    }

    /// A TOML table's values by key in lower case, as Hugo reads keys (of keys that differ in
    /// case, the one ``hugoKeepsSpelling(_:over:)`` keeps).
    /// Whether a cascade's key sets a page's date: a publish or expiry date key in any case in
    /// a cascade that is one table (`cascade: {expiryDate: …}`, TOML's `[cascade]`), but only
    /// in lower case in a list of them (`cascade: [{publishdate: …}]`, `[[cascade]]`): Hugo
    /// 0.111 lowercases the keys of the one and not of the other, and reads dates by lower-case
    /// key (checked with it: a list's `expiryDate` dates nothing, its `publishdate` does).
    static func cascadesDate(_ name: String, written: String, inList: Bool) -> Bool {
        (PageDates.publishKeys.contains(name) || PageDates.expiryKeys.contains(name)) && (!inList || written == name)
    }

    static func lowercasedKeys(_ table: TOMLTable) -> [String: any TOMLValueConvertible] {
        var keys: [String: (written: String, value: any TOMLValueConvertible)] = [:]
        for (key, value) in table {
            let folded = key.lowercased()
            if let kept = keys[folded], !hugoKeepsSpelling(key, over: kept.written) { continue }
            keys[folded] = (key, value)
        }
        return keys.mapValues(\.value)
    }

    /// Whether Hugo keeps the value of front matter key `spelling` over that of `kept`, a key
    /// equal to it ignoring case written before it (`tags` and `Tags` in one page): Hugo 0.111
    /// lower-cases keys while walking a Go map, so a key written in lower case is always
    /// replaced by one that is not (`Tags` wins over `tags`, checked against a build in either
    /// order, YAML and TOML), and between two that are not (`Tags` and `TAGS`) its choice
    /// changes from build to build: the first written is kept here.
    static func hugoKeepsSpelling(_ spelling: String, over kept: String) -> Bool {
        kept == kept.lowercased() && spelling != spelling.lowercased()
    }

    static func unlisting(key: String, flag: String?, option: (String) -> String?) -> String? {
        // As Hugo reads a boolean (spf13/cast's ToBool): `true`, `t`, `1`, a number other than 0.
        let isTrue = flag.map { ["true", "t", "1"].contains($0.lowercased()) || (Double($0).map { $0 != 0 } ?? false) } ?? false
        switch key {
        case "headless" where isTrue:
            return "headless: \(flag ?? "true")"
        case "build", "_build":
            // A page never rendered has no link, and Hugo's taxonomies leave it out (one never
            // listed is still in them).
            guard let render = option("render")?.lowercased(), render == "never" || render == "false" else { return nil }
            return "\(key).render: \(render)"
        default:
            return nil
        }
    }

    /// Whether `value` matches a Hugo glob (gobwas/glob with `/` as the separator, as Hugo
    /// compiles a cascade's target): `*` within a segment, `**` across segments, `?` one
    /// character but `/`, `{a,b}` either, `[…]` (`[!…]`) a class, `a-z` ranges in it; case is
    /// ignored. The glob comes from a page: matching takes time in proportion to the glob's
    /// length times the value's (no backtracking), braces give at most 64 alternatives, and a
    /// glob over 1,024 characters matches nothing.
    static func globMatches(_ glob: String, _ value: String) -> Bool {
        Glob(glob).matches(value)
    }

    /// A Hugo glob made once (braces expanded, pieces parsed), to match many pages' values.
    struct Glob: Equatable, Sendable {
        /// The glob as written.
        let text: String
        /// Its alternatives' pieces (none for a glob that matches nothing).
        private let alternatives: [[GlobToken]]

        init(_ text: String) {
            self.text = text
            alternatives = text.count > 1024 ? []
                : FrontMatter.braceAlternatives(Array(text.lowercased().unicodeScalars)[...]).compactMap(FrontMatter.globTokens)
        }

        /// Whether the glob could be read: not over 1,024 characters, its braces and brackets
        /// closed.
        var isValid: Bool { !alternatives.isEmpty }

        /// Whether `value` matches (``FrontMatter/globMatches(_:_:)``).
        func matches(_ value: String) -> Bool {
            matches(lowercased: Array(value.lowercased().unicodeScalars))
        }

        /// Whether a value already in lower case, as its scalars, matches: for one value
        /// matched against many globs.
        func matches(lowercased characters: [Unicode.Scalar]) -> Bool {
            alternatives.contains { FrontMatter.matches($0, characters) }
        }
    }

    /// A glob's pieces, once braces are expanded.
    fileprivate enum GlobToken: Equatable, Sendable {
        case literal(Unicode.Scalar)
        case star, globstar, any
        case set(negated: Bool, ranges: [ClosedRange<Unicode.Scalar>])
    }

    /// The globs a glob's braces stand for (`/{a,b}/*` → `/a/*`, `/b/*`), at most 64: the first
    /// brace is expanded, then each alternative's next one, keeping no more than 64 at any step.
    fileprivate static func braceAlternatives(_ glob: ArraySlice<Unicode.Scalar>) -> [[Unicode.Scalar]] {
        var pending = [Array(glob)], done: [[Unicode.Scalar]] = []
        while let glob = pending.popLast(), done.count + pending.count < 64 {
            guard let open = glob.firstIndex(of: "{") else {
                done.append(glob)
                continue
            }
            var depth = 0, close: Int?, commas: [Int] = []
            for index in open..<glob.endIndex {
                switch glob[index] {
                case "{": depth += 1
                case "}":
                    depth -= 1
                    if depth == 0 { close = index }
                case "," where depth == 1: commas.append(index)
                default: break
                }
                if close != nil { break }
            }
            // An unclosed brace is itself.
            guard let close else {
                done.append(glob)
                continue
            }
            // The first alternatives, as many as there is room for, the first on top.
            let bounds = [open] + commas + [close]
            let room = 64 - done.count - pending.count
            for (start, end) in zip(bounds, bounds.dropFirst()).prefix(room).reversed() {
                pending.append(Array(glob[..<open]) + Array(glob[(start + 1)..<end]) + Array(glob[(close + 1)...]))
            }
        }
        return done
    }

    /// A glob without braces as pieces; `nil` for an unclosed `[`.
    fileprivate static func globTokens(_ glob: [Unicode.Scalar]) -> [GlobToken]? {
        var tokens: [GlobToken] = []
        var index = 0
        while index < glob.count {
            let character = glob[index]
            index += 1
            switch character {
            case "*":
                if index < glob.count, glob[index] == "*" {
                    index += 1
                    tokens.append(.globstar)
                } else {
                    tokens.append(.star)
                }
            case "?": tokens.append(.any)
            case "[":
                guard let end = glob[index...].firstIndex(of: "]") else { return nil }
                var members = Array(glob[index..<end])[...]
                index = end + 1
                let negated = members.first == "!"
                if negated { members = members.dropFirst() }
                var ranges: [ClosedRange<Unicode.Scalar>] = []
                while let first = members.popFirst() {
                    if members.count >= 2, members.first == "-", let last = members.dropFirst().first, first <= last {
                        members = members.dropFirst(2)
                        ranges.append(first...last)
                    } else {
                        ranges.append(first...first)
                    }
                }
                tokens.append(.set(negated: negated, ranges: ranges))
            default: tokens.append(.literal(character))
            }
        }
        return tokens
    }

    /// Whether the pieces match all of `text`: a table of which suffix of the pieces matches
    /// which suffix of the text, filled from the ends.
    fileprivate static func matches(_ tokens: [GlobToken], _ text: [Unicode.Scalar]) -> Bool {
        let width = text.count + 1
        // Two rows, swapped from token to token: no allocation a token.
        var next = [Bool](repeating: false, count: width), row = [Bool](repeating: false, count: width)
        next[text.count] = true
        for token in tokens.reversed() {
            for position in stride(from: text.count, through: 0, by: -1) {
                let hasCharacter = position < text.count
                let character: Unicode.Scalar = hasCharacter ? text[position] : "/"
                row[position] = switch token {
                case .star: next[position] || (hasCharacter && character != "/" && row[position + 1])
                case .globstar: next[position] || (hasCharacter && row[position + 1])
                case .any: hasCharacter && character != "/" && next[position + 1]
                case .literal(let literal): hasCharacter && character == literal && next[position + 1]
                case .set(let negated, let ranges):
                    hasCharacter && character != "/" && ranges.contains { $0.contains(character) } != negated && next[position + 1]
                }
            }
            swap(&next, &row)
        }
        return next[0]
    }

    /// The boolean words of Ruby's Psych (Jekyll's reader), matched in lower case: its scalar
    /// scanner reads `yes|true|on` and `no|false|off` in any case as booleans.
    static let psychBooleanWords: Set<String> = ["yes", "true", "on", "no", "false", "off"]

    /// YAML 1.1's boolean words besides `true` and `false` (Go's yaml.v2, Hugo's reader).
    static let yaml11BooleanWords: Set<String> = ["y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
                                                  "on", "On", "ON", "off", "Off", "OFF"]

    /// What a YAML or JSON scalar is when it is not text, as YAML 1.2's core schema reads a plain
    /// (unquoted) scalar: null, a boolean, a number; and a date as YAML 1.1 (Jekyll's Psych, Hugo)
    /// reads `2024-01-01`; `nil` for text (any quoted scalar, `3D printing`, `C++`).
    static func nonText(_ scalar: SpecNode.Scalar) -> Rejected.Kind? {
        guard scalar.style == .plain || scalar.style == .any else { return nil }
        let text = scalar.string
        switch text {
        case "", "~", "null", "Null", "NULL": return .empty(text.isEmpty ? "null" : text)
        case "true", "True", "TRUE", "false", "False", "FALSE": return .scalar(.boolean, text: text)
        default: break
        }
        if parseNumber(text) != nil || yamlInteger(text) != nil { return .scalar(.number, text: text) }
        // A date alone is YAML 1.1's `YYYY-MM-DD` (ten characters); with a time, its looser form.
        if text.count >= 10, PageDates.date(text) != nil { return .scalar(.date, text: text) }
        return nil
    }

    /// A plain YAML scalar read as an integer as Hugo's YAML reader reads one (YAML 1.1: Go's
    /// `strconv.ParseInt` with base 0 after removing underscores): decimal, `0x1F`, `0o17` or
    /// `017` (octal), `0b101`, with a sign; `nil` for anything else.
    static func yamlInteger(_ text: String) -> Int64? {
        var digits = Substring(text.replacingOccurrences(of: "_", with: ""))
        let negative = digits.first == "-"
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let radix: Int
        if digits.count > 2, digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
        } else if digits.count > 2, digits.hasPrefix("0o") || digits.hasPrefix("0O") {
            radix = 8
        } else if digits.count > 2, digits.hasPrefix("0b") || digits.hasPrefix("0B") {
            radix = 2
        } else if digits.count > 1, digits.first == "0" {
            guard let octal = Int64(digits.dropFirst(), radix: 8) else { return nil }
            return negative ? -octal : octal
        } else {
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let decimal = Int64(digits) else { return nil }
            return negative ? -decimal : decimal
        }
        guard let value = Int64(digits.dropFirst(2), radix: radix) else { return nil }
        return negative ? -value : value
    }

    /// The bytes with the characters the generators' readers take as text, and the spec's reader
    /// refuses, replaced by a space, so that the page's tags count: U+2028 and U+2029 (pasted
    /// text) in both formats; in JSON (any character from U+0020 up, RFC 8259) DEL and the C1
    /// controls U+0080–U+009F too, and in YAML U+0085, which YAML counts printable. Windows-1252
    /// text decoded as Latin-1 puts them in titles (U+0092 for ’, U+0085 for …), and a whole
    /// page's tags were dropped as "malformed front matter" where Hugo builds it.
    static func separatorsAsSpaces(_ bytes: [UInt8], json: Bool = false) -> [UInt8] {
        guard bytes.contains(where: { $0 == 0xE2 || $0 == 0xC2 || $0 == 0x7F }) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                result.append(0x20)
                index += 3
            } else if byte == 0xC2, index + 1 < bytes.count, json ? (0x80...0x9F).contains(bytes[index + 1]) : bytes[index + 1] == 0x85 {
                result.append(0x20)
                index += 2
            } else if byte == 0x7F, json {
                result.append(0x20)
                index += 1
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result
    }

    /// The terms of `keys` in a block read as `key: value` lines (Publish's metadata): a line's
    /// value is comma-separated terms (white-space-separated in a Jekyll post), or `nil` when no
    /// line holds a key asked for.
    private static func lineValues(_ text: [UInt8], keys: [String], isJekyllPost: Bool) -> Values? {
        let wanted = Set(keys.map { $0.lowercased() })
        var values = Values()
        // The last line of a key wins, as the README says and as a YAML reader that keeps
        // duplicate keys (Jekyll's Psych) reads `tags: a` then `tags: b`: only b.
        var lastLine: [String: (line: Int, value: String)] = [:]
        var order: [String] = []
        for (line, key, value) in keyValueLines(text) {
            if key == "draft" { values.readDraft(.text(value, written: value), line: line) }
            if key == "published", value.lowercased() == "false" { values.isUnpublished = true }
            guard wanted.contains(key) else { continue }
            // A YAML list, flow or block, or a quoted value is YAML gone wrong, not Publish's line:
            // its error stands.
            guard let head = value.first, !"[{\"'|>&*!-".contains(head) else { return nil }
            if lastLine[key] == nil { order.append(key) }
            lastLine[key] = (line, value)
        }
        guard !order.isEmpty else { return nil }
        for key in order {
            guard let (line, value) = lastLine[key] else { continue }
            let terms = isJekyllPost ? value.split(whereSeparator: \.isWhitespace) : value.split(separator: ",")
            for term in terms { values.terms.append((String(term), line, key)) }
        }
        return values
    }

    /// The terms of a Publish item's metadata, as Ink reads the block and Publish decodes it.
    ///
    /// Ink (`Metadata.read`) goes through the block's lines, leading white space and blank lines
    /// skipped: a line that starts with `-` voids the whole block (Ink then reads no metadata); a
    /// line with a colon is `key: value`, split at the first colon, the key as written (`Tags:` is
    /// not `tags`), the last line of a key winning, and a line with nothing after the colon sets
    /// nothing; a line without a colon continues the value of the last key that was set, joined
    /// with a space (`tags: Linux,` and then `  Server Side, Vapor` is one value). Publish has one
    /// taxonomy, `tags`: its value is split at commas, each term trimmed and the empty ones
    /// dropped, as Publish's decoder reads a `[Tag]`.
    private static func inkValues(_ text: [UInt8], keys: [String]) -> Values {
        var values = Values()
        guard keys.contains(where: { $0.lowercased() == "tags" }) else { return values }
        var set: [String: (line: Int, value: String)] = [:]
        var lastKey: String?
        // Lines end at line feeds; a carriage return before one is part of the line end (a
        // CR LF is one character to Ink's reader).
        for (offset, bytes) in text.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = String(decoding: bytes, as: UTF8.self)
            let content = line.drop(while: \.isWhitespace)
            guard !content.isEmpty else { continue }
            if content.hasPrefix("-") {
                values.notes.append(("a line of the block starts with -, so Publish (Ink) reads no metadata from it", offset + 1))
                return values
            }
            guard let colon = content.firstIndex(of: ":") else {
                if let lastKey, let value = set[lastKey] {
                    set[lastKey] = (value.line, value.value + " " + content.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                continue
            }
            let key = content[..<colon].trimmingCharacters(in: .whitespacesAndNewlines)
            let value = content[content.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !value.isEmpty else { continue }
            set[key] = (offset + 1, value)
            lastKey = key
        }
        if let tags = set["tags"] {
            for term in tags.value.split(separator: ",") {
                let trimmed = term.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { values.terms.append((trimmed, tags.line, "tags")) }
            }
        }
        return values
    }

    /// The block with only the last entry of each top-level key: an entry is its key's line
    /// (starting at the line's start) and the lines after it that are indented, blank or
    /// comments. The lines of an entry left out become blank, so that every line keeps its number.
    static func lastOfEachTopLevelKey(_ text: [UInt8]) -> [UInt8] {
        let lines = text.split(separator: 0x0A, omittingEmptySubsequences: false)
        // Each line's entry: the index of the key line that starts it and its key (nil before any).
        var entries: [(start: Int, key: String)?] = []
        var lastStart: [String: Int] = [:]
        var current: (start: Int, key: String)?
        for (index, line) in lines.enumerated() {
            if isKeyLine(line), let colon = line.firstIndex(of: UInt8(ascii: ":")) {
                let key = String(decoding: line[line.startIndex..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                current = (index, key)
                lastStart[key] = index
            }
            entries.append(current)
        }
        var output: [UInt8] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { output.append(0x0A) }
            if let entry = entries[index], lastStart[entry.key] != entry.start { continue }
            output += line
        }
        return output
    }

    /// A JSON object with only the last of each key written twice in any of its objects, as
    /// Go's `encoding/json` (Hugo) and `JSON.parse` (Eleventy) keep it: an earlier pair and the
    /// comma after it become spaces (line breaks stay), so every line keeps its number. The text
    /// is a balanced object (``find(in:limit:openers:)`` found its end); any other text comes back
    /// unchanged.
    static func lastOfEachKey(json text: [UInt8]) -> [UInt8] {
        struct Container {
            var isObject: Bool
            var expectsKey: Bool
            /// The pair being read: where its key starts, and the key.
            var pair: (start: Int, key: String)?
            /// Each finished pair's key and bytes, up to and with the comma after it.
            var pairs: [(key: String, range: ClosedRange<Int>)] = []
        }
        var output = text
        var stack: [Container] = []
        var index = 0
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "\""):
                // A string: a key when its object expects one; skipped whole either way.
                let start = index
                index += 1
                while index < text.count, text[index] != UInt8(ascii: "\"") {
                    index += text[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < text.count else { return text }
                if let top = stack.last, top.isObject, top.expectsKey {
                    let literal = Data(text[start...index])
                    let key = (try? JSONSerialization.jsonObject(with: literal, options: .fragmentsAllowed)) as? String
                        ?? String(decoding: text[(start + 1)..<index], as: UTF8.self)
                    stack[stack.count - 1].pair = (start, key)
                    stack[stack.count - 1].expectsKey = false
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(Container(isObject: byte == UInt8(ascii: "{"), expectsKey: byte == UInt8(ascii: "{")))
            case UInt8(ascii: ","):
                guard var top = stack.popLast() else { return text }
                if top.isObject, let pair = top.pair {
                    top.pairs.append((pair.key, pair.start...index))
                    top.pair = nil
                    top.expectsKey = true
                }
                stack.append(top)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard let closed = stack.popLast() else { return text }
                // The last pair has no comma after it, and is the last of its key.
                var last: [String: Int] = [:]
                for (number, pair) in closed.pairs.enumerated() { last[pair.key] = number }
                if let pair = closed.pair { last[pair.key] = closed.pairs.count }
                for (number, pair) in closed.pairs.enumerated() where last[pair.key] != number {
                    for position in pair.range where output[position] != 0x0A && output[position] != 0x0D {
                        output[position] = 0x20
                    }
                }
            default:
                break
            }
            index += 1
        }
        return output
    }

    /// Whether a block line starts a top-level entry (`key: …` at the line's start).
    private static func isKeyLine(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, first != 0x20, first != 0x09, first != UInt8(ascii: "#"), first != 0x0D else { return false }
        return line.contains(UInt8(ascii: ":"))
    }

    /// Notes for values of `keys` that a `#` cuts: a YAML comment starts at ` #`, so
    /// `tags: Swift, #100DaysOfSwift` is the one term Swift (Publish reads three).
    private static func cutByComments(_ text: [UInt8], keys: [String]) -> [(message: String, line: Int)] {
        // Most blocks have no `#` at all.
        guard text.contains(UInt8(ascii: "#")) else { return [] }
        let wanted = Set(keys.map { $0.lowercased() })
        return keyValueLines(text).compactMap { line, key, value in
            guard wanted.contains(key), let head = value.first, !"\"'[#".contains(head),
                  value.contains(" #") || value.contains("\t#") else { return nil }
            return ("a # in this value starts a YAML comment, so the terms after it were not read; quote the value", line)
        }
    }

    /// The block's `key: value` lines: the file's line, the key in lower case, the value trimmed.
    private static func keyValueLines(_ text: [UInt8]) -> [(line: Int, key: String, value: String)] {
        String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .compactMap { offset, line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (offset + 1, line[..<colon].trimmingCharacters(in: .whitespaces).lowercased(),
                        line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines))
            }
    }

    /// The file's line of each key of a TOML block, lower-cased, where it first appears (a
    /// top-level key comes before any `[table]`), and the lines from it to the next key: TOMLKit
    /// gives values without their places.
    static func tomlKeyLines(_ text: [UInt8]) -> [String: (first: Int, lines: [(Int, Substring)])] {
        var result: [String: (first: Int, lines: [(Int, Substring)])] = [:]
        var current: String?
        for (offset, line) in String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let equals = trimmed.firstIndex(of: "="), !trimmed.hasPrefix("#"),
               case let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")),
               !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
                // A key met again (under a `[table]`) is not the top-level one: its lines are not kept.
                current = result[key.lowercased()] == nil ? key.lowercased() : nil
                if let current { result[current] = (offset + 1, []) }
            }
            if let current { result[current]?.lines.append((offset + 1, line)) }
        }
        return result
    }

    /// What a TOML value of a taxonomy key is when it is not text (``nonText(_:)`` for YAML and
    /// JSON): a number, a boolean, a date or time, a table, an array inside the array; `nil` for a
    /// string.
    static func nonText(_ value: any TOMLValueConvertible) -> Rejected.Kind? {
        let text = value.tomlValue.debugDescription
        return switch value.type {
        case .string: nil
        case .int, .double: .scalar(.number, text: text)
        case .bool: .scalar(.boolean, text: text)
        case .date, .dateTime: .scalar(.date, text: text)
        case .time: .scalar(.time, text: text)
        case .table: .mapping(noun: "a table")
        case .array: .nestedList(noun: "an array")
        }
    }

    private static func values(_ table: TOMLTable, keys: [String], lines: [String: (first: Int, lines: [(Int, Substring)])],
                               line: Int, hugo: Bool, dateKeys: [String] = []) -> Values {
        var values = Values()
        /// The line of a key's value: the key's, or the first of its lines that holds `text`
        /// (spaces and the kind of quotes aside: TOMLKit writes an inline table `{a=1}` as
        /// `{ a = 1 }`, and may write strings in single quotes).
        func place(_ key: String, _ text: String?) -> Int {
            guard let entry = lines[key.lowercased()] else { return line }
            guard let text, !text.isEmpty else { return entry.first }
            if let found = entry.lines.first(where: { $0.1.contains(text) }) { return found.0 }
            func bare(_ text: some StringProtocol) -> String { String(text.filter { $0 != " " }.map { $0 == "'" ? "\"" : $0 }) }
            let wanted = bare(text)
            return entry.lines.first { bare($0.1).contains(wanted) }?.0 ?? entry.first
        }
        if let layout = table["layout"] { values.layout = layout.string ?? (layout.bool == false ? "" : nil) }
        // Keys ignoring case, as Hugo reads them; `draft = "true"` as the boolean.
        let byKey = lowercasedKeys(table)
        if let draft = byKey["draft"] {
            let written = draft.tomlValue.debugDescription
            let reading: Values.DraftValue = if let flag = draft.bool {
                .boolean(flag)
            } else if let text = draft.string {
                .text(text, written: quoted(text))
            } else if let number = draft.int.map(Double.init) ?? draft.double {
                .number(number, written: written, isYAMLInteger: false)
            } else {
                .other("a TOML \(draft.type)")
            }
            values.readDraft(reading, line: place("draft", nil))
            values.setsDraft = true
        }
        values.setsBuild = ["build", "_build", "headless"].contains { byKey[$0] != nil }
        if let cascade = byKey["cascade"] {
            let tables = cascade.table.map { [$0] } ?? cascade.array?.compactMap(\.table) ?? []
            var rules = Values.CascadeRules()
            let taxonomies = keys.map { $0.lowercased() }
            for table in tables {
                let keys = Self.lowercasedKeys(table)
                var result = Values.Cascade()
                if let draft = keys["draft"] { result.isDraft = draft.bool ?? (draft.string?.lowercased() == "true") }
                for (written, value) in table where Self.cascadesDate(written.lowercased(), written: written, inList: cascade.array != nil) {
                    result.dates[written.lowercased()] = (PageDates.reading(value, key: written.lowercased(), hugo: hugo), place("cascade", nil))
                }
                // A taxonomy's terms: an array of strings, or one string.
                for taxonomy in taxonomies {
                    guard let value = keys[taxonomy] else { continue }
                    result.terms[taxonomy] = (value.array ?? [value]).compactMap(\.string).map { ($0, place("cascade", nil)) }
                }
                result.unlisted = Self.unlisting(toml: keys).map { "cascade: " + $0 }
                var target: Values.CascadeRules.Target?
                if let fields = (keys["_target"] ?? keys["target"])?.table {
                    let read = Values.CascadeRules.Target.reading(Self.lowercasedKeys(fields).sorted { $0.key < $1.key }
                        .map { ($0.key, $0.value.string) })
                    target = read.target
                    values.notes += read.problems.map { ("cascade " + $0, place("cascade", nil)) }
                }
                rules.entries.append(.init(target: target, values: result))
            }
            values.cascade = rules
        }
        if let published = byKey["published"], published.bool == false || published.string?.lowercased() == "false" {
            values.isUnpublished = true
        }
        values.unlisted = values.unlisted ?? Self.unlisting(toml: byKey)
        var dates: [String: (reading: PageDates.Reading, line: Int)] = [:]
        for key in PageDates.publishKeys + PageDates.expiryKeys + dateKeys where dates[key] == nil {
            guard let value = byKey[key] else { continue }
            dates[key] = (PageDates.reading(value, key: key, hugo: hugo), place(key, nil))
        }
        values.readDates(dates)
        for key in keys {
            guard let value = byKey[key.lowercased()] else { continue }
            values.setsTaxonomies.insert(key.lowercased())
            if let text = value.string {
                // One term, as Hugo reads a string (TOML front matter is Hugo's, not Publish's).
                values.terms.append((text, place(key, nil), key.lowercased()))
            } else if let array = value.array {
                for element in array {
                    if let text = element.string {
                        values.terms.append((text, place(key, text), key.lowercased()))
                    } else if let kind = Self.nonText(element) {
                        let text = if case .scalar(_, let text) = kind { text } else { "\(element)" }
                        values.rejected.append(Rejected(key: key.lowercased(), kind: kind, line: place(key, text)))
                    }
                }
            } else if let kind = Self.nonText(value) {
                values.rejected.append(Rejected(key: key.lowercased(), kind: kind, line: place(key, nil)))
            }
        }
        return values
    }
}
