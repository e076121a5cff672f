import Foundation
package import TagCloud
import Canvas

/// The options of `tagcloud collect` (and of `tagcloud render --from`), as typed.
package struct CollectCommandLine: Equatable, Sendable {
    /// The content folders (`collect`'s arguments, `render`'s `--from`).
    package var folders: [String] = []
    /// `--taxonomy NAME`, repeatable; `tags` and `categories` when none is given.
    package var taxonomies: [String] = []
    /// `--exclude TAG`, repeatable.
    package var excluded: [String] = []
    /// `--language CODE`.
    package var language: String?
    /// `--href TEMPLATE`.
    package var href: String?
    /// `--min-count N`.
    package var minCount: String?
    /// `--top N`.
    package var top: String?
    /// `--sort count|name`.
    package var sort: String?
    /// `--drafts`.
    package var drafts = false
    /// `--strict`.
    package var strict = false
    /// `--case-sensitive`.
    package var caseSensitive = false
    /// `--future`.
    package var future = false
    /// `--expired`.
    package var expired = false

    package init() {}

    /// The options that take a value, without dashes, as `render` reads them.
    static let valueOptions = ["from", "taxonomy", "exclude", "language", "href", "min-count", "top", "sort"]
    /// The flags.
    static let flagOptions = ["drafts", "future", "expired", "strict", "case-sensitive"]

    /// Reads one option if it is a collect option.
    ///
    /// - Parameters:
    ///   - name: The option's name without dashes.
    ///   - value: Reads the option's value.
    /// - Returns: Whether the option was a collect option.
    mutating func parseOption(_ name: String, value: () throws(CommandError) -> String) throws(CommandError) -> Bool {
        switch name {
        case "from": folders.append(try value())
        case "taxonomy": taxonomies.append(try value())
        case "exclude": excluded.append(try value())
        case "language": language = try value()
        case "href": href = try value()
        case "min-count": minCount = try value()
        case "top": top = try value()
        case "sort": sort = try value()
        case "drafts": drafts = true
        case "future": future = true
        case "expired": expired = true
        case "strict": strict = true
        case "case-sensitive": caseSensitive = true
        default: return false
        }
        return true
    }

    /// The request: values checked.
    ///
    /// - Throws: ``CommandError/usage(_:)`` naming the option with a bad value.
    package func request() throws(CommandError) -> CollectRequest {
        var order = SiteTags.Order.name
        if let sort {
            guard let named = SiteTags.Order(rawValue: sort) else {
                throw .usage("unknown value \(quoted(sort)) for --sort; use count or name")
            }
            order = named
        }
        if let href {
            var rest = href[...]
            while let open = rest.firstIndex(of: "{") {
                guard let close = rest[open...].firstIndex(of: "}") else {
                    throw .usage("--href has a { that is not closed: \(quoted(String(rest[open...]), limit: 40)); "
                                 + "use \(SiteTags.linkPlaceholders.joined(separator: ", "))")
                }
                let placeholder = String(rest[open...close])
                guard SiteTags.linkPlaceholders.contains(placeholder) else {
                    // Shown whole with the braces after it (`{{x}}`, not `{{x}`).
                    let shown = rest[open...].prefix(placeholder.count) + rest[rest.index(after: close)...].prefix { $0 == "}" }
                    throw .usage("--href has the unknown placeholder \(quoted(String(shown))); use "
                                 + "\(SiteTags.linkPlaceholders.joined(separator: ", ")) (a brace that is text is written %7B or %7D)")
                }
                rest = rest[rest.index(after: close)...]
            }
            // Every link it makes must be one a spec accepts: a template of another scheme
            // (`javascript:{slug}`) or with a backslash is refused now, not by render later.
            let sample = href.replacingOccurrences(of: "{slug}", with: "swift").replacingOccurrences(of: "{name}", with: "Swift")
                .replacingOccurrences(of: "{count}", with: "3").replacingOccurrences(of: "{taxonomy}", with: "tags")
            do {
                _ = try WebLink(checking: sample)
            } catch {
                throw .usage("--href \(quoted(href)) makes links a spec refuses: \(error.description)")
            }
        }
        // An empty name is not the current folder: a build script's unset `$CONTENT_DIR` made a
        // cloud of the whole working folder.
        if folders.contains(where: \.isEmpty) {
            throw .usage("a content folder is empty; name a folder (. for this one)")
        }
        if excluded.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw .usage("--exclude needs a tag, not an empty one")
        }
        if taxonomies.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw .usage("--taxonomy needs the name of a front matter key (tags, categories, series, …), not an empty one")
        }
        if let language {
            // A language tag as Hugo keys its languages: letters, digits and hyphens.
            let code = language.trimmingCharacters(in: .whitespaces)
            guard !code.isEmpty, code.count <= 35, code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw .usage("--language needs a language code as the Hugo site names it (en, fr, pt-br), not \(quoted(language, limit: 40))")
            }
        }
        var options = SiteTags.Options()
        options.language = language
        // A Hugo site's own taxonomies, unless the command line names them.
        options.readsHugoTaxonomies = taxonomies.isEmpty
        if !taxonomies.isEmpty { options.taxonomies = taxonomies }
        options.includeDrafts = drafts
        options.includeFuture = future
        options.includeExpired = expired
        options.caseSensitive = caseSensitive
        options.excludedTerms = excluded
        return CollectRequest(folders: folders, options: options, href: href,
                              minCount: try minCount.map { text throws(CommandError) in
                                  try TagCloudCommand.wholeNumber(text, option: "min-count", minimum: 1)
                              } ?? 1,
                              top: try top.map { text throws(CommandError) in try TagCloudCommand.wholeNumber(text, option: "top", minimum: 1) },
                              order: order, strict: strict)
    }
}

