import Foundation
import TagCloud
import Testing

/// `tagcloud collect` against Hugo itself: a small site with awkward tags in YAML, TOML and JSON
/// front matter is built by the real `hugo` (Debian's, in make test's packages), and every link
/// the spec carries must reach a term page Hugo wrote, with the page's count as its weight; no
/// term page may be left without a chip. The fixtures elsewhere check the rules as the README
/// states them; this checks them against the generator.
@Suite struct HugoSiteTests {
    /// The `hugo` program, from PATH.
    static let hugo: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("hugo") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    static let files: [String: String] = [
        "hugo.toml": """
            baseURL = "https://example.org/"
            title = "Site"
            disableKinds = ["RSS", "sitemap", "robotsTXT", "404"]

            """,
        // A term page says its title and how many pages it lists.
        "layouts/_default/list.html": "{{ .Title }}|{{ len .Pages }}\n",
        "layouts/_default/single.html": "{{ .Title }}\n",
        "content/posts/a.md": """
            ---
            title: A
            date: 2024-01-01
            tags: [Swift, "Machine Learning", "C++", "C#", Café, "a%20b", "100%"]
            categories: [News]
            ---

            """,
        "content/posts/b.md": """
            +++
            title = "B"
            date = 2024-01-02
            tags = ["swift", ".NET", "Node.js", "日本語", "a/b", "Machine  learning"]
            +++

            """,
        "content/posts/c.md": """
            {"title": "C", "date": "2024-01-03", "tags": ["SWIFT", "Ελληνικά", "what?", "İstanbul"]}

            """,
        "content/posts/draft.md": "---\ntitle: D\ndraft: true\ntags: [Drafted]\n---\n",
        "content/posts/future.md": "---\ntitle: F\ndate: 2999-01-01\ntags: [Future]\n---\n",
        "content/posts/bundle/index.md": "---\ntitle: Bundle\ndate: 2024-01-04\ntags: [Bundled, swift]\n---\n",
        "content/posts/bundle/resource.md": "---\ntitle: R\ntags: [Resource]\n---\n",
    ]

    @Test func everyLinkReachesTheTermPageHugoWritesWithItsCount() throws {
        let cloud = try Self.compareWithHugo(Self.files, minimumPages: 15)
        #expect(!cloud.tags.contains { ["Drafted", "Future", "Resource"].contains($0.text) })
    }

    /// With `disableKinds = ["page"]` Hugo's taxonomies hold only the home and section pages'
    /// terms: a regular page's and a leaf bundle's are not counted.
    @Test func withoutRegularPagesOnlyTheListPagesTermsAreCounted() throws {
        var files = Self.files
        files["hugo.toml"] = """
            baseURL = "https://example.org/"
            title = "Site"
            disableKinds = ["page", "RSS", "sitemap", "robotsTXT", "404"]

            """
        files["content/_index.md"] = "---\ntitle: Home\ntags: [Home, swift]\n---\n"
        files["content/posts/_index.md"] = "---\ntitle: Posts\ntags: [Section, Swift]\n---\n"
        let cloud = try Self.compareWithHugo(files, minimumPages: 3)
        #expect(Set(cloud.tags.map { $0.text.lowercased() }) == ["home", "swift", "section"], "\(cloud.tags.map(\.text))")
    }

    /// A site's own taxonomies: a plural with a space and capitals is a folder Hugo names by its
    /// `urlize` (`/film-genres/sci-fi/`); a tag with no letter or digit is no term to Hugo (no page,
    /// no chip); a `.mkd` file is no page to Hugo (its tags are not counted).
    @Test func aSiteOwnTaxonomiesAndTagsHugoMakesNoTermOf() throws {
        var files = Self.files
        files["hugo.toml"] = """
            baseURL = "https://example.org/"
            title = "Site"
            disableKinds = ["RSS", "sitemap", "robotsTXT", "404"]
            [taxonomies]
            tag = "tags"
            genre = "Film Genres"

            """
        files["content/films/a.md"] = "---\ntitle: Film\ntags: [Go, \"🚀\", \"!!!\"]\nfilm genres: [Sci-Fi, Film Noir]\n---\n"
        files["content/films/b.md"] = "---\ntitle: Film B\nfilm genres: [sci-fi]\n---\n"
        files["content/films/c.mkd"] = "---\ntitle: Not a page\ntags: [Mkd]\nfilm genres: [Mkd]\n---\n"
        let cloud = try Self.compareWithHugo(files, minimumPages: 17, taxonomyFolders: ["tags", "film-genres"])
        #expect(!cloud.tags.contains { ["Mkd", "🚀", "!!!"].contains($0.text) }, "\(cloud.tags.map(\.text))")
        #expect(cloud.tags.contains { $0.text == "Sci-Fi" && $0.href == "/film-genres/sci-fi/" && $0.weight == 2 })
    }

