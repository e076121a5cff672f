import Foundation
import TOMLKit
import Yams

/// What ``SiteTags`` reads of a Hugo site's configuration: where its content is and in which
/// languages, so that a site's cloud counts the pages of one language, as Hugo's taxonomy pages
/// (`/tags/`, `/fr/tags/`) do.
///
/// Read, as Hugo merges them, from `config/_default/` (`hugo.*` or `config.*`, and
/// `languages.*`, whose top-level keys are the languages), then from the root's `hugo.*` (or,
/// before Hugo 0.110, `config.*`), then from the environment's folder (`config/production/`, or
/// `HUGO_ENVIRONMENT`'s), each over the ones before; each in TOML, YAML or JSON. Keys are
/// matched ignoring case, as Hugo reads them. The keys read: `contentDir` (default `content`),
/// `ignoreFiles`, `buildDrafts`, `buildFuture`, `buildExpired`, `cascade`, `disableKinds`,
/// `defaultContentLanguage` (default `en`), `languages` (each language's `contentDir` and
/// `disabled`) and `disableLanguages`. Themes' configurations are not read.
struct HugoConfig: Sendable, Equatable {
    /// One language of the site.
    struct Language: Sendable, Equatable {
        /// The language's own content folder (translation by content folder), if it has one.
        var contentDir: String?
        /// Whether the language is turned off (`disabled = true`, or listed in `disableLanguages`).
        var disabled = false
        /// The language's own taxonomies (`[languages.fr.taxonomies]`), their plural names.
        var taxonomies: [String]? { taxonomyTable.map(HugoConfig.pluralNames) }
        /// The language's own `taxonomies` table, singular = plural, merged key by key across files.
        var taxonomyTable: [String: String]?
        /// The language's own time zone (`[languages.en] timeZone`), over the site's.
        var timeZone: TimeZone?
    }

    /// What a language's pages are published with: the site's settings, with its own time zone.
    func builds(for language: String) -> SiteTags.Builds {
        var result = builds
        if let zone = languages[language]?.timeZone { result.timeZone = zone }
        return result
    }

    /// The site's taxonomies (`[taxonomies]`, singular = plural), their plural names, the front
    /// matter keys; `nil` when not configured (Hugo's default: tags and categories).
    var taxonomies: [String]? { taxonomyTable.map(Self.pluralNames) }
    /// The site's `taxonomies` table, singular = plural. Hugo merges it key by key across the
    /// configuration's files (checked with Hugo 0.111: `tag = "tags"` in `config/_default/hugo.toml`
    /// and `series = "series"` in `config/production/taxonomies.toml` make both; `tag = "labels"`
    /// in the later file replaces `tags` alone).
    private var taxonomyTable: [String: String]?

    /// The taxonomies of a language's pages: its own, else the site's.
    func taxonomies(for language: String) -> [String]? {
        languages[language]?.taxonomies ?? taxonomies
    }

    /// The content folder, relative to the site's root (or absolute).
    var contentDir = "content"
    /// How the site's URLs spell a term: `disablePathToLower` keeps its case, `removePathAccents`
    /// drops its accents (``SiteTags/SlugStyle``).
    var slugStyle = SiteTags.SlugStyle()
    /// What the site publishes that Hugo leaves out by default: `buildDrafts`, `buildFuture`,
    /// `buildExpired`.
    var builds = SiteTags.Builds()
    /// `[permalinks]` of taxonomies: where Hugo writes a taxonomy's term pages, by the
    /// taxonomy's name in lower case (`tags = "/topics/:slug/"`).
    var permalinks: [String: String] = [:]
    /// Whether `disableKinds` lists `page`: Hugo then builds no regular page (any page but an
    /// `_index` one, leaf bundles included), and its taxonomies count none.
    var disablesRegularPages = false
    /// The path of `baseURL` (`/blog/` of `https://example.org/blog/`), under which Hugo writes
    /// every page; `/` when it has none.
    var baseURLPath = "/"
    /// `uglyURLs`: Hugo writes a term's page as `/tags/swift.html`, not `/tags/swift/`.
    var uglyURLs = false
    /// `defaultContentLanguageInSubdir`: the default language's pages are under `/en/` too.
    var defaultContentLanguageInSubdir = false
    /// `ignoreFiles`: regular expressions; a content file whose absolute path one matches is no page.
    var ignoreFiles = IgnoreFiles(patterns: [])
    /// The site's own `cascade` (a table, or a list of tables with their `_target`), outside
    /// every section's: what reaches the home page and every page below it.
    var cascade: FrontMatter.Values.CascadeRules?
    /// The language of pages without one in their name, in lower case.
    var defaultContentLanguage = "en"
    /// The configured languages, by code in lower case (as Hugo reads configuration keys).
    var languages: [String: Language] = [:]
    /// The files read, as named for messages (`site/hugo.toml`).
    var sources: [String] = []
    /// The file that sets the site's keys, as named for messages: the root's `hugo.toml` (or the
    /// configuration folder's), not a language's taxonomies.
    var mainSource: String?
    /// Configuration files that could not be read.
    var problems: [SiteTags.Problem] = []

    /// The language codes a page's name can carry (`post.fr.md`): the configured languages, or
    /// the default one in a site that configures none.
    var codes: Set<String> { languages.isEmpty ? [defaultContentLanguage] : Set(languages.keys) }

