public import Foundation
import Typesetting
import Canvas

/// The tags of a static site, counted from the front matter of its content files: what a cloud of
/// the site's tags is made from.
///
/// ```swift
/// let site = try SiteTags.collect(from: [URL(fileURLWithPath: "content")])
/// var cloud = site.cloud(href: "/tags/{slug}/")
/// cloud.style = .suggestionChips
/// let svg = try cloud.svgData()
/// ```
///
/// Every Markdown (`.md`, `.markdown`, `.mdown`, `.mkd`, `.mdx`), HTML (`.html`, `.htm`) and
/// Eleventy template (`.njk`, `.liquid`) file under the folders is read, as Hugo, Jekyll, Eleventy
/// and Publish lay out sites; folders and files whose names start with `.`, `node_modules`, and
/// the folders of generated pages and templates (`_site`, `_includes`, `_layouts`, `_data`) are
/// skipped (but in a Hugo site's content, where Hugo publishes their pages). Below a folder holding `_config.yml` (a Jekyll site's root), names starting with `_`
/// are skipped as Jekyll skips them, but `_posts` and `_drafts`, and so are Jekyll's default
/// excludes (`vendor/bundle`, `vendor/cache`, `vendor/gems`, `vendor/ruby`, `gemfiles`), and only
/// posts count (``LeftOut/jekyllPage``: `site.tags` holds posts only). In an Eleventy site, what
/// its `.eleventyignore` and `.gitignore` list is skipped, as Eleventy 3 skips it. At a Hugo
/// site's root (`hugo.toml`, or `config.toml` beside `content`, or `config/_default/`) only its
/// content folder is read (`content`, or the configuration's `contentDir`), and
/// in it a folder with an `index` page is a leaf bundle: the other content files in it are the
/// page's resources, not pages. A multilingual Hugo site's pages count in one language
/// (``Options/language``, by default the site's `defaultContentLanguage`), as Hugo keeps one
/// taxonomy per language; a section it leaves out (a draft, future or expired `_index` page)
/// takes its pages with it. At a Publish site's root (a `Package.swift` that depends on Publish,
/// beside `Content`) only the items of the sections its `SectionID` names are read, their block
/// as Ink's `key: value` lines (``LeftOut/publishPage`` for its other pages), and their tags get
/// Publish's slugs (tags of one slug, which Publish writes one page for, are one); a Jekyll site's terms get Jekyll's (`slugify`
/// in jekyll-archives' `slug_mode`). Its front matter (YAML between `---`
/// lines, TOML between `+++` lines, a JSON object, or Org's `#+key: value` lines; see `FrontMatter`) gives the terms of the
/// taxonomies asked for (`tags` and `categories` by default, keys matched ignoring case as Hugo
/// reads them, as written in Jekyll and Eleventy sites; an Eleventy site's `tags` alone when
/// ``Options/readsHugoTaxonomies`` is set): a list, or a plain (unquoted) YAML string of comma-separated terms (Publish; a
/// quoted, TOML or JSON string is one term), or in a Hugo site any string one term, in an
/// Eleventy site any string split at commas, as each generator reads it (an Eleventy site's JSON
/// data files and its layouts' front matter add their tags to its pages'); in a Jekyll post (under
/// `_posts` or `_drafts`) a string of terms separated by white space, and the singular key
/// (`tag`, `category`) one term read instead, and the folders between the folder given and
/// `_posts` categories, as Jekyll reads them. Each page counts once for each
/// of its terms. Terms are grouped as Hugo groups them, by their slug (so "Static Sites" and
/// "static-sites", "Q&A" and "QA" are one term, with one page; in a Jekyll site, by Jekyll's slug,
/// since jekyll-archives writes one page for terms that share it; ``Options/caseSensitive`` groups
/// them as written, as Jekyll and Eleventy do), and keep the first spelling met, in the order of
/// the files' paths. YAML front matter that is not well-formed is read as Publish's `key: value`
/// lines when it holds the keys asked for (with a ``Problem`` saying so, the file counted); a `#`
/// that cuts a value short (a YAML comment) is a ``Problem`` too.
/// Drafts (`draft: true`, Jekyll's `published: false`, and files under `_drafts`) are skipped
/// unless ``Options/includeDrafts`` is set. In a Jekyll site Jekyll's rules hold instead of
/// Hugo's: `published` false or null and a future `date` (or file-name date) leave a post out,
/// `draft`, `publishDate` and `expiryDate` mean nothing, only a YAML block at the file's start is
/// front matter, every file in `_posts` named as a post is one whatever its extension, and the
/// configuration's `defaults` give posts what their front matter does not set. Dates written
/// without a time zone are in the site's (Jekyll's `timezone`, Hugo's `timeZone`), else UTC. Pages the generator lists nowhere are skipped
/// (``LeftOut/unlisted``): Hugo's headless bundles (`headless: true`) and pages with
/// `build.render: never` (Hugo's taxonomies leave out pages without a link), and Eleventy's
/// `eleventyExcludeFromCollections: true` (out of every collection, its tags' too). Terms are
/// told apart by their characters as written: "été" composed and decomposed are two terms, as
/// Hugo and Jekyll, which compare bytes, see them.
///
/// A file that cannot be read, a binary file, a malformed or oversized front matter, a term that
/// is not text, a symbolic link loop, a FIFO or device named as a page: each is a ``Problem`` naming the file and line, the file (or
/// term) is skipped, and the rest of the site is still counted.
public struct SiteTags: Sendable, Hashable {
    /// What to read and how to count.
    public struct Options: Sendable, Hashable {
        /// The front matter keys whose values are terms. Default: `tags` and `categories`.
        public var taxonomies: [String] = ["tags", "categories"]
        /// Whether drafts count. Default: `false`.
        public var includeDrafts = false
        /// Whether pages dated after ``now`` count (Hugo's `--buildFuture`, Jekyll's `--future`).
        /// Default: `false`, as both build them (`PageDates`).
        public var includeFuture = false
        /// Whether pages whose expiry date has passed count (Hugo's `--buildExpired`).
        /// Default: `false`.
        public var includeExpired = false
        /// The moment the pages' dates are compared with. Default: when the options were made.
        public var now = Date()
        /// Whether terms that differ only in case are different terms. Default: `false`.
        public var caseSensitive = false
        /// Terms left out, matched as terms are grouped (by their slug, or as written when
        /// ``caseSensitive``): `post`, the tag Eleventy gives every post for its collection.
        /// Default: none.
        public var excludedTerms: [String] = []
        /// The largest front matter read, in bytes; a larger one is a problem. Default: 1 MiB.
        public var maxFrontMatterBytes = 1 << 20
        /// The language whose pages count in a multilingual Hugo site (`fr`, `pt-br`), as Hugo
        /// keeps one taxonomy per language (`/tags/`, `/fr/tags/`). Default: `nil`, the site's
        /// `defaultContentLanguage` (or, for a folder given inside a language's own content
        /// folder, that language). Pages of other languages are ``LeftOut/otherLanguage``; a
        /// language the site does not build is an error. Sites of other generators have no
        /// languages: every page counts.
        public var language: String?
        /// Whether a Hugo site's own taxonomies (its configuration's `[taxonomies]`, or a
        /// language's own) are read in its pages instead of ``taxonomies``, where it configures
        /// them: a site that keeps `tags` alone has no category pages to link to; and an Eleventy
        /// site's `tags` alone, its only collections. Default: `false`; the command sets it unless
        /// `--taxonomy` is given.
        public var readsHugoTaxonomies = false

        /// The time zone of the site being read, set for each file from its configuration.
        var siteTimeZone: TimeZone?
        /// The Hugo site's `[frontmatter]` date sources, set for each file from its configuration.
        var publishDateSources: [String]?
        var expiryDateSources: [String]?

        /// The defaults.
        public init() {}
    }

    /// One term and the number of pages that have it.
    public struct Term: Sendable, Hashable {
        /// The term as first spelt.
        public var name: String
        /// How many pages have it.
        public var count: Int
        /// The term's URL slug, as its site names the term's page: Hugo's `urlize`
        /// (``SiteTags/slug(_:)``, also outside any known site), Jekyll's `slugify` in a Jekyll
        /// site (as jekyll-archives names tag pages), Eleventy's `slugify` filter in an Eleventy
        /// site (`SiteTags/eleventySlug(_:)`), Publish's in a Publish site.
        public var slug: String
        /// The taxonomy it was first met in (`tags`, `categories`), as the options name it.
        public var taxonomy: String
        /// The taxonomy as its site's URLs spell it, what `{taxonomy}` in a link becomes: Hugo's
        /// `urlize` of the name outside Jekyll and Publish sites (`Film Genres` → `film-genres`,
        /// as Hugo names the folder), else the name percent-encoded.
        public var taxonomySlug: String
        /// Why ``slug`` may not be the name of the page the site's generator writes, or `nil`:
        /// a letter of another script in an Eleventy site's term, which Eleventy's `slugify`
        /// spells in Latin with a table `collect` does not have (`SiteTags/eleventySlug(_:)`).
        public var slugCaveat: String?

        /// Makes a term.
        ///
        /// - Parameters:
        ///   - name: ``name``, the term as first spelt.
        ///   - count: ``count``, how many pages have it.
        ///   - slug: ``slug``, the term's URL slug.
        ///   - taxonomy: ``taxonomy``, the taxonomy it was first met in.
        ///   - taxonomySlug: ``taxonomySlug``; `nil` gives the taxonomy percent-encoded.
        public init(name: String, count: Int, slug: String, taxonomy: String = "tags", taxonomySlug: String? = nil) {
            self.name = name
            self.count = count
            self.slug = slug
            self.taxonomy = taxonomy
            self.taxonomySlug = taxonomySlug ?? SiteTags.percentEncoded(taxonomy)
        }
    }

    /// A file or term that was skipped, and why.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What a problem cost the count.
        public enum Skipped: Sendable, Hashable {
            /// Nothing: the problem is a note (a `#` that cut a value short, say).
            case nothing
            /// The file was left out: it was read, and its front matter could not be.
            case file
            /// The file or folder was left out unread.
            case entry
            /// The term was left out; the rest of the file was counted.
            case term

            /// The words a warning ends with: `; skipped`, `; it was skipped`.
            var suffix: String {
                switch self {
                case .nothing: ""
                case .file: "; the file was skipped"
                case .entry: "; skipped"
                case .term: "; it was skipped"
                }
            }
        }

        /// The file, as a path under the folder given.
        public var file: String
        /// The line, when the problem has one.
        public var line: Int?
        /// What is wrong.
        public var message: String
        /// What was left out of the count because of it.
        public var skipped: Skipped

        /// Makes a problem.
        public init(file: String, line: Int?, message: String, skipped: Skipped = .nothing) {
            self.file = file
            self.line = line
            self.message = message
            self.skipped = skipped
        }

        /// The file and line, then what is wrong: `content/post.md:3: tags holds a mapping, which
        /// is not text (give each tag as text)`. This is how `--strict` lists it: nothing was
        /// skipped, the command failed.
        public var problem: String {
            (line.map { "\(escapingControls(file)):\($0)" } ?? escapingControls(file)) + ": " + message
        }

