import Foundation
import TOMLKit
import Yams

/// What ``SiteTags`` reads of a Hugo site's configuration: where its content is and in which
/// languages, so that a site's cloud counts the pages of one language, as Hugo's taxonomy pages
/// (`/tags/`, `/fr/tags/`) do.
///
/// Read, as Hugo merges them, from `config/_default/` (`hugo.*` or `config.*`, and
/// `languages.*`, whose top-level keys are the languages) and then from the root's `hugo.*` (or,
/// before Hugo 0.110, `config.*`), the root's values winning; each in TOML, YAML or JSON. Keys are
/// matched ignoring case, as Hugo reads them. The keys read: `contentDir` (default `content`),
/// `defaultContentLanguage` (default `en`), `languages` (each language's `contentDir` and
/// `disabled`) and `disableLanguages`. Environment folders (`config/production/`) and themes'
/// configurations are not read.
struct HugoConfig: Sendable, Equatable {
    /// One language of the site.
    struct Language: Sendable, Equatable {
        /// The language's own content folder (translation by content folder), if it has one.
        var contentDir: String?
        /// Whether the language is turned off (`disabled = true`, or listed in `disableLanguages`).
        var disabled = false
    }

    /// The content folder, relative to the site's root (or absolute).
    var contentDir = "content"
    /// The language of pages without one in their name, in lower case.
    var defaultContentLanguage = "en"
    /// The configured languages, by code in lower case (as Hugo reads configuration keys).
    var languages: [String: Language] = [:]
    /// The files read, as named for messages (`site/hugo.toml`).
    var sources: [String] = []
    /// Configuration files that could not be read.
    var problems: [SiteTags.Problem] = []

    /// The language codes a page's name can carry (`post.fr.md`): the configured languages and the
    /// default one.
    var codes: Set<String> { Set(languages.keys).union([defaultContentLanguage]) }

    /// The languages whose pages Hugo builds, sorted.
    var enabledCodes: [String] { codes.filter { languages[$0]?.disabled != true }.sorted() }

    /// The folder holding a language's pages: its own, or the site's.
    func contentFolder(for language: String) -> String {
        languages[language]?.contentDir ?? contentDir
    }

    /// The language of the pages in a language's content folder that have none in their name:
    /// that language when it has a folder of its own, else the default language.
    func folderLanguage(for language: String) -> String {
        languages[language]?.contentDir != nil ? language : defaultContentLanguage
    }

    /// A page's language: the code before its extension when it is one of ``codes``
    /// (`post.fr.md`, `index.pt-br.md`; Hugo wants it in lower case, and so does this), else the
    /// language of the folder it is in. A code Hugo does not know is part of the name (the page
    /// is in the folder's language, as Hugo since 0.93 assigns it).
    func language(ofFile name: String, folderLanguage: String) -> String {
        let base = (name as NSString).deletingPathExtension
        let suffix = (base as NSString).pathExtension
        return !suffix.isEmpty && codes.contains(suffix) ? suffix : folderLanguage
    }

    /// The file names a configuration can have, in the order Hugo looks for them.
    static let formats = ["toml", "yaml", "yml", "json"]
    /// The largest configuration file read.
    static let maximumBytes = 1 << 20