    /// The languages whose pages Hugo builds, sorted.
    var enabledCodes: [String] { codes.filter { languages[$0]?.disabled != true }.sorted() }

    /// A content folder Hugo reads, and the languages of its pages that name none.
    struct Mount: Equatable {
        /// The folder, relative to the site's root (or absolute), without empty or `.` parts.
        var folder: String
        /// The languages whose pages it holds.
        var languages: Set<String>
        /// The key that names it, for messages (`contentDir`, `languages.fr.contentDir`).
        var key: String
    }

    /// The content folders, as Hugo mounts them: with no language of its own folder, the site's
    /// folder, whose pages are in the default language unless their names say otherwise; else
    /// each language's folder in its language, and the site's folder in the default language
    /// when that has no folder of its own (as Hugo 0.111 builds it: `post.md` there is not a page
    /// of a language that has no folder either), else in the languages that have none. Disabled
    /// languages mount nothing.
    var mounts: [Mount] {
        let enabled = Set(enabledCodes)
        let own = languages.filter { enabled.contains($0.key) && $0.value.contentDir != nil }
        let main = Self.normalized(contentDir)
        guard !own.isEmpty else { return [Mount(folder: main, languages: [defaultContentLanguage], key: "contentDir")] }
        var byFolder: [String: Mount] = [:]
        var shared = enabled.filter { languages[$0]?.contentDir == nil }
        if shared.contains(defaultContentLanguage) { shared = [defaultContentLanguage] }
        if !shared.isEmpty { byFolder[main] = Mount(folder: main, languages: shared, key: "contentDir") }
        for (code, language) in own.sorted(by: { $0.key < $1.key }) {
            let folder = Self.normalized(language.contentDir ?? contentDir)
            byFolder[folder, default: Mount(folder: folder, languages: [], key: "languages.\(code).contentDir")].languages.insert(code)
        }
        return byFolder.values.sorted { $0.folder < $1.folder }
    }

    /// A folder setting without empty and `.` parts (`./content//fr/` is `content/fr`); `.` for
    /// the root itself.
    static func normalized(_ folder: String) -> String {
        let parts = folder.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        return folder.hasPrefix("/") ? "/" + joined : joined.isEmpty ? "." : joined
    }

    /// The language a page's name gives it: the code before its extension when it is one of
    /// ``codes``, ignoring case as Hugo does (`post.fr.md`, `index.pt-BR.md`), else `nil` (the
    /// page is in its folder's languages; a code Hugo does not know is part of the name).
    func language(ofFile name: String) -> String? {
        let suffix = ((name as NSString).deletingPathExtension as NSString).pathExtension.lowercased()
        return !suffix.isEmpty && codes.contains(suffix) ? suffix : nil
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
        // The first name that is there (a link to nothing, a folder or a pipe of that name is
        // a problem, not a configuration to read).
        func first(_ folder: String, _ stems: [String]) -> String? {
            for stem in stems {
                for format in formats {
                    let relative = folder.isEmpty ? "\(stem).\(format)" : "\(folder)/\(stem).\(format)"
                    let path = root.appendingPathComponent(relative).path
                    var link = stat(), status = stat()
                    guard lstat(path, &link) == 0 else { continue }
                    let reason: String
                    if stat(path, &status) != 0 {
                        reason = errno == ELOOP ? "is a symbolic link in a loop of links" : "is a broken symbolic link"
                    } else if status.st_mode & S_IFMT == S_IFREG {
                        return relative
                    } else {
                        reason = switch status.st_mode & S_IFMT {
                        case S_IFDIR: "is a folder, not a file"
                        case S_IFIFO: "is a pipe, not a file"
                        default: "is not a regular file"
                        }
                    }
                    config.problems.append(SiteTags.Problem(file: named(relative), line: nil, message: reason + Self.defaultsNote,
                                                            skipped: .file))
                    return nil
                }
            }
            return nil
        }
        // The configuration folder's files, then the root's file, then the environment's folder
        // (`config/production/`: what `hugo` builds), each over the ones before (checked with
        // Hugo 0.111: `buildFuture = true` in `config/production/hugo.toml` wins over the root's
        // `false`).
        let environment = "config/" + environmentName
        let sources: [(folder: String, stems: [String], key: String?)] = [
            ("config/_default", ["hugo", "config"], nil), ("config/_default", ["languages"], "languages"),
            ("config/_default", ["taxonomies"], "taxonomies"), ("", ["hugo", "config"], nil),
            (environment, ["hugo", "config"], nil), (environment, ["languages"], "languages"), (environment, ["taxonomies"], "taxonomies"),
        ]
        for (folder, stems, key) in sources {
            guard let relative = first(folder, stems) else { continue }
            let table = config.table(at: root.appendingPathComponent(relative), name: named(relative))
            // A file of the configuration folder holds one top-level key (`languages.toml`).
            config.merge(table.map { table in key.map { [$0: .table(table)] } ?? table }, source: named(relative))
            if key == nil, folder != environment || config.mainSource == nil { config.mainSource = named(relative) }
        }
        // A language's own file of a key (`taxonomies.fr.toml`: the French taxonomies).
        for folderName in ["config/_default", environment] {
            let folder = root.appendingPathComponent(folderName)
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() {
                let parts = entry.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count == 3, parts[0] == "taxonomies", formats.contains(String(parts[2])) else { continue }
                let relative = folderName + "/" + entry
                // One file a language (`taxonomies.fr.toml` before `taxonomies.fr.yaml`, as for the others).
                guard first(folderName, ["taxonomies.\(parts[1])"]) == relative else { continue }
                let table = config.table(at: root.appendingPathComponent(relative), name: named(relative))
                config.merge(table.map { ["languages": .table([parts[1].lowercased(): .table(["taxonomies": .table($0)])])] },
                             source: named(relative))
            }
        }
        return config
    }

