import Dispatch
import Foundation

/// The fonts TagCloud can use: the bundled ones in `Fonts/`, loaded once and shared, plus, when
/// enabled, the machine's fonts through fontconfig.
///
/// A library answers two questions: which face draws a ``Font`` (``face(for:)``), and which faces
/// to try, in order, for characters that face lacks (the fallback chain: the requested face, the
/// bundled fallback families, fontconfig's system fonts, then a visible `.notdef`). It is
/// immutable apart from its caches and safe to share between threads.
public final class FontLibrary: Sendable {
    /// The bundled faces, loaded when the library was created, sorted by path.
    public let faces: [FontFace]
    /// The family used when a ``Font`` names none.
    public let defaultFamily: String
    /// Bundled families tried, in this order, for characters the requested face lacks.
    public let fallbackFamilies: [String]
    /// The folder the bundled faces were loaded from.
    public let directory: String
    /// Whether fontconfig's system fonts are used for unknown families and uncovered characters.
    public let usesSystemFonts: Bool

    /// fontconfig, loaded on first use: `nil` inside until then, `.some(nil)` when there is no
    /// configuration. Loading the machine's configuration costs tens of milliseconds, so a
    /// library whose requests the bundled fonts answer never pays it.
    private let systemState: Locked<SystemFonts??>

    /// The machine's fonts, loaded on first use; `nil` when system fonts are off or unavailable.
    private var system: SystemFonts? {
        guard usesSystemFonts else { return nil }
        return systemState.withLock { state in
            if let loaded = state { return loaded }
            let loaded = SystemFonts()
            state = .some(loaded)
            return loaded
        }
    }
    private let loaded: Locked<[String: FontFace]>
    private let resolved: Locked<[ResolveKey: ResolvedFaces]>

