import CFontconfig
import Foundation

/// The machine's installed fonts, found through a private fontconfig configuration.
///
/// Used only for families that are not bundled and for characters no bundled font covers (CJK,
/// Devanagari, Thai, …). The configuration is loaded once (`FcInitLoadConfigAndFonts`), owned by
/// this type and destroyed in `deinit`; every fontconfig call holds one lock, since a
/// configuration is not safe to query from several threads at once.
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
        var byScalar: [UInt64: Match?] = [:]
    }

    /// Loads the machine's fontconfig configuration, or returns `nil` when there is none.
    init?() {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        state = Locked(State(config: config))
    }

    deinit {
        state.withLock { state in
            if let config = state.config { FcConfigDestroy(config) }
        }
    }

    /// The best installed face of `family`, or `nil` if fontconfig has no font of that family
    /// (fontconfig would otherwise substitute another family, which we refuse).
    func match(family: String, weight: Int, italic: Bool) -> Match? {
        let key = "\(family.lowercased())|\(weight)|\(italic)"
        return state.withLock { state in
            if let cached = state.byFamily[key] { return cached }
            let found = Self.query(state.config, family: family, weight: weight, italic: italic, scalar: nil)
            let result = found.flatMap { $0.family.caseInsensitiveCompare(family) == .orderedSame ? $0 : nil }
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

    /// The installed face fontconfig prefers for `scalar` at this weight and slant, or `nil`.
    func match(covering scalar: Unicode.Scalar, weight: Int, italic: Bool) -> Match? {
        let key = UInt64(scalar.value) << 12 | UInt64(weight & 0x7FF) << 1 | (italic ? 1 : 0)
        return state.withLock { state in
            if let cached = state.byScalar[key] { return cached }
            let result = Self.query(state.config, family: nil, weight: weight, italic: italic, scalar: scalar)
            state.byScalar[key] = .some(result)
            return result
        }
    }

    private static func query(_ config: OpaquePointer?, family: String?, weight: Int, italic: Bool,
                              scalar: Unicode.Scalar?) -> Match? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        if let family {
            _ = family.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                    FcPatternAddString(pattern, FC_FAMILY, $0)
                }
            }
        }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(weight))))
        _ = FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        var charset: OpaquePointer?
        if let scalar {
            charset = FcCharSetCreate()
            if let charset {
                _ = FcCharSetAddChar(charset, scalar.value)
                _ = FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            }
        }
        defer { if let charset { FcCharSetDestroy(charset) } }
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(matched) }
        if let scalar {
            var found: OpaquePointer?
            guard FcPatternGetCharSet(matched, FC_CHARSET, 0, &found) == FcResultMatch,
                  FcCharSetHasChar(found, scalar.value) != 0 else { return nil }
        }
        var file: UnsafeMutablePointer<FcChar8>?
        var name: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(matched, FC_INDEX, 0, &index)
        let familyName = (FcPatternGetString(matched, FC_FAMILY, 0, &name) == FcResultMatch ? name : nil)
            .map { String(cString: $0) } ?? ""
        return Match(path: String(cString: file), index: Int(index), family: familyName)
    }
}