    /// The environment whose configuration folder is read over the others: `HUGO_ENVIRONMENT`
    /// when it names one (a single folder name), else `production`, what `hugo` builds.
    static var environmentName: String {
        let given = ProcessInfo.processInfo.environment["HUGO_ENVIRONMENT"] ?? ""
        let isName = !given.isEmpty && given.count <= 64 && given != "." && given != ".." && given != "_default"
            && given.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.".unicodeScalars.contains($0)) }
        return isName ? given : "production"
    }

    /// The entries of a `taxonomies` table (`tag = "tags"`) merged over `existing`, key by key as
    /// Hugo merges the configuration's files; an entry that is not a plural name is a problem and
    /// left out.
    private mutating func taxonomyTable(_ table: [String: ConfigValue], over existing: [String: String]?, key: String,
                                        source: String) -> [String: String] {
        var merged = existing ?? [:]
        for (singular, value) in table.sorted(by: { $0.key < $1.key }) {
            guard case .text(let plural, _) = value, !plural.isEmpty else {
                problems.append(SiteTags.Problem(file: source, line: nil, message: "\(key).\(singular) is not a taxonomy's "
                                                 + "plural name (tag = 'tags')", skipped: .term))
                continue
            }
            merged[singular] = plural
        }
        return merged
    }

    /// The plural names of a `taxonomies` table, the front matter keys: `tags` first, as Hugo's
    /// default lists it, then by name.
    static func pluralNames(_ table: [String: String]) -> [String] {
        Set(table.values).sorted { a, b in
            let aFirst = a.lowercased() == "tags", bFirst = b.lowercased() == "tags"
            return aFirst != bFirst ? aFirst : a < b
        }
    }

    /// What is said of a configuration file that is not read.
    static let defaultsNote = "; the site is read without it"

