import Canvas
import Foundation
import TagCloud
@testable import TagCloudCommandLine
import Testing
import Typesetting

/// Every error of the command has its documented exit code, and outputs go where the README says.
@Suite struct CommandErrorTests {
    @Test func exitCodesFollowTheTable() {
        let location = SpecLocation(source: "tags.yaml", line: 1, column: 1)
        let option = SpecLocation(source: CommandError.optionSource("font"))
        let cases: [(CommandError, Int32)] = [
            (.library(.cannotReadInput(path: "a", reason: "b")), 66),
            (.cannotWriteOutput(path: "a", reason: "b"), 73),
            (.library(.unknownFormat(what: "input format", name: ".xml", valid: [".json"])), 64),
            (.usage("unknown option"), 64),
            (.library(.internalError("x")), 70),
            (.library(.fontsUnavailable(.fontsFolderNotFound(searched: []))), 70),
            (.library(.renderingFailed(format: .png, .pngEncodingFailed(reason: "x"))), 70),
            (.library(.pictureTooLarge(width: 40_000, height: 10, limit: 32_767)), 65),
            (.library(.unknownFontFamily("Helvetica", location, available: [])), 65),
            (.library(.unknownFontFamily("X", option, available: [])), 64),
            (.library(.invalidNumber(path: "width", value: "-1", reason: "must not be negative",
                                     SpecLocation(source: CommandError.optionSource("width")))), 64),
            (.library(.invalidNumber(path: "width", value: "-1", reason: "must not be negative", location)), 65),
            (.cannotCompareImages(reason: "x"), 2),
            (.cannotListen(host: "127.0.0.1", port: 8123, reason: "the port is in use"), 69),
        ]
        for (error, code) in cases {
            #expect(error.exitCode.rawValue == code, "\(error)")
        }
        #expect(TagCloudExitCode.allCases.map(\.rawValue) == [0, 1, 2, 64, 65, 66, 69, 70, 73])
    }

    @Test func outputGoesBesideTheInput() throws {
        #expect(TagCloudCommand.besideInput("dir/tags.yaml", format: .png) == "dir/tags.png")
        #expect(TagCloudCommand.besideInput("dir/tags.json", format: .json) == "dir/tags.layout.json")
        #expect(TagCloudCommand.besideInput("tags", format: .svg) == "tags.svg")
        #expect(TagCloudCommand.besideInput("/a/b.c/t.txt", format: .pdf) == "/a/b.c/t.pdf")
        typealias Destination = TagCloudCommand.Destination
        #expect(try TagCloudCommand.plan(RenderRequest(input: "-")).map(\.destinations) == [[Destination(format: .png, path: nil)]])
        #expect(try TagCloudCommand.plan(RenderRequest(input: "a.yaml", output: "x.SVG")).map(\.destinations)
                == [[Destination(format: .svg, path: "x.SVG")]])
        // `.htm` is HTML, as every browser and site generator takes it.
        #expect(try TagCloudCommand.plan(RenderRequest(input: "a.yaml", output: "cloud.htm")).map(\.destinations)
                == [[Destination(format: .html, path: "cloud.htm")]])
        #expect(throws: CommandError.usage(#"unknown output format ".gif" of "x.gif"; use one of .png, .svg, .pdf, .json, .html, or give --format"#)) {
            try TagCloudCommand.plan(RenderRequest(input: "a.yaml", output: "x.gif"))
        }
        // Several specs and formats: into the folder, the layout JSON as .layout.json, never two
        // specs to one file.
        let many = RenderRequest(inputs: ["a/t.yaml", "b.json"], outputFolder: "out", formats: [.png, .json])
        #expect(try TagCloudCommand.plan(many).map(\.destinations) == [
            [Destination(format: .png, path: "out/t.png", folder: "out"), Destination(format: .json, path: "out/t.layout.json", folder: "out")],
            [Destination(format: .png, path: "out/b.png", folder: "out"), Destination(format: .json, path: "out/b.layout.json", folder: "out")],
        ])
        #expect(throws: CommandError.self) {
            try TagCloudCommand.plan(RenderRequest(inputs: ["a/t.yaml", "b/t.yaml"], outputFolder: "out"))
        }
        #expect(try TagCloudCommand.plan(RenderRequest(inputs: ["t.yaml"], formats: [.svg, .pdf])).map(\.destinations)
                == [[Destination(format: .svg, path: "t.svg", folder: "."), Destination(format: .pdf, path: "t.pdf", folder: ".")]])
        // Beside the spec, in the spec's folder: the command's naming, confined to that folder.
        #expect(try TagCloudCommand.plan(RenderRequest(inputs: ["a/t.yaml"])).map(\.destinations)
                == [[Destination(format: .png, path: "a/t.png", folder: "a")]])
    }
}