        /// The problem as a warning, with what was left out:
        /// `content/post.md:3: tags holds an empty tag (""); it was skipped`.
        public var description: String { problem + skipped.suffix }
    }

    /// How terms are ordered in a cloud.
    public enum Order: String, Sendable, CaseIterable {
        /// The most used first (ties by name).
        case count
        /// By name, ignoring case.
        case name
    }

    /// The terms, in the order they were first met: a term met in several taxonomies (a tag and
    /// a category of one name) is one term, counted once per page, under the taxonomy it was
    /// first met in.
    public var terms: [Term]
    /// The terms of each taxonomy apart, in the order they were first met: a tag and a category
    /// of one name are two terms, each with its own count and taxonomy (what a link template
    /// with `{taxonomy}` links to: Hugo serves `/tags/go/` and `/categories/go/` with their own
    /// pages). Empty when the collection was made from ``terms`` alone.
    public var termsByTaxonomy: [Term] = []
    /// What was skipped.
    public var problems: [Problem]
    /// How many content files were read.
    public var filesRead: Int
    /// How many pages were read and left out, by why (a draft, dated in the future, expired).
    public var leftOut: [LeftOut: Int] = [:]
    /// The ``Options/excludedTerms`` that matched a term of some page, as given.
    public var excludedFound: [String] = []
    /// The languages the Hugo sites read build (their codes, sorted); empty when no Hugo site
    /// was read. A site without `languages` has one, its `defaultContentLanguage` (`en`).
    public var hugoLanguages: [String] = []
    /// The Hugo sites' `[permalinks]` for taxonomies, by taxonomy name in lower case: where Hugo
    /// writes their term pages (`/topics/:slug/`) when not at `/TAXONOMY/SLUG/`.
    public var hugoPermalinks: [String: String] = [:]
    /// Where the first Hugo site read writes its taxonomies' pages, from the site's root: its
    /// `baseURL`'s path, then the language counted's folder when Hugo puts its pages in one (a
    /// language other than the default, or any with `defaultContentLanguageInSubdir`):
    /// `/blog/fr/` for `/blog/fr/tags/swift/`; `nil` when no Hugo site was read.
    public var hugoPagePrefix: String?
    /// Whether the first Hugo site read has `uglyURLs`: a term's page is `/tags/swift.html`.
    public var hugoUglyURLs = false
    /// The language counted in the multilingual Hugo sites read (one, or none when there were
    /// none), which ``summary(tags:)`` names.
    public var languageCounted: String?
    /// The front matter keys read, in order: the options' ``Options/taxonomies``, or a Hugo
    /// site's own (``Options/readsHugoTaxonomies``).
    public var taxonomiesRead: [String] = []

    /// Why a page that was read is not counted.
    public enum LeftOut: String, Sendable, Hashable, CaseIterable {
        /// `draft: true`, or Jekyll's `published: false`.
        case draft
        /// Its publish date is after ``Options/now``.
        case future
        /// Its expiry date is not after ``Options/now``.
        case expired
        /// A file in Jekyll's `_posts` whose name is not a post's (`YYYY-MM-DD-title.md`).
        case undatedPost
        /// A page the generator keeps out of its lists and taxonomies: Hugo's `headless: true`
        /// and `build.render: never`, Eleventy's `eleventyExcludeFromCollections: true`.
        case unlisted
        /// A page of a Jekyll site that is not a post (outside `_posts`): Jekyll's `site.tags`
        /// and `site.categories` hold posts only.
        case jekyllPage
        /// A page of a Hugo site in another language than ``Options/language`` (`post.fr.md`, or
        /// a page in another language's content folder): it is in that language's taxonomies.
        case otherLanguage
        /// A page of a Publish site that is not an item (outside its sections' folders, or a
        /// section's own `index.md`): Publish gives tags to items only.
        case publishPage
        /// A Hugo taxonomy's or term's own page (`content/tags/_index.md`,
        /// `content/tags/swift/_index.md`): Hugo puts no such page in a taxonomy, whatever its
        /// front matter says; a term's page gives the term its title (``Term/name``).
        case hugoTermPage
    }

    /// What a site's configuration publishes that is left out by default: Hugo's `buildDrafts`,
    /// `buildFuture` and `buildExpired`; Jekyll's `unpublished` (pages with `published: false`)
    /// and `future`. Each acts for that site's pages as ``Options/includeDrafts``,
    /// ``Options/includeFuture`` and ``Options/includeExpired`` do.
    struct Builds: Sendable, Hashable {
        var drafts = false
        var future = false
        var expired = false
        /// The site's time zone (Jekyll's `timezone`, Hugo's `timeZone`), in which dates written
        /// without one are read; `nil` for UTC.
        var timeZone: TimeZone?
        /// A Hugo site's `[frontmatter]` lists of where a page's publish and expiry dates come
        /// from (``HugoConfig/publishDateSources``); `nil` for Hugo's defaults.
        var publishDateSources: [String]?
        var expiryDateSources: [String]?
    }

    /// The line `collect` ends with: `collected 12 tags from 40 files (3 drafts, 1 dated in the
    /// future left out), 2 problems`.
    ///
    /// - Parameter tags: How many tags the cloud made of them has.
    public func summary(tags: Int) -> String {
        let reasons = LeftOut.allCases.compactMap { reason in leftOut[reason].map { (reason, $0) } }.map { reason, count in
            switch reason {
            case .draft: count == 1 ? "1 draft" : "\(count) drafts"
            case .future: "\(count) dated in the future"
            case .expired: "\(count) expired"
            case .undatedPost: "\(count) in _posts without a date in the name"
            case .unlisted: "\(count) unlisted"
            case .jekyllPage: count == 1 ? "1 Jekyll page that is not a post" : "\(count) Jekyll pages that are not posts"
            case .otherLanguage: "\(count) in other languages"
            case .publishPage: count == 1 ? "1 Publish page that is not an item" : "\(count) Publish pages that are not items"
            case .hugoTermPage: count == 1 ? "1 Hugo taxonomy or term page" : "\(count) Hugo taxonomy and term pages"
            }
        }
        let left = reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")) left out)"
        let language = languageCounted.map { " in \($0)" } ?? ""
        // Problems cost the count (`--strict` fails on them); notes cost nothing.
        let problemCount = problems.count { $0.skipped != .nothing }, noteCount = problems.count - problemCount
        let problemText = (problemCount == 0 ? "" : problemCount == 1 ? ", 1 problem" : ", \(problemCount) problems")
            + (noteCount == 0 ? "" : noteCount == 1 ? ", 1 note" : ", \(noteCount) notes")
        return "collected \(tags) tag\(tags == 1 ? "" : "s") from \(filesRead) file\(filesRead == 1 ? "" : "s")\(language)\(left)\(problemText)"
    }

    /// Makes a collection's result.
    public init(terms: [Term], termsByTaxonomy: [Term] = [], problems: [Problem], filesRead: Int, leftOut: [LeftOut: Int] = [:]) {
        self.terms = terms
        self.termsByTaxonomy = termsByTaxonomy
        self.problems = problems
        self.filesRead = filesRead
        self.leftOut = leftOut
    }

    /// Counts the terms of the content files under folders.
    ///
    /// - Parameters:
    ///   - folders: The content folders (a site's `content/`, or its root).
    ///   - options: What to read and how to count.
    /// - Returns: The terms and the problems met.
    /// - Throws: ``TagCloudError/cannotReadInput(path:reason:)`` when a folder given does not
    ///   exist or is not a folder, ``TagCloudError/unbuiltLanguage(language:site:builds:reason:isDefault:)``
    ///   when a Hugo site does not build the ``Options/language`` asked for (or, none asked for,
    ///   its own default); anything wrong below a folder is a ``Problem``.
    /// - Complexity: O(n) in the size of the front matter read; files are read on every core.
    public static func collect(from folders: [URL], options: Options = Options()) throws(TagCloudError) -> SiteTags {
        // One walk over every folder: a page reached twice (folders that overlap, a folder given
        // twice, links to one folder or file) is read once.
        var walker = FolderWalker()
        walker.requestedLanguage = options.language.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        walker.readsHugoTaxonomies = options.readsHugoTaxonomies
        walker.taxonomies = options.taxonomies
        for folder in folders {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
                var link = stat()
                let reason = lstat(folder.path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
                    ? "it is a symbolic link to nothing, or a loop of links" : "there is no such folder"
                throw .cannotReadInput(path: folder.relativePath, reason: reason)
            }
            guard isFolder.boolValue else {
                // A shell's glob (`collect _posts/*.md`) gives files: the folder is what counts,
                // with its site's rules (drafts, dates, languages, the generator's own files).
                let parent = (folder.relativePath as NSString).deletingLastPathComponent
                throw .cannotReadInput(path: folder.relativePath, reason: "it is a file, and collect reads folders (a site's, or "
                                       + "its content's, read with the site's rules); give its folder, \"\(parent.isEmpty ? "." : parent)\"")
            }
            // A folder given that cannot be listed is an input that cannot be read, as a missing
            // one (below it, a folder that cannot be listed is a problem, and the rest is read).
            guard let listing = opendir(folder.path) else {
                throw .cannotReadInput(path: folder.relativePath, reason: "it cannot be listed (\(String(cString: strerror(errno))))")
            }
            closedir(listing)
            // A folder given inside `_posts` (`collect .` there) holds Jekyll posts however it is
            // named: its real path says so, found once for all its files.
            walker.rootIsInPosts = isJekyllPost(folder.standardizedFileURL.path + "/-")
            walker.rootName = folder.relativePath
            // A folder given in a Hugo site's content (or that folder): its pages are Hugo's
            // (bundles and languages, above all).
            walker.enterHugoSite(around: folder)
            // A folder given in a Publish site's `Content` (or that folder): its items are Publish's.
            if walker.hugoContentDepth == nil { walker.enterPublishSite(around: folder) } else { walker.publishContentDepth = nil }
            if let bundle = walker.insideBundle {
                walker.problems.append(Problem(file: folder.relativePath, line: nil, message: "is inside the Hugo leaf bundle "
                                               + "\(quoted(bundle)), whose other files are its page's resources, not pages", skipped: .nothing))
                continue
            }
            // Jekyll's drafts given as the folder (`collect site/_drafts`) are drafts still (not in
            // a Hugo or Eleventy site, where `_drafts` is a folder as any other).
            if !options.includeDrafts, walker.hugoContentDepth == nil, FolderWalker.eleventyPrefix(of: folder) == nil,
               folder.standardizedFileURL.pathComponents.contains("_drafts") {
                walker.draftFiles += FolderWalker.contentFileCount(in: folder)
                continue
            }
            // A folder given inside a Jekyll site is read by Jekyll's rules from the site's root.
            let jekyllPrefix = FolderWalker.jekyllPrefix(of: folder)
            walker.jekyllPrefix = jekyllPrefix ?? []
            walker.jekyllRootDepth = jekyllPrefix == nil ? nil : 0
            walker.jekyll = jekyllPrefix.map { prefix in
                let (root, shown) = FolderWalker.root(of: folder, prefix: prefix)
                return walker.jekyllConfiguration(of: root, name: shown)
            }
            // A folder given that Jekyll's entry filter leaves out (`_notes`, `_posts/_old`, unless
            // `include` names it): Jekyll reads none of it.
            if let jekyllPrefix, let config = walker.jekyll,
               let hidden = FolderWalker.folderJekyllHides(jekyllPrefix, config: config) {
                walker.problems.append(Problem(file: folder.relativePath, line: nil, message: "is left out by Jekyll, which reads no "
                                               + "\(quoted(hidden)) folder (a name starting with _, ., # or ~) unless _config.yml "
                                               + "lists it in include; nothing in it was counted", skipped: .nothing))
                continue
            }
            // A folder given that the site's configuration excludes: Jekyll reads none of it.
            if let jekyllPrefix, !jekyllPrefix.isEmpty, let config = walker.jekyll,
               let pattern = config.excludingPattern(jekyllPrefix.joined(separator: "/")) {
                let by = config.listedExcludes.contains(pattern)
                    ? "\(quoted(pattern)) in the exclude of \(config.source.map { quoted(path: $0) } ?? "the site's configuration")"
                    : "Jekyll's default exclude \(quoted(pattern))"
                walker.problems.append(Problem(file: folder.relativePath, line: nil, message: "is left out by \(by), so Jekyll "
                                               + "builds none of its pages; nothing in it was counted", skipped: .nothing))
                continue
            }
            // And inside an Eleventy site, its strings are read as Eleventy reads them, and its
            // ignore files hold.
            let eleventyPrefix = FolderWalker.eleventyPrefix(of: folder)
            walker.eleventyRootDepth = eleventyPrefix == nil ? nil : 0
            walker.eleventyPrefix = eleventyPrefix ?? []
            walker.eleventyIgnores = EleventyIgnores()
            walker.eleventyInput = []
            walker.eleventyWithoutPages = nil
            // Where the site's layouts are, for its pages' data.
            var siteData = EleventyData()
            if let eleventyPrefix {
                let (root, shown) = FolderWalker.root(of: folder, prefix: eleventyPrefix)
                // Its configuration's input folder holds its pages (else the folder given may be
                // the input folder, named on Eleventy's command line).
                let directories = EleventyIgnores.directories(root: root), setting = directories.input
                siteData.layoutsFolder = directories.layouts.reduce(root) { $0.appendingPathComponent($1) }
                siteData.layoutsName = FolderWalker.joined(shown, directories.layouts)
                siteData.layoutAliases = directories.layoutAliases
                if let why = EleventyIgnores.nothingBuilt(setting) {
                    walker.problems.append(Problem(file: shown, line: nil, message: why, skipped: .nothing))
                    continue
                }
                walker.eleventyWithoutPages = directories.withoutPages
                let input: [String]? = if case .folder(let parts) = setting { parts } else { nil }
                if let input, !eleventyPrefix.starts(with: input), !input.starts(with: eleventyPrefix) {
                    walker.problems.append(Problem(file: folder.relativePath, line: nil, message: "is outside the Eleventy site's input "
                                                   + "folder \(quoted(path: input.joined(separator: "/"))), as its configuration sets it, "
                                                   + "so Eleventy builds none of its pages; nothing in it was counted", skipped: .nothing))
                    continue
                }
                let inputFolder = input.map { input in
                    (input.reduce(root) { $0.appendingPathComponent($1) }, input, FolderWalker.joined(shown, input))
                } ?? (folder, eleventyPrefix, folder.relativePath)
                let ignores = EleventyIgnores.read(root: root, rootName: shown, input: inputFolder)
                walker.problems += ignores.problems
                walker.eleventyInput = input ?? []
                if let rule = ignores.rule(leavingOutAnyOf: eleventyPrefix) {
                    walker.problems.append(Problem(file: folder.relativePath, line: nil, message: "is left out by line \(rule.line) of "
                                                   + "\(quoted(path: rule.file)), so Eleventy builds none of its pages; "
                                                   + "nothing in it was counted", skipped: .nothing))
                    continue
                }
                walker.eleventyIgnores = ignores
            }
            // The directory data of the folders above the one given reach its pages too.
            walker.eleventyDirectoryData = siteData
            if let eleventyPrefix {
                var above = URL(fileURLWithPath: folder.path).standardized
                var folders: [URL] = []
                for _ in eleventyPrefix {
                    above = above.deletingLastPathComponent()
                    folders.insert(above, at: 0)
                }
                // (The input folder's and those inside it, not the root's: the i-th is i folders
                // below the root.)
                for (index, url) in folders.enumerated().dropFirst(max(walker.eleventyInput.count, 1)) {
                    let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                    // Named from the folder given (`site/posts/2024` → `site/posts`) when its path shows it.
                    let parts = folder.relativePath.split(separator: "/", omittingEmptySubsequences: true)
                    let up = folders.count - index
                    let shown = parts.count > up && !parts.suffix(up).contains { $0 == "." || $0 == ".." }
                        ? (folder.relativePath.hasPrefix("/") ? "/" : "") + parts.dropLast(up).joined(separator: "/") : url.path
                    walker.readEleventyDirectoryData(of: url, name: shown, entries: entries)
                }
            }
            walker.walk(folder, name: folder.relativePath, includeDrafts: options.includeDrafts)
            if let error = walker.languageError { throw error }
        }
        // One language a cloud: folders given in two languages' folders, and none asked for.
        if walker.requestedLanguage == nil, walker.countedLanguages.count > 1 {
            throw .mixedLanguages(walker.countedLanguages.sorted())
        }
        var files = walker.files
        var problems = walker.problems
        files.sort { $0.name < $1.name }
        // Each file on any core; the results are merged in path order, so counts and spellings
        // are the same however the work was shared.
        let results = Locked<[FileResult?]>([FileResult?](repeating: nil, count: files.count))
        let layouts = EleventyLayouts()
        let list = files
        DispatchQueue.concurrentPerform(iterations: list.count) { index in
            let file = list[index]
            var fileOptions = options
            // What the site's configuration publishes (Hugo's buildDrafts…, Jekyll's future…).
            if file.builds.drafts { fileOptions.includeDrafts = true }
            if file.builds.future { fileOptions.includeFuture = true }
            if file.builds.expired { fileOptions.includeExpired = true }
            fileOptions.siteTimeZone = file.builds.timeZone
            fileOptions.publishDateSources = file.builds.publishDateSources
            fileOptions.expiryDateSources = file.builds.expiryDateSources
            let result = readFile(file.url, name: file.name, inPosts: file.inPosts,
                                  folderCategories: folderCategories(of: file), keys: file.taxonomies ?? options.taxonomies,
                                  cascade: file.cascade, strings: file.strings, data: file.data,
                                  jekyllSite: file.jekyllFolders != nil && file.strings == .plainYAMLSplit, layouts: layouts,
                                  options: fileOptions)
            var styled = result
            styled.slugStyle = file.slugStyle
            // A site that keeps case in its paths (Hugo's `disablePathToLower`) keeps its
            // taxonomy's configured spelling in `{taxonomy}` (`/Topics/Kernel/`), where the front
            // matter's key is matched in lower case: the link said `/topics/Kernel/`, which Hugo
            // never wrote.
            if file.slugStyle.keepsCase {
                let names = file.taxonomies ?? options.taxonomies
                styled.terms = styled.terms.map { term in
                    (term.term, names.first { $0.lowercased() == term.taxonomy.lowercased() } ?? term.taxonomy)
                }
            }
            results.withLock { $0[index] = styled }
        }
        // Keys compare their bytes: Swift's strings are equal when canonically equivalent, but
        // "été" composed and decomposed are two terms with two slugs to Hugo and Jekyll.
        var order: [ExactText] = []
        var byKey: [ExactText: Term] = [:]
        // The same, each taxonomy apart (keyed by taxonomy and term).
        var taxonomyOrder: [ExactText] = []
        var byTaxonomyKey: [ExactText: Term] = [:]
        var slugs: [SlugStyle: [ExactText: String]] = [:]
        // An --exclude is matched as the site of the page spells terms (by style, computed once).
        var exclusionsByStyle: [SlugStyle: [ExactText: [String]]] = [:]
        func exclusions(_ style: SlugStyle) -> [ExactText: [String]] {
            if let known = exclusionsByStyle[style] { return known }
            var made: [ExactText: [String]] = [:]
            for given in options.excludedTerms {
                let term = given.trimmingCharacters(in: .whitespaces)
                made[ExactText(options.caseSensitive ? term : groupingKey(term, slug: Self.slug(term, style: style), style: style)),
                     default: []].append(given)
            }
            exclusionsByStyle[style] = made
            return made
        }
        var excludedMet = Set<String>()
        var read = 0
        var leftOut: [LeftOut: Int] = walker.draftFiles > 0 ? [.draft: walker.draftFiles] : [:]
        if walker.jekyllPages > 0 { leftOut[.jekyllPage] = walker.jekyllPages }
        if walker.publishPages > 0 { leftOut[.publishPage] = walker.publishPages }
        if walker.otherLanguagePages > 0 { leftOut[.otherLanguage] = walker.otherLanguagePages }
        if walker.hugoTermPages > 0 { leftOut[.hugoTermPage] = walker.hugoTermPages }
        // Hugo publishes nothing below a section it leaves out (an `_index` page that is a draft,
        // dated in the future or expired, by its own front matter or a cascade): its pages go too.
        var fileResults = results.withLock { $0 }
        let hiddenSections = list.indices.compactMap { index -> (folder: String, reason: LeftOut)? in
            guard walker.hugoSectionPages.contains(list[index].name), let reason = fileResults[index]?.leftOut,
                  [.draft, .future, .expired].contains(reason) else { return nil }
            return (String(list[index].name.dropLast(list[index].url.lastPathComponent.count)), reason)
        }
        if !hiddenSections.isEmpty {
            for index in list.indices where fileResults[index]?.counted == true {
                guard let section = hiddenSections.first(where: { list[index].name.hasPrefix($0.folder) }) else { continue }
                fileResults[index]?.counted = false
                fileResults[index]?.terms = []
                fileResults[index]?.leftOut = section.reason
            }
        }
        for result in fileResults {
            guard let result else { continue }
            // A file's problems in the order of their lines (a list's bad values were said
            // before its empty ones), those of the whole file first; stable for one line.
            problems += result.problems.enumerated().sorted { a, b in
                (a.element.line ?? 0, a.offset) < (b.element.line ?? 0, b.offset)
            }.map(\.element)
            if let reason = result.leftOut { leftOut[reason, default: 0] += 1 }
            guard result.counted else { continue }
            read += 1
            var seen = Set<ExactText>()
            var seenInTaxonomy = Set<ExactText>()
            // Each spelling's slug once: a site repeats its terms on many pages.
            func cachedSlug(_ text: String) -> String {
                if let known = slugs[result.slugStyle]?[ExactText(text)] { return known }
                let made = Self.slug(text, style: result.slugStyle)
                slugs[result.slugStyle, default: [:]][ExactText(text)] = made
                return made
            }
            // Each term with its slug and the key it is grouped by. Publish keeps tags apart that
            // differ in any way (its `Tag` compares them so), but writes one page for those of one
            // slug (`Swift` and `swift` at /tags/swift/, the one written last winning): grouped as
            // one here, as in Hugo, so that two chips do not link to one page
            // (``Options/caseSensitive`` keeps them apart).
            let grouped = result.terms.map { term, taxonomy in
                let slug = cachedSlug(term)
                return (term: term, taxonomy: taxonomy, slug: slug,
                        key: ExactText(options.caseSensitive ? term : groupingKey(term, slug: slug, style: result.slugStyle)))
            }
            // A Hugo page's last spelling of each term names it (hugo 0.111 titles `tags: [Go,
            // go, GO]` "GO").
            var lastSpelling: [ExactText: (term: String, slug: String)] = [:]
            if result.slugStyle.isHugo, !result.slugStyle.keepsCase {
                for entry in grouped { lastSpelling[entry.key] = (entry.term, entry.slug) }
            }
            for entry in grouped {
                let (term, slug) = lastSpelling[entry.key] ?? (entry.term, entry.slug)
                let (taxonomy, key) = (entry.taxonomy, entry.key)
                let caveat = result.slugStyle.isEleventy && eleventySlugMayDiffer(term) ? Self.eleventyCaveat : nil
                if let givens = exclusions(result.slugStyle)[key] {
                    excludedMet.formUnion(givens)
                    continue
                }
                let taxonomyKey = ExactText(taxonomy + "\u{0}" + key.text)
                // Hugo's folder of a taxonomy is its name urlized (`Film Genres` → `film-genres`).
                let urlized = result.slugStyle.isPublish || result.slugStyle.jekyllMode != nil ? "" : cachedSlug(taxonomy)
                let taxonomySlug = urlized.isEmpty ? nil : urlized
                if seenInTaxonomy.insert(taxonomyKey).inserted {
                    if byTaxonomyKey[taxonomyKey] == nil {
                        taxonomyOrder.append(taxonomyKey)
                        byTaxonomyKey[taxonomyKey] = Term(name: term, count: 0, slug: slug, taxonomy: taxonomy, taxonomySlug: taxonomySlug)
                        byTaxonomyKey[taxonomyKey]?.slugCaveat = caveat
                    }
                    byTaxonomyKey[taxonomyKey]?.count += 1
                }
                guard seen.insert(key).inserted else { continue }
                if byKey[key] == nil {
                    order.append(key)
                    byKey[key] = Term(name: term, count: 0, slug: slug, taxonomy: taxonomy, taxonomySlug: taxonomySlug)
                    byKey[key]?.slugCaveat = caveat
                }
                byKey[key]?.count += 1
            }
        }
        // A term's own page titles it, as Hugo's term pages and lists show it (`.Page.Title`);
        // a term whose page is a draft is left out, as Hugo leaves it out.
        let termPages = Self.hugoTermPages(walker.hugoTermTitles, includeDrafts: options.includeDrafts, problems: &problems)
        if !termPages.titles.isEmpty || !termPages.drafts.isEmpty {
            // The slug is a URL's path segment (`c%23` for `C#`); the term page's folder is its decoded name (`c#`).
            func place(_ term: Term) -> TermPageKey {
                TermPageKey(taxonomy: term.taxonomy.lowercased(), folder: (term.slug.removingPercentEncoding ?? term.slug).lowercased())
            }
            // A draft taxonomy page (`content/tags/_index.md`) takes its whole taxonomy: Hugo writes none of its pages.
            func isDrafted(_ term: Term) -> Bool {
                termPages.drafts.contains(place(term)) || termPages.drafts.contains(TermPageKey(taxonomy: term.taxonomy.lowercased(), folder: ""))
            }
            for key in order where byKey[key].map(isDrafted) == true { byKey[key] = nil }
            for key in taxonomyOrder where byTaxonomyKey[key].map(isDrafted) == true { byTaxonomyKey[key] = nil }
            func titled(_ term: inout Term) {
                if let title = termPages.titles[place(term)] { term.name = title }
            }
            for key in order { byKey[key].map { term in var term = term; titled(&term); byKey[key] = term } }
            for key in taxonomyOrder { byTaxonomyKey[key].map { term in var term = term; titled(&term); byTaxonomyKey[key] = term } }
        }
        var site = SiteTags(terms: order.compactMap { byKey[$0] }, termsByTaxonomy: taxonomyOrder.compactMap { byTaxonomyKey[$0] },
                            problems: problems, filesRead: read, leftOut: leftOut)
        site.excludedFound = options.excludedTerms.filter { excludedMet.contains($0) }
        site.hugoLanguages = walker.hugoLanguages.sorted()
        site.hugoPermalinks = walker.hugoPermalinks
        site.hugoPagePrefix = walker.hugoPagePrefix
        site.hugoUglyURLs = walker.hugoUglyURLs
        site.languageCounted = walker.countedLanguages.count == 1 ? walker.countedLanguages.first : nil
        var keys: [String] = []
        for file in files { for key in file.taxonomies ?? options.taxonomies where !keys.contains(key) { keys.append(key) } }
        site.taxonomiesRead = files.isEmpty ? options.taxonomies : keys
        return site
    }

    /// A Hugo term page's place: its taxonomy and its folder, in lower case (a taxonomy is a
    /// front matter key, which Hugo reads in any case).
    struct TermPageKey: Hashable {
        var taxonomy: String
        var folder: String
    }

    /// What Hugo term pages (`content/tags/swift/_index.md`) say of their terms, by taxonomy
    /// and folder: the titles (`title: Swift Language`; a bare number or boolean as written, as
    /// Hugo shows it), and the terms whose page is a draft (`draft: true`, which Hugo leaves out
    /// with its term unless drafts are built). A page that cannot be read is said and says
    /// nothing; one that sets `url` is said, since a link from `--href` does not follow it.
    static func hugoTermPages(_ pages: [(taxonomy: String, folder: String, url: URL, name: String)], includeDrafts: Bool,
                              problems: inout [Problem]) -> (titles: [TermPageKey: String], drafts: Set<TermPageKey>) {
        var titles: [TermPageKey: String] = [:], drafts = Set<TermPageKey>()
        for page in pages.sorted(by: { $0.name < $1.name }) {
            let key = TermPageKey(taxonomy: page.taxonomy.lowercased(), folder: page.folder.lowercased())
            do {
                let bytes = try readStartOfPage(page.url)
                guard let block = try FrontMatter.find(in: bytes, limit: 1 << 20) else { continue }
                let values = try block.values(for: ["title", "url"], file: page.name, strings: .one)
                if values.isDraft, !includeDrafts { drafts.insert(key) }
                if let url = values.terms.first(where: { $0.taxonomy == "url" }) {
                    problems.append(Problem(file: page.name, line: url.line, message: "sets url: \(url.term), where Hugo writes the "
                                            + "term's page; a link made by --href does not follow it", skipped: .nothing))
                }
                var title = values.terms.first(where: { $0.taxonomy == "title" })?.term
                if title == nil, let bare = values.rejected.first(where: { $0.key == "title" }), case .scalar(_, let text) = bare.kind {
                    title = text
                }
                guard !page.folder.isEmpty, let title, !title.trimmingCharacters(in: .whitespaces).isEmpty,
                      lengthProblem(title, taxonomy: "title") == nil else { continue }
                titles[key] = title
            } catch let problem as Problem {
                problems.append(problem)
            } catch {
                problems.append(Problem(file: page.name, line: nil, message: "cannot be read (\(error))", skipped: .nothing))
            }
        }
        return (titles, drafts)
    }

    /// The key terms are grouped by, as Hugo groups them (`strings.ToLower(MakePath(term))`):
    /// the slug, so that "Static Sites" and "static-sites", "Q&A" and "QA", "İstanbul" and
    /// "istanbul" are one term with one page; a term without a slug (no letter or digit) by its
    /// text in lower case.
    static func groupingKey(_ term: String, slug: String, style: SlugStyle = SlugStyle()) -> String {
        // With `disablePathToLower`, Hugo 0.111 keeps `Go` and `go` as two terms but writes one
        // page for both (/tags/Go/, listing the first one's pages; /tags/go/ is never written):
        // grouped as one here, so that no chip links to a page that does not exist.
        slug.isEmpty ? "\u{0}" + term.lowercased() : style.keepsCase ? slug.lowercased() : slug
    }

    /// A cloud of the terms: each a tag weighted by its count, linked through a template.
    ///
    /// - Parameters:
    ///   - minCount: Terms used by fewer pages are left out.
    ///   - top: At most this many terms, the most used (then the sort applies); `nil` for all.
    ///   - order: The order of the tags.
    ///   - href: A link template: `{slug}` (``slug(_:)``), `{name}` (percent-encoded),
    ///     `{count}` and `{taxonomy}` (the key the term was met under, such as `categories`)
    ///     are replaced (`/tags/{slug}/`, `/{taxonomy}/{slug}/` for tags and categories together);
    ///     `nil` for no links. With `{taxonomy}`, the tags are ``termsByTaxonomy`` (a tag and a
    ///     category of one name are two chips, each linked to its own page and weighted by its own
    ///     count); otherwise ``terms``. A term whose slug is
    ///     empty (no letter or digit, such as "🚀") gets no link from a template with `{slug}`
    ///     (``termsWithoutLink(minCount:top:href:)`` names them, and those whose slug is a dot
    ///     segment), rather than a dead `/tags//`.
    /// - Returns: A cloud with the tags only; set its other keys as for any cloud.
    public func cloud(minCount: Int = 1, top: Int? = nil, order: Order = .name, href: String? = nil) -> Cloud {
        var kept = terms(linkedBy: href).filter { $0.count >= minCount }
        // By name is by the Unicode collation `order: name` sorts by (root): `Ärger` with the A's,
        // not after `Zürich` as code points put it; names the collation finds equal by code points.
        let collation = NameCollation(locale: nil)
        func byName(_ a: Term, _ b: Term) -> Bool {
            let order = collation.compare(a.name, b.name)
            return order == .orderedSame ? a.name < b.name : order == .orderedAscending
        }
        // The most used first, ties by name as above, whatever the files' order. (Hugo's ByCount
        // breaks ties by case-folded code points, which cut `école` before `zèbre` from a `--top`
        // and listed ties in another order than `--sort name`.)
        func byCount(_ a: Term, _ b: Term) -> Bool {
            a.count != b.count ? a.count > b.count : byName(a, b)
        }
        if let top, kept.count > top {
            kept = Array(kept.sorted(by: byCount).prefix(max(0, top)))
        }
        switch order {
        case .count: kept.sort(by: byCount)
        case .name: kept.sort(by: byName)
        }
        return Cloud(tags: kept.map { term in
            let link = href.flatMap { template in Self.linkProblem(template, for: term) == nil ? Self.link(template, for: term) : nil }
            return Cloud.Tag(term.name, weight: Double(term.count), href: link)
        })
    }

    /// Why a term is too long to be a tag (``Cloud/maximumTagLength``), or `nil`: a spec that
    /// `collect` wrote must be one `render` reads, and a 900,000-character term took minutes.
    static func lengthProblem(_ term: String, taxonomy: String) -> String? {
        guard term.utf8.count > Cloud.maximumTagLength, case let length = term.unicodeScalars.count,
              length > Cloud.maximumTagLength else { return nil }
        return "\(taxonomy) holds a tag of \(length) characters, more than the \(Cloud.maximumTagLength) a tag may have"
    }

    /// Why a template makes no link for a term, or `nil` when it makes one: a `{slug}` that is
    /// empty (no letter or digit, such as "🚀"), or a `{slug}` or `{name}` that is a dot segment
    /// (`..` and `.`, or a slug with one between its slashes, such as `a/../b`): the link would
    /// leave the taxonomy's folder (`/tags/../` is the site's root), and a browser reads `%2E%2E`
    /// as `..` too, so no spelling of it is safe. A placeholder in the query or fragment
    /// (`/search?q={name}`) is no path segment: a dot there is text.
    static func linkProblem(_ template: String, for term: Term) -> String? {
        let path = template.prefix { $0 != "?" && $0 != "#" }
        if template.contains("{slug}") {
            // A slug known to differ from the generator's page name would link to no page.
            if let caveat = term.slugCaveat { return caveat }
            if term.slug.isEmpty { return "has no letter or digit for {slug}" }
            if path.contains("{slug}"), hasDotSegment(term.slug) {
                return "makes a {slug} with a dot segment (\(quoted(term.slug))), which would leave the tags' folder"
            }
        }
        if path.contains("{name}"), hasDotSegment(percentEncoded(term.name)) {
            return "makes a {name} that is a dot segment, which would leave the tags' folder"
        }
        // A link the spec would refuse (a tag of thousands of characters makes a link over
        // WebLink's 8 KiB) is left out here, said, rather than written into a spec that then
        // fails to render.
        do {
            _ = try WebLink(checking: link(template, for: term))
        } catch {
            return "makes a link that would be refused (\(error.description))"
        }
        return nil
    }

    /// Whether a path has a `.` or `..` segment, in any of the spellings a browser reads as one
    /// (`%2e`, `.%2E`, …).
    static func hasDotSegment(_ path: String) -> Bool {
        path.split(separator: "/", omittingEmptySubsequences: false).contains { segment in
            let plain = segment.lowercased().replacingOccurrences(of: "%2e", with: ".")
            return plain == "." || plain == ".."
        }
    }

    /// The terms a cloud keeps that a template gives no link, and why
    /// (`linkProblem(_:for:)`), each name once, in the order they were first met.
    ///
    /// - Parameters:
    ///   - minCount: As for ``cloud(minCount:top:order:href:)``.
    ///   - top: As for ``cloud(minCount:top:order:href:)``.
    ///   - href: The template.
    /// - Returns: The names and the reasons.
    public func termsWithoutLink(minCount: Int = 1, top: Int? = nil, href: String) -> [(name: String, reason: String)] {
        let kept = Set(cloud(minCount: minCount, top: top, href: href).tags.map(\.text))
        var found: [(name: String, reason: String)] = []
        for term in terms(linkedBy: href) where kept.contains(term.name) && !found.contains(where: { $0.name == term.name }) {
            if let reason = Self.linkProblem(href, for: term) { found.append((term.name, reason)) }
        }
        return found
    }

    /// The terms a cloud keeps whose slug is empty, which a link template with `{slug}` leaves
    /// without a link (``termsWithoutLink(minCount:top:href:)`` gives every reason a template
    /// makes no link).
    ///
    /// - Parameters:
    ///   - minCount: As for ``cloud(minCount:top:order:href:)``.
    ///   - top: As for ``cloud(minCount:top:order:href:)``.
    /// - Returns: Their names, in the order they were first met.
    public func termsWithoutSlug(minCount: Int = 1, top: Int? = nil) -> [String] {
        let kept = Set(cloud(minCount: minCount, top: top).tags.map(\.text))
        return terms.filter { $0.slug.isEmpty && kept.contains($0.name) }.map(\.name)
    }

    /// The terms a cloud linked by `href` is made of: each taxonomy's apart when the template
    /// names `{taxonomy}` (and the collection has them), else ``terms``.
    public func terms(linkedBy href: String?) -> [Term] {
        href?.contains("{taxonomy}") == true && !termsByTaxonomy.isEmpty ? termsByTaxonomy : terms
    }

    /// The placeholders a link template may hold.
    public static let linkPlaceholders = ["{slug}", "{name}", "{count}", "{taxonomy}"]

    /// A link template with a term's values in it.
    static func link(_ template: String, for term: Term) -> String {
        template.replacingOccurrences(of: "{slug}", with: term.slug)
            .replacingOccurrences(of: "{name}", with: percentEncoded(term.name))
            .replacingOccurrences(of: "{count}", with: String(term.count))
            .replacingOccurrences(of: "{taxonomy}", with: term.taxonomySlug)
    }

    /// A term's URL slug, as Hugo's `urlize` makes it: letters, digits, marks and
    /// `. / \ _ # + ~ - @` are kept, a run of spaces becomes one `-` (none at either end), other
    /// characters are dropped, the result is lowercased, and what is not ASCII is
    /// percent-encoded as UTF-8 (`Hugö` → `hug%C3%B6`, `< a, b, & c >` → `a-b-c`), `%` too (Hugo
    /// keeps one that starts an escape, `a%20b`, in the page's folder name as it is: its link is
    /// `a%2520b`; a lone `%` is dropped). `#` is
    /// percent-encoded too (`C#` → `c%23`), where Hugo would leave a fragment, and `\\` as a
    /// URL writes it (`%5C`: a browser would read it as `/`). Empty parts of its path are
    /// dropped, as Hugo cleans the term's URL (`/lead` → `lead`, `a//b` → `a/b`), so a slug never
    /// starts or ends with `/`. A term that keeps nothing (`🚀`, `/`) has an empty slug.
    ///
    /// - Returns: The slug.
    /// - Complexity: O(n).
    public static func slug(_ term: String) -> String {
        slug(term, style: SlugStyle())
    }

    /// How a Hugo site spells a term in its URLs, as its configuration says.
    struct SlugStyle: Sendable, Hashable {
        /// `disablePathToLower = true`: the slug keeps the term's case (`/tags/Go/`); terms that
        /// differ in case are one (``SiteTags/groupingKey(_:slug:style:)``), spelt as first met.
        var keepsCase = false
        /// `removePathAccents = true`: accents are dropped (`Été` → `ete`), as Hugo removes the
        /// nonspacing marks of the decomposed term.
        var removesAccents = false
        /// A Publish site: its tags' pages are named as Publish names them (``publishSlug(_:)``).
        var isPublish = false
        /// An Eleventy site: its tags' pages are named by Eleventy's `slugify` filter
        /// (`eleventySlug(_:)`).
        var isEleventy = false
        /// A Jekyll site: its tags' pages are named as jekyll-archives names them, by Jekyll's
        /// `slugify` in the mode its configuration sets (``jekyllSlug(_:mode:)``).
        var jekyllMode: JekyllSlugMode?
        /// A Hugo site's page: of the spellings of one term in a page, the last names it (hugo
        /// 0.111 titles `tags: [Go, go, GO]` "GO"); across pages, the first page's.
        var isHugo = false
    }

    /// The modes of Jekyll's `Utils.slugify` (Jekyll 4), as jekyll-archives' `slug_mode` names them.
    enum JekyllSlugMode: String, Sendable, Hashable, CaseIterable {
        /// Runs of characters that are not letters, marks or decimal digits become one `-`.
        case `default`
        /// Runs of white space become one `-`; everything else is kept.
        case raw
        /// As ``default``, but `. _ ~ ! $ & ' ( ) + , ; = @` are kept too.
        case pretty
        /// Runs of characters that are not ASCII letters or digits become one `-`.
        case ascii
        /// As ``default`` after Latin letters are written in ASCII, as Ruby's `I18n.transliterate`
        /// does with its default approximations: a letter of U+00C0…U+017F loses its accents
        /// (`é` → `e`), `Æ æ Œ œ ß Ø ø Ð ð Đ đ Þ þ Ł ł Ħ ħ Ŧ ŧ Ŋ ŋ Ĳ ĳ Ŀ ŀ ı ĸ ŉ ×` are spelt out, and
        /// any other character that is not ASCII becomes `?` (so a `-`).
        case latin
        /// Not a mode Jekyll knows: the term is only lowercased (Jekyll's `none`, and any other word).
        case none
    }

    /// A term's slug in a site of the given style (``slug(_:)`` for Hugo's defaults).
    static func slug(_ term: String, style: SlugStyle) -> String {
        if style.isPublish { return publishSlug(term) }
        if style.isEleventy { return eleventySlug(term) }
        if let mode = style.jekyllMode { return jekyllSlug(term, mode: mode) }
        var term = term
        if style.removesAccents {
            // Hugo: NFD, the nonspacing marks (Mn) removed, NFC.
            let kept = term.decomposedStringWithCanonicalMapping.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }
            term = String(String.UnicodeScalarView(kept)).precomposedStringWithCanonicalMapping
        }
        var kept = String.UnicodeScalarView()
        var pendingHyphen = false, lastWasHyphen = false
        let allowed: Set<Unicode.Scalar> = [".", "/", "\\", "_", "#", "+", "~", "-", "@"]
        let scalars = Array(term.unicodeScalars)
        func isHex(_ offset: Int) -> Bool { offset < scalars.count && scalars[offset].properties.isASCIIHexDigit }
        for (offset, scalar) in scalars.enumerated() {
            // Go's unicode.IsLetter (L*), IsDigit (Nd) and IsMark (M*), as Hugo tests them, and a
            // `%` that starts an escape (`%20`), which Hugo keeps.
            let isAllowed = switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
                 .nonspacingMark, .spacingMark, .enclosingMark: true
            default: allowed.contains(scalar) || (scalar == "%" && isHex(offset + 1) && isHex(offset + 2))
            }
            if isAllowed {
                lastWasHyphen = scalar == "-"
                if pendingHyphen, !lastWasHyphen { kept.append("-") }
                pendingHyphen = false
                kept.append(scalar)
            } else if !kept.isEmpty, !lastWasHyphen, scalar.properties.isWhitespace {
                pendingHyphen = true
            }
        }
        // Lowercased a character at a time, as Go's strings.ToLower does (`İ` → `i`, no final `ς`).
        var lower = String.UnicodeScalarView()
        if style.keepsCase { lower = kept }
        for scalar in kept where !style.keepsCase {
            if scalar.value == 0x130 { lower.append("i") } else { lower.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars) }
        }
        // Hugo cleans the term's path (`/tags//lead/` is `/tags/lead/`); a slug that started with
        // `/` would also make `/{slug}/` a link to another host (`//lead/`).
        let path = String(lower).split(separator: "/").joined(separator: "/")
        // A `%` Hugo kept (`a%20b`) is a character of the page's folder name, which Hugo writes as
        // it is (`public/tags/a%20b/`): the link encodes it (`a%2520b`); kept as an escape, the
        // link was Hugo's own, which servers decode to `a b` and answer 404.
        return percentEncoded(path, keeping: "/+@-._~")
    }

    /// A tag's slug in a Jekyll site, as jekyll-archives names its page (`/tag/:name/`, `:name`
    /// being Jekyll 4's `Utils.slugify(tag, mode: slug_mode)`): in the default mode each run of
    /// characters that are not letters, marks or decimal digits becomes one `-` (`C++` → `c`,
    /// `node.js` → `node-js`, `Static Sites` → `static-sites`), one `-` at either end is removed,
    /// and the result is lowercased; ``JekyllSlugMode`` lists the other modes. The page's URL is
    /// percent-encoded as Jekyll's `URL.escape_path` writes it (`Été` → `%C3%A9t%C3%A9`).
    static func jekyllSlug(_ term: String, mode: JekyllSlugMode) -> String {
        let pretty: Set<Unicode.Scalar> = [".", "_", "~", "!", "$", "&", "'", "(", ")", "+", ",", ";", "=", "@"]
        func isKept(_ scalar: Unicode.Scalar) -> Bool {
            switch mode {
            case .none: return true
            case .raw: return !scalar.properties.isWhitespace
            case .ascii: return scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            case .default, .pretty, .latin:
                // Ruby's \p{L}, \p{M} and \p{Nd}.
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
                     .nonspacingMark, .spacingMark, .enclosingMark: return true
                default: return mode == .pretty && pretty.contains(scalar)
                }
            }
        }
        var kept = String.UnicodeScalarView()
        var inRun = false
        for scalar in mode == .latin ? transliteratedToLatin(term).unicodeScalars : term.unicodeScalars {
            if isKept(scalar) {
                kept.append(scalar)
                inRun = false
            } else if !inRun {
                kept.append("-")
                inRun = true
            }
        }
        // `slug.gsub!(/^-|-$/, "")`: one hyphen at either end (a run is one hyphen already).
        if mode != .none {
            if kept.first == "-" { kept.removeFirst() }
            if kept.last == "-" { kept.removeLast() }
        }
        // Ruby's String#downcase: the full Unicode lowercase mapping (`İ` → `i̇`).
        let lower = String(kept).unicodeScalars.flatMap { $0.properties.lowercaseMapping.unicodeScalars }
        // `URL.escape_path`: what a URL path segment may hold is kept (`/` too, which a raw slug
        // may have: Jekyll writes the page in that folder, its URL's empty parts dropped as
        // Jekyll's `sanitize_url` drops them, so a slug never starts with `/`), the rest
        // percent-encoded, `#` too.
        let path = String(String.UnicodeScalarView(lower)).split(separator: "/").joined(separator: "/")
        return percentEncoded(path, keeping: "-._~!$&'()*+,;=:@/")
    }

    /// The letters `I18n.transliterate` spells out rather than strips of accents.
    private static let latinApproximations: [Unicode.Scalar: String] = [
        "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "ß": "ss", "Ø": "O", "ø": "o", "Ð": "D", "ð": "d", "Đ": "D", "đ": "d",
        "Þ": "Th", "þ": "th", "Ł": "L", "ł": "l", "Ħ": "H", "ħ": "h", "Ŧ": "T", "ŧ": "t", "Ŋ": "NG", "ŋ": "ng",
        "Ĳ": "IJ", "ĳ": "ij", "Ŀ": "L", "ŀ": "l", "ı": "i", "ĸ": "k", "ŉ": "'n", "×": "x",
    ]

    /// A term in ASCII as Ruby's `I18n.transliterate` writes it with its default approximations
    /// (``JekyllSlugMode/latin``).
    static func transliteratedToLatin(_ term: String) -> String {
        var result = ""
        for scalar in term.precomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else if let spelt = latinApproximations[scalar] {
                result += spelt
            } else if (0xC0...0x17F).contains(scalar.value),
                      let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first, base.isASCII {
                result.unicodeScalars.append(base)
            } else {
                result += "?"
            }
        }
        return result
    }

    /// A tag's slug in an Eleventy site, as Eleventy's `slugify` filter writes it (the filter its
    /// starter blog names tag pages with, `permalink: /tags/{{ tag | slugify }}/`):
    /// `@sindresorhus/slugify` 2 without splitting camel case, over `@sindresorhus/transliterate`
    /// 1. The text is composed (NFC); `&` becomes ` and `, `♥` ` love `, German umlauts are spelt
    /// out (`ä` → `ae`, `ß` → `ss`) and so are the Latin letters that have no accent to drop (`Æ`,
    /// `Ø`, `Ð`, `Þ`, `Đ`, `Ł`, `ı`); then every diacritic is dropped from the decomposed text
    /// (`é` → `e`, `ǎ` → `a`); the text is lowercased; an apostrophe between a word and a `t` or
    /// `s` that ends a word is dropped (`don't` → `dont`, where `O'Reilly` is `o-reilly`); and
    /// every run of characters that are not ASCII letters or digits becomes one `-`, none at
    /// either end (`Node.js` → `node-js`, `C++` → `c`, `Q&A` → `q-and-a`, `a/b` → `a-b`).
    ///
    /// Eleventy also spells Cyrillic, Greek, Arabic, Armenian, Georgian and Thaana letters and some
    /// symbols (`€`, `①`) in Latin, with a table this does not have: ``eleventySlugMayDiffer(_:)``
    /// says which terms have them (their page's name is not known here).
    static func eleventySlug(_ term: String) -> String {
        var replaced = String.UnicodeScalarView()
        for scalar in term.precomposedStringWithCanonicalMapping.unicodeScalars {
            if let spelt = eleventyReplacements[scalar] { replaced.append(contentsOf: spelt.unicodeScalars) } else { replaced.append(scalar) }
        }
        let undecorated = String(replaced).decomposedStringWithCanonicalMapping.unicodeScalars.filter { !$0.properties.isDiacritic }
        let lower = Array(String(String.UnicodeScalarView(undecorated)).precomposedStringWithCanonicalMapping.lowercased().unicodeScalars)
        func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) }
        var slug = ""
        var pendingHyphen = false
        for (index, scalar) in lower.enumerated() {
            // `/([a-zA-Z\d]+)'([ts])(\s|$)/` → the apostrophe goes.
            if scalar == "'", index > 0, isWordCharacter(lower[index - 1]), index + 1 < lower.count, lower[index + 1] == "t" || lower[index + 1] == "s",
               index + 2 == lower.count || lower[index + 2].properties.isWhitespace || lower[index + 2] == "\u{FEFF}" {
                continue
            }
            if isWordCharacter(scalar) {
                if pendingHyphen, !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return slug
    }

    /// Whether a term has a letter or symbol that Eleventy's `slugify` spells in Latin by a table
    /// `eleventySlug(_:)` does not have (a Cyrillic, Greek, Arabic, Armenian, Georgian or
    /// Thaana letter or digit, a currency sign, a circled number), so that the slug made here is
    /// not the name of the page Eleventy writes. (Letters of other scripts, such as Chinese,
    /// Hebrew or Korean, Eleventy drops as the slug here does.)
    static func eleventySlugMayDiffer(_ term: String) -> Bool {
        let transliterated: [ClosedRange<UInt32>] = [
            0x370...0x3FF, 0x1F00...0x1FFF,                      // Greek
            0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F,  // Cyrillic
            0x530...0x58F, 0xFB13...0xFB17,                      // Armenian
            0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF,  // Arabic
            0x780...0x7BF,                                       // Thaana
            0x10A0...0x10FF, 0x1C90...0x1CBF, 0x2D00...0x2D2F,   // Georgian
            0x2460...0x24FF,                                     // circled and parenthesised numbers
        ]
        return term.precomposedStringWithCanonicalMapping.unicodeScalars.contains { scalar in
            guard !scalar.isASCII, eleventyReplacements[scalar] == nil else { return false }
            if scalar.properties.generalCategory == .currencySymbol { return true }
            let isLetterOrDigit = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            return isLetterOrDigit && transliterated.contains { $0.contains(scalar.value) }
        }
    }

    /// ``Term/slugCaveat`` of an Eleventy site's term with such letters or symbols.
    static let eleventyCaveat = "has letters or signs that Eleventy's slugify spells in Latin with a table collect does not have, "
        + "so the name of its page is not known"

    /// What Eleventy's `slugify` writes for characters it spells out before dropping diacritics:
    /// its own replacements (`&`, `♥`, `🦄`), German umlauts, and the Latin letters that do not
    /// decompose into a letter and accents.
    private static let eleventyReplacements: [Unicode.Scalar: String] = [
        "&": " and ", "♥": " love ", "🦄": " unicorn ",
        "ä": "ae", "Ä": "Ae", "ö": "oe", "Ö": "Oe", "ü": "ue", "Ü": "Ue", "ß": "ss", "ẞ": "SS",
        "Æ": "AE", "æ": "ae", "Ø": "O", "ø": "o", "Ð": "D", "ð": "d", "Þ": "TH", "þ": "th", "Đ": "D", "đ": "d",
        "Ł": "L", "ł": "l", "ı": "i",
    ]

    /// A tag's slug in a Publish site, as Publish's `normalizedString` names its page
    /// (`/tags/<slug>`): lowercased, each white-space character a `-`, letters and digits kept,
    /// everything else dropped (`Objective-C` → `objectivec`, `Static Sites` → `static-sites`,
    /// `C++` → `c`); what is not ASCII is percent-encoded as UTF-8.
    static func publishSlug(_ term: String) -> String {
        var kept = ""
        for character in term.lowercased() {
            if character.isWhitespace { kept.append("-") } else if character.isLetter || character.isNumber { kept.append(character) }
        }
        return percentEncoded(kept)
    }

    /// Text with everything but ASCII letters, digits and `keeping` percent-encoded as UTF-8.
    static func percentEncoded(_ text: String, keeping: String = "-._~") -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            let isKept = switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            default: byte < 0x80 && keeping.unicodeScalars.contains(scalar)
            }
            if isKept {
                result.unicodeScalars.append(scalar)
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// What one file gave.
    private struct FileResult {
        /// The terms, with the taxonomy each was met in.
        var terms: [(term: String, taxonomy: String)] = []
        var problems: [Problem] = []
        /// Whether the file counts (read, not a draft).
        var counted = false
        /// Why a file that was read is not counted.
        var leftOut: LeftOut?
        /// How its site spells terms in URLs.
        var slugStyle = SlugStyle()
        /// An Eleventy page's layout (its own front matter's, else its data files'), if any.
        var layout: String?
        /// Whether an Eleventy page's own tags are `override:tags`: its data files' and layouts'
        /// tags are then not its.
        var overridesTags = false
    }

    /// Reads one file's front matter.
    /// The categories Jekyll gives a post from its folders: those between the site's folder and
    /// `_posts` (`blog/_posts/x.md` is in `blog`), none for a file outside `_posts`.
    static func jekyllFolderCategories(_ relative: String) -> [String] {
        let folders = relative.split(separator: "/").dropLast()
        guard let posts = folders.firstIndex(where: { $0 == "_posts" || $0 == "_drafts" }) else { return [] }
        return folders[..<posts].map(String.init)
    }

    /// A file's Jekyll folder categories: from the site's root in a Jekyll site, whichever folder
    /// was given (`collect site/blog` keeps `blog`, `collect .` above the site does not add
    /// `site`), else from the folder given (none for a folder given inside `_posts`, whose path
    /// above is not known to be a site's).
    private static func folderCategories(of file: FolderWalker.Listed) -> [String] {
        if let folders = file.jekyllFolders {
            return jekyllFolderCategories((folders + [file.url.lastPathComponent]).joined(separator: "/"))
        }
        // (Not in a Hugo or Eleventy site, where `_posts` is a folder as any other.)
        guard file.strings == .plainYAMLSplit else { return [] }
        return file.inPosts ? [] : jekyllFolderCategories(String(file.name.dropFirst(file.rootLength)))
    }

    private static func readFile(_ url: URL, name: String, inPosts: Bool, folderCategories: [String], keys: [String],
                                 cascade: FrontMatter.Values.Cascade?, strings: FrontMatter.StringTerms, data: EleventyData,
                                 jekyllSite: Bool, layouts: EleventyLayouts, options: Options) -> FileResult {
        // An Eleventy page's template data files (`post.json`, `post.11tydata.json` beside
        // `post.md`) add their tags to its directories' and its own.
        var data = data, dataProblems: [Problem] = []
        if strings == .commaSplit {
            let folder = url.deletingLastPathComponent(), stem = url.deletingPathExtension().lastPathComponent
            let shownFolder = (name as NSString).deletingLastPathComponent
            for dataName in ["\(stem).json", "\(stem).11tydata.json"] {
                // One stat a name: most pages have no data file.
                guard let read = eleventyData(at: folder.appendingPathComponent(dataName),
                                              name: shownFolder.isEmpty ? dataName : shownFolder + "/" + dataName, absentIsNone: true)
                else { continue }
                data.merge(read.data)
                dataProblems += read.problems
            }
            for script in ["js", "cjs", "mjs"].map({ "\(stem).11tydata.\($0)" })
            where FileManager.default.fileExists(atPath: folder.appendingPathComponent(script).path) {
                dataProblems.append(Problem(file: shownFolder.isEmpty ? script : shownFolder + "/" + script, line: nil,
                                            message: eleventyScriptNote))
            }
        }
        var result = readPageFile(url, name: name, inPosts: inPosts, folderCategories: folderCategories, keys: keys,
                                  cascade: cascade, strings: strings, data: data, jekyllSite: jekyllSite, options: options)
        // Its layouts' tags join its own, as Eleventy's data cascade merges them.
        if strings == .commaSplit, result.counted, !result.overridesTags, let layout = result.layout, let folder = data.layoutsFolder,
           let taxonomy = keys.first(where: { $0.lowercased() == "tags" }) {
            let found = layouts.tags(of: layout, in: folder, named: data.layoutsName, aliases: data.layoutAliases)
            result.terms += found.tags.map { ($0, taxonomy) }
            dataProblems += found.problems
        }
        result.problems = dataProblems + result.problems
        return result
    }

    private static func readPageFile(_ url: URL, name: String, inPosts: Bool, folderCategories: [String], keys: [String],
                                     cascade: FrontMatter.Values.Cascade?, strings: FrontMatter.StringTerms, data: EleventyData,
                                     jekyllSite: Bool, options: Options) -> FileResult {
        let bytes: [UInt8]
        do {
            bytes = try readStart(of: url, limit: options.maxFrontMatterBytes + 8)
        } catch {
            var result = FileResult()
            result.problems.append(Problem(file: name, line: nil, message: "cannot be read (\(SpecReader.reason(of: error)))", skipped: .entry))
            return result
        }
        return read(bytes, name: name, inPosts: inPosts, folderCategories: folderCategories, keys: keys, cascade: cascade,
                    strings: strings, data: data, jekyllSite: jekyllSite, options: options)
    }

    /// The start of a page, as much as its front matter may take.
    static func readStartOfPage(_ url: URL) throws -> [UInt8] {
        try readStart(of: url, limit: (1 << 20) + 8)
    }

    /// The terms of one page, as ``collect(from:options:)`` counts them, and its problems: for
    /// the fuzzer, which feeds it any bytes as a page named `name`.
    ///
    /// - Returns: The terms with their taxonomies (empty for a page left out), whether the page
    ///   counts, and the problems.
    package static func readPage(_ bytes: [UInt8], name: String, options: Options = Options())
        -> (terms: [(term: String, taxonomy: String)], counted: Bool, problems: [Problem]) {
        let result = read(Array(bytes.prefix(options.maxFrontMatterBytes + 8)), name: name, inPosts: isJekyllPost(name),
                          folderCategories: [], keys: options.taxonomies, options: options)
        return (result.terms, result.counted, result.problems)
    }

    private static func read(_ bytes: [UInt8], name: String, inPosts: Bool, folderCategories: [String], keys: [String],
                             cascade: FrontMatter.Values.Cascade? = nil, strings: FrontMatter.StringTerms = .plainYAMLSplit,
                             data: EleventyData = EleventyData(), jekyllSite: Bool = false, options: Options) -> FileResult {
        // The tags of an Eleventy page's data files are its own too (Eleventy has `tags` alone).
        let dataTaxonomy = keys.first { $0.lowercased() == "tags" }
        // Eleventy's `eleventyExcludeFromCollections` from its data files: `true` keeps the page
        // out of every collection, names out of those tags' (the page's own value wins).
        var dataTerms = dataTaxonomy == nil ? [] : data.terms
        if case .names(let names)? = data.exclusion { dataTerms = dataTerms.filter { !names.contains($0.term) } }
        var result = FileResult()
        // UTF-16 and UTF-32 hold NUL bytes too: named as what they are, not as binary.
        if let encoding = Self.wideEncoding(of: bytes.prefix(4096)) {
            result.problems.append(Problem(file: name, line: 1, message: "is \(encoding) text; front matter must be UTF-8 "
                                           + "(save the file as UTF-8)", skipped: .entry))
            return result
        }
        // A NUL byte makes a binary file, unless it is in the page's body after a whole front
        // matter block (Hugo publishes such a page with its tags).
        if bytes.prefix(4096).contains(0) {
            let block = try? FrontMatter.find(in: bytes, limit: options.maxFrontMatterBytes)
            if block.map({ $0.text.contains(0) }) ?? true {
                result.problems.append(Problem(file: name, line: nil, message: "is not a text file (it holds NUL bytes)", skipped: .entry))
                return result
            }
        }
        var block: FrontMatter?
        do {
            // Eleventy 3 runs `---js` front matter; collect does not run programs: in an Eleventy
            // site that is a note (the page is Eleventy's, its tags unknown here), elsewhere an
            // error of the block.
            if strings == .commaSplit, let language = FrontMatter.programLanguage(of: bytes) {
                result.problems.append(Problem(file: name, line: 1, message: "has front matter in \(language), which Eleventy runs and "
                                               + "collect does not: its tags are not counted", skipped: .nothing))
                result.counted = true
                return result
            }
            // Each generator's own openers: Jekyll reads a YAML block at the file's first byte
            // only, Eleventy (gray-matter) a `---` block there, Publish `---` blocks; a `+++`,
            // a JSON object (a template's `{% extends %}`) or a later block is the page's text.
            let openers: FrontMatter.Openers = jekyllSite ? .jekyll
                : strings == .commaSplit ? .grayMatter : strings == .inkLines ? .publish : .hugo
            block = try FrontMatter.find(in: bytes, limit: options.maxFrontMatterBytes, openers: openers)
        } catch {
            result.problems.append(Problem(file: name, line: error.line, message: error.message, skipped: .file))
            return result
        }
        // A Jekyll post without front matter is a post all the same: dated by its name, its
        // folders above `_posts` its categories, its configuration's defaults its own.
        let isBareJekyllPost = block == nil && jekyllSite && (inPosts || Self.isJekyllPost(name))
        guard block != nil || isBareJekyllPost else {
            // Nor is a page without front matter whose start is mostly control characters (random
            // bytes hold no NUL one time in 20 per 4 KiB, and about one byte in nine is a control
            // character): reported as binary, as the NUL test reports it. Text in another encoding
            // than UTF-8 (Windows-1252, Shift JIS) has next to none, and stays a page, whose tags
            // may come from data files.
            let start = bytes.prefix(4096)
            let controls = start.reduce(0) { count, byte in
                count + (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0C && byte != 0x0D && byte != 0x1B ? 1 : 0)
            }
            if controls > max(8, start.count / 50) {
                result.problems.append(Problem(file: name, line: nil,
                                               message: "is not a text file (\(controls) control characters in its first \(start.count) bytes)",
                                               skipped: .entry))
                return result
            }
            if case .all? = data.exclusion {
                result.leftOut = .unlisted
                return result
            }
            result.counted = true
            if let dataTaxonomy { result.terms = dataTerms.map { ($0.term, dataTaxonomy) } }
            if strings == .commaSplit, let layout = data.layout, !layout.isEmpty { result.layout = layout }
            return result
        }
        var values = FrontMatter.Values()
        if let block {
            do {
                // Jekyll's rules for posts hold outside Hugo and Eleventy sites only.
                let isJekyllPost = strings == .plainYAMLSplit && (inPosts || Self.isJekyllPost(name))
                // A Hugo site's `[frontmatter]` may name keys of its own (`golive`).
                let dateKeys = strings == .one ? ((options.publishDateSources ?? []) + (options.expiryDateSources ?? []))
                    .map { $0.lowercased() }.filter { !$0.hasPrefix(":") } : []
                // Eleventy's `override:tags` replaces what the data files and layouts give.
                let readKeys = strings == .commaSplit && dataTaxonomy != nil ? keys + [Self.eleventyOverrideKey] : keys
                values = try block.values(for: readKeys, file: name, isJekyllPost: isJekyllPost,
                                          strings: strings, jekyllSite: jekyllSite, dateKeys: dateKeys)
            } catch {
                result.problems.append(Problem(file: name, line: error.line, message: error.message, skipped: .file))
                return result
            }
        }
        if !values.setsEleventyExclusion {
            switch data.exclusion {
            case .all(let file)?: values.unlisted = values.unlisted ?? "eleventyExcludeFromCollections: true in \(file)"
            case .names(let names)?: values.excludedFromCollections += names
            case .none?, nil: break
            }
        } else if case .names(let names)? = data.exclusion, !values.excludedFromCollections.isEmpty {
            // Two lists merge, as Eleventy's deep merge joins arrays.
            values.excludedFromCollections += names
        }
        // Jekyll's `published: false` (and Publish's, or an unknown generator's): a draft.
        if values.isUnpublished, strings == .plainYAMLSplit { values.isDraft = true }
        // What a Hugo section cascades (or a Jekyll site's defaults give), where the page does
        // not say itself.
        if let cascade {
            if !values.setsDraft, cascade.isDraft == true { values.isDraft = true }
            // Date keys the page does not set take the cascade's (Hugo: a cascaded `expiryDate`
            // takes the section's pages out; the page's own `publishDate` still wins over it).
            if !cascade.dates.isEmpty, !cascade.dates.keys.allSatisfy(values.dateKeys.contains) {
                values.readDates(values.dateReadings.merging(cascade.dates) { own, _ in own }, noting: false)
            }
            if !values.setsBuild, values.unlisted == nil { values.unlisted = cascade.unlisted }
            // A taxonomy the page does not set takes the cascade's terms (`tags: [x]`); Jekyll
            // joins a post's categories to its defaults' (`merge_categories!`).
            for key in keys.map({ $0.lowercased() }) where !values.setsTaxonomies.contains(key) || (jekyllSite && key == "categories") {
                for (term, line) in cascade.terms[key] ?? [] { values.terms.append((term, line, key)) }
            }
        }
        // Jekyll's `published:` with no value, which no default decides: not published.
        if values.publishedIsNull, cascade?.isDraft == nil { values.isDraft = true }
        // A `draft` that is not true or false is told of whichever way it was read.
        if let note = values.draftNote {
            result.problems.append(Problem(file: name, line: note.line, message: note.message))
        }
        if values.isDraft, !options.includeDrafts {
            result.leftOut = .draft
            return result
        }
        // The generator lists it nowhere, its taxonomies included: its terms have no page.
        if values.unlisted != nil {
            result.leftOut = .unlisted
            return result
        }
        // Notes (on dates among them) come first: a page the dates leave out is still told about.
        for note in values.notes {
            result.problems.append(Problem(file: name, line: note.line, message: note.message))
        }
        // A Hugo site's own `[frontmatter]` date sources (`publishDate = [":filename", ":default"]`).
        if strings == .one, options.publishDateSources != nil || options.expiryDateSources != nil {
            values.dates = PageDates.fromHugoSources(publish: options.publishDateSources, expiry: options.expiryDateSources,
                                                     readings: values.allDateReadings, file: URL(fileURLWithPath: name), name: name)
        }
        var dates = values.dates.placed(in: options.siteTimeZone)
        // A Jekyll post is dated by its file name; a file in `_posts` not named as a post
        // (`YYYY-MM-DD-title.md`) is not published by Jekyll at all.
        let folders = name.split(separator: "/").dropLast()
        if strings == .plainYAMLSplit, (inPosts || folders.contains("_posts")) && !folders.contains("_drafts") {
            guard let named = PageDates.fileNameDate(name) else {
                result.leftOut = .undatedPost
                return result
            }
            if dates.publish == nil { dates.publish = PageDates.placed(named, in: options.siteTimeZone) }
        } else if jekyllSite, folders.contains("_drafts"), dates.publish == nil, let named = PageDates.fileNameDate(name) {
            // A draft named as a post is dated by its name too (one dated in the future stays out).
            dates.publish = PageDates.placed(named, in: options.siteTimeZone)
        }
        // Eleventy lists a page whatever its dates (it has no future or expired pages).
        // (Nor does Publish.)
        if strings != .commaSplit, strings != .inkLines,
           let reason = dates.leftOut(at: options.now, future: options.includeFuture, expired: options.includeExpired) {
            result.leftOut = reason
            return result
        }
        result.counted = true
        if strings == .commaSplit, let layout = values.layout ?? data.layout, !layout.isEmpty { result.layout = layout }
        for rejected in values.rejected {
            result.problems.append(Problem(file: name, line: rejected.line, message: rejected.message, skipped: .term))
        }
        // A Jekyll post's folders above `_posts` are categories, before its own.
        let categories = keys.first { $0.lowercased() == "categories" }
        // Eleventy 3's `eleventyExcludeFromCollections: [post]`: out of those tags' collections.
        if strings == .commaSplit, let dataTaxonomy, values.setsTaxonomies.contains(Self.eleventyOverrideKey) {
            result.overridesTags = true
            values.keepOverridingTags(as: dataTaxonomy)
        }
        var terms = values.terms
        if let dataTaxonomy, !dataTerms.isEmpty, !result.overridesTags {
            terms = dataTerms.map { ($0.term, $0.line, dataTaxonomy) } + terms
        }
        terms = terms.filter { !values.excludedFromCollections.contains($0.term) }
        if let categories, !folderCategories.isEmpty {
            terms = folderCategories.map { ($0, 1, categories.lowercased()) } + terms
        }
        for (term, line, taxonomy) in terms {
            // (A block scalar, `tags: >`, ends with a line break.)
            var trimmed = term.trimmingCharacters(in: .whitespacesAndNewlines)
            // An empty tag (`""`, `"  "`, `a, , b`, a zero-width space alone) names nothing: said,
            // as a tag that is not text is (a spec refuses it).
            if trimmed.isEmpty || TextInput.isBlank(trimmed) {
                let empty = FrontMatter.Rejected(key: taxonomy, kind: .empty(quoted(term)), line: line)
                result.problems.append(Problem(file: name, line: line, message: empty.message, skipped: .term))
                continue
            }
            // A tab or line break inside a tag is white space to the generators (Hugo publishes
            // `tab\there` as `tab-here`): it is drawn as a space, with a note.
            if trimmed.unicodeScalars.contains(where: { TextInput.isControl($0) && $0.properties.isWhitespace }) {
                let spaced = String(String.UnicodeScalarView(trimmed.unicodeScalars.map {
                    TextInput.isControl($0) && $0.properties.isWhitespace ? " " : $0
                }))
                result.problems.append(Problem(file: name, line: line, message: "\(taxonomy) holds the tag \(quoted(trimmed)), with a tab or "
                                               + "line break in it; it is drawn with a space there", skipped: .nothing))
                trimmed = spaced
            }
            if let bad = trimmed.unicodeScalars.first(where: TextInput.isControl) {
                let code = String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)
                result.problems.append(Problem(file: name, line: line, message: "\(taxonomy) holds a tag with the control character U+\(code)",
                                               skipped: .term))
                continue
            }
            if let problem = Self.lengthProblem(trimmed, taxonomy: taxonomy) {
                result.problems.append(Problem(file: name, line: line, message: problem, skipped: .term))
                continue
            }
            // Hugo makes no term of a tag whose page name is empty (`🚀`, `!!!`): no page, and
            // nothing in `.Site.Taxonomies` (checked with Hugo 0.111), so no chip either.
            if strings == .one, !trimmed.utf8.contains(where: { $0 < 0x80 && isalnum(Int32($0)) != 0 }), Self.slug(trimmed).isEmpty {
                result.problems.append(Problem(file: name, line: line, message: "\(taxonomy) holds the tag \(quoted(trimmed)), of which "
                                               + "Hugo makes no term (it has no letter or digit to name its page)",
                                               skipped: .term))
                continue
            }
            result.terms.append((trimmed, taxonomy))
        }
        return result
    }

    /// A tag an Eleventy data file gives: the tag, its line in the data file, and the file.
    typealias DataTerm = (term: String, line: Int, file: String)

    /// What an Eleventy page's JSON data files give it, merged as Eleventy's data cascade merges
    /// them (a folder's, then deeper folders', then the page's own, then its front matter).
    struct EleventyData: Sendable {
        /// `eleventyExcludeFromCollections` as a data file sets it.
        enum Exclusion: Sendable, Equatable {
            /// `true`: out of every collection (the file that says so).
            case all(file: String)
            /// Out of those tags' collections.
            case names([String])
            /// `false`, or nothing to leave out.
            case none
        }

        /// The tags, from the least specific file to the most.
        var terms: [DataTerm] = []
        /// Whether the file's tags are `override:tags`, which replace those of the less specific
        /// files instead of joining them (Eleventy's deep merge).
        var overridesTags = false
        /// `nil` when no data file sets `eleventyExcludeFromCollections`.
        var exclusion: Exclusion?
        /// The most specific data file's `layout` ("" for none), or `nil`.
        var layout: String?
        /// The folder the site's layouts are found in (its `layouts` folder, else `includes`),
        /// and its name in messages.
        var layoutsFolder: URL?
        var layoutsName = ""
        /// The site's layout aliases (``EleventyIgnores/Directories/layoutAliases``).
        var layoutAliases: [String: String] = [:]

        /// Adds what a more specific data file gives: its tags join, its layout and exclusion
        /// replace this one's (two lists join, as Eleventy's deep merge joins arrays).
        mutating func merge(_ more: EleventyData) {
            terms = more.overridesTags ? more.terms : terms + more.terms
            layout = more.layout ?? layout
            if let folder = more.layoutsFolder { (layoutsFolder, layoutsName, layoutAliases) = (folder, more.layoutsName, more.layoutAliases) }
            guard let next = more.exclusion else { return }
            if case .names(let these)? = exclusion, case .names(let those) = next {
                exclusion = .names(these + those)
            } else {
                exclusion = next
            }
        }
    }

    /// Eleventy's key for tags that replace the data cascade's (`override:tags: [only]`).
    static let eleventyOverrideKey = "override:tags"

    /// What is said of an Eleventy data file in JavaScript.
    static let eleventyScriptNote = "is an Eleventy data file in JavaScript, which collect does not run: "
        + "tags it gives are not counted (a JSON data file of the same name, .json or .11tydata.json, is read)"

    /// The tags of an Eleventy data file (JSON: `{"tags": ["posts"]}` or `{"tags": "posts"}`,
    /// a string split at commas as Eleventy 3 splits it), checked as front matter's are (a tag
    /// that is not text, or empty, is a problem naming the data file and line); a file that
    /// cannot be read or is not a JSON object is a problem, and gives no tags.
    static func eleventyData(at url: URL, name: String) -> (data: EleventyData, problems: [Problem]) {
        eleventyData(at: url, name: name, absentIsNone: false) ?? (EleventyData(), [])
    }

    /// ``eleventyData(at:name:)``, or `nil` when `absentIsNone` and nothing is at `url` (not
    /// even a broken link, which is left out as `FileManager.fileExists` leaves it out).
    static func eleventyData(at url: URL, name: String, absentIsNone: Bool) -> (data: EleventyData, problems: [Problem])? {
        // A regular file only: a FIFO would block the walk, a folder is no data.
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            if absentIsNone, errno == ENOENT { return nil }
            let reason = errno == ELOOP ? "is a symbolic link in a loop of links" : "cannot be read (\(String(cString: strerror(errno))))"
            return (EleventyData(), [Problem(file: name, line: nil, message: reason, skipped: .entry)])
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFDIR ? "a folder" : status.st_mode & S_IFMT == S_IFIFO ? "a pipe" : "not a regular file"
            return (EleventyData(), [Problem(file: name, line: nil, message: "is \(kind), not an Eleventy data file", skipped: .entry)])
        }
        let bytes: [UInt8]
        switch HugoConfig.readStart(of: url.path, limit: (1 << 20) + 8) {
        case .success(let read): bytes = read
        case .failure(let failure):
            return (EleventyData(), [Problem(file: name, line: nil, message: "cannot be read (\(failure.reason))", skipped: .entry)])
        }
        if bytes.count > 1 << 20 {
            return (EleventyData(), [Problem(file: name, line: nil, message: "is over 1 MiB", skipped: .entry)])
        }
        // A byte order mark is read past, and an empty file is `{}`, as Eleventy reads them.
        let content = Array(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...])
        let start = content.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if start.isEmpty { return (EleventyData(), []) }
        let notAnObject = Problem(file: name, line: nil, message: "is not a JSON object, as an Eleventy data file is", skipped: .file)
        guard start.first == UInt8(ascii: "{") else { return (EleventyData(), [notAnObject]) }
        var values: FrontMatter.Values
        do {
            guard let block = try FrontMatter.find(in: content, limit: 1 << 20) else { return (EleventyData(), [notAnObject]) }
            values = try block.values(for: ["tags", Self.eleventyOverrideKey], file: name, strings: .commaSplit)
            values.keepOverridingTags()
        } catch {
            // Said of a data file, not of a page's front matter: the pages it reaches still count.
            let message = error.message.replacingOccurrences(of: "JSON front matter", with: "JSON object")
                .replacingOccurrences(of: "front matter", with: "data")
            return (EleventyData(), [Problem(file: name, line: error.line, message: "is an Eleventy data file that cannot be read "
                                             + "(\(message)); its data was left out, and Eleventy stops the build on it", skipped: .entry)])
        }
        var terms: [DataTerm] = []
        var problems = values.rejected.map { Problem(file: name, line: $0.line, message: $0.message, skipped: .term) }
        for (term, line, taxonomy) in values.terms {
            let trimmed = term.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty {
                let empty = FrontMatter.Rejected(key: taxonomy, kind: .empty(quoted(term)), line: line)
                problems.append(Problem(file: name, line: line, message: empty.message, skipped: .term))
            } else if trimmed.unicodeScalars.contains(where: TextInput.isControl) {
                problems.append(Problem(file: name, line: line, message: "\(taxonomy) holds a tag with a control character",
                                        skipped: .term))
            } else if let problem = Self.lengthProblem(trimmed, taxonomy: taxonomy) {
                problems.append(Problem(file: name, line: line, message: problem, skipped: .term))
            } else {
                terms.append((trimmed, line, name))
            }
        }
        var data = EleventyData(terms: terms)
        data.overridesTags = values.setsTaxonomies.contains(Self.eleventyOverrideKey)
        data.layout = values.layout
        if values.setsEleventyExclusion {
            data.exclusion = values.unlisted?.hasPrefix("eleventyExcludeFromCollections") == true ? .all(file: name)
                : values.excludedFromCollections.isEmpty ? EleventyData.Exclusion.none : .names(values.excludedFromCollections)
        }
        return (data, problems)
    }

    /// The encoding of the start of a file in UTF-16 or UTF-32: by its byte order mark, or
    /// without one by its NUL bytes, every other one (ASCII in UTF-16: `-` is `2D 00` in
    /// little-endian order); `nil` for anything else (UTF-8, with or without its mark, and binary).
    static func wideEncoding(of start: ArraySlice<UInt8>) -> String? {
        if let encoding = TextInput.foreignByteOrderMark(of: start) { return encoding }
        // Front matter starts with ASCII (`---`, `+++`, `{`, blank lines): its first characters
        // tell the order.
        let head = Array(start.prefix(8))
        guard head.count == 8 else { return nil }
        let even = stride(from: 0, to: 8, by: 2).map { head[$0] }, odd = stride(from: 1, to: 8, by: 2).map { head[$0] }
        func isASCIIText(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { (0x20..<0x7F).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 } }
        if odd.allSatisfy({ $0 == 0 }), isASCIIText(even) { return "UTF-16 (little-endian, without a byte order mark)" }
        if even.allSatisfy({ $0 == 0 }), isASCIIText(odd) { return "UTF-16 (big-endian, without a byte order mark)" }
        return nil
    }

    /// Whether a file is a Jekyll post (under a `_posts` or `_drafts` folder), whose string
    /// terms Jekyll splits at white space.
    static func isJekyllPost(_ name: String) -> Bool {
        name.split(separator: "/").dropLast().contains { $0 == "_posts" || $0 == "_drafts" }
    }

    /// Whether `collect` counts the file at `url`, or reports it: a content file (Markdown, HTML
    /// or a template Eleventy reads, by its extension) that starts with front matter, well-formed
    /// or not, or that is not UTF-8 text (UTF-16, binary). Files it does not count (a spec, a
    /// picture, an HTML fragment this command wrote before) hold no terms of the site, so a
    /// command may write over them when they lie inside the folders it reads.
    ///
    /// - Parameter url: A file.
    /// - Returns: `true` for a page whose front matter is read (or would be reported), `false`
    ///   otherwise; `true` for a content file that cannot be read, which is not known.
    package static func isCountedPage(_ url: URL) -> Bool {
        guard FolderWalker.extensions.contains(url.pathExtension.lowercased()) else { return false }
        guard let bytes = try? readStart(of: url, limit: 64 << 10) else { return true }
        if wideEncoding(of: bytes.prefix(4096)) != nil || bytes.prefix(4096).contains(0) { return true }
        do {
            return try FrontMatter.find(in: bytes, limit: 64 << 10) != nil
        } catch {
            return true
        }
    }

    /// What a file is to a site whose pages `collect` reads, by its name and place, so that a
    /// command never writes its output over it: a Jekyll or Hugo configuration (`_config.yml`,
    /// `hugo.toml`, `config.toml`, a file of Hugo's `config/` folder), an Eleventy configuration,
    /// Eleventy's ignore lists (`.eleventyignore`, `.gitignore`), Eleventy's data files
    /// (`*.11tydata.json`, a folder's `<folder>.json`, a page's `<page>.json` beside it: refused in
    /// any folder, since a site whose configuration is elsewhere is still an Eleventy site), and a
    /// Publish site's `Package.swift`. A spec or picture written there before (`_data/tags.yml`,
    /// `tags.json` beside no page of that name) is none of them.
    ///
    /// - Parameter url: A file.
    /// - Returns: What it is, such as "a site's configuration", for an error message; `nil` when
    ///   it is none of those.
    /// The template languages Eleventy reads by default, as a page's name ends (`feed.11ty.js`):
    /// a page's template data file is named as the page whatever its language.
    static let eleventyTemplateExtensions: Set<String> = ["html", "md", "markdown", "njk", "liquid", "hbs", "mustache",
                                                          "ejs", "haml", "pug", "webc", "11ty.js", "11ty.cjs", "11ty.mjs"]

    package static func siteFileRole(_ url: URL) -> String? {
        let name = url.lastPathComponent
        let ext = url.pathExtension.lowercased()
        let stem = (name as NSString).deletingPathExtension
        let folder = url.deletingLastPathComponent()
        if FolderWalker.jekyllConfigs.contains(name) || FolderWalker.hugoConfigs.contains(name)
            || FolderWalker.oldHugoConfigs.contains(name) { return "a site's configuration, which collect reads" }
        if [".eleventy.js", "eleventy.config.js", "eleventy.config.cjs", "eleventy.config.mjs"].contains(name) {
            return "an Eleventy configuration, which collect reads"
        }
        if [".eleventyignore", ".gitignore"].contains(name) { return "an ignore list, which collect reads" }
        if name == "Package.swift" { return "a Publish site's package manifest, which collect reads" }
        if name.hasSuffix(".11tydata.json") { return "an Eleventy data file" }
        if [".11tydata.js", ".11tydata.cjs", ".11tydata.mjs"].contains(where: { name.hasSuffix($0) }) {
            return "an Eleventy data file in JavaScript"
        }
        let configFormats: Set<String> = ["toml", "yaml", "yml", "json"]
        // Hugo's configuration folder: config/_default/hugo.toml, config/production/params.yaml.
        if configFormats.contains(ext), folder.deletingLastPathComponent().lastPathComponent == "config" {
            return "a file of a Hugo configuration folder, which collect reads"
        }
        guard ext == "json" else { return nil }
        // Eleventy's directory data file (blog/blog.json) and template data file (post.json
        // beside post.md).
        if stem == folder.lastPathComponent { return "an Eleventy directory data file (named as its folder)" }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // A page of any template language Eleventy reads (`feed.11ty.js`, `post.njk`), not only
        // those collect reads.
        let page = entries.first { entry in
            guard entry != name, entry.hasPrefix(stem + ".") else { return false }
            let rest = String(entry.dropFirst(stem.count + 1)).lowercased()
            return FolderWalker.extensions.contains(rest) || Self.eleventyTemplateExtensions.contains(rest)
        }
        return page.map { "an Eleventy template data file (named as the page \($0) beside it)" }
    }

    /// The first `limit` bytes of a file (all of a shorter one).
    static func readStart(of url: URL, limit: Int) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return [UInt8](try handle.read(upToCount: limit) ?? Data())
    }
}