    /// Takes the keys it reads from one file's top-level table; a key of the wrong kind is a
    /// problem, and ignored.
    fileprivate mutating func merge(_ table: [String: ConfigValue]?, source: String) {
        guard let table else { return }
        func wrong(_ key: String, _ expected: String) {
            problems.append(SiteTags.Problem(file: source, line: nil, message: "\(key) is not \(expected)", skipped: .term))
        }
        func note(_ message: String) {
            problems.append(SiteTags.Problem(file: source, line: nil, message: message, skipped: .nothing))
        }
        if case .table(let module)? = table["module"], module["mounts"] != nil {
            note("module.mounts is not read: the content folders counted are contentDir's (give the mounted folders "
                 + "to collect as folders)")
        }
        if case .list(let kinds)? = table["disablekinds"] {
            let names = Set(kinds.compactMap { if case .text(let kind, _) = $0 { kind.lowercased() } else { nil } })
            // Since Hugo 0.73 `term` is a term's page (`/tags/swift/`, what a chip links to) and
            // `taxonomy` the list of terms (`/tags/`); Hugo 0.111 still makes term pages with
            // `taxonomy` turned off (it logs error-disable-taxonomy).
            if names.contains("term") {
                note("disableKinds turns off Hugo's term pages: links to them lead nowhere")
            }
            // Without regular pages Hugo's taxonomies hold only the home and section pages'
            // terms (checked with Hugo 0.111): the others are not counted.
            if names.contains("page") {
                disablesRegularPages = true
                note("disableKinds turns off Hugo's regular pages: only the terms of the home and section pages (_index) are counted")
            }
        }
        // `[frontmatter]`: where the publish and expiry dates come from (keys, `:default`,
        // `:filename`, `:fileModTime`, `:git`).
        if case .table(let sources)? = table["frontmatter"] {
            for (key, path) in [("publishdate", \SiteTags.Builds.publishDateSources), ("expirydate", \.expiryDateSources)] {
                switch sources[key] {
                case .text(let one, _)?: builds[keyPath: path] = [one]
                case .list(let items)?: builds[keyPath: path] = items.compactMap { if case .text(let item, _) = $0 { item } else { nil } }
                case nil: break
                default: wrong("frontmatter.\(key == "publishdate" ? "publishDate" : "expiryDate")", "a list of keys")
                }
            }
        }
        if case .table(let patterns)? = table["permalinks"] {
            for (key, value) in patterns {
                if case .text(let pattern, _) = value { permalinks[key.lowercased()] = pattern }
            }
        }
        // How the site's URLs spell a term (`disablePathToLower`, `removePathAccents`).
        for (key, name) in [("disablepathtolower", "disablePathToLower"), ("removepathaccents", "removePathAccents")] {
            switch table[key] {
            case .flag(let value)?:
                if key == "disablepathtolower" { slugStyle.keepsCase = value } else { slugStyle.removesAccents = value }
            case nil: break
            default: wrong(name, "true or false")
            }
        }
        if let zone = JekyllConfig.timeZone(table["timezone"], key: "timeZone", note: note) { builds.timeZone = zone }
        for (key, name, flag) in [("builddrafts", "buildDrafts", \SiteTags.Builds.drafts), ("buildfuture", "buildFuture", \.future),
                                  ("buildexpired", "buildExpired", \.expired)] {
            switch table[key] {
            case .flag(let value)?: builds[keyPath: flag] = value
            case nil: break
            default: wrong(name, "true or false")
            }
        }
        switch table["cascade"] {
        case .table(let entry)?: cascade = Self.cascadeRules([entry])
        case .list(let entries)?: cascade = Self.cascadeRules(entries.compactMap { if case .table(let entry) = $0 { entry } else { nil } })
        case nil: break
        default: wrong("cascade", "a table or a list of tables")
        }
        switch table["ignorefiles"] {
        case .list(let items)?:
            var patterns: [String] = []
            for (index, item) in items.prefix(IgnoreFiles.maximumPatterns).enumerated() {
                guard case .text(let pattern, _) = item else {
                    wrong("ignoreFiles[\(index)]", "a regular expression")
                    continue
                }
                if let why = IgnoreFiles.refusal(of: pattern) {
                    problems.append(SiteTags.Problem(file: source, line: nil, message: "ignoreFiles[\(index)] \(quoted(pattern)) \(why); "
                                                     + "it was not read", skipped: .term))
                } else {
                    patterns.append(pattern)
                }
            }
            if items.count > IgnoreFiles.maximumPatterns {
                note("ignoreFiles lists \(items.count) expressions; the first \(IgnoreFiles.maximumPatterns) were read")
            }
            ignoreFiles = IgnoreFiles(patterns: patterns)
        case nil: break
        default: wrong("ignoreFiles", "a list of regular expressions")
        }
        switch table["baseurl"] {
        case .text(let url, _)?:
            // The path of an absolute URL (`https://host/blog`), or of one without a scheme.
            let path = URLComponents(string: url).map { $0.host == nil && !url.hasPrefix("/") ? "" : $0.path } ?? ""
            baseURLPath = path.isEmpty ? "/" : (path.hasPrefix("/") ? "" : "/") + path + (path.hasSuffix("/") ? "" : "/")
        case nil: break
        default: wrong("baseURL", "a URL")
        }
        for (key, name, flag) in [("uglyurls", "uglyURLs", \HugoConfig.uglyURLs),
                                  ("defaultcontentlanguageinsubdir", "defaultContentLanguageInSubdir", \.defaultContentLanguageInSubdir)] {
            switch table[key] {
            case .flag(let value)?: self[keyPath: flag] = value
            case nil: break
            default: wrong(name, "true or false")
            }
        }
        switch table["contentdir"] {
        case .text(let folder, _)? where !folder.isEmpty: contentDir = folder
        case nil: break
        default: wrong("contentDir", "a folder's name")
        }
        switch table["defaultcontentlanguage"] {
        case .text(let code, _)? where !code.isEmpty: defaultContentLanguage = code.lowercased()
        case nil: break
        default: wrong("defaultContentLanguage", "a language code")
        }
        switch table["languages"] {
        case .table(let languages)?: mergeLanguages(languages, key: "languages.", source: source)
        case nil: break
        default: wrong("languages", "a table of languages")
        }
        switch table["taxonomies"] {
        case .table(let names)?: taxonomyTable = taxonomyTable(names, over: taxonomyTable, key: "taxonomies", source: source)
        case nil: break
        default: wrong("taxonomies", "a table of taxonomies (tag = 'tags')")
        }
        switch table["disablelanguages"] {
        case .list(let codes)?:
            for case .text(let code, _) in codes { languages[code.lowercased(), default: Language()].disabled = true }
        case nil: break
        default: wrong("disableLanguages", "a list of language codes")
        }
    }

    /// A configuration's `cascade` entries as a section's front matter gives them: `draft`, the
    /// build options (`build.render: never`, `headless`), the terms of every key that is a list
    /// of strings or a string (the taxonomies are chosen when a page takes them), and the
    /// `_target` (or `target`) each is limited to.
    private static func cascadeRules(_ entries: [[String: ConfigValue]]) -> FrontMatter.Values.CascadeRules {
        var rules = FrontMatter.Values.CascadeRules()
        for entry in entries {
            var values = FrontMatter.Values.Cascade()
            func text(_ value: ConfigValue?) -> String? {
                switch value {
                case .text(let text, _)?: text
                case .flag(let flag)?: flag ? "true" : "false"
                default: nil
                }
            }
            if let draft = text(entry["draft"]) { values.isDraft = draft.lowercased() == "true" }
            for key in ["headless", "build", "_build"] where values.unlisted == nil {
                guard let value = entry[key] else { continue }
                values.unlisted = FrontMatter.unlisting(key: key, flag: text(value)) { name in
                    if case .table(let build) = value { text(build[name]) } else { nil }
                }.map { "the site's cascade: " + $0 }
            }
            for (key, value) in entry where !["draft", "headless", "build", "_build", "_target", "target", "params"].contains(key) {
                switch value {
                case .text(let term, _): values.terms[key] = [(term, 1)]
                case .list(let items): values.terms[key] = items.compactMap { if case .text(let term, _) = $0 { (term, 1) } else { nil } }
                default: break
                }
            }
            var target: FrontMatter.Values.CascadeRules.Target?
            if case .table(let fields)? = entry["_target"] ?? entry["target"] {
                target = FrontMatter.Values.CascadeRules.Target.reading(fields.sorted { $0.key < $1.key }.map { ($0.key, text($0.value)) }).target
            }
            rules.entries.append(.init(target: target, values: values))
        }
        return rules
    }

