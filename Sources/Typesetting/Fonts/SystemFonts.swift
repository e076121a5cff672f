import CFontconfig
import Foundation

/// The machine's installed fonts, found through a private fontconfig configuration.
///
/// Used only for families that are not bundled and for characters no bundled font covers (CJK,
/// Devanagari, Thai, …). The configuration is loaded once (`FcInitLoadConfigAndFonts`, which
/// honours `FONTCONFIG_FILE`, or one configuration file), owned by this type and destroyed in
/// `deinit`; every fontconfig call holds one lock, since a configuration is not safe to query
/// from several threads at once.
final class SystemFonts: Sendable {
    /// A font file and face index fontconfig chose.
    struct Match: Hashable, Sendable {
        var path: String
        var index: Int
        var family: String
    }

    private let state: Locked<State>

    private struct State: @unchecked Sendable {
        var config: OpaquePointer?
        var byFamily: [String: Match?] = [:]
        /// Chromium's fallback list per fontconfig language, and the sorted font sets the lists'
        /// charsets point into (destroyed with the configuration).
        var fallbackLists: [String: [Candidate]] = [:]
        var fontSets: [UnsafeMutablePointer<FcFontSet>] = []
        var byScalar: [String: [UInt32: Match?]] = [:]
    }

    /// A font of a fallback list: its file, face, family and the characters it maps.
    private struct Candidate {
        var match: Match
        var charset: OpaquePointer?
    }