/// A text compared and hashed by its UTF-8 bytes, not by canonical equivalence as `String` is.
private struct ExactText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: ExactText, b: ExactText) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Lists the content files under folders: following symbolic links, never twice into the same
/// folder (so a link loop ends, and folders that overlap are read once), each file once however
/// many ways it is reached, skipping hidden names, `node_modules` and what the sites' generators
/// read no pages from (see ``SiteTags``).
struct FolderWalker {
    /// A content file listed: its URL, its name as given (under the folder's name), whether the
    /// folder given is inside `_posts`, the length of that folder's name, the folders from
    /// the Jekyll site's root (its `collections_dir` left out) down to the file when it is in a Jekyll site, the Hugo site's
    /// taxonomies and the section's cascade, how its generator reads a string of terms, what its
    /// site's configuration publishes that is left out by default (``SiteTags/Builds``), the tags
    /// its Eleventy directory data files give it, and how its Hugo site spells terms in URLs.
    typealias Listed = (url: URL, name: String, inPosts: Bool, rootLength: Int, jekyllFolders: [String]?, taxonomies: [String]?,
                        cascade: FrontMatter.Values.Cascade?, strings: FrontMatter.StringTerms, builds: SiteTags.Builds,
                        data: SiteTags.EleventyData, slugStyle: SiteTags.SlugStyle)
    /// The content files.
    var files: [Listed] = []
    /// The name of the folder given being walked (a file's name starts with it).
    var rootName = ""
    /// Whether the folder being walked is inside a `_posts` or `_drafts` folder.
    var rootIsInPosts = false
    /// Folders that could not be listed, and link loops.
    var problems: [SiteTags.Problem] = []
    /// The content files in the `_drafts` folders left out.
    var draftFiles = 0
    /// The content files of Jekyll sites left out as pages, not posts.
    var jekyllPages = 0
    /// The names of the Hugo section pages listed (`_index.md` below a content folder, not the
    /// home page): a section Hugo leaves out takes its pages with it.
    var hugoSectionPages = Set<String>()
    /// The Hugo taxonomy and term pages met, counted in no taxonomy.
    var hugoTermPages = 0
    /// The Hugo taxonomy and term pages met: their taxonomy, the term's folder ("" for the
    /// taxonomy's own page), the file and its name.
    var hugoTermTitles: [(taxonomy: String, folder: String, url: URL, name: String)] = []
    /// The folders read so far, by device and inode.
    private var visited = Set<[UInt64]>()
    /// The folders being read, from the top: a link to one of them is a loop.
    private var ancestors: [[UInt64]] = []
    /// The files listed so far, by their folder's device and inode and their name in it: a page
    /// linked under two names (a symbolic or hard link beside it) is two pages, as Hugo and
    /// Jekyll read them by path; one reached again through another path to its folder (a folder
    /// given twice, a link to a folder read already) is listed once.
    private var listed = Set<ListedFile>()

