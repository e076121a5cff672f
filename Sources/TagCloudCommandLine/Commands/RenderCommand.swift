package import Foundation
package import TagCloud
#if canImport(Glibc)
import Glibc
#endif

/// What `tagcloud render` is asked to do: the command line, checked and typed.
package struct RenderRequest: Sendable {
    /// The spec files, or `-` for standard input; empty when the tags come from `collect` alone.
    package var inputs: [String]
    /// How to read the inputs; `nil` for their extensions (or, for standard input, a guess).
    package var inputFormat: SpecFormat?
    /// The output file (one input, one format), `-` for standard output, or `nil`.
    package var output: String?
    /// The folder every output goes into (`--out-dir`), or `nil`.
    package var outputFolder: String?
    /// The output formats; empty for the output's extension (PNG when there is none to go by).
    package var formats: [OutputFormat]
    /// The option that gave ``formats`` (`format` or `formats`), for messages.
    package var formatOption: String
    /// Key paths set from options, in order: the key path, the value as typed, and the option
    /// (without dashes) for messages.
    package var settings: [(keyPath: String, value: String, option: String)]
    /// The site content the tags come from (`--from`), if any.
    package var collect: CollectRequest?
    /// `--font-file` paths, relative to the working folder, added after each spec's `fonts`.
    package var fontFiles: [String]
    /// The most bytes a spec may have (`--max-input-size`).
    package var maxInputSize: Int

    package init(inputs: [String], inputFormat: SpecFormat? = nil, output: String? = nil, outputFolder: String? = nil,
                 formats: [OutputFormat] = [], formatOption: String = "format", settings: [(keyPath: String, value: String, option: String)] = [],
                 collect: CollectRequest? = nil, fontFiles: [String] = [], maxInputSize: Int = Cloud.defaultMaxInputSize) {
        self.inputs = inputs
        self.inputFormat = inputFormat
        self.output = output
        self.outputFolder = outputFolder
        self.formats = formats
        self.formatOption = formatOption
        self.settings = settings
        self.collect = collect
        self.fontFiles = fontFiles
        self.maxInputSize = maxInputSize
    }

    /// Every file and folder the request reads (the specs, the `--from` content folders, the
    /// `--font-file` fonts), which no output may replace; a spec's own `fonts` are added once it
    /// is read (``Cloud/fontFilePaths``).
    package var readPaths: [String] {
        inputs + (collect?.folders ?? []) + fontFiles
    }

    /// A request for one input.
    package init(input: String, output: String? = nil, format: OutputFormat? = nil) {
        self.init(inputs: [input], output: output, formats: format.map { [$0] } ?? [])
    }
}

/// Where `tagcloud render` wrote, and what.
package struct RenderResult: Sendable {
    /// The file written, or `nil` for standard output.
    package var outputPath: String?
    /// The format written.
    package var format: OutputFormat
    /// The bytes written.
    package var data: Data
    /// Where each chip went.
    package var layout: CloudLayout
    /// How many tags `maxRows` hid.
    package var hiddenCount: Int
    /// The tags with characters no font covers (each also given to `warn`).
    package var fontWarnings: [FontWarning] = []

    /// One line saying what was written: `wrote tags.png (PNG, 390 × 140 pt, 8 chips)`.
    package var summary: String {
        // A name may hold control characters (an escape sequence would reach the terminal).
        let place = outputPath.map(escapingControls) ?? "standard output"
        let size = "\(CloudLayout.number(layout.width)) × \(CloudLayout.number(layout.height)) pt"
        let more = hiddenCount > 0 ? ", \(hiddenCount) hidden behind +\(hiddenCount)" : ""
        let chips = layout.chips.count == 1 ? "1 chip" : "\(layout.chips.count) chips"
        return "wrote \(place) (\(format.displayName), \(size), \(chips)\(more))"
    }
}