    /// A taxonomy's and a term's own pages (`content/tags/_index.md`,
    /// `content/tags/swift/_index.md`) are in no taxonomy, whatever their front matter says, and
    /// a term's page titles its term: the chip says what Hugo's term page shows. A page with no
    /// title leaves its term's name as it is.
    @Test func termPagesTitleTheirTermsAndAreCountedInNone() throws {
        var files = Self.files
        files["content/tags/_index.md"] = "---\ntitle: All the tags\ntags: [TaxonomyPage]\n---\n"
        files["content/tags/swift/_index.md"] = "---\ntitle: Swift, the language\ntags: [TermPage, swift]\n---\n"
        files["content/tags/c++/_index.md"] = "+++\ntitle = \"C plus plus\"\n+++\n"
        files["content/tags/café/_index.md"] = "---\ndescription: no title\n---\n"
        // A bare number is a title as written; a draft term page takes its term with it.
        files["content/tags/bundled/_index.md"] = "---\ntitle: 42\n---\n"
        // A term whose slug is percent-encoded in its link (`c%23`) has its page in the folder `c#`.
        files["content/tags/c#/_index.md"] = "---\ntitle: C Sharp\n---\n"
        files["content/tags/node.js/_index.md"] = "---\ntitle: Node\ndraft: true\n---\n"
        let cloud = try Self.compareWithHugo(files, minimumPages: 14)
        #expect(!cloud.tags.contains { ["TaxonomyPage", "TermPage"].contains($0.text) }, "\(cloud.tags.map(\.text))")
        #expect(cloud.tags.contains { $0.text == "Swift, the language" && $0.href == "/tags/swift/" }, "\(cloud.tags.map(\.text))")
        #expect(cloud.tags.contains { $0.text == "C plus plus" && $0.href == "/tags/c++/" }, "\(cloud.tags.map(\.text))")
        #expect(cloud.tags.contains { $0.text == "Café" }, "\(cloud.tags.map(\.text))")
        #expect(cloud.tags.contains { $0.text == "C Sharp" }, "\(cloud.tags.map(\.text))")
        #expect(cloud.tags.contains { $0.text == "42" } && !cloud.tags.contains { $0.text == "Node" || $0.text == "Node.js" },
                "\(cloud.tags.map(\.text))")
    }

    /// A draft taxonomy page (`content/tags/_index.md` with `draft: true`) takes its taxonomy:
    /// Hugo writes none of its term pages, and no chip links to one.
    @Test func aDraftTaxonomyPageTakesItsTaxonomy() throws {
        var files = Self.files
        files["content/tags/_index.md"] = "---\ntitle: Tags\ndraft: true\n---\n"
        let site = try Self.builtWithHugo(files)
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public/tags").path), "hugo wrote the tags")
        let collected = try CommandRunner.run(["collect", site.path, "--taxonomy", "tags", "-o", "tags.json"], in: site)
        try #require(collected.status == 0, "\(collected.standardError)")
        #expect(try Cloud(contentsOf: site.appendingPathComponent("tags.json")).tags.isEmpty)
    }

    /// `config/production/` is read over the root's configuration, as `hugo` builds in the
    /// production environment: its `buildFuture` and its taxonomies count.
    @Test func theProductionEnvironmentsConfigurationIsRead() throws {
        var files = Self.files
        files["config/production/hugo.toml"] = "buildFuture = true\n"
        files["config/production/taxonomies.toml"] = "tag = 'tags'\nseries = 'series'\n"
        files["content/posts/e.md"] = "---\ntitle: E\ndate: 2024-01-05\ntags: [swift]\nseries: [Intro]\n---\n"
        let cloud = try Self.compareWithHugo(files, minimumPages: 16, taxonomyFolders: ["tags", "series"])
        #expect(cloud.tags.contains { $0.text == "Future" } && cloud.tags.contains { $0.text == "Intro" }, "\(cloud.tags.map(\.text))")
    }

    /// Sections' cascades of dates, as Hugo 0.111 applies them: one table's `expiryDate` and
    /// `publishDate` take the section out; in a list of cascades a lower-case `publishdate`
    /// does, a `publishDate` does not.
    @Test func cascadedDatesAreAppliedAsHugoAppliesThem() throws {
        var files = Self.files
        files["content/old/_index.md"] = "---\ntitle: Old\ncascade:\n  expiryDate: 2001-01-01\n---\n"
        files["content/old/o.md"] = "---\ntitle: O\ntags: [Expired]\n---\n"
        files["content/later/_index.md"] = "+++\ntitle = 'Later'\n[cascade]\npublishDate = 2999-01-01\n+++\n"
        files["content/later/l.md"] = "---\ntitle: L\ntags: [Later]\n---\n"
        files["content/listed/_index.md"] = "---\ntitle: Listed\ncascade:\n  - _target: {kind: page}\n    publishdate: 2999-01-01\n---\n"
        files["content/listed/l.md"] = "---\ntitle: LL\ntags: [ListedLater]\n---\n"
        files["content/camel/_index.md"] = "+++\ntitle = 'Camel'\n[[cascade]]\nexpiryDate = 2001-01-01\n+++\n"
        files["content/camel/c.md"] = "---\ntitle: C\ntags: [CamelListed]\n---\n"
        let cloud = try Self.compareWithHugo(files, minimumPages: 15)
        #expect(cloud.tags.contains { $0.text == "CamelListed" } && !cloud.tags.contains { ["Expired", "Later", "ListedLater"].contains($0.text) },
                "\(cloud.tags.map(\.text))")
    }

    /// Dates as Hugo 0.111 reads them: a time without seconds, a one-digit month and quoted digits
    /// are no dates (the page is published), `01 Jan 2999` and RFC 1123 are, and plain digits are
    /// seconds since 1970.
    @Test func datesAreReadAsHugoReadsThem() throws {
        var files = Self.files
        files["content/dates/a.md"] = "---\ntitle: A\ntags: [NoSeconds]\ndate: 2999-01-01 10:00\n---\n"
        files["content/dates/b.md"] = "---\ntitle: B\ntags: [DayMonth]\ndate: 01 Jan 2999\n---\n"
        files["content/dates/c.md"] = "---\ntitle: C\ntags: [ShortExpiry]\nexpiryDate: \"2001-1-1\"\n---\n"
        files["content/dates/d.md"] = "---\ntitle: D\ntags: [RFC1123]\npublishDate: \"Mon, 02 Jan 2999 15:04:05 MST\"\n---\n"
        files["content/dates/e.md"] = "+++\ntitle = 'E'\ntags = [\"TomlString\"]\ndate = \"2999-01-01 10:00\"\n+++\n"
        files["content/dates/f.md"] = "---\ntitle: F\ntags: [Quoted]\nexpiryDate: \"20010101\"\n---\n"
        files["content/dates/g.md"] = "---\ntitle: G\ntags: [PlainInt]\nexpiryDate: 20010101\n---\n"
        let cloud = try Self.compareWithHugo(files, minimumPages: 17)
        let texts = Set(cloud.tags.map(\.text))
        #expect(texts.isSuperset(of: ["NoSeconds", "ShortExpiry", "TomlString", "Quoted"]) && texts.isDisjoint(with: ["DayMonth", "RFC1123", "PlainInt"]),
                "\(texts.sorted())")
    }

    /// A site's `[frontmatter]` date sources, as Hugo 0.111 reads them: `:filename` (a bundle's
    /// folder name too), a key of the site's own (`golive`, `retire`), and a list without
    /// `:default` that leaves `date` and `expiryDate` unread.
    @Test func frontMatterDateSourcesAreReadAsHugoReadsThem() throws {
        var files = Self.files
        files["hugo.toml"] = """
            baseURL = "https://example.org/"
            title = "Site"
            disableKinds = ["RSS", "sitemap", "robotsTXT", "404"]
            [frontmatter]
            publishDate = [":filename", "golive"]
            expiryDate = ["retire"]

            """
        files["content/dated/2999-01-01-named.md"] = "---\ntitle: N\ntags: [FileFuture]\n---\n"
        files["content/dated/2999-02-02-bundle/index.md"] = "---\ntitle: B\ntags: [BundleFuture]\n---\n"
        files["content/dated/live.md"] = "---\ntitle: L\ntags: [GoLive]\ngolive: 2999-01-01\n---\n"
        files["content/dated/retired.md"] = "---\ntitle: R\ntags: [Retired]\nretire: 2001-01-01\n---\n"
        files["content/dated/plain.md"] = "---\ntitle: P\ntags: [PlainDates]\ndate: 2999-01-01\nexpiryDate: 2001-01-01\n---\n"
        let cloud = try Self.compareWithHugo(files, minimumPages: 16)
        let texts = Set(cloud.tags.map(\.text))
        #expect(texts.contains("PlainDates") && texts.isDisjoint(with: ["FileFuture", "BundleFuture", "GoLive", "Retired"]), "\(texts.sorted())")
    }

    /// Builds the site with `hugo` and collects its tags with links; every link must reach a term
    /// page Hugo wrote, with its count as the weight, and every term page must have its chip.
    /// With the one taxonomy `tags` the links are `/tags/{slug}/`, else `/{taxonomy}/{slug}/`
    /// with the site's own taxonomies. Returns the spec collected.
    /// A new site of `files` (paths from its root), built by hugo into its `public` folder; the
    /// caller removes it.
    private static func builtWithHugo(_ files: [String: String], _ name: String = #function) throws -> URL {
        let hugo = try #require(Self.hugo, "hugo is needed (Debian package hugo, in make test's packages)")
        let site = try temporaryFolder(name)
        for (path, text) in files {
            let url = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let built = try CommandRunner.run(["--quiet", "--source", site.path, "--destination", site.appendingPathComponent("public").path],
                                          program: hugo)
        if built.status != 0 { try? FileManager.default.removeItem(at: site) }
        try #require(built.status == 0, "hugo failed: \(built.standardError)")
        return site
    }

    private static func compareWithHugo(_ files: [String: String], minimumPages: Int,
                                        taxonomyFolders: [String] = ["tags"]) throws -> Cloud {
        let site = try builtWithHugo(files)
        defer { try? FileManager.default.removeItem(at: site) }

        // Hugo's term pages: each folder under public/TAXONOMY holding an index.html, by its path
        // (`tags/swift`).
        var pages: [String: Int] = [:]
        var titles: [String: String] = [:]
        for taxonomy in taxonomyFolders {
            let folder = site.appendingPathComponent("public/\(taxonomy)")
            let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path), "Hugo wrote no \(taxonomy) folder")
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix("/index.html") else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                let last = text.split(separator: "|").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
                guard let count = Int(last) else {
                    Issue.record("\(relative) does not end with a count: \(text)")
                    continue
                }
                pages[taxonomy + "/" + relative.dropLast("/index.html".count)] = count
                titles[taxonomy + "/" + relative.dropLast("/index.html".count)] = text.split(separator: "|").dropLast().joined(separator: "|")
            }
        }
        #expect(pages.count >= minimumPages, "\(pages)")

        let arguments = taxonomyFolders == ["tags"] ? ["--taxonomy", "tags", "--href", "/tags/{slug}/"] : ["--href", "/{taxonomy}/{slug}/"]
        let collected = try CommandRunner.run(["collect", site.path] + arguments + ["-o", "tags.json"], in: site)
        try #require(collected.status == 0, "\(collected.standardError)")
        let cloud = try Cloud(contentsOf: site.appendingPathComponent("tags.json"))
        var linked: [String: Int] = [:]
        for tag in cloud.tags {
            let href = try #require(tag.href, "\(tag.text) has no link")
            #expect(href.hasPrefix("/") && href.hasSuffix("/"), "\(tag.text): \(href)")
            // The folder a server maps the link to: the path percent-decoded.
            let folder = try #require(String(href.dropFirst().dropLast()).removingPercentEncoding, "\(href)")
            #expect(pages[folder] != nil, "\(tag.text): \(href) reaches no page Hugo wrote (\(pages.keys.sorted()))")
            #expect(pages[folder] == tag.weight.map { Int($0) }, "\(tag.text): weight \(tag.weight ?? 0), Hugo's page lists \(pages[folder] ?? 0)")
            // A term with a page of its own in the content is titled by it, as Hugo titles it
            // (one without a title is titled "" by Hugo 0.111: the chip keeps the term's name).
            if files["content/\(folder)/_index.md"] != nil, titles[folder]?.isEmpty == false {
                #expect(tag.text == titles[folder], "\(tag.text): Hugo's page of it is titled \(titles[folder] ?? "nothing")")
            }
            linked[folder] = Int(tag.weight ?? 0)
        }
        // Every term page has its chip; drafts, future pages and a bundle's resources have none.
        #expect(linked == pages, "Hugo's pages without a chip: \(Set(pages.keys).subtracting(linked.keys).sorted())")
        return cloud
    }
}
