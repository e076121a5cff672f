import Canvas
import Foundation
import Testing
@testable import TagCloud
import TestRandom

/// Tags counted from sites laid out as Hugo, Jekyll, Eleventy and Publish lay them out, and from
/// content that is broken in every way a site's content can be.
@Suite struct SiteTagsTests {
    static let sites = packageRoot.appendingPathComponent("Tests/TagCloudTests/Fixtures/sites")

    func counts(_ site: SiteTags) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: site.terms.map { ($0.name, $0.count) })
    }

    /// The counts of the tags of one folder, in a language.
    func counts(of folder: URL, language: String?) throws -> [String: Int] {
        var options = SiteTags.Options()
        options.language = language
        return counts(try SiteTags.collect(from: [folder], options: options))
    }

    @Test func hugoYAMLTOMLAndJSONFrontMatter() throws {
        let site = try SiteTags.collect(from: [Self.sites.appendingPathComponent("hugo/content")])
        // "Swift", "swift" and "SWIFT" are one term, spelt as first met (files in path order).
        #expect(counts(site) == ["Swift": 3, "SwiftUI": 1, "Layout": 1, "Programming": 2, "HarfBuzz": 1,
                                 "Typography": 1, "Cairo": 1, "Linux": 1, "Operations": 1])
        #expect(site.filesRead == 4)  // the draft is not counted
        #expect(site.problems.isEmpty)
        var options = SiteTags.Options()
        options.includeDrafts = true
        options.taxonomies = ["tags"]
        let withDrafts = try SiteTags.collect(from: [Self.sites.appendingPathComponent("hugo/content")], options: options)
        #expect(counts(withDrafts)["Unfinished"] == 1)
        #expect(counts(withDrafts)["Programming"] == nil)
    }

    @Test func jekyllPostsDraftsAndPublishedFalse() throws {
        // 2024-03-01-strings.md: `tags: static-sites Ruby` is two tags, `category: Release Notes`
        // one, read instead of `categories: blog news`, as Jekyll reads them.
        let site = try SiteTags.collect(from: [Self.sites.appendingPathComponent("jekyll")])
        #expect(counts(site) == ["jekyll": 1, "Ruby": 3, "news": 1, "Liquid": 1, "static-sites": 1, "Release Notes": 1])
        var options = SiteTags.Options()
        options.caseSensitive = true
        let exact = try SiteTags.collect(from: [Self.sites.appendingPathComponent("jekyll")], options: options)
        #expect(counts(exact) == ["jekyll": 1, "Ruby": 2, "ruby": 1, "news": 1, "Liquid": 1, "static-sites": 1, "Release Notes": 1])
        // Asked for by name, the singular key is still one term (it was split at its space).
        var byName = SiteTags.Options()
        byName.taxonomies = ["category"]
        #expect(counts(try SiteTags.collect(from: [Self.sites.appendingPathComponent("jekyll")], options: byName)) == ["Release Notes": 1])
    }

    /// Outside a Jekyll post a string is comma-separated terms, whatever its spaces; keys are
    /// read ignoring case, and `draft: "true"` is a draft, as Hugo reads them.
    @Test func keysIgnoreCaseAndStringsSplitAsTheGeneratorSplitsThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-keys-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let posts = folder.appendingPathComponent("content/posts")
        try FileManager.default.createDirectory(at: posts, withIntermediateDirectories: true)
        let pages = [
            "a.md": "---\nTags: [Capital]\nCATEGORIES: Static sites, Swift\n---\n",
            "b.md": "---\ntags: [Hidden]\ndraft: \"true\"\n---\n",
            "c.md": "+++\nTags = [\"Capital\"]\nDraft = \"false\"\n+++\n",
            "d.md": "+++\ntags = [\"Hidden\"]\ndraft = \"TRUE\"\n+++\n",
            "e.md": "---\ntag: Single\ntags: two words\n---\n",
        ]
        for (name, text) in pages { try Data(text.utf8).write(to: posts.appendingPathComponent(name)) }
        let site = try SiteTags.collect(from: [folder])
        #expect(counts(site) == ["Capital": 2, "Static sites": 1, "Swift": 1, "two words": 1])
        #expect(site.problems.isEmpty, "\(site.problems)")
    }

    /// Keys equal ignoring case count once, as in a Hugo 0.111 build of the same pages (checked,
    /// both orders, YAML and TOML): the one not written in lower case.
    @Test func keysEqualIgnoringCaseCountOnce() throws {
        let folder = try site([
            "content/posts/a.md": "---\ntags: [lower1]\nTags: [upper1]\n---\n",
            "content/posts/b.md": "---\nTags: [upper2]\ntags: [lower2]\n---\n",
            "content/posts/c.md": "+++\ntags = [\"lower3\"]\nTags = [\"upper3\"]\n+++\n",
            "content/posts/d.md": "{\n\"tags\": [\"lower4\"], \"Tags\": [\"upper4\"]\n}\n",
            "content/posts/e.md": "+++\nTags = [\"upper5\"]\ntags = [\"lower5\"]\n+++\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try SiteTags.collect(from: [folder])
        #expect(counts(site) == ["upper1": 1, "upper2": 1, "upper3": 1, "upper4": 1, "upper5": 1])
    }

    /// Front matter that is a list or a lone value is reported at its line (it passed in silence,
    /// `--strict` too; Hugo stops the build on it); an empty block is a page without tags.
    @Test func frontMatterThatIsNotAMappingIsAProblem() throws {
        let folder = try site(["list.md": "---\n- just\n- a list\n---\n", "lone.md": "---\nhello there\n---\n",
                               "empty.md": "---\n---\nbody\n", "good.md": "---\ntags: [kept]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["kept": 1])
        #expect(terms.problems.contains { $0.file.hasSuffix("list.md") && $0.line == 2 && $0.message.contains("it is a list") },
                "\(terms.problems)")
        #expect(terms.problems.contains { $0.file.hasSuffix("lone.md") && $0.line == 2 && $0.message.contains("lone value") })
        #expect(!terms.problems.contains { $0.file.hasSuffix("empty.md") })
        // A file's problems come in the order of their lines (the empty tag's came after the numbers').
        let ordered = try site(["a.md": "---\ntags:\n  - 1\n  - \"\"\n  - 2\n  - ok\n---\n"])
        defer { try? FileManager.default.removeItem(at: ordered) }
        let lines = try SiteTags.collect(from: [ordered]).problems.compactMap(\.line)
        #expect(lines == [3, 4, 5], "\(lines)")
    }

    /// A page linked under other names beside it (a symbolic link, a hard link) is a page per
    /// name, as Hugo 0.111 built three pages of it (they counted once); the same folder given
    /// twice, or reached through a link, is read once.
    @Test func aPageUnderTwoNamesIsTwoPages() throws {
        let folder = try site(["posts/z.md": "---\ntags: [real]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let posts = folder.appendingPathComponent("posts")
        try FileManager.default.createSymbolicLink(atPath: posts.appendingPathComponent("z2.md").path, withDestinationPath: "z.md")
        #expect(link(posts.appendingPathComponent("z.md").path, posts.appendingPathComponent("z3.md").path) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("alias").path, withDestinationPath: "posts")
        #expect(counts(try SiteTags.collect(from: [folder])) == ["real": 3])
        #expect(counts(try SiteTags.collect(from: [folder, posts])) == ["real": 3])
    }

    @Test func eleventyAndPublishCommaSeparatedTags() throws {
        let eleventy = try SiteTags.collect(from: [Self.sites.appendingPathComponent("eleventy/src")])
        #expect(counts(eleventy) == ["post": 2, "eleventy": 1, "JavaScript": 2])
        let publish = try SiteTags.collect(from: [Self.sites.appendingPathComponent("publish/Content")])
        #expect(counts(publish) == ["Swift": 2, "Publish": 1, "Static sites": 1, "plot": 1])
    }

    /// An Eleventy site makes collections of `tags` alone: its pages' `categories` are not
    /// counted when the site decides (as the command asks unless `--taxonomy` is given), and
    /// `Tags` is another key there.
    @Test func anEleventySiteCountsItsTagsAlone() throws {
        let folder = try site(["eleventy.config.js": "export default function () {}\n",
                               "posts/a.md": "---\ntags: [post]\ncategories: [news]\nTags: [capital]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.readsHugoTaxonomies = true
        #expect(counts(try SiteTags.collect(from: [folder], options: options)) == ["post": 1])
        #expect(counts(try SiteTags.collect(from: [folder])) == ["post": 1, "news": 1])
        // Eleventy 3's `---js` front matter is a program: a note, not a problem, there.
        try Data("---js\n{ tags: [\"jsfm\"] }\n---\n".utf8).write(to: folder.appendingPathComponent("posts/js.md"))
        let withProgram = try SiteTags.collect(from: [folder], options: options)
        #expect(counts(withProgram) == ["post": 1])
        #expect(withProgram.problems.contains { $0.file.hasSuffix("js.md") && $0.skipped == .nothing && $0.message.contains("in js") })
    }

    /// Each generator takes only its own openers for front matter: Eleventy's gray-matter a `---`
    /// block at the file's first byte (naming `yaml` in any case, `json` in lower case), Publish
    /// `---` blocks; a template's `{% extends %}`, a bare JSON object, a `+++` block or a block
    /// after a blank line is the page's text there, neither counted nor reported. Hugo reads all.
    @Test func eachGeneratorReadsOnlyItsOwnFrontMatterOpeners() throws {
        let pages = [
            "index.njk": "{% extends \"base.njk\" %}\n{% block content %}Hi{% endblock %}\n",
            "liquid.html": "{{ page.title }}\n",
            "bare.md": "{\"tags\": [\"bare-json\"]}\n",
            "blank.md": "\n---\ntags: [after-blank-line]\n---\n",
            "toml.md": "+++\ntags = [\"toml\"]\n+++\n",
            "ok.md": "\u{FEFF}---\ntags: [ok]\n---\n",
            "upper.md": "---YAML\ntags: [upper-yaml]\n---\n",
            "yml.md": "---yml\ntags: [yml]\n---\n",
            "json.md": "---json\n{\"tags\": [\"json\"]}\n---\n",
        ]
        var files = ["eleventy.config.js": "export default function () {}\n"]
        for (name, text) in pages { files["posts/" + name] = text }
        let eleventy = try site(files)
        defer { try? FileManager.default.removeItem(at: eleventy) }
        var options = SiteTags.Options()
        options.readsHugoTaxonomies = true
        let read = try SiteTags.collect(from: [eleventy], options: options)
        #expect(counts(read) == ["ok": 1, "upper-yaml": 1, "yml": 1, "json": 1])
        #expect(read.problems.isEmpty, "\(read.problems)")
        // `---JSON` names no reader of gray-matter's: Eleventy stops on it.
        try Data("---JSON\n{\"tags\": [\"caps\"]}\n---\n".utf8).write(to: eleventy.appendingPathComponent("posts/caps.md"))
        let caps = try SiteTags.collect(from: [eleventy], options: options)
        #expect(caps.problems.map(\.message) == ["the front matter opens with ---JSON; write ---json, in lower case "
            + "(gray-matter, Eleventy's reader, has no language named JSON)"])

        let publish = try site([
            "Package.swift": "// .package(url: \"https://github.com/johnsundell/publish.git\", from: \"0.9.0\")\n",
            "Content/posts/a.md": "---\ntags: Swift, Publish\n---\n",
            "Content/posts/b.md": "{{ template }}\n",
            "Content/posts/c.md": "{\"tags\": [\"bare-json\"]}\n",
            "Content/posts/d.md": "+++\ntags = [\"toml\"]\n+++\n",
        ])
        defer { try? FileManager.default.removeItem(at: publish) }
        let publishRead = try SiteTags.collect(from: [publish.appendingPathComponent("Content")])
        #expect(counts(publishRead) == ["Swift": 1, "Publish": 1])
        #expect(publishRead.problems.isEmpty, "\(publishRead.problems)")

        // Hugo reads every opener, blank lines first; a template's brace is malformed JSON there.
        let hugo = try site(["hugo.toml": "title = \"x\"\n",
                             "content/bare.md": "{\"tags\": [\"bare-json\"]}\n",
                             "content/blank.md": "\n---\ntags: [after-blank-line]\n---\n",
                             "content/toml.md": "+++\ntags = [\"toml\"]\n+++\n"])
        defer { try? FileManager.default.removeItem(at: hugo) }
        #expect(counts(try SiteTags.collect(from: [hugo])) == ["bare-json": 1, "after-blank-line": 1, "toml": 1])
        // A tag Hugo makes no term of is said once to be skipped (it said so twice).
        let rocket = try site(["hugo.toml": "title = \"x\"\n", "content/r.md": "---\ntags: [\"🚀\", go]\n---\n"])
        defer { try? FileManager.default.removeItem(at: rocket) }
        let said = try SiteTags.collect(from: [rocket]).problems.map(\.description)
        #expect(said.count == 1 && said[0].hasSuffix("to name its page); it was skipped"), "\(said)")
    }

    /// How a `---` block ends, as each generator reads it (checked with Hugo 0.111 and Jekyll's
    /// pattern): Hugo ends lines at a lone carriage return too (a file with classic Mac line
    /// ends is counted) and stops the build on a block closed by YAML's `...`; Jekyll takes `...`
    /// as the closing line and reads only `\n` line ends.
    @Test func frontMatterClosersAndLineEndsAreEachGeneratorsOwn() throws {
        let pages = ["content/cr.md": "---\rtitle: cr\rtags: [cronly]\r---\rbody\r",
                     "content/dots.md": "---\ntags: [dots]\n...\nbody\n",
                     "content/ok.md": "---\ntags: [okay]\n---\nbody\n"]
        let hugo = try site(pages.merging(["hugo.toml": "title = \"x\"\n"]) { $1 })
        defer { try? FileManager.default.removeItem(at: hugo) }
        let hugoRead = try SiteTags.collect(from: [hugo])
        #expect(counts(hugoRead) == ["cronly": 1, "okay": 1])
        #expect(hugoRead.problems.map { "\($0.file.split(separator: "/").last ?? ""):\($0.line ?? 0) \($0.message)" }
                == ["dots.md:1 the front matter that starts here has no closing --- line"], "\(hugoRead.problems)")

        var jekyllPages: [String: String] = ["_config.yml": "title: x\n"]
        for (path, text) in pages { jekyllPages["_posts/2024-01-01-" + (path as NSString).lastPathComponent] = text }
        let jekyll = try site(jekyllPages)
        defer { try? FileManager.default.removeItem(at: jekyll) }
        let jekyllRead = try SiteTags.collect(from: [jekyll])
        #expect(counts(jekyllRead) == ["dots": 1, "okay": 1], "\(jekyllRead.problems)")
    }

    /// Hugo's YAML reader takes YAML 1.1's boolean words for booleans: `tags: [yes, on, y]` are
    /// the term `true` to Hugo 0.111 (checked with it), not three tags linked to pages that do not
    /// exist; they are skipped with a warning, as `true` is. Quoted, or in JSON, they are text.
    @Test func hugoReadsYAMLBooleanWordsAsBooleans() throws {
        let hugo = try site(["hugo.toml": "title = \"x\"\n",
                             "content/a.md": "---\ntags: [y, yes, on, no, off, n, Y, Go]\n---\n",
                             "content/b.md": "---\ntags: y\n---\n",
                             "content/c.md": "---\ntags: [\"yes\", 'no']\n---\n",
                             "content/d.md": "{\"tags\": [\"on\"]}\n"])
        defer { try? FileManager.default.removeItem(at: hugo) }
        let read = try SiteTags.collect(from: [hugo])
        #expect(counts(read) == ["Go": 1, "yes": 1, "no": 1, "on": 1])
        // One for each word: seven in a.md, one in b.md.
        #expect(read.problems.count == 8 && read.problems.allSatisfy { $0.skipped == .term }, "\(read.problems)")
        #expect(read.problems.contains { $0.file.hasSuffix("a.md") && $0.line == 2
            && $0.message.contains("tags holds the boolean yes, which is not text (quote it to count it: \"yes\")") }, "\(read.problems)")
    }

    /// Jekyll's Psych reads `yes`, `on`, `no` and `off` in any case (and `tRUE`) as booleans,
    /// not `y` or `n`, and a string of words with one of them in it (`tags: yes no`) stays text.
    @Test func jekyllReadsPsychBooleanWordsAsBooleans() throws {
        let jekyll = try site(["_config.yml": "title: x\n",
                               "_posts/2024-01-01-a.md": "---\ntags: [y, yes, On, NO, off, n, tRUE, Go]\n---\n",
                               "_posts/2024-01-02-b.md": "---\ntags: yes no\n---\n",
                               "_posts/2024-01-03-c.md": "---\ntags: [\"yes\"]\n---\n"])
        defer { try? FileManager.default.removeItem(at: jekyll) }
        let read = try SiteTags.collect(from: [jekyll])
        #expect(counts(read) == ["y": 1, "n": 1, "Go": 1, "yes": 2, "no": 1])
        #expect(read.problems.count == 5 && read.problems.allSatisfy { $0.skipped == .term }, "\(read.problems)")
        #expect(read.problems.contains { $0.message.contains("tags holds the boolean On, which is not text") }, "\(read.problems)")
    }

    /// Hugo reads Org mode's `#+key: value` lines as front matter (an `.org` page's usual
    /// kind, and any page's that starts with `#+`), as Hugo 0.111 makes them (checked with it):
    /// keys in any case, `#+tags[]:` a list of words, `tags` and `categories` split at white
    /// space too, another key's value one term (a key written again joins its values with a line
    /// feed), `draft` and dates read as in other blocks, the block ending at the first line that
    /// does not start with `#+`. Collect read the page and counted none of its tags.
    @Test func hugoReadsOrgModeFrontMatter() throws {
        let folder = try site([
            "hugo.toml": "[taxonomies]\ntag = \"tags\"\ncategory = \"categories\"\nseries = \"series\"\n",
            "content/posts/a.org": "#+TITLE: Org post\n#+TAGS[]: Emacs   org-mode\n#+series: s1\n#+series: s2\n* Heading\n",
            "content/posts/b.org": "\u{FEFF}\n#+title: two\r\n#+Tags: One Tag\r\n#+categories[]: 日本語 Été\r\n",
            "content/posts/c.org": "#+title: three\n#+tags[]: a\n#+tags[]: b\n#+draft: true\n",
            "content/posts/d.org": "#+title: four\n#+tags[]: later\n#+date: <2099-01-02 Fri 10:00>\n",
            "content/posts/e.org": "#+title: five\n# a comment\n#+tags[]: after-comment\n",
            "content/posts/f.md": "#+title: markdown\n#+tags[]: md-org\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.readsHugoTaxonomies = true
        let read = try SiteTags.collect(from: [folder], options: options)
        #expect(counts(read) == ["Emacs": 1, "org-mode": 1, "s1 s2": 1, "One": 1, "Tag": 1, "日本語": 1, "Été": 1, "md-org": 1])
        // The series joined by a line feed (Hugo's `s1-s2` page) is drawn with a space, said once.
        #expect(read.problems.map { "\($0.line ?? 0) \($0.message)" }
            == ["3 series holds the tag \"s1\\ns2\", with a tab or line break in it; it is drawn with a space there"])
        options.includeDrafts = true
        options.includeFuture = true
        let all = counts(try SiteTags.collect(from: [folder], options: options))
        #expect(all["a"] == 1 && all["b"] == 1 && all["later"] == 1 && all["after-comment"] == nil)
        // Each key stays on its line (what is said of a value names the file's line); a line that
        // is no keyword (`#+BEGIN_SRC`) and go-org's own keywords (`#+name:`) give nothing.
        let lines = FrontMatter.orgAsJSON(Array("\n#+title: x\n#+tags[]: go hugo\n#+name: y\n#+BEGIN_SRC go\n".utf8))
        #expect(String(decoding: lines, as: UTF8.self) == "\n{\"title\":\"x\",\n\"tags\":[\"go\",\"hugo\"]}")
    }

    /// A key written twice in JSON front matter counts its last value, in any object of the
    /// block, as Go's encoding/json (Hugo) and JSON.parse (Eleventy) keep it, with a note at the
    /// second; YAML's last value is kept the same way.
    @Test func aKeyWrittenTwiceInJSONFrontMatterCountsItsLastValue() throws {
        let folder = try site([
            "hugo.toml": "title = \"x\"\n",
            "content/post.md": "{\n  \"tags\": [\"first\"],\n  \"title\": \"Post, \\\"tags\\\": [x]\",\n  \"tags\": [\"go\", \"hugo\"],\n"
                + "  \"params\": {\"a\": 1, \"a\": [1, {\"b\": 2}]},\n  \"categories\": [\"c\"], \"categories\": [\"d\"]\n}\nBody\n",
            "content/yaml.md": "---\ntags: [first]\ntitle: Post\ntags: [go, yaml]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let read = try SiteTags.collect(from: [folder])
        #expect(counts(read) == ["go": 2, "hugo": 1, "yaml": 1, "d": 1])
        let notes = read.problems.filter { $0.file.hasSuffix("post.md") }
        #expect(notes.map(\.line) == [4], "\(notes)")
        #expect(notes.allSatisfy { $0.skipped == .nothing && $0.message.contains("the last one was read") })
    }

    /// Blanking the earlier of a key written twice keeps the JSON valid, its length and every
    /// line break where it was, and the last value of each key.
    @Test func lastOfEachKeyKeepsValidJSONAndLines() throws {
        let cases: [(input: String, expected: String)] = [
            ("{\"a\": 1, \"a\": 2}", "{\"a\": 2}"),
            ("{\"a\": {\"x\": [1, 2]},\n \"b\": \"a\", \"a\": 3}", "{\"b\": \"a\", \"a\": 3}"),
            ("[{\"k\": \"}\", \"k\": \"{\"}]", "[{\"k\": \"{\"}]"),
            ("{\"a\": 1,\r\n \"b\": 2}", "{\"a\": 1, \"b\": 2}"),
            ("{\"\\u0061\": 1, \"a\": {\"c\": 1, \"c\": [2, {\"d\": 3, \"d\": 4}]}}", "{\"a\": {\"c\": [2, {\"d\": 4}]}}"),
        ]
        for (input, expected) in cases {
            let bytes = FrontMatter.lastOfEachKey(json: Array(input.utf8))
            #expect(bytes.count == input.utf8.count)
            #expect(bytes.indices.filter { bytes[$0] == 0x0A } == Array(input.utf8).indices.filter { Array(input.utf8)[$0] == 0x0A })
            let output = try JSONSerialization.jsonObject(with: Data(bytes)) as? NSObject
            let wanted = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? NSObject
            #expect(output == wanted, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// An Eleventy page's layouts give it their tags (a layout's front matter, and the layout it
    /// uses in turn), as the data cascade merges them: named by the page or its data files,
    /// found in the includes folder with or without the extension; `layout: false` uses none;
    /// a layout that is not there is said once.
    @Test func anEleventyPagesLayoutsGiveItTheirTags() throws {
        let folder = try site([
            "eleventy.config.js": "export default function () {}\n",
            "_includes/layouts/post.njk": "---\nlayout: base\ntags: fromlayout\n---\n<article>{{ content }}</article>\n",
            "_includes/base.njk": "---\ntags: [frombase]\n---\n<html>{{ content }}</html>\n",
            "blog/blog.11tydata.json": #"{"layout": "layouts/post.njk", "tags": ["posts"]}"#,
            "blog/a.md": "---\ntags: [own]\n---\n",
            "blog/b.md": "---\nlayout: false\n---\n",
            "c.md": "---\nlayout: missing.njk\ntags: [c]\n---\n",
            "d.md": "---\nlayout: missing.njk\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["posts": 2, "own": 1, "fromlayout": 1, "frombase": 1, "c": 1])
        #expect(terms.problems.filter { $0.message.contains("is named as a layout but is not in the layouts folder") }.map(\.file)
                == ["\(folder.relativePath)/_includes/missing.njk"], "\(terms.problems)")
        // An alias the configuration sets names a layout; layouts in a loop give nothing, said once.
        try Data("export default function (c) { c.addLayoutAlias('postalias', 'layouts/post.njk'); }\n".utf8)
            .write(to: folder.appendingPathComponent("eleventy.config.js"))
        try Data("---\nlayout: postalias\ntags: [aliased]\n---\n".utf8).write(to: folder.appendingPathComponent("e.md"))
        try Data("---\nlayout: loop2.njk\ntags: [l1]\n---\n".utf8).write(to: folder.appendingPathComponent("_includes/loop1.njk"))
        try Data("---\nlayout: loop1.njk\ntags: [l2]\n---\n".utf8).write(to: folder.appendingPathComponent("_includes/loop2.njk"))
        try Data("---\nlayout: loop1.njk\ntags: [f]\n---\n".utf8).write(to: folder.appendingPathComponent("f.md"))
        let more = try SiteTags.collect(from: [folder])
        #expect(counts(more)["aliased"] == 1 && counts(more)["fromlayout"] == 2 && counts(more)["frombase"] == 2)
        #expect(counts(more)["l1"] == nil && counts(more)["l2"] == nil && counts(more)["f"] == 1)
        #expect(more.problems.filter { $0.message.contains("loop of layouts") }.count == 1, "\(more.problems)")
    }

    @Test func theCloudWeighsLinksSortsAndCuts() throws {
        let site = try SiteTags.collect(from: [Self.sites.appendingPathComponent("hugo/content")])
        let byName = site.cloud(href: "/tags/{slug}/")
        #expect(byName.tags.map(\.text) == ["Cairo", "HarfBuzz", "Layout", "Linux", "Operations", "Programming", "Swift",
                                            "SwiftUI", "Typography"])
        #expect(byName.tags.first { $0.text == "Swift" } == .init("Swift", weight: 3, href: "/tags/swift/"))
        let top = site.cloud(minCount: 1, top: 2, order: .count, href: "{name}-{count}")
        #expect(top.tags.map(\.text) == ["Swift", "Programming"])
        #expect(top.tags.map(\.href) == ["Swift-3", "Programming-2"])
        #expect(site.cloud(minCount: 2).tags.map(\.text) == ["Programming", "Swift"])
        // The spec made from it reads back the same.
        #expect(try Cloud(yaml: byName.yaml()) == byName)
    }

    @Test(arguments: [
        ("A B C", "a-b-c"), ("a b   c", "a-b-c"), ("< a, b, & c >", "a-b-c"), ("main.go", "main.go"),
        ("Hugö", "hug%C3%B6"), ("Swift", "swift"), ("Static sites", "static-sites"), ("C#", "c%23"),
        ("C++", "c++"), ("async/await", "async/await"), ("iOS 17", "ios-17"), ("a - b", "a-b"), ("日本語", "%E6%97%A5%E6%9C%AC%E8%AA%9E"),
        ("back\\slash", "back%5Cslash"), ("🚀", ""), ("!?", ""),
        // Go's strings.ToLower, a character at a time; a `%` Hugo keeps (it starts an escape) is
        // a character of the page's folder, `public/tags/%20x/`, so its link encodes it (the
        // link `%20x` was decoded to " x" and answered 404); a lone % dropped.
        ("İstanbul", "istanbul"), ("ΣΑΣ", "%CF%83%CE%B1%CF%83"), ("%20x", "%2520x"), ("100%", "100"), ("%zz", "zz"),
        // Empty parts of the path dropped, as Hugo cleans the term's URL: `/{slug}/` never makes
        // a link to another host (`//lead/`).
        ("/lead", "lead"), ("a//b", "a/b"), ("lead/", "lead"), ("/", ""), ("//", ""),
    ])
    func slugsAreHugosURLize(_ term: String, _ slug: String) {
        #expect(SiteTags.slug(term) == slug)
    }

    /// Every link a template makes is one the spec accepts: a term with an empty slug gets none
    /// (it would be `/tags//`, or an empty link), and is named.
    @Test func aTermWithNoSlugGetsNoLink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-slug-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("---\ntags: [\"🚀\", Swift, \"back\\\\slash\"]\n---\n".utf8).write(to: folder.appendingPathComponent("a.md"))
        let site = try SiteTags.collect(from: [folder])
        for template in ["/tags/{slug}/", "{slug}", "/t/{slug}?n={name}"] {
            let cloud = site.cloud(href: template)
            let links = Dictionary(uniqueKeysWithValues: cloud.tags.map { ($0.text, $0.href) })
            #expect(links["🚀"] == .some(nil), "\(template): \(links)")
            #expect(links["Swift"] == .some(template.replacingOccurrences(of: "{slug}", with: "swift").replacingOccurrences(of: "{name}", with: "Swift")))
            for tag in cloud.tags { if let href = tag.href { _ = try WebLink(checking: href) } }
            var spec = cloud
            spec.width = 300
            _ = try spec.layout(typesetter: bundledTypesetter)
        }
        #expect(site.cloud(href: "/tags/{name}/").tags.first { $0.text == "🚀" }?.href == "/tags/%F0%9F%9A%80/")
        #expect(site.termsWithoutSlug() == ["🚀"])
    }

    /// Broken content is reported with file and line, skipped, and the rest still counted.
    @Test func brokenContentIsReportedAndSkipped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-site-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let posts = folder.appendingPathComponent("posts")
        try FileManager.default.createDirectory(at: posts, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: posts.appendingPathComponent(name))
        }
        try write("good.md", "---\ntags: [Kept]\n---\n")
        try write("unclosed.md", "---\ntags: [a]\n")
        try write("malformed.md", "---\ntitle: x\ntags: [a, b\n---\n")
        try write("mapping.md", "---\ntags:\n  - fine\n  - {nested: 1}\n  - true\n---\n")
        try write("toml.md", "+++\ntags = [\"TOML\", 3, {a = 1}]\n+++\n")
        try write("badtoml.md", "+++\ntags = [\n+++\n")
        try Data([0x2D, 0x2D, 0x2D, 0x0A, 0x00, 0xFF]).write(to: posts.appendingPathComponent("binary.md"))
        try write("huge.md", "---\ntags: [x]\n" + String(repeating: "# padding\n", count: 120_000) + "---\n")
        try FileManager.default.createSymbolicLink(at: posts.appendingPathComponent("loop"), withDestinationURL: folder)
        try FileManager.default.createSymbolicLink(at: posts.appendingPathComponent("dangling.md"),
                                                   withDestinationURL: folder.appendingPathComponent("nowhere.md"))
        let unreadable = posts.appendingPathComponent("private")
        try FileManager.default.createDirectory(at: unreadable, withIntermediateDirectories: true)
        try write("private/secret.md", "---\ntags: [Secret]\n---\n")
        chmod(unreadable.path, 0)
        defer { chmod(unreadable.path, 0o755) }

        let site = try SiteTags.collect(from: [folder])
        #expect(counts(site)["Kept"] == 1)
        #expect(counts(site)["fine"] == 1)
        #expect(counts(site)["TOML"] == 1 && counts(site)["3"] == nil)
        let messages = site.problems.map(\.description)
        func reported(_ file: String, line: Int?, _ text: String) {
            #expect(site.problems.contains { $0.file.hasSuffix(file) && $0.line == line && $0.message.contains(text) },
                    "\(file):\(line.map(String.init) ?? "-") \(text) in \(messages)")
        }
        reported("posts/unclosed.md", line: 1, "has no closing --- line")
        reported("posts/malformed.md", line: 4, "malformed front matter")
        reported("posts/mapping.md", line: 4, "tags holds a mapping, which is not text")
        reported("posts/mapping.md", line: 5, "tags holds the boolean true, which is not text")
        reported("posts/toml.md", line: 2, "tags holds the number 3, which is not text")
        reported("posts/toml.md", line: 2, "tags holds a table, which is not text")
        reported("posts/badtoml.md", line: 2, "malformed TOML front matter")
        reported("posts/binary.md", line: nil, "not a text file")
        reported("posts/huge.md", line: 1, "over 1024 KiB")
        reported("posts/loop", line: nil, "symbolic link loop")
        reported("posts/dangling.md", line: nil, "broken symbolic link")
        if getuid() != 0 {  // root reads any folder
            reported("posts/private", line: nil, "cannot be listed")
        }
        #expect(throws: TagCloudError.cannotReadInput(path: "/no/such/site", reason: "there is no such folder")) {
            try SiteTags.collect(from: [URL(fileURLWithPath: "/no/such/site")])
        }
    }

    /// A page reached twice counts once: folders that overlap, a folder given twice, two links to
    /// one folder (not a loop); a link to a page is a page of its own name, as Hugo reads it
    /// (``aPageUnderTwoNamesIsTwoPages()``); a loop is still reported.
    @Test func aPageReachedTwiceCountsOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-overlap-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let posts = folder.appendingPathComponent("content/posts")
        try FileManager.default.createDirectory(at: posts, withIntermediateDirectories: true)
        for index in 0..<5 {
            try Data("---\ntags: [Swift]\n---\n".utf8).write(to: posts.appendingPathComponent("p\(index).md"))
        }
        let content = folder.appendingPathComponent("content")
        let links = folder.appendingPathComponent("links")
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: links.appendingPathComponent("a"), withDestinationURL: posts)
        try FileManager.default.createSymbolicLink(at: links.appendingPathComponent("b"), withDestinationURL: posts)
        try FileManager.default.createSymbolicLink(at: links.appendingPathComponent("page.md"),
                                                   withDestinationURL: posts.appendingPathComponent("p0.md"))
        for folders in [[content, posts], [posts, content], [content, content], [links], [links, content]] {
            let site = try SiteTags.collect(from: folders)
            #expect(counts(site)["Swift"] == (folders.contains(links) ? 6 : 5), "\(folders.map(\.lastPathComponent))")
            #expect(site.problems.isEmpty, "\(folders.map(\.lastPathComponent)): \(site.problems.map(\.description))")
        }
        try FileManager.default.createSymbolicLink(at: posts.appendingPathComponent("up"), withDestinationURL: content)
        let looped = try SiteTags.collect(from: [content])
        #expect(counts(looped)["Swift"] == 5)
        #expect(looped.problems.map(\.message) == ["is a symbolic link loop (a folder inside itself)"])
        #expect(looped.problems.map(\.skipped) == [.entry])
    }

    /// The same content gives the same result whatever the order the files are read in, and
    /// every term of a page counts once.
    @Test func countingIsDeterministicAndPerPage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-site-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<300 {
            let tags = ["t\(index % 7)", "T\(index % 7)", "shared", "t\(index % 7)"]
            try Data("---\ntags: [\(tags.joined(separator: ", "))]\n---\n".utf8)
                .write(to: folder.appendingPathComponent(String(format: "p%03d.md", index)))
        }
        let first = try SiteTags.collect(from: [folder])
        for _ in 0..<5 { #expect(try SiteTags.collect(from: [folder]) == first) }
        #expect(counts(first)["shared"] == 300)
        #expect(first.terms.first { $0.name == "t0" }?.count == 43)
        #expect(first.terms.count == 8)
    }

    /// Terms Hugo treats as one (the same slug: "Static Sites" and "static-sites", "Q&A" and "QA",
    /// "İstanbul" and "istanbul") are one term with one link, not two chips with the same link.
    @Test func termsAreGroupedByTheirSlugAsHugoGroupsThem() throws {
        let folder = try site(["a.md": "---\ntags: [İstanbul, \"Static Sites\", \"Q&A\", \"C++\", 🚀]\n---\n",
                               "b.md": "+++\ntags = [\"istanbul\", \"static-sites\", \"QA\", \"c++\", \"✨\"]\n+++\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["İstanbul": 2, "Static Sites": 2, "Q&A": 2, "C++": 2, "🚀": 1, "✨": 1])
        let links = terms.cloud(href: "/tags/{slug}/").tags.compactMap(\.href)
        #expect(Set(links).count == links.count)
        var exact = SiteTags.Options()
        exact.caseSensitive = true
        #expect(try SiteTags.collect(from: [folder], options: exact).terms.count == 10)
    }

    /// `{taxonomy}` links a category to its own page; a count sort breaks ties by name whatever
    /// the files' order, as Hugo's ByCount.
    @Test func linksNameTheTaxonomyAndTiesSortByName() throws {
        let folder = try site(["z.md": "---\ntags: [Zeta]\ncategories: [Programming]\n---\n",
                               "a.md": "---\ntags: [Zeta, Alpha]\n---\n", "m.md": "---\ntags: [Alpha, beta]\n---\n",
                               "n.md": "---\ntags: [beta]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        let links = Dictionary(uniqueKeysWithValues: terms.cloud(href: "/{taxonomy}/{slug}/").tags.map { ($0.text, $0.href ?? "") })
        #expect(links["Programming"] == "/categories/programming/" && links["Zeta"] == "/tags/zeta/")
        #expect(terms.cloud(order: .count).tags.map(\.text) == ["Alpha", "beta", "Zeta", "Programming"])
        #expect(terms.cloud(top: 2, order: .name).tags.map(\.text) == ["Alpha", "beta"])
        // By name is by collation, as `order: name` (code points put Ärger and Été after Zürich).
        let accents = try site(["a.md": "---\ntags: [Zürich, Ärger, Été, apple, ß]\n---\n"])
        defer { try? FileManager.default.removeItem(at: accents) }
        #expect(try SiteTags.collect(from: [accents]).cloud(order: .name).tags.map(\.text) == ["apple", "Ärger", "Été", "ß", "Zürich"])
        // Ties in a count sort and at a `top` cut go by that collation too: not `zèbre` kept and
        // `école` cut because code points put accented letters after z.
        let ties = try site(["a.md": "---\ntags: [zèbre, école, Été, maison, Zed, ä]\n---\n", "b.md": "---\ntags: [maison]\n---\n"])
        defer { try? FileManager.default.removeItem(at: ties) }
        let tied = try SiteTags.collect(from: [ties])
        #expect(tied.cloud(order: .count).tags.map(\.text) == ["maison", "ä", "école", "Été", "zèbre", "Zed"])
        #expect(tied.cloud(top: 3, order: .name).tags.map(\.text) == ["ä", "école", "maison"])
    }

    /// A tag and a category of one name are one term for a template without `{taxonomy}`
    /// (a page with both counted once), two with it, each with its own count and page.
    @Test func aTagAndACategoryOfOneNameAreTwoChipsWhenLinkedByTaxonomy() throws {
        let folder = try site(["a.md": "---\ntags: [Go]\ncategories: [go]\n---\n", "b.md": "---\ncategories: [Go]\n---\n",
                               "c.md": "---\ntags: [Rust]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        let merged = terms.cloud(href: "/tags/{slug}/").tags
        #expect(merged.map(\.text) == ["Go", "Rust"] && merged.map(\.weight) == [2, 1])
        let apart = terms.cloud(order: .count, href: "/{taxonomy}/{slug}/").tags
        #expect(apart.map(\.text) == ["go", "Go", "Rust"])  // each taxonomy keeps its own first spelling
        #expect(apart.map(\.href) == ["/categories/go/", "/tags/go/", "/tags/rust/"])
        #expect(apart.map(\.weight) == [2, 1, 1])
        #expect(terms.termsByTaxonomy.map(\.taxonomy) == ["tags", "categories", "tags"])
    }

    /// A link is never made that leaves the taxonomy's folder: a slug or name that is a dot
    /// segment, in any spelling a browser reads as one, gets no link, and is named with why.
    @Test func aDotSegmentGetsNoLink() throws {
        let folder = try site(["a.md": "---\ntags: [\"..\", \".\", \"a/../b\", \"x/./y\", \"v1.0\", \"...\", Swift]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        let links = Dictionary(uniqueKeysWithValues: terms.cloud(href: "/tags/{slug}/").tags.map { ($0.text, $0.href) })
        #expect(links[".."] == .some(nil) && links["."] == .some(nil) && links["a/../b"] == .some(nil) && links["x/./y"] == .some(nil))
        #expect(links["v1.0"] == "/tags/v1.0/" && links["..."] == "/tags/.../" && links["Swift"] == "/tags/swift/")
        #expect(Set(terms.termsWithoutLink(href: "/tags/{slug}/").map(\.name)) == ["..", ".", "a/../b", "x/./y"])
        let byName = Dictionary(uniqueKeysWithValues: terms.cloud(href: "/tags/{name}").tags.map { ($0.text, $0.href) })
        #expect(byName[".."] == .some(nil) && byName["a/../b"] == "/tags/a%2F..%2Fb")
        // In a query a dot is text, not a path segment: the link is made.
        let searched = Dictionary(uniqueKeysWithValues: terms.cloud(href: "/search?q={name}").tags.map { ($0.text, $0.href) })
        #expect(searched[".."] == "/search?q=.." && searched["."] == "/search?q=.")
        #expect(terms.termsWithoutLink(href: "/search?q={name}").isEmpty)
        for spelling in ["..", ".%2e", "%2E.", "%2e%2E", "a/%2e/b"] { #expect(SiteTags.hasDotSegment(spelling), "\(spelling)") }
        for spelling in ["...", "a.b", "%2e%2e%2e", "a/b"] { #expect(!SiteTags.hasDotSegment(spelling), "\(spelling)") }
    }

    /// A tag whose link would be refused (over 8 KiB as a URL) gets no link, and is named with
    /// why: `collect` wrote the link, and the spec then failed to render, naming no file.
    @Test func aLinkTheSpecWouldRefuseIsNotMade() throws {
        let long = String(repeating: "word ", count: 1_800).trimmingCharacters(in: .whitespaces)
        let folder = try site(["a.md": "---\ntags: [\"\(long)\", Swift]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        let cloud = terms.cloud(href: "/tags/{slug}/")
        let links = Dictionary(uniqueKeysWithValues: cloud.tags.map { ($0.text, $0.href) })
        #expect(links[long] == .some(nil) && links["Swift"] == "/tags/swift/")
        let without = terms.termsWithoutLink(href: "/tags/{slug}/")
        #expect(without.map(\.name) == [long])
        #expect(without.first?.reason.hasPrefix("makes a link that would be refused") == true, "\(without)")
        #expect(throws: Never.self) { try cloud.layout() }
    }

    /// Front matter as the generators write it beyond plain YAML: Publish's `key: value` lines
    /// (not YAML), a `#` YAML cuts, Eleventy's `---json` and templates, blank lines before the
    /// block, and a Jekyll post found however its folder is named.
    @Test func frontMatterAsTheGeneratorsWriteIt() throws {
        let folder = try site([
            "publish/first.md": "---\ndate: 2024-01-01 10:00\ndescription: Swift tips: part 2\ntags: Swift, SwiftUI\n---\n",
            "publish/second.md": "---\ndescription: x\ntags: Swift, #100DaysOfSwift, Combine\n---\n",
            "eleventy/c.njk": "---\ntags: nunjucks\n---\n",
            "eleventy/k.md": "---json\n{\"tags\": [\"jsonfm\"]}\n---\n",
            "eleventy/l.md": "---js\n{ tags: [\"js\"] }\n---\n",
            "hugo/c.md": "\n\n---\ntags: [leadingblank]\nbroken: [\n---\n",
            "jekyll/_posts/2024-01-01-a.md": "---\ntags: ruby jekyll\ncategory: Blog\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let publish = try SiteTags.collect(from: [folder.appendingPathComponent("publish")])
        #expect(counts(publish) == ["Swift": 2, "SwiftUI": 1])
        #expect(publish.problems.map(\.line) == [3, 3])
        #expect(publish.problems.first?.message.contains("read as key: value lines") == true)
        #expect(publish.problems.last?.message.contains("YAML comment") == true)
        let eleventy = try SiteTags.collect(from: [folder.appendingPathComponent("eleventy")])
        #expect(counts(eleventy) == ["nunjucks": 1, "jsonfm": 1])
        #expect(eleventy.problems.map(\.description) == ["\(folder.appendingPathComponent("eleventy").relativePath)/l.md:1: "
            + "the front matter opens with ---js: a program, not data (only YAML, TOML and JSON are read); the file was skipped"])
        // The block's lines stay the file's after blank lines: the error is on line 5.
        let hugo = try SiteTags.collect(from: [folder.appendingPathComponent("hugo")])
        #expect(hugo.problems.first?.line == 5 || hugo.problems.first?.line == 6, "\(hugo.problems)")
        // `collect .` in _posts: the folder is named "." (relative to the working folder).
        let posts = URL(fileURLWithPath: ".", relativeTo: folder.appendingPathComponent("jekyll/_posts", isDirectory: true))
        #expect(posts.relativePath == ".")
        #expect(counts(try SiteTags.collect(from: [posts])) == ["Blog": 1, "ruby": 1, "jekyll": 1])
    }

    /// A spec written as YAML reads back as text in YAML 1.1 readers too (Jekyll's Psych, PyYAML):
    /// what starts as a number, `=` and `<<` are quoted.
    @Test func writtenTagsStayTextInYAML11Readers() throws {
        for text in ["0x1F", "12:30", "2024-01-01", "1_000", ".5", "+1", "-2", ".inf", "=", "<<", "0b101", "3D printing"] {
            #expect(SpecTree.mayReadAsNonText(text), "\(text)")
        }
        for text in ["Swift", "C++", "-", "x,y", "é", "١٢"] { #expect(!SpecTree.mayReadAsNonText(text), "\(text)") }
        let yaml = try Cloud(tags: [Cloud.Tag("12:30"), Cloud.Tag("Swift")]).yaml()
        #expect(yaml.contains("\"12:30\"") && yaml.contains("Swift") && !yaml.contains("\"Swift\""), "\(yaml)")
    }

    /// A term TOML front matter refuses is reported on its own line (TOMLKit gives no places:
    /// every one was on the block's first line).
    @Test func tomlProblemsAreOnTheirLines() throws {
        let folder = try site(["p.md": "+++\ntitle = \"x\"\ntags = [\n  \"ok\",\n  true,\n  2024-01-01,\n]\n"
                                   + "categories = [\"c\\u0001d\"]\n[params]\ntags = [\"no\"]\n+++\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["ok": 1])
        #expect(terms.problems.map(\.line) == [5, 6, 8], "\(terms.problems)")
    }

    /// A value that is not text (a number, a boolean, a date, null, a mapping, a list inside the
    /// list) is reported on its own line with its key and skipped, alike in YAML, TOML and JSON:
    /// YAML's dates were counted while TOML's were refused, and numbers counted silently. Quoted,
    /// each is a tag.
    @Test(arguments: ["yaml", "toml", "json"])
    func aValueThatIsNotTextIsReportedAndSkippedInEveryFormat(_ format: String) throws {
        // One value a line, from line 4: Swift, 2023, 1.5, true, a date, null (not in TOML), a
        // mapping, a list; then the same scalars quoted.
        let bare = ["2023", "1.5", "true", "2024-01-01"]
        let page: String
        switch format {
        case "yaml":
            page = "---\ntitle: x\ntags:\n  - Swift\n" + bare.map { "  - \($0)\n" }.joined() + "  - null\n  - {a: 1}\n  - [b, c]\n"
                + bare.map { "  - \"\($0)\"\n" }.joined() + "---\n"
        case "toml":
            page = "+++\ntitle = \"x\"\ntags = [\n  \"Swift\",\n" + bare.map { "  \($0),\n" }.joined() + "  {a = 1},\n  [\"b\", \"c\"],\n"
                + bare.map { "  \"\($0)\",\n" }.joined() + "]\n+++\n"
        default:
            // JSON has no dates: the fourth bare value is the string "x".
            let values = ["\"Swift\""] + bare.dropLast() + ["\"x\"", "null", "{\"a\": 1}", "[\"b\", \"c\"]"] + bare.map { "\"\($0)\"" }
            page = "{\n\"title\": \"x\",\n\"tags\": [\n" + values.joined(separator: ",\n") + "\n]\n}\n"
        }
        let folder = try site(["p.md": page], "notText-\(format)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        // Quoted, each is a tag.
        let expected = ["Swift"] + bare + (format == "json" ? ["x"] : [])
        #expect(Set(counts(terms).keys) == Set(expected), "\(counts(terms))")
        let problems = terms.problems.map { "\($0.line ?? 0): \($0.message)" }
        var wanted = [
            "5: tags holds the number 2023, which is not text (quote it to count it: \"2023\")",
            "6: tags holds the number 1.5, which is not text (quote it to count it: \"1.5\")",
            "7: tags holds the boolean true, which is not text (quote it to count it: \"true\")",
        ]
        switch format {
        case "yaml":
            wanted += ["8: tags holds the date 2024-01-01, which is not text (quote it to count it: \"2024-01-01\")",
                       "9: tags holds an empty tag (null)", "10: tags holds a mapping, which is not text (give each tag as text)",
                       "11: tags holds a list inside its list (put those tags in the outer one)"]
        case "toml":
            wanted += ["8: tags holds the date 2024-01-01, which is not text (quote it to count it: \"2024-01-01\")",
                       "9: tags holds a table, which is not text (give each tag as text)",
                       "10: tags holds an array inside its array (put those tags in the outer one)"]
        default:
            wanted += ["9: tags holds an empty tag (null)", "10: tags holds an object, which is not text (give each tag as text)",
                       "11: tags holds an array inside its array (put those tags in the outer one)"]
        }
        #expect(problems == wanted, "\(format): \(problems)")
        #expect(terms.problems.allSatisfy { $0.skipped == .term })
        #expect(terms.problems.first?.description.hasSuffix("(quote it to count it: \"2023\"); it was skipped") == true)
    }

    /// A key whose whole value is not text is reported as a list's element is; an empty one
    /// (`tags:`, `tags: []`) gives no tags and no warning.
    @Test func aKeyWhoseValueIsNotTextIsReported() throws {
        let folder = try site(["a.md": "---\ntags: 2023\ncategories:\n---\n", "b.md": "+++\ntags = 2024-01-01\ncategories = []\n+++\n",
                               "c.md": "{\"tags\": false, \"categories\": null}\n", "d.md": "---\ntags: []\ncategories: ~\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(terms.terms.isEmpty)
        #expect(terms.problems.map { "\(($0.file as NSString).lastPathComponent):\($0.line ?? 0): \($0.message)" } == [
            "a.md:2: tags holds the number 2023, which is not text (quote it to count it: \"2023\")",
            "b.md:2: tags holds the date 2024-01-01, which is not text (quote it to count it: \"2024-01-01\")",
            "c.md:1: tags holds the boolean false, which is not text (quote it to count it: \"false\")",
        ])
    }

    /// An empty tag (`""`, `"  "`, nothing between two commas) is reported on its line with its
    /// key, in every format, and skipped: it was dropped silently.
    @Test func anEmptyTagIsReported() throws {
        let folder = try site(["a.md": "---\ntags:\n  - \"\"\n  - \"  \"\n  - Swift\ncategories: News, , Tips\n---\n",
                               "b.md": "+++\ntags = [\"\", \"Go\"]\n+++\n", "c.md": "{\"tags\": [\"  \", \"Rust\"]}\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["Swift": 1, "News": 1, "Tips": 1, "Go": 1, "Rust": 1])
        #expect(terms.problems.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") } == [
            "a.md:3: tags holds an empty tag (\"\"); it was skipped", "a.md:4: tags holds an empty tag (\"  \"); it was skipped",
            "a.md:6: categories holds an empty tag (\" \"); it was skipped", "b.md:2: tags holds an empty tag (\"\"); it was skipped",
            "c.md:1: tags holds an empty tag (\"  \"); it was skipped",
        ])
    }

    /// A `draft` that is not true or false was read as not a draft without a word: it is warned
    /// about on its line and read as Hugo 0.111 reads it (go-yaml v2, then spf13/cast 1.5's
    /// `ToBool`), each case checked against a build: a YAML integer other than 0 and the YAML 1.1
    /// words `yes`, `on` are a draft; anything else (`banana`, `"yes"`, `off`, `1.5`, a TOML or
    /// JSON number, a list) is not, and the page is counted, as Hugo publishes it. Nothing is left
    /// out of the count for it, so it is a note.
    @Test func aDraftThatIsNotABooleanIsWarnedAboutAndReadAsHugoReadsIt() throws {
        let folder = try site([
            "a.md": "---\ntags: [A]\ndraft: banana\n---\n", "b.md": "---\ntitle: x\ntags: [B]\ndraft: \"yes\"\n---\n",
            "c.md": "---\ntags: [C]\ndraft: 1\n---\n", "d.md": "+++\ntags = [\"D\"]\ndraft = \"no\"\n+++\n",
            "e.md": "+++\ntags = [\"E\"]\ndraft = 2\n+++\n", "f.md": "{\"tags\": [\"F\"], \"draft\": [true]}\n",
            // As before: booleans, the strings Hugo reads as them, and no value at all.
            "g.md": "---\ntags: [G]\ndraft: true\n---\n", "h.md": "+++\ntags = [\"H\"]\ndraft = \"False\"\n+++\n",
            "i.md": "---\ntags: [I]\ndraft:\n---\n", "j.md": "{\"tags\": [\"J\"], \"draft\": \"TRUE\"}\n",
            "k.md": "---\ntags: [K]\ndraft: 1.5\n---\n", "l.md": "---\ntags: [L]\ndraft: yes\n---\n",
            "m.md": "---\ntags: [M]\ndraft: off\n---\n", "n.md": "{\"tags\": [\"N\"], \"draft\": 1}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(Set(counts(terms).keys) == ["A", "B", "D", "E", "F", "H", "I", "K", "M", "N"])
        #expect(terms.leftOut == [.draft: 4])
        let counted = "so the page is counted (write draft: true or draft: false)"
        let draft = "so the page is a draft (write draft: true or draft: false)"
        #expect(terms.problems.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") } == [
            "a.md:3: draft is banana, which is not true or false; it was read as false, as Hugo reads it, \(counted)",
            "b.md:4: draft is \"yes\", which is not true or false; it was read as false, as Hugo reads it, \(counted)",
            "c.md:3: draft is 1, which is not true or false; it was read as true, as Hugo reads it, \(draft)",
            "d.md:3: draft is \"no\", which is not true or false; it was read as false, as Hugo reads it, \(counted)",
            "e.md:3: draft is 2, which is not true or false; it was read as false, as Hugo reads it, \(counted)",
            "f.md:1: draft is a list, which is not true or false; it was read as false, as Hugo reads it, \(counted)",
            "k.md:3: draft is 1.5, which is not true or false; it was read as false, as Hugo reads it, \(counted)",
            "l.md:3: draft is yes, which is not true or false; it was read as true, as Hugo reads it, \(draft)",
            "m.md:3: draft is off, which is not true or false; it was read as false, as Hugo reads it, \(counted)",
            "n.md:1: draft is 1, which is not true or false; it was read as false, as Hugo reads it, \(counted)",
        ])
        #expect(terms.problems.allSatisfy { $0.skipped == .nothing })
    }

    /// A line or paragraph separator (U+2028, U+2029) in front matter, which pasted text brings,
    /// is text to Hugo and Jekyll: the page counts (it was skipped as malformed), a tag holding one
    /// reads it as a space, and Hugo's slug of that tag is the same.
    @Test func aLineSeparatorInFrontMatterKeepsThePage() throws {
        let folder = try site([
            "a.md": "---\ntitle: x\ntags: [ok, \"a\u{2028}b\"]\ndescription: \"para\u{2028}sep\u{2029}end\"\n---\n",
            "b.md": "{\"tags\": [\"json\"], \"summary\": \"x\u{2028}y\"}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["ok": 1, "a b": 1, "json": 1], "\(terms.problems)")
        #expect(terms.problems.isEmpty, "\(terms.problems)")
    }

    /// A file in UTF-16 or UTF-32 (with a byte order mark, or UTF-16 without one) is named as
    /// such, not as a binary file (it holds NUL bytes); a UTF-8 byte order mark is read past.
    @Test func aUTF16FileIsNamedAsOne() throws {
        let folder = try site(["binary.md": "", "utf8.md": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = "---\ntags: [Wide]\n---\n"
        func write(_ name: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        try write("le.md", [0xFF, 0xFE] + page.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        try write("be.md", [0xFE, 0xFF] + page.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        try write("bare.md", page.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        try write("wide.md", [0xFF, 0xFE, 0x00, 0x00] + page.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] })
        try write("utf8.md", [0xEF, 0xBB, 0xBF] + Array("---\ntags: [Narrow]\n---\n".utf8))
        try write("binary.md", [0x2D, 0x2D, 0x2D, 0x0A, 0x00, 0xFF, 0x10, 0x00, 0x00])
        // A NUL in the body, after a whole block, is the page's (Hugo publishes it with its tags).
        try write("nulbody.md", Array("---\ntags: [Body]\n---\nhello".utf8) + [0x00] + Array("world\n".utf8))
        // Bytes without a NUL and without front matter, mostly control characters: binary too
        // (it was counted as a page without tags, in silence); text in Windows-1252 is a page.
        var random = SeededRandom(seed: 0xB1)
        try write("noise.md", Array("# Title\n".utf8) + (0..<3000).map { _ in UInt8.random(in: 1...255, using: &random) })
        try write("latin.html", Array("<p>Caf".utf8) + [0xE9, 0x20, 0x93] + Array("quoted".utf8) + [0x94] + Array("</p>\r\n".utf8))
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["Narrow": 1, "Body": 1])
        #expect(terms.problems.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }.map {
            $0.hasPrefix("noise.md") ? String($0.prefix { $0 != "(" }) : $0
        } == [
            "bare.md:1: is UTF-16 (little-endian, without a byte order mark) text; front matter must be UTF-8 (save the file as UTF-8); skipped",
            "be.md:1: is UTF-16 (big-endian) text; front matter must be UTF-8 (save the file as UTF-8); skipped",
            "binary.md: is not a text file (it holds NUL bytes); skipped",
            "le.md:1: is UTF-16 (little-endian) text; front matter must be UTF-8 (save the file as UTF-8); skipped",
            "noise.md: is not a text file ",
            "wide.md:1: is UTF-32 (little-endian) text; front matter must be UTF-8 (save the file as UTF-8); skipped",
        ])
    }

    /// A term longer than a tag may be is skipped with a warning, in front matter and in
    /// Eleventy's data files: `collect` wrote a spec that `render` then refused, and `render
    /// --from` laid out a 900,000-character tag for minutes.
    @Test func aTermLongerThanATagIsSkipped() throws {
        let long = String(repeating: "ab", count: Cloud.maximumTagLength / 2) + "c"
        let folder = try site(["a.md": "---\ntags: [ok, \"\(long)\"]\n---\n", "b.md": "---\ntags: [\"\(long.dropLast())\"]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["ok": 1, String(long.dropLast()): 1])
        #expect(terms.problems.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
                == ["a.md:2: tags holds a tag of 10001 characters, more than the 10000 a tag may have; it was skipped"], "\(terms.problems)")
    }

    /// Jekyll gives a post the folders between the site and `_posts` as categories, first.
    @Test func jekyllPostsAreInTheirFoldersCategories() throws {
        let folder = try site(["blog/_posts/2024-01-04-four.md": "---\ncategories: News\n---\n",
                               "_posts/2024-01-05-five.md": "---\ncategory: News\n---\n",
                               "blog/notes.md": "---\ntags: [plain]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["blog": 1, "News": 2, "plain": 1])
        #expect(terms.terms.first { $0.name == "blog" }?.taxonomy == "categories")
        var tagsOnly = SiteTags.Options()
        tagsOnly.taxonomies = ["tags"]
        #expect(counts(try SiteTags.collect(from: [folder], options: tagsOnly)) == ["plain": 1])
    }

    /// A Jekyll site's folder categories start at its root, whichever folder is given: a folder
    /// above the site does not make the site's own folder a category; with `collections_dir`,
    /// posts are read from inside that folder alone, and it is no category.
    @Test func jekyllFolderCategoriesStartAtTheSitesRoot() throws {
        let folder = try site([
            "site/_config.yml": "title: x\n",
            "site/blog/_posts/2024-01-01-a.md": "---\ntags: [a]\n---\n",
            "other/_config.yml": "collections_dir: my_collections\n",
            "other/my_collections/_posts/2024-01-01-b.md": "---\ntags: [b]\n---\n",
            "other/my_collections/news/_posts/2024-01-01-c.md": "---\ntags: [c]\n---\n",
            "other/_posts/2024-01-01-outside.md": "---\ntags: [outside]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.taxonomies = ["tags", "categories"]
        #expect(counts(try SiteTags.collect(from: [folder], options: options)) == ["blog": 1, "a": 1, "b": 1, "news": 1, "c": 1])
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("other/my_collections/news")], options: options))
                == ["news": 1, "c": 1])
    }

    /// Pages the generator lists nowhere give no terms: Hugo's headless bundles and pages with
    /// `build.render: never` (also `_build`, and `render: false` as older Hugo wrote it), in YAML
    /// and TOML, and Eleventy's `eleventyExcludeFromCollections: true`; `build.list: never` alone
    /// keeps a page in Hugo's taxonomies, and drafts are left out as drafts.
    @Test func pagesTheGeneratorListsNowhereAreLeftOut() throws {
        let folder = try site([
            "listed.md": "---\ntags: [kept]\n---\n",
            "headless/index.md": "---\nheadless: true\ntags: [gone]\n---\n",
            "never.md": "---\nbuild:\n  render: never\n  list: always\ntags: [gone]\n---\n",
            "old.md": "---\n_build:\n  render: false\ntags: [gone]\n---\n",
            "never-toml.md": "+++\ntags = [\"gone\"]\n[build]\nrender = \"never\"\n+++\n",
            "headless-toml.md": "+++\nheadless = true\ntags = [\"gone\"]\n+++\n",
            "excluded.njk": "---\neleventyExcludeFromCollections: true\ntags: [gone]\n---\n",
            "unlisted-but-linked.md": "---\nbuild:\n  list: never\ntags: [kept]\n---\n",
            "not-excluded.md": "---\neleventyExcludeFromCollections: false\nheadless: false\ntags: [kept]\n---\n",
            "draft.md": "---\ndraft: true\nheadless: true\ntags: [gone]\n---\n",
            "one.md": "---\nheadless: 1\ntags: [gone]\n---\n",
            "eleventy3.md": "---\neleventyExcludeFromCollections: [post, \"2016\"]\ntags: [post, \"2016\", kept]\n---\n",
            "eleventy3-string.md": "---\neleventyExcludeFromCollections: \"post, 2016\"\ntags: [post, \"2016\", kept]\n---\n",
            "eleventy-quoted-true.md": "---\neleventyExcludeFromCollections: \"true\"\ntags: [\"true\", kept]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        // (A quoted "true" is the name of a collection to Eleventy, not the boolean.)
        #expect(counts(terms) == ["kept": 6])
        #expect(terms.problems.isEmpty, "\(terms.problems)")
        #expect(terms.leftOut == [.unlisted: 7, .draft: 1])
        #expect(terms.summary(tags: 1) == "collected 1 tag from 6 files (1 draft, 7 unlisted left out)")
    }

    /// Collected from a Jekyll site's root, the folders Jekyll reads no pages from are skipped:
    /// names starting with `_` but `_posts` and `_drafts`, and its default excludes; `_site`
    /// (Jekyll's and Eleventy's output) and the template folders are skipped in any site.
    @Test func aJekyllSiteIsReadAsJekyllReadsIt() throws {
        let page = "---\ntags: [gone]\n---\n"
        let folder = try site([
            "_config.yml": "title: Blog\n",
            "_posts/2024-01-01-a.md": "---\ntags: [post]\n---\n",
            "blog/_posts/2024-01-02-b.md": "---\ntags: [post]\n---\n",
            "about.md": "---\ntags: [page]\n---\n",
            "_site/tags/index.html": page, "_includes/head.html": page, "_layouts/post.html": page,
            "_recipes/soup.md": page, "blog/_hidden/x.md": page, "_notes.md": page,
            "vendor/bundle/ruby/3.2.0/gems/g-1.0/docs/readme.md": page, "vendor/other/kept.md": "---\ntags: [page]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        // Jekyll's `site.tags` holds posts only: the pages' tags are left out, and said so.
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["post": 2, "blog": 1])
        #expect(terms.leftOut == [.jekyllPage: 2])
        #expect(terms.summary(tags: 2) == "collected 2 tags from 2 files (2 Jekyll pages that are not posts left out)")
        // Not a Jekyll site: `_` folders are read, but for the generated and template ones.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("_config.yml"))
        #expect(counts(try SiteTags.collect(from: [folder])) == ["post": 2, "blog": 1, "page": 2, "gone": 4])
    }

    /// In a Jekyll site Jekyll's rules hold, not Hugo's (helper-18 compared Jekyll 4.3.1): only a
    /// false or null `published` (YAML 1.1: `off`, `no`, nothing) and a future `date` keep a post
    /// out, keys are matched as written, and only a YAML block at the file's very start is front
    /// matter. Outside a Jekyll site the same files follow Hugo's rules.
    @Test func aJekyllSiteKeepsJekyllsPublishingRules() throws {
        let folder = try site([
            "_config.yml": "title: Blog\n",
            "_posts/2024-01-01-off.md": "---\npublished: off\ntags: [off]\n---\n",
            "_posts/2024-01-01-no.md": "---\npublished: No\ntags: [no]\n---\n",
            "_posts/2024-01-01-null.md": "---\npublished:\ntags: [null]\n---\n",
            "_posts/2024-01-01-string.md": "---\npublished: \"false\"\ntags: [string]\n---\n",
            "_posts/2024-01-01-draft.md": "---\ndraft: true\ntags: [draft]\n---\n",
            "_posts/2024-01-01-pub.md": "---\npublishDate: 2099-01-01\ntags: [publishdate]\n---\n",
            "_posts/2024-01-01-exp.md": "---\nexpiryDate: 2020-01-01\ntags: [expirydate]\n---\n",
            "_posts/2024-01-01-future.md": "---\ndate: 2099-01-01\ntags: [future]\n---\n",
            "_posts/2024-01-01-cap.md": "---\nTags: [capital]\ntags: [lower]\n---\n",
            "_posts/2024-01-01-toml.md": "+++\ntags = [\"toml\"]\n+++\n",
            "_posts/2024-01-01-blank.md": "\n---\ntags: [blank]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let jekyll = try SiteTags.collect(from: [folder])
        #expect(counts(jekyll) == ["string": 1, "draft": 1, "publishdate": 1, "expirydate": 1, "lower": 1])
        #expect(jekyll.filesRead == 7 && jekyll.leftOut[.future] == 1)
        // A post in another format, or without front matter, is a post all the same (Jekyll
        // gives the bare one its folders as categories).
        for (path, text) in [("_posts/2024-01-01-p.txt", "---\ntags: [txt]\n---\n"), ("_posts/2024-01-01-q.textile", "---\ntags: [textile]\n---\n"),
                             ("a/b/_posts/2024-02-02-ab.md", "plain text\n"), ("a/_posts/2024-02-03-a.md", "---\ncategories: [own]\n---\n"),
                             ("_posts/photo.jpg", "not a post\n")] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let more = counts(try SiteTags.collect(from: [folder]))
        #expect(more["txt"] == 1 && more["textile"] == 1 && more["a"] == 2 && more["b"] == 1 && more["own"] == 1)
        // Without _config.yml: Hugo's rules and any block.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("_config.yml"))
        let other = try SiteTags.collect(from: [folder])
        #expect(counts(other)["draft"] == nil && counts(other)["publishdate"] == nil && counts(other)["expirydate"] == nil)
        #expect(counts(other)["capital"] == 1 && counts(other)["toml"] == 1 && counts(other)["blank"] == 1)
    }

    /// A key written twice counts its last value only, as Jekyll's YAML reader keeps it (the
    /// block is read as key: value lines, said in a note); `!!str 2024` is the text 2024.
    @Test func aRepeatedKeyCountsItsLastValueAndStrIsText() throws {
        let folder = try site(["twice.md": "---\ntitle: x\ntags: first\ntags: second\n---\n",
                               "lists.md": "---\ntags: [dup1]\ntitle: y\ntags:\n  - dup2\n  - dup3\n---\n",
                               "str.md": "---\ntags: [!!str 2024, !!str yes, 2025]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["second": 1, "2024": 1, "yes": 1, "dup2": 1, "dup3": 1])
        #expect(terms.problems.contains { $0.file.hasSuffix("lists.md") && $0.line == 4 && $0.message.contains("written twice") })
        #expect(terms.problems.contains { $0.file.hasSuffix("str.md") && $0.message.contains("2025") })
        // In a Hugo site too: Hugo 0.111 built /tags/two/ from it (the page was skipped).
        let hugo = try site(["hugo.toml": "title = \"t\"\n", "content/posts/a.md": "---\ntags: [one]\ntags: [two]\n---\n"])
        defer { try? FileManager.default.removeItem(at: hugo) }
        var options = SiteTags.Options()
        options.readsHugoTaxonomies = true
        let hugoTerms = try SiteTags.collect(from: [hugo], options: options)
        #expect(counts(hugoTerms) == ["two": 1], "\(hugoTerms.problems)")
    }

    /// A FIFO or a device named as a page is not read (it could block the count, or never end)
    /// and is said; the rest is counted.
    @Test func aFIFOOrDeviceNamedAsAPageIsSaidAndNotRead() throws {
        let folder = try site(["good.md": "---\ntags: [kept]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("pipe.md").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("zero.md"), withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["kept": 1])
        #expect(terms.problems.contains { $0.file.hasSuffix("pipe.md") && $0.message.contains("is a FIFO") })
        #expect(terms.problems.contains { $0.file.hasSuffix("zero.md") && $0.message.contains("is a device") })
    }

    /// A Jekyll site's `defaults` give its posts the terms and `published` their own front
    /// matter does not set, the more precise scope winning; Jekyll 4.3.1 counted the same site
    /// as deftag, own, docforced, newsdefault, other (tags) and docs, news (categories).
    @Test func jekyllDefaultsReachThePostsOfTheirScope() throws {
        let folder = try site([
            "_config.yml": """
                defaults:
                  - scope: {path: "", type: posts}
                    values: {tags: [deftag], layout: post}
                  - scope: {path: docs}
                    values: {published: false}
                  - scope: {path: "news/_posts", type: posts}
                    values: {tags: newsdefault other}
                  - scope: {path: "", type: pages}
                    values: {tags: [pagetag]}
                """,
            "_posts/2024-01-01-a.md": "---\ntitle: a\n---\n",
            "_posts/2024-01-02-b.md": "---\ntags: [own]\n---\n",
            "docs/_posts/2024-01-03-c.md": "---\ntags: [docpost]\n---\n",
            "docs/_posts/2024-01-04-d.md": "---\npublished: true\ntags: [docforced]\n---\n",
            "news/_posts/2024-01-05-e.md": "---\ntitle: n\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["deftag": 1, "own": 1, "docforced": 1, "newsdefault": 1, "other": 1, "docs": 1, "news": 1])
        #expect(terms.leftOut[.draft] == 1)
    }

    /// A date written without a time zone is in the site's (Jekyll's `timezone`, Hugo's
    /// `timeZone`): in UTC+14 a post of December 4th is out at 10:00 UTC on December 3rd.
    @Test func datesWithoutAZoneAreInTheSitesTimeZone() throws {
        var options = SiteTags.Options()
        options.now = try #require(PageDates.date("2026-12-03T14:00:00Z"))
        let jekyll = try site([
            "_config.yml": "timezone: Pacific/Kiritimati\n",
            "_posts/2026-12-04-named.md": "---\ntags: [named]\n---\n",
            "_posts/2026-12-01-floating.md": "---\ndate: 2026-12-04 01:00\ntags: [floating]\n---\n",
            "_posts/2026-12-01-offset.md": "---\ndate: 2026-12-04 01:00 +0000\ntags: [offset]\n---\n",
            "_posts/2026-12-05-later.md": "---\ntags: [later]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: jekyll) }
        #expect(counts(try SiteTags.collect(from: [jekyll], options: options)) == ["named": 1, "floating": 1])
        try Data("timezone: Mars/Olympus\n".utf8).write(to: jekyll.appendingPathComponent("_config.yml"))
        let unknown = try SiteTags.collect(from: [jekyll], options: options)
        #expect(counts(unknown).isEmpty)
        #expect(unknown.problems.contains { $0.message.contains("Mars/Olympus") && $0.skipped == .nothing })
        let hugo = try site([
            "hugo.toml": "timeZone = 'Pacific/Kiritimati'\n",
            "content/posts/a.md": "---\ndate: 2026-12-04\ntags: [hugo]\n---\n",
            "content/posts/b.md": "+++\ndate = 2026-12-04T01:00:00\ntags = ['toml']\n+++\n",
            "content/posts/c.md": "+++\ndate = 2026-12-04T01:00:00Z\ntags = ['zoned']\n+++\n",
        ])
        defer { try? FileManager.default.removeItem(at: hugo) }
        #expect(counts(try SiteTags.collect(from: [hugo], options: options)) == ["hugo": 1, "toml": 1])
        // A language's own time zone, over the site's (Hugo 0.111 publishes the post).
        try Data("defaultContentLanguage = 'en'\n[languages.en]\ntimeZone = 'Pacific/Kiritimati'\nweight = 1\n".utf8)
            .write(to: hugo.appendingPathComponent("hugo.toml"))
        #expect(counts(try SiteTags.collect(from: [hugo], options: options)) == ["hugo": 1, "toml": 1])
    }

    /// A Jekyll site's tags link to the pages jekyll-archives writes for them (`/tag/:name/`,
    /// `:name` being Jekyll's `Utils.slugify` in the configuration's `slug_mode`), not to Hugo's
    /// `urlize` of them: `C++` is `c` there (Hugo: `c++`), `node.js` is `node-js`.
    @Test func jekyllTagsAreSluggedAsJekyllArchivesNamesTheirPages() throws {
        let tags = "[C++, node.js, Static Sites, Été, \"Q&A\", İstanbul, \"-dash-\"]"
        let jekyll = try site([
            "_config.yml": "title: Blog\n",
            "_posts/2024-01-01-a.md": "---\ntags: \(tags)\n---\n",
            "notes/b.md": "---\ntags: \(tags)\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: jekyll) }
        func slugs(_ mode: String?) throws -> [String: String] {
            let config = mode.map { "jekyll-archives:\n  slug_mode: \($0)\n" } ?? "title: Blog\n"
            try Data(config.utf8).write(to: jekyll.appendingPathComponent("_config.yml"))
            let terms = try SiteTags.collect(from: [jekyll])
            return Dictionary(terms.terms.map { ($0.name, $0.slug) }, uniquingKeysWith: { a, _ in a })
        }
        #expect(try slugs(nil) == ["C++": "c", "node.js": "node-js", "Static Sites": "static-sites", "Été": "%C3%A9t%C3%A9",
                                   "Q&A": "q-a", "İstanbul": "i%CC%87stanbul", "-dash-": "dash"])
        #expect(try slugs("~") == slugs(nil))
        #expect(try slugs("pretty") == ["C++": "c++", "node.js": "node.js", "Static Sites": "static-sites", "Été": "%C3%A9t%C3%A9",
                                        "Q&A": "q&a", "İstanbul": "i%CC%87stanbul", "-dash-": "dash"])
        #expect(try slugs("ascii") == ["C++": "c", "node.js": "node-js", "Static Sites": "static-sites", "Été": "t",
                                       "Q&A": "q-a", "İstanbul": "stanbul", "-dash-": "dash"])
        #expect(try slugs("latin") == ["C++": "c", "node.js": "node-js", "Static Sites": "static-sites", "Été": "ete",
                                       "Q&A": "q-a", "İstanbul": "istanbul", "-dash-": "dash"])
        #expect(try slugs("raw") == ["C++": "c++", "node.js": "node.js", "Static Sites": "static-sites", "Été": "%C3%A9t%C3%A9",
                                     "Q&A": "q&a", "İstanbul": "i%CC%87stanbul", "-dash-": "dash"])
        // A word Jekyll does not know as a mode: the tag lowercased, nothing else.
        #expect(try slugs("none")["-dash-"] == "-dash-")
        // Outside a Jekyll site, Hugo's urlize still names them.
        try FileManager.default.removeItem(at: jekyll.appendingPathComponent("_config.yml"))
        try FileManager.default.removeItem(at: jekyll.appendingPathComponent("_posts"))
        #expect(try SiteTags.collect(from: [jekyll]).terms.first { $0.name == "C++" }?.slug == "c++")
    }

    /// Jekyll's finer rules, each checked against Jekyll 4.3.1 (helper-20): `category` and
    /// `categories` both count, and join the defaults' categories; a null value leaves the
    /// defaults in place (and a null `published` with no default unpublishes); tags split at ASCII
    /// white space only; a post may have an empty title; a plain timestamp with seconds is UTC
    /// whatever `timezone` says; a draft named as a post is dated by its name.
    @Test func jekyllsFinerRules() throws {
        var options = SiteTags.Options()
        options.now = try #require(PageDates.date("2026-12-03T14:00:00Z"))
        options.includeDrafts = true
        let folder = try site([
            "_config.yml": """
                timezone: Pacific/Kiritimati
                defaults:
                  - scope: {path: ""}
                    values: {categories: [call], tags: [dall], published: true}
                """,
            "_posts/2024-01-02-a.md": "---\ncategory: cs1\ncategories: [cp1]\ntags: [own]\n---\n",
            "_posts/2024-01-03-b.md": "---\ntags: ~\ncategories:\npublished: ~\n---\n",
            "_posts/2024-01-04-c.md": "---\ntags: \"u1\u{A0}u2 u3\"\n---\n",
            "_posts/2024-01-10-.md": "---\ntags: [emptytitle]\n---\n",
            "_posts/2024-01-05-d.md": "---\ndate: 2026-12-04 04:00:00\ntags: [utc]\n---\n",
            "_posts/2024-01-06-e.md": "---\ndate: \"2026-12-04 04:00:00\"\ntags: [quotedlocal]\n---\n",
            "_drafts/2099-01-01-fut.md": "---\ntags: [draftfuture]\n---\n",
            "_drafts/nofm.txt": "no front matter\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = counts(try SiteTags.collect(from: [folder], options: options))
        #expect(terms["cs1"] == 1 && terms["cp1"] == 1, "\(terms)")
        #expect(terms["call"] == 6 && terms["dall"] == 2, "\(terms)")
        #expect(terms["u1\u{A0}u2"] == 1 && terms["u3"] == 1 && terms["emptytitle"] == 1)
        #expect(terms["utc"] == nil && terms["quotedlocal"] == 1 && terms["draftfuture"] == nil)
    }

    /// Only `---` and `+++` open and close a block, as Hugo and Jekyll read them: `----` is text.
    @Test func aDelimiterIsThreeMarks() throws {
        let folder = try site(["four.md": "----\ntags: [four]\n----\n", "three.md": "---  \ntags: [three]\n---\n",
                               "plus.md": "++++\ntags = [\"plus\"]\n++++\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["three": 1])
        #expect(terms.filesRead == 3)
    }

    /// A term composed and the same decomposed ("été" as U+00E9 and as e + U+0301) are two terms
    /// with two slugs, as Hugo and Jekyll (which compare bytes) see them, with or without case.
    @Test func canonicallyEquivalentSpellingsAreTwoTerms() throws {
        let composed = "\u{E9}t\u{E9}", decomposed = "e\u{301}t\u{E9}"
        let folder = try site(["a.md": "---\ntags: [\"\(decomposed)\"]\n---\n", "b.md": "---\ntags: [\"\(composed)\"]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        for caseSensitive in [false, true] {
            var options = SiteTags.Options()
            options.caseSensitive = caseSensitive
            let terms = try SiteTags.collect(from: [folder], options: options).terms
            #expect(terms.count == 2)
            #expect(terms.map { Array($0.name.unicodeScalars) } == [Array(decomposed.unicodeScalars), Array(composed.unicodeScalars)])
            #expect(terms.map(\.slug) == [SiteTags.slug(decomposed), SiteTags.slug(composed)])
            #expect(SiteTags.slug(decomposed) != SiteTags.slug(composed))
        }
    }

    /// Outside a Hugo or Eleventy site, a plain YAML string is split at commas (Publish's
    /// metadata); a quoted one, a TOML one and a JSON one are one term each, as Hugo
    /// (`ToStringSlicePreserveString`) reads a string: `categories: "Swift, Go"` links to one
    /// page, `/categories/swift-go/`.
    @Test func onlyAPlainStringIsSplitAtCommas() throws {
        let folder = try site(["plain.md": "---\ntags: a, b\n---\n", "quoted.md": "---\ntags: \"Swift, Go\"\n---\n",
                               "single.md": "---\ntags: 'Swift, Go'\n---\n", "toml.md": "+++\ntags = \"Swift, Go\"\n+++\n",
                               "json.md": "{\"tags\": \"Swift, Go\"}\n", "jekyll/_posts/2024-01-01-x.md": "---\ntags: \"c d\"\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["a": 1, "b": 1, "Swift, Go": 4, "c": 1, "d": 1, "jekyll": 1])  // a Jekyll post splits any string, and its folder is a category
        #expect(terms.terms.first { $0.name == "Swift, Go" }?.slug == "swift-go")
    }

    /// A site of a known generator reads a string of terms as that generator does: Hugo keeps any
    /// string whole (`tags: go, hugo` is the one term `go, hugo`, `/tags/go-hugo/`), Eleventy 3
    /// splits any at commas, quoted or not; the same holds for a folder given inside either site.
    @Test func aStringIsReadAsTheSitesGeneratorReadsIt() throws {
        let folder = try site([
            "hugo/hugo.toml": "title = \"x\"\n",
            "hugo/content/posts/a.md": "---\ntags: go, hugo\n---\n",
            "hugo/content/posts/b.md": "---\ntags: [go]\ncategories: \"Web, Dev\"\n---\n",
            "eleventy/eleventy.config.js": "export default function () {}\n",
            "eleventy/posts/a.md": "---\ntags: \"js, css\"\n---\n",
            "eleventy/posts/b.md": "---json\n{\"tags\": \"js,html\"}\n---\n",
            "eleventy/posts/c.md": "---\ntags: [\"one, term\"]\n---\n",
            "old-eleventy/.eleventy.js": "module.exports = function () {}\n",
            "old-eleventy/a.md": "---\ntags: 'x, y'\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let hugo = try SiteTags.collect(from: [folder.appendingPathComponent("hugo")])
        #expect(counts(hugo) == ["go, hugo": 1, "go": 1, "Web, Dev": 1])
        #expect(hugo.terms.first?.slug == "go-hugo")
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("hugo/content/posts")])) == counts(hugo))
        let eleventy = try SiteTags.collect(from: [folder.appendingPathComponent("eleventy")])
        // (A list's items are terms as written: Eleventy splits only a string.)
        #expect(counts(eleventy) == ["js": 2, "css": 1, "html": 1, "one, term": 1])
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("eleventy/posts")])) == counts(eleventy))
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("old-eleventy")])) == ["x": 1, "y": 1])
        // Elsewhere, a quoted string is one term (Publish, no generator known).
        let plain = try site(["a.md": "---\ntags: 'x, y'\n---\n"], "plain-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: plain) }
        #expect(counts(try SiteTags.collect(from: [plain])) == ["x, y": 1])
    }

    /// A Hugo cascade with a target (`_target`, or `target` as Hugo 0.140 names it) reaches only
    /// the pages it names: by kind (the headless section of Hugo's documentation, `kind: page`
    /// with `build.render: never`), by path (`/docs/internal/**`), by language, and by
    /// environment (`hugo` builds in production); in YAML and TOML, and for a folder given
    /// inside the site.
    @Test func aHugoCascadeReachesThePagesItsTargetNames() throws {
        let folder = try site([
            "hugo.toml": "title = \"x\"\n",
            "content/news/_index.md": "---\ntags: [news-section]\ncascade:\n  - _target:\n      kind: page\n    build:\n      render: never\n---\n",
            "content/news/n1.md": "---\ntags: [headless]\n---\n",
            "content/news/b/index.md": "---\ntags: [headless-bundle]\n---\n",
            "content/docs/_index.md": "+++\n[[cascade]]\ndraft = true\n[cascade._target]\npath = \"/docs/internal/**\"\n+++\n",
            "content/docs/internal/deep/secret.md": "---\ntags: [secret]\n---\n",
            "content/docs/public.md": "---\ntags: [public]\n---\n",
            "content/blog/_index.md": "---\ncascade:\n  target: {kind: section}\n  draft: true\n---\n",
            "content/blog/post.md": "---\ntags: [post]\n---\n",
            "content/blog/sub/_index.md": "---\ntags: [sub-section]\n---\n",
            "content/env/_index.md": "---\ncascade:\n  - _target: {environment: development}\n    draft: true\n"
                + "  - _target: {lang: '{en,fr}', path: '/env/*'}\n    build: {render: never}\n---\n",
            "content/env/page.md": "---\ntags: [env]\n---\n",
            "content/env/deeper/page.md": "---\ntags: [deeper]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try SiteTags.collect(from: [folder])
        // (The blog's section is a section: its own cascade makes it a draft, and its pages go with it.)
        #expect(counts(whole) == ["news-section": 1, "public": 1, "deeper": 1], "\(whole.problems)")
        #expect(whole.leftOut[.draft] == 4 && whole.leftOut[.unlisted] == 3, "\(whole.leftOut)")
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("content/docs/internal")])) == [:])
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("content/news")])) == ["news-section": 1])
        // Targets Hugo refuses (stopping its build) reach no page, each said on its line; an
        // empty field sets nothing.
        let refused = try site([
            "hugo.toml": "title = \"x\"\n",
            "content/a/_index.md": "---\ncascade:\n  - _target: {kind: pages}\n    draft: true\n"
                + "  - _target:\n      path: [/a/x, /a/y]\n    draft: true\n  - _target: {path: '/a/[x'}\n    draft: true\n---\n",
            "content/a/x.md": "---\ntags: [x]\n---\n",
            "content/b/_index.md": "+++\n[[cascade]]\ndraft = true\n[cascade._target]\nkind = \"\"\npath = \"/b/**\"\n+++\n",
            "content/b/y.md": "---\ntags: [y]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: refused) }
        let checked = try SiteTags.collect(from: [refused])
        #expect(counts(checked) == ["x": 1], "\(checked.problems)")
        #expect(checked.problems.map(\.line) == [3, 6, 8] && checked.problems.allSatisfy { $0.message.contains("Hugo stops the build") }
                && checked.problems.first?.message.contains("kind \"pages\" matches no kind of page") == true
                && checked.problems.dropFirst().first?.message.contains("path is not text") == true, "\(checked.problems)")
        #expect(FrontMatter.globMatches("/docs/**", "/docs/a/b") && !FrontMatter.globMatches("/docs/*", "/docs/a/b")
                && FrontMatter.globMatches("{page,section}", "Section") && FrontMatter.globMatches("/p?st-[0-9]", "/post-7")
                && !FrontMatter.globMatches("/p[!o]st", "/post"))
    }

    /// Hugo's globs: `*` stays in a segment, `**` crosses them, braces (nested too) and classes;
    /// a glob written to make a backtracking matcher take exponential time is answered at once.
    @Test func cascadeTargetsMatchAsHugosGlobsDo() {
        let cases: [(String, String, Bool)] = [
            ("/docs/**", "/docs/a/b", true), ("/docs/*", "/docs/a/b", false), ("/docs/*", "/docs/a", true),
            ("**", "/", true), ("/**", "/a/b", true), ("{page,section}", "Section", true), ("{page,section}", "home", false),
            ("/{a,{b,c}}/x", "/c/x", true), ("/p?st-[0-9]", "/post-7", true), ("/p[!o]st", "/post", false),
            ("/p[!o]st", "/past", true), ("/a?", "/a/", false), ("/[a-c]x", "/bx", true), ("/{unclosed", "/{unclosed", true),
            ("/[unclosed", "/[unclosed", false), ("", "", true), ("", "/", false),
        ]
        for (glob, value, expected) in cases { #expect(FrontMatter.globMatches(glob, value) == expected, "\(glob) ~ \(value)") }
        let hostile = String(repeating: "*a", count: 500) + "b"
        #expect(!FrontMatter.globMatches(hostile, String(repeating: "a", count: 4000)))
        // 2⁴⁰ alternatives are not all tried: the first 64 are (`a` 40 times is the first).
        #expect(FrontMatter.globMatches(String(repeating: "{a,b}", count: 40), String(repeating: "a", count: 40)))
        #expect(!FrontMatter.globMatches(String(repeating: "{a,b}", count: 40), String(repeating: "b", count: 40)))
    }

    /// A Hugo site's `disablePathToLower` keeps a term's case in its slug (`/tags/Go/`); `Go` and
    /// `go` are one term, since Hugo 0.111 writes one page for both (`go` linked to a
    /// /tags/go/ it never writes), and `removePathAccents` drops its accents (`/tags/ete/`), as
    /// Hugo spells its URLs; an --exclude is matched the same way. Other sites keep Hugo's defaults.
    @Test func hugoURLSettingsSpellTheSlugs() throws {
        let folder = try site([
            "cased/hugo.toml": "disablePathToLower = true\nremovePathAccents = true\n",
            "cased/content/p/a.md": "---\ntags: [Go, Été, Static Sites]\n---\n",
            "cased/content/p/b.md": "---\ntags: [go, ete, Drop]\n---\n",
            "plain/a.md": "---\ntags: [Go, Été]\n---\n",
            "plain/b.md": "---\ntags: [go]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.excludedTerms = ["Drop"]
        let cased = try SiteTags.collect(from: [folder.appendingPathComponent("cased")], options: options)
        #expect(counts(cased) == ["Go": 2, "Été": 2, "Static Sites": 1])
        #expect(Dictionary(uniqueKeysWithValues: cased.terms.map { ($0.name, $0.slug) })
                == ["Go": "Go", "Été": "Ete", "Static Sites": "Static-Sites"])
        #expect(cased.excludedFound == ["Drop"])
        let plain = try SiteTags.collect(from: [folder.appendingPathComponent("plain")])
        #expect(counts(plain) == ["Go": 2, "Été": 1])
        #expect(plain.terms.first { $0.name == "Été" }?.slug == "%C3%A9t%C3%A9")
    }

    /// Under `disablePathToLower`, `{taxonomy}` keeps the configured plural's spelling, as Hugo
    /// writes it (`/Topics/Kernel/`; the link said `/topics/Kernel/`, which Hugo never wrote).
    @Test func aCasedSitesTaxonomyKeepsItsSpellingInLinks() throws {
        let folder = try site([
            "hugo.toml": "disablePathToLower = true\n[taxonomies]\ntag = \"tags\"\ntopic = \"Topics\"\n",
            "content/posts/c.md": "---\ntitle: C\nTopics: [Kernel]\ntags: [Go]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.readsHugoTaxonomies = true
        let site = try SiteTags.collect(from: [folder], options: options)
        let links = site.terms(linkedBy: "/{taxonomy}/{slug}/").map { SiteTags.link("/{taxonomy}/{slug}/", for: $0) }
        #expect(Set(links) == ["/Topics/Kernel/", "/tags/Go/"], "\(links)")
    }

    /// Characters the generators' readers take as text in front matter, which the spec's reader
    /// refuses, no longer drop a page's tags: C1 controls in JSON (U+0092 for ’ from Windows-1252
    /// text) and U+0085 in YAML, both in titles.
    @Test func controlCharactersTheGeneratorsReadKeepAPagesTags() throws {
        let folder = try site([
            "j.md": "{\"title\": \"It\u{92}s\", \"tags\": [\"jsonc1\"]}\n",
            "y.md": "---\ntitle: \"Wait\u{85} what\"\ntags: [fromtitle]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try SiteTags.collect(from: [folder])
        #expect(counts(site) == ["jsonc1": 1, "fromtitle": 1], "\(site.problems)")
        #expect(site.problems.isEmpty, "\(site.problems)")
    }

    /// An Eleventy site's JSON data files give their pages tags, merged with the front matter's
    /// as Eleventy's data cascade merges them: a folder's (`posts/posts.json`,
    /// `posts/posts.11tydata.json`, and those of the folders above, also for a folder given
    /// inside the site) and a page's own (`posts/a.json` beside `posts/a.md`). A JavaScript data
    /// file is noted (its tags cannot be known without running it); a broken one is a problem
    /// naming it, and its pages are still counted.
    @Test func eleventyDataFilesGiveTheirPagesTags() throws {
        let folder = try site([
            "eleventy.config.js": "export default function () {}\n",
            "_includes/base.njk": "<html>{{ content }}</html>\n",
            "_includes/post.njk": "<article>{{ content }}</article>\n",
            "content/content.json": "{\"layout\": \"base.njk\"}\n",
            "content/blog/blog.json": "{\"tags\": \"posts\", \"layout\": \"post.njk\"}\n",
            "content/blog/a.md": "---\ntags: [js]\n---\n",
            "content/blog/b.md": "# no front matter\n",
            "content/blog/c.md": "---\ntags: [css]\n---\n",
            "content/blog/c.11tydata.json": "{\n  \"tags\": [\"featured\", 2024]\n}\n",
            "content/blog/d.md": "---\ntitle: d\neleventyExcludeFromCollections: [posts]\n---\n",
            "content/notes/notes.11tydata.json": "{\"tags\": [\"notes\"]}\n",
            "content/notes/n.md": "---\ntitle: n\n---\n",
            "content/notes/deep/deep.json": "{\"tags\": \"deep, notes\"}\n",
            "content/notes/deep/m.md": "---\ntags: mine\n---\n",
            "content/scripts/scripts.11tydata.js": "export default { tags: ['scripted'] };\n",
            "content/scripts/s.md": "---\ntags: [s]\n---\n",
            "content/broken/broken.json": "{\"tags\": [\n",
            "content/broken/x.md": "---\ntags: [x]\n---\n",
            "content/empty/empty.json": "  \n",
            "content/empty/e.md": "---\ntags: [e]\n---\n",
            "content/marked/marked.json": "\u{FEFF}{\"tags\": [\"marked\"]}\n",
            "content/marked/m.md": "---\ntags: [m]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try SiteTags.collect(from: [folder])
        #expect(counts(whole) == ["posts": 3, "js": 1, "css": 1, "featured": 1, "notes": 2, "deep": 1, "mine": 1, "s": 1, "x": 1,
                                  "e": 1, "marked": 1, "m": 1])
        #expect(whole.problems.map(\.file).sorted() == ["\(folder.relativePath)/content/blog/c.11tydata.json",
                                                        "\(folder.relativePath)/content/broken/broken.json",
                                                        "\(folder.relativePath)/content/scripts/scripts.11tydata.js"], "\(whole.problems)")
        #expect(whole.problems.first { $0.file.hasSuffix("c.11tydata.json") }?.line == 2)
        #expect(whole.problems.first { $0.file.hasSuffix(".js") }?.skipped == .nothing)
        // A folder given inside the site: the folders' data above it still reach its pages.
        let deep = try SiteTags.collect(from: [folder.appendingPathComponent("content/notes/deep")])
        #expect(counts(deep) == ["notes": 1, "deep": 1, "mine": 1])
        // A data file above the folder given is named from the folder given.
        try Data("{\"tags\": [1]}\n".utf8).write(to: folder.appendingPathComponent("content/notes/notes.11tydata.json"))
        let named = try SiteTags.collect(from: [folder.appendingPathComponent("content/notes/deep")])
        #expect(named.problems.map(\.file) == ["\(folder.relativePath)/content/notes/notes.11tydata.json"], "\(named.problems)")
    }

    /// `eleventyExcludeFromCollections` in an Eleventy data file holds for the pages it reaches,
    /// as Eleventy's data cascade gives it: `true` leaves them out of every collection, names out
    /// of those tags' collections (two lists join); a deeper file's value, or the page's own
    /// (`false` too), wins over a folder's.
    @Test func eleventyDataFilesCanLeavePagesOutOfCollections() throws {
        let folder = try site([
            "eleventy.config.js": "export default function () {}\n",
            "notes/notes.json": "{\"eleventyExcludeFromCollections\": true, \"tags\": [\"notes\"]}\n",
            "notes/hidden.md": "---\ntags: [hidden]\n---\n",
            "notes/bare.md": "no front matter\n",
            "notes/shown.md": "---\ntags: [shown]\neleventyExcludeFromCollections: false\n---\n",
            "notes/open/open.11tydata.json": "{\"eleventyExcludeFromCollections\": false}\n",
            "notes/open/o.md": "---\ntags: [open]\n---\n",
            "posts/posts.json": "{\"tags\": [\"posts\", \"feed\"], \"eleventyExcludeFromCollections\": [\"feed\"]}\n",
            "posts/a.md": "---\ntags: [a, feed]\n---\n",
            "posts/b.md": "---\ntags: [b, posts]\neleventyExcludeFromCollections: [posts]\n---\n",
            "posts/c.md": "---\ntags: [c]\n---\n",
            "posts/c.11tydata.json": "{\"eleventyExcludeFromCollections\": true}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.taxonomies = ["tags"]
        let terms = try SiteTags.collect(from: [folder], options: options)
        #expect(counts(terms) == ["shown": 1, "notes": 2, "open": 1, "posts": 1, "a": 1, "b": 1], "\(terms.problems)")
        #expect(terms.problems.isEmpty, "\(terms.problems)")
        #expect(terms.leftOut[.unlisted] == 3, "\(terms.leftOut)")
    }

    /// An Eleventy site's ignore files hold as Eleventy 3 reads them: the root's `.eleventyignore`
    /// and `.gitignore` (paths from the root, matched as tinyglobby matches them: case ignored, a
    /// path or glob that matches a folder leaves out all in it, `a/**/b` matching `a/b`, `[^a]`
    /// negated; lines split at line feeds and trimmed of `\r` and a byte order mark; `#` comments
    /// and `!` negations dropped), the `.eleventyignore` of the folder given, and no `.gitignore`
    /// when the configuration calls `setUseGitIgnore(false)` outside a comment.
    @Test func anEleventySitesIgnoreFilesHold() throws {
        let page = { (tag: String) in "---\ntags: [\(tag)]\n---\n" }
        let folder = try site([
            "eleventy.config.js": "export default function (config) {\n  // config.setUseGitIgnore(false);\n"
                + "  /* config.setUseGitIgnore(false); */\n}\n",
            ".eleventyignore": "\u{FEFF}# not pages\r\nREADME.md\r\n docs/ \r\n**/scratch-*.md\n!docs/keep.md\n../outside\n"
                + "notes/**/deep.md\nposts/[^a].md\nWIP/\n",
            ".gitignore": "node_modules\nbuilt\n*.log\n",
            "README.md": page("readme"),
            "posts/README.md": page("nested-readme"),
            "posts/a.md": page("post"),
            "posts/b.md": page("b"),
            "posts/scratch-1.md": page("scratch"),
            "scratch-2.md": page("scratch"),
            "docs/keep.md": page("docs"),
            "built/b.md": page("built"),
            "notes/deep.md": page("deep"),
            "notes/x/deep.md": page("deep"),
            "notes/x/kept.md": page("note"),
            "wip/w.md": page("wip"),
            "src/.eleventyignore": "drafts/\nLocal.md\n",
            "src/drafts/w.md": page("draft"),
            "src/local.md": page("local"),
            "src/other.md": page("other"),
            "src/_includes/t.md": page("template"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.taxonomies = ["tags"]
        let whole = try SiteTags.collect(from: [folder], options: options)
        // The folder given is the root: `src/.eleventyignore` is not the input folder's.
        #expect(counts(whole) == ["nested-readme": 1, "post": 1, "note": 1, "draft": 1, "local": 1, "other": 1], "\(whole.problems)")
        #expect(whole.problems.isEmpty, "\(whole.problems)")
        // The configuration does not set its input folder: template folders are known by name.
        #expect(EleventyIgnores.directories(root: folder).withoutPages == nil)
        // Given `src`, as when it is the input folder: its own ignore file holds too (case ignored).
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("src")], options: options)) == ["other": 1])
        // A folder given that the site leaves out counts nothing, and says which line of which file.
        let docs = try SiteTags.collect(from: [folder.appendingPathComponent("docs")], options: options)
        #expect(docs.terms.isEmpty && docs.problems.count == 1 && docs.problems.first?.skipped == .nothing
                && docs.problems.first?.message.contains("line 3 of") == true
                && docs.problems.first?.message.contains(".eleventyignore") == true, "\(docs.problems)")
        // `setUseGitIgnore(false)`, outside a comment: `.gitignore` is not read.
        try Data("module.exports = (c) => { c.setUseGitIgnore( false ); };\n".utf8)
            .write(to: folder.appendingPathComponent("eleventy.config.js"))
        #expect(counts(try SiteTags.collect(from: [folder], options: options))["built"] == 1)
        // Bytes that are not UTF-8 do not cost the file's other lines.
        try Data([0x23, 0x20, 0xE9, 0x0A] + Array("README.md\n".utf8)).write(to: folder.appendingPathComponent(".eleventyignore"))
        #expect(counts(try SiteTags.collect(from: [folder], options: options))["readme"] == nil)
        // An ignore file that is a folder is said, and the rest read.
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".eleventyignore"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".eleventyignore"), withIntermediateDirectories: false)
        let odd = try SiteTags.collect(from: [folder], options: options)
        #expect(counts(odd)["readme"] == 1 && odd.problems.map(\.message) == ["is not a regular file; it was not read"], "\(odd.problems)")
        #expect(EleventyIgnores.micromatchVariants("a/**/b/**/c") == ["a/**/b/**/c", "a/**/b/c", "a/b/**/c", "a/b/c"])
        #expect(EleventyIgnores.micromatchVariants("posts/**.md") == ["posts/*.md"])
        #expect(EleventyIgnores.micromatchVariants("src/**") == ["src/**", "src"] && EleventyIgnores.micromatchVariants("**") == ["**"])
    }

    /// An Eleventy site's input folder, as its configuration sets it with a string (base-blog's
    /// `dir: {input: "content"}`, or `setInputDirectory`), alone holds its pages: files beside it
    /// are not counted, its own `.eleventyignore` holds, and its own data file reaches every page
    /// (as since Eleventy 0.11; the root's does not when the root is the input folder); a folder
    /// given outside it, or an input folder outside the site or not there, counts nothing and
    /// says why. A `/*` inside a string of the configuration starts no comment.
    @Test func anEleventySitesInputFolderHoldsItsPages() throws {
        let page = { (tag: String) in "---\ntags: [\(tag)]\n---\n" }
        let folder = try site([
            "eleventy.config.js": "// dir: { input: \"other\" }\nexport default function (c) { c.addPassthroughCopy(\"img/*\"); }\n"
                + "export const config = {\n  templateFormats: [\"md\", \"njk\"],\n"
                + "  dir: {\n    input: \"content\",\n    includes: \"../_includes\",\n    output: \"_site\"\n  }\n};\n",
            "README.md": page("readme"),
            "content/content.json": "{\"tags\": [\"input-data\"]}\n",
            "content/.eleventyignore": "blog/skip.md\n",
            "content/blog/blog.json": "{\"tags\": \"posts\"}\n",
            "content/blog/a.md": page("a"),
            "content/blog/skip.md": page("skip"),
            "other/x.md": page("other"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.taxonomies = ["tags"]
        for given in ["", "content", "content/blog"] {
            let terms = try SiteTags.collect(from: [given.isEmpty ? folder : folder.appendingPathComponent(given)], options: options)
            #expect(counts(terms) == ["posts": 1, "a": 1, "input-data": 1], "\(given): \(terms.problems)")
            #expect(terms.problems.isEmpty, "\(given): \(terms.problems)")
        }
        let outside = try SiteTags.collect(from: [folder.appendingPathComponent("other")], options: options)
        #expect(outside.terms.isEmpty && outside.problems.first?.message.contains("outside the Eleventy site's input folder") == true,
                "\(outside.problems)")
        #expect(EleventyIgnores.setting("input", setter: "setInputDirectory", in: "eleventyConfig.setInputDirectory( 'src' );") == "src")
        #expect(EleventyIgnores.setting("input", setter: "setInputDirectory", in: "return { dir: { output: `dist`, input: `site` } }") == "site")
        #expect(EleventyIgnores.setting("input", setter: "setInputDirectory", in: "const input = 'x'; export default {}") == nil)
        #expect(EleventyIgnores.setting("input", setter: "setInputDirectory", in: "return { \"dir\": { \"input\": \"src\" } }") == "src")
        #expect(EleventyIgnores.withoutComments("a(\"x/*\"); // b\nc('//') /* d */ `e${1}//`") == "a(\"x/*\"); \nc('//')  `e${1}//`")
        // Its includes, layouts, data and output folders hold no pages, as it names them: other
        // folders named `_includes` or `_layouts` are folders as any other to Eleventy.
        try Data("export const config = { dir: { input: 'content', includes: 'partials', data: '../data', layouts: 'frames' } };\n".utf8)
            .write(to: folder.appendingPathComponent("eleventy.config.js"))
        for (path, tag) in [("content/partials/p.md", "partial"), ("content/frames/f.md", "frame"), ("content/_includes/i.md", "includes"),
                            ("content/_layouts/l.md", "layouts"), ("data/d.md", "data"), ("content/_site/s.md", "site")] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try Data(page(tag).utf8).write(to: folder.appendingPathComponent(path))
        }
        #expect(counts(try SiteTags.collect(from: [folder], options: options))
                == ["posts": 1, "a": 1, "input-data": 4, "includes": 1, "layouts": 1, "site": 1])
        let directories = EleventyIgnores.directories(root: folder)
        #expect(directories.input == .folder(["content"])
                && directories.withoutPages == [["content", "partials"], ["content", "frames"], ["data"], ["_site"]])
        // A rule that leaves out the input folder itself: nothing is built.
        try Data("Content/**\n".utf8).write(to: folder.appendingPathComponent(".eleventyignore"))
        let ignored = try SiteTags.collect(from: [folder], options: options)
        #expect(ignored.terms.isEmpty && ignored.problems.first?.message.contains("is the site's input folder, and line 1") == true,
                "\(ignored.problems)")
        for (input, message) in [("../elsewhere", "is outside it"), ("missing", "is not there")] {
            try Data("module.exports = () => ({ dir: { input: '\(input)' } });\n".utf8)
                .write(to: folder.appendingPathComponent("eleventy.config.js"))
            let none = try SiteTags.collect(from: [folder], options: options)
            #expect(none.terms.isEmpty && none.problems.count == 1 && none.problems.first?.message.contains(message) == true,
                    "\(none.problems)")
        }
    }

    /// What a third look found: a folder given that Jekyll's entry filter hides (`_notes`,
    /// `_posts/_old`) counts nothing and says so; `future` is true when Ruby finds it truthy; a
    /// string `exclude` is read as one path with a note (Jekyll 4 stops on it); in an Eleventy or
    /// Hugo site, `_drafts` is a folder as any other and `published: false` means nothing.
    @Test func generatorsRulesOnAThirdLook() throws {
        let page = { (tag: String) in "---\ntags: [\(tag)]\n---\n" }
        let folder = try site([
            "jekyll/_config.yml": "future: \"true\"\nexclude: old\n",
            "jekyll/_notes/_posts/2024-01-01-n.md": page("hidden"),
            "jekyll/_posts/_old/2024-01-01-o.md": page("old-post"),
            "jekyll/_posts/2099-01-01-later.md": page("later"),
            "jekyll/old/_posts/2024-01-01-x.md": page("excluded"),
            "jekyll/_posts/2024-01-02-unpublished.md": "---\npublished: false\ntags: [unpublished]\n---\n",
            "eleventy/eleventy.config.js": "",
            "eleventy/_drafts/d.md": page("eleventy-draft-folder"),
            "eleventy/p.md": "---\npublished: false\ntags: [eleventy-published]\n---\n",
            "hugo/hugo.toml": "title = \"x\"\n",
            "hugo/content/_drafts/h.md": page("hugo-draft-folder"),
            "hugo/content/p.md": "+++\npublished = false\ntags = [\"hugo-published\"]\n+++\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.taxonomies = ["tags"]
        let jekyll = try SiteTags.collect(from: [folder.appendingPathComponent("jekyll")], options: options)
        #expect(counts(jekyll) == ["later": 1], "\(jekyll.problems)")
        #expect(jekyll.problems.map(\.message) == ["exclude is a string, not a list; Jekyll 4 stops with an error on it "
                                                   + "(write exclude: [old]); it was read as one path"], "\(jekyll.problems)")
        for hidden in ["jekyll/_notes", "jekyll/_posts/_old"] {
            let given = try SiteTags.collect(from: [folder.appendingPathComponent(hidden)], options: options)
            #expect(given.terms.isEmpty && given.problems.last?.message.contains("is left out by Jekyll, which reads no") == true,
                    "\(given.problems)")
        }
        let others = try SiteTags.collect(from: [folder.appendingPathComponent("eleventy"), folder.appendingPathComponent("hugo")],
                                          options: options)
        #expect(counts(others) == ["eleventy-draft-folder": 1, "eleventy-published": 1, "hugo-draft-folder": 1, "hugo-published": 1],
                "\(others.problems)")
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("eleventy/_drafts")], options: options))
                == ["eleventy-draft-folder": 1])
    }

    /// Jekyll's rules stay in Jekyll sites: in Hugo and Eleventy sites a `_posts` folder gives no
    /// category, a file in it needs no date in its name, and Eleventy lists a page whatever its
    /// dates. In a Jekyll site, below a folder inside `_posts` only the files' names are
    /// filtered (`_posts/sub/_x/…` is a post); `future: "false"` (a string) is true to Ruby, a
    /// plain `no` false.
    @Test func jekyllsRulesStayInJekyllSites() throws {
        let page = { (tag: String) in "---\ntags: [\(tag)]\n---\n" }
        let folder = try site([
            "eleventy/eleventy.config.js": "",
            "eleventy/blog/_posts/notapost.md": page("eleventy-posts-folder"),
            "eleventy/later.md": "---\ndate: 2099-01-01\ntags: [eleventy-later]\n---\n",
            "eleventy/expired.md": "---\nexpiryDate: 2000-01-01\ntags: [eleventy-expired]\n---\n",
            "hugo/hugo.toml": "title = \"x\"\n",
            "hugo/content/blog/_posts/notapost.md": page("hugo-posts-folder"),
            "jekyll/_config.yml": "future: \"false\"\n",
            "jekyll/_posts/sub/_x/2024-01-01-y.md": page("nested"),
            "jekyll/_posts/sub/_hidden.md": page("hidden"),
            "jekyll/_posts/2099-01-01-later.md": page("jekyll-later"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.taxonomies = ["tags", "categories"]
        let others = try SiteTags.collect(from: [folder.appendingPathComponent("eleventy"), folder.appendingPathComponent("hugo")],
                                          options: options)
        #expect(counts(others) == ["eleventy-posts-folder": 1, "eleventy-later": 1, "eleventy-expired": 1, "hugo-posts-folder": 1],
                "\(others.problems)")
        let jekyll = try SiteTags.collect(from: [folder.appendingPathComponent("jekyll")], options: options)
        // (Folders inside `_posts` are no categories: those above it are.)
        #expect(counts(jekyll) == ["nested": 1, "jekyll-later": 1], "\(jekyll.problems)")
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("jekyll/_posts/sub/_x")], options: options))
                == ["nested": 1])
        try Data("future: no\n".utf8).write(to: folder.appendingPathComponent("jekyll/_config.yml"))
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("jekyll")], options: options))["jekyll-later"] == nil)
    }

    /// What a second look found: a `_config.yml` left in a Hugo or Eleventy site does not make
    /// it Jekyll's; an Eleventy data file that is a FIFO is reported, not waited on; the site
    /// root's own data file is not Eleventy's; a cascade path is Hugo's logical path (`My Post.md`
    /// is `/docs/my-post`); Jekyll's `include` wins over `exclude`, and `future: yes` is true.
    @Test func generatorsRulesOnASecondLook() throws {
        let folder = try site([
            "hugo/hugo.toml": "title = \"x\"\n", "hugo/_config.yml": "title: old\n",
            "hugo/content/posts/a.md": "---\ntags: [go]\n---\n",
            "hugo/content/docs/_index.md": "---\ncascade:\n  - draft: true\n    _target: {path: /docs/my-post}\n---\n",
            "hugo/content/docs/My Post.md": "---\ntags: [spaced]\n---\n",
            "eleventy/eleventy.config.js": "", "eleventy/_config.yml": "title: old\n", "eleventy/eleventy.json": "{\"tags\": [\"root\"]}\n",
            "eleventy/posts/a.md": "---\ntags: [p]\n---\n",
            "jekyll/_config.yml": "future: yes\ninclude: [_special]\nexclude: [_special]\n",
            "jekyll/_special/_posts/2020-01-01-a.md": "---\ntags: [special]\n---\n",
            "jekyll/_posts/2099-01-01-b.md": "---\ntags: [later]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("eleventy/posts/posts.json").path, 0o644) == 0)
        var options = SiteTags.Options()
        options.taxonomies = ["tags"]
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("hugo")], options: options)) == ["go": 1])
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("hugo/content")], options: options)) == ["go": 1])
        let eleventy = try SiteTags.collect(from: [folder.appendingPathComponent("eleventy")], options: options)
        #expect(counts(eleventy) == ["p": 1])
        #expect(eleventy.problems.map(\.message) == ["is a pipe, not an Eleventy data file"], "\(eleventy.problems)")
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("jekyll")], options: options)) == ["special": 1, "later": 1])
    }

    /// A Jekyll site's `_config.yml` is read as Jekyll reads it: `exclude` (beside Jekyll's
    /// defaults, a prefix or a glob whose `*` crosses folders) leaves paths out, `include` reads a
    /// `_` folder, `future: true` counts posts dated later; the same for a folder given inside the
    /// site. A configuration that cannot be read is a problem, and the site is read without it.
    @Test func aJekyllSitesConfigurationIsRead() throws {
        let folder = try site([
            "_config.yml": "future: true\nexclude: [coll, \"*.markdown\", old/]\ninclude: [_extra]\n",
            "_posts/2099-01-01-later.md": "---\ntags: [later]\n---\n",
            "_posts/2024-01-01-kept.md": "---\ntags: [kept]\n---\n",
            "_posts/2024-01-02-glob.markdown": "---\ntags: [glob]\n---\n",
            "coll/_posts/2024-01-01-x.md": "---\ntags: [excluded]\n---\n",
            "collection/_posts/2024-01-01-x.md": "---\ntags: [prefixed]\n---\n",
            "old/_posts/2024-01-01-x.md": "---\ntags: [old]\n---\n",
            "_extra/_posts/2024-01-01-x.md": "---\ntags: [extra]\n---\n",
            "_hidden/_posts/2024-01-01-x.md": "---\ntags: [hidden]\n---\n",
            "vendor/bundle/_posts/2024-01-01-x.md": "---\ntags: [vendored]\n---\n",
            "blog/_posts/2099-02-01-y.md": "---\ntags: [blog-later]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.taxonomies = ["tags"]
        let whole = try SiteTags.collect(from: [folder], options: options)
        #expect(counts(whole) == ["later": 1, "kept": 1, "extra": 1, "blog-later": 1])
        #expect(whole.problems.isEmpty, "\(whole.problems)")
        // A folder given inside the site: its root's configuration still holds.
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("blog")], options: options)) == ["blog-later": 1])
        // A folder given that the configuration excludes counts nothing, and says why.
        let old = try SiteTags.collect(from: [folder.appendingPathComponent("old")], options: options)
        #expect(old.terms.isEmpty && old.problems.count == 1 && old.problems.first?.skipped == SiteTags.Problem.Skipped.nothing
                && old.problems.first?.message.contains("left out by \"old/\" in the exclude of") == true
                && old.problems.first?.message.contains("_config.yml") == true, "\(old.problems)")
        // Without `future`, later posts wait, as Jekyll leaves them out.
        try Data("exclude: [coll]\n".utf8).write(to: folder.appendingPathComponent("_config.yml"))
        #expect(counts(try SiteTags.collect(from: [folder], options: options)) == ["kept": 1, "glob": 1, "old": 1])
        // A configuration that is not YAML: said, and Jekyll's defaults used.
        try Data("exclude: [coll\n".utf8).write(to: folder.appendingPathComponent("_config.yml"))
        let broken = try SiteTags.collect(from: [folder], options: options)
        #expect(counts(broken) == ["kept": 1, "glob": 1, "old": 1, "excluded": 1, "prefixed": 1])
        #expect(broken.problems.count == 1 && broken.problems.first?.file.hasSuffix("/_config.yml") == true, "\(broken.problems)")
    }

    /// A file whose name is not UTF-8 is reported as such, not as a file that cannot be read for
    /// no reason; the rest of the site is counted.
    @Test func aFileNameThatIsNotUTF8IsNamedAsOne() throws {
        let folder = try site(["ok.md": "---\ntags: [kept]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = Array(folder.path.utf8) + Array("/latin-".utf8) + [0xE9] + Array(".md".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        try #require(descriptor >= 0)
        close(descriptor)
        let terms = try SiteTags.collect(from: [folder])
        #expect(counts(terms) == ["kept": 1])
        #expect(terms.problems.count == 1 && terms.problems.first?.message == "cannot be read: its name is not UTF-8 text (rename it)",
                "\(terms.problems)")
    }

    /// In a Hugo site, a folder with an index page is a leaf bundle: its other Markdown files are
    /// the page's resources, not pages. Given the site's root, its folders that hold no pages
    /// (archetypes, themes, the built site) are skipped; given its `content` folder, bundles are
    /// read as Hugo reads them; branch bundles (`_index.md`) are sections whose pages count.
    @Test func hugoLeafBundlesAndTheSitesOtherFolders() throws {
        let page = "---\ntags: [gone]\n---\n"
        let folder = try site([
            "hugo.toml": "title = 'Site'\n",
            "content/_index.md": "---\ntags: [home]\n---\n",
            "content/posts/_index.md": "---\ntags: [section]\n---\n",
            "content/posts/plain.md": "---\ntags: [post]\n---\n",
            "content/posts/bundle/index.md": "---\ntags: [post]\n---\n",
            "content/posts/bundle/index.fr.md": "---\ntags: [post]\n---\n",
            "content/posts/bundle/notes.md": page, "content/posts/bundle/more/deep.md": page,
            "archetypes/default.md": page, "themes/t/layouts/_default/single.html": page, "public/posts/index.html": page,
            "layouts/partials/x.html": page, "static/old.html": page,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = ["home": 1, "section": 1, "post": 3]
        #expect(counts(try SiteTags.collect(from: [folder])) == expected)
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("content")])) == expected)
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("content/posts")])) == ["section": 1, "post": 3])
        // Without a Hugo configuration, a folder with an index.md is an ordinary folder (Jekyll's
        // and Eleventy's `about/index.md` and `about/team.md` are two pages).
        try FileManager.default.removeItem(at: folder.appendingPathComponent("hugo.toml"))
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("content")]))["gone"] == 2)
    }

    /// Excluded terms are matched as terms are grouped: by slug (`Post` and `post`), or as
    /// written when case counts.
    @Test func excludedTermsAreLeftOut() throws {
        let folder = try site(["a.md": "---\ntags: [post, Swift, Static Sites]\n---\n", "b.md": "---\ntags: [Post, swift]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.excludedTerms = ["POST", " static-sites "]
        #expect(counts(try SiteTags.collect(from: [folder], options: options)) == ["Swift": 2])
        options.caseSensitive = true
        options.excludedTerms = ["post"]
        #expect(counts(try SiteTags.collect(from: [folder], options: options)) == ["Post": 1, "Swift": 1, "swift": 1, "Static Sites": 1])
    }

    /// A folder given inside a site is read by the site's rules: a leaf bundle given is one page,
    /// a `content` reached through a link is still Hugo's, a site configured by a `config` folder
    /// is a Hugo site (only its content read), and a folder inside a Jekyll site skips what
    /// Jekyll skips (`_`, `#`, `~` names, backups).
    @Test func foldersInsideASiteAreReadByItsRules() throws {
        let page = "---\ntags: [gone]\n---\n"
        let folder = try site([
            "hugo/config/_default/params.toml": "color = 'x'\n", "hugo/README.md": page, "hugo/themes/t/x.md": page,
            "hugo/content/posts/bundle/index.md": "---\ntags: [bundle]\n---\n", "hugo/content/posts/bundle/res.md": page,
            "jekyll/_config.yml": "", "jekyll/blog/_posts/2024-01-01-a.md": "---\ntags: [post]\n---\n",
            "jekyll/blog/_notes/x.md": page, "jekyll/blog/#hash.md": page, "jekyll/blog/~tilde.md": page, "jekyll/blog/old.md~": page,
            "jekyll/blog/page.md": "---\ntags: [page]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("hugo")])) == ["bundle": 1])
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("hugo/content/posts/bundle")])) == ["bundle": 1])
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("hugo-content"),
                                                   withDestinationURL: folder.appendingPathComponent("hugo/content"))
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("hugo-content")])) == ["bundle": 1])
        // The folder categories are the site's: blog/_posts is in `blog` however it is given.
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("jekyll/blog")])) == ["post": 1, "blog": 1])
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("jekyll/blog/_posts")])) == ["post": 1, "blog": 1])
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("jekyll")])) == ["post": 1, "blog": 1])
    }

    /// A block scalar's line break is not part of its tags; an --exclude is told whether it met
    /// a tag; a name that is not UTF-8 is said of content files only.
    @Test func blockScalarsExclusionsFoundAndNamesOfOtherFiles() throws {
        let folder = try site(["a.md": "---\ntags: >\n  folded tag\ncategories: |\n  Literal\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["photo-\u{E9}.jpg", "latin-\u{E9}.md"] {
            let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name.unicodeScalars.map { UInt8($0.value) } + [0]
            let descriptor = path.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
            }
            try #require(descriptor >= 0)
            close(descriptor)
        }
        var options = SiteTags.Options()
        options.excludedTerms = ["literal", "nothing"]
        let terms = try SiteTags.collect(from: [folder], options: options)
        #expect(counts(terms) == ["folded tag": 1])
        #expect(terms.excludedFound == ["literal"])
        #expect(terms.problems.map(\.message) == ["cannot be read: its name is not UTF-8 text (rename it)"], "\(terms.problems)")
    }

    /// A multilingual Hugo site keeps one taxonomy per language: by default the pages of its
    /// `defaultContentLanguage` count (those without a language in their name, and those with a
    /// code Hugo does not know, which is part of the name), `language` picks another; a language
    /// the site does not build (unknown, or disabled) is an error naming the configuration.
    @Test func hugoLanguagesByFileName() throws {
        let folder = try site([
            "hugo.toml": "defaultContentLanguage = 'en'\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n"
                + "[Languages.DE]\ndisabled = true\n",
            "content/posts/a.md": "---\ntags: [swift, go]\n---\n", "content/posts/a.fr.md": "---\ntags: [swift, rouille]\n---\n",
            "content/posts/a.de.md": "---\ntags: [schnell]\n---\n", "content/posts/release.1.0.md": "---\ntags: [v1]\n---\n",
            "content/posts/b/index.md": "---\ntags: [bundle]\n---\n", "content/posts/b/index.fr.md": "---\ntags: [paquet]\n---\n",
            "content/posts/b/notes.fr.md": "---\ntags: [resource]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let english = try SiteTags.collect(from: [folder])
        #expect(counts(english) == ["swift": 1, "go": 1, "v1": 1, "bundle": 1])
        #expect(english.leftOut == [.otherLanguage: 3] && english.hugoLanguages == ["en", "fr"])
        #expect(english.summary(tags: 4) == "collected 4 tags from 3 files in en (3 in other languages left out)")
        var options = SiteTags.Options()
        options.language = "FR"
        #expect(counts(try SiteTags.collect(from: [folder], options: options)) == ["swift": 1, "rouille": 1, "paquet": 1])
        // A folder given inside the content is read by the site's languages too.
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("content/posts")], options: options))
                == ["swift": 1, "rouille": 1, "paquet": 1])
        for code in ["de", "xx"] {
            options.language = code
            #expect {
                try SiteTags.collect(from: [folder], options: options)
            } throws: { error in
                guard case let .unbuiltLanguage(language, site, builds, reason, isDefault)? = error as? TagCloudError else { return false }
                return language == code && builds == ["en", "fr"] && site.hasSuffix("/hugo.toml") && !isDefault
                    && reason == (code == "de" ? "it is disabled" : "it is not one of its languages")
            }
        }
        // A site without languages has one, and every page counts whatever its name.
        try Data("title = 'Site'\n".utf8).write(to: folder.appendingPathComponent("hugo.toml"))
        let single = try SiteTags.collect(from: [folder])
        #expect(single.hugoLanguages == ["en"] && single.leftOut.isEmpty)
        #expect(counts(single) == ["swift": 2, "go": 1, "rouille": 1, "schnell": 1, "v1": 1, "bundle": 1, "paquet": 1])
        // Elsewhere there are no languages: a page named a.fr.md is a page.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("hugo.toml"))
        let plain = try SiteTags.collect(from: [folder])
        #expect(plain.hugoLanguages.isEmpty && counts(plain)["rouille"] == 1 && counts(plain)["resource"] == 1)
    }

    /// Translation by content folder: each language's `contentDir` holds its pages, read from the
    /// site's root for the language counted; a language's folder given is read in its language;
    /// the configuration may be YAML, JSON, or `config/_default/languages.toml`.
    @Test func hugoLanguagesByContentFolderAndCustomContentFolders() throws {
        let folder = try site([
            "yaml/hugo.yaml": "defaultContentLanguage: fr\nlanguages:\n  en:\n    contentDir: content/en\n  fr:\n    contentDir: content/fr\n",
            "yaml/content/en/x.md": "---\ntags: [english]\n---\n", "yaml/content/fr/x.md": "---\ntags: [francais]\n---\n",
            "json/hugo.json": "{\"contentDir\": \"src\", \"languages\": {\"en\": {}, \"nl\": {\"disabled\": false}}}",
            "json/src/p.md": "---\ntags: [custom]\n---\n", "json/src/p.nl.md": "---\ntags: [dutch]\n---\n",
            "json/README.md": "---\ntags: [readme]\n---\n", "json/content/old.md": "---\ntags: [old]\n---\n",
            "dir/config/_default/hugo.toml": "contentDir = 'pages'\n", "dir/config/_default/languages.toml": "[en]\n[es]\ncontentDir = 'paginas'\n",
            "dir/pages/a.md": "---\ntags: [english]\n---\n", "dir/paginas/a.md": "---\ntags: [espanol]\n---\n",
            "dir/content/ignored.md": "---\ntags: [ignored]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        func collect(_ path: String, _ language: String? = nil) throws -> [String: Int] {
            try counts(of: folder.appendingPathComponent(path), language: language)
        }
        #expect(try collect("yaml") == ["francais": 1])
        #expect(try collect("yaml", "en") == ["english": 1])
        #expect(try collect("yaml/content/en") == ["english": 1])
        #expect(try collect("yaml/content") == ["francais": 1])
        #expect(try collect("json") == ["custom": 1])
        #expect(try collect("json", "nl") == ["dutch": 1])
        #expect(try collect("json/src", "nl") == ["dutch": 1])
        #expect(try collect("dir") == ["english": 1])
        #expect(try collect("dir", "es") == ["espanol": 1])
        #expect(try collect("dir/paginas") == ["espanol": 1])
        // A configuration that cannot be read is said, and Hugo's defaults are used.
        try Data("contentDir = [\n".utf8).write(to: folder.appendingPathComponent("json/hugo.toml"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("json/hugo.json"))
        let broken = try SiteTags.collect(from: [folder.appendingPathComponent("json")])
        #expect(counts(broken) == ["old": 1])
        #expect(broken.problems.count == 1 && broken.problems[0].file.hasSuffix("json/hugo.toml")
                && broken.problems[0].message.contains("is not well-formed TOML"), "\(broken.problems)")
        // A site whose content folder is missing says so.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("json/content"))
        let empty = try SiteTags.collect(from: [folder.appendingPathComponent("json")])
        #expect(empty.terms.isEmpty && empty.problems.contains { $0.message == "is a Hugo site without its content folder \"content\"" },
                "\(empty.problems)")
    }

    /// Hugo's mounts: once a language has a content folder of its own, a language without one
    /// reads the site's (its pages there are in that language, not the default one); a page's
    /// name wins over its folder's language, in any folder and in any case (`b.EN.md`,
    /// `c.pt-BR.md`); a configuration that is not a regular file is a problem, never read (a
    /// pipe would block); a `contentDir` that leaves the site is found however the site is named.
    @Test func hugoMountsNamesAndConfigurationFiles() throws {
        let folder = try site([
            "mixed/hugo.toml": "defaultContentLanguage = 'fr'\n[languages.en]\n[languages.fr]\ncontentDir = 'contentfr'\n"
                + "[languages.pt-BR]\n",
            "mixed/content/a.md": "---\ntags: [en1]\n---\n", "mixed/content/b.fr.md": "---\ntags: [fr2]\n---\n",
            "mixed/contentfr/a.md": "---\ntags: [fr1]\n---\n", "mixed/contentfr/b.EN.md": "---\ntags: [en2]\n---\n",
            "mixed/contentfr/c.pt-BR.md": "---\ntags: [pt1]\n---\n",
            "outside/site/hugo.toml": "contentDir = '../shared'\n", "outside/shared/p.md": "---\ntags: [shared]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        func collect(_ path: String, _ language: String? = nil) throws -> [String: Int] {
            try counts(of: folder.appendingPathComponent(path), language: language)
        }
        #expect(try collect("mixed") == ["fr1": 1, "fr2": 1])
        #expect(try collect("mixed", "en") == ["en1": 1, "en2": 1])
        #expect(try collect("mixed", "pt-br") == ["en1": 1, "pt1": 1])  // pt-BR reads content too: a.md is its page as well
        #expect(try collect("mixed/contentfr") == ["fr1": 1])
        // The default language disabled is the configuration's fault, not the command line's.
        try Data("[languages.en]\ndisabled = true\n[languages.fr]\n".utf8).write(to: folder.appendingPathComponent("mixed/hugo.toml"))
        #expect {
            try SiteTags.collect(from: [folder.appendingPathComponent("mixed")])
        } throws: { error in
            guard case let .unbuiltLanguage(language, _, builds, reason, isDefault)? = error as? TagCloudError else { return false }
            return language == "en" && builds == ["fr"] && reason == "it is disabled" && isDefault
        }
        // A configuration file that is a folder, or a pipe: a problem, and Hugo's defaults.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("mixed/hugo.toml"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mixed/hugo.toml"), withIntermediateDirectories: false)
        let withFolder = try SiteTags.collect(from: [folder.appendingPathComponent("mixed")])
        #expect(counts(withFolder) == ["en1": 1, "fr2": 1])
        #expect(withFolder.problems.map(\.message).first?.hasPrefix("is a folder, not a file") == true, "\(withFolder.problems)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("mixed/hugo.toml"))
        try #require(mkfifo(folder.appendingPathComponent("mixed/hugo.toml").path, 0o644) == 0)
        let withPipe = try SiteTags.collect(from: [folder.appendingPathComponent("mixed")])
        #expect(withPipe.problems.map(\.message).first?.hasPrefix("is a pipe, not a file") == true && withPipe.problems[0].skipped == .file)
        // `../shared` from the site's root, named relatively (as the command names a folder
        // given, from the working folder) or not.
        let base = folder.appendingPathComponent("outside", isDirectory: true)
        for url in [URL(fileURLWithPath: "site", relativeTo: base), URL(fileURLWithPath: "./site/", relativeTo: base),
                    base.appendingPathComponent("site")] {
            #expect(counts(try SiteTags.collect(from: [url])) == ["shared": 1], "\(url.relativePath)")
        }
    }

    /// With ``SiteTags/Options/readsHugoTaxonomies`` (the command's default), a Hugo site's
    /// configured taxonomies are its pages' keys (a site that keeps `tags` alone and adds `series`
    /// has no category pages), a language's own ones for that language; without it, or in a site
    /// that configures none, the options' keys.
    @Test func hugoConfiguredTaxonomies() throws {
        let folder = try site([
            "hugo.toml": "[taxonomies]\ntag = 'tags'\nserie = 'series'\n[languages.en]\n[languages.fr]\n[languages.fr.taxonomies]\netiquette = 'etiquettes'\n",
            "content/a.md": "---\ntags: [swift]\ncategories: [dev]\nseries: [intro]\n---\n",
            "content/a.fr.md": "---\ntags: [swift]\netiquettes: [rapide]\n---\n",
            "other/b.md": "---\ntags: [go]\ncategories: [ops]\nseries: [x]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.readsHugoTaxonomies = true
        let english = try SiteTags.collect(from: [folder], options: options)
        #expect(counts(english) == ["swift": 1, "intro": 1])
        #expect(english.terms.map(\.taxonomy) == ["tags", "series"])
        options.language = "fr"
        #expect(counts(try SiteTags.collect(from: [folder], options: options)) == ["rapide": 1])
        // Elsewhere, the options' keys.
        options.language = nil
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("other")], options: options)) == ["go": 1, "ops": 1])
        options.readsHugoTaxonomies = false
        #expect(counts(try SiteTags.collect(from: [folder], options: options)) == ["swift": 1, "dev": 1])
    }

    /// `disableKinds = ["page"]` (any case, as Hugo since 0.112 reads it) leaves regular pages
    /// and leaf bundles out: only `_index` pages (home and sections, in any language) count, and
    /// a note says so. `taxonomy` alone says nothing (term pages are still made); `term` does.
    @Test func withoutRegularPagesOnlyListPagesCount() throws {
        let folder = try site([
            "hugo.toml": "disableKinds = ['Page', 'taxonomy']\n",
            "content/_index.md": "---\ntags: [home]\n---\n",
            "content/about.md": "---\ntags: [about]\n---\n",
            "content/posts/_index.md": "---\ntags: [section]\n---\n",
            "content/posts/a.md": "---\ntags: [page]\n---\n",
            "content/posts/deep/_index.md": "---\ntags: [deep]\n---\n",
            "content/posts/deep/b.html": "---\ntags: [page]\n---\n",
            "content/posts/bundle/index.md": "---\ntags: [bundle]\n---\n",
            "content/posts/bundle/_index.md": "---\ntags: [resource]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let collected = try SiteTags.collect(from: [folder])
        #expect(counts(collected) == ["home": 1, "section": 1, "deep": 1], "\(collected.terms)")
        #expect(collected.problems.map(\.message) == [
            "disableKinds turns off Hugo's regular pages: only the terms of the home and section pages (_index) are counted",
        ])
    }

    /// Of one term's spellings in a Hugo page, the last names it, as hugo 0.111 titles it
    /// (`tags: [Go, go, GO]` is "GO", checked with `.Site.Taxonomies`); across pages the first
    /// page's spelling still wins, and outside Hugo the first spelling met.
    @Test func aHugoPagesLastSpellingOfATermNamesIt() throws {
        let folder = try site([
            "hugo/hugo.toml": "baseURL = 'https://e.org/'\n",
            "hugo/content/p/a.md": "---\ntags: [Go, go, GO, Rust, rust]\n---\n", "hugo/content/p/b.md": "---\ntags: [gO]\n---\n",
            "plain/a.md": "---\ntags: [Go, go, GO]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("hugo")])) == ["GO": 2, "rust": 1])
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("plain")])) == ["Go": 1])
    }

    /// In a Hugo site's content, `node_modules` and the folders other generators keep their
    /// templates in (`_data`, `_includes`, `_layouts`, `_site`) hold pages, which hugo 0.111
    /// publishes and counts; outside one they are skipped.
    @Test func aHugoSitesContentFoldersOfAnyNameHoldPages() throws {
        var files = ["hugo/hugo.toml": "baseURL = 'https://e.org/'\n", "plain/_data/x.md": "---\ntags: [skipped]\n---\n"]
        for name in ["node_modules", "_data", "_includes", "_layouts", "_site"] {
            files["hugo/content/posts/\(name)/p.md"] = "---\ntags: [\(name)]\n---\n"
        }
        let folder = try site(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("hugo")]))
                == ["node_modules": 1, "_data": 1, "_includes": 1, "_layouts": 1, "_site": 1])
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("plain")])).isEmpty)
    }

    /// `taxonomies` tables of several configuration files are merged key by key, as Hugo 0.111
    /// merges them (its `.Site.Taxonomies` checked for each site below): a later file adds
    /// taxonomies and replaces the plural of a singular it names, and keeps the others.
    @Test func taxonomiesMergeAcrossConfigurationFiles() throws {
        let page = "---\ntags: [t]\nseries: [s]\nlabels: [l]\ncategories: [c]\n---\n"
        let folder = try site([
            "a/config/_default/hugo.toml": "[taxonomies]\ntag = 'tags'\n", "a/config/production/taxonomies.toml": "series = 'series'\n",
            "a/content/p.md": page,
            "b/hugo.toml": "[taxonomies]\ntag = 'tags'\n", "b/config/_default/taxonomies.toml": "series = 'series'\n", "b/content/p.md": page,
            "c/config/_default/hugo.toml": "[taxonomies]\ntag = 'tags'\ncategory = 'categories'\n",
            "c/config/production/taxonomies.toml": "tag = 'labels'\n", "c/content/p.md": page,
            "d/config/_default/hugo.toml": "[languages.en]\n[languages.en.taxonomies]\ntag = 'tags'\n",
            "d/config/production/hugo.toml": "[languages.en.taxonomies]\nseries = 'series'\n", "d/content/p.md": page,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.readsHugoTaxonomies = true
        func read(_ name: String) throws -> [String: Int] {
            counts(try SiteTags.collect(from: [folder.appendingPathComponent(name)], options: options))
        }
        #expect(try read("a") == ["t": 1, "s": 1])
        #expect(try read("b") == ["t": 1, "s": 1])
        #expect(try read("c") == ["l": 1, "c": 1])
        #expect(try read("d") == ["t": 1, "s": 1])
    }

    /// A cloud counts one language: two languages' folders given together are refused unless
    /// `language` says which; the summary names the language counted. The configuration folder's
    /// `taxonomies.toml` and `taxonomies.fr.toml` are read as Hugo reads them; a taxonomy that is
    /// not a plural name, a default language the site does not define, `module.mounts` and
    /// `disableKinds` are said.
    @Test func oneLanguageACloudAndTheConfigurationFolder() throws {
        let folder = try site([
            "a/hugo.toml": "defaultContentLanguage = 'en'\ndisableKinds = ['term']\n[languages.en]\n[languages.fr]\ncontentDir = 'content_fr'\n"
                + "[module]\n[[module.mounts]]\nsource = 'docs'\ntarget = 'content'\n",
            "a/content/x.md": "---\ntags: [hello]\n---\n", "a/content_fr/x.md": "---\ntags: [bonjour]\n---\n",
            "b/config/_default/hugo.toml": "[languages.en]\n[languages.fr]\n",
            "b/config/_default/taxonomies.toml": "tag = 'tags'\nauthor = 'authors'\nbad = ['x']\n",
            "b/config/_default/taxonomies.fr.toml": "etiquette = 'etiquettes'\n",
            "b/content/p.md": "---\ntags: [swift]\ncategories: [cat]\nauthors: [ann]\n---\n",
            "b/content/p.fr.md": "---\ntags: [swift]\netiquettes: [rapide]\n---\n",
            "c/hugo.toml": "defaultContentLanguage = 'en'\n[languages.fr]\n[languages.de]\n", "c/content/x.md": "---\ntags: [x]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let both = [folder.appendingPathComponent("a/content"), folder.appendingPathComponent("a/content_fr")]
        #expect(throws: TagCloudError.mixedLanguages(["en", "fr"])) { try SiteTags.collect(from: both) }
        var options = SiteTags.Options()
        options.language = "fr"
        let french = try SiteTags.collect(from: both, options: options)
        #expect(counts(french) == ["bonjour": 1] && french.languageCounted == "fr")
        #expect(french.summary(tags: 1) == "collected 1 tag from 1 file in fr (1 in other languages left out), 2 notes")
        #expect(french.problems.map(\.message).sorted() == [
            "disableKinds turns off Hugo's term pages: links to them lead nowhere",
            "module.mounts is not read: the content folders counted are contentDir's (give the mounted folders to collect as folders)",
        ], "\(french.problems)")
        options.language = nil
        options.readsHugoTaxonomies = true
        let english = try SiteTags.collect(from: [folder.appendingPathComponent("b")], options: options)
        #expect(counts(english) == ["swift": 1, "ann": 1] && english.taxonomiesRead == ["tags", "authors"])
        #expect(english.problems.map(\.description) == ["\(folder.appendingPathComponent("b").relativePath)/config/_default/taxonomies.toml: "
                                                         + "taxonomies.bad is not a taxonomy's plural name (tag = 'tags'); it was skipped"])
        options.language = "fr"
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("b")], options: options)) == ["rapide": 1])
        // A default language the site does not define: the site's fault; asked for, the command's.
        #expect {
            try SiteTags.collect(from: [folder.appendingPathComponent("c")])
        } throws: { error in
            guard case let .unbuiltLanguage(language, _, builds, reason, isDefault)? = error as? TagCloudError else { return false }
            return language == "en" && builds == ["de", "fr"] && reason == "it is not one of its languages" && isDefault
        }
    }

    /// Jekyll's `_drafts` given as the folder are drafts still (counted with `includeDrafts`
    /// only); a folder given inside a Hugo leaf bundle holds the page's resources, not pages (a
    /// note says so); notes are counted apart from problems in the summary.
    @Test func draftsGivenAndFoldersInsideABundle() throws {
        let folder = try site([
            "j/_config.yml": "", "j/_drafts/d.md": "---\ntags: [draft]\n---\n", "j/blog/_drafts/e.md": "---\ntags: [draft2]\n---\n",
            "h/hugo.toml": "", "h/content/posts/b/index.md": "---\ntags: [page]\n---\n",
            "h/content/posts/b/sub/x.md": "---\ntags: [resource]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["j/_drafts", "j/blog/_drafts"] {
            let drafts = try SiteTags.collect(from: [folder.appendingPathComponent(path)])
            #expect(drafts.terms.isEmpty && drafts.leftOut == [.draft: 1], "\(path)")
        }
        var options = SiteTags.Options()
        options.includeDrafts = true
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("j/blog/_drafts")], options: options)) == ["draft2": 1, "blog": 1])
        let resources = try SiteTags.collect(from: [folder.appendingPathComponent("h/content/posts/b/sub")])
        #expect(resources.terms.isEmpty && resources.filesRead == 0)
        #expect(resources.problems.map(\.message) == ["is inside the Hugo leaf bundle \"b\", whose other files are its page's resources, not pages"])
        #expect(resources.summary(tags: 0) == "collected 0 tags from 0 files, 1 note")
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("h/content/posts/b")])) == ["page": 1])
    }

    /// A Hugo section's `cascade` reaches its pages, as Hugo passes it down: `draft` and the build
    /// options (`render: never`) keep them out unless a page says otherwise; a cascade
    /// with a `_target` that names other pages is not applied; the section's own page is reached
    /// too ("cascade is also applied to itself"), and a section left out as a draft takes its pages
    /// with it, `draft: false` ones included; a folder given inside the section is reached by it too.
    @Test func hugoCascadesReachTheSectionsPages() throws {
        let folder = try site([
            "hugo.toml": "",
            "content/secret/_index.md": "---\ntags: [section]\ncascade:\n  _build: {list: never, render: never}\n---\n",
            "content/secret/a.md": "---\ntags: [hidden]\n---\n", "content/secret/deep/b.md": "---\ntags: [hidden]\n---\n",
            "content/secret/shown.md": "---\ntags: [shown]\nbuild: {render: always}\n---\n",
            "content/drafts/_index.md": "+++\n[cascade]\ndraft = true\n+++\n", "content/drafts/c.md": "---\ntags: [draft]\n---\n",
            "content/drafts/d.md": "---\ntags: [final]\ndraft: false\n---\n",
            "content/targeted/_index.md": "---\ncascade:\n  - _target: {path: '/x/**'}\n    draft: true\n---\n",
            "content/targeted/e.md": "---\ntags: [kept]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try SiteTags.collect(from: [folder])
        #expect(counts(site) == ["shown": 1, "kept": 1])
        #expect(site.leftOut == [.unlisted: 3, .draft: 3])
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("content/secret/deep")])).isEmpty)
        var options = SiteTags.Options()
        options.includeDrafts = true
        #expect(counts(try SiteTags.collect(from: [folder], options: options))["draft"] == 1)
    }

    /// A Publish site (a `Package.swift` that depends on Publish, beside `Content`) is read as
    /// Publish reads it: Ink's `key: value` lines (a `#` is text, quotes too), tags split at
    /// commas, those of one slug one tag (Publish writes one page for them), items only (the Markdown files of the sections
    /// its `SectionID` names, at any depth, not their `index.md`), whatever their dates or
    /// `draft`, linked by Publish's own slugs.
    @Test func aPublishSiteIsReadAsPublishReadsIt() throws {
        let folder = try site([
            "Package.swift": "// swift-tools-version:5.5\nimport PackageDescription\nlet package = Package(name: \"Site\", "
                + "dependencies: [.package(name: \"Publish\", url: \"https://github.com/johnsundell/publish.git\", from: \"0.8.0\")])\n",
            "Sources/Site/main.swift": "import Publish\nstruct Site: Website {\n    enum SectionID: String, WebsiteSectionID {\n"
                + "        // Add the sections here:\n        case posts\n        case notes = \"journal\"\n    }\n}\n",
            "Content/index.md": "---\ntags: Home\n---\n", "Content/about.md": "---\ntags: About\n---\n",
            "Content/posts/index.md": "---\ntags: Section\n---\n",
            "Content/posts/a.md": "---\ndate: 2024-05-01 10:00\ntags: Swift, #100DaysOfSwift, iOS\n---\n",
            "Content/posts/b.md": "---\ntags: swift, Objective-C\ndescription: Tips: part 2\n---\n",
            "Content/posts/2024/d.md": "---\ntags: Swift\ndraft: true\ndate: 2999-01-01 10:00\n---\n",
            "Content/journal/c.md": "---\ntags: C++, Static  Sites,\n---\n",
            "Content/misc/page.md": "---\ntags: Misc\n---\n",
            "Output/posts/a/index.md": "---\ntags: Built\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let publish = try SiteTags.collect(from: [folder])
        #expect(counts(publish) == ["Swift": 3, "#100DaysOfSwift": 1, "iOS": 1, "Objective-C": 1, "C++": 1, "Static  Sites": 1],
                "\(publish.problems)")
        #expect(publish.leftOut == [.publishPage: 4] && publish.problems.isEmpty, "\(publish.leftOut) \(publish.problems)")
        let links = Dictionary(publish.cloud(href: "/tags/{slug}").tags.map { ($0.text, $0.href ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(links["Objective-C"] == "/tags/objectivec" && links["C++"] == "/tags/c" && links["Static  Sites"] == "/tags/static--sites"
                && links["#100DaysOfSwift"] == "/tags/100daysofswift", "\(links)")
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("Content/posts")])) == counts(publish).filter {
            !["C++", "Static  Sites"].contains($0.key)
        })
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("Content/misc")])).isEmpty)
    }

    /// Ink's metadata rules and Publish's one taxonomy: keys as written (`Tags:` is not `tags`),
    /// the last line of a key wins, a line starting with `-` voids the block, `categories` is no
    /// taxonomy of Publish's, `_drafts` is a folder as any other; the sections are read from the
    /// enum however its cases are written.
    @Test func publishItemsFollowInksRules() throws {
        let folder = try site([
            "Package.swift": "let package = Package(name: \"S\", dependencies: [.package(url: \"https://github.com/johnsundell/publish.git\", from: \"0.9.0\")])\n",
            "Sources/S/main.swift": "// enum Fake: WebsiteSectionID { case extras }\nfunc title<ID: WebsiteSectionID>(_ id: ID) -> String { switch id { case _: return \"\" } }\n"
                + "enum SectionID: String, WebsiteSectionID {\n    case posts /* the blog */,\n        about\n    /*\n    case extras\n    */\n"
                + "    case notes = \"journal\"; case more\n}\n",
            "Content/posts/a.md": "---\nTags: Capitalised\n---\n", "Content/posts/b.md": "---\ntags: first-line\ntags: second-line\n---\n",
            "Content/posts/c.md": "---\ntags: with-cats\ncategories: a-category\n---\n",
            "Content/posts/_drafts/d.md": "---\ntags: in-drafts\n---\n",
            "Content/posts/e.md": "---\ntags: voided\ncategories:\n  - x\n---\n",
            "Content/about/f.md": "---\ntags: about-item\n---\n", "Content/journal/g.md": "---\ntags: journal-item\n---\n",
            "Content/extras/h.md": "---\ntags: extras-page\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let publish = try SiteTags.collect(from: [folder])
        #expect(counts(publish) == ["second-line": 1, "with-cats": 1, "in-drafts": 1, "about-item": 1, "journal-item": 1],
                "\(publish.problems)")
        #expect(publish.leftOut == [.publishPage: 1] && publish.problems.map(\.line) == [4], "\(publish.leftOut) \(publish.problems)")
        #expect(FolderWalker.publishSections(inSwift: "enum S: String, WebsiteSectionID { case posts; case about }") == ["posts", "about"])
        #expect(FolderWalker.publishSections(inSwift: "struct X {}") == nil)
    }

    /// Hugo's own file rules: `ignoreFiles` expressions match a file's absolute path, Emacs's
    /// `#` files and `~` backups are skipped, and an extension is read as written (`l.MD` is no
    /// page); an expression that could take exponential or polynomial time in ICU (Hugo's are
    /// RE2's, linear) is refused with a note.
    @Test func hugosIgnoreFilesAndNamesAreHonoured() throws {
        let folder = try site([
            "hugo.toml": "ignoreFiles = ['\\.skip\\.md$', 'secret', '(a+)+$', '.*a.*b.*c', '[']\n",
            "content/a.md": "---\ntags: [Kept]\n---\n", "content/b.skip.md": "---\ntags: [Skipped]\n---\n",
            "content/secret-post.md": "---\ntags: [Secret]\n---\n", "content/#g.md": "---\ntags: [Hash]\n---\n",
            "content/c.md~": "---\ntags: [Backup]\n---\n", "content/l.MD": "---\ntags: [Upper]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let hugo = try SiteTags.collect(from: [folder])
        #expect(counts(hugo) == ["Kept": 1], "\(hugo.problems)")
        #expect(hugo.problems.map(\.message) == [
            "ignoreFiles[2] \"(a+)+$\" repeats a group that holds a repetition or an alternation, which can take exponential time; it was not read",
            "ignoreFiles[3] \".*a.*b.*c\" repeats without bound more than twice, which can take polynomial time; it was not read",
            "ignoreFiles[4] \"[\" is not a regular expression; it was not read",
        ], "\(hugo.problems)")
        #expect(IgnoreFiles.refusal(of: "(a|ab)*x") != nil && IgnoreFiles.refusal(of: "(x)\\1") != nil
                && IgnoreFiles.refusal(of: "^.*/drafts/.*$") == nil && IgnoreFiles.refusal(of: "(?:a)?b") == nil)
    }

    /// A tab or line break inside a tag is white space (Hugo publishes `tab\there` as
    /// `tab-here`): drawn as a space, with a note; another control character still costs the tag.
    @Test func whiteSpaceControlsInATagAreSpaces() throws {
        let folder = try site(["hugo.toml": "", "content/a.md": "---\ntags: [\"tab\\there\", \"bell\\u0007\", ok]\n---\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let hugo = try SiteTags.collect(from: [folder])
        #expect(counts(hugo) == ["tab here": 1, "ok": 1], "\(hugo.problems)")
        #expect(hugo.problems.map(\.skipped) == [.nothing, .term] && hugo.problems.first?.message.contains("drawn with a space") == true,
                "\(hugo.problems)")
        #expect(hugo.cloud(href: "/tags/{slug}/").tags.first { $0.text == "tab here" }?.href == "/tags/tab-here/")
    }

    /// A section's cascade passes its terms down (YAML, TOML, JSON; `_target` respected) to the
    /// pages that set no such key, its own page included, as Hugo does.
    @Test func aHugoCascadeGivesItsTermsToPagesWithoutTheirOwn() throws {
        let folder = try site([
            "hugo.toml": "",
            "content/blog/_index.md": "---\ncascade: {tags: [Cascaded]}\n---\n",
            "content/blog/b1.md": "---\ntags: [Own]\n---\n", "content/blog/b2.md": "---\ntitle: x\n---\n",
            "content/blog/b3.md": "---\ntags: []\n---\n",
            "content/cats/_index.md": "+++\n[cascade]\ncategories = ['BlogCat']\n+++\n", "content/cats/c.md": "+++\ntitle = 'c'\n+++\n",
            "content/docs/_index.md": "{\"cascade\": [{\"_target\": {\"kind\": \"page\"}, \"tags\": [\"DocsCascade\"]}]}\n",
            "content/docs/d.md": "---\ntitle: d\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let hugo = try SiteTags.collect(from: [folder])
        #expect(counts(hugo) == ["Cascaded": 2, "Own": 1, "BlogCat": 2, "DocsCascade": 1], "\(hugo.problems)")
        // The site configuration's own cascade, outside every section's (and a folder given inside).
        let configured = try site([
            "hugo.toml": "[[cascade]]\ndraft = true\n[cascade._target]\npath = '/old/**'\n[[cascade]]\ntags = ['Everywhere']\n",
            "content/old/a.md": "---\ntags: [OldTag]\n---\n", "content/new/b.md": "---\ntitle: b\n---\n",
            "content/new/c.md": "---\ntags: [Own]\n---\n",
        ], "site-cascade")
        defer { try? FileManager.default.removeItem(at: configured) }
        #expect(counts(try SiteTags.collect(from: [configured])) == ["Everywhere": 1, "Own": 1])
        #expect(counts(try SiteTags.collect(from: [configured.appendingPathComponent("content/old")])).isEmpty)
        #expect(counts(try SiteTags.collect(from: [configured.appendingPathComponent("content/new")])) == ["Everywhere": 1, "Own": 1])
    }

    /// A section's `cascade` of `expiryDate` or `publishDate` (YAML or TOML) dates the pages that
    /// do not set the key themselves, and the section's own page, as Hugo 0.111 publishes them:
    /// an expired or future section takes its pages out. In a list of cascades only a key written
    /// in lower case dates anything (`publishdate`), as in Hugo 0.111.
    @Test func aCascadedDateDatesTheSectionsPages() throws {
        let folder = try site([
            "hugo.toml": "title = 'x'\n",
            "content/old/_index.md": "---\ncascade:\n  expiryDate: 2001-01-01\n---\n",
            "content/old/o.md": "---\ntags: [Expired]\n---\n",
            "content/later/_index.md": "+++\n[cascade]\npublishDate = 2999-01-01\n+++\n",
            "content/later/l.md": "---\ntags: [Later]\n---\n",
            "content/listed/_index.md": "---\ncascade:\n  - _target: {kind: page}\n    publishdate: 2999-01-01\n---\n",
            "content/listed/l.md": "---\ntags: [ListedLater]\n---\n",
            "content/listed/own.md": "---\ntags: [OwnDate]\npublishDate: 2020-01-01\n---\n",
            "content/camel/_index.md": "+++\n[[cascade]]\nexpiryDate = 2001-01-01\n+++\n",
            "content/camel/c.md": "---\ntags: [CamelListed]\n---\n",
            "content/now.md": "---\ntags: [Now]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let read = try SiteTags.collect(from: [folder])
        #expect(counts(read) == ["OwnDate": 1, "CamelListed": 1, "Now": 1], "\(read.leftOut) \(read.problems)")
        var options = SiteTags.Options()
        options.includeExpired = true
        options.includeFuture = true
        #expect(counts(try SiteTags.collect(from: [folder], options: options)).count == 6)
    }

    /// What a site's configuration publishes is counted (Hugo's `buildDrafts`, `buildFuture`,
    /// `buildExpired`, in `config/_default/` too, whose `contentDir` is from the site's root;
    /// Jekyll's `unpublished` and `show_drafts`); a section dated in the future takes its pages
    /// out; a multilingual site's `contentDir` holds the default language's pages once another
    /// language has a folder of its own, as Hugo 0.111 builds them.
    @Test func siteSettingsPublishWhatTheySayAndHiddenSectionsTakeTheirPages() throws {
        let folder = try site([
            "hugo/config/_default/hugo.toml": "contentDir = 'src/content'\nbuildDrafts = true\n",
            "hugo/config/_default/taxonomies.toml": "flavour = 'flavours'\n",
            "hugo/src/content/a.md": "---\nflavours: [Sweet]\ndraft: true\ntags: [NotATaxonomy]\n---\n",
            "hugo/src/content/later/_index.md": "---\npublishDate: 2999-01-01\n---\n",
            "hugo/src/content/later/b.md": "---\nflavours: [Later]\n---\n",
            "hugo/src/content/later/deep/c.md": "---\nflavours: [Later]\n---\n",
            "hugo/layouts/index.html": "{{ .Content }}\n", "hugo/public/x.html": "---\nflavours: [Built]\n---\n",
            "future/hugo.yaml": "buildFuture: true\nbuildExpired: true\n",
            "future/content/later/_index.md": "---\npublishDate: 2999-01-01\n---\n",
            "future/content/later/b.md": "---\ntags: [Later]\nexpiryDate: 2000-01-01\n---\n",
            "langs/hugo.toml": "defaultContentLanguage = 'en'\n[languages.en]\nweight = 2\n[languages.fr]\nweight = 1\n"
                + "[languages.de]\ncontentDir = 'content_de'\n",
            "langs/content/one.md": "---\ntags: [Go, Shared]\n---\n", "langs/content/one.fr.md": "---\ntags: [Aller, Shared]\n---\n",
            "langs/content_de/eins.md": "---\ntags: [Los]\n---\n",
            "jekyll/_config.yml": "unpublished: true\nshow_drafts: true\n",
            "jekyll/_posts/2020-01-01-a.md": "---\ntags: [Hidden]\npublished: false\n---\n",
            "jekyll/_drafts/b.md": "---\ntags: [Draft]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var siteTaxonomies = SiteTags.Options()
        siteTaxonomies.readsHugoTaxonomies = true
        let hugo = try SiteTags.collect(from: [folder.appendingPathComponent("hugo")], options: siteTaxonomies)
        #expect(counts(hugo) == ["Sweet": 1], "\(hugo.problems)")
        #expect(hugo.leftOut == [.future: 3] && hugo.problems.isEmpty, "\(hugo.leftOut) \(hugo.problems)")
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("future")])) == ["Later": 1])
        var french = SiteTags.Options()
        french.language = "fr"
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("langs")], options: french)) == ["Aller": 1, "Shared": 1])
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("langs")])) == ["Go": 1, "Shared": 1])
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("jekyll")])) == ["Hidden": 1, "Draft": 1])
    }

    /// Publish's metadata as Ink reads it: a line without a colon goes on with the last key's
    /// value (`tags: Linux,` then `  Server Side, Vapor`), a key with nothing after its colon
    /// sets nothing; and tags of one slug (`Swift`, `swift`), which Publish writes one page for,
    /// are one tag (kept apart with `caseSensitive`).
    @Test func publishMetadataGoesOnOverLinesAndTagsOfOneSlugAreOne() throws {
        let folder = try site([
            "Package.swift": "// .package(url: \"https://github.com/johnsundell/publish.git\", from: \"0.9.0\")\n",
            "Content/posts/a.md": "---\ndate: 2023-01-01 10:00\ntags: Swift, Linux,\n  Server Side, Vapor\n---\n",
            "Content/posts/b.md": "---\ntags: swift\n---\n",
            "Content/posts/c.md": "---\ntags:\ntitle: x\n---\n",
            "Content/posts/d.md": "---\ntags: Go\ndescription:\n  more words\n---\n",
            "Content/posts/w.md": "---\r\ndate: 2023-01-03 10:00\r\ntags: Windows\r\n---\r\n",
            "Content/posts/x.md": "---\ndate: 2023-01-03 10:00\r\ntags: Mixed\r\n---\r\n",
            // Publish's Markdown files are .md, .markdown, .txt and .text, as written; a space after
            // the opening dashes voids the block as CR LF does.
            "Content/posts/t.txt": "---\ntags: Text\n---\n", "Content/posts/m.markdown": "---\ntags: Markdown\n---\n",
            "Content/posts/u.MD": "---\ntags: Upper\n---\n", "Content/posts/o.md": "--- \ntags: Trailing\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let read = try SiteTags.collect(from: [folder.appendingPathComponent("Content")])
        // d's `more words` goes on with `tags` (`description:` set nothing), as Ink reads it; w's
        // block opens with CR LF, after which Ink reads nothing (said); x's only later lines do.
        #expect(counts(read) == ["Swift": 2, "Linux": 1, "Server Side": 1, "Vapor": 1, "Go more words": 1, "Mixed": 1, "Text": 1, "Markdown": 1],
                "\(read.problems)")
        let content = folder.appendingPathComponent("Content").relativePath
        #expect(read.problems.map(\.description) == [
            "\(content)/posts/o.md:1: the block's first line has a space or tab after ---, after which Publish (Ink) reads no metadata "
                + "(it wants a line feed right after ---)",
            "\(content)/posts/w.md:1: the block's first line ends with CR LF, after which Publish (Ink) reads no metadata "
                + "(it wants a line feed right after ---)"])
        #expect(read.terms.first { $0.name == "Server Side" }?.slug == "server-side")
        var apart = SiteTags.Options()
        apart.caseSensitive = true
        let caseSensitive = try SiteTags.collect(from: [folder.appendingPathComponent("Content")], options: apart)
        #expect(counts(caseSensitive)["Swift"] == 1 && counts(caseSensitive)["swift"] == 1)
    }

    /// A folder with a `package.json` that depends on Eleventy is an Eleventy site without a
    /// configuration file: its folder data files count and its strings are split as Eleventy 3
    /// splits them; a `package.json` without Eleventy makes no site of it.
    @Test func anEleventySiteWithoutAConfigurationFile() throws {
        let folder = try site([
            "eleventy/package.json": "{\"devDependencies\": {\"@11ty/eleventy\": \"^3.0.0\"}}",
            "eleventy/posts/posts.json": "{\"tags\": [\"posts\"]}",
            "eleventy/posts/a.md": "---\ntags: \"Node.js, Deno\"\n---\n",
            "other/package.json": "{\"dependencies\": {\"left-pad\": \"1.0.0\"}}",
            "other/posts/posts.json": "{\"tags\": [\"posts\"]}",
            "other/posts/a.md": "---\ntags: \"Node.js, Deno\"\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let eleventy = try SiteTags.collect(from: [folder.appendingPathComponent("eleventy")])
        #expect(counts(eleventy) == ["posts": 1, "Node.js": 1, "Deno": 1], "\(eleventy.problems)")
        // Given inside the site, the folder's data still counts.
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("eleventy/posts")])) == ["posts": 1, "Node.js": 1, "Deno": 1])
        // Not an Eleventy site: a quoted string is one tag, and the JSON file is no data.
        #expect(counts(try SiteTags.collect(from: [folder.appendingPathComponent("other")])) == ["Node.js, Deno": 1])
    }

    /// Eleventy's `slugify` filter, as its starter blog names tag pages: ASCII letters and digits,
    /// runs of anything else one `-`, `&` spelt `and`, an apostrophe dropped only before a `t` or
    /// `s` that ends a word, German umlauts spelt out, diacritics dropped from any letter; an
    /// Eleventy site's links use it, and a tag with letters Eleventy transliterates by its table
    /// (not known here) gets no link, said.
    @Test func eleventySitesLinkByEleventysSlugify() throws {
        let cases: [(String, String)] = [
            ("Node.js", "node-js"), ("C++", "c"), ("Q&A", "q-and-a"), ("a/b", "a-b"), ("foo_bar", "foo-bar"), ("Café", "cafe"),
            ("Cafe\u{301}", "cafe"), ("Müller", "mueller"), ("Straße", "strasse"), ("Łódź", "lodz"), ("Ærø", "aero"),
            ("don't stop", "dont-stop"), ("it's", "its"), ("O'Reilly", "o-reilly"), ("rock'n'roll", "rock-n-roll"), ("we're", "we-re"),
            ("it's-fine", "it-s-fine"), ("Conway's, Law", "conway-s-law"), ("  --Hello, World!--  ", "hello-world"),
            ("Tiếng Việt", "tieng-viet"), ("București", "bucuresti"), ("Pǐnyīn", "pinyin"), ("İstanbul", "istanbul"), ("ılık", "ilik"),
            ("SwiftUI", "swiftui"), ("2024", "2024"), ("日本語", ""), ("中文 tag", "tag"), ("🚀", ""), ("I ♥ JS", "i-love-js"),
            ("Œuvre", "uvre"), ("a^b", "ab"),
        ]
        for (term, slug) in cases { #expect(SiteTags.eleventySlug(term) == slug, "\(term)") }
        for term in ["Привет", "mixed Москва text", "Ωmega", "€uro", "① first", "٣"] { #expect(SiteTags.eleventySlugMayDiffer(term), "\(term)") }
        for term in ["Tiếng Việt", "Q&A 2", "🚀", "½ cup", "日本語", "עברית", "한국어", "ﬁle", "x²"] {
            #expect(!SiteTags.eleventySlugMayDiffer(term), "\(term)")
        }

        let folder = try site([
            "eleventy.config.js": "export default function () {}\n",
            "posts/a.md": "---\ntags: [Node.js, C++, Привет]\n---\n",
            "posts/b.md": "---\ntags: [node-js]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let read = try SiteTags.collect(from: [folder])
        // `Node.js` and `node-js` share Eleventy's page: one tag.
        #expect(counts(read) == ["Node.js": 2, "C++": 1, "Привет": 1])
        let links = Dictionary(uniqueKeysWithValues: read.cloud(href: "/tags/{slug}/").tags.map { ($0.text, $0.href ?? "") })
        #expect(links == ["Node.js": "/tags/node-js/", "C++": "/tags/c/", "Привет": ""])
        #expect(read.terms.first { $0.name == "Привет" }?.slugCaveat == SiteTags.eleventyCaveat)
        #expect(read.termsWithoutLink(href: "/tags/{slug}/").map(\.reason) == [SiteTags.eleventyCaveat])
        // Through {name} the link is made: the caveat is about {slug}.
        #expect(read.cloud(href: "/tags/{name}/").tags.allSatisfy { $0.href != nil })
    }

    /// Eleventy's `override:tags` replaces the tags the data cascade gives below it (a folder's
    /// data files, its layouts) instead of joining them, in front matter and in data files.
    @Test func eleventysOverrideTagsReplacesTheCascadesTags() throws {
        let folder = try site([
            "eleventy.config.js": "export default function () {}\n",
            "_includes/post.njk": "---\ntags: [layout]\n---\n{{ content }}\n",
            "posts/posts.json": "{\"tags\": [\"dir\"], \"layout\": \"post.njk\"}",
            "posts/joined.md": "---\ntags: [own]\n---\n",
            "posts/replaced.md": "---\noverride:tags: [only]\n---\n",
            "posts/emptied.md": "---\noverride:tags: []\n---\n",
            "posts/sub/sub.json": "{\"override:tags\": [\"sub\"]}",
            "posts/sub/deeper.md": "---\ntags: [x]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let read = try SiteTags.collect(from: [folder])
        // joined: dir, layout, own; replaced: only; emptied: nothing; deeper: sub (dir replaced), layout, x.
        #expect(counts(read) == ["dir": 1, "layout": 2, "own": 1, "only": 1, "sub": 1, "x": 1], "\(read.problems)")
        #expect(read.problems.isEmpty, "\(read.problems)")
    }
}