    /// Reads the configuration of the Hugo site at `root`.
    ///
    /// - Parameters:
    ///   - root: The site's root folder.
    ///   - name: The root as the user named it, for messages.
    /// - Returns: The configuration; a file that cannot be read is a ``problems`` entry and leaves
    ///   the values it would have set at their defaults.
    static func read(root: URL, name: String) -> HugoConfig {
        var config = HugoConfig()
        func named(_ relative: String) -> String { name.hasSuffix("/") ? name + relative : name + "/" + relative }
        func first(_ folder: String, _ stems: [String]) -> String? {
            for stem in stems {
                for format in formats {
                    let relative = folder.isEmpty ? "\(stem).\(format)" : "\(folder)/\(stem).\(format)"
                    var isFolder: ObjCBool = false
                    if FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path, isDirectory: &isFolder),
                       !isFolder.boolValue {
                        return relative
                    }
                }
            }
            return nil
        }
        for (folder, stems, isLanguagesFile) in [("config/_default", ["hugo", "config"], false),
                                                 ("config/_default", ["languages"], true), ("", ["hugo", "config"], false)] {
            guard let relative = first(folder, stems) else { continue }
            let table = config.table(at: root.appendingPathComponent(relative), name: named(relative))
            config.merge(table, isLanguagesFile: isLanguagesFile)
        }
        return config
    }

    /// Takes the keys it reads from one file's top-level table.
    private mutating func merge(_ table: [String: ConfigValue]?, isLanguagesFile: Bool) {
        guard let table else { return }
        if isLanguagesFile {
            mergeLanguages(table)
            return
        }
        if case .text(let folder)? = table["contentdir"], !folder.isEmpty { contentDir = folder }
        if case .text(let code)? = table["defaultcontentlanguage"], !code.isEmpty { defaultContentLanguage = code.lowercased() }
        if case .table(let languages)? = table["languages"] { mergeLanguages(languages) }
        if case .list(let codes)? = table["disablelanguages"] {
            for case .text(let code) in codes { languages[code.lowercased(), default: Language()].disabled = true }
        }
    }

    private mutating func mergeLanguages(_ table: [String: ConfigValue]) {
        for (code, value) in table {
            var language = languages[code] ?? Language()
            if case .table(let keys) = value {
                if case .text(let folder)? = keys["contentdir"], !folder.isEmpty { language.contentDir = folder }
                if case .flag(let flag)? = keys["disabled"] { language.disabled = flag }
            }
            languages[code] = language
        }
    }

    /// A configuration file's top-level table, keys in lower case; `nil` (and a problem) when it
    /// cannot be read.
    private mutating func table(at url: URL, name: String) -> [String: ConfigValue]? {
        sources.append(name)
        func problem(_ message: String, line: Int? = nil) -> [String: ConfigValue]? {
            problems.append(SiteTags.Problem(file: name, line: line, message: message
                + "; the site's content folder and languages were taken as Hugo's defaults where it sets them", skipped: .nothing))
            return nil
        }
        let bytes: [UInt8]
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            bytes = [UInt8](try handle.read(upToCount: Self.maximumBytes + 1) ?? Data())
        } catch {
            return problem("cannot be read (\(error.localizedDescription))")
        }
        guard bytes.count <= Self.maximumBytes else { return problem("is over \(Self.maximumBytes >> 20) MiB") }
        if url.pathExtension == "toml" {
            guard let text = String(validating: bytes, as: UTF8.self) else { return problem("is not UTF-8 text") }
            do {
                return ConfigValue.table(try TOMLTable(string: text))
            } catch let error as TOMLParseError {
                return problem("is not well-formed TOML: \(error.description)", line: error.source.begin.line)
            } catch {
                return problem("is not well-formed TOML: \(error)")
            }
        }
        do {
            let composed = try YAMLReader.compose(try TextInput(bytes: bytes, source: name),
                                                  format: url.pathExtension == "json" ? .json : .yaml)
            guard let root = composed.root else { return [:] }
            guard case .table(let table) = ConfigValue(root) else { return problem("does not hold a mapping of keys") }
            return table
        } catch {
            return problem("is not well-formed \(url.pathExtension == "json" ? "JSON" : "YAML"): \(error.message)",
                           line: error.location?.line)
        }
    }
}

/// A configuration value, as far as ``HugoConfig`` reads one.
private enum ConfigValue {
    case text(String)
    case flag(Bool)
    case table([String: ConfigValue])
    case list([ConfigValue])
    case other

    /// A TOML table, keys in lower case; tables whose keys differ in case only are merged
    /// (`[languages.en]` and `[Languages.fr]` are one table to Hugo).
    static func table(_ table: TOMLTable) -> [String: ConfigValue] {
        var result: [String: ConfigValue] = [:]
        for (key, value) in table { result.merge(key.lowercased(), ConfigValue(value)) }
        return result
    }

    init(_ value: any TOMLValueConvertible) {
        if let text = value.string {
            self = .text(text)
        } else if let flag = value.bool {
            self = .flag(flag)
        } else if let table = value.table {
            self = .table(Self.table(table))
        } else if let array = value.array {
            self = .list(array.map { ConfigValue($0) })
        } else {
            self = .other
        }
    }

    /// A YAML or JSON node; `true` and `false` (in any case, unquoted) are flags, as YAML 1.2
    /// and Hugo read them.
    init(_ node: SpecNode) {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, ["true", "false"].contains(scalar.string.lowercased()) {
                self = .flag(scalar.string.lowercased() == "true")
            } else {
                self = .text(scalar.string)
            }
        case .mapping(let mapping):
            var result: [String: ConfigValue] = [:]
            for (key, value) in mapping.pairs {
                guard case .scalar(let name) = key else { continue }
                result.merge(name.string.lowercased(), ConfigValue(value))
            }
            self = .table(result)
        case .sequence(let sequence):
            self = .list(sequence.elements.map { ConfigValue($0) })
        case .alias:
            self = .other
        }
    }
}

extension [String: ConfigValue] {
    /// Adds a value under a key: two tables are merged key by key, otherwise the first value kept.
    fileprivate mutating func merge(_ key: String, _ value: ConfigValue) {
        guard let existing = self[key] else {
            self[key] = value
            return
        }
        guard case .table(var merged) = existing, case .table(let more) = value else { return }
        for (name, entry) in more { merged.merge(name, entry) }
        self[key] = .table(merged)
    }
}