    /// Loads every `.ttf`, `.otf` and `.ttc` file under `directory`.
    ///
    /// - Parameters:
    ///   - directory: the folder of bundled fonts (searched recursively).
    ///   - defaultFamily: the family for requests that name none.
    ///   - fallbackFamilies: bundled families for characters the requested face lacks.
    ///   - systemFonts: whether to use the machine's fonts (fontconfig) for families and characters
    ///     the bundled fonts lack. Off by default here, so a library made from a folder (as tests
    ///     and golden images do) gives the same result on every machine; ``bundled(systemFonts:)``
    ///     turns it on by default for the command and applications.
    /// - Throws: ``TypesettingError/fontsFolderUnreadable(path:)`` when the folder cannot be
    ///   listed or holds no font, ``TypesettingError/unknownFamily(_:available:)`` when the default
    ///   family is not among the files, or the error of the first file that fails to load.
    public init(directory: String, defaultFamily: String = "Inter",
                fallbackFamilies: [String] = ["DejaVu Sans", "Noto Color Emoji"],
                systemFonts: Bool = false) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
              let enumerator = FileManager.default.enumerator(atPath: directory) else {
            throw TypesettingError.fontsFolderUnreadable(path: directory)
        }
        var paths: [String] = []
        for case let relative as String in enumerator {
            let lower = relative.lowercased()
            if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") {
                paths.append((directory as NSString).appendingPathComponent(relative))
            }
        }
        guard !paths.isEmpty else { throw TypesettingError.fontsFolderUnreadable(path: directory) }
        let faces = try Self.loadFaces(paths.sorted())
        let families = Set(faces.map { $0.familyName.lowercased() })
        guard families.contains(defaultFamily.lowercased()) else {
            throw TypesettingError.unknownFamily(defaultFamily, available: Self.familyNames(faces))
        }
        self.faces = faces
        self.directory = directory
        self.defaultFamily = defaultFamily
        self.fallbackFamilies = fallbackFamilies.filter { families.contains($0.lowercased()) }
        self.usesSystemFonts = systemFonts
        self.systemState = Locked(nil)
        self.loaded = Locked(Dictionary(faces.map { ("\($0.path)#\($0.index)", $0) }, uniquingKeysWith: { a, _ in a }))
        self.resolved = Locked([:])
    }

    /// Opens the faces on every core: each file is mapped and its tables read independently, and
    /// a process that renders once (the command) waits for the fonts before it can lay anything
    /// out.
    ///
    /// - Returns: The faces, in the order of `paths`.
    /// - Throws: The error of the first path (in order) that fails.
    private static func loadFaces(_ paths: [String]) throws -> [FontFace] {
        let results = Locked([Result<FontFace, any Error>?](repeating: nil, count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let result = Result { try FontFace(path: paths[index]) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { result in
            guard let result else { preconditionFailure("concurrentPerform skipped a font") }
            return try result.get()
        }
    }

    /// The library of the bundled `Fonts/` folder, found by ``FontLocator``, created once per
    /// process and shared.
    ///
    /// - Parameter systemFonts: whether the machine's fonts back up the bundled ones.
    /// - Returns: the shared library.
    /// - Throws: ``TypesettingError/fontsFolderNotFound(searched:)`` when no `Fonts/` folder is
    ///   found, or the error of loading it.
    public static func bundled(systemFonts: Bool = true) throws -> FontLibrary {
        try sharedLibraries.withLock { libraries in
            if let library = libraries[systemFonts] { return library }
            let library = try FontLibrary(directory: FontLocator.fontsDirectory().path, systemFonts: systemFonts)
            libraries[systemFonts] = library
            return library
        }
    }

    private static let sharedLibraries = Locked<[Bool: FontLibrary]>([:])

    /// The names of the bundled families, sorted.
    public var families: [String] { Self.familyNames(faces) }

    /// The families of the machine's fonts that fontconfig lists, sorted, without duplicates;
    /// empty when the library does not use system fonts.
    ///
    /// - Returns: The family names, any of which ``face(for:)`` accepts.
    public func systemFamilies() -> [String] {
        system?.families() ?? []
    }

    /// The face that best matches `font`'s family, weight and slant.
    ///
    /// Matching follows CSS Fonts 4, section 5.2 (font-style, then font-weight: the nearest weight,
    /// preferring heavier for requests above 500 and lighter for those below 400). A family that is
    /// not bundled is looked up with fontconfig when system fonts are enabled.
    ///
    /// - Parameter font: the request.
    /// - Returns: the face.
    /// - Throws: ``TypesettingError/unknownFamily(_:available:)`` when no face has the family.
    public func face(for font: Font) throws -> FontFace {
        try resolve(font).primary
    }

    /// The faces for `font`, in fallback order, cached per family, weight and slant.
    func resolve(_ font: Font) throws -> ResolvedFaces {
        let key = ResolveKey(family: font.family?.lowercased() ?? "", weight: font.weight.value, italic: font.isItalic)
        if let cached = resolved.withLock({ $0[key] }) { return cached }
        let family = font.family ?? defaultFamily
        let primary: FontFace
        if let face = Self.bestMatch(in: faces, family: family, weight: font.weight.value, italic: font.isItalic) {
            primary = face
        } else if let system, let match = system.match(family: family, weight: font.weight.value, italic: font.isItalic) {
            primary = try load(path: match.path, index: match.index)
        } else {
            throw TypesettingError.unknownFamily(family, available: families)
        }
        var text: [FontFace] = []
        var emoji: [FontFace] = []
        for name in fallbackFamilies {
            guard let face = Self.bestMatch(in: faces, family: name, weight: font.weight.value, italic: font.isItalic),
                  face !== primary else { continue }
            if face.hasColorBitmaps { emoji.append(face) } else { text.append(face) }
        }
        let result = ResolvedFaces(primary: primary, textFallbacks: text + emoji, emojiFallbacks: emoji + text,
                                   weight: font.weight.value, italic: font.isItalic)
        resolved.withLock { $0[key] = result }
        return result
    }

    /// The system face fontconfig prefers for `scalar`, or `nil` when system fonts are off or none
    /// covers it.
    func systemFace(covering scalar: Unicode.Scalar, weight: Int, italic: Bool) -> FontFace? {
        guard let system, let match = system.match(covering: scalar, weight: weight, italic: italic) else { return nil }
        guard let face = try? load(path: match.path, index: match.index), face.hasGlyph(scalar) else { return nil }
        return face
    }

    /// The face at `path`, loaded once and kept.
    private func load(path: String, index: Int) throws -> FontFace {
        let key = "\(path)#\(index)"
        if let face = loaded.withLock({ $0[key] }) { return face }
        let face = try FontFace(path: path, index: index)
        return loaded.withLock { faces in
            if let existing = faces[key] { return existing }
            faces[key] = face
            return face
        }
    }

    /// The face of `family` closest to `weight` and `italic` (CSS Fonts 4, 5.2), or `nil`.
    static func bestMatch(in faces: [FontFace], family: String, weight: Int, italic: Bool) -> FontFace? {
        let candidates = faces.filter { $0.familyName.caseInsensitiveCompare(family) == .orderedSame }
        guard !candidates.isEmpty else { return nil }
        let slanted = candidates.filter { $0.isItalic == italic }
        let pool = slanted.isEmpty ? candidates : slanted
        return pool.min { a, b in
            let ka = weightDistance(a.weightClass, wanted: weight), kb = weightDistance(b.weightClass, wanted: weight)
            return ka != kb ? ka < kb : a.path < b.path
        }
    }

    /// CSS Fonts 4's weight matching as a sort key: for 400 to 500, first weights up to 500
    /// ascending, then lighter descending, then heavier ascending; below 400 lighter first; above
    /// 500 heavier first.
    static func weightDistance(_ available: Int, wanted: Int) -> Int {
        if available == wanted { return 0 }
        if wanted >= 400 && wanted <= 500 {
            if available > wanted && available <= 500 { return available - wanted }
            if available < wanted { return 1000 + (wanted - available) }
            return 2000 + (available - wanted)
        }
        if wanted < 400 {
            return available < wanted ? wanted - available : 1000 + (available - wanted)
        }
        return available > wanted ? available - wanted : 1000 + (wanted - available)
    }

    private static func familyNames(_ faces: [FontFace]) -> [String] {
        var seen = Set<String>()
        return faces.map(\.familyName).filter { seen.insert($0.lowercased()).inserted }.sorted()
    }
}

/// The cache key of a resolved font.
struct ResolveKey: Hashable, Sendable {
    var family: String
    var weight: Int
    var italic: Bool
}

/// A font request resolved to faces: the requested one and the bundled fallbacks, ordered for text
/// (text fonts first) and for emoji-presentation clusters (colour fonts first), as Blink orders its
/// system fallback by `FontFallbackPriority`.
struct ResolvedFaces: Sendable {
    var primary: FontFace
    var textFallbacks: [FontFace]
    var emojiFallbacks: [FontFace]
    var weight: Int
    var italic: Bool
}
