import Dispatch
import Foundation

/// The fonts TagCloud can use: font files added by the user (``adding(fontFiles:)``), the bundled
/// ones in `Fonts/`, loaded once and shared, plus, when enabled, the machine's fonts through
/// fontconfig.
///
/// A library answers two questions: which face draws a ``Font`` (``face(for:)``: the added files
/// first, then the bundled fonts, then fontconfig's families), and which faces to try, in order,
/// for characters that face lacks (the fallback chain: the requested face, the bundled fallback
/// families, the machine's fonts in the order Chromium tries them for the text's language, then a
/// visible `.notdef`). It is immutable apart from its caches and safe to share between threads.
public final class FontLibrary: Sendable {
    /// The bundled faces, loaded when the library was created, sorted by path.
    public let faces: [FontFace]
    /// The faces of the font files added with ``adding(fontFiles:)``, in the order given (a
    /// folder's files sorted by path); their families are matched before the bundled ones.
    public let addedFaces: [FontFace]
    /// The font files and folders given to ``adding(fontFiles:)``, as given.
    public let addedFontFiles: [String]
    /// The family used when a ``Font`` names none.
    public let defaultFamily: String
    /// Bundled families tried, in this order, for characters the requested face lacks.
    public let fallbackFamilies: [String]
    /// The folder the bundled faces were loaded from.
    public let directory: String
    /// Whether fontconfig's system fonts are used for unknown families and uncovered characters.
    public let usesSystemFonts: Bool
    /// The fontconfig configuration file the system fonts come from, or `nil` for the machine's
    /// (`FONTCONFIG_FILE`, else the system's `fonts.conf`).
    public let fontconfigFile: String?

    /// fontconfig, loaded on first use: `nil` inside until then, `.some(nil)` when there is no
    /// configuration. Loading the machine's configuration costs tens of milliseconds, so a
    /// library whose requests the bundled fonts answer never pays it.
    private let systemState: Locked<SystemFonts??>

    /// The machine's fonts, loaded on first use; `nil` when system fonts are off or unavailable.
    private var system: SystemFonts? {
        guard usesSystemFonts else { return nil }
        return systemState.withLock { state in
            if let loaded = state { return loaded }
            let loaded = SystemFonts(configurationFile: fontconfigFile)
            state = .some(loaded)
            return loaded
        }
    }
    private let loaded: Locked<[String: FontFace]>
    private let resolved: Locked<[ResolveKey: ResolvedFaces]>
    /// The system fallback face per fallback language and character (`nil`: none), so that a
    /// character is looked up once per library rather than once per cluster.
    private let fallbackFaces: Locked<[String: [UInt32: FontFace?]]>

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
    ///   - fontconfigFile: a fontconfig configuration file to take the system fonts from instead of
    ///     the machine's (tests give a private one listing only their own font folder).
    /// - Throws: ``TypesettingError/fontsFolderUnreadable(path:)`` when the folder cannot be
    ///   listed or holds no font, ``TypesettingError/unknownFamily(_:available:)`` when the default
    ///   family is not among the files, or the error of the first file that fails to load.
    public convenience init(directory: String, defaultFamily: String = "Inter",
                fallbackFamilies: [String] = ["DejaVu Sans", "Noto Color Emoji"],
                systemFonts: Bool = false, fontconfigFile: String? = nil) throws {
        guard let paths = try Self.fontFiles(inFolder: directory), !paths.isEmpty else {
            throw TypesettingError.fontsFolderUnreadable(path: directory)
        }
        let faces = try Self.loadFaces(paths)
        let families = Set(faces.map { $0.familyName.lowercased() })
        guard families.contains(defaultFamily.lowercased()) else {
            throw TypesettingError.unknownFamily(defaultFamily, available: Self.familyNames(faces))
        }
        self.init(faces: faces, addedFaces: [], addedFontFiles: [], directory: directory, defaultFamily: defaultFamily,
                  fallbackFamilies: fallbackFamilies.filter { families.contains($0.lowercased()) },
                  systemFonts: systemFonts, fontconfigFile: fontconfigFile, systemState: Locked(nil))
    }