    private mutating func mergeLanguages(_ table: [String: ConfigValue], key prefix: String, source: String) {
        func wrong(_ key: String, _ expected: String) {
            problems.append(SiteTags.Problem(file: source, line: nil, message: "\(key) is not \(expected)", skipped: .term))
        }
        for (code, value) in table.sorted(by: { $0.key < $1.key }) {
            var language = languages[code] ?? Language()
            guard case .table(let keys) = value else {
                wrong(prefix + code, "a table of the language's settings")
                continue
            }
            switch keys["contentdir"] {
            case .text(let folder, _)? where !folder.isEmpty: language.contentDir = folder
            case nil: break
            default: wrong("\(prefix)\(code).contentDir", "a folder's name")
            }
            switch keys["disabled"] {
            case .flag(let flag)?: language.disabled = flag
            case nil: break
            default: wrong("\(prefix)\(code).disabled", "true or false")
            }
            switch keys["taxonomies"] {
            case .table(let names)?:
                language.taxonomyTable = taxonomyTable(names, over: language.taxonomyTable, key: "\(prefix)\(code).taxonomies",
                                                       source: source)
            case nil: break
            default: wrong("\(prefix)\(code).taxonomies", "a table of taxonomies (tag = 'tags')")
            }
            if let zone = JekyllConfig.timeZone(keys["timezone"], key: "\(prefix)\(code).timeZone", note: { message in
                problems.append(SiteTags.Problem(file: source, line: nil, message: message, skipped: .nothing))
            }) {
                language.timeZone = zone
            }
            languages[code] = language
        }
    }

    /// A configuration file's top-level table, keys in lower case; `nil` (and a problem) when it
    /// cannot be read.
    fileprivate mutating func table(at url: URL, name: String) -> [String: ConfigValue]? {
        sources.append(name)
        switch Self.readStart(of: url.path, limit: Self.maximumBytes + 1) {
        case .success(let bytes):
            return table(bytes, name: name, format: url.pathExtension)
        case .failure(let failure):
            problems.append(SiteTags.Problem(file: name, line: nil, message: "cannot be read (\(failure.reason))" + Self.defaultsNote,
                                             skipped: .file))
            return nil
        }
    }

    /// A configuration's top-level table from its bytes, in a format by its extension (`toml`,
    /// `yaml`, `yml`, `json`); `nil` (and a problem) when it cannot be read.
    fileprivate mutating func table(_ bytes: [UInt8], name: String, format: String) -> [String: ConfigValue]? {
        func problem(_ message: String, line: Int? = nil) -> [String: ConfigValue]? {
            problems.append(SiteTags.Problem(file: name, line: line, message: message + Self.defaultsNote, skipped: .file))
            return nil
        }
        guard bytes.count <= Self.maximumBytes else { return problem("is over \(Self.maximumBytes >> 20) MiB") }
        guard !bytes.prefix(4096).contains(0) else { return problem("is not text (it holds NUL bytes)") }
        if format == "toml" {
            guard let text = String(validating: bytes, as: UTF8.self) else { return problem("is not UTF-8 text") }
            do {
                if let fatal = TOMLGuard.firstFatalConstruct(in: text) {
                    return problem("is not well-formed TOML: \(fatal.message)", line: fatal.line)
                }
                return ConfigValue.table(try TOMLTable(string: text))
            } catch let error as TOMLParseError {
                return problem("is not well-formed TOML: \(error.description)", line: error.source.begin.line)
            } catch {
                return problem("is not well-formed TOML: \(error)")
            }
        }
        do {
            let composed = try YAMLReader.compose(try TextInput(bytes: bytes, source: name),
                                                  format: format == "json" ? .json : .yaml)
            guard let root = composed.root else { return [:] }
            guard case .table(let table) = ConfigValue(root) else { return problem("does not hold a mapping of keys") }
            return table
        } catch {
            return problem("is not well-formed \(format == "json" ? "JSON" : "YAML"): \(error.message)",
                           line: error.location?.line)
        }
    }
}

extension HugoConfig {
    /// Why reading failed, as the system says it.
    struct ReadFailure: Error {
        let reason: String
    }

    /// The first `limit` bytes of a regular file, read without blocking on anything else.
    static func readStart(of path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadFailure(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, limit - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(reason: String(cString: strerror(errno))))
            }
            if read == 0 { break }
            count += read
        }
        return .success(Array(bytes.prefix(count)))
    }
}