    /// Loads the machine's fontconfig configuration (`FONTCONFIG_FILE` or the system's
    /// `fonts.conf`), or the one in `configurationFile`; `nil` when it cannot be loaded.
    init?(configurationFile: String? = nil) {
        let config: OpaquePointer?
        if let configurationFile {
            guard let created = FcConfigCreate() else { return nil }
            let loaded = configurationFile.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: configurationFile.utf8.count + 1) {
                    FcConfigParseAndLoad(created, $0, FcTrue)
                }
            }
            guard loaded != 0, FcConfigBuildFonts(created) != 0 else {
                FcConfigDestroy(created)
                return nil
            }
            config = created
        } else {
            config = FcInitLoadConfigAndFonts()
        }
        guard let config else { return nil }
        state = Locked(State(config: config))
    }

    deinit {
        state.withLock { state in
            state.fallbackLists = [:]
            for set in state.fontSets { FcFontSetDestroy(set) }
            if let config = state.config { FcConfigDestroy(config) }
        }
    }

    /// The best installed face of `family`, or `nil` if fontconfig has no font of that family
    /// (fontconfig would otherwise substitute another family, which we refuse).
    func match(family: String, weight: Int, italic: Bool) -> Match? {
        let key = "\(family.lowercased())|\(weight)|\(italic)"
        return state.withLock { state in
            if let cached = state.byFamily[key] { return cached }
            let found = Self.query(state.config, family: family, weight: weight, italic: italic)
            // Any of the font's family names (fontconfig gives "DejaVu Sans" and "DejaVu Sans
            // Condensed" for the condensed faces, and ``families()`` lists both): only its first
            // was taken, and 20 families `tagcloud fonts` listed were unknown to `render`. The
            // match is named as asked for.
            let result = found.flatMap { found -> Match? in
                guard let name = found.families.first(where: { $0.caseInsensitiveCompare(family) == .orderedSame }) else { return nil }
                var match = found.match
                match.family = name
                return match
            }
            state.byFamily[key] = .some(result)
            return result
        }
    }

    /// Every family name fontconfig lists, sorted case-insensitively, each once.
    func families() -> [String] {
        state.withLock { state in
            guard let pattern = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            guard let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            guard FcObjectSetAdd(objects, FC_FAMILY) != 0, let list = FcFontList(state.config, pattern, objects) else {
                return []
            }
            defer { FcFontSetDestroy(list) }
            var names: [String: String] = [:]
            for index in 0..<Int(list.pointee.nfont) {
                guard let font = list.pointee.fonts[index] else { continue }
                var name: UnsafeMutablePointer<FcChar8>?
                // A font may carry its family in several languages: all are names it answers to.
                var position: Int32 = 0
                while FcPatternGetString(font, FC_FAMILY, position, &name) == FcResultMatch, let name {
                    let family = String(cString: name)
                    names[family.lowercased()] = names[family.lowercased()] ?? family
                    position += 1
                }
            }
            return names.values.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
        }
    }

    /// The installed face Chromium on Linux falls back to for `scalar` in text of `language` (a
    /// fontconfig language, see ``TextLanguage/fallbackLanguage``), or `nil` when none maps it.
    ///
    /// This is Chromium's `gfx::GetFallbackFontForChar`: fontconfig sorts every font for a pattern
    /// of only the language and `scalable=true` (after `FcConfigSubstitute` and
    /// `FcDefaultSubstitute`, so the family is the configuration's default and the weight regular),
    /// keeps the scalable TrueType and CFF fonts it can read, and the first one whose charset has
    /// the character wins. The requested weight plays no part: a bold label falls back to the
    /// regular face (Chromium then emboldens it synthetically, which leaves advances unchanged).
    /// The list is built once per language and the answer cached per character.
    func fallback(for scalar: Unicode.Scalar, language: String) -> Match? {
        state.withLock { state in
            if let cached = state.byScalar[language]?[scalar.value] { return cached }
            if state.fallbackLists[language] == nil {
                let (list, set) = Self.sortedFonts(state.config, language: language)
                state.fallbackLists[language] = list
                if let set { state.fontSets.append(set) }
            }
            let match = state.fallbackLists[language]?.first { FcCharSetHasChar($0.charset, scalar.value) != 0 }?.match
            state.byScalar[language, default: [:]][scalar.value] = .some(match)
            return match
        }
    }

    /// fontconfig's sorted fonts for `language`, filtered as Chromium filters them, and the font
    /// set their charsets belong to (the caller destroys it after the list).
    private static func sortedFonts(_ config: OpaquePointer?, language: String) -> ([Candidate], UnsafeMutablePointer<FcFontSet>?) {
        guard let pattern = FcPatternCreate() else { return ([], nil) }
        defer { FcPatternDestroy(pattern) }
        _ = language.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) {
                FcPatternAddString(pattern, FC_LANG, $0)
            }
        }
        _ = FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return ([], nil) }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return ([], nil) }
        var list: [Candidate] = []
        for index in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[index] else { continue }
            var scalable: FcBool = FcFalse
            var format: UnsafeMutablePointer<FcChar8>?
            var file: UnsafeMutablePointer<FcChar8>?
            var charset: OpaquePointer?
            guard FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable != 0,
                  FcPatternGetString(font, FC_FONTFORMAT, 0, &format) == FcResultMatch, let format,
                  ["TrueType", "CFF"].contains(String(cString: format)),
                  FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                  access(file, R_OK) == 0,
                  FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, charset != nil else { continue }
            var faceIndex: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex)
            var name: UnsafeMutablePointer<FcChar8>?
            let family = FcPatternGetString(font, FC_FAMILY, 0, &name) == FcResultMatch ? name.map { String(cString: $0) } ?? "" : ""
            list.append(Candidate(match: Match(path: String(cString: file), index: Int(max(0, faceIndex)), family: family),
                                  charset: charset))
        }
        return (list, set)
    }

    /// fontconfig's best face for the family, weight and slant (maybe of another family: it
    /// substitutes), and every family name that face has.
    private static func query(_ config: OpaquePointer?, family: String, weight: Int, italic: Bool) -> (match: Match, families: [String])? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(weight))))
        _ = FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(matched) }
        var file: UnsafeMutablePointer<FcChar8>?
        var name: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(matched, FC_INDEX, 0, &index)
        var families: [String] = []
        var position: Int32 = 0
        while FcPatternGetString(matched, FC_FAMILY, position, &name) == FcResultMatch, let name {
            families.append(String(cString: name))
            position += 1
        }
        return (Match(path: String(cString: file), index: Int(index), family: families.first ?? ""), families)
    }
}