    /// A file's place: its folder's identity and its name there.
    private struct ListedFile: Hashable {
        var folder: [UInt64]
        var name: String
    }

    /// Folders of generated pages and templates that are not pages, in Jekyll and Eleventy
    /// (`_site`, the output of both; `_includes` and `_layouts`, templates; `_data`, data files).
    static let generatorFolders: Set<String> = ["_site", "_includes", "_layouts", "_data"]
    /// The files that make a folder a Jekyll site's root.
    static let jekyllConfigs = ["_config.yml", "_config.yaml", "_config.toml"]
    /// The configuration of the Jekyll site being walked (its `exclude`, `include`, `future`).
    var jekyll: JekyllConfig?
    /// The Jekyll configurations read, by their site's root: each is read, and its problems said, once.
    private var jekyllConfigurations: [String: JekyllConfig] = [:]

    /// The configuration of the Jekyll site at `root` (named `name` in messages), read once.
    mutating func jekyllConfiguration(of root: URL, name: String) -> JekyllConfig {
        Self.readOnce(root, in: &jekyllConfigurations, saying: &problems, read: { JekyllConfig.read(root: root, name: name) },
                      problems: \.problems)
    }

    /// A site's configuration from `cache`, by its root's resolved path, or read and its
    /// problems said, the first time.
    private static func readOnce<Config>(_ root: URL, in cache: inout [String: Config], saying said: inout [SiteTags.Problem],
                                         read: () -> Config, problems: (Config) -> [SiteTags.Problem]) -> Config {
        let key = (URL(fileURLWithPath: root.path).standardized.path as NSString).resolvingSymlinksInPath
        if let known = cache[key] { return known }
        let config = read()
        said += problems(config)
        cache[key] = config
        return config
    }
    /// A Hugo site's configuration files, and those of sites made before Hugo 0.110.
    static let hugoConfigs: Set<String> = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json"]
    static let oldHugoConfigs: Set<String> = ["config.toml", "config.yaml", "config.yml", "config.json"]
    /// Where the Hugo content being walked starts (the depth of a site's `content` folder, or
    /// of a folder given inside a site), as a count of ``ancestorNames``, when it is Hugo's.
    var hugoContentDepth: Int?
    /// The Hugo site whose content is being walked, and the language counted.
    var hugo: HugoContent?
    /// ``SiteTags/Options/language``, in lower case.
    var requestedLanguage: String?
    /// The languages of the Hugo sites met.
    var hugoLanguages = Set<String>()
    /// The `[permalinks]` of the Hugo sites walked (``SiteTags/hugoPermalinks``).
    var hugoPermalinks: [String: String] = [:]
    /// ``SiteTags/hugoPagePrefix`` and ``SiteTags/hugoUglyURLs``.
    var hugoPagePrefix: String?
    var hugoUglyURLs = false
    /// The first Hugo site met that does not build the language asked for.
    var languageError: TagCloudError?
    /// Pages of Hugo sites left out for their language.
    var otherLanguagePages = 0
    /// The leaf bundle the folder given is inside, when it is: its files are the page's resources.
    var insideBundle: String?
    /// What the Hugo sections down to the folder being walked cascade to its pages (their
    /// `_index` pages' `cascade`, its own section's included).
    var cascade: FrontMatter.Values.CascadeRules?
    /// The folders from a Hugo site's content folder down to the folder given, when that is
    /// inside one (a page's path below the content folder is what a cascade targets).
    var hugoPathPrefix: [String] = []