/// What `tagcloud collect` (or `render --from`) is asked to count.
package struct CollectRequest: Sendable {
    /// The content folders.
    package var folders: [String]
    /// What to read and how to count.
    package var options: SiteTags.Options
    /// The link template, if any.
    package var href: String?
    /// Terms used by fewer pages are left out.
    package var minCount: Int
    /// At most this many terms.
    package var top: Int?
    /// The order of the tags.
    package var order: SiteTags.Order
    /// Whether a problem in the content fails the command (exit 65) instead of a warning.
    package var strict: Bool
    /// Whether ``TagCloudCommand/collect(_:warn:)`` ends with the summary line (`render --from
    /// -v`; `collect -v` prints it itself, after writing the spec).
    package var printsSummary = false
}

extension TagCloudCommand {
    /// Counts a site's tags and makes the cloud of them; problems are reported through `warn`
    /// (and fail the command with `--strict`).
    ///
    /// - Parameters:
    ///   - request: The folders and options.
    ///   - warn: Called with each problem, as the command prints it.
    /// - Returns: The cloud's tags as a ``Cloud``, and the collection.
    /// - Throws: ``CommandError/library(_:)`` for a folder that does not exist, and
    ///   ``CommandError/contentProblems(_:)`` with `--strict`.
    package static func collect(_ request: CollectRequest, warn: (String) -> Void) throws(CommandError) -> (Cloud, SiteTags) {
        let site: SiteTags
        do {
            site = try SiteTags.collect(from: request.folders.map { URL(fileURLWithPath: $0) }, options: request.options)
        } catch {
            throw .library(error)
        }
        if let language = request.options.language, site.hugoLanguages.isEmpty {
            warn("warning: --language \(quoted(language)) applies to Hugo sites, and no Hugo site was read; every page was counted")
        }
        // Strict about what cost the count; notes (a block read as Publish's `key: value` lines,
        // a `#` that YAML reads as a comment) stay warnings, or no Publish site with a colon in a
        // description could ever pass.
        let costly = site.problems.filter { $0.skipped != .nothing }
        if request.strict, !costly.isEmpty { throw .contentProblems(costly) }
        for problem in site.problems { warn("warning: \(problem)") }
        if let href = request.href {
            for (name, reason) in site.termsWithoutLink(minCount: request.minCount, top: request.top, href: href) {
                warn("warning: the tag \(quoted(name)) \(reason); it gets no link")
            }
            if !SiteTags.linkPlaceholders.contains(where: href.contains) {
                warn("warning: --href \(quoted(href)) has no placeholder, so every tag links to the same page; "
                     + "name one of \(SiteTags.linkPlaceholders.joined(separator: ", ")) in it")
            }
            // A Hugo site whose `[permalinks]` put a taxonomy's term pages elsewhere: the links
            // would reach pages Hugo does not write.
            var seen = Set<String>()
            for term in site.terms(linkedBy: href) where seen.insert(term.taxonomy.lowercased()).inserted {
                guard let pattern = site.hugoPermalinks[term.taxonomy.lowercased()] else { continue }
                let linked = href.replacingOccurrences(of: "{taxonomy}", with: term.taxonomySlug).prefix { $0 != "{" }
                let written = pattern.prefix { $0 != ":" }
                guard !linked.hasSuffix(written) else { continue }
                warn("warning: the site's [permalinks] put the pages of \(term.taxonomy) at \(quoted(pattern)), and --href "
                     + "\(quoted(href)) links to \(quoted(String(linked) + "…")), where Hugo writes none; give --href the pattern's "
                     + "path (\(quoted(String(written) + "{slug}/"))), checking the pages' names (Hugo's :slug and :title "
                     + "may spell a term unlike {slug})")
            }
        }
        // A Hugo site whose pages are not at the root (a `baseURL` with a path, a language in its
        // own folder) or whose term pages end in `.html` (`uglyURLs`): `/tags/{slug}/` reaches
        // nothing, and nothing said so.
        if let href = request.href, let prefix = site.hugoPagePrefix, !site.terms.isEmpty {
            let fixed = String(href.prefix { $0 != "{" })
            if prefix != "/", href.hasPrefix("/"), !href.hasPrefix("//"), !fixed.hasPrefix(prefix) {
                warn("warning: the Hugo site writes its pages under \(quoted(prefix)) (its baseURL's path, and the folder of "
                     + "the language counted), and --href \(quoted(href)) links outside it; give --href "
                     + "\(quoted(prefix + String(href.dropFirst()))) (or a full URL)")
            }
            if site.hugoUglyURLs, href.hasSuffix("/") {
                warn("warning: the Hugo site has uglyURLs, so Hugo writes a term's page as \(quoted(prefix + "tags/swift.html")), "
                     + "and --href \(quoted(href)) links to a folder; end it in .html (\(quoted(String(href.dropLast()) + ".html")))")
            }
        }
        // One template for terms of several taxonomies: a category's link would go to the tags'
        // pages (Hugo serves /categories/x/, not /tags/x/).
        if let href = request.href, !href.contains("{taxonomy}") {
            // (By taxonomy: a term met in both is one of `terms`, under the first it was met in.)
            let taxonomies = Set((site.termsByTaxonomy.isEmpty ? site.terms : site.termsByTaxonomy).map(\.taxonomy))
            if taxonomies.count > 1 {
                warn("warning: the terms come from \(taxonomies.sorted().joined(separator: " and ")), and --href \(quoted(href)) "
                     + "links them all alike; name {taxonomy} in it (/{taxonomy}/{slug}/), or give --taxonomy")
            }
        }
        // An --exclude that matched nothing is likely misspelt.
        for term in request.options.excludedTerms where !site.excludedFound.contains(term) {
            warn("warning: --exclude \(quoted(term)) matched no tag")
        }
        // Why the cloud is empty, if it is: a warning, or with `--strict` the command's error (a
        // misspelt --taxonomy must not pass a site's build with an empty cloud).
        var empty: String?
        if site.terms.isEmpty, !site.excludedFound.isEmpty {
            empty = "no tags left: every tag found was excluded (--exclude \(site.excludedFound.map { quoted($0) }.joined(separator: ", --exclude ")))"
        } else if site.terms.isEmpty, site.taxonomiesRead.isEmpty {
            empty = "no tags found: the Hugo site declares no taxonomies (its [taxonomies] is empty); name the keys with --taxonomy"
        } else if site.terms.isEmpty {
            let keys = site.taxonomiesRead.count > 1
                ? site.taxonomiesRead.dropLast().joined(separator: ", ") + " or " + (site.taxonomiesRead.last ?? "")
                : site.taxonomiesRead.joined()
            let leftOut = site.leftOut.values.reduce(0, +)
            if leftOut > 0 {
                empty = "no tags found: none of the \(site.filesRead) page\(site.filesRead == 1 ? "" : "s") counted has \(keys) in its front matter, "
                    + "and \(leftOut) page\(leftOut == 1 ? " was" : "s were") left out (drafts, dates, unlisted pages, Jekyll pages that are not posts, pages in other languages; "
                    + "--drafts, --future, --expired count the first two)"
            } else if site.filesRead == 0, case let skipped = site.problems.filter({ $0.skipped == .file || $0.skipped == .entry }).count,
                      skipped > 0 {
                // "None of the 0 files read" said nothing of the files the warnings above skipped.
                empty = "no tags found: no page could be read (\(skipped) skipped, as the warnings above say)"
            } else {
                empty = "no tags found: none of the \(site.filesRead) file\(site.filesRead == 1 ? "" : "s") read has \(keys) in its front matter"
            }
        }
        let cloud = site.cloud(minCount: request.minCount, top: request.top, order: request.order, href: request.href)
        if cloud.tags.isEmpty, empty == nil, let most = site.terms(linkedBy: request.href).map(\.count).max() {
            empty = "no tag is on \(request.minCount) pages or more (--min-count); the most used is on \(most)"
        }
        if let empty {
            if request.strict { throw .emptyCollection(empty) }
            warn("warning: " + empty)
        }
        if request.printsSummary { warn(site.summary(tags: cloud.tags.count)) }
        return (cloud, site)
    }

