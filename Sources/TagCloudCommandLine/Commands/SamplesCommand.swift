import Foundation
package import TagCloudUI
package import TagCloud
import Canvas
import Typesetting

/// A picture of the gallery made by Swift code: one of the articles' example views.
package struct SwiftSample: Sendable {
    /// A file-safe name, the base name of its pictures.
    package var name: String
    /// What the picture shows.
    package var description: String
    /// Makes the renderer of the view, with its proposed size and a scale of 2.
    package var makeRenderer: @MainActor @Sendable () -> ImageRenderer<AnyView>

    /// Makes a sample.
    ///
    /// - Parameters:
    ///   - name: The file-safe name.
    ///   - description: What the picture shows.
    ///   - makeRenderer: Makes the renderer.
    package init(name: String, description: String, makeRenderer: @escaping @MainActor @Sendable () -> ImageRenderer<AnyView>) {
        self.name = name
        self.description = description
        self.makeRenderer = makeRenderer
    }
}

/// An animation of the gallery made by Swift code: one of the articles' views going through its
/// state changes, written as an APNG and an animated SVG.
package struct SwiftAnimationSample: Sendable {
    /// A file-safe name, the base name of its files.
    package var name: String
    /// What the animation shows.
    package var description: String
    /// Makes the file in a format.
    package var makeData: @MainActor @Sendable (AnimationFormat) throws -> Data

    /// Makes a sample.
    ///
    /// - Parameters:
    ///   - name: The file-safe name.
    ///   - description: What the animation shows.
    ///   - makeData: Makes the APNG or the animated SVG.
    package init(name: String, description: String, makeData: @escaping @MainActor @Sendable (AnimationFormat) throws -> Data) {
        self.name = name
        self.description = description
        self.makeData = makeData
    }
}

/// What `tagcloud samples` is asked to render.
package struct SamplesRequest: Sendable {
    /// The folder of sample specs.
    package var samplesFolder: String
    /// Where the pictures go (the spec's pictures at the top, the Swift examples' in `gallery/`).
    package var outputFolder: String
    /// The Swift examples to render too.
    package var swiftExamples: [SwiftSample]
    /// The Swift animations to render too, into `gallery/`.
    package var swiftAnimations: [SwiftAnimationSample]

    /// Makes a request.
    package init(samplesFolder: String, outputFolder: String, swiftExamples: [SwiftSample] = [],
                 swiftAnimations: [SwiftAnimationSample] = []) {
        self.samplesFolder = samplesFolder
        self.outputFolder = outputFolder
        self.swiftExamples = swiftExamples
        self.swiftAnimations = swiftAnimations
    }
}

/// What `tagcloud samples` wrote.
package struct SamplesReport: Sendable {
    /// The specs rendered, by file name.
    package var specs: [String]
    /// The Swift examples rendered, by name.
    package var swiftExamples: [String]
    /// The Swift animations rendered, by name.
    package var swiftAnimations: [String]
    /// Every file written.
    package var files: [String]
    /// The samples that failed, each with its error (`error: NAME: …` lines), in order: a spec
    /// by its path, a Swift example or animation by its name.
    package var failures: [(sample: String, error: CommandError)] = []

    /// `rendered 31 specs, 26 Swift examples and 1 animation (171 files)`, then `; 2 failed`.
    package var summary: String {
        let animations = "\(swiftAnimations.count) animation\(swiftAnimations.count == 1 ? "" : "s")"
        let failed = failures.isEmpty ? "" : "; \(failures.count) failed"
        return "rendered \(specs.count) \(specs.count == 1 ? "spec" : "specs"), \(swiftExamples.count) Swift examples and \(animations) (\(files.count) files)\(failed)"
    }

    /// 0 when every sample was rendered, else the highest code of the failures
    /// (``TagCloudExitCode``), as a batch of `render` ends.
    package var exitCode: TagCloudExitCode {
        failures.map(\.error.exitCode).max { $0.rawValue < $1.rawValue } ?? .success
    }
}

/// The scale of sample PNGs whose spec does not set one: "@2x".
package let sampleScale = 2.0

