import Canvas
import Foundation
@testable import TagCloud
import Testing

/// The `tagcloud` executable end to end: arguments, files, standard streams, exit codes.
@Suite struct CommandTests {
    static let tags = "tags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine, Async/Await, Core Data]\n"

    func folder(_ files: [String: String] = [:], _ name: String = #function) throws -> URL {
        let folder = try temporaryFolder(name)
        for (file, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(file))
        }
        return folder
    }

    func layout(_ data: Data) throws -> CloudLayout {
        try CloudLayout(jsonData: data)
    }

    /// A misspelled command is named, with the nearest one (it was "2 unexpected arguments"), and
    /// no command at all is a usage error (it printed the help and exited 0, so a script's
    /// `tagcloud $EMPTY` succeeded).
    @Test func aMisspelledOrMissingCommandIsAUsageError() throws {
        for (arguments, message) in [(["rendr", "a.yaml"], #"there is no command "rendr"; did you mean "render"?"#),
                                     (["Render", "x"], #"there is no command "Render"; did you mean "render"?"#),
                                     (["bogus"], #"there is no command "bogus" (the commands are render, "#),
                                     ([], "error: no command given; the commands are render, ")] {
            let run = try CommandRunner.run(arguments)
            #expect(run.status == 64 && run.standardError.contains(message) && run.standardOutput.isEmpty,
                    "\(arguments): \(run.status) \(run.standardError)")
        }
        #expect(try CommandRunner.run(["--version"]).status == 0)
        #expect(try CommandRunner.run(["help", "render"]).status == 0)
    }

    @Test func renderWritesThePictureBesideTheInput() throws {
        let dir = try folder(["tags.yaml": Self.tags])
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try CommandRunner.run(["render", "tags.yaml"], in: dir)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        let image = try RGBAImage(contentsOf: dir.appendingPathComponent("tags.png"))
        #expect(image.width == 390)  // 358 + 2 × 16, scale 1
        let json = try CommandRunner.run(["render", "tags.yaml", "--format", "json"], in: dir)
        #expect(json.status == 0)
        let cloud = try layout(Data(contentsOf: dir.appendingPathComponent("tags.layout.json")))
        #expect(cloud.chips.map(\.text) == ["Swift", "SwiftUI", "iOS Development", "Xcode", "UIKit", "Combine",
                                            "Async/Await", "Core Data"])
        #expect(Double(image.height) == cloud.height)
    }

    /// An option for a key no output written reads (`--page` is HTML's, `--scale` PNG's) is said
    /// once, and the outputs are still written; where an output reads it, nothing is said.
    @Test func anOptionNoOutputReadsIsWarnedAbout() throws {
        let dir = try folder(["tags.yaml": Self.tags, "other.yaml": "tags: [Zig, Odin]\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        for (arguments, warning) in [
            (["-o", "a.png", "--page"], "warning: --page changes only HTML output, and this writes PNG; it changes nothing here\n"),
            (["-o", "a.svg", "--scale", "2"], "warning: --scale changes only PNG output, and this writes SVG; it changes nothing here\n"),
            (["-o", "a.json", "--set", "title=Hi"],
             "warning: --set title=Hi changes only SVG, PDF and HTML output, and this writes layout JSON; it changes nothing here\n"),
            (["--out-dir", "out", "--formats", "png,pdf", "--page", "--quiet"],
             "warning: --page changes only HTML output, and this writes PNG and PDF; it changes nothing here\n"),
            // Colours and the theme change no layout; links and tooltips are SVG's, PDF's and HTML's.
            (["-o", "c.layout.json", "--fill", "blue", "--theme", "dark"],
             "warning: --fill changes only PNG, SVG, PDF and HTML output, and this writes layout JSON; it changes nothing here\n"
             + "warning: --theme changes only PNG, SVG, PDF and HTML output, and this writes layout JSON; it changes nothing here\n"),
            (["-o", "c.png", "--set", "tags[0].href=/x/", "--tooltip", "{text}"],
             "warning: --set tags[0].href=/x/ changes only SVG, PDF and HTML output, and this writes PNG; it changes nothing here\n"
             + "warning: --tooltip changes only SVG, PDF and HTML output, and this writes PNG; it changes nothing here\n"),
            (["-o", "c.json", "--width", "200", "--set", "chip.selected.checkmark=false", "--set", "chip.padding=4"], ""),
            // One id for several clouds' SVG: their ids would collide in one page.
            (["other.yaml", "--out-dir", "web", "--formats", "svg,png", "--id", "blog", "--quiet"],
             "warning: --id blog gives the SVG and HTML of 2 specs the same ids, which collide when they are inlined in one page "
             + "(a cloud then shows another's letters); give each spec its own id: key, or leave --id blog out for ids made from each output\n"),
            (["other.yaml", "--out-dir", "web2", "--formats", "png", "--id", "blog", "--quiet"],
             "warning: --id changes only SVG and HTML output, and this writes PNG; it changes nothing here\n"),
            (["-o", "b.html", "--page"], ""),
            (["-o", "b.svg", "--id", "x", "--set", "responsive=true"], ""),
            // A seed changes only a shuffled order.
            (["-o", "d.png", "--seed", "7"],
             "warning: --seed 7 changes only a shuffled order, and the order of \"tags.yaml\" is given; it changes nothing here "
             + "(--order shuffle, or order: {by: shuffle, seed: N} in the spec, shuffles)\n"),
            (["-o", "e.png", "--set", "order.seed=3"],
             "warning: --set order.seed=3 changes only a shuffled order, and the order of \"tags.yaml\" is given; it changes nothing here "
             + "(--order shuffle, or order: {by: shuffle, seed: N} in the spec, shuffles)\n"),
            (["-o", "f.png", "--order", "shuffle", "--seed", "7"], ""),
            (["-o", "g.png", "--seed", "7", "--order", "shuffle"], ""),
            (["--out-dir", "out2", "--formats", "png,svg", "--scale", "2", "--quiet"], ""),
        ] {
            let run = try CommandRunner.run(["render", "tags.yaml"] + arguments, in: dir)
            #expect(run.status == 0 && run.standardError == warning, "\(arguments): \(run.standardError.debugDescription)")
        }
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.png").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/tags.pdf").path))
    }

    /// `-oFILE` names the output as `-o FILE` does, as getopt reads it, in every command with an
    /// output; after `--` it is an input's name, and `-o=FILE` is refused rather than written
    /// as a file named `=FILE`.
    @Test func anOutputAttachedToDashOIsTheOutput() throws {
        let dir = try folder(["tags.yaml": Self.tags, "a.md": "---\ntags: [swift]\n---\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let render = try CommandRunner.run(["render", "tags.yaml", "-oa.svg"], in: dir)
        #expect(render.status == 0, "\(render.standardError)")
        #expect(try String(contentsOf: dir.appendingPathComponent("a.svg"), encoding: .utf8).hasPrefix("<svg"))
        let collect = try CommandRunner.run(["collect", ".", "-otags.json"], in: dir)
        #expect(collect.status == 0, "\(collect.standardError)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("tags.json").path))
        // A name starting with `-`, attached, is the name (getopt's reading).
        let dashed = try CommandRunner.run(["render", "tags.yaml", "-o-d.svg"], in: dir)
        #expect(dashed.status == 0, "\(dashed.standardError)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("-d.svg").path))
        let toStandardOutput = try CommandRunner.run(["render", "tags.yaml", "-o-", "--format", "json"], in: dir)
        #expect(toStandardOutput.status == 0 && toStandardOutput.standardOutput.first == UInt8(ascii: "{"), "\(toStandardOutput.standardError)")
        let equals = try CommandRunner.run(["render", "tags.yaml", "-o=b.svg"], in: dir)
        #expect(equals.status == 64 && equals.standardError.hasPrefix("error: unknown option \"-o=b.svg\""), "\(equals.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("=b.svg").path))
        let afterDashes = try CommandRunner.run(["render", "-o", "c.svg", "--", "-otags.yaml"], in: dir)
        #expect(afterDashes.status == 66 && afterDashes.standardError.contains("-otags.yaml"), "\(afterDashes.standardError)")
    }

    @Test func theOutputFormatFollowsTheExtensionUnlessFormatIsGiven() throws {
        let dir = try folder(["tags.yaml": Self.tags])
        defer { try? FileManager.default.removeItem(at: dir) }
        for (file, prefix) in [("a.svg", "<svg"), ("a.pdf", "%PDF"), ("a.png", "\u{89}PNG"), ("a.json", "{\"width\"")] {
            let output = try CommandRunner.run(["render", "tags.yaml", "-o", file], in: dir)
            #expect(output.status == 0, "\(output.standardError)")
            let data = try Data(contentsOf: dir.appendingPathComponent(file))
            #expect(String(decoding: data.prefix(prefix.utf8.count), as: UTF8.self) == prefix
                    || data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "\(file)")
        }
        // --format names the format of a file without a known extension; for one named for
        // another format it is refused (`-o layout.png --format json` wrote JSON into a .png).
        let forced = try CommandRunner.run(["render", "tags.yaml", "-o", "layout.out", "--format", "json"], in: dir)
        #expect(forced.status == 0)
        #expect(try layout(Data(contentsOf: dir.appendingPathComponent("layout.out"))).chips.count == 8)
        for (file, format) in [("layout.png", "json"), ("cloud.PNG", "svg"), ("cloud.svg", "pdf"), ("x.layout.json", "html")] {
            let clash = try CommandRunner.run(["render", "tags.yaml", "-o", file, "--format", format], in: dir)
            #expect(clash.status == 64 && clash.standardError.hasPrefix("error: --format \(format) does not match the output \"\(file)\""),
                    "\(file): \(clash.standardError)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path), "\(file)")
        }
        let unknown = try CommandRunner.run(["render", "tags.yaml", "-o", "cloud.gif"], in: dir)
        #expect(unknown.status == 64)
        #expect(unknown.standardError.hasPrefix("error: unknown output format \".gif\""), "\(unknown.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("cloud.gif").path))
    }

    @Test func standardInputAndOutput() throws {
        let output = try CommandRunner.run(["render", "-", "-o", "-", "--format", "json", "--width", "200"],
                                           input: Data("Swift\nSwiftUI\nLinux\n".utf8))
        #expect(output.status == 0, "\(output.standardError)")
        let cloud = try layout(output.standardOutput)
        #expect(cloud.width == 232)
        #expect(cloud.chips.map(\.text) == ["Swift", "SwiftUI", "Linux"])
        let png = try CommandRunner.run(["render", "-", "--input-format", "csv"], input: Data("tag,weight\nA,1\nB,2\n".utf8))
        #expect(png.status == 0)
        #expect(try RGBAImage(pngData: png.standardOutput).width == 390)
    }

    @Test func optionsOverrideTheSpec() throws {
        let dir = try folder(["tags.yaml": "width: 300\npadding: 10\n" + Self.tags])
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try CommandRunner.run(["render", "tags.yaml", "-o", "-", "--format", "json", "--width", "200",
                                            "--set", "padding=0", "--max-rows", "1", "--style", "globulusList",
                                            "--theme", "dark", "--scale", "3"], in: dir)
        #expect(output.status == 0, "\(output.standardError)")
        let cloud = try layout(output.standardOutput)
        #expect(cloud.width == 200)
        #expect(cloud.chips.first?.x == 0)
        #expect(cloud.chips.last?.text.hasPrefix("+") == true)
        #expect(Set(cloud.chips.map(\.y)).count == 1)
    }

    /// The authors' options through the real command: order, seed, labels, tooltips, palettes,
    /// line limits; a bad template is refused naming the option (exit 64), writing nothing.
    @Test func authorOptionsReachThePicture() throws {
        let dir = try folder(["tags.yaml": "tags: [{text: b, weight: 2}, {text: a, weight: 9}, {text: c}]\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = try CommandRunner.run(["render", "tags.yaml", "-o", "-", "--format", "json", "--order", "name",
                                          "--label", "{text} ({weight})", "--line-limit", "2"], in: dir)
        #expect(json.status == 0, "\(json.standardError)")
        let cloud = try layout(json.standardOutput)
        #expect(cloud.chips.map(\.text) == ["a", "b", "c"])
        #expect(cloud.chips.map(\.label) == ["a (9)", "b (2)", nil])
        let shuffled = try CommandRunner.run(["render", "tags.yaml", "-o", "-", "--format", "json", "--order", "shuffle",
                                              "--seed", "3"], in: dir)
        let again = try CommandRunner.run(["render", "tags.yaml", "-o", "-", "--format", "json", "--order", "shuffle",
                                           "--seed", "3"], in: dir)
        #expect(shuffled.standardOutput == again.standardOutput && shuffled.status == 0)
        let svg = try CommandRunner.run(["render", "tags.yaml", "-o", "-", "--format", "svg", "--tooltip", "{weight} posts",
                                         "--palette", "okabeIto"], in: dir)
        #expect(svg.status == 0, "\(svg.standardError)")
        #expect(String(decoding: svg.standardOutput, as: UTF8.self).contains("<title>9 posts</title>"))
        let badTemplate = try CommandRunner.run(["render", "tags.yaml", "-o", "x.png", "--label", "{count}"], in: dir)
        #expect(badTemplate.status == 64)
        #expect(badTemplate.standardError.contains("option --label"))
        // The placeholder is named, as in a spec (it was "must be a string, but it is a mapping").
        for template in ["{txt}", "{text} {cnt}"] {
            let named = try CommandRunner.run(["render", "tags.yaml", "-o", "x.png", "--label", template], in: dir)
            #expect(named.status == 64 && named.standardError.contains("did you mean \"{text}\"") == (template == "{txt}")
                    && named.standardError.contains("for \"label\"; "), "\(template): \(named.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))
    }

    @Test func helpShowsExamplesAndExitCodes() throws {
        let root = try CommandRunner.run(["--help"])
        #expect(root.status == 0)
        #expect(root.text.contains("render"))
        #expect(root.text.contains("65 bad input data"))
        let render = try CommandRunner.run(["render", "--help"])
        #expect(render.status == 0)
        #expect(render.text.contains("Examples:"))
        #expect(render.text.contains("--max-rows"))
    }

    @Test func fontsListsBundledAndSystemFamilies() throws {
        let output = try CommandRunner.run(["fonts"])
        #expect(output.status == 0)
        for family in ["Inter (", "DejaVu Sans (", "Noto Color Emoji (", "System families (fontconfig"] {
            #expect(output.text.contains(family), "\(output.text)")
        }
    }

    @Test func samplesRendersAFolderAndTheSwiftGallery() throws {
        let dir = try folder(["one.yaml": Self.tags, "two.txt": "a\nb\n", "skip.layout.json": "{}", "notes.md": "x"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try CommandRunner.run(["samples", "--samples", dir.path, "--out", dir.appendingPathComponent("out").path])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.text.contains("rendered 2 specs, 26 Swift examples and 1 animation"), "\(output.text)")
        for file in ["one.png", "one.svg", "one.layout.json", "two.png", "README.md", "gallery/tag-cloud-view.png",
                     "gallery/numbers-flow.svg", "gallery/switching-layouts.png", "gallery/switching-layouts.svg"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/\(file)").path), "\(file)")
        }
        #expect(try RGBAImage(contentsOf: dir.appendingPathComponent("out/one.png")).width == 780)
        // The page, away from the specs, names their folder (it said "samples/" and "beside this page").
        let page = try String(contentsOf: dir.appendingPathComponent("out/README.md"), encoding: .utf8)
        #expect(page.contains("the specs in `\(dir.path)`") && page.contains("`tagcloud render \(dir.path)/one.yaml -o one.png"),
                "\(page.prefix(600))")
        // A folder that is not there, or a file, is named plainly (it ended with Foundation's
        // "The operation could not be completed"); an empty one is said.
        for (given, reason) in [("nope", "there is no such folder"), ("one.yaml", "it is a file")] {
            let wrong = try CommandRunner.run(["samples", "--samples", given, "--out", "o2"], in: dir)
            #expect(wrong.status == 66 && wrong.standardError.contains("\"\(given)\": \(reason); give --samples the folder"),
                    "\(wrong.standardError)")
            #expect(!wrong.standardError.contains("operation could not be completed"))
        }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let empty = try CommandRunner.run(["samples", "--samples", "empty", "--out", "o3"], in: dir)
        #expect(empty.status == 0 && empty.standardError.contains("warning: the samples folder \"empty\" holds no spec"), "\(empty.standardError)")
        // Two specs of one name would write one set of pictures twice: refused, named.
        let twins = dir.appendingPathComponent("twins")
        try FileManager.default.createDirectory(at: twins, withIntermediateDirectories: true)
        try Data(Self.tags.utf8).write(to: twins.appendingPathComponent("cloud.yaml"))
        try Data("Alpha\nBeta\n".utf8).write(to: twins.appendingPathComponent("cloud.txt"))
        let clash = try CommandRunner.run(["samples", "--samples", "twins", "--out", "o4"], in: dir)
        #expect(clash.status == 64 && clash.standardError.contains("\"cloud.txt\" and \"cloud.yaml\", whose pictures would all be named"),
                "\(clash.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o4").path))
    }

    /// A spec of the samples folder that cannot be rendered is reported with its place, and the
    /// rest of the gallery is still written, its page without the failed spec; the exit code is
    /// the failure's (65, a spec's error), as a batch of `render` ends.
    @Test func aFailingSampleLeavesTheRestOfTheGallery() throws {
        let dir = try folder(["a.yaml": Self.tags, "b-broken.yaml": "tags: [Swift]\nwidht: 300\n", "c.txt": "x\ny\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try CommandRunner.run(["samples", "--samples", dir.path, "--out", dir.appendingPathComponent("out").path])
        #expect(output.status == 65, "\(output.standardError)")
        #expect(output.standardError.contains("b-broken.yaml:2:1: unknown key \"widht\""), "\(output.standardError)")
        #expect(output.text.contains("rendered 2 specs, 26 Swift examples and 1 animation") && output.text.contains("; 1 failed"),
                "\(output.text)")
        for file in ["a.png", "c.png", "README.md", "gallery/tag-cloud-view.png"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/\(file)").path), "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/b-broken.png").path))
        let page = try String(contentsOf: dir.appendingPathComponent("out/README.md"), encoding: .utf8)
        #expect(page.contains("![a](a.png)") && page.contains("![c](c.png)") && !page.contains("b-broken"))
    }

    /// A sample whose file is refused (a link out of the folder in its place) fails alone: the
    /// rest of the gallery is written (one refused file stopped the whole run), exit 73.
    @Test func aSampleWhoseFileIsRefusedLeavesTheRestOfTheGallery() throws {
        let dir = try folder(["a.yaml": Self.tags, "c.txt": "x\ny\n", "elsewhere.png": "kept"])
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("out/a.png").path,
                                                   withDestinationPath: dir.appendingPathComponent("elsewhere.png").path)
        let output = try CommandRunner.run(["samples", "--samples", dir.path, "--out", dir.appendingPathComponent("out").path])
        #expect(output.status == 73, "\(output.standardError)")
        #expect(output.standardError.contains("a.png") && output.text.contains("; 1 failed"), "\(output.standardError)\n\(output.text)")
        for file in ["c.png", "c.svg", "README.md", "gallery/tag-cloud-view.png"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/\(file)").path), "\(file)")
        }
        #expect(try String(contentsOf: dir.appendingPathComponent("elsewhere.png"), encoding: .utf8) == "kept")
        let page = try String(contentsOf: dir.appendingPathComponent("out/README.md"), encoding: .utf8)
        #expect(page.contains("![c](c.png)") && !page.contains("![a](a.png)"))
    }

    // MARK: diff

    @Test func diffCountsDifferingPixelsAndExitsZeroOneOrTwo() throws {
        let dir = try folder(["a.yaml": "tags: [Swift, Linux]\n", "b.yaml": "tags: [Swift, Linus]\n",
                              "c.yaml": "width: 100\ntags: [Swift]\n", "text.png": "not a png"])
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["a", "b", "c"] {
            #expect(try CommandRunner.run(["render", "\(name).yaml"], in: dir).status == 0)
        }
        let same = try CommandRunner.run(["diff", "a.png", "a.png"], in: dir)
        #expect(same.status == 0)
        #expect(same.text.hasPrefix("0 of 26520 pixels differ (0.0000 %)"), "\(same.text)")

        let different = try CommandRunner.run(["diff", "a.png", "b.png", "--out", "diff.png"], in: dir)
        #expect(different.status == 1)
        let count = try #require(Int(different.text.prefix { $0.isNumber }))
        #expect(count > 0)
        #expect(different.text.contains("more than the limit of 0"))
        // Where they differ: the box of the differing pixels, inside the picture.
        #expect(different.text.contains(", from ("), "\(different.text)")

        let diffImage = try RGBAImage(contentsOf: dir.appendingPathComponent("diff.png"))
        #expect((diffImage.width, diffImage.height) == (390, 68))
        // Some pixels are pure red (differences), the rest faded grey.
        #expect(stride(from: 0, to: diffImage.pixels.count, by: 4).contains {
            diffImage.pixels[$0] == 255 && diffImage.pixels[$0 + 1] == 0 && diffImage.pixels[$0 + 2] == 0
        })

        let allowed = try CommandRunner.run(["diff", "a.png", "b.png", "--max-diff-pixels", "\(count)"], in: dir)
        #expect(allowed.status == 0)
        #expect(allowed.text.contains("within the limit of \(count)"))
        let loose = try CommandRunner.run(["diff", "a.png", "b.png", "--threshold", "1"], in: dir)
        #expect(loose.status == 0)
        // Images of two sizes differ (exit 1), with a diff image on a common canvas.
        let sized = try CommandRunner.run(["diff", "a.png", "c.png", "--out", "sized.png", "--max-diff-pixels", "1000000"], in: dir)
        #expect(sized.status == 1, "\(sized.standardError)")
        #expect(sized.text.hasPrefix("the images differ in size: 390 × 68 and 132 × 68 pixels; on a common canvas, "), "\(sized.text)")
        let sizedImage = try RGBAImage(contentsOf: dir.appendingPathComponent("sized.png"))
        #expect((sizedImage.width, sizedImage.height) == (390, 68))
        // The default threshold is the goldens' 0.02: a fill from #007AFF to #1A8AFF differs
        // (pixelmatch's 0.1 let it pass).
        for (name, fill) in [("f1", "#007AFF"), ("f2", "#1A8AFF")] {
            #expect(try CommandRunner.run(["render", "a.yaml", "--fill", fill, "-o", "\(name).png"], in: dir).status == 0)
        }
        let fill = try CommandRunner.run(["diff", "f1.png", "f2.png"], in: dir)
        #expect(fill.status == 1, "\(fill.text)")
        #expect(try CommandRunner.run(["diff", "f1.png", "f2.png", "--threshold", "0.1"], in: dir).status == 0)

        for (arguments, message) in [(["a.png", "missing.png"], #"cannot read "missing.png": there is no such file"#),
                                     (["a.png", "text.png"], #""text.png" is not a readable PNG image: it is not a PNG file (it does not start with the PNG signature)"#),
                                     (["a.png", "b.png", "--threshold", "2"], "the threshold is 2.0, but it must be from 0 to 1"),
                                     // Checked before the images are read.
                                     (["missing.png", "b.png", "--threshold", "nan"], "the threshold is nan, but it must be from 0 to 1"),
                                     (["a.png"], "error: missing expected argument \"<second>\"\nusage: tagcloud diff <first> <second> ")] {
            let output = try CommandRunner.run(["diff"] + arguments, in: dir)
            #expect(output.status == 2, "\(arguments): \(output.standardError)")
            #expect(output.standardError.contains(message), "\(output.standardError)")
        }
    }
}