    /// What the cascades reach a Hugo page with: its kind (`home`, `section`, `page`) and its
    /// path below the content folder (`/blog/post`, a bundle's folder, a section's folder), the
    /// language's code dropped from its name (`post.fr.md` is `/post`), in the language counted.
    private func cascaded(_ rules: FrontMatter.Values.CascadeRules?, file: String) -> FrontMatter.Values.Cascade? {
        guard let rules, let depth = hugoContentDepth else { return nil }
        let folders = hugoPathPrefix + ancestorNames.dropFirst(max(depth, 0))
        var stem = (file as NSString).deletingPathExtension
        if let hugo, case let code = (stem as NSString).pathExtension.lowercased(), !code.isEmpty, hugo.config.codes.contains(code) {
            stem = (stem as NSString).deletingPathExtension
        }
        let kind: String, parts: [String]
        if stem == "_index" {
            (kind, parts) = (folders.isEmpty ? "home" : "section", folders)
        } else if stem == "index" {
            (kind, parts) = ("page", folders)
        } else {
            (kind, parts) = ("page", folders + [stem])
        }
        // Hugo's logical path: lower case (the globs ignore case), spaces as hyphens (`My Post.md`
        // is `/docs/my-post`).
        let path = "/" + parts.joined(separator: "/").replacingOccurrences(of: " ", with: "-")
        return rules.resolved(kind: kind, path: path, language: hugo?.language ?? "")
    }

