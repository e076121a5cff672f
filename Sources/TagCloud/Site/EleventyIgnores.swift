import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What an Eleventy site leaves out of its templates, as Eleventy 3's `EleventyFiles` reads its
/// ignore files: the root's `.eleventyignore`, the input folder's (as the configuration sets it,
/// ``directories(root:)``, else the folder given when it is inside the site), and the root's
/// `.gitignore` unless the configuration calls `setUseGitIgnore(false)`. It also reads which of
/// the site's folders hold its pages (``directories(root:)``).
///
/// The file is split at line feeds and each line trimmed (a carriage return and a byte order
/// mark too, as JavaScript's `trim` does); bytes that are not UTF-8 are read as U+FFFD, as Node
/// reads them; empty lines, `#` comments and `!` negations (which Eleventy does not support) are
/// dropped. A line is a path relative to its file's folder, matched as tinyglobby matches
/// Eleventy's ignores: case ignored, a path or glob that matches a folder leaves out everything
/// in it, `*` within a folder, `**` as a whole part across folders (`a/**/b` matches `a/b`; a
/// `**` inside a part is `*`), `[^a]` as `[!a]`. (A `.gitignore` is read the same way, not with
/// Git's rules: Eleventy reads it so.)
///
/// The configuration is JavaScript, which is not run: `setUseGitIgnore(false)` is found in its
/// text outside comments, and `eleventyConfig.ignores` set there is not seen.
struct EleventyIgnores: Sendable, Equatable {
    /// The most paths read from each file, and the most bytes: beyond them a problem is said.
    static let maximumRules = 10_000
    static let maximumBytes = 1 << 20