    /// `tagcloud collect`: counts a site's tags and writes a spec of them, YAML or JSON by the
    /// output's extension (YAML to standard output).
    ///
    /// - Parameters:
    ///   - request: The folders and options.
    ///   - output: The spec file to write, or `nil`/`-` for standard output.
    ///   - warn: Called with each problem.
    /// - Returns: A summary line.
    /// - Throws: ``CommandError``.
    package static func collectSpec(_ request: CollectRequest, output: String?, warn: (String) -> Void) throws(CommandError) -> String {
        // The spec is YAML or JSON: another extension (.csv, .txt) would be read back as another
        // format, its lines as tags.
        let ext = output.map { ($0 as NSString).pathExtension.lowercased() } ?? ""
        if output?.isEmpty == true { throw .usage("-o is empty; name a file, or - for standard output") }
        // An output among the content is that error first (it would be written over).
        if let output, output != "-" {
            try OutputFile.check(output, inputs: request.folders)
        } else {
            try OutputFile.checkStandardOutput(against: InputFiles(request.folders))
        }
        var status = stat()
        if let output, output != "-", !["yaml", "yml", "json"].contains(ext), OutputFile.descriptorNumber(output) == nil,
           !(stat(output, &status) == 0 && status.st_mode & S_IFMT != S_IFREG && status.st_mode & S_IFMT != S_IFDIR) {
            throw .usage("the spec collect writes is YAML or JSON: name it .yaml, .yml or .json (not \(quoted(path: output)))")
        }
        let (cloud, site) = try collect(request, warn: warn)
        let asJSON = ext == "json"
        let text: String
        do {
            text = asJSON ? cloud.json() : try cloud.yaml()
        } catch {
            throw .library(error)
        }
        if let output, output != "-" {
            try OutputFile.write(Data(text.utf8), to: output, inputs: request.folders)
        } else {
            try StandardStreams.output(Data(text.utf8))
        }
        return site.summary(tags: cloud.tags.count)
    }
}