    /// The taxonomy whose folder the folder being walked is (`content/tags/`, `term` `nil`) or a
    /// term of (`content/tags/swift/`, `term` `swift`), by the site's taxonomies (or those asked
    /// for); `nil` for any other folder. Hugo makes the `_index` pages there the taxonomy's and
    /// the terms' own pages.
    private func hugoTaxonomyOfPage(depth: Int) -> (name: String, term: String?)? {
        let folders = hugoPathPrefix + ancestorNames.dropFirst(max(depth, 0))
        // The folder is named exactly as the taxonomy is: Hugo 0.111 counted
        // `content/film-genres/sci-fi/_index.md` of a taxonomy `Film Genres`, and
        // `content/authors/bob/_index.md` of one `Authors`, as section pages, in its taxonomies,
        // and titled no term by them.
        guard (1...2).contains(folders.count), let taxonomy = (siteTaxonomies ?? taxonomies).first(where: { $0 == folders[0] }) else {
            return nil
        }
        return (taxonomy, folders.count == 2 ? folders[1] : nil)
    }

    /// Whether a file is a Hugo section's page (`_index.md`, `_index.fr.md`).
    static func isSectionPage(_ name: String) -> Bool {
        name.hasPrefix("_index.") && isHugoContent(name)
    }

    /// The extensions of Hugo's content formats (0.111: Markdown, HTML, AsciiDoc, Pandoc,
    /// reStructuredText, Org), matched as written: `post.mkd` and `post.MD` are no pages to Hugo
    /// (`hugo list all`), though Jekyll reads `.mkd`.
    static let hugoExtensions: Set<String> = ["md", "mdown", "markdown", "html", "htm", "ad", "adoc", "asciidoc",
                                              "pandoc", "pdc", "rst", "org"]

    /// Whether a file's name is that of a Hugo page (``hugoExtensions``).
    static func isHugoContent(_ name: String) -> Bool {
        hugoExtensions.contains((name as NSString).pathExtension)
    }

    /// The `cascade` of a Hugo section's `_index` page in `folder`, if it has one, with the terms it gives of
    /// the taxonomies `keys`.
    static func sectionCascade(in folder: URL, entries: [String], keys: [String]) -> FrontMatter.Values.CascadeRules? {
        var result: FrontMatter.Values.CascadeRules?
        for entry in entries.sorted() where isSectionPage(entry) {
            let url = folder.appendingPathComponent(entry)
            guard let bytes = try? SiteTags.readStartOfPage(url), let block = try? FrontMatter.find(in: bytes, limit: 1 << 20),
                  let values = try? block.values(for: keys, file: entry), let cascade = values.cascade else { continue }
            result = cascade.over(result)
        }
        return result
    }
    /// The configurations read, by their site's root: each is read, and its problems said, once.
    private var configurations: [String: HugoConfig] = [:]

    /// The configuration of the Hugo site at `root`, read once.
    private mutating func configuration(of root: URL, name: String) -> HugoConfig {
        Self.readOnce(root, in: &configurations, saying: &problems, read: { HugoConfig.read(root: root, name: name) },
                      problems: \.problems)
    }
    /// The languages counted in multilingual Hugo sites.
    var countedLanguages = Set<String>()
    /// ``SiteTags/Options/readsHugoTaxonomies``.
    var readsHugoTaxonomies = false
    /// ``SiteTags/Options/taxonomies``: the keys a section's cascade gives terms of (unless the
    /// site configures its own).
    var taxonomies: [String] = []

    /// The front matter keys of the pages being listed, when their site decides them: a Hugo
    /// site's configured taxonomies, and an Eleventy site's `tags` alone (Eleventy makes
    /// collections of `tags` only; a `categories` key gives no page to link to).
    private var siteTaxonomies: [String]? {
        guard readsHugoTaxonomies else { return nil }
        if eleventyRootDepth != nil, hugoContentDepth == nil { return ["tags"] }
        guard hugoContentDepth != nil, let hugo else { return nil }
        return hugo.config.taxonomies(for: hugo.language)
    }

    /// A Hugo site's content being walked: the site's configuration, the language counted, and
    /// the languages of the pages of the folder walked that name none.
    struct HugoContent {
        var config: HugoConfig
        var language: String
        var folderLanguages: Set<String>
        /// The site's content folders (``HugoConfig/mounts``; paths with links resolved) and
        /// their languages: the pages below one that name no language are in its languages.
        var mounts: [String: Set<String>]
    }
    /// Where the Jekyll site being walked starts, as a count of ``ancestorNames``, when one is.
    var jekyllRootDepth: Int?
    /// The folders from a Jekyll site's root down to the folder given, when that is inside one.
    var jekyllPrefix: [String] = []

    /// The folders from the root of the Jekyll site a folder given is in (a folder above it holds
    /// `_config.yml`) down to it, or `nil` when it is in none (the folder itself is a root found
    /// by the walk).
    static func jekyllPrefix(of folder: URL) -> [String]? {
        pathBelowSiteRoot(of: URL(fileURLWithPath: folder.path).standardized) { root in
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
            return isJekyllRoot(entries, url: { root.appendingPathComponent($0) })
        }
    }

    /// Whether a folder's entries make it a Jekyll site's root: `_config.yml` (or `.yaml`,
    /// `.toml`), and no Hugo or Eleventy configuration beside it (a site moved from Jekyll often
    /// keeps its old `_config.yml`; the generator that builds it is the other one).
    static func isJekyllRoot(_ entries: [String], url: (String) -> URL) -> Bool {
        jekyllConfigs.contains(where: entries.contains) && !EleventyIgnores.isSiteRoot(has: entries.contains, file: url)
            && !isHugoRoot(entries, url: url)
    }
    /// The names of the folders being read, below the one given, from the top.
    private var ancestorNames: [String] = []
    /// A folder's name with the names of folders inside it (`site/` and `content` → `site/content`).
    static func joined(_ name: String, _ parts: [String]) -> String {
        parts.reduce(name) { $0.isEmpty ? $1 : $0.hasSuffix("/") ? $0 + $1 : $0 + "/" + $1 }
    }

    /// The folder of `folders` (from a Jekyll site's root down) that Jekyll's entry filter
    /// leaves out, or `nil`: a special name (``isJekyllSpecial(_:)``) that `include` does not
    /// list, outside `_posts` and `_drafts` or first inside them (deeper folders in them are
    /// not filtered: the post reader filters the paths of files below them by their first
    /// character and their names).
    static func folderJekyllHides(_ folders: [String], config: JekyllConfig) -> String? {
        var inPosts = false, depthInPosts = 0
        for folder in folders {
            if inPosts { depthInPosts += 1 }
            if (!inPosts || depthInPosts == 1), isJekyllSpecial(folder), !config.includes(folder) { return folder }
            if folder == "_posts" || folder == "_drafts" { (inPosts, depthInPosts) = (true, 0) }
        }
        return nil
    }

    /// Whether Jekyll's entry filter leaves out a name unless `include` lists it: one starting
    /// with `_` (but `_posts` and `_drafts`), `.`, `#` or `~`, or a backup ending with `~`.
    static func isJekyllSpecial(_ name: String) -> Bool {
        (name.hasPrefix("_") && name != "_posts" && name != "_drafts") || name.hasPrefix(".") || name.hasPrefix("#")
            || name.hasPrefix("~") || name.hasSuffix("~")
    }