/// The `tagcloud` subcommands as functions of their requests.
package enum TagCloudCommand {
    /// One spec to render, and where each of its formats goes (`nil` for standard output).
    package struct RenderJob: Sendable, Equatable {
        /// The spec file, `-`, or `nil` when the tags come from the site content alone.
        package var input: String?
        /// The formats and their files.
        package var destinations: [Destination]
    }

    /// Where one format of a spec goes.
    package struct Destination: Sendable, Equatable {
        /// The format.
        package var format: OutputFormat
        /// The file, or `nil` for standard output.
        package var path: String?
        /// The folder the command named the file in (`--out-dir`, or the spec's own folder for an
        /// output beside it), where it is written only as a regular file of that folder
        /// (``OutputFile/check(_:inputs:within:)``); `nil` for a path the user named.
        package var folder: String? = nil
    }

    /// `tagcloud render` of one spec to one destination: reads the spec, applies the options,
    /// lays out and draws the cloud, and writes it as PNG, SVG, PDF or layout JSON.
    ///
    /// Everything is checked before anything is written: the output's format and folder (and
    /// that it is not an input), the spec, the font families, the picture's size. The output is
    /// written by ``OutputFile`` (a file replaced atomically, a device or FIFO in place), so a
    /// failure never leaves a partial file and never replaces an existing one; standard output
    /// gets the bytes only once they are complete.
    ///
    /// - Parameters:
    ///   - request: The parsed command line, naming one spec and one output.
    ///   - warn: Prints a warning (a problem in the site's content).
    /// - Returns: What was written and where.
    /// - Throws: ``CommandError``; its ``CommandError/exitCode`` is the process's exit code.
    package static func render(_ request: RenderRequest, warn: (String) -> Void = { _ in }) throws(CommandError) -> RenderResult {
        let jobs = try plan(request)
        guard jobs.count == 1, jobs[0].destinations.count == 1 else {
            throw .usage("render(_:) renders one spec to one output; use renderAll(_:) for \(jobs.count) specs")
        }
        let job = jobs[0], destination = job.destinations[0]
        for warning in unreadSettings(request, jobs: jobs) { warn(warning) }
        try checkInputFiles(request.inputs)
        let created = try createOutputFolder(of: request)
        do throws(CommandError) {
            return try render(job, destination: destination, request: request, warn: warn)
        } catch {
            removeCreatedFolders(created)
            throw error
        }
    }

    /// ``render(_:warn:)`` once the output's folder is there.
    private static func render(_ job: RenderJob, destination: Destination, request: RenderRequest,
                               warn: (String) -> Void) throws(CommandError) -> RenderResult {
        try OutputFile.checkDestination(destination.path, inputs: request.readPaths, within: destination.folder)
        let cloud = try loadCloud(job, request: request, readStandardInput: {
            () throws(TagCloudError) in try StandardStreams.readInput(limit: request.maxInputSize)
        }, warn: warn)
        // The spec's font files are inputs too: checked again with them before anything is drawn.
        let fonts = cloud.fontFilePaths, inputs = request.readPaths + fonts
        if !fonts.isEmpty { try OutputFile.checkDestination(destination.path, inputs: inputs, within: destination.folder) }
        let data: Data, layout: CloudLayout, hidden: Int, fontWarnings: [FontWarning]
        if destination.format.needsOnlyTheLayout {
            // The layout alone: laid out, not drawn.
            (layout, hidden, fontWarnings) = try library { () throws(TagCloudError) in try cloud.layoutAndHiddenCount() }
            data = layout.jsonData()
        } else {
            let rendered = try library { () throws(TagCloudError) in
                try cloud.checkPictureCanFit(destination.format)
                return try cloud.rendered()
            }
            data = try library { () throws(TagCloudError) in try rendered.data(as: destination.format) }
            (layout, hidden, fontWarnings) = (rendered.layout, rendered.hiddenCount, rendered.fontWarnings)
        }
        for warning in fontWarnings { warn("warning: \(warning)") }
        if let path = destination.path {
            try OutputFile.write(data, to: path, inputs: inputs, within: destination.folder)
        } else {
            try StandardStreams.output(data)
        }
        return RenderResult(outputPath: destination.path, format: destination.format, data: data,
                            layout: layout, hiddenCount: hidden, fontWarnings: fontWarnings)
    }

    /// Warnings for options that set a key no output of the request reads (`--page` with a PNG,
    /// `--scale` with an SVG), one per option as typed: the option would change nothing.
    static func unreadSettings(_ request: RenderRequest, jobs: [RenderJob]) -> [String] {
        func names(_ formats: Set<OutputFormat>) -> String {
            let names = OutputFormat.allCases.filter(formats.contains).map { $0 == .json ? "layout JSON" : $0.rawValue.uppercased() }
            return names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") : names.joined()
        }
        let written = Set(jobs.flatMap { $0.destinations.map(\.format) })
        var warnings: [String] = []
        for setting in request.settings {
            guard let outputs = Cloud.outputs(readingKeyPath: setting.keyPath), outputs.isDisjoint(with: written) else { continue }
            let readers = names(outputs), writing = names(written)
            let option = setting.option == "set" ? "--set \(setting.keyPath)=\(setting.value)" : "--\(setting.option)"
            let warning = "warning: \(option) changes only \(readers) output, and this writes \(writing); it changes nothing here"
            if !warnings.contains(warning) { warnings.append(warning) }
        }
        // One id prefix for several clouds' SVG or HTML: inlined in one page, their ids collide,
        // and a cloud draws another's glyphs (every `-g0` is the first one defined).
        if let id = request.settings.last(where: { $0.keyPath == "id" }) {
            let web = jobs.filter { $0.destinations.contains { $0.format == .svg || $0.format == .html } }
            if web.count > 1 {
                let option = id.option == "set" ? "--set id=\(id.value)" : "--\(id.option) \(id.value)"
                warnings.append("warning: \(option) gives the SVG and HTML of \(web.count) specs the same ids, which collide when they are "
                                + "inlined in one page (a cloud then shows another's letters); give each spec its own id: key, "
                                + "or leave \(option) out for ids made from each output")
            }
        }
        return warnings
    }

    /// Refuses to write a picture's binary bytes to a terminal, where they would only garble it:
    /// standard output when `path` is `nil`, else the path (`/dev/stdout`, `/dev/tty`).
    ///
    /// - Parameters:
    ///   - format: The format's extension (`png`, `pdf`).
    ///   - advice: How to name a file instead (`give -o FILE`).
    /// - Throws: ``CommandError/usage(_:)``.
    static func refuseBinaryOnTerminal(_ format: String, path: String?, advice: String) throws(CommandError) {
        guard path == nil ? isatty(1) == 1 : path.map(isTerminal) == true else { return }
        let name = path.map { "\(quoted(path: $0)) is a terminal" } ?? "standard output is a terminal"
        throw .usage("\(format.uppercased()) is binary and \(name); \(advice), or redirect standard output (> out.\(format))")
    }

    /// Whether `path` names the file standard output goes to (`/dev/stdout`, `/proc/self/fd/1`,
    /// or the file it was redirected to): what else would go there must not.
    static func isStandardOutput(_ path: String) -> Bool {
        var output = stat(), named = stat()
        guard fstat(1, &output) == 0, stat(path, &named) == 0 else { return false }
        return output.st_dev == named.st_dev && output.st_ino == named.st_ino
    }

    /// Whether a path names a terminal (a character device that is a tty when opened; opening it
    /// for writing without becoming its controlling terminal, and without waiting).
    static func isTerminal(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return false }
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return isatty(descriptor) == 1
    }

    /// The specs of a request and where each of their formats goes.
    ///
    /// With `-o`, one spec goes to that file; with `--out-dir`, every spec goes into the folder
    /// as `<name>.<format>` (the layout JSON as `<name>.layout.json`); otherwise each goes beside
    /// its spec, and standard input (or `--from` alone) to standard output.
    ///
    /// - Throws: ``CommandError`` for outputs that cannot be named: several formats to standard
    ///   output, two specs written to the same file, an output that is one of the inputs.
    package static func plan(_ request: RenderRequest) throws(CommandError) -> [RenderJob] {
        if request.inputs.contains("") { throw .usage("an input is an empty path (\"\"); name a spec file, or - for standard input") }
        if request.inputs.filter({ $0 == "-" }).count > 1 {
            throw .usage("standard input (-) is given more than once; it can be read once")
        }
        // A pipe, FIFO or terminal can be read once: a second name of it (`-` and `/dev/stdin`,
        // `/dev/stdin` and `/proc/self/fd/0`) would read nothing, and render an empty picture.
        var streams: [String: String] = [:]  // "device:inode" of each stream given, to its first name
        for input in request.inputs {
            guard let status = OutputFile.status(ofInput: input) else { continue }
            let type = status.st_mode & S_IFMT
            guard type != S_IFREG, type != S_IFDIR else { continue }
            let key = "\(status.st_dev):\(status.st_ino)"
            if let first = streams[key] {
                if first == "-" || input == "-" {
                    throw .usage("\(quoted(path: first == "-" ? input : first)) is standard input, which - names too; it can be read once")
                }
                throw .usage("\(quoted(path: first)) and \(quoted(path: input)) are the same pipe or device, which can be read once")
            }
            streams[key] = input
        }
        // A file given twice (overlapping globs, `a/x.yaml` and `./a/x.yaml`) is rendered once;
        // the same file under another name (a symbolic link) whose outputs go elsewhere is
        // rendered under each name, as each name asks.
        // Paths compare as their bytes: two names that are canonically equivalent Unicode
        // (`é` composed and decomposed) are two files to Linux.
        // A name that ends as a folder's (`x.yaml/`, `x.yaml/.`) is not the file `x.yaml`: the
        // kernel refuses it when `x.yaml` is a file. It stays an input of its own, which fails
        // alone (it was taken for `x.yaml`, hiding its error or dropping the spec after it).
        func namesFolder(_ input: String) -> Bool { ["/", "/.", "/.."].contains(where: input.hasSuffix) }
        func isDirectory(_ path: String) -> Bool { OutputFile.status(ofInput: path).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false }
        let canonicalInputs = request.inputs.map { ExactPath($0 == "-" ? "-" : canonicalPath($0) + (namesFolder($0) ? "/" : "")) }
        let single = Set(canonicalInputs).count <= 1
        var planned: [ExactPath: [ExactPath?]] = [:]
        var jobs: [RenderJob] = []
        var writers: [ExactPath: (input: String, path: String)] = [:]
        // Each output written by more than one spec, with those specs in order.
        var clashes: [(path: String, inputs: [String], paths: [String])] = []
        var clashIndex: [ExactPath: Int] = [:]
        for (offset, input) in (request.inputs.isEmpty ? [nil] : request.inputs.map { Optional($0) }).enumerated() {
            // A folder's name for what is not a folder: the job fails on its input (read first),
            // and writes nothing, so it takes no output name from another spec.
            if let input, namesFolder(input), !isDirectory(input) {
                jobs.append(RenderJob(input: input, destinations: []))
                continue
            }
            var destinations: [Destination] = []
            switch (request.output, request.outputFolder) {
            case ("-"?, _):
                destinations = [Destination(format: request.formats.first ?? .png, path: nil)]
            case let (output?, _):
                let format = if let format = request.formats.first { format } else { try outputFormat(ofOutput: output) }
                try checkExtension(of: output, against: format, option: request.formatOption)
                destinations = [Destination(format: format, path: output)]
            case let (nil, folder?):
                let base = input.map(baseName) ?? "cloud"
                for format in request.formats.isEmpty ? [.png] : request.formats {
                    let name = format == .json ? "\(base).layout.json" : "\(base).\(format.rawValue)"
                    destinations.append(Destination(format: format, path: (folder as NSString).appendingPathComponent(name), folder: folder))
                }
            case (nil, nil):
                let formats = request.formats.isEmpty ? [OutputFormat.png] : request.formats
                if let input, input != "-" {
                    // Beside a file only: a FIFO or `/dev/fd/N` (a shell's `<(…)`) has no folder of its own.
                    var status = stat()
                    if stat(input, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR {
                        throw .usage("\(quoted(path: input)) is not a file, so no output goes beside it; give -o or --out-dir")
                    }
                    // `/dev/stdin < spec.yaml` is a file, through links: its output went to
                    // /dev/stdin.png (as root), and /dev/fd/0's failed only for want of rights.
                    let named = URL(fileURLWithPath: input).standardized.path
                    if ["/dev/", "/proc/"].contains(where: { named.hasPrefix($0) }) {
                        throw .usage("\(quoted(path: input)) names a file through \(named.hasPrefix("/dev/") ? "/dev" : "/proc"), "
                                     + "a system folder, so no output goes beside it; give -o or --out-dir")
                    }
                    // Named by the command, as in --out-dir: a link left there by someone else (a
                    // cloned repository's `s.png` linked to `../../.bashrc`) is not followed out.
                    destinations = formats.map {
                        Destination(format: $0, path: besideInput(input, format: $0), folder: OutputFile.folderOf(input))
                    }
                } else if formats.count == 1, single {
                    destinations = [Destination(format: formats[0], path: nil)]
                } else {
                    throw .usage("standard input or --from goes to standard output; give -o or --out-dir for several formats")
                }
            }
            // A picture's bytes written to a terminal would only garble it, named `-` or by a path
            // (`-o /dev/stdout`, `-o /dev/tty`).
            for binary in destinations where [.png, .pdf].contains(binary.format) {
                try refuseBinaryOnTerminal(binary.format.rawValue, path: binary.path, advice: "give -o FILE")
            }
            let keys = destinations.map { $0.path.map { ExactPath(canonicalPath($0)) } }
            if input != nil {
                let canonical = canonicalInputs[offset]
                if planned[canonical] == keys { continue }
                if planned[canonical] == nil { planned[canonical] = keys }
            }
            for (destination, key) in zip(destinations, keys) {
                guard let path = destination.path, let key else { continue }
                // One spec to one named output: refused now. With --out-dir, that spec fails alone
                // (the batch's check of each spec's outputs refuses an output that is an input),
                // reported and summed up as any failure, and the others are written.
                if single, request.outputFolder == nil, let input, input != "-", key == ExactPath(canonicalPath(input)) {
                    // Named when the output's name is another (a link to the spec).
                    throw .cannotWriteOutput(path: path, reason: path == input ? "it is the input file, which must not be replaced"
                                             : "it is the input file \(quoted(path: input)), which must not be replaced")
                }
                if let other = writers[key] {
                    if let index = clashIndex[key] {
                        clashes[index].inputs.append(input ?? "--from")
                        clashes[index].paths.append(path)
                    } else {
                        clashIndex[key] = clashes.count
                        clashes.append((path, [other.input, input ?? "--from"], [other.path, path]))
                    }
                }
                writers[key] = (input ?? "--from", path)
            }
            jobs.append(RenderJob(input: input, destinations: destinations))
        }
        // Every clash at once, so that one run names all the specs to rename.
        if !clashes.isEmpty {
            let collisions = clashes.map { clash in
                // One spec's own files that are one file: a link in the folder joins two names
                // (`out/c.svg` → `c.png`); naming the spec twice helped no one.
                let paths = clash.paths.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                if Set(clash.inputs).count == 1, paths.count > 1 {
                    let names = paths.map { quoted(path: $0) }
                    return "\(quoted(path: clash.inputs[0]))'s files \(names.dropLast().joined(separator: ", ")) and \(names[names.count - 1]) "
                        + "are one file (a link joins their names); remove the link"
                }
                let names = clash.inputs.map { quoted(path: $0) }
                let specs = names.count == 2 ? "\(names[0]) and \(names[1])" : names.dropLast().joined(separator: ", ") + " and \(names[names.count - 1])"
                return "\(specs) would \(names.count == 2 ? "both" : "all") be written to \(quoted(path: clash.path))"
            }
            let shown = collisions.prefix(10).joined(separator: "; ")
            let more = collisions.count > 10 ? "; and \(collisions.count - 10) more" : ""
            let advice = clashes.contains { Set($0.inputs).count > 1 } ? "; give the specs different names or render them into different folders" : ""
            throw .usage("\(shown)\(more)\(advice)")
        }
        return jobs
    }

    /// The spec of a job with the request's site tags and options applied.
    ///
    /// Standard input is read by `readStandardInput` (once for all the jobs of a batch); a file
    /// with the request's size limit, as it arrives (a FIFO or `/dev/fd/N` too).
    static func loadCloud(_ job: RenderJob, request: RenderRequest, readStandardInput: () throws(TagCloudError) -> [UInt8],
                          collectedTags: [Cloud.Tag]? = nil, warn: (String) -> Void) throws(CommandError) -> Cloud {
        var cloud = Cloud()
        if let input = job.input {
            var isEmpty = false
            cloud = try library { () throws(TagCloudError) in
                if input == "-" {
                    let bytes = try readStandardInput()
                    isEmpty = bytes.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
                    if let format = request.inputFormat {
                        // Blank is an empty spec in every format (said below), JSON included.
                        if isEmpty, format == .json { return Cloud() }
                        return try Cloud(parsing: bytes, format: format, source: StandardStreams.standardInputName)
                    }
                    return try Cloud(parsingGuessed: bytes, source: StandardStreams.standardInputName)
                }
                // Blank whatever it is: a file, or a FIFO or pipe (`<(…)`) whose writer wrote nothing.
                let read = try Cloud.read(contentsOf: URL(fileURLWithPath: input), format: request.inputFormat,
                                          maxInputSize: request.maxInputSize)
                isEmpty = read.isBlank
                return read.cloud
            }
            // An empty input is a valid empty spec, but more often a pipe whose writer failed
            // (`collect … | tagcloud render -`): said, and the empty picture still written.
            if request.collect == nil {
                warnIfEmpty(cloud, named: input == "-" ? StandardStreams.standardInputName : input, isEmpty: isEmpty, warn: warn)
            }
        }
        // The site's tags: collected here, or once for a whole batch (`collectedTags`). A style
        // spec's own tags give way to them, said (they were dropped without a word).
        if let collect = request.collect {
            if let input = job.input, !cloud.tags.isEmpty {
                let count = cloud.tags.count
                warn("warning: \(escapingControls(input == "-" ? StandardStreams.standardInputName : input)) has \(count) "
                     + "\(count == 1 ? "tag" : "tags") of its own, which --from replaces with the site's")
            }
            if let collectedTags {
                cloud.tags = collectedTags
            } else {
                cloud.tags = try self.collect(collect, warn: warn).0.tags
            }
        }
        try library { () throws(TagCloudError) in
            try SpecOverrides(settings: request.settings, fontFiles: request.fontFiles).apply(to: &cloud)
        }
        if let warning = unusedSeedWarning(cloud, settings: request.settings, named: job.input) { warn(warning) }
        return cloud
    }

    /// Says that `--seed` (or `--set order.seed=…`) changes nothing: only a shuffled order reads
    /// a seed, and the cloud's order (the spec's, or `--order`) is another.
    static func unusedSeedWarning(_ cloud: Cloud, settings: [(keyPath: String, value: String, option: String)],
                                  named input: String?) -> String? {
        guard let seed = settings.last(where: { $0.keyPath == "order.seed" }) else { return nil }
        let criterion = cloud.order?.by ?? .given
        guard criterion != .shuffle else { return nil }
        let option = seed.option == "set" ? "--set order.seed=\(seed.value)" : "--\(seed.option) \(seed.value)"
        let spec = input.map { " of \(quoted(path: $0 == "-" ? StandardStreams.standardInputName : $0))" } ?? ""
        return "warning: \(option) changes only a shuffled order, and the order\(spec) is \(criterion.rawValue); it changes "
            + "nothing here (--order shuffle, or order: {by: shuffle, seed: N} in the spec, shuffles)"
    }

    /// Says that an input holds no tags: it is empty (more often a pipe whose writer failed than
    /// an empty spec), a file of comments alone, or a spec without `tags`. `tags: []` asks for an
    /// empty cloud and is not said.
    static func warnIfEmpty(_ cloud: Cloud, named name: String, isEmpty: Bool, warn: (String) -> Void) {
        guard isEmpty || (cloud.tags.isEmpty && cloud.location(ofKeyPath: "tags") == nil) else { return }
        let what = isEmpty ? "is empty; the picture has no tags" : "has no tags; the picture is empty"
        warn("warning: the input \(quoted(path: name)) \(what)")
    }

    /// Creates `--out-dir` and the folders above it when they are missing (as `mkdir -p`), for
    /// one output as for many.
    ///
    /// - Throws: ``CommandError/cannotWriteOutput(path:reason:)`` when it cannot be created (a
    ///   file in the way, no permission).
    @discardableResult
    static func createOutputFolder(of request: RenderRequest) throws(CommandError) -> [String] {
        guard let folder = request.outputFolder else { return [] }
        // Each missing folder from the top, as `mkdir -p`, naming the one that cannot be made.
        var created: [String] = []
        // Another run sharing the folder may remove folders it made between our look and our
        // mkdir (a failing run removes the empty folders it made): ENOENT then means a folder
        // above vanished, and the chain is made again from the top, a few times.
        attempts: for attempt in 0..<4 {
        var path = folder.hasPrefix("/") ? "/" : ""
        for part in folder.split(separator: "/") {
            path += (path.isEmpty || path.hasSuffix("/") ? "" : "/") + part
            var status = stat(), link = stat()
            // A link to nothing (or in a loop) is said once, here, not as a missing folder for
            // every spec.
            if stat(path, &status) != 0, lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                let why = errno == ELOOP ? "is a symbolic link in a loop of links" : "is a symbolic link to nothing"
                removeCreatedFolders(created)
                throw .cannotWriteOutput(path: folder, reason: "the folder cannot be created: \(quoted(path: path)) \(why)")
            }
            if stat(path, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    let kind = switch status.st_mode & S_IFMT {
                    case S_IFCHR, S_IFBLK: "a device"
                    case S_IFIFO: "a FIFO"
                    case S_IFSOCK: "a socket"
                    default: "a file"
                    }
                    removeCreatedFolders(created)
                    throw .cannotWriteOutput(path: folder, reason: "the folder cannot be created: \(quoted(path: path)) is \(kind)")
                }
                continue
            }
            if mkdir(path, 0o777) == 0 {
                created.append(path)
                TemporaryFileCleanup.registerCreatedFolders([path])
            } else if errno != EEXIST {
                let code = errno
                if code == ENOENT, attempt < 3 { continue attempts }
                removeCreatedFolders(created)
                // The folders above it are there (made or found above): ENOENT is the file
                // system's refusal (/proc, /sys).
                let why = code == ENOENT ? "the file system there does not take new folders" : OutputFile.reason(code)
                throw .cannotWriteOutput(path: folder, reason: "the folder \(quoted(path: path)) cannot be created: \(why)")
            }
        }
        break
        }
        return created
    }

    /// Removes the folders ``createOutputFolder(of:)`` made, deepest first, when nothing was
    /// written into them: a run that writes nothing leaves no trace. A folder something else
    /// put a file in meanwhile is not empty, and stays.
    static func removeCreatedFolders(_ created: [String]) {
        for folder in created.reversed() { _ = rmdir(folder) }
    }

    /// Runs library code, its errors as the command's.
    static func library<Value>(_ body: () throws(TagCloudError) -> Value) throws(CommandError) -> Value {
        do {
            return try body()
        } catch {
            throw .library(error)
        }
    }

    /// The base name of an input's outputs: its file name without the extension.
    static func baseName(_ input: String) -> String {
        input == "-" ? "stdin" : URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
    }

    /// A path as the file system resolves it (`realpath`: `L/..` is the folder above the one the
    /// link `L` points to, not the one holding `L`), to compare two paths; a path not there yet
    /// is its folder's resolved, then its name; a link to a file not there yet is where it
    /// leads (`out/good.png` linked to `y.png`, another output of the run, is `out/y.png`: the two
    /// outputs clash, where one silently replaced the other).
    static func canonicalPath(_ path: String, links: Int = 0) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        // (Split by hand: NSString's `deletingLastPathComponent` traps on a one-part path here.)
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        if links < 40, let target = OutputFile.readLink(path), !target.isEmpty {
            return canonicalPath(target.hasPrefix("/") ? target : folder + "/" + target, links: links + 1)
        }
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        if !name.isEmpty, name != ".", name != "..", let resolved = realpath(folder, nil) {
            defer { free(resolved) }
            let base = String(cString: resolved)
            return base.hasSuffix("/") ? base + name : base + "/" + name
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The format of an output, from its extension; for a path with no known extension, the
    /// extension of the file a link names (`/dev/stdout` when standard output is `out.svg`), and
    /// PNG for a device, FIFO or socket (`/dev/null`), as for standard output.
    static func outputFormat(ofOutput output: String) throws(CommandError) -> OutputFormat {
        try format(ofOutput: output, forDevices: .png, ofPath: outputFormat(ofPath:))
    }

    /// The format of an output, by `ofPath` from its extension, or from the extension of the file
    /// a link names; `device` for a device, FIFO or socket. The error is `ofPath`'s for `output`.
    static func format<Format>(ofOutput output: String, forDevices device: Format,
                               ofPath: (String) throws(CommandError) -> Format) throws(CommandError) -> Format {
        if output.hasSuffix("/") { throw .cannotWriteOutput(path: output, reason: "it ends with /, so it names a folder; name a file") }
        // A descriptor that is closed or read-only is that error, not an unknown format.
        if OutputFile.descriptorNumber(output) != nil { _ = try OutputFile.resolve(output) }
        do {
            return try ofPath(output)
        } catch {
            guard let target = try? OutputFile.resolve(output) else { throw error }
            switch target.method {
            case .replace:
                guard let format = try? ofPath(target.path) else { throw error }
                return format
            case .descriptor(let descriptor):
                // `-o /dev/stdout > out.svg`: the file the shell opened names the format.
                return OutputFile.fileName(ofDescriptor: descriptor).flatMap { try? ofPath($0) } ?? device
            case .inPlace, .socket:
                // A device, FIFO or socket: its name is seldom a format's (`/dev/null`, `out.fifo`,
                // `out.sock`), and what reads it is told by --format.
                return device
            }
        }
    }

    /// Refuses an output named for another format than the one asked for (`--format svg -o
    /// cloud.png` wrote SVG text into `cloud.png`, which every viewer then called broken); a name
    /// without an extension, or with one no format has (`cloud.img`), takes any format.
    ///
    /// - Parameter option: The option that gave the format, as the user typed it (`format` or
    ///   `formats`).
    static func checkExtension(of output: String, against format: OutputFormat, option: String = "format") throws(CommandError) {
        guard let named = OutputFormat(fileExtension: fileExtension(of: output)), named != format else { return }
        let renamed = ((output as NSString).deletingPathExtension as NSString).appendingPathExtension(format.rawValue) ?? output
        throw .usage("--\(option) \(format.rawValue) does not match the output \(quoted(path: output)), named for \(named.rawValue); "
                     + "name it \(quoted(path: renamed)) or leave out --\(option)")
    }

    /// The format of an output file, from its extension.
    static func outputFormat(ofPath path: String) throws(CommandError) -> OutputFormat {
        let name = (path as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension
        guard !ext.isEmpty, let format = OutputFormat(fileExtension: ext) else {
            let valid = OutputFormat.allCases.map { ".\($0.rawValue)" }.joined(separator: ", ")
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                // As the output check says it with --format (exit 73): a folder cannot be written.
                throw .cannotWriteOutput(path: path, reason: OutputFile.outputIsAFolder(path))
            }
            if ext.isEmpty {
                throw .usage("the output \(quoted(path: path)) has no extension to tell its format: name it with one of \(valid), or give --format")
            }
            throw .usage("unknown output format \(quoted(".\(ext)")) of \(quoted(path: path)); use one of \(valid), or give --format")
        }
        return format
    }

    /// The input's path with the output format's extension.
    static func besideInput(_ input: String, format: OutputFormat) -> String {
        let url = URL(fileURLWithPath: input)
        let base = url.deletingPathExtension().lastPathComponent
        let name = format == .json ? "\(base).layout.json" : "\(base).\(format.rawValue)"
        guard input.contains("/") else { return name }
        return (OutputFile.folderOf(input) as NSString).appendingPathComponent(name)
    }
}

/// A path compared as its bytes (Swift's strings are equal when canonically equivalent, but
/// `é` composed and decomposed name two files).
struct ExactPath: Hashable {
    let bytes: [UInt8]

    init(_ path: String) {
        bytes = Array(path.utf8)
    }
}