/// A configuration value, as far as ``HugoConfig`` reads one.
private enum ConfigValue {
    /// Text, and whether it was a plain YAML scalar (unquoted): Jekyll's Psych reads plain `no`
    /// as false, and a quoted `"no"` as a string, which Ruby finds true.
    case text(String, isPlain: Bool)
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
            self = .text(text, isPlain: false)
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
                self = .text(scalar.string, isPlain: scalar.style == .plain || scalar.style == .any)
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

extension SiteTags {
    /// What a Hugo configuration file sets that `collect` reads, from its bytes: for the fuzzer.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - format: `toml`, `yaml` or `json`.
    /// - Returns: The content folders and their languages, the languages built, and the problems.
    package static func readHugoConfiguration(_ bytes: [UInt8], format: String)
        -> (mounts: [(folder: String, languages: [String])], languages: [String], problems: [Problem]) {
        var config = HugoConfig()
        let table = config.table(Array(bytes.prefix(HugoConfig.maximumBytes + 1)), name: "hugo.\(format)", format: format)
        config.merge(table, source: "hugo.\(format)")
        return (config.mounts.map { ($0.folder, $0.languages.sorted()) }, config.enabledCodes, config.problems)
    }
}

/// What ``SiteTags`` reads of a Jekyll site's configuration (`_config.yml`, else `_config.yaml`,
/// else `_config.toml`, at the site's root): `exclude`, the paths Jekyll does not read, added to
/// its default excludes as Jekyll 4 adds them; `include`, the `_` and `.` names it reads after
/// all; `future`, `unpublished` and `show_drafts`, whether posts dated in the future, with
/// `published: false` or in `_drafts` are built.
struct JekyllConfig: Sendable, Equatable {
    /// Jekyll 4's default excludes, from the site's root.
    static let defaultExcludes = [".sass-cache", ".jekyll-cache", "gemfiles", "Gemfile", "Gemfile.lock", "node_modules",
                                  "vendor/bundle/", "vendor/cache/", "vendor/gems/", "vendor/ruby/"]
    /// The most paths of `exclude` or `include` read.
    static let maximumPatterns = 1000
    /// The excluded paths and patterns, relative to the site's root.
    var exclude = JekyllConfig.defaultExcludes
    /// The paths and patterns the configuration's own `exclude` lists.
    var listedExcludes: [String] = []
    /// The names read though they start with `_` or `.`.
    var include: [String] = []
    /// Whether posts dated in the future are built.
    var future = false
    /// `unpublished`: whether posts with `published: false` are built.
    var unpublished = false
    /// `show_drafts`: whether the posts of `_drafts` are built.
    var showDrafts = false
    /// jekyll-archives' `slug_mode`: how the tags' pages are named (Jekyll's default mode when
    /// not set; a word that is not a mode is ``SiteTags/JekyllSlugMode/none``, as Jekyll's
    /// `slugify` reads it).
    var slugMode = SiteTags.JekyllSlugMode.default
    /// `collections_dir`: the folder (from the root) posts are read from, as its folders.
    var collectionsDir: [String] = []
    /// The file read, if one was.
    var source: String?
    /// A configuration that could not be read, or a key of the wrong kind.
    var problems: [SiteTags.Problem] = []
    /// `defaults`: front matter Jekyll gives the documents of a scope, in the order written.
    var defaults: [Default] = []
    /// `timezone`: where dates written without a time zone are (Jekyll sets `TZ` to it).
    var timeZone: TimeZone?

    /// A time zone setting (`Europe/Oslo`, `UTC`), or `nil` when absent; one this machine's time
    /// zone database does not know is noted and read as UTC, as the date of a post then is.
    fileprivate static func timeZone(_ value: ConfigValue?, key: String, note: (String) -> Void) -> TimeZone? {
        guard let value else { return nil }
        guard case .text(let name, _) = value, !name.isEmpty else {
            note("\(key) is not a time zone name; dates without a time zone are read in UTC")
            return nil
        }
        guard let zone = TimeZone(identifier: name) else {
            note("\(key) \(quoted(name, limit: 40)) is not a time zone this machine knows; dates without a time zone are read in UTC")
            return nil
        }
        return zone
    }

    /// One entry of `defaults`, as far as collect reads it: the terms of each key it sets
    /// (`tags: [a, b]`, or a string split at white space as in a post) and `published`.
    struct Default: Sendable, Equatable {
        /// `scope.path`, from the site's root: "" reaches every path; with a `*`, a glob.
        var path = ""
        /// `scope.type` (`posts`, `drafts`, `pages`, a collection), or `nil` for any.
        var type: String?
        /// The terms of each key the values set.
        var terms: [String: [String]] = [:]
        /// Whether the values publish (`published` true), unpublish (false or null), or say nothing.
        var published: Bool?

        /// Whether the entry reaches the document at `path` (from the site's root) of `type`,
        /// as Jekyll 4's `FrontmatterDefaults` matches: the path starts with the scope's path
        /// (a string prefix), or, for a scope path with a `*`, the path or a folder above it
        /// matches it as a glob.
        func applies(to path: String, type documentType: String) -> Bool {
            // Drafts are documents of the posts collection: `posts` reaches them too.
            if let type, type != documentType, !(type == "posts" && documentType == "drafts") { return false }
            let scope = self.path.hasPrefix("./") ? String(self.path.dropFirst(2)) : self.path
            guard !scope.isEmpty, scope != "." else { return true }
            guard scope.contains("*") else { return path.hasPrefix(scope) }
            var candidate = path
            while !candidate.isEmpty {
                if fnmatch(scope, candidate, 0) == 0 { return true }
                candidate = (candidate as NSString).deletingLastPathComponent
            }
            return false
        }
    }