extension TagCloudCommand {
    /// The spec files of a samples folder, sorted by name: `.yaml`, `.yml`, `.json` (but not the
    /// `.layout.json` files the command writes), `.txt` and `.csv`.
    ///
    /// - Returns: The file names.
    /// - Throws: ``TagCloudError/cannotReadInput(path:reason:)`` when the folder cannot be listed.
    package static func sampleSpecs(in folder: String) throws(CommandError) -> [String] {
        let names: [String]
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw .library(.cannotReadInput(path: folder, reason: "there is no such folder; give --samples the folder of the sample specs"))
        }
        guard isFolder.boolValue else {
            throw .library(.cannotReadInput(path: folder, reason: "it is a file; give --samples the folder of the sample specs"))
        }
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            let reason = access(folder, R_OK | X_OK) != 0 ? String(cString: strerror(errno)).lowercased() : SpecReader.reason(of: error)
            throw .library(.cannotReadInput(path: folder, reason: "the samples folder cannot be listed: \(reason)"))
        }
        let specs = names.filter { name in
            !name.hasSuffix(".layout.json") && !name.hasPrefix(".")
                && (try? SpecFormat.of(path: name)) != nil
        }.sorted()
        // Each spec's pictures are named after it without its extension: two specs of one name
        // (`tag-cloud.yaml` and `tag-cloud.txt`) wrote one set of files twice, and the page
        // showed the second under both headings.
        var byStem: [String: [String]] = [:]
        for spec in specs { byStem[(spec as NSString).deletingPathExtension, default: []].append(spec) }
        if let (stem, clash) = byStem.filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }) {
            throw .usage("the samples folder \(quoted(path: folder)) has \(clash.map { quoted(path: $0) }.joined(separator: " and ")), "
                         + "whose pictures would all be named \(quoted(stem)); rename one of them")
        }
        return specs
    }

    /// Renders one sample spec as `tagcloud samples` does: the cloud at the spec's scale, or
    /// ``sampleScale`` when it gives none.
    ///
    /// - Parameter path: The spec file.
    /// - Returns: The rendered cloud.
    /// - Throws: The ``TagCloudError`` of reading or rendering the spec.
    package static func renderSample(at path: String) throws(TagCloudError) -> RenderedCloud {
        var cloud = try Cloud(contentsOf: URL(fileURLWithPath: path))
        if cloud.scale == nil { cloud.scale = sampleScale }
        return try cloud.rendered()
    }

    /// `tagcloud samples`: renders every spec of the samples folder to PNG, SVG and layout JSON
    /// beside it (or in the output folder), the Swift examples to `gallery/` in the output folder,
    /// and writes `README.md` there, a page showing them all.
    ///
    /// A sample that cannot be rendered (a spec's error, a Swift example's), or one of whose files
    /// cannot be written, is left out of the page and reported in the report's
    /// ``SamplesReport/failures``; the others are still written.
    ///
    /// - Parameters:
    ///   - request: The folders and the Swift examples.
    ///   - progress: Called with a line per file written.
    /// - Returns: What was rendered, and what failed.
    /// - Throws: ``CommandError`` when the samples folder cannot be listed, a folder cannot be
    ///   made, or the progress cannot be said (the run stops there).
    @MainActor
    package static func samples(_ request: SamplesRequest,
                                progress: (String) throws(CommandError) -> Void = { _ throws(CommandError) in }) throws(CommandError) -> SamplesReport {
        let specs = try sampleSpecs(in: request.samplesFolder)
        if specs.isEmpty {
            // Said, not silent: the gallery's Swift examples are still drawn.
            StandardStreams.diagnostic("warning: the samples folder \(quoted(path: request.samplesFolder)) holds no spec "
                                       + "(.yaml, .yml, .json, .csv, .txt); only the Swift examples are drawn\n")
        }
        let output = URL(fileURLWithPath: request.outputFolder)
        let gallery = output.appendingPathComponent("gallery")
        // The folders are made as they are first written into, and those made for a run that
        // fails are removed when it wrote nothing into them (an empty gallery/ was left).
        var made: [URL] = []
        func makeFolder(_ folder: URL) throws(CommandError) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    throw .cannotWriteOutput(path: folder.path, reason: "it is a file, not a folder; give --out a folder")
                }
                return
            }
            if folder != output { try makeFolder(output) }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotWriteOutput(path: folder.path, reason: "the folder cannot be created (\(SpecReader.reason(of: error)))")
            }
            made.append(folder)
        }
        do throws(CommandError) {
            return try samples(request, specs: specs, output: output, gallery: gallery, makeFolder: makeFolder, progress: progress)
        } catch {
            for folder in made.reversed() {
                if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
                    try? FileManager.default.removeItem(at: folder)
                }
            }
            throw error
        }
    }

    @MainActor
    private static func samples(_ request: SamplesRequest, specs: [String], output: URL, gallery: URL,
                                makeFolder: (URL) throws(CommandError) -> Void,
                                progress: (String) throws(CommandError) -> Void) throws(CommandError) -> SamplesReport {
        try makeFolder(output)
        var files: [String] = []
        let inputs = specs.map { (request.samplesFolder as NSString).appendingPathComponent($0) }
        var unreported: [String] = []
        func write(_ data: Data, _ url: URL) throws(CommandError) {
            // Every file is named by the command, inside the folder given.
            try OutputFile.write(data, to: url.path, inputs: inputs, within: request.outputFolder)
            files.append(url.path)
            unreported.append(url.path)
        }
        /// Says the files written since the last call (a failure to say it, standard error
        /// closed, stops the run; a file refused is the sample's failure).
        func report() throws(CommandError) {
            defer { unreported = [] }
            for path in unreported { try progress("wrote \(escapingControls(path))") }
        }
        // A sample that cannot be rendered, or one of whose files cannot be written (a link out of
        // the folder in its place), is reported and left out of the page; the others are still
        // written, as a batch of `render` writes them (one refused file stopped the whole run).
        var failures: [(sample: String, error: CommandError)] = []
        var entries: [(name: String, file: String, caption: String)] = []
        for spec in specs {
            let base = (spec as NSString).deletingPathExtension
            let path = (request.samplesFolder as NSString).appendingPathComponent(spec)
            let rendered: RenderedCloud, png: Data, svg: Data, html: Data
            do throws(TagCloudError) {
                rendered = try renderSample(at: path)
                png = try rendered.data(as: .png)
                svg = try rendered.data(as: .svg)
                html = try rendered.data(as: .html)
            } catch {
                failures.append((path, .library(error)))
                continue
            }
            do throws(CommandError) {
                try write(png, output.appendingPathComponent("\(base).png"))
                try write(svg, output.appendingPathComponent("\(base).svg"))
                try write(html, output.appendingPathComponent("\(base).html"))
                try write(rendered.layout.jsonData(), output.appendingPathComponent("\(base).layout.json"))
            } catch {
                try report()
                failures.append((path, error))
                continue
            }
            try report()
            entries.append((base, spec, sampleCaption(at: path)))
        }
        /// What a Swift example or animation threw, as the command reports it.
        func failure(_ error: any Error, name: String) -> CommandError {
            if let error = error as? TagCloudUIError { return .swiftExampleFailed(name: name, error) }
            return .library(.internalError(String(describing: error)))
        }
        var swiftEntries: [(name: String, caption: String)] = []
        if !request.swiftExamples.isEmpty || !request.swiftAnimations.isEmpty { try makeFolder(gallery) }
        for example in request.swiftExamples {
            let renderer = example.makeRenderer()
            let png: Data, svg: Data
            do {
                png = try renderer.pngData()
                svg = try renderer.svgData()
            } catch {
                failures.append((example.name, failure(error, name: example.name)))
                continue
            }
            do throws(CommandError) {
                try write(png, gallery.appendingPathComponent("\(example.name).png"))
                try write(svg, gallery.appendingPathComponent("\(example.name).svg"))
            } catch {
                try report()
                failures.append((example.name, error))
                continue
            }
            try report()
            swiftEntries.append((example.name, example.description))
        }
        var animationEntries: [(name: String, caption: String)] = []
        for animation in request.swiftAnimations {
            let made: [(AnimationFormat, Data)]
            do {
                made = try [AnimationFormat.png, .svg].map { ($0, try animation.makeData($0)) }
            } catch {
                failures.append((animation.name, failure(error, name: animation.name)))
                continue
            }
            do throws(CommandError) {
                for (format, data) in made {
                    try write(data, gallery.appendingPathComponent("\(animation.name).\(format.rawValue)"))
                }
            } catch {
                try report()
                failures.append((animation.name, error))
                continue
            }
            try report()
            animationEntries.append((animation.name, animation.description))
        }
        // The specs are beside the page when the pictures go into their folder (the default);
        // elsewhere the page names their folder as given.
        let besidePage = URL(fileURLWithPath: request.samplesFolder).standardizedFileURL.path == output.standardizedFileURL.path
        let page = galleryPage(specs: entries, swift: swiftEntries, animations: animationEntries,
                               specsFolder: request.samplesFolder, besidePage: besidePage)
        do throws(CommandError) {
            try write(Data(page.utf8), output.appendingPathComponent("README.md"))
        } catch {
            failures.append((output.appendingPathComponent("README.md").path, error))
        }
        try report()
        return SamplesReport(specs: entries.map(\.file), swiftExamples: swiftEntries.map(\.name),
                             swiftAnimations: animationEntries.map(\.name), files: files, failures: failures)
    }

    /// The first comment lines of a YAML spec (`# …`), joined: the sample's caption.
    private static func sampleCaption(at path: String) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return "" }
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("#") else { break }
            lines.append(line.dropFirst().trimmingCharacters(in: .whitespaces))
        }
        return lines.joined(separator: " ")
    }

    /// The gallery's `README.md`: every spec's picture with its caption and the command that
    /// made it, then the Swift examples', then the animations (the SVG shown, the APNG linked).
    private static func galleryPage(specs: [(name: String, file: String, caption: String)],
                                    swift: [(name: String, caption: String)],
                                    animations: [(name: String, caption: String)],
                                    specsFolder: String = "samples", besidePage: Bool = true) -> String {
        let folder = specsFolder.hasSuffix("/") && specsFolder.count > 1 ? String(specsFolder.dropLast()) : specsFolder
        let specsPlace = besidePage ? "the specs beside this page" : "the specs in `\(folder)`"
        var page = """
            # The gallery

            Every picture here is made by `tagcloud samples` (`make samples`): \(specsPlace) \
            through `tagcloud render`, and the articles' SwiftUI examples (`Swift/`, the `Gallery` target) \
            through TagCloudUI's `ImageRenderer`. PNGs are 2×; each spec also has an SVG and an HTML \
            fragment for web pages (the chips as a list laid out by CSS flex-wrap, which draws the PNG \
            at the spec's width), and its layout JSON (`tagcloud render SPEC --format json`), which the \
            golden tests compare.

            ## Specs

            """
        for entry in specs {
            page += "\n### \(entry.name)\n\n"
            if !entry.caption.isEmpty { page += entry.caption + "\n\n" }
            page += "`tagcloud render \((folder as NSString).appendingPathComponent(entry.file)) -o \(entry.name).png --scale 2`\n\n"
            page += "![\(entry.name)](\(entry.name).png)\n\n"
            page += "PNG · [SVG](\(entry.name).svg) · [HTML](\(entry.name).html)\n"
        }
        if !swift.isEmpty {
            page += "\n## The articles' Swift examples\n"
            for entry in swift {
                page += "\n### \(entry.name)\n\n\(entry.caption)\n\n![\(entry.name)](gallery/\(entry.name).png)\n"
            }
        }
        if !animations.isEmpty {
            page += "\n## The articles' animations\n"
            for entry in animations {
                page += "\n### \(entry.name)\n\n\(entry.caption) As an SVG animated with CSS; the same as an APNG: "
                page += "[gallery/\(entry.name).png](gallery/\(entry.name).png).\n\n"
                page += "![\(entry.name)](gallery/\(entry.name).svg)\n"
            }
        }
        return page
    }
}