    /// Where the Eleventy site being walked starts, as a count of ``ancestorNames``, when one is.
    var eleventyRootDepth: Int?
    /// The folders from the Eleventy site's root down to the folder given, when it is inside one.
    var eleventyPrefix: [String] = []
    /// What the Eleventy site being walked leaves out (its `.eleventyignore`, `.gitignore`).
    var eleventyIgnores = EleventyIgnores()
    /// The Eleventy site's input folder below its root, as its configuration sets it (`[]`: the
    /// root): only it holds pages.
    var eleventyInput: [String] = []
    /// The Eleventy site's folders that hold no pages, below its root: its includes, layouts,
    /// data and output folders, as its configuration names them (`_includes`, `_data`, `_site`
    /// by default). In an Eleventy site whose configuration sets its input folder they replace
    /// ``generatorFolders``; `nil` keeps those names (an input folder given on Eleventy's
    /// command line may hold `_includes` anywhere).
    var eleventyWithoutPages: Set<[String]>?

    /// The root of the site a folder given is in, `prefix` (its folders down to the one given)
    /// above it, and the root's name: from the folder given (`site/blog` → `site`) when its path
    /// shows the root, else its full path.
    static func root(of folder: URL, prefix: [String]) -> (url: URL, name: String) {
        let root = prefix.reduce(URL(fileURLWithPath: folder.path).standardized) { url, _ in url.deletingLastPathComponent() }
        let parts = folder.relativePath.split(separator: "/", omittingEmptySubsequences: true)
        let shown = parts.suffix(prefix.count).map(String.init) == prefix && parts.count > prefix.count
            ? (folder.relativePath.hasPrefix("/") ? "/" : "") + parts.dropLast(prefix.count).joined(separator: "/") : root.path
        return (root, shown)
    }

    /// The folders from the root of the Eleventy site `folder` is in (a folder above it holds
    /// Eleventy's configuration, or a `package.json` that depends on Eleventy) down to it, or
    /// `nil` when it is in none (or is a root itself).
    static func eleventyPrefix(of folder: URL) -> [String]? {
        pathBelowSiteRoot(of: URL(fileURLWithPath: folder.path).standardized) { root in EleventyIgnores.isSiteRoot(root) }
    }

    /// The tags the Eleventy directory data files of the folders being walked give their pages
    /// (`posts/posts.json`: `{"tags": "posts"}`), as Eleventy's data cascade merges them.
    var eleventyDirectoryData = SiteTags.EleventyData()

    /// Reads the directory data files of `folder` (named `name`), whose entries are `entries`:
    /// `<folder>.json` and `<folder>.11tydata.json`; a JavaScript one (`.11tydata.js`) is noted,
    /// as its tags cannot be known without running it.
    mutating func readEleventyDirectoryData(of folder: URL, name: String, entries: [String]) {
        let base = URL(fileURLWithPath: folder.path).standardized.lastPathComponent
        for dataName in ["\(base).json", "\(base).11tydata.json"] where entries.contains(dataName) {
            let read = SiteTags.eleventyData(at: folder.appendingPathComponent(dataName),
                                             name: name.hasSuffix("/") ? name + dataName : name + "/" + dataName)
            eleventyDirectoryData.merge(read.data)
            problems += read.problems
        }
        for script in ["js", "cjs", "mjs"].map({ "\(base).11tydata.\($0)" }) where entries.contains(script) {
            problems.append(SiteTags.Problem(file: name.hasSuffix("/") ? name + script : name + "/" + script, line: nil,
                                             message: SiteTags.eleventyScriptNote))
        }
    }

    /// What the site of the pages being listed publishes that is left out by default: Jekyll's
    /// `future` and `unpublished`, Hugo's `buildDrafts`, `buildFuture` and `buildExpired`.
    private var builds: SiteTags.Builds {
        if jekyllRootDepth != nil, let jekyll {
            return SiteTags.Builds(drafts: jekyll.unpublished, future: jekyll.future, timeZone: jekyll.timeZone)
        }
        if hugoContentDepth != nil, let hugo { return hugo.config.builds(for: hugo.language) }
        return SiteTags.Builds()
    }

    /// How the Hugo site being walked spells terms in its URLs (Hugo's defaults elsewhere).
    private var slugStyle: SiteTags.SlugStyle {
        if publishContentDepth != nil { return SiteTags.SlugStyle(isPublish: true) }
        if jekyllRootDepth != nil { return SiteTags.SlugStyle(jekyllMode: jekyll?.slugMode ?? .default) }
        if eleventyRootDepth != nil, hugoContentDepth == nil { return SiteTags.SlugStyle(isEleventy: true) }
        guard hugoContentDepth != nil else { return SiteTags.SlugStyle() }
        var style = hugo?.config.slugStyle ?? SiteTags.SlugStyle()
        style.isHugo = true
        return style
    }

    /// Where the Publish site's `Content` folder being walked is, as a count of
    /// ``ancestorNames``, when one is (0 with ``publishPrefix`` for a folder given inside it).
    var publishContentDepth: Int?
    /// The folders from a Publish site's `Content` down to the folder given inside it.
    var publishPrefix: [String] = []
    /// The Publish site's sections (its `SectionID` raw values), or `nil` when they could not be
    /// read from its Swift sources (every folder of `Content` is then taken as a section).
    var publishSections: Set<String>?
    /// The pages of Publish sites left out: Publish gives tags to items only.
    var publishPages = 0

    /// Whether a folder's entries make it a Publish site's root: a `Package.swift` that depends on
    /// Publish, beside a `Content` folder.
    static func isPublishRoot(_ entries: [String], url: (String) -> URL) -> Bool {
        guard entries.contains("Package.swift"), entries.contains("Content"), isFolder(url("Content")),
              let bytes = try? SiteTags.readStart(of: url("Package.swift"), limit: 1 << 16) else { return false }
        let text = String(decoding: bytes, as: UTF8.self).lowercased()
        return text.contains("/publish.git") || text.contains("/publish\"") || text.contains("\"publish\"")
    }