    /// The files that make a folder an Eleventy site's root (its configuration).
    static let configurations = Set(configurationOrder)
    /// Whether the folder `url` names is an Eleventy site's root: it holds one of Eleventy's
    /// configuration files, or a `package.json` that depends on `@11ty/eleventy` (Eleventy runs
    /// without a configuration file, and its folder data files hold all the same).
    ///
    /// - Parameters:
    ///   - entries: The folder's entries, when they are listed already.
    static func isSiteRoot(_ url: URL, entries: [String]? = nil) -> Bool {
        let has = { (name: String) in entries?.contains(name) ?? FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path) }
        return isSiteRoot(has: has, file: url.appendingPathComponent)
    }

    /// ``isSiteRoot(_:entries:)`` for a folder whose entries `has` tells and whose files `file`
    /// names.
    static func isSiteRoot(has: (String) -> Bool, file: (String) -> URL) -> Bool {
        configurationOrder.contains(where: has) || (has("package.json") && dependsOnEleventy(file("package.json")))
    }

    /// Whether a `package.json` lists `@11ty/eleventy` among its dependencies (read
    /// up to ``maximumBytes``; a file that is larger or not JSON does not).
    static func dependsOnEleventy(_ packageFile: URL) -> Bool {
        guard case .success(let bytes) = HugoConfig.readStart(of: packageFile.path, limit: maximumBytes + 1), bytes.count <= maximumBytes,
              let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return false }
        // (Not `peerDependencies`: that is how a plugin names Eleventy, not a site.)
        return ["dependencies", "devDependencies", "optionalDependencies"].contains { key in
            (object[key] as? [String: Any])?["@11ty/eleventy"] != nil
        }
    }

    /// The same names in Eleventy's order: the first one found is the configuration read.
    static let configurationOrder = [".eleventy.js", "eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs",
                                     "eleventy.config.ts", "eleventy.config.mts", "eleventy.config.cts"]

    /// Where a rule was written, for messages.
    struct Source: Sendable, Equatable {
        var file: String
        var line: Int
    }

    /// Plain paths (no glob characters) in lower case, relative to the site's root: a set, so
    /// that a long ignore file of plain paths costs one lookup a path.
    private(set) var paths: [String: Source] = [:]
    /// Globs matched against paths relative to the site's root, case ignored.
    private(set) var globs: [(glob: FrontMatter.Glob, source: Source)] = []
    /// Ignore files that could not be read whole.
    var problems: [SiteTags.Problem] = []

    /// Whether nothing is left out.
    var isEmpty: Bool { paths.isEmpty && globs.isEmpty }

    static func == (a: EleventyIgnores, b: EleventyIgnores) -> Bool {
        a.paths == b.paths && a.globs.map(\.glob) == b.globs.map(\.glob) && a.globs.map(\.source) == b.globs.map(\.source)
            && a.problems == b.problems
    }

    /// The ignores of the Eleventy site whose root is `root` (named `rootName` in messages), with
    /// the `.eleventyignore` of `input` too, a folder inside the site `path` below its root.
    static func read(root: URL, rootName: String, input: (url: URL, path: [String], name: String)? = nil) -> EleventyIgnores {
        var ignores = EleventyIgnores()
        func shown(_ folder: String, _ file: String) -> String {
            folder.isEmpty || folder == "." ? file : folder.hasSuffix("/") ? folder + file : folder + "/" + file
        }
        if usesGitIgnore(root: root) {
            ignores.add(file: root.appendingPathComponent(".gitignore"), name: shown(rootName, ".gitignore"), below: [])
        }
        ignores.add(file: root.appendingPathComponent(".eleventyignore"), name: shown(rootName, ".eleventyignore"), below: [])
        if let input, !input.path.isEmpty {
            ignores.add(file: input.url.appendingPathComponent(".eleventyignore"), name: shown(input.name, ".eleventyignore"),
                        below: input.path)
        }
        return ignores
    }

    /// The rule that leaves out the entry at `path` (relative to the site's root; a folder is
    /// left out with everything in it), or `nil`. A folder's own path is checked before it is
    /// entered, so its files never reach this once it is left out.
    func rule(leavingOut path: String) -> Source? {
        guard !isEmpty else { return nil }
        let lowercased = path.lowercased()
        if let source = paths[lowercased] { return source }
        guard !globs.isEmpty else { return nil }
        let scalars = Array(lowercased.unicodeScalars)
        return globs.first { $0.glob.matches(lowercased: scalars) }?.source
    }

    /// Whether the entry at `path` is left out (``rule(leavingOut:)``).
    func ignores(_ path: String) -> Bool { rule(leavingOut: path) != nil }

    /// The rule that leaves out `path` or a folder above it (a folder given inside the site).
    func rule(leavingOutAnyOf path: [String]) -> Source? {
        for count in path.indices {
            if let source = rule(leavingOut: path[...count].joined(separator: "/")) { return source }
        }
        return nil
    }

    /// An Eleventy site's input folder, as its configuration sets it.
    enum InputFolder: Sendable, Equatable {
        /// The configuration does not set it with a string (it may be given on Eleventy's
        /// command line): the site's root, or the folder given.
        case unknown
        /// A folder below the root, as its folders (`[]`: the root itself).
        case folder([String])
        /// A folder outside the root (`../pages`, an absolute path elsewhere), as written:
        /// nothing in the root is built.
        case outside(String)
        /// A folder below the root that is not there, as written: nothing is built.
        case missing(String)
    }

    /// An Eleventy site's folders as its configuration sets them with strings.
    struct Directories: Sendable, Equatable {
        /// Where its pages are.
        var input: InputFolder = .unknown
        /// The folders below the root that hold no pages, as folders: its includes, layouts and
        /// data (`_includes`, `_data` in the input folder by default) and its output (`_site`);
        /// `nil` when the input folder is not set, so not known.
        var withoutPages: Set<[String]>?
        /// The folder layouts are found in, below the root: `layouts` when set, else `includes`
        /// (`_includes` in the input folder by default).
        var layouts: [String] = ["_includes"]
        /// The configuration's layout aliases (`addLayoutAlias("post", "layouts/post.njk")`).
        var layoutAliases: [String: String] = [:]
    }

    /// The site's folders, as its configuration sets them with a string (`dir: {input:
    /// "content", includes: "../_includes"}`, as eleventy-base-blog does, or
    /// `setInputDirectory("src")` and the like).
    static func directories(root: URL) -> Directories {
        var directories = Directories()
        var code = ""
        // Eleventy's order of configuration files: the first one found is read.
        for name in configurationOrder {
            guard case .success(let bytes) = HugoConfig.readStart(of: root.appendingPathComponent(name).path, limit: maximumBytes)
            else { continue }
            code = withoutComments(String(decoding: bytes, as: UTF8.self))
            break
        }
        var inputParts: [String] = []
        if let written = setting("input", setter: "setInputDirectory", in: code) {
            var parts = written.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            if written.hasPrefix("/") {
                // An absolute path names a folder below the root only through the root's path.
                let rootParts = root.standardized.path.split(separator: "/").map(String.init)
                guard parts.starts(with: rootParts) else {
                    directories.input = .outside(written)
                    return directories
                }
                parts.removeFirst(rootParts.count)
            }
            if let folder = normalized(parts) {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path, isDirectory: &isFolder),
                      isFolder.boolValue else {
                    directories.input = .missing(written)
                    return directories
                }
                inputParts = folder.split(separator: "/").map(String.init)
            } else if parts.contains("..") {
                directories.input = .outside(written)
                return directories
            }
            directories.input = .folder(inputParts)
        }
        let layoutsWritten = setting("layouts", setter: "setLayoutsDirectory", in: code)
            ?? setting("includes", setter: "setIncludesDirectory", in: code) ?? "_includes"
        if case let written = layoutsWritten, !written.hasPrefix("/"),
           let folder = normalized(inputParts + written.split(separator: "/", omittingEmptySubsequences: true).map(String.init)) {
            directories.layouts = folder.split(separator: "/").map(String.init)
        }
        if let expression = try? NSRegularExpression(pattern: #"addLayoutAlias\(\s*(["'`])([^"'`\n]*)\1\s*,\s*(["'`])([^"'`\n]*)\3\s*\)"#) {
            for match in expression.matches(in: code, range: NSRange(code.startIndex..., in: code)).prefix(1000) {
                guard let alias = Range(match.range(at: 2), in: code), let target = Range(match.range(at: 4), in: code) else { continue }
                directories.layoutAliases[String(code[alias])] = String(code[target])
            }
        }
        guard case .folder = directories.input else { return directories }
        // Includes, layouts and data are in the input folder; the output is in the root.
        var withoutPages: Set<[String]> = []
        for (key, setter, fallback, base) in [("includes", "setIncludesDirectory", "_includes", inputParts),
                                              ("layouts", "setLayoutsDirectory", nil, inputParts),
                                              ("data", "setDataDirectory", "_data", inputParts),
                                              ("output", "setOutputDirectory", "_site", [])] {
            guard let written = setting(key, setter: setter, in: code) ?? fallback, !written.hasPrefix("/"),
                  let folder = normalized(base + written.split(separator: "/", omittingEmptySubsequences: true).map(String.init))
            else { continue }
            withoutPages.insert(folder.split(separator: "/").map(String.init))
        }
        directories.withoutPages = withoutPages
        return directories
    }

    /// The string a configuration's text gives a folder: `setter("…")`, or `key: "…"` inside a
    /// `dir: { … }` object (keys quoted or not).
    static func setting(_ key: String, setter: String, in code: String) -> String? {
        let patterns = [#"\#(setter)\(\s*(["'`])([^"'`\n]*)\1\s*\)"#,
                        #"(?:\bdir|["']dir["'])\s*:\s*\{[^{}]*?(?:\b\#(key)|["']\#(key)["'])\s*:\s*(["'`])([^"'`\n]*)\1"#]
        for pattern in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern),
                  let match = expression.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)),
                  let range = Range(match.range(at: 2), in: code) else { continue }
            return String(code[range])
        }
        return nil
    }

    /// Why nothing of an Eleventy site is counted, for its input folder, or `nil`.
    ///
    /// - Parameter input: The site's input folder.
    static func nothingBuilt(_ input: InputFolder) -> String? {
        switch input {
        case .outside(let written):
            "its configuration's input folder \(quoted(path: written)) is outside it, so Eleventy builds none of its pages; "
                + "nothing in it was counted (give that folder)"
        case .missing(let written):
            "its configuration's input folder \(quoted(path: written)) is not there, so Eleventy builds no page; nothing was counted"
        case .unknown, .folder: nil
        }
    }

    /// Whether the site's configuration leaves `.gitignore` in use: no `setUseGitIgnore(false)`
    /// outside its comments.
    private static func usesGitIgnore(root: URL) -> Bool {
        for name in configurations.sorted() {
            guard case .success(let bytes) = HugoConfig.readStart(of: root.appendingPathComponent(name).path, limit: maximumBytes)
            else { continue }
            let code = withoutComments(String(decoding: bytes, as: UTF8.self)).filter { !$0.isWhitespace }
            if code.contains("setUseGitIgnore(false)") { return false }
        }
        return true
    }

    /// JavaScript without its `//` and `/* */` comments. Strings (`"…"`, `'…'`, and template
    /// literals, whose `${…}` parts are kept as text) are kept whole, so a `/*` or `//` inside
    /// one (`addPassthroughCopy("img/*")`, `"https://…"`) starts no comment. (A regular
    /// expression literal holding a quote or `//` is not told apart; configurations rarely
    /// have one.)
    static func withoutComments(_ text: String) -> String {
        var result = String.UnicodeScalarView(), scalars = Array(text.unicodeScalars), index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            if scalar == "/", next == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if scalar == "/", next == "*" {
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                index += 2
            } else if scalar == "\"" || scalar == "'" || scalar == "`" {
                // The string, to its closing quote (a backslash escapes the next character; a
                // line break ends a "…" or '…' string that was left open).
                result.append(scalar)
                index += 1
                while index < scalars.count, scalars[index] != scalar {
                    if scalar != "`", scalars[index] == "\n" { break }
                    if scalars[index] == "\\", index + 1 < scalars.count {
                        result.append(scalars[index])
                        index += 1
                    }
                    result.append(scalars[index])
                    index += 1
                }
                if index < scalars.count, scalars[index] == scalar {
                    result.append(scalar)
                    index += 1
                }
            } else {
                result.append(scalar)
                index += 1
            }
        }
        return String(result)
    }

    /// Reads one ignore file whose lines are relative to the folder `below` the root.
    private mutating func add(file url: URL, name: String, below: [String]) {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            let code = errno
            if code != ENOENT {
                problems.append(.init(file: name, line: nil, message: "cannot be read (\(String(cString: strerror(code))))", skipped: .entry))
            }
            return
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            problems.append(.init(file: name, line: nil, message: "is not a regular file; it was not read", skipped: .entry))
            return
        }
        let bytes: [UInt8]
        switch HugoConfig.readStart(of: url.path, limit: Self.maximumBytes + 1) {
        case .success(let read): bytes = read
        case .failure(let failure):
            problems.append(.init(file: name, line: nil, message: "cannot be read (\(failure.reason))", skipped: .entry))
            return
        }
        if bytes.count > Self.maximumBytes {
            problems.append(.init(file: name, line: nil, message: "is over 1 MiB; its first MiB was read", skipped: .entry))
        }
        var read = 0
        // Lines end at line feeds alone (a `\r\n` is one Character in Swift, so split the bytes).
        for (index, raw) in bytes.prefix(Self.maximumBytes).split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: Self.javaScriptSpace)
            guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix("!") else { continue }
            guard read < Self.maximumRules else {
                problems.append(.init(file: name, line: index + 1, message: "holds over \(Self.maximumRules) paths; the first "
                                      + "\(Self.maximumRules) were read", skipped: .entry))
                break
            }
            read += 1
            let source = Source(file: name, line: index + 1)
            guard let path = Self.normalized(below + line.split(separator: "/", omittingEmptySubsequences: true).map(String.init)) else {
                continue
            }
            if path.unicodeScalars.contains(where: { "*?[]{}".unicodeScalars.contains($0) }) {
                for variant in Self.micromatchVariants(path) {
                    globs.append((FrontMatter.Glob(variant), source))
                }
            } else if paths[path.lowercased()] == nil {
                paths[path.lowercased()] = source
            }
        }
    }

    /// What JavaScript's `trim` removes: white space, line terminators and the byte order mark.
    private static let javaScriptSpace = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}"))

    /// A micromatch glob as the Hugo-style globs ``FrontMatter/Glob`` matches: `[^` is `[!`, a
    /// `**` inside a part is `*`, and each whole-part `**` but a lone one may also stand for no
    /// folder at all (`a/**/b` matches `a/b`; `**/x` matches `x`; `a/**` matches `a`), at most 16
    /// variants.
    static func micromatchVariants(_ glob: String) -> [String] {
        let parts = glob.replacingOccurrences(of: "[^", with: "[!").split(separator: "/", omittingEmptySubsequences: false).map { part in
            part == "**" ? "**" : part.replacingOccurrences(of: "**", with: "*")
        }
        var variants: [[String]] = [[]]
        for (index, part) in parts.enumerated() {
            // A last `/**` matches the folder itself too (picomatch's `a/**` matches `a`).
            let optional = part == "**" && (index < parts.count - 1 || index > 0)
            variants = variants.flatMap { optional && variants.count < 16 ? [$0 + [part], $0] : [$0 + [part]] }
        }
        return variants.filter { !$0.isEmpty }.map { $0.joined(separator: "/") }
    }

    /// A path's parts joined from the root, `.` and `..` resolved; `nil` for the root itself or
    /// a path that leaves it (which names nothing in the site).
    private static func normalized(_ parts: [String]) -> String? {
        var kept: [String] = []
        for part in parts {
            switch part {
            case ".": continue
            case "..":
                guard kept.popLast() != nil else { return nil }
            default: kept.append(part)
            }
        }
        return kept.isEmpty ? nil : kept.joined(separator: "/")
    }
}