    /// What the `defaults` reaching a post at `path` give it, merged as Jekyll merges them: the
    /// entries whose scope is more precise (a longer path, then a type) override the others key by
    /// key, and a key the post's own front matter sets overrides them all (in `SiteTags.read`).
    func defaultsReaching(_ path: String, type: String) -> Default? {
        let reaching = defaults.enumerated().filter { $0.element.applies(to: path, type: type) }
        guard !reaching.isEmpty else { return nil }
        // Stable: least precise first, ties in the order written (a later one overriding).
        let ordered = reaching.sorted { a, b in
            let ka = (a.element.path.count, a.element.type == nil ? 0 : 1), kb = (b.element.path.count, b.element.type == nil ? 0 : 1)
            return ka != kb ? ka < kb : a.offset < b.offset
        }
        var merged = Default()
        for (_, entry) in ordered {
            for (key, terms) in entry.terms { merged.terms[key] = terms }
            if let published = entry.published { merged.published = published }
        }
        return merged
    }

    /// The configuration of the site at `root`, named `name` in messages.
    static func read(root: URL, name: String) -> JekyllConfig {
        var config = JekyllConfig()
        guard let file = ["_config.yml", "_config.yaml", "_config.toml"].first(where: {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }) else { return config }
        let relative = name.hasSuffix("/") ? name + file : name + "/" + file
        config.source = relative
        var reader = HugoConfig()
        let url = root.appendingPathComponent(file)
        guard let table = reader.table(at: url, name: relative) else {
            config.problems = reader.problems
            return config
        }
        func paths(_ key: String) -> [String]? {
            switch table[key] {
            case nil: return nil
            case .text(let path, _)?:
                // Jekyll 4's `check_include_exclude` stops the build on a string.
                config.problems.append(SiteTags.Problem(file: relative, line: nil, message: "\(key) is a string, not a list; "
                                                        + "Jekyll 4 stops with an error on it (write \(key): [\(path)]); "
                                                        + "it was read as one path", skipped: .nothing))
                return [path]
            case .list(let items)?:
                return items.compactMap { if case .text(let path, _) = $0 { path } else { nil } }
            default:
                config.problems.append(SiteTags.Problem(file: relative, line: nil, message: "\(key) is not a list of paths; it was not read",
                                                        skipped: .nothing))
                return nil
            }
        }
        // Each entry of the site is matched against every pattern: a configuration's lists are
        // bounded, so that one cannot make the walk quadratic (a real site lists a handful).
        func bounded(_ key: String) -> [String] {
            let listed = paths(key) ?? []
            guard listed.count > Self.maximumPatterns else { return listed }
            config.problems.append(SiteTags.Problem(file: relative, line: nil, message: "\(key) lists \(listed.count) paths; the first "
                                                    + "\(Self.maximumPatterns) were read", skipped: .nothing))
            return Array(listed.prefix(Self.maximumPatterns))
        }
        config.timeZone = timeZone(table["timezone"], key: "timezone") { message in
            config.problems.append(SiteTags.Problem(file: relative, line: nil, message: message, skipped: .nothing))
        }
        if case .text(let folder, _)? = table["collections_dir"] {
            config.collectionsDir = folder.split(separator: "/").map(String.init).filter { $0 != "." }
        }
        if case .table(let archives)? = table["jekyll-archives"] {
            switch archives["slug_mode"] {
            case .text(let word, let isPlain)?:
                // A null (`slug_mode:` or `~`) is Jekyll's default mode.
                config.slugMode = isPlain && ["", "~", "null", "Null", "NULL"].contains(word) ? .default
                    : SiteTags.JekyllSlugMode(rawValue: word) ?? .none
            case nil: break
            default:
                config.problems.append(SiteTags.Problem(file: relative, line: nil, message: "jekyll-archives.slug_mode is not a word; "
                                                        + "the tags' links are Jekyll's default slugs", skipped: .nothing))
            }
        }
        config.listedExcludes = bounded("exclude")
        config.exclude += config.listedExcludes
        config.include = bounded("include")
        if case .list(let entries)? = table["defaults"] {
            for entry in entries.prefix(Self.maximumPatterns) {
                guard case .table(let fields) = entry, case .table(let values)? = fields["values"] else { continue }
                var item = Default()
                if case .table(let scope)? = fields["scope"] {
                    if case .text(let path, _)? = scope["path"] { item.path = path }
                    if case .text(let type, _)? = scope["type"] { item.type = type }
                }
                for (key, value) in values {
                    switch (key, value) {
                    case ("published", .flag(let flag)): item.published = flag
                    case ("published", .text(let word, let isPlain)):
                        item.published = !(isPlain && ["", "~", "null", "no", "off"].contains(word.lowercased()))
                    case ("published", _): item.published = true
                    case (_, .list(let items)):
                        item.terms[key] = items.compactMap { if case .text(let term, _) = $0 { term } else { nil } }
                    case (_, .text(let text, _)):
                        item.terms[key] = text.split(whereSeparator: \.isWhitespace).map(String.init)
                    default: break
                    }
                }
                config.defaults.append(item)
            }
        }
        // Jekyll reads each setting as Ruby does a value: true unless false or nil. Psych reads a plain `no`, `off` (YAML 1.1) or `~` as false or nil; a
        // quoted `"false"`, a plain `n` and `0` are a string and a number, which Ruby finds true.
        for (key, setting) in [("future", \JekyllConfig.future), ("unpublished", \.unpublished), ("show_drafts", \.showDrafts)] {
            switch table[key] {
            case .flag(let value)?: config[keyPath: setting] = value
            case .text(let word, let isPlain)?:
                config[keyPath: setting] = !(isPlain && ["", "~", "null", "no", "off"].contains(word.lowercased()))
            case nil: break
            default: config[keyPath: setting] = true
            }
        }
        return config
    }

