import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What an Eleventy site leaves out of its templates, as Eleventy 3's `EleventyFiles` reads its
/// ignore files: the root's `.eleventyignore`, the input folder's (the folder given, when it is
/// inside the site), and the root's `.gitignore` unless the configuration calls
/// `setUseGitIgnore(false)`.
///
/// Each line is trimmed; empty lines, `#` comments and `!` negations (which Eleventy does not
/// support) are dropped. A line is a path relative to its file's folder: one that names a folder
/// leaves out everything in it, any other is a glob (micromatch's: `*` within a folder, `**`
/// across folders, case kept) matched against the paths of files and folders from the site's
/// root. (A `.gitignore` is read the same way, not with Git's rules: Eleventy reads it so.)
///
/// The configuration is JavaScript, which is not run: `setUseGitIgnore(false)` is found in its
/// text, outside `//` comments, and `eleventyConfig.ignores` set there is not seen.
struct EleventyIgnores: Sendable, Equatable {
    /// The most lines read from each file, and the most bytes.
    static let maximumRules = 1000
    static let maximumBytes = 1 << 20

    /// Folders left out whole, relative to the site's root.
    private(set) var folders: Set<String> = []
    /// Globs matched against paths relative to the site's root.
    private(set) var globs: [FrontMatter.Glob] = []
    /// Ignore files that could not be read, or were cut short.
    var problems: [SiteTags.Problem] = []

    /// The files that make a folder an Eleventy site's root (its configuration).
    static let configurations: Set<String> = [".eleventy.js", "eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs",
                                              "eleventy.config.ts", "eleventy.config.mts", "eleventy.config.cts"]

    /// Whether nothing is left out.
    var isEmpty: Bool { folders.isEmpty && globs.isEmpty }

    /// The ignores of the Eleventy site whose root is `root` (named `rootName` in messages), with
    /// the `.eleventyignore` of `input` too, a folder inside the site `inputPath` below its root.
    static func read(root: URL, rootName: String, input: (url: URL, path: [String], name: String)? = nil) -> EleventyIgnores {
        var ignores = EleventyIgnores()
        func shown(_ folder: String, _ file: String) -> String {
            folder.isEmpty || folder == "." ? file : folder.hasSuffix("/") ? folder + file : folder + "/" + file
        }
        if usesGitIgnore(root: root) {
            ignores.add(file: root.appendingPathComponent(".gitignore"), name: shown(rootName, ".gitignore"), root: root, below: [])
        }
        ignores.add(file: root.appendingPathComponent(".eleventyignore"), name: shown(rootName, ".eleventyignore"), root: root, below: [])
        if let input, !input.path.isEmpty {
            ignores.add(file: input.url.appendingPathComponent(".eleventyignore"), name: shown(input.name, ".eleventyignore"),
                        root: root, below: input.path)
        }
        return ignores
    }

    /// Whether the entry at `path` (relative to the site's root; a folder's is left out with
    /// everything in it) is left out. A folder's own path is checked before it is entered, so
    /// a folder rule is matched by equality here and its files never reach this.
    func ignores(_ path: String) -> Bool {
        guard !isEmpty else { return false }
        if folders.contains(path) { return true }
        return globs.contains { $0.matches(path) }
    }

    /// Whether `path` or any folder above it is left out (a folder given inside the site).
    func ignoresAny(of path: [String]) -> Bool {
        path.indices.contains { ignores(path[...$0].joined(separator: "/")) }
    }

    /// Whether the site's configuration leaves `.gitignore` in use (no `setUseGitIgnore(false)`).
    private static func usesGitIgnore(root: URL) -> Bool {
        for name in configurations.sorted() {
            guard case .success(let bytes) = HugoConfig.readStart(of: root.appendingPathComponent(name).path, limit: maximumBytes),
                  let text = String(validating: bytes, as: UTF8.self) else { continue }
            for line in text.split(whereSeparator: \.isNewline) {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                let compact = code.filter { !$0.isWhitespace }
                if compact.contains("setUseGitIgnore(false)") { return false }
            }
        }
        return true
    }

    /// Reads one ignore file whose lines are relative to the folder `below` the root.
    private mutating func add(file url: URL, name: String, root: URL, below: [String]) {
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
        guard bytes.count <= Self.maximumBytes else {
            problems.append(.init(file: name, line: nil, message: "is over 1 MiB; it was not read", skipped: .entry))
            return
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            problems.append(.init(file: name, line: nil, message: "is not UTF-8 text; it was not read", skipped: .entry))
            return
        }
        var read = 0
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix("!") else { continue }
            guard read < Self.maximumRules else {
                problems.append(.init(file: name, line: index + 1, message: "holds over \(Self.maximumRules) paths; the first "
                                      + "\(Self.maximumRules) were read", skipped: .nothing))
                break
            }
            read += 1
            guard let path = Self.normalized(below + line.split(separator: "/", omittingEmptySubsequences: true).map(String.init)) else {
                continue
            }
            // A path that names a folder leaves out everything in it; any other is a glob.
            var target = stat()
            if stat(root.appendingPathComponent(path).path, &target) == 0, target.st_mode & S_IFMT == S_IFDIR {
                folders.insert(path)
            } else {
                globs.append(FrontMatter.Glob(path, ignoringCase: false))
                // micromatch's `**/` also matches no folder at all (`**/x` matches `x`).
                if path.hasPrefix("**/") { globs.append(FrontMatter.Glob(String(path.dropFirst(3)), ignoringCase: false)) }
            }
        }
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