    private init(faces: [FontFace], addedFaces: [FontFace], addedFontFiles: [String], directory: String,
                 defaultFamily: String, fallbackFamilies: [String], systemFonts: Bool, fontconfigFile: String?,
                 systemState: Locked<SystemFonts??>) {
        self.faces = faces
        self.addedFaces = addedFaces
        self.addedFontFiles = addedFontFiles
        self.directory = directory
        self.defaultFamily = defaultFamily
        self.fallbackFamilies = fallbackFamilies
        self.usesSystemFonts = systemFonts
        self.fontconfigFile = fontconfigFile
        self.systemState = systemState
        self.loaded = Locked(Dictionary((addedFaces + faces).map { ("\($0.path)#\($0.index)", $0) }, uniquingKeysWith: { a, _ in a }))
        self.resolved = Locked([:])
        self.fallbackFaces = Locked([:])
    }

    /// This library with font files added ahead of the bundled fonts: the families in them can be
    /// asked for by name (``Font/family``) and win over a bundled or installed family of the same
    /// name; characters they lack fall back as for any face (the bundled fallback families, then
    /// the machine's fonts). The bundled faces and the loaded system fonts are shared, not loaded
    /// again.
    ///
    /// - Parameter fontFiles: font files (TrueType, OpenType, collections, WOFF, WOFF2) and folders
    ///   of them (searched recursively for `.ttf`, `.otf`, `.ttc`, `.otc`, `.woff` and `.woff2`),
    ///   earlier ones first. Every face of a collection is added.
    /// - Returns: a new library; this one is unchanged.
    /// - Throws: ``TypesettingError/fontFileUnreadable(path:)`` for a file that does not exist or
    ///   cannot be read, ``TypesettingError/fontFileCorrupt(path:reason:)`` for a file that is not a
    ///   font, ``TypesettingError/noFontsInFolder(path:)`` for a folder without font files; each
    ///   names the file or folder.
    public func adding(fontFiles: [String]) throws -> FontLibrary {
        var paths: [String] = []
        for path in fontFiles {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw TypesettingError.fontFileUnreadable(path: path)
            }
            if isDirectory.boolValue {
                guard let found = try Self.fontFiles(inFolder: path) else { throw TypesettingError.fontFileUnreadable(path: path) }
                guard !found.isEmpty else { throw TypesettingError.noFontsInFolder(path: path) }
                paths += found
            } else {
                paths.append(path)
            }
        }
        var added: [FontFace] = []
        for face in try Self.loadFaces(paths) {
            added.append(face)
            // The other faces of a collection.
            if face.index == 0, face.faceCount > 1 {
                for index in 1..<face.faceCount { added.append(try FontFace(path: face.path, index: index)) }
            }
        }
        // Each must draw too, not only shape: refused here, naming the file.
        for face in added { try face.checkDrawable() }
        return FontLibrary(faces: faces, addedFaces: addedFaces + added, addedFontFiles: addedFontFiles + fontFiles,
                           directory: directory, defaultFamily: defaultFamily, fallbackFamilies: fallbackFamilies,
                           systemFonts: usesSystemFonts, fontconfigFile: fontconfigFile, systemState: systemState)
    }

    /// The most files and folders a folder of fonts is searched through: 10,000.
    public static let maximumFolderEntries = 10_000

    /// The font files under `folder` (searched recursively, links to folders inside it not
    /// followed; the folder itself may be reached through links), sorted by path, or `nil` when it
    /// is not a readable folder.
    ///
    /// - Throws: ``TypesettingError/tooManyFilesInFolder(path:limit:)`` past
    ///   ``maximumFolderEntries`` files and folders, before searching on.
    package static func fontFiles(inFolder folder: String) throws(TypesettingError) -> [String]? {
        var isDirectory: ObjCBool = false
        // Searched where it leads: the enumerator lists nothing under a link to a folder, and a
        // linked folder of fonts (`--font-file fonts` with `fonts -> /srv/brand/fonts`) "held no
        // font file". Its files keep the name given.
        let searched = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
              let enumerator = FileManager.default.enumerator(atPath: searched) else { return nil }
        var paths: [String] = []
        var visited = 0
        for case let relative as String in enumerator {
            visited += 1
            if visited > maximumFolderEntries { throw .tooManyFilesInFolder(path: folder, limit: maximumFolderEntries) }
            let lower = relative.lowercased()
            if fontFileExtensions.contains(where: { lower.hasSuffix("." + $0) }) {
                // Joined by hand: `/` and `a` made `//a`.
                paths.append(folder.hasSuffix("/") ? folder + relative : folder + "/" + relative)
            }
        }
        return paths.sorted()
    }

    /// The file name extensions of the font files a folder is searched for.
    public static let fontFileExtensions = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]

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

    /// The names of the families in the added font files (``adding(fontFiles:)``), sorted.
    public var addedFamilies: [String] { Self.familyNames(addedFaces) }

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
        if let face = Self.bestMatch(in: addedFaces, family: family, weight: font.weight.value, italic: font.isItalic)
            ?? Self.bestMatch(in: faces, family: family, weight: font.weight.value, italic: font.isItalic) {
            primary = face
        } else if let system, let match = system.match(family: family, weight: font.weight.value, italic: font.isItalic) {
            primary = try load(path: match.path, index: match.index)
        } else if addedFontFiles.isEmpty {
            throw TypesettingError.unknownFamily(family, available: families)
        } else {
            throw TypesettingError.familyNotInFontFiles(family, fontFiles: addedFontFiles,
                                                        available: Self.familyNames(addedFaces + faces))
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

    /// The machine's face Chromium falls back to for `scalar` in text whose fallback language is
    /// `language` (``TextLanguage/fallbackLanguage``), or `nil` when system fonts are off or no
    /// installed font maps it.
    func systemFace(covering scalar: Unicode.Scalar, language: String) -> FontFace? {
        guard usesSystemFonts else { return nil }
        if let known = fallbackFaces.withLock({ $0[language]?[scalar.value] }) { return known }
        var face: FontFace?
        if let system, let match = system.fallback(for: scalar, language: language),
           let loaded = try? load(path: match.path, index: match.index), loaded.hasGlyph(scalar) {
            face = loaded
        }
        fallbackFaces.withLock { $0[language, default: [:]][scalar.value] = .some(face) }
        return face
    }

    /// Every face this library has handed out: the added ones, the bundled ones and the machine's
    /// faces loaded so far, for a reader that names faces by file (a display list read back from
    /// JSON).
    ///
    /// - Returns: the faces, added first, then bundled, then the system faces in path order.
    public func loadedFaces() -> [FontFace] {
        let known = Set((addedFaces + faces).map { ObjectIdentifier($0) })
        let system = loaded.withLock { Array($0.values) }.filter { !known.contains(ObjectIdentifier($0)) }
            .sorted { ($0.path, $0.index) < ($1.path, $1.index) }
        return addedFaces + faces + system
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
///
/// A class, made once per request and shared: every label's shaping holds it, and a copy of a
/// struct of a face and two arrays retained all three.
final class ResolvedFaces: Sendable {
    let primary: FontFace
    let textFallbacks: [FontFace]
    let emojiFallbacks: [FontFace]
    let weight: Int
    let italic: Bool
    /// The primary face's substitution features that a printable-ASCII text may leave inert
    /// (``InertFeatures``): found once per request.
    let inertFeatures: InertFeatures

    init(primary: FontFace, textFallbacks: [FontFace], emojiFallbacks: [FontFace], weight: Int, italic: Bool) {
        self.inertFeatures = InertFeatures(face: primary)
        self.primary = primary
        self.textFallbacks = textFallbacks
        self.emojiFallbacks = emojiFallbacks
        self.weight = weight
        self.italic = italic
    }
}