    /// The sections of the Publish site at `root`: the cases of the enum that conforms to
    /// `WebsiteSectionID` in its Swift sources (`case posts`, `case notes = "journal"`: the
    /// folder is the raw value), or `nil` when none is found. At most 200 files of 1 MiB are read.
    static func publishSections(root: URL) -> Set<String>? {
        let sources = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return nil }
        var read = 0
        while let path = walker.nextObject() as? String, read < 200 {
            guard path.hasSuffix(".swift") else { continue }
            read += 1
            guard let bytes = try? SiteTags.readStart(of: sources.appendingPathComponent(path), limit: 1 << 20) else { continue }
            if let sections = publishSections(inSwift: String(decoding: bytes, as: UTF8.self)) { return sections }
        }
        return nil
    }

    /// The raw values of the cases of the first enum in Swift source that conforms to
    /// `WebsiteSectionID` (`enum SectionID: String, WebsiteSectionID { case posts, notes = "journal" }`),
    /// comments left out; `nil` when there is none.
    static func publishSections(inSwift source: String) -> Set<String>? {
        // Comments out (`/* … */`, `// …`), strings kept (a raw value is one).
        var text = "", index = source.startIndex
        while index < source.endIndex {
            let rest = source[index...]
            if rest.hasPrefix("/*") {
                index = rest.range(of: "*/").map(\.upperBound) ?? source.endIndex
                text.append(" ")
            } else if rest.hasPrefix("//") {
                index = rest.firstIndex(of: "\n") ?? source.endIndex
            } else if rest.hasPrefix("\"") {
                let end = rest.dropFirst().firstIndex(of: "\"").map { source.index(after: $0) } ?? source.endIndex
                text += source[index..<end]
                index = end
            } else {
                text.append(source[index])
                index = source.index(after: index)
            }
        }
        // An enum declaration whose inheritance clause names WebsiteSectionID.
        var searchFrom = text.startIndex
        while let declaration = text.range(of: "enum ", range: searchFrom..<text.endIndex) {
            searchFrom = declaration.upperBound
            guard let open = text[declaration.upperBound...].firstIndex(of: "{"),
                  text[declaration.upperBound..<open].contains("WebsiteSectionID") else { continue }
            var depth = 0, body = ""
            for character in text[open...] {
                if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
                if depth == 0 { break }
                if depth == 1, character != "{" { body.append(character) }
            }
            // Declarations end at `;` or at a line break not after a comma (`case posts,` goes on).
            var sections = Set<String>(), current = ""
            func finish() {
                let words = current.trimmingCharacters(in: .whitespacesAndNewlines)
                current = ""
                guard words.hasPrefix("case ") else { return }
                for declaration in words.dropFirst(5).split(separator: ",") {
                    let parts = declaration.split(separator: "=", maxSplits: 1)
                    let name = parts[0].trimmingCharacters(in: .whitespacesAndNewlines)
                    let raw = parts.count == 2
                        ? parts[1].trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : name
                    if !raw.isEmpty { sections.insert(raw) }
                }
            }
            for character in body {
                if character == ";" || (character == "\n" && !current.trimmingCharacters(in: .whitespaces).hasSuffix(",")) {
                    finish()
                } else {
                    current.append(character)
                }
            }
            finish()
            return sections.isEmpty ? nil : sections
        }
        return nil
    }

    /// Starts the walk of a folder given inside a Publish site's `Content` (or that folder): its
    /// pages are read by Publish's rules.
    mutating func enterPublishSite(around folder: URL) {
        publishContentDepth = nil
        publishPrefix = []
        publishSections = nil
        let named = URL(fileURLWithPath: folder.path).standardized
        var root: URL?
        guard let below = Self.pathBelowSiteRoot(of: named, isRoot: { candidate in
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: candidate.path)) ?? []
            guard Self.isPublishRoot(entries, url: { candidate.appendingPathComponent($0) }) else { return false }
            root = candidate
            return true
        }), below.first == "Content", let root else { return }
        publishContentDepth = 0
        publishPrefix = Array(below.dropFirst())
        publishSections = Self.publishSections(root: root)
    }

    private var stringTerms: FrontMatter.StringTerms {
        hugoContentDepth != nil ? .one : eleventyRootDepth != nil ? .commaSplit : publishContentDepth != nil ? .inkLines : .plainYAMLSplit
    }

    /// Markdown (as Hugo and Jekyll name it: Jekyll's default `markdown_ext` is `markdown,
    /// mkdown, mkdn, mkd, md`), HTML, the other formats Hugo reads pages in (AsciiDoc,
    /// reStructuredText, Pandoc, Org), and the templates Eleventy reads front matter from
    /// (Nunjucks, Liquid, MDX, WebC).
    static let extensions: Set<String> = ["md", "markdown", "mdown", "mkdown", "mkdn", "mkd", "mdx", "html", "htm",
                                          "adoc", "asciidoc", "ad", "rst", "pandoc", "pdc", "org",
                                          "njk", "liquid", "webc"]

    /// The files Publish reads as Markdown (`MarkdownFileHandler`), their extensions matched as
    /// written (`post.MD` is not one).
    static let publishExtensions: Set<String> = ["md", "markdown", "txt", "text"]

    /// How many content files a folder left unread holds (`_drafts`), for the summary.
    static func contentFileCount(in folder: URL) -> Int {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil,
                                                         options: [.skipsHiddenFiles]) else { return 0 }
        var count = 0
        for case let url as URL in files where extensions.contains(url.pathExtension.lowercased()) { count += 1 }
        return count
    }

    mutating func walk(_ folder: URL, name: String, includeDrafts: Bool) {
        var status = stat()
        guard stat(folder.path, &status) == 0 else {
            problems.append(SiteTags.Problem(file: name, line: nil, message: "cannot be read (\(String(cString: strerror(errno))))", skipped: .entry))
            return
        }
        let identity = [UInt64(status.st_dev), UInt64(status.st_ino)]
        if ancestors.contains(identity) {
            problems.append(SiteTags.Problem(file: name, line: nil, message: "is a symbolic link loop (a folder inside itself)", skipped: .entry))
            return
        }
        // Read already, through another path or another of the folders given: its pages count once.
        guard visited.insert(identity).inserted else { return }
        // Another content folder inside the one walked (`content/fr` in `content`).
        let outerContent = hugo
        let savedCascade = cascade
        defer {
            hugo = outerContent
            cascade = savedCascade
        }
        if var content = hugo, !content.mounts.isEmpty,
           let languages = content.mounts[(URL(fileURLWithPath: folder.path).standardized.path as NSString).resolvingSymlinksInPath] {
            content.folderLanguages = languages
            hugo = content
        }
        ancestors.append(identity)
        defer { ancestors.removeLast() }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            problems.append(SiteTags.Problem(file: name, line: nil, message: "cannot be listed (\(SpecReader.reason(of: error)))", skipped: .entry))
            return
        }
        // Jekyll leaves out `_` names but its posts (at any depth) and its default excludes.
        let isJekyllRoot = Self.isJekyllRoot(entries, url: { folder.appendingPathComponent($0) })
        let (outerEleventy, outerData) = (eleventyRootDepth, eleventyDirectoryData)
        let (outerPrefix, outerIgnores, outerInput, outerWithoutPages) = (eleventyPrefix, eleventyIgnores, eleventyInput, eleventyWithoutPages)
        defer {
            (eleventyRootDepth, eleventyDirectoryData, eleventyPrefix, eleventyIgnores, eleventyInput, eleventyWithoutPages)
                = (outerEleventy, outerData, outerPrefix, outerIgnores, outerInput, outerWithoutPages)
        }
        if outerEleventy == nil, hugoContentDepth == nil, EleventyIgnores.isSiteRoot(folder, entries: entries) {
            eleventyRootDepth = ancestorNames.count
            eleventyPrefix = []
            let directories = EleventyIgnores.directories(root: folder), setting = directories.input
            if let why = EleventyIgnores.nothingBuilt(setting) {
                problems.append(SiteTags.Problem(file: name, line: nil, message: why, skipped: .nothing))
                return
            }
            eleventyWithoutPages = directories.withoutPages
            eleventyDirectoryData.layoutsFolder = directories.layouts.reduce(folder) { $0.appendingPathComponent($1) }
            eleventyDirectoryData.layoutsName = Self.joined(name, directories.layouts)
            eleventyDirectoryData.layoutAliases = directories.layoutAliases
            eleventyInput = if case .folder(let parts) = setting { parts } else { [] }
            let inputName = Self.joined(name, eleventyInput)
            eleventyIgnores = EleventyIgnores.read(root: folder, rootName: name, input: eleventyInput.isEmpty ? nil
                                                   : (eleventyInput.reduce(folder) { $0.appendingPathComponent($1) }, eleventyInput, inputName))
            problems += eleventyIgnores.problems
            // An ignore rule that leaves out the input folder itself: Eleventy builds nothing.
            if let rule = eleventyIgnores.rule(leavingOutAnyOf: eleventyInput) {
                problems.append(SiteTags.Problem(file: inputName, line: nil, message: "is the site's input folder, and line \(rule.line) "
                                                 + "of \(quoted(path: rule.file)) leaves it out, so Eleventy builds no page; "
                                                 + "nothing was counted", skipped: .nothing))
                return
            }
        }
        // The folders from the Eleventy site's root down to this one.
        let eleventyHere = eleventyRootDepth.map { eleventyPrefix + ancestorNames.dropFirst($0) }
        // (The input folder's and those inside it: not those above it, nor the root's when it is
        // the input folder, as Eleventy reads them.)
        if let eleventyHere, hugoContentDepth == nil, eleventyHere.count >= max(eleventyInput.count, 1) {
            readEleventyDirectoryData(of: folder, name: name, entries: entries)
        }
        let outerRoot = jekyllRootDepth
        let outerJekyll = jekyll
        if isJekyllRoot, outerRoot == nil {
            jekyllRootDepth = ancestorNames.count
            jekyll = jekyllConfiguration(of: folder, name: name)
        }
        defer { (jekyllRootDepth, jekyll) = (outerRoot, outerJekyll) }
        let relative = jekyllRootDepth.map { depth in (jekyllPrefix + ancestorNames.dropFirst(depth)).joined(separator: "/") }
        // Whether this folder is below a folder inside `_posts` or `_drafts` (`_posts/sub`).
        let belowPostsFolder = relative.map { relative in
            let folders = relative.split(separator: "/")
            return folders.lastIndex { $0 == "_posts" || $0 == "_drafts" }.map { folders.count - $0 >= 2 } ?? false
        } ?? false
        // A Hugo site's root: only its content folder (the language's) holds pages.
        if hugoContentDepth == nil, Self.isHugoRoot(entries, url: { folder.appendingPathComponent($0) }) {
            walkHugoSite(folder, name: name, includeDrafts: includeDrafts)
            return
        }
        // A Publish site's root: only `Content` holds its pages (not `Output`, `Resources`).
        if publishContentDepth == nil, relative == nil, eleventyRootDepth == nil,
           Self.isPublishRoot(entries, url: { folder.appendingPathComponent($0) }) {
            let (outerPrefix, outerSections) = (publishPrefix, publishSections)
            publishSections = Self.publishSections(root: folder)
            publishPrefix = []
            publishContentDepth = ancestorNames.count + 1
            ancestorNames.append("Content")
            walk(folder.appendingPathComponent("Content"), name: name.hasSuffix("/") ? name + "Content" : name + "/Content",
                 includeDrafts: includeDrafts)
            ancestorNames.removeLast()
            (publishContentDepth, publishPrefix, publishSections) = (nil, outerPrefix, outerSections)
            return
        }
        // In Hugo's content, a folder with an index page is a leaf bundle: its other content files,
        // and its folders', are the page's resources, not pages.
        // (`index.fr.md` is the page in another language.)
        let indexes = entries.filter { $0.hasPrefix("index.") && Self.isHugoContent($0) }
        // A Hugo section's `cascade` (its `_index` page's) reaches the pages below it.
        if hugoContentDepth != nil, entries.contains(where: Self.isSectionPage) {
            cascade = Self.sectionCascade(in: folder, entries: entries, keys: siteTaxonomies ?? taxonomies)?.over(cascade) ?? cascade
        }
        if let depth = hugoContentDepth, ancestorNames.count > depth, !indexes.isEmpty {
            // A leaf bundle is a regular page, which `disableKinds = ["page"]` turns off.
            if hugo?.config.disablesRegularPages == true { return }
            for index in indexes where isInLanguage(index) {
                addFile(folder.appendingPathComponent(index), name: name.hasSuffix("/") ? name + index : name + "/" + index)
            }
            return
        }
        // (In a Hugo site's content those names are folders of pages like any other: hugo 0.111
        // publishes content/posts/node_modules/x.md and content/_data/y.md.)
        for entry in entries where !entry.hasPrefix(".") && (entry != "node_modules" || hugoContentDepth != nil) {
            // Hugo skips Emacs's `#` files and backups (`~` at the end), and reads a page's format
            // from its extension as written (`post.MD` is no page); its `ignoreFiles` match paths.
            if let hugo, hugoContentDepth != nil {
                if entry.hasPrefix("#") || entry.hasSuffix("~") { continue }
                if !hugo.config.ignoreFiles.isEmpty,
                   hugo.config.ignoreFiles.ignores(URL(fileURLWithPath: folder.appendingPathComponent(entry).path).standardized.path) {
                    continue
                }
            }
            // The folders of generated pages and templates: an Eleventy site's own, else by name.
            if let eleventyHere, hugoContentDepth == nil, let eleventyWithoutPages {
                if eleventyWithoutPages.contains(eleventyHere + [entry]) { continue }
            } else if Self.generatorFolders.contains(entry), publishContentDepth == nil, hugoContentDepth == nil {
                // (Publish skips hidden names only.)
                continue
            }
            // Jekyll's entry filter: `_`, `#` and `~` names and backups (`~` at the end).
            // (Below a folder inside `_posts`, Jekyll's post reader filters files by their names
            // alone: `_posts/sub/_x/2024-01-01-y.md` is a post, `_posts/sub/_y.md` is not.)
            let hiddenByJekyll = relative != nil && Self.isJekyllSpecial(entry) && jekyll?.includes(entry) != true
            if hiddenByJekyll, !belowPostsFolder { continue }
            // Its configuration's `exclude` (with Jekyll's defaults: `vendor/bundle`, `node_modules`…).
            if let relative, (jekyll ?? JekyllConfig()).excludes(relative.isEmpty ? entry : relative + "/" + entry) { continue }
            if let eleventyHere, hugoContentDepth == nil {
                // Above an Eleventy site's input folder, only the way down to it holds pages.
                if eleventyHere.count < eleventyInput.count, entry != eleventyInput[eleventyHere.count] { continue }
                // Its ignore files (paths from its root).
                if !eleventyIgnores.isEmpty, eleventyIgnores.ignores((eleventyHere + [entry]).joined(separator: "/")) { continue }
            }
            if !includeDrafts, entry == "_drafts", eleventyRootDepth == nil, hugoContentDepth == nil, publishContentDepth == nil,
               jekyll?.showDrafts != true {
                draftFiles += Self.contentFileCount(in: folder.appendingPathComponent(entry))
                continue
            }
            let url = folder.appendingPathComponent(entry)
            let entryName = name.hasSuffix("/") ? name + entry : name + "/" + entry
            var entryStatus = stat()
            guard stat(url.path, &entryStatus) == 0 else {
                let code = errno
                var linkStatus = stat()
                let isContent = Self.extensions.contains(url.pathExtension.lowercased())
                let reason: String
                if lstat(url.path, &linkStatus) != 0 {
                    // A name that is not UTF-8 is listed with U+FFFD in it, and that name is no
                    // file: said of a content file, or of what may be a folder (no extension).
                    if code == ENOENT, entry.contains("\u{FFFD}") {
                        guard isContent || url.pathExtension.isEmpty else { continue }
                        reason = "cannot be read: its name is not UTF-8 text (rename it)"
                    } else {
                        reason = "cannot be read (\(String(cString: strerror(code))))"
                    }
                } else {
                    // A broken link or a loop of links is said where a page or a folder of pages
                    // may be missing: a content file's name, or a name without an extension
                    // (`img.png` in a loop is no more a page than a broken `img.png` is).
                    guard isContent || url.pathExtension.isEmpty else { continue }
                    reason = code == ELOOP ? "is a symbolic link in a loop of links" : "is a broken symbolic link"
                }
                problems.append(SiteTags.Problem(file: entryName, line: nil, message: reason, skipped: .entry))
                continue
            }
            let kind = entryStatus.st_mode & S_IFMT
            if kind != S_IFDIR, kind != S_IFREG, !hiddenByJekyll, Self.extensions.contains(url.pathExtension.lowercased()) {
                // A FIFO, device or socket named as a page (`pipe.md`, a link to /dev/zero) is
                // not read (it could block or never end), and said.
                let what = kind == S_IFIFO ? "a FIFO" : kind == S_IFSOCK ? "a socket" : "a device"
                problems.append(SiteTags.Problem(file: entryName, line: nil, message: "is \(what), not a regular file; it is not read",
                                                 skipped: .entry))
                continue
            }
            if entryStatus.st_mode & S_IFMT == S_IFDIR {
                if hiddenByJekyll, !belowPostsFolder { continue }
                ancestorNames.append(entry)
                walk(url, name: entryName, includeDrafts: includeDrafts)
                ancestorNames.removeLast()
            } else if entryStatus.st_mode & S_IFMT == S_IFREG, !hiddenByJekyll,
                      (hugoContentDepth != nil ? Self.isHugoContent(entry)
                        : publishContentDepth != nil ? Self.publishExtensions.contains(url.pathExtension)
                        : Self.extensions.contains(url.pathExtension.lowercased()))
                        || isJekyllPostOfAnyFormat(relative: relative, entry: entry),
                      listed.insert(ListedFile(folder: identity, name: entry)).inserted {
                // In a Jekyll site, tags are the posts' (`site.tags`): a page's are never listed.
                var jekyllFolders: [String]?
                var jekyllDefaults: FrontMatter.Values.Cascade?
                if let relative {
                    let folders = relative.split(separator: "/").map(String.init)
                    guard folders.contains(where: { $0 == "_posts" || $0 == "_drafts" }) else {
                        jekyllPages += 1
                        continue
                    }
                    // With a `collections_dir`, Jekyll reads posts from inside it alone, and that
                    // folder is no category.
                    let collections = jekyll?.collectionsDir ?? []
                    guard folders.starts(with: collections) else { continue }
                    jekyllFolders = Array(folders.dropFirst(collections.count))
                    // The configuration's `defaults` reaching the post: what its own front
                    // matter does not set, as a section's cascade is in Hugo.
                    let path = ((jekyllFolders ?? []) + [entry]).joined(separator: "/")
                    if let given = jekyll?.defaultsReaching(path, type: folders.contains("_drafts") ? "drafts" : "posts") {
                        jekyllDefaults = FrontMatter.Values.Cascade(isDraft: given.published.map { !$0 },
                                                                    terms: given.terms.mapValues { $0.map { ($0, 1) } })
                    }
                }
                guard isInLanguage(entry) else { continue }
                // Publish gives tags to the items of its sections: the Markdown files in a
                // section's folder (at any depth), not the section's own `index.md`.
                if let depth = publishContentDepth {
                    let folders = publishPrefix + ancestorNames.dropFirst(depth)
                    guard let section = folders.first, publishSections?.contains(section.lowercased()) ?? true,
                          !(folders.count == 1 && url.deletingPathExtension().lastPathComponent == "index") else {
                        publishPages += 1
                        continue
                    }
                }
                if let depth = hugoContentDepth, Self.isSectionPage(entry), let taxonomy = hugoTaxonomyOfPage(depth: depth) {
                    // A taxonomy's own page, or a term's (its folder named as Hugo names the term's
                    // page): in no taxonomy; a term's page titles its term.
                    hugoTermPages += 1
                    // (The taxonomy's own page under the folder "": a draft one takes the taxonomy.)
                    hugoTermTitles.append((taxonomy.name, taxonomy.term ?? "", url, entryName))
                    continue
                }
                if let depth = hugoContentDepth, ancestorNames.count > depth, Self.isSectionPage(entry) { hugoSectionPages.insert(entryName) }
                if hugoContentDepth != nil, hugo?.config.disablesRegularPages == true, !Self.isSectionPage(entry) { continue }
                // A section's cascade reaches its own page too, as Hugo's docs have the site's
                // cascade reach "the home page and any of its descendants".
                files.append((url, entryName, rootIsInPosts, rootName.count, jekyllFolders, siteTaxonomies,
                              cascaded(cascade, file: entry) ?? jekyllDefaults, stringTerms, builds,
                              eleventyDirectoryData, slugStyle))
            }
        }
    }

    /// Whether a file is a post of a Jekyll site whatever its extension (`.txt`, `.textile`):
    /// Jekyll makes a post of every file under `_posts` named as one (`2024-01-01-title.ext`),
    /// and a draft of every file under `_drafts` with an extension.
    private func isJekyllPostOfAnyFormat(relative: String?, entry: String) -> Bool {
        guard let relative else { return false }
        let folders = relative.split(separator: "/")
        // A draft is any file with an extension (Jekyll's DATELESS_FILENAME_MATCHER).
        if folders.contains("_drafts") { return !(entry as NSString).pathExtension.isEmpty }
        return folders.contains("_posts") && PageDates.fileNameDate(entry) != nil
    }

    /// Lists one file found without a listing's entry (a leaf bundle's index), once.
    private mutating func addFile(_ url: URL, name: String) {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            problems.append(SiteTags.Problem(file: name, line: nil, message: "cannot be read (\(String(cString: strerror(errno))))",
                                             skipped: .entry))
            return
        }
        var folder = stat()
        guard status.st_mode & S_IFMT == S_IFREG, stat(url.deletingLastPathComponent().path, &folder) == 0,
              listed.insert(ListedFile(folder: [UInt64(folder.st_dev), UInt64(folder.st_ino)], name: url.lastPathComponent)).inserted
        else { return }
        files.append((url, name, rootIsInPosts, rootName.count, nil, siteTaxonomies,
                      cascaded(cascade, file: url.lastPathComponent), stringTerms, builds,
                      eleventyDirectoryData, slugStyle))
    }

    /// Walks a Hugo site from its root: its content folders alone (``HugoConfig/mounts``), as
    /// Hugo reads pages from nowhere else (not `archetypes`, `themes`, `public`…). Every folder
    /// is read whatever the language counted: a page's name may put it in another language.
    private mutating func walkHugoSite(_ root: URL, name: String, includeDrafts: Bool) {
        let config = configuration(of: root, name: name)
        let base = URL(fileURLWithPath: root.path)
        guard var content = content(of: config, root: base, folderLanguages: nil) else { return }
        let rootPath = (base.standardized.path as NSString).resolvingSymlinksInPath
        let (outerNames, outerPrefix, outerCascade) = (ancestorNames, hugoPathPrefix, cascade)
        hugoPathPrefix = []
        // The site's own cascade reaches the home page and every page below it.
        cascade = config.cascade
        defer {
            (ancestorNames, hugoPathPrefix, cascade) = (outerNames, outerPrefix, outerCascade)
            hugoContentDepth = nil
            hugo = nil
        }
        for mount in config.mounts {
            let url = Self.folder(mount.folder, in: base)
            let contentName = mount.folder.hasPrefix("/") ? mount.folder : mount.folder == "." ? name
                : name.hasSuffix("/") ? name + mount.folder : name + "/" + mount.folder
            guard Self.isFolder(url) else {
                let setting = mount.key == "contentDir" && mount.folder == "content" ? ""
                    : " (\(mount.key) in \(config.mainSource ?? config.sources.last ?? "its configuration"))"
                problems.append(SiteTags.Problem(file: name, line: nil, message: "is a Hugo site without its content folder "
                                                 + "\(quoted(mount.folder))\(setting)", skipped: .entry))
                continue
            }
            ancestorNames = outerNames + (mount.folder == "." ? [] : mount.folder.split(separator: "/").map(String.init))
            hugoContentDepth = ancestorNames.count
            content.folderLanguages = mount.languages
            hugo = content
            // The site's root as its content (`contentDir = "."`) is walked again, as content.
            if (url.path as NSString).resolvingSymlinksInPath == rootPath, let identity = ancestors.last {
                ancestors.removeLast()
                visited.remove(identity)
                walk(url, name: contentName, includeDrafts: includeDrafts)
                ancestors.append(identity)
            } else {
                walk(url, name: contentName, includeDrafts: includeDrafts)
            }
        }
    }

    /// A content folder setting as a folder: from the site's root, or absolute.
    private static func folder(_ setting: String, in root: URL) -> URL {
        (setting.hasPrefix("/") ? URL(fileURLWithPath: setting) : root.appendingPathComponent(setting)).standardized
    }

    /// Starts the walk of a folder given: inside a Hugo site's content folder (or that folder),
    /// its pages are read by the site's rules, bundles and languages; elsewhere by none. The
    /// folder's path is tried as named and with its links resolved (a `content` that is a link).
    mutating func enterHugoSite(around folder: URL) {
        hugoContentDepth = nil
        hugo = nil
        insideBundle = nil
        cascade = nil
        hugoPathPrefix = []
        let named = URL(fileURLWithPath: folder.path).standardized
        let resolved = URL(fileURLWithPath: (named.path as NSString).resolvingSymlinksInPath)
        for start in [named, resolved] {
            var found: URL?
            guard Self.pathBelowSiteRoot(of: start, isRoot: { root in
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
                guard Self.isHugoRoot(entries, url: { root.appendingPathComponent($0) }) else { return false }
                found = root
                return true
            }) != nil, let root = found else { continue }
            let config = configuration(of: root, name: root.path)
            // The content folder holding it: the innermost.
            var match: (path: String, mount: HugoConfig.Mount)?
            for mount in config.mounts {
                let path = Self.folder(mount.folder, in: root).path
                guard start.path == path || start.path.hasPrefix(path == "/" ? "/" : path + "/"),
                      path.count > match?.path.count ?? -1 else { continue }
                match = (path, mount)
            }
            if let match {
                hugoPathPrefix = start.path.dropFirst(match.path.count).split(separator: "/").map(String.init)
                hugo = content(of: config, root: root, folderLanguages: match.mount.languages)
                if hugo != nil { hugoContentDepth = start.path == match.path ? 0 : -1 }
                // The site and the sections above it cascade to its pages, as from the site's root.
                cascade = config.cascade
                var sections: [URL] = []
                var folder = start.deletingLastPathComponent()
                while folder.path.count >= match.path.count {
                    sections.insert(folder, at: 0)
                    folder = folder.deletingLastPathComponent()
                }
                for section in sections {
                    let entries = (try? FileManager.default.contentsOfDirectory(atPath: section.path)) ?? []
                    cascade = Self.sectionCascade(in: section, entries: entries, keys: siteTaxonomies ?? taxonomies)?.over(cascade) ?? cascade
                }
                // A folder inside a leaf bundle holds the page's resources, not pages.
                var above = start.deletingLastPathComponent()
                while above.path.count > match.path.count {
                    let entries = (try? FileManager.default.contentsOfDirectory(atPath: above.path)) ?? []
                    if entries.contains(where: { $0.hasPrefix("index.") && Self.isHugoContent($0) }) {
                        insideBundle = above.lastPathComponent
                        break
                    }
                    above = above.deletingLastPathComponent()
                }
                return
            }
            // A folder holding content folders (`content` over `content/en` and `content/fr`):
            // only they hold pages.
            guard config.mounts.contains(where: { Self.folder($0.folder, in: root).path.hasPrefix(start.path + "/") }) else { continue }
            hugo = content(of: config, root: root, folderLanguages: [])
            if hugo != nil { hugoContentDepth = 0 }
            return
        }
    }

    /// The language counted in a site: the one asked for, else the language of the folder
    /// given when it is one language's own, else the site's default; `nil` (and
    /// ``languageError``) when the site does not build it.
    private mutating func content(of config: HugoConfig, root: URL, folderLanguages: Set<String>?) -> HugoContent? {
        let enabled = config.enabledCodes
        hugoLanguages.formUnion(enabled)
        hugoPermalinks.merge(config.permalinks) { first, _ in first }
        let folderLanguage = folderLanguages.flatMap { $0.count == 1 && config.languages.count > 1 ? $0.first : nil }
        let language = requestedLanguage ?? folderLanguage ?? config.defaultContentLanguage
        guard enabled.contains(language) else {
            if languageError == nil {
                // The configuration's own problems explain a language it names and does not get.
                let reason = if let problem = config.problems.first(where: { $0.skipped != .nothing }) {
                    "its configuration could not all be read (\(problem.problem))"
                } else if config.codes.contains(language) {
                    "it is disabled"
                } else {
                    "it is not one of its languages"
                }
                languageError = .unbuiltLanguage(language: language, site: config.mainSource ?? config.sources.last ?? "no configuration file",
                                                 builds: enabled,
                                                 reason: reason, isDefault: requestedLanguage == nil)
            }
            return nil
        }
        if config.languages.count > 1 { countedLanguages.insert(language) }
        if hugoPagePrefix == nil {
            let inFolder = language != config.defaultContentLanguage || config.defaultContentLanguageInSubdir
            hugoPagePrefix = config.baseURLPath + (inFolder ? language + "/" : "")
            hugoUglyURLs = config.uglyURLs
        }
        var mounts: [String: Set<String>] = [:]
        for mount in config.mounts {
            mounts[(Self.folder(mount.folder, in: root).path as NSString).resolvingSymlinksInPath, default: []].formUnion(mount.languages)
        }
        return HugoContent(config: config, language: language, folderLanguages: folderLanguages ?? [config.defaultContentLanguage],
                           mounts: mounts)
    }

    /// Whether a page of the folder being walked is in the language counted (every page outside
    /// a Hugo site's content is); a page that is not is counted as left out.
    private mutating func isInLanguage(_ fileName: String) -> Bool {
        guard let hugo, hugoContentDepth != nil else { return true }
        let isIn = if let named = hugo.config.language(ofFile: fileName) { named == hugo.language } else {
            hugo.folderLanguages.contains(hugo.language)
        }
        if !isIn { otherLanguagePages += 1 }
        return isIn
    }

    /// The folders from the nearest folder above `folder` that `isRoot` accepts down to `folder`
    /// (its own name last), or `nil` when no folder above it is accepted (64 levels at most).
    static func pathBelowSiteRoot(of folder: URL, isRoot: (URL) -> Bool) -> [String]? {
        var below: [String] = []
        var current = folder
        while current.path != "/", below.count < 64 {
            below.insert(current.lastPathComponent, at: 0)
            current = current.deletingLastPathComponent()
            if isRoot(current) { return below }
        }
        return nil
    }

    /// Whether a folder's entries make it a Hugo site's root: a `hugo` configuration file, or a
    /// `config` one beside a `content` folder (as sites made before Hugo 0.110 have it).
    static func isHugoRoot(_ entries: [String], url: (String) -> URL) -> Bool {
        if entries.contains(where: { hugoConfigs.contains($0) }) { return true }
        // A configuration folder with the site's main file (`config/_default/hugo.toml`), which
        // may set a contentDir other than `content`.
        if entries.contains("config") {
            let folder = url("config").appendingPathComponent("_default")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if names.contains(where: { hugoConfigs.contains($0) || oldHugoConfigs.contains($0) }) { return true }
        }
        guard entries.contains("content"), isFolder(url("content")) else { return false }
        if entries.contains(where: { oldHugoConfigs.contains($0) }) { return true }
        // A configuration folder: `config/_default/` (hugo.toml, params.toml, menus.en.toml…).
        return isFolder(url("config").appendingPathComponent("_default"))
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
