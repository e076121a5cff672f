import Canvas
import Foundation
import TagCloud
import Typesetting
@testable import TagCloudCommandLine
import Testing

/// What a site build runs: many specs in one process, tags collected from content, as a user's
/// shell runs the command.
@Suite struct SiteCommandTests {
    static let samples = packageRoot.appendingPathComponent("samples")
    static let hugo = packageRoot.appendingPathComponent("Tests/TagCloudTests/Fixtures/sites/hugo/content")

    /// Many specs, several formats, one process: every file equals the library's rendering of that
    /// spec alone; a spec that fails is reported and the others are still written.
    @Test func manySpecsAreRenderedAsEachAloneAndFailuresDoNotStopTheRest() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let specs = ["tag-cloud.yaml", "emoji.yaml", "rtl.yaml", "weights.yaml", "max-rows.yaml", "languages.csv"]
        let arguments = ["render"] + specs.map { Self.samples.appendingPathComponent($0).path }
            + ["/no/such/spec.yaml", "--out-dir", out.appendingPathComponent("new/folder").path,
               "--formats", "png,svg,json", "--scale", "2"]
        let run = try CommandRunner.run(arguments)
        #expect(run.status == 66, "\(run.standardError)")
        #expect(run.standardError.contains("error: /no/such/spec.yaml: cannot read the input"))
        #expect(run.standardError.contains("rendered 6 of 7 specs (18 files)"), "\(run.standardError)")
        for spec in specs {
            var cloud = try Cloud(contentsOf: Self.samples.appendingPathComponent(spec))
            cloud.scale = 2
            let rendered = try cloud.rendered()
            let base = (spec as NSString).deletingPathExtension
            let folder = out.appendingPathComponent("new/folder")
            #expect(try Data(contentsOf: folder.appendingPathComponent("\(base).png")) == rendered.data(as: .png), "\(spec)")
            #expect(try Data(contentsOf: folder.appendingPathComponent("\(base).svg")) == rendered.data(as: .svg), "\(spec)")
            #expect(try Data(contentsOf: folder.appendingPathComponent("\(base).layout.json")) == rendered.data(as: .json), "\(spec)")
        }
        // --quiet: no progress and no summary, only errors.
        let quiet = try CommandRunner.run(["render", Self.samples.appendingPathComponent("tag-cloud.yaml").path,
                                           "--out-dir", out.path, "--formats", "svg,pdf", "--quiet"])
        #expect(quiet.status == 0 && quiet.standardError.isEmpty, "\(quiet.standardError)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("tag-cloud.pdf").path))
    }

    /// A batch's specs are the files the kernel opens and compares as bytes: `L/../x.yaml` through
    /// a link to a folder is the file above the link's target, and `é` composed and decomposed are
    /// two specs; another name of standard input beside `-` is refused; a spec with a format it
    /// cannot make writes none of its formats; a run that writes nothing leaves no folder; an
    /// `--out-dir` that is a link to nothing is said once; a spec file without an extension has
    /// its format guessed.
    @Test func batchInputsAreTheFilesTheKernelOpens() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let deep = out.appendingPathComponent("deep/dir")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try Data("tags: [TOP]\n".utf8).write(to: out.appendingPathComponent("x.yaml"))
        try Data("tags: [DEEP]\n".utf8).write(to: out.appendingPathComponent("deep/x.yaml"))
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("L").path, withDestinationPath: "deep/dir")
        let linked = try CommandRunner.run(["render", "L/../x.yaml", "-o", "-", "--format", "json"], in: out)
        #expect(linked.status == 0 && linked.text.contains("DEEP"), "\(linked.standardError)")
        let both = try CommandRunner.run(["render", "x.yaml", "L/../x.yaml", "--out-dir", "o", "--formats", "json"], in: out)
        #expect(both.status == 64 && both.standardError.contains("would both be written to"), "\(both.standardError)")
        // Two names Unicode finds equivalent, two files to Linux.
        try Data("tags: [NFC]\n".utf8).write(to: out.appendingPathComponent("\u{E9}.yaml"))
        try Data("tags: [NFD]\n".utf8).write(to: out.appendingPathComponent("e\u{301}.yaml"))
        let accents = try CommandRunner.run(["render", "\u{E9}.yaml", "e\u{301}.yaml", "--out-dir", "u", "--formats", "json"], in: out)
        #expect(accents.status == 0 && accents.standardError.contains("rendered 2 of 2 specs (2 files)"), "\(accents.standardError)")
        // Standard input under two names.
        let twice = try CommandRunner.run(["render", "-", "/dev/fd/0", "--out-dir", "s", "--formats", "json"], in: out,
                                          input: Data("Alpha\nBeta\n".utf8))
        #expect(twice.status == 64 && twice.standardError.contains("\"/dev/fd/0\" is standard input, which - names too"),
                "\(twice.standardError)")
        // One format it cannot make (the PNG over the pixel limit): none written.
        try Data("width: 9000\ntags: [A]\n".utf8).write(to: out.appendingPathComponent("wide.yaml"))
        let wide = try CommandRunner.run(["render", "wide.yaml", "x.yaml", "--out-dir", "w", "--formats", "svg,png,json", "--scale", "4"], in: out)
        #expect(wide.status == 65 && wide.standardError.contains("rendered 1 of 2 specs (3 files)"), "\(wide.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("w").path).sorted()
                == ["x.layout.json", "x.png", "x.svg"])
        // Nothing written: no folder left.
        let none = try CommandRunner.run(["render", "missing.yaml", "--out-dir", "nd/deep"], in: out)
        #expect(none.status == 66 && !FileManager.default.fileExists(atPath: out.appendingPathComponent("nd").path), "\(none.standardError)")
        let alone = try CommandRunner.run(["render", "missing.yaml", "--out-dir", "nd2", "--formats", "svg"], in: out)
        #expect(alone.status == 66 && !FileManager.default.fileExists(atPath: out.appendingPathComponent("nd2").path))
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("dangling").path, withDestinationPath: "nowhere")
        let dangling = try CommandRunner.run(["render", "x.yaml", "wide.yaml", "--out-dir", "dangling"], in: out)
        #expect(dangling.status == 73 && dangling.standardError
                    == "error: cannot write the output \"dangling\": the folder cannot be created: \"dangling\" is a symbolic link to nothing\n",
                "\(dangling.standardError)")
        // A --font-file that cannot be used is said once; a --font family no spec has, once and counted.
        let badFile = try CommandRunner.run(["render", "x.yaml", "wide.yaml", "--out-dir", "f", "--font-file", "/no/such.ttf"], in: out)
        #expect(badFile.status == 66 && badFile.standardError.components(separatedBy: "\n").count == 2, "\(badFile.standardError)")
        // Named for the first spec in order, whichever thread fails first (it named either, by turns).
        for _ in 0..<4 {
            let family = try CommandRunner.run(["render", "x.yaml", "e\u{301}.yaml", "wide.yaml", "--out-dir", "f", "--font", "NoSuchFont"], in: out)
            #expect(family.standardError.hasPrefix("error: x.yaml: "), "\(family.standardError)")
        }
        let family = try CommandRunner.run(["render", "x.yaml", "e\u{301}.yaml", "wide.yaml", "--out-dir", "f", "--font", "NoSuchFont"], in: out)
        let familyLines = family.standardError.split(separator: "\n")
        #expect(family.status == 64 && familyLines.count == 3 && familyLines[0].contains("unknown font family \"NoSuchFont\"")
                && familyLines[1].hasPrefix("error: 2 more specs failed the same way: option --font: unknown font family")
                && familyLines[2].hasPrefix("rendered 0 of 3 specs"), "\(family.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("f").path))
        // No extension: guessed.
        try Data("Swift\nLinux\n".utf8).write(to: out.appendingPathComponent("tags"))
        let guessed = try CommandRunner.run(["render", "tags", "-o", "-", "--format", "json"], in: out)
        #expect(guessed.status == 0 && guessed.text.contains("Linux"), "\(guessed.standardError)")
    }

    /// A tag with no letter or digit is named, keeps no link, and the cloud still renders.
    @Test func aTagWithNoSlugIsNamedAndRendered() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let content = out.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("---\ntags: [\"🚀\", Swift]\n---\n".utf8).write(to: content.appendingPathComponent("a.md"))
        let run = try CommandRunner.run(["render", "--from", "content", "--href", "{slug}", "-o", "tags.svg"], in: out)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError == "warning: the tag \"🚀\" has no letter or digit for {slug}; it gets no link\n")
        let svg = try String(contentsOf: out.appendingPathComponent("tags.svg"), encoding: .utf8)
        #expect(svg.contains("href=\"swift\"") && svg.contains("🚀"))
    }

    /// `--out-dir` is created when missing whatever is written into it: one spec in one format, or
    /// the site's tags (it used to be created only for several files).
    @Test func theOutputFolderIsCreatedForOneFileToo() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let spec = Self.samples.appendingPathComponent("tag-cloud.yaml").path
        for (arguments, file) in [(["render", spec, "--out-dir", "one/a"], "one/a/tag-cloud.png"),
                                  (["render", spec, "--out-dir", "two/b", "--formats", "svg"], "two/b/tag-cloud.svg"),
                                  (["render", "--from", Self.hugo.path, "--out-dir", "three"], "three/cloud.png")] {
            let run = try CommandRunner.run(arguments, in: out)
            #expect(run.status == 0, "\(arguments): \(run.standardError)")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), "\(arguments)")
            // A batch of one (a glob that matched one spec) ends with the batch's summary too.
            #expect(run.standardError.contains("rendered 1 of 1 spec (1 file)"), "\(arguments): \(run.standardError)")
        }
        // A style spec with tags of its own: --from replaces them, said.
        let styled = try CommandRunner.run(["render", "--from", Self.hugo.path, spec, "-o", "styled.svg"], in: out)
        #expect(styled.status == 0 && styled.standardError.contains("tags of its own, which --from replaces with the site's"),
                "\(styled.standardError)")
        try Data().write(to: out.appendingPathComponent("a-file"))
        let blocked = try CommandRunner.run(["render", spec, "--out-dir", "a-file/x"], in: out)
        #expect(blocked.status == 73 && blocked.standardError.contains("a-file/x"), "\(blocked.standardError)")
        // What stands in the way is named for what it is.
        let device = try CommandRunner.run(["render", spec, spec, "--out-dir", "/dev/null"], in: out)
        #expect(device.status == 73 && device.standardError.contains("\"/dev/null\" is a device"), "\(device.standardError)")
        let proc = try CommandRunner.run(["render", spec, Self.samples.appendingPathComponent("balanced.yaml").path,
                                          "--out-dir", "/proc"], in: out)
        // (As root, the folder lets one try; as another user, it is not writable.)
        #expect(proc.status == 73 && (proc.standardError.contains("does not take new files") || proc.standardError.contains("is not writable"))
                && !proc.standardError.contains("does not exist"), "\(proc.standardError)")
    }

    @Test func collectWritesASpecOfTheSitesTags() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let yaml = try CommandRunner.run(["collect", Self.hugo.path, "--href", "/tags/{slug}/", "-o", "tags.yaml"], in: out)
        #expect(yaml.status == 0, "\(yaml.standardError)")
        let expected = try SiteTags.collect(from: [Self.hugo]).cloud(href: "/tags/{slug}/")
        #expect(try Cloud(contentsOf: out.appendingPathComponent("tags.yaml")) == expected)
        #expect(try String(contentsOf: out.appendingPathComponent("tags.yaml"), encoding: .utf8) == expected.yaml())
        let json = try CommandRunner.run(["collect", Self.hugo.path, "--taxonomy", "tags", "--top", "2", "--sort", "count",
                                          "-o", "tags.json"], in: out)
        #expect(json.status == 0, "\(json.standardError)")
        let top = try Cloud(contentsOf: out.appendingPathComponent("tags.json"))
        // The most used first, ties by name.
        var tagsOnly = SiteTags.Options()
        tagsOnly.taxonomies = ["tags"]
        let once = try SiteTags.collect(from: [Self.hugo], options: tagsOnly).terms.filter { $0.count == 1 }.map(\.name)
        #expect(top.tags.map(\.text) == ["Swift", once.min { ($0.lowercased(), $0) < ($1.lowercased(), $1) } ?? ""])
        #expect(top.tags.map(\.weight) == [3, 1])
        // To standard output by default.
        let printed = try CommandRunner.run(["collect", Self.hugo.path])
        #expect(try Cloud(yaml: printed.text).tags.count == 9)
    }

    /// A page dated in the future and one expired are left out, as Hugo leaves them out, and said
    /// so in the summary; `--future` and `--expired` (in `render --from` too) count them.
    @Test func futureAndExpiredPagesAreLeftOutUnlessAsked() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let content = out.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("---\ndate: 2020-01-01\ntags: [Now]\n---\n".utf8).write(to: content.appendingPathComponent("a.md"))
        try Data("---\ndate: 2999-01-01\ntags: [Later]\n---\n".utf8).write(to: content.appendingPathComponent("b.md"))
        try Data("+++\nexpiryDate = 2020-01-01\ntags = [\"Gone\"]\n+++\n".utf8).write(to: content.appendingPathComponent("c.md"))
        let plain = try CommandRunner.run(["collect", "content", "-v", "-o", "a.yaml"], in: out)
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(try Cloud(contentsOf: out.appendingPathComponent("a.yaml")).tags.map(\.text) == ["Now"])
        #expect(plain.standardError.contains("collected 1 tag from 1 file (1 dated in the future, 1 expired left out)"), "\(plain.standardError)")
        let all = try CommandRunner.run(["collect", "content", "--future", "--expired", "-o", "b.yaml"], in: out)
        #expect(all.status == 0, "\(all.standardError)")
        #expect(try Cloud(contentsOf: out.appendingPathComponent("b.yaml")).tags.map(\.text) == ["Gone", "Later", "Now"])
        let rendered = try CommandRunner.run(["render", "--from", "content", "--future", "-o", "c.layout.json"], in: out)
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let layout = try String(contentsOf: out.appendingPathComponent("c.layout.json"), encoding: .utf8)
        #expect(layout.contains("\"Later\"") && !layout.contains("\"Gone\""))
    }

    /// The spec collect writes is YAML or JSON: another extension is refused before anything is
    /// written (a .csv or .txt was written as YAML, then read back as its lines); links that would
    /// send categories to the tags' pages, and a site with no tags, are warned about.
    @Test func collectRefusesOtherFormatsAndWarnsOfDeadLinks() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let csv = try CommandRunner.run(["collect", Self.hugo.path, "-o", "tags.csv"], in: out)
        #expect(csv.status == 64 && csv.standardError.contains(".yaml, .yml or .json"), "\(csv.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("tags.csv").path))
        let alike = try CommandRunner.run(["collect", Self.hugo.path, "--href", "/tags/{slug}/", "-o", "a.yaml"], in: out)
        #expect(alike.status == 0 && alike.standardError.contains("name {taxonomy} in it"), "\(alike.standardError)")
        let own = try CommandRunner.run(["collect", Self.hugo.path, "--href", "/{taxonomy}/{slug}/", "-o", "b.yaml"], in: out)
        #expect(own.status == 0 && !own.standardError.contains("{taxonomy}"), "\(own.standardError)")
        let links = try Cloud(contentsOf: out.appendingPathComponent("b.yaml")).tags.compactMap(\.href)
        #expect(links.contains { $0.hasPrefix("/categories/") } && links.contains { $0.hasPrefix("/tags/") })
        let none = try CommandRunner.run(["collect", Self.hugo.path, "--taxonomy", "serie", "-o", "c.yaml"], in: out)
        #expect(none.status == 0 && none.standardError.contains("no tags found"), "\(none.standardError)")
        // Under --strict an empty cloud fails the build, with nothing written (collect and render --from).
        let strict = try CommandRunner.run(["collect", Self.hugo.path, "--taxonomy", "serie", "--strict", "-o", "e.yaml"], in: out)
        #expect(strict.status == 65 && strict.standardError.hasPrefix("error: no tags found: none of the ")
                && strict.standardError.hasSuffix(" (--strict)\n"), "\(strict.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("e.yaml").path))
        let strictRender = try CommandRunner.run(["render", "--from", Self.hugo.path, "--min-count", "1000", "--strict", "-o", "e.svg"], in: out)
        #expect(strictRender.status == 65 && strictRender.standardError.contains("error: no tag is on 1000 pages or more (--min-count)"),
                "\(strictRender.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("e.svg").path))
        // When every page was skipped, the warning says so, not "none of the 0 files read".
        let broken = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: broken) }
        try Data("---\ntags: [a\n---\n".utf8).write(to: broken.appendingPathComponent("a.md"))
        let skipped = try CommandRunner.run(["collect", broken.path, "-o", "d.yaml"], in: out)
        #expect(skipped.standardError.contains("no tags found: no page could be read (1 skipped, as the warnings above say)"),
                "\(skipped.standardError)")
    }

    @Test func contentProblemsWarnOrFailWithStrict() throws {
        let site = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        try Data("---\ntags: [Good]\n---\n".utf8).write(to: site.appendingPathComponent("a.md"))
        try Data("---\ntags: [Bad\n---\n".utf8).write(to: site.appendingPathComponent("b.md"))
        let lenient = try CommandRunner.run(["collect", site.path, "-o", "t.yaml"], in: site)
        #expect(lenient.status == 0)
        #expect(lenient.standardError.contains("warning: \(site.path)/b.md:3: malformed front matter"), "\(lenient.standardError)")
        let strict = try CommandRunner.run(["collect", site.path, "--strict", "-o", "s.yaml"], in: site)
        #expect(strict.status == 65)
        #expect(strict.standardError.contains("the content has 1 problem (--strict)"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("s.yaml").path))
        let missing = try CommandRunner.run(["collect", "/no/such/site"])
        #expect(missing.status == 66 && missing.standardError.contains("there is no such folder"))
        // A shell's glob gives files: the message names the folder to give instead.
        let file = try CommandRunner.run(["collect", "b.md"], in: site)
        #expect(file.status == 66 && file.standardError.contains("\"b.md\": it is a file, and collect reads folders")
                && file.standardError.contains("give its folder, \".\""), "\(file.standardError)")
        let huge = try CommandRunner.run(["collect", site.path, "--top", "99999999999999999999"])
        #expect(huge.status == 64 && huge.standardError.contains("--top is \"99999999999999999999\", which is too large"), "\(huge.standardError)")
        // An empty folder name (a script's unset variable) is not the working folder.
        for command in [["collect", ""], ["collect", site.path, ""], ["render", "--from", "", "-o", "e.svg"]] {
            let empty = try CommandRunner.run(command, in: site)
            #expect(empty.status == 64 && empty.standardError.contains("a content folder is empty; name a folder (. for this one)"),
                    "\(command): \(empty.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("e.svg").path))
    }

    /// A tag that is not text (`2023`) is a warning naming the file, the value's line and the key,
    /// and how to keep it; the rest of the page is counted. It cost the count, so `--strict`
    /// fails on it, in `render --from` too.
    @Test func aTagThatIsNotTextWarnsAndFailsStrict() throws {
        let site = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("content"), withIntermediateDirectories: true)
        try Data("---\ntitle: x\ntags:\n  - Swift\n  - 2023\n---\n".utf8).write(to: site.appendingPathComponent("content/a.md"))
        let lenient = try CommandRunner.run(["collect", "content", "-o", "t.yaml"], in: site)
        #expect(lenient.status == 0, "\(lenient.standardError)")
        #expect(lenient.standardError == "warning: content/a.md:5: tags holds the number 2023, which is not text "
                + "(quote it to count it: \"2023\"); it was skipped\n", "\(lenient.standardError)")
        #expect(try Cloud(contentsOf: site.appendingPathComponent("t.yaml")).tags.map(\.text) == ["Swift"])
        for command in [["collect", "content", "--strict", "-o", "s.yaml"], ["render", "--from", "content", "--strict", "-o", "s.svg"]] {
            let strict = try CommandRunner.run(command, in: site)
            #expect(strict.status == 65, "\(command): \(strict.standardError)")
            #expect(strict.standardError.contains("(--strict):\n  content/a.md:5: tags holds the number 2023"), "\(strict.standardError)")
        }
    }

    /// `render --from` collects and renders in one step, styled by a spec when one is given.
    @Test func renderFromContent() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        try Data("style: suggestionChips\nwidth: 300\ntags: [ignored]\n".utf8).write(to: out.appendingPathComponent("style.yaml"))
        let run = try CommandRunner.run(["render", "style.yaml", "--from", Self.hugo.path, "--href", "/tags/{slug}/",
                                         "-o", "cloud.json", "--format", "json"], in: out)
        #expect(run.status == 0, "\(run.standardError)")
        var expected = try Cloud(contentsOf: out.appendingPathComponent("style.yaml"))
        expected.tags = try SiteTags.collect(from: [Self.hugo]).cloud(href: "/tags/{slug}/").tags
        #expect(try Data(contentsOf: out.appendingPathComponent("cloud.json")) == expected.data(as: .json))
    }

    /// A site whose content folder is its root (Jekyll, Eleventy) keeps its spec and picture in
    /// it: every rebuild writes over them, while a page that `collect` counts is never replaced,
    /// nor a content file whose front matter is broken.
    @Test func rebuildsWriteOverTheirOutputsInsideTheContentButNeverOverPages() throws {
        let site = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        for folder in ["_posts", "_data", "_includes", "assets"] {
            try FileManager.default.createDirectory(at: site.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("---\ntags: [swift, linux]\n---\nbody\n".utf8).write(to: site.appendingPathComponent("_posts/2024-01-01-a.md"))
        try Data("---\ntags: [swift\n".utf8).write(to: site.appendingPathComponent("broken.md"))
        try Data("<p>a page without front matter</p>\n".utf8).write(to: site.appendingPathComponent("_includes/cloud.html"))
        for _ in 0..<2 {
            for command in [["collect", ".", "-o", "_data/tags.yml"], ["render", "--from", ".", "-o", "assets/tags.svg"],
                            ["render", "--from", ".", "-o", "_includes/cloud.html"]] {
                let run = try CommandRunner.run(command, in: site)
                #expect(run.status == 0, "\(command): \(run.standardError)")
            }
        }
        #expect(try String(decoding: Data(contentsOf: site.appendingPathComponent("_data/tags.yml")), as: UTF8.self).contains("text: swift"))
        #expect(try String(decoding: Data(contentsOf: site.appendingPathComponent("_includes/cloud.html")), as: UTF8.self).contains("<ul"))
        // A page reached through a link (to a file, or to a folder) is the site's as much, and a
        // page collect reports (UTF-16) is not replaced either.
        let outside = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("dir"), withIntermediateDirectories: true)
        try Data("---\ntags: [external]\n---\n".utf8).write(to: outside.appendingPathComponent("page.md"))
        try Data("---\ntags: [inside]\n---\n".utf8).write(to: outside.appendingPathComponent("dir/p.md"))
        try FileManager.default.createSymbolicLink(at: site.appendingPathComponent("linked.md"),
                                                   withDestinationURL: outside.appendingPathComponent("page.md"))
        try FileManager.default.createSymbolicLink(at: site.appendingPathComponent("sub"), withDestinationURL: outside.appendingPathComponent("dir"))
        try Data([0xFF, 0xFE] + "---\ntags: [w]\n---\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            .write(to: site.appendingPathComponent("wide.md"))
        for page in ["_posts/2024-01-01-a.md", "broken.md", "linked.md", "sub/p.md", "wide.md"] {
            let before = try Data(contentsOf: site.appendingPathComponent(page))
            let run = try CommandRunner.run(["render", "--from", ".", "-o", page, "--format", "svg"], in: site)
            #expect(run.status == 73, "\(page): \(run.standardError)")
            #expect(run.standardError.contains("it is a page with front matter in the input folder \".\""), "\(run.standardError)")
            #expect(try Data(contentsOf: site.appendingPathComponent(page)) == before)
        }
    }

    /// The files collect reads besides pages (a configuration, an ignore list, a data file) are
    /// never written over either, inside the folder given or, for a configuration, at the site's
    /// root above it; a spec or data file of the site's own stays writable.
    @Test func collectNeverWritesOverTheFilesItReads() throws {
        let site = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        let files = [
            "_config.yml": "title: blog\nexclude: [drafts]\n",
            "hugo.toml": "title = 'x'\n",
            "config/_default/params.toml": "a = 1\n",
            ".eleventyignore": "drafts\n",
            "src/blog/blog.11tydata.json": #"{"tags": ["posts"]}"#,
            "src/blog/blog.json": #"{"layout": "post"}"#,
            "src/blog/post.json": #"{"tags": ["x"]}"#,
            "src/blog/post.md": "---\ntags: [swift]\n---\n",
        ]
        for (path, text) in files {
            let url = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // Each refusal says what the file is (a page's `.json` beside it is no configuration).
        let roles = ["_config.yml": "a site's configuration", "hugo.toml": "a site's configuration",
                     "config/_default/params.toml": "a file of a Hugo configuration folder", ".eleventyignore": "an ignore list",
                     "src/blog/blog.11tydata.json": "an Eleventy data file", "src/blog/blog.json": "an Eleventy directory data file",
                     "src/blog/post.json": "an Eleventy template data file (named as the page post.md beside it)"]
        for (input, output) in [(".", "_config.yml"), (".", "hugo.toml"), (".", "config/_default/params.toml"), (".", ".eleventyignore"),
                                (".", "src/blog/blog.11tydata.json"), (".", "src/blog/blog.json"), (".", "src/blog/post.json"),
                                ("src/blog", "_config.yml"), ("src", "hugo.toml")] {
            let before = try Data(contentsOf: site.appendingPathComponent(output))
            // collect writes .yaml or .json only; render --from any name, in the format asked.
            let collect = output.hasSuffix(".json") || output.hasSuffix(".yml") ? [["collect", input, "-o", output]] : []
            for command in collect + [["render", "--from", input, "-o", output, "--format", "json"]] {
                let run = try CommandRunner.run(command, in: site)
                #expect(run.status == 73, "\(command): \(run.standardError)")
                #expect(run.standardError.contains("it is \(roles[output] ?? "?")"), "\(command): \(run.standardError)")
                #expect(try Data(contentsOf: site.appendingPathComponent(output)) == before, "\(command)")
            }
        }
        // A file not there yet is refused as it would be once written: the first build made the
        // site's configuration (or a page's data file), and every build after it was refused.
        for output in ["hugo.toml", "config/_default/params.toml", "src/blog/blog.11tydata.json", "src/blog/post.json"] {
            try FileManager.default.removeItem(at: site.appendingPathComponent(output))
            let collect = output.hasSuffix(".json") ? [["collect", ".", "-o", output]] : []
            for command in collect + [["render", "--from", ".", "-o", output, "--format", "json"]] {
                let run = try CommandRunner.run(command, in: site)
                #expect(run.status == 73, "\(command): \(run.standardError)")
                #expect(run.standardError.contains("it is \(roles[output] ?? "?")"), "\(command): \(run.standardError)")
                #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent(output).path), "\(command)")
            }
        }
        // Hugo's configuration folder belongs to the site a content folder inside it is part of;
        // a page of any Eleventy template language has its template data file, and Eleventy's
        // JavaScript data files are data files too.
        try Data("module.exports = class { render() { return '' } }\n".utf8).write(to: site.appendingPathComponent("src/blog/feed.11ty.js"))
        try FileManager.default.createDirectory(at: site.appendingPathComponent("config/production"), withIntermediateDirectories: true)
        for (input, output, role) in [("src/blog", "config/_default/params.toml", "a file of a Hugo configuration folder"),
                                      ("src", "config/production/params.toml", "a file of a Hugo configuration folder"),
                                      (".", "src/blog/feed.json", "an Eleventy template data file (named as the page feed.11ty.js beside it)"),
                                      (".", "src/blog/blog.11tydata.js", "an Eleventy data file in JavaScript")] {
            let existed = FileManager.default.fileExists(atPath: site.appendingPathComponent(output).path)
            let run = try CommandRunner.run(["render", "--from", input, "-o", output, "--format", "json"], in: site)
            #expect(run.status == 73 && run.standardError.contains("it is \(role)"), "\(input) -o \(output): \(run.standardError)")
            #expect(existed || !FileManager.default.fileExists(atPath: site.appendingPathComponent(output).path), "\(output)")
        }
        // A batch's outputs are checked against the content folders as -o is: `--out-dir` wrote
        // over a page (the folders were dropped once the tags were collected).
        let page = "---\ntags: [cloudpage]\n---\n<p>x</p>\n"
        try Data(page.utf8).write(to: site.appendingPathComponent("src/blog/cloud.html"))
        try Data("style: suggestionChips\n".utf8).write(to: site.appendingPathComponent("styled.yaml"))
        try Data(page.utf8).write(to: site.appendingPathComponent("src/blog/styled.html"))
        for command in [["render", "--from", ".", "--out-dir", "src/blog", "--formats", "html"],
                        ["render", "styled.yaml", "--from", ".", "--out-dir", "src/blog", "--formats", "html"],
                        ["render", "--from", "src", "--out-dir", "config/_default", "--formats", "json"]] {
            let run = try CommandRunner.run(command, in: site)
            #expect(run.status == 73 && run.standardError.contains("must not be replaced"), "\(command): \(run.standardError)")
            #expect(!run.standardError.contains("has no tags"), "\(command): \(run.standardError)")
        }
        for name in ["src/blog/cloud.html", "src/blog/styled.html"] {
            #expect(try String(decoding: Data(contentsOf: site.appendingPathComponent(name)), as: UTF8.self) == page, "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("config/_default/cloud.layout.json").path))
        // A new page-named output is no page: what the command writes has no front matter.
        for _ in 0..<2 {
            let run = try CommandRunner.run(["render", "--from", ".", "-o", "src/cloud.html"], in: site)
            #expect(run.status == 0, "\(run.standardError)")
        }
        for output in ["_data/tags.json", "src/tags.json"] {
            try FileManager.default.createDirectory(at: site.appendingPathComponent(output).deletingLastPathComponent(), withIntermediateDirectories: true)
            for _ in 0..<2 {
                let run = try CommandRunner.run(["collect", ".", "-o", output], in: site)
                #expect(run.status == 0, "\(output): \(run.standardError)")
            }
        }
    }

    /// `--exclude` leaves a tag out of `collect` and of `render --from` alike.
    @Test func excludedTagsAreLeftOut() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let collected = try CommandRunner.run(["collect", Self.hugo.path, "--exclude", "swift", "--exclude", "Linux", "-o", "t.json"], in: out)
        #expect(collected.status == 0, "\(collected.standardError)")
        let spec = try String(decoding: Data(contentsOf: out.appendingPathComponent("t.json")), as: UTF8.self)
        #expect(!spec.contains("\"Swift\"") && !spec.contains("\"Linux\"") && spec.contains("\"Cairo\""), "\(spec)")
        let unmatched = try CommandRunner.run(["collect", Self.hugo.path, "--exclude", "nosuch", "-o", "u.json"], in: out)
        #expect(unmatched.status == 0 && unmatched.standardError.contains("--exclude \"nosuch\" matched no tag"), "\(unmatched.standardError)")
        let empty = try CommandRunner.run(["collect", Self.hugo.path, "--exclude", " ", "-o", "u.json"], in: out)
        #expect(empty.status == 64 && empty.standardError.contains("--exclude needs a tag"), "\(empty.standardError)")
        let rendered = try CommandRunner.run(["render", "--from", Self.hugo.path, "--exclude", "SWIFT", "-o", "t.layout.json"], in: out)
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let layout = try CloudLayout(jsonData: Data(contentsOf: out.appendingPathComponent("t.layout.json")))
        #expect(!layout.chips.contains { $0.text == "Swift" } && layout.chips.contains { $0.text == "Linux" })
    }

    /// `--language` picks a multilingual Hugo site's language, in `collect` and `render --from`;
    /// one the site does not build is a usage error naming its languages; given for a site of
    /// another generator, it is warned about.
    @Test func hugoLanguageOption() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let site = out.appendingPathComponent("site")
        for (path, text) in ["hugo.toml": "[languages.en]\n[languages.fr]\n", "content/a.md": "---\ntags: [hello]\n---\n",
                             "content/a.fr.md": "---\ntags: [bonjour]\n---\n", "other/b.md": "---\ntags: [x]\n---\n"] {
            let url = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let french = try CommandRunner.run(["collect", "site", "--language", "fr", "-o", "fr.json", "-v"], in: out)
        #expect(french.status == 0 && french.standardError.contains("(1 in other languages left out)"), "\(french.standardError)")
        let spec = try String(decoding: Data(contentsOf: out.appendingPathComponent("fr.json")), as: UTF8.self)
        #expect(spec.contains("bonjour") && !spec.contains("hello"), "\(spec)")
        let rendered = try CommandRunner.run(["render", "--from", "site", "-o", "en.layout.json"], in: out)
        #expect(rendered.status == 0, "\(rendered.standardError)")
        #expect(try CloudLayout(jsonData: Data(contentsOf: out.appendingPathComponent("en.layout.json"))).chips.map(\.text) == ["hello"])
        let unknown = try CommandRunner.run(["collect", "site", "--language", "de", "-o", "de.json"], in: out)
        #expect(unknown.status == 64 && unknown.standardError.contains("the Hugo site (site/hugo.toml) does not build the language \"de\": it is not one of its languages; it builds en, fr"),
                "\(unknown.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("de.json").path))
        let malformed = try CommandRunner.run(["collect", "site", "--language", "fr/../x", "-o", "x.json"], in: out)
        #expect(malformed.status == 64 && malformed.standardError.contains("--language needs a language code"), "\(malformed.standardError)")
        let elsewhere = try CommandRunner.run(["collect", "site/other", "--language", "fr", "-o", "o.json"], in: out)
        #expect(elsewhere.status == 0 && elsewhere.standardError.contains("applies to Hugo sites, and no Hugo site was read"),
                "\(elsewhere.standardError)")
    }

    /// A link template's mistakes are caught before anything is read: a `{` left open and an
    /// empty `--taxonomy` are refused, a template without a placeholder is warned about; and
    /// `--strict` passes a Publish site whose descriptions have colons (a note, not a problem).
    @Test func linkTemplatesAndStrictNotes() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let open = try CommandRunner.run(["collect", Self.hugo.path, "--href", "/t/{slug", "-o", "a.yaml"], in: out)
        #expect(open.status == 64 && open.standardError.contains("--href has a { that is not closed"), "\(open.standardError)")
        let empty = try CommandRunner.run(["collect", Self.hugo.path, "--taxonomy", "", "-o", "a.yaml"], in: out)
        #expect(empty.status == 64 && empty.standardError.contains("--taxonomy needs the name"), "\(empty.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("a.yaml").path))
        let same = try CommandRunner.run(["collect", Self.hugo.path, "--taxonomy", "tags", "--href", "/all/", "-o", "b.yaml"], in: out)
        #expect(same.status == 0 && same.standardError.contains("has no placeholder"), "\(same.standardError)")
        let publish = out.appendingPathComponent("publish")
        try FileManager.default.createDirectory(at: publish, withIntermediateDirectories: true)
        try Data("---\ndescription: Swift tips: part 2\ntags: Swift, SwiftUI\n---\n".utf8).write(to: publish.appendingPathComponent("a.md"))
        let strict = try CommandRunner.run(["collect", publish.path, "--strict", "-o", "c.yaml"], in: out)
        #expect(strict.status == 0 && strict.standardError.contains("as Publish reads them"), "\(strict.standardError)")
        try Data("---\ntags: [a, {b: 1}]\n---\n".utf8).write(to: publish.appendingPathComponent("b.md"))
        let costly = try CommandRunner.run(["collect", publish.path, "--strict", "-o", "d.yaml"], in: out)
        #expect(costly.status == 65 && costly.standardError.contains("b.md:2"), "\(costly.standardError)")
        // A Hugo site whose [permalinks] put the tags' pages elsewhere is warned about; a
        // template with the pattern's path (a site's sub-path before it) is not.
        let permalinked = out.appendingPathComponent("permalinked")
        try FileManager.default.createDirectory(at: permalinked.appendingPathComponent("content"), withIntermediateDirectories: true)
        try Data("[permalinks]\n  Tags = '/topics/:slug/'\n".utf8).write(to: permalinked.appendingPathComponent("hugo.toml"))
        try Data("---\ntags: [Go]\ncategories: [News]\n---\n".utf8).write(to: permalinked.appendingPathComponent("content/a.md"))
        let elsewhere = try CommandRunner.run(["collect", permalinked.path, "--href", "/{taxonomy}/{slug}/", "-o", "e.yaml"], in: out)
        #expect(elsewhere.status == 0 && elsewhere.standardError.contains("the site's [permalinks] put the pages of tags at \"/topics/:slug/\"")
                && !elsewhere.standardError.contains("pages of categories"), "\(elsewhere.standardError)")
        let there = try CommandRunner.run(["collect", permalinked.path, "--taxonomy", "tags", "--href", "/blog/topics/{slug}/", "-o", "f.yaml"], in: out)
        #expect(there.status == 0 && !there.standardError.contains("permalinks"), "\(there.standardError)")
        // Where hugo 0.111 writes the term pages: under the baseURL's path (/blog/tags/go/), as
        // .html with uglyURLs (/tags/go.html), under the language's folder (/en/tags/go/) when the
        // language counted is not the default; --href '/tags/{slug}/' reached none, unsaid.
        let sites: [(config: String, href: String, expected: [String])] = [
            ("baseURL = 'https://e.org/blog/'\n", "/tags/{slug}/", ["under \"/blog/\"", "give --href \"/blog/tags/{slug}/\""]),
            ("baseURL = 'https://e.org/'\nuglyURLs = true\n", "/tags/{slug}/", ["\"/tags/swift.html\"", "(\"/tags/{slug}.html\")"]),
            ("baseURL = 'https://e.org/'\ndefaultContentLanguage = 'fr'\n[languages.fr]\n[languages.en]\n", "/tags/{slug}/",
             ["under \"/en/\""]),
            ("baseURL = 'https://e.org/blog'\nuglyURLs = true\n", "/blog/tags/{slug}.html", []),
        ]
        for (index, site) in sites.enumerated() {
            let root = out.appendingPathComponent("placed-\(index)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("content"), withIntermediateDirectories: true)
            try Data(site.config.utf8).write(to: root.appendingPathComponent("hugo.toml"))
            try Data("---\ntags: [Go]\n---\n".utf8).write(to: root.appendingPathComponent("content/a.en.md"))
            try Data("---\ntags: [Go]\n---\n".utf8).write(to: root.appendingPathComponent("content/a.md"))
            let run = try CommandRunner.run(["collect", root.path, "--href", site.href, "--language", "en", "-o", "placed-\(index).yaml"],
                                            in: out)
            #expect(run.status == 0, "\(site.config): \(run.standardError)")
            for text in site.expected { #expect(run.standardError.contains(text), "\(site.config): \(run.standardError)") }
            if site.expected.isEmpty { #expect(!run.standardError.contains("Hugo"), "\(site.config): \(run.standardError)") }
        }
    }

    /// A batch's messages come in the specs' order whatever order they finish in; a spec whose
    /// output would replace an input fails alone; `-v` lists every file written.
    @Test func batchMessagesInOrderAndOneBadOutputFailsAlone() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        var specs: [String] = []
        for index in 0..<8 {
            let name = "s\(index).yaml"
            let text = index % 3 == 1 ? "tags: [a, b]\ncolour: nope\n" : "tags: [a, b, c]\nwidth: \(200 + index)\n"
            try Data(text.utf8).write(to: out.appendingPathComponent(name))
            specs.append(name)
        }
        var orders: Set<[String]> = []
        for _ in 0..<3 {
            let run = try CommandRunner.run(["render"] + specs + ["--out-dir", "o", "--formats", "svg,png"], in: out)
            #expect(run.status == 65, "\(run.standardError)")
            orders.insert(run.standardError.split(separator: "\n").filter { $0.hasPrefix("error:") }.map(String.init))
        }
        #expect(orders.count == 1)
        let errors = orders.first ?? []
        #expect(errors.count == 3 && errors.indices.allSatisfy { errors[$0].contains("s\(1 + 3 * $0).yaml") }, "\(errors)")
        // With -v, each spec's files are listed in its place among the errors.
        let verbose = try CommandRunner.run(["render"] + specs + ["--out-dir", "o", "--formats", "svg,png", "-v"], in: out)
        let lines = verbose.standardError.split(separator: "\n").map(String.init).filter { $0.hasPrefix("error:") || $0.hasPrefix("wrote") }
        let expected = specs.enumerated().flatMap { index, spec -> [String] in
            let name = spec.replacingOccurrences(of: ".yaml", with: "")
            return index % 3 == 1 ? [errors[index / 3]] : ["wrote o/\(name).svg", "wrote o/\(name).png"]
        }
        #expect(lines == expected, "\(verbose.standardError)")
        // y.svg is a spec (read as YAML) whose SVG would replace it: it fails, x.svg is written.
        try Data("tags: [q]\n".utf8).write(to: out.appendingPathComponent("y.svg"))
        try Data("tags: [p]\n".utf8).write(to: out.appendingPathComponent("x.yaml"))
        let batch = try CommandRunner.run(["render", "x.yaml", "y.svg", "--input-format", "yaml", "--out-dir", ".",
                                           "--formats", "svg", "-v"], in: out)
        #expect(batch.status == 73, "\(batch.standardError)")
        #expect(batch.standardError.contains("y.svg") && batch.standardError.contains("must not be replaced"), "\(batch.standardError)")
        #expect(batch.standardError.contains("wrote ./x.svg") && batch.standardError.contains("rendered 1 of 2 specs"), "\(batch.standardError)")
        #expect(try String(contentsOf: out.appendingPathComponent("y.svg"), encoding: .utf8) == "tags: [q]\n")
    }

    /// The same file under two names (a symbolic link) whose outputs differ is rendered under
    /// each name; an empty path, standard input twice and every clash of outputs are refused at
    /// once (64); a bad option value is said once for the run, not once a spec; `x.yaml/` is not
    /// the file `x.yaml`; a one-spec run into --out-dir whose output would replace its input
    /// fails as a spec of a batch does, with its name and the summary; an argument that is not
    /// UTF-8 is refused (64) rather than read or written under another name.
    @Test func namesLinksAndOptionsAreCheckedOnceForTheRun() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        for folder in ["a", "b", "c"] {
            try FileManager.default.createDirectory(at: out.appendingPathComponent(folder), withIntermediateDirectories: true)
            try Data("tags: [\(folder)]\n".utf8).write(to: out.appendingPathComponent("\(folder)/t.yaml"))
        }
        try Data("tags: [a, b]\n".utf8).write(to: out.appendingPathComponent("real.yaml"))
        #expect(symlink("real.yaml", out.appendingPathComponent("alias.yaml").path) == 0)
        let linked = try CommandRunner.run(["render", "real.yaml", "alias.yaml", "--out-dir", "o", "--formats", "svg"], in: out)
        #expect(linked.status == 0 && linked.standardError.contains("rendered 2 of 2 specs"), "\(linked.standardError)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("o/alias.svg").path))
        // Beside themselves, as each name asks.
        let beside = try CommandRunner.run(["render", "real.yaml", "alias.yaml", "--formats", "svg"], in: out)
        #expect(beside.status == 0 && FileManager.default.fileExists(atPath: out.appendingPathComponent("alias.svg").path),
                "\(beside.standardError)")
        let empty = try CommandRunner.run(["render", "", "real.yaml", "--out-dir", "o"], in: out)
        #expect(empty.status == 64 && empty.standardError.contains("an input is an empty path"), "\(empty.standardError)")
        let input = try CommandRunner.run(["render", "-", "-", "--out-dir", "o"], in: out, input: Data("tags: [x]\n".utf8))
        #expect(input.status == 64 && input.standardError.contains("standard input (-) is given more than once"), "\(input.standardError)")
        let clashes = try CommandRunner.run(["render", "a/t.yaml", "b/t.yaml", "c/t.yaml", "--out-dir", "o", "--formats", "png,svg"], in: out)
        #expect(clashes.status == 64 && clashes.standardError.contains("\"a/t.yaml\", \"b/t.yaml\" and \"c/t.yaml\" would all be written to \"o/t.png\"")
                && clashes.standardError.contains("would all be written to \"o/t.svg\""), "\(clashes.standardError)")
        // A link in the folder to another output of the run, not there yet: the two land in one
        // file (it wrote both, one over the other, and said "rendered 2 of 2 specs").
        try FileManager.default.createDirectory(at: out.appendingPathComponent("linked"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("linked/t.png").path, withDestinationPath: "real.png")
        let throughLink = try CommandRunner.run(["render", "a/t.yaml", "real.yaml", "--out-dir", "linked"], in: out)
        #expect(throughLink.status == 64 && throughLink.standardError.contains("would both be written to"), "\(throughLink.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("linked/real.png").path))
        // One spec's two formats joined by a link: the link is named, not the spec twice.
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("linked/real.svg").path, withDestinationPath: "real.png")
        let ownFiles = try CommandRunner.run(["render", "real.yaml", "--out-dir", "linked", "--formats", "svg,png"], in: out)
        #expect(ownFiles.status == 64 && ownFiles.standardError.contains("\"real.yaml\"'s files \"linked/real.svg\" and \"linked/real.png\" "
                                                                            + "are one file (a link joins their names); remove the link")
                && !ownFiles.standardError.contains("give the specs different names"), "\(ownFiles.standardError)")
        let option = try CommandRunner.run(["render", "a/t.yaml", "real.yaml", "alias.yaml", "--out-dir", "bad", "--set", "width=abc"], in: out)
        #expect(option.status != 0 && option.standardError.split(separator: "\n").count == 1, "\(option.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("bad").path))
        let slash = try CommandRunner.run(["render", "real.yaml/", "a/t.yaml", "--out-dir", "s"], in: out)
        #expect(slash.status == 66 && slash.standardError.contains("it ends with /, which names a folder, but it is a file"),
                "\(slash.standardError)")
        let alone = try CommandRunner.run(["render", "real.yaml/", "-o", "s.svg"], in: out)
        #expect(alone.status == 66 && alone.standardError.contains("it ends with /"), "\(alone.standardError)")
        // A name that is not UTF-8 (`caf\xE9.yaml`) is refused, not read or written as `caf\u{FFFD}`.
        let latin1 = try CommandRunner.run(["-c", "printf 'tags: [x]\\n' > \"$(printf 'caf\\351.yaml')\"; "
                                            + "exec \"$0\" render \"$(printf 'caf\\351.yaml')\" -o \"$(printf 'caf\\351.svg')\"",
                                            CommandRunner.executable.path], in: out, program: URL(fileURLWithPath: "/bin/sh"))
        #expect(latin1.status == 64 && latin1.standardError.contains("argument 2 (") && latin1.standardError.contains("is not UTF-8 text")
                && latin1.standardError.contains("rename the file or folder"), "\(latin1.standardError)")
        // A value that is not UTF-8 is not a file to rename: it is to be given again as UTF-8.
        let value = try CommandRunner.run(["-c", "exec \"$0\" render real.yaml -o v.svg --set \"$(printf 'title=caf\\351')\"",
                                           CommandRunner.executable.path], in: out, program: URL(fileURLWithPath: "/bin/sh"))
        #expect(value.status == 64 && value.standardError.contains("argument 6 (") && value.standardError.contains("give it as UTF-8 text"),
                "\(value.standardError)")
        // `tagcloud diff` exits 0, 1 or 2, as its help says: 2 for a name it cannot take (it was 64).
        let diffLatin1 = try CommandRunner.run(["-c", "exec \"$0\" diff a.png \"$(printf 'caf\\351.png')\"", CommandRunner.executable.path],
                                               in: out, program: URL(fileURLWithPath: "/bin/sh"))
        #expect(diffLatin1.status == 2 && diffLatin1.standardError.contains("is not UTF-8 text"), "\(diffLatin1.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).allSatisfy { !$0.hasSuffix(".svg") || $0 == "alias.svg" || $0 == "real.svg" })
        try Data("tags: [q]\n".utf8).write(to: out.appendingPathComponent("self.svg"))
        let replacing = try CommandRunner.run(["render", "self.svg", "--input-format", "yaml", "--out-dir", ".", "--formats", "svg"], in: out)
        #expect(replacing.status == 73 && replacing.standardError.hasPrefix("error: self.svg: ")
                && replacing.standardError.contains("rendered 0 of 1 spec"), "\(replacing.standardError)")
    }

    /// `tagcloud diff`'s share too small for four decimals is not said as none, and the box of
    /// the differing pixels is said.
    @Test func theDiffSummarySaysATinyShareAndWhere() {
        var tiny = DiffOutcome(differentPixels: 1, antiAliasedPixels: 0, totalPixels: 4_000_000, maxDiffPixels: 0)
        #expect(tiny.summary == "1 of 4000000 pixels differ (< 0.0001 %); more than the limit of 0", "\(tiny.summary)")
        tiny.differingBox = "(3, 4) to (3, 4)"
        #expect(tiny.summary == "1 of 4000000 pixels differ (< 0.0001 %), from (3, 4) to (3, 4); more than the limit of 0")
    }

    /// The summary's rate keeps two digits however slow the batch: `0.38 specs/s`, not `0`.
    @Test func theSummaryRateKeepsTwoDigits() {
        #expect(BatchReport.rate(256.4) == "256")
        #expect(BatchReport.rate(12.4) == "12")
        #expect(BatchReport.rate(2.46) == "2.5")
        #expect(BatchReport.rate(0.384) == "0.38")
        #expect(BatchReport.rate(0.0123) == "0.012")
        let report = BatchReport(outcomes: [BatchReport.Outcome(input: "a.yaml", files: ["a.png"], error: nil)], seconds: 2.6)
        #expect(report.summary == "rendered 1 of 1 spec (1 file) in 2.6 s, 0.38 specs/s")
    }

    /// The batch's writer runs writes while the renderers go on, at most two a renderer at once:
    /// a renderer that would start a third waits until one ends; `finish` returns after every
    /// write. (Fails with no bound: the third write starts at once.)
    @Test func theBatchWriterBoundsTheWritesWaiting() {
        let writer = BatchWriter(workers: 1)
        let release = DispatchSemaphore(value: 0)
        let started = Locked(0), ended = Locked(0)
        for _ in 0..<2 {
            writer.write {
                started.withLock { $0 += 1 }
                release.wait()
                ended.withLock { $0 += 1 }
            }
        }
        let thirdGiven = DispatchSemaphore(value: 0)
        // A thread of its own: the shared pool may have no thread free while the writes block.
        Thread.detachNewThread {
            writer.write { started.withLock { $0 += 1 }; ended.withLock { $0 += 1 } }
            thirdGiven.signal()
        }
        // Two writes hold both slots: the third is not taken while they last.
        #expect(thirdGiven.wait(timeout: .now() + 0.5) == .timedOut)
        release.signal()
        #expect(thirdGiven.wait(timeout: .now() + 10) == .success)
        release.signal()
        writer.finish()
        #expect(ended.withLock { $0 } == 3)
        #expect(started.withLock { $0 } == 3)
    }

    /// A file given twice is rendered once; a missing spec's line starts with it, as every
    /// failure's does, and names it once; a --min-count no tag reaches is warned about.
    @Test func duplicateInputsMissingFilesAndAnEmptyCloud() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        try FileManager.default.createDirectory(at: out.appendingPathComponent("c"), withIntermediateDirectories: true)
        try Data("tags: [a, b]\n".utf8).write(to: out.appendingPathComponent("c/t.yaml"))
        let twice = try CommandRunner.run(["render", "c/t.yaml", "./c/../c/t.yaml", "c/t.yaml", "--out-dir", "o", "--formats", "svg,png"], in: out)
        #expect(twice.status == 0, "\(twice.standardError)")
        #expect(twice.standardError.contains("rendered 1 of 1 spec (2 files)"), "\(twice.standardError)")
        // The spec is named once: its error line named it twice (`error: c/missing.yaml: cannot
        // read the input "c/missing.yaml": …`).
        try Data(repeating: 0x61, count: 200).write(to: out.appendingPathComponent("c/big.yaml"))
        let missing = try CommandRunner.run(["render", "c/t.yaml", "c/missing.yaml", "c/big.yaml", "--out-dir", "o", "--formats", "svg",
                                             "--max-input-size", "100"], in: out)
        #expect(missing.status == 66, "\(missing.standardError)")
        #expect(missing.standardError.split(separator: "\n").filter { $0.hasPrefix("error:") } == [
            "error: c/missing.yaml: cannot read the input: there is no such file",
            "error: c/big.yaml: the input is larger than the limit of 100 bytes (--max-input-size raises it)",
        ], "\(missing.standardError)")
        #expect(missing.standardError.contains("rendered 1 of 3 specs"), "\(missing.standardError)")
        // Alone, the error names the spec as before.
        let alone = try CommandRunner.run(["render", "c/missing.yaml", "-o", "m.svg"], in: out)
        #expect(alone.standardError == "error: cannot read the input \"c/missing.yaml\": there is no such file\n", "\(alone.standardError)")
        let empty = try CommandRunner.run(["render", "--from", Self.hugo.path, "--min-count", "999", "-o", "e.svg"], in: out)
        #expect(empty.status == 0 && empty.standardError.contains("no tag is on 999 pages or more (--min-count); the most used is on"),
                "\(empty.standardError)")
        let verbose = try CommandRunner.run(["render", "--from", Self.hugo.path, "-o", "v.svg", "-v"], in: out)
        #expect(verbose.status == 0 && verbose.standardError.contains("collected ") && verbose.standardError.contains("wrote v.svg"),
                "\(verbose.standardError)")
    }

    /// What users of the batch found: `x.yaml/` is an input of its own that fails (it was taken
    /// for `x.yaml`, hiding its error or dropping the spec after it); `--formats` given twice adds
    /// up; `--progress` into a log writes plain lines; a folder that takes no file is said once.
    @Test func batchInputsOptionsAndMessagesAsUsersFoundThem() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        try Data("tags: [Good]\n".utf8).write(to: out.appendingPathComponent("good.yaml"))
        try Data("tags: [Other]\n".utf8).write(to: out.appendingPathComponent("other.yaml"))
        for order in [["good.yaml", "good.yaml/"], ["good.yaml/", "good.yaml", "other.yaml"]] {
            let folder = "o\(order.count)"
            let run = try CommandRunner.run(["render"] + order + ["--out-dir", folder, "--formats", "json"], in: out)
            #expect(run.status == 66 && run.standardError.contains("good.yaml/: cannot read the input: it ends with /"), "\(run.standardError)")
            #expect(run.standardError.contains("rendered \(order.count - 1) of \(order.count) specs"), "\(run.standardError)")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("\(folder)/good.layout.json").path))
        }
        let twice = try CommandRunner.run(["render", "good.yaml", "--out-dir", "f", "--formats", "svg,json", "--formats", "svg,html"], in: out)
        #expect(twice.status == 0, "\(twice.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("f").path).sorted()
                == ["good.html", "good.layout.json", "good.svg"])
        let logged = try CommandRunner.run(["render", "good.yaml", "other.yaml", "--out-dir", "p", "--progress"], in: out)
        #expect(logged.status == 0 && logged.standardError.contains("2/2\n") && !logged.standardError.contains("\u{1B}"),
                "\(logged.standardError)")
        // A folder no spec can write into: said once, then counted (it was a line a spec).
        let locked = out.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        let failure = CommandError.cannotWriteOutput(path: "locked/a.png", reason: "the folder \"locked\" is not writable")
        #expect(failure.sharedByEverySpec == "the folder \"locked\" is not writable")
        #expect(CommandError.cannotWriteOutput(path: "a.png", reason: "it is a folder").sharedByEverySpec == nil)
        if getuid() != 0 {
            let denied = try CommandRunner.run(["render", "good.yaml", "other.yaml", "--out-dir", "locked"], in: out)
            #expect(denied.standardError.contains("error: 1 more spec failed the same way: the folder"), "\(denied.standardError)")
        }
    }
}