    /// Whether Jekyll leaves out the entry at `path` (relative to the site's root), as its
    /// `EntryFilter` does: the path starts with a pattern (a string prefix, so `coll` leaves out
    /// `collection` too), a pattern ending in `/` names the folder, or the pattern matches it as a
    /// shell glob whose `*` crosses folders (`*.markdown` matches `_posts/a.markdown`).
    func excludes(_ path: String) -> Bool {
        excludingPattern(path) != nil
    }

    /// The pattern of `exclude` (as written) that leaves out `path`, as ``excludes(_:)`` finds it.
    func excludingPattern(_ path: String) -> String? {
        // `include` wins (Jekyll filters by `exclude - include`, and an included entry is kept).
        if includes(path) { return nil }
        return exclude.first { written in
            let pattern = String(written.drop { $0 == "/" })
            guard !pattern.isEmpty else { return false }
            return path.hasPrefix(pattern) || pattern == path + "/" || fnmatch(pattern, path, 0) == 0
        }
    }

    /// Whether a `_` name (or a path) is read after all (`include`), matched as `exclude` is:
    /// a prefix, a folder, or a glob.
    func includes(_ entry: String) -> Bool {
        include.contains { pattern in
            let pattern = String(pattern.drop { $0 == "/" })
            guard !pattern.isEmpty else { return false }
            return entry.hasPrefix(pattern) || pattern == entry + "/" || fnmatch(pattern, entry, 0) == 0
        }
    }
}

/// Hugo's `ignoreFiles`: regular expressions matched against a content file's absolute path
/// (`\.draft\.md$`, `/private/`); a file one matches is no page.
///
/// Hugo compiles them with Go's RE2, which takes time linear in the path; ICU's expressions
/// (`NSRegularExpression`) backtrack, so a site's configuration (untrusted) could make one take
/// exponential time. An expression that repeats a group holding a repetition or an alternation
/// (`(a+)+`, `(a|ab)*`), that repeats without bound more than twice (`.*a.*b.*c`), or that refers
/// back (`\1`), is refused with a note instead of read.
struct IgnoreFiles: @unchecked Sendable, Equatable {
    /// The most expressions read.
    static let maximumPatterns = 200
    /// The expressions as written.
    let patterns: [String]
    /// The compiled expressions (immutable, so shared between threads).
    private let expressions: [NSRegularExpression]

    /// Compiles expressions ``refusal(of:)`` accepts.
    init(patterns: [String]) {
        self.patterns = patterns
        expressions = patterns.compactMap { try? NSRegularExpression(pattern: $0) }
    }

    var isEmpty: Bool { expressions.isEmpty }

    static func == (a: IgnoreFiles, b: IgnoreFiles) -> Bool { a.patterns == b.patterns }

    /// Whether an expression matches the absolute path.
    func ignores(_ path: String) -> Bool {
        let range = NSRange(path.startIndex..., in: path)
        return expressions.contains { $0.firstMatch(in: path, range: range) != nil }
    }

    /// Why an expression is not read, or `nil`: it does not compile, it is over 1,000 characters,
    /// it refers back, it repeats a group that holds a repetition or an alternation, or it has
    /// more than two unbounded repetitions.
    static func refusal(of pattern: String) -> String? {
        guard pattern.utf8.count <= 1000 else { return "is over 1,000 characters" }
        guard (try? NSRegularExpression(pattern: pattern)) != nil else { return "is not a regular expression" }
        let characters = Array(pattern)
        // Each open group: whether it holds a repetition or an alternation so far.
        var groups: [Bool] = []
        var index = 0, inClass = false, unbounded = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\" {
                if index + 1 < characters.count, characters[index + 1].isNumber, characters[index + 1] != "0" {
                    return "refers back to a group, which Hugo's expressions do not"
                }
                index += 2
                continue
            }
            if inClass {
                if character == "]" { inClass = false }
                index += 1
                continue
            }
            switch character {
            case "[": inClass = true
            case "(": groups.append(false)
            case "|", "*", "+", "{", "?":
                // `?` after `(` opens a non-capturing group, not a repetition.
                if character == "?", index > 0, characters[index - 1] == "(" { break }
                if character == "*" || character == "+" { unbounded += 1 }
                if !groups.isEmpty { groups[groups.count - 1] = true }
            case ")":
                let risky = groups.popLast() ?? false
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                if risky, ["*", "+", "{"].contains(next) {
                    return "repeats a group that holds a repetition or an alternation, which can take exponential time"
                }
                // The group's repetition is its enclosing group's.
                if risky, !groups.isEmpty { groups[groups.count - 1] = true }
            default: break
            }
            index += 1
        }
        // Each unbounded repetition multiplies the ways a backtracking match can fail.
        if unbounded > 2 { return "repeats without bound more than twice, which can take polynomial time" }
        return nil
    }
}
