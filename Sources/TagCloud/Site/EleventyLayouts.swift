import Foundation

/// The tags an Eleventy layout gives the pages that use it: its front matter's `tags`, and those
/// of the layout it uses in turn (`layout:` in its own front matter), as Eleventy's data cascade
/// merges a layout's data into its pages'.
///
/// A layout is named as Eleventy resolves it in the site's layouts folder (its `layouts`
/// directory, else `includes`): the name as written, else with one of the template extensions
/// (`post` is `post.njk`). Aliases set in JavaScript (`addLayoutAlias`) are not read. One
/// instance serves one count: each layout is read once, and a problem with it (missing,
/// unreadable front matter) is said once, naming the layout, not once per page.
final class EleventyLayouts: @unchecked Sendable {
    /// The most layouts one page's chain goes through (a loop of layouts ends there).
    static let maximumChain = 10
    /// The template extensions tried after the name as written, in Eleventy's order of formats.
    static let extensions = ["html", "md", "liquid", "njk", "hbs", "mustache", "ejs", "haml", "pug", "webc"]

    // Guards `read` and `said`, which the files' threads share.
    private let lock = NSLock()
    /// Each layout file read: its own tags and the layout it names, or its problem.
    private var read: [String: (tags: [String], layout: String?)] = [:]
    /// The layout names already said to be missing, by folder.
    private var said: Set<String> = []

    /// The tags `name` and the layouts it uses give a page, and problems said for the first time.
    ///
    /// - Parameters:
    ///   - name: The layout as the page or its data names it.
    ///   - folder: The site's layouts folder, and `folderName` its name in messages.
    ///   - aliases: The configuration's layout aliases, by alias.
    func tags(of name: String, in folder: URL, named folderName: String,
              aliases: [String: String] = [:]) -> (tags: [String], problems: [SiteTags.Problem]) {
        func shown(_ layout: String) -> String { FolderWalker.joined(folderName, [layout]) }
        /// Says `message` of `layout` once for the count.
        func sayOnce(_ kind: String, _ layout: String, _ message: String, into problems: inout [SiteTags.Problem]) {
            lock.withLock {
                if said.insert(kind + "\u{0}" + folder.path + "\u{0}" + layout).inserted {
                    problems.append(SiteTags.Problem(file: shown(layout), line: nil, message: message, skipped: .nothing))
                }
            }
        }
        var tags: [String] = [], problems: [SiteTags.Problem] = []
        var next: String? = name
        var visited: Set<String> = []
        while let written = next, !written.isEmpty {
            let layout = aliases[written] ?? written
            guard visited.insert(layout).inserted, visited.count <= Self.maximumChain else {
                // Eleventy stops on layouts that use each other: none of the chain's tags count.
                sayOnce("loop", layout, "is a layout in a loop of layouts (each uses the next; Eleventy stops on it); "
                        + "the tags of the loop were not counted", into: &problems)
                return ([], problems)
            }
            guard let url = Self.resolve(layout, in: folder) else {
                sayOnce("missing", layout, "is named as a layout but is not in the layouts folder (Eleventy stops on it); "
                        + "the tags it would give were not counted", into: &problems)
                break
            }
            let entry = layoutFile(url, name: shown(layout), problems: &problems)
            tags += entry.tags
            next = entry.layout
        }
        return (tags, problems)
    }

    /// The layout file `name` names in `folder`, or `nil`: a regular file, never outside the folder
    /// by a `..`.
    static func resolve(_ name: String, in folder: URL) -> URL? {
        guard !name.split(separator: "/").contains("..") else { return nil }
        for candidate in [name] + extensions.map({ "\(name).\($0)" }) {
            let url = folder.appendingPathComponent(candidate)
            var status = stat()
            if stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { return url }
        }
        return nil
    }

    /// One layout file's tags and layout, read once.
    private func layoutFile(_ url: URL, name: String, problems: inout [SiteTags.Problem]) -> (tags: [String], layout: String?) {
        let key = url.path
        if let known = lock.withLock({ read[key] }) { return known }
        var entry: (tags: [String], layout: String?) = ([], nil)
        var found: [SiteTags.Problem] = []
        defer {
            // Read by two threads at once: the first one's entry and problems stand.
            lock.withLock {
                if read[key] == nil {
                    read[key] = entry
                    problems += found
                }
            }
        }
        do {
            let bytes = try SiteTags.readStartOfPage(url)
            if let block = try FrontMatter.find(in: bytes, limit: 1 << 20) {
                let values = try block.values(for: ["tags"], file: name, strings: .commaSplit)
                entry = (values.terms.map { $0.term.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty },
                         values.layout)
            }
        } catch let problem as SiteTags.Problem {
            found.append(SiteTags.Problem(file: name, line: problem.line, message: "is a layout whose front matter cannot be read ("
                                             + problem.message + "); the tags it gives were not counted", skipped: .nothing))
        } catch {
            found.append(SiteTags.Problem(file: name, line: nil, message: "is a layout that cannot be read (\(SpecReader.reason(of: error)))",
                                          skipped: .nothing))
        }
        return entry
    }
}
