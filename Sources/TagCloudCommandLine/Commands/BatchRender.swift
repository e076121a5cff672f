import Foundation
import LayoutKit
import Synchronization
import TagCloud
import Typesetting

/// What `tagcloud render` did with many specs.
package struct BatchReport: Sendable {
    /// One spec's outcome.
    package struct Outcome: Sendable {
        /// The spec (`-`, or `--from` for the site's content alone).
        package var input: String
        /// The files written.
        package var files: [String]
        /// The error, when the spec failed.
        package var error: CommandError?
    }

    /// Every spec's outcome, in the order given.
    package var outcomes: [Outcome]
    /// The wall-clock time, in seconds.
    package var seconds: Double

    /// The exit code: 0 when every spec was written, else the highest code of the failures
    /// (``TagCloudExitCode``).
    package var exitCode: TagCloudExitCode {
        outcomes.compactMap(\.error?.exitCode).max { $0.rawValue < $1.rawValue } ?? .success
    }

    /// `rendered 998 of 1000 specs (1996 files) in 3.9 s, 256 specs/s; 2 failed`.
    package var summary: String {
        let written = outcomes.filter { $0.error == nil }.count
        let files = outcomes.reduce(0) { $0 + $1.files.count }
        // The rate of what was rendered: failures are quick, and would flatter it.
        let rate = seconds > 0 && written > 0 ? ", \(Self.rate(Double(written) / seconds)) specs/s" : ""
        let failed = outcomes.count - written
        return "rendered \(written) of \(outcomes.count) \(outcomes.count == 1 ? "spec" : "specs") (\(files) \(files == 1 ? "file" : "files")) "
            + "in \(String(format: "%.1f", seconds)) s\(rate)"
            + (failed > 0 ? "; \(failed) failed" : "")
    }
}

extension BatchReport {
    /// A rate with two significant digits at least: `256`, `12`, `2.5`, `0.38`.
    static func rate(_ value: Double) -> String {
        String(format: value >= 10 ? "%.0f" : value >= 1 ? "%.1f" : "%.2g", value)
    }
}

extension TagCloudCommand {
    /// `tagcloud render` of many specs, or of several formats: each spec is read, laid out and
    /// drawn once, and written in every format asked for, on every core. A spec that fails is
    /// reported and the others are still written; what a spec writes is byte for byte what
    /// rendering it alone writes.
    ///
    /// - Parameters:
    ///   - request: The specs, outputs and options.
    ///   - progress: Called after each spec, from any thread, with the count done and the total
    ///     (the command draws its progress bar with it).
    ///   - report: Called with each spec's warnings and failure, in the specs' order (a spec's
    ///     once it and every spec before it have finished), from any thread.
    ///   - listingFiles: Whether each file written is reported too (`wrote <path>`), in its
    ///     spec's place among the messages (`-v`).
    ///   - warn: Prints a warning (a problem in the site's content).
    /// - Returns: What was written.
    /// - Throws: ``CommandError`` when the outputs cannot be named (``plan(_:)``).
    package static func renderAll(_ request: RenderRequest,
                                  progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
                                  report: @escaping @Sendable (String) -> Void = { _ in },
                                  listingFiles: Bool = false,
                                  warn: (String) -> Void = { _ in }) throws(CommandError) -> BatchReport {
        let start = DispatchTime.now().uptimeNanoseconds
        let jobs = try plan(request)
        for warning in unreadSettings(request, jobs: jobs) { warn(warning) }
        // A bad option value (`--scale 0`, `--set width=abc`) would fail every spec alike: said
        // once, before any spec is read. (A tag's setting, `tags[3].weight`, depends on the
        // spec's tags: each spec's own.)
        var probe = Cloud()
        try library { () throws(TagCloudError) in
            try SpecOverrides(settings: request.settings.filter { !$0.keyPath.hasPrefix("tags[") }).apply(to: &probe)
        }
        // So would a `--font-file` that cannot be used: the files are loaded once, with a tag to
        // lay out. (An unknown `--font` family is each spec's: its own fonts may have it.)
        if !request.fontFiles.isEmpty {
            var fonts = Cloud(tags: [Cloud.Tag("Probe")])
            try library { () throws(TagCloudError) in
                try SpecOverrides(fontFiles: request.fontFiles).apply(to: &fonts)
                do throws(TagCloudError) {
                    _ = try fonts.layoutAndHiddenCount()
                } catch {
                    if case .unusableFontFile = error { throw error }
                }
            }
        }
        // Standard input is read once, before the work is shared out (with the size limit; a
        // failure is each job's that reads it).
        let standardInput: Result<[UInt8], TagCloudError> = jobs.contains { $0.input == "-" }
            ? Result { () throws(TagCloudError) in try StandardStreams.readInput(limit: request.maxInputSize) }
            : .success([])
        // The site's tags are collected once too. The request keeps its content folders: they
        // are inputs no output may replace (with them dropped, `--out-dir` wrote over a page).
        var tags: [Cloud.Tag]?
        if let collect = request.collect { tags = try self.collect(collect, warn: warn).0.tags }
        return try renderJobs(jobs, request: request, standardInput: standardInput, tags: tags, start: start,
                              progress: progress, report: report, listingFiles: listingFiles)
    }

    private static func renderJobs(_ jobs: [RenderJob], request: RenderRequest, standardInput: Result<[UInt8], TagCloudError>,
                                   tags: [Cloud.Tag]?,
                                   start: UInt64, progress: @escaping @Sendable (Int, Int) -> Void,
                                   report: @escaping @Sendable (String) -> Void,
                                   listingFiles: Bool) throws(CommandError) -> BatchReport {
        let created = try createOutputFolder(of: request)
        // The inputs no output may replace, each looked at once for the whole batch.
        let readFiles = InputFiles(request.readPaths)
        // Each spec's outputs are checked before any is written: a spec with an output that
        // cannot be written (a folder in the way, no permission) fails whole, and the others go on.
        let unwritable: [CommandError?] = jobs.map { job in
            do throws(CommandError) {
                for destination in job.destinations {
                    try OutputFile.checkDestination(destination.path, inputs: readFiles, within: destination.folder)
                    // A font there may be one another spec's `fonts` names, known only once that
                    // spec is read, perhaps after this file was written: a font named B.png was
                    // replaced by B.yaml's picture while A.yaml drew with it (exit 0).
                    if let path = destination.path, isFontFile(atPath: path) {
                        throw CommandError.cannotWriteOutput(path: path, reason: "it is a font file, which a spec of the batch may "
                                                             + "read: a batch never writes over a font (move it, or write elsewhere)")
                    }
                }
                return nil
            } catch {
                return error
            }
        }
        let outcomes = Locked<[BatchReport.Outcome?]>([BatchReport.Outcome?](repeating: nil, count: jobs.count))
        // Each spec's messages (warnings, its failure) are reported in the specs' order, whatever
        // order they finish in: a spec's as soon as every spec before it has finished.
        // An option's bad value that every spec meets alike (`--font NoSuchFont`) is said for the
        // first spec in order that meets it, then counted: one line at the end names how many
        // more. Decided as the messages are reported, in the specs' order (deciding it as specs
        // finished named whichever thread failed first).
        let messages = Locked<(next: Int, pending: [FinishedSpec?], optionErrors: [String: Int])>(
            (0, [FinishedSpec?](repeating: nil, count: jobs.count), [:]))
        // They are reported under the lock: two threads each with lines ready, reporting them
        // after it, interleaved them (`-v` listed one spec's files around the next one's).
        @Sendable func finished(_ index: Int, with spec: FinishedSpec) {
            messages.withLock { state in
                state.pending[index] = spec
                while state.next < jobs.count, let spec = state.pending[state.next] {
                    for line in spec.lines { report(line) }
                    if let failure = spec.failure {
                        let isRepeated = failure.optionError.map { message in
                            defer { state.optionErrors[message, default: -1] += 1 }
                            return state.optionErrors[message] != nil
                        } ?? false
                        if !isRepeated { report(failure.line) }
                    }
                    state.pending[state.next] = FinishedSpec(lines: [], failure: nil)
                    state.next += 1
                }
            }
        }
        let next = Locked(0)
        let done = Locked(0)
        /// A spec's end: its outcome recorded, its messages reported in order, the bar moved.
        @Sendable func end(_ index: Int, _ outcome: BatchReport.Outcome, lines: [String], failure: FinishedSpec.Failure?) {
            outcomes.withLock { $0[index] = outcome }
            finished(index, with: FinishedSpec(lines: lines, failure: failure))
            progress(done.withLock { value in
                value += 1
                return value
            }, jobs.count)
        }
        @Sendable func failed(_ index: Int, _ outcome: BatchReport.Outcome, lines: [String], _ error: CommandError) {
            var outcome = outcome
            outcome.error = error
            end(index, outcome, lines: lines, failure: FinishedSpec.Failure(line: Self.failure(error, of: outcome.input),
                                                                           optionError: error.sharedByEverySpec))
        }
        // As many specs at once as there are cores, and as the descriptors the process may still
        // open allow: under a low `ulimit -n` the batch runs slower instead of failing its specs
        // with "Too many open files". A spec being read takes about two (its file, a font); its
        // files being written one per format and one for their folder, all at once, since each
        // is written in full before any is put in place; each worker reads one spec while a
        // writer writes another's.
        let headroom = FileDescriptors.headroom
        let formats = jobs.map(\.destinations.count).max() ?? 1
        let perWorker = 2 + formats + 1
        let workers = max(1, min(jobs.count, Cores.active, headroom / (perWorker + 1)))
        // With too few for one reader and one writer at once, a spec's files are written before
        // the next is read (at `ulimit -n 8` one spec alone renders; a write and a read at once
        // ran out). With fewer than one per format, the group writes what it cannot hold open at
        // commit, one file at a time (``OutputFile/Group``).
        let writer = BatchWriter(workers: workers, synchronous: headroom < 2 * perWorker + 2)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index: Int = next.withLock { value in
                    defer { value += 1 }
                    return value
                }
                guard index < jobs.count else { return }
                let job = jobs[index]
                let outcome = BatchReport.Outcome(input: job.input ?? "--from", files: [], error: nil)
                var lines: [String] = []
                let made: [(destination: Destination, data: Data)]
                var inputs = readFiles
                do throws(CommandError) {
                    if let error = unwritable[index] { throw error }
                    // Missing, a folder, `x.yaml/`: said as rendering the spec alone says it.
                    if let input = job.input { try checkInputFiles([input]) }
                    // An empty spec is said, as rendering it alone says it (a pipe whose writer
                    // failed); the message names the input.
                    let cloud = try loadCloud(job, request: request, readStandardInput: {
                        () throws(TagCloudError) in try standardInput.get()
                    }, collectedTags: tags, warn: { lines.append($0) })
                    // The spec's font files are inputs too, which no output may replace.
                    let fonts = cloud.fontFilePaths
                    inputs.add(fonts)
                    for destination in job.destinations where !fonts.isEmpty {
                        try OutputFile.checkDestination(destination.path, inputs: inputs, within: destination.folder)
                    }
                    let formats = job.destinations.map(\.format)
                    let rendered = try library { () throws(TagCloudError) in
                        for format in formats { try cloud.checkPictureCanFit(format) }
                        return try cloud.rendered()
                    }
                    // A warning with its tag's place names the spec; one without (tags from --from) gets its name.
                    for warning in rendered.fontWarnings {
                        lines.append(warning.location == nil ? "warning: \(escapingControls(outcome.input)): \(warning)" : "warning: \(warning)")
                    }
                    // Every format is made before any is written: one that cannot be made (a
                    // picture over the pixel limit at this scale) fails the spec with nothing
                    // written, as an output that cannot be written does.
                    made = try job.destinations.map { destination throws(CommandError) in
                        (destination, try library { () throws(TagCloudError) in try rendered.data(as: destination.format) })
                    }
                } catch {
                    failed(index, outcome, lines: lines, error)
                    continue
                }
                // Written by the writer, so that this core draws the next spec while the file
                // waits for the disk.
                let renderLines = lines, readPaths = inputs
                writer.write {
                    var outcome = outcome, lines = renderLines
                    do throws(CommandError) {
                        // All the spec's files or none: each is written in full before any is
                        // put in place (a full disk failed the second format after replacing
                        // the first).
                        let group = OutputFile.Group(inputs: readPaths)
                        for (destination, data) in made {
                            if let path = destination.path { try group.prepare(data, to: path, within: destination.folder) }
                        }
                        try group.commit { path in
                            outcome.files.append(path)
                            if listingFiles { lines.append("wrote \(escapingControls(path))") }
                        }
                        for (destination, data) in made where destination.path == nil {
                            try StandardStreams.output(data)
                        }
                    } catch {
                        return failed(index, outcome, lines: lines, error)
                    }
                    end(index, outcome, lines: lines, failure: nil)
                }
            }
        }
        writer.finish()
        for (message, more) in messages.withLock({ $0.optionErrors }).sorted(by: { $0.key < $1.key }) where more > 0 {
            report("error: \(more) more \(more == 1 ? "spec" : "specs") failed the same way: \(message)")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let batch = BatchReport(outcomes: outcomes.withLock { $0.compactMap { $0 } }, seconds: seconds)
        // Every spec failed: the folders made for them go too.
        if batch.outcomes.allSatisfy({ $0.files.isEmpty }) { removeCreatedFolders(created) }
        return batch
    }

    /// What a spec that finished has to say: its lines (warnings, files written with `-v`),
    /// then its failure.
    struct FinishedSpec: Sendable {
        /// A spec's failure: its line, and for an option's bad value that every spec meets alike,
        /// the message that says it once (``CommandError/isAboutAnOption``).
        struct Failure: Sendable {
            var line: String
            var optionError: String?
        }
        var lines: [String]
        var failure: Failure?
    }

    /// A failed spec's line: `error: <spec>: <message>`, the spec named once: a message that
    /// starts with the spec's file and line already names it, and one about the spec file itself
    /// (missing, too large) leaves its path out.
    static func failure(_ error: CommandError, of input: String) -> String {
        // Standard input is "<stdin>" in every message ("error: -: <stdin>:1:11: …" named it twice).
        let name = input == "-" ? StandardStreams.standardInputName : escapingControls(input)
        let message = error.description(afterNaming: input)
        return message.hasPrefix(name + ":") ? "error: \(message)" : "error: \(name): \(message)"
    }
}

extension CommandError {
    /// The message of a failure that every spec meets alike, said for the first spec and then
    /// counted (`error: 299 more specs failed the same way: …`), or `nil`: an option's bad value
    /// (``isAboutAnOption``), or an output folder that takes no file (not writable, read-only,
    /// gone), which failed every spec of a batch with one line each.
    var sharedByEverySpec: String? {
        if isAboutAnOption { return description }
        if case .cannotWriteOutput(_, let reason) = self, reason.hasPrefix("the folder ") || reason.hasPrefix("the file system of the folder ") {
            return reason
        }
        return nil
    }
}

/// The writing stage of a batch: the files of a rendered spec are written on a thread of their
/// own while the rendering threads go on with the next specs.
///
/// Writing a file replaces it atomically and flushes it to disk first (``OutputFile``): an
/// `fsync` waits for the disk, about 1 ms a file here, during which a rendering thread that wrote
/// its own files left its core idle (1,000 clouds on 2 cores: 1.8 cores busy). Each spec's writes
/// stay in order and whole; specs are written in any order, as they were rendered.
///
/// The writes run on serial queues of their own, one a rendering thread, which Dispatch gives
/// threads of their own (serial queues are "overcommit"): the rendering threads hold the shared
/// pool's threads (`concurrentPerform`), and a write sent to a concurrent queue waited for one of
/// them to end. At most twice as many specs as there are rendering threads wait to be written: a
/// renderer that would go past that waits, so memory stays bounded whatever the disk's speed.
final class BatchWriter: Sendable {
    private let queues: [DispatchQueue]
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    private let turn = Locked(0)
    private let synchronous: Bool

    /// A writer for `workers` rendering threads; `synchronous` writes on the calling thread.
    init(workers: Int, synchronous: Bool = false) {
        queues = (0..<max(1, workers)).map { DispatchQueue(label: "tagcloud.batch-writer-\($0)") }
        slots = DispatchSemaphore(value: 2 * max(1, workers))
        self.synchronous = synchronous
    }

    /// Runs `body` (a spec's writes and report) on a writing thread, after waiting for a free
    /// slot; or at once on the calling thread when the writer is synchronous.
    func write(_ body: @escaping @Sendable () -> Void) {
        if synchronous { return body() }
        slots.wait()
        let index = turn.withLock { value in
            defer { value += 1 }
            return value % queues.count
        }
        queues[index].async(group: group) { [slots] in
            body()
            slots.signal()
        }
    }

    /// Waits for every write given so far.
    func finish() {
        group.wait()
    }
}

/// The progress bar of a long `tagcloud render` on standard error: done and total, rate, time
/// left (``Estimate``); redrawn at most ten times a second, and cleared before other messages.
package final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64 = 0
    private var drawn = false
    private var estimate = Estimate()

    /// The rate of a batch and its time left, from the work done since the first spec finished.
    ///
    /// The first spec carries the start-up (the fonts loaded, the caches filled) and each core's
    /// first spec more of it: a rate over the whole time since the start (as the bar once drew
    /// it) made the first "time left" many times too long. The rate counts only the specs
    /// finished after the first one, over the time since it finished, and is given once it rests
    /// on enough of them: a second of work, or ``minimumSpecs`` specs (a fast batch).
    struct Estimate {
        /// How many specs after the first give a rate, however short the time they took.
        static let minimumSpecs = 20
        /// How long after the first spec a rate is given, however few specs finished since.
        static let minimumSeconds = 1.0

        /// When the first spec finished (seconds from the start), and how many were done then.
        private var first: (seconds: Double, done: Int)?

        /// The rate in specs a second and the seconds left, or `nil` while there is too little to
        /// go on.
        ///
        /// - Parameters:
        ///   - done: The specs finished.
        ///   - total: The specs in all.
        ///   - seconds: The time since the batch started.
        mutating func update(done: Int, total: Int, seconds: Double) -> (rate: Double, secondsLeft: Double)? {
            guard let first else {
                if done > 0 { self.first = (seconds, done) }
                return nil
            }
            let specs = done - first.done, elapsed = seconds - first.seconds
            guard specs > 0, elapsed > 0, specs >= Self.minimumSpecs || elapsed >= Self.minimumSeconds else { return nil }
            let rate = Double(specs) / elapsed
            return (rate, Double(max(total - done, 0)) / rate)
        }
    }

    /// A bar that draws only when `enabled` (standard error is a terminal, or `--progress`).
    /// Whether standard error is a terminal, where the bar is redrawn in place; elsewhere (a
    /// log, under `--progress`) it is a plain line at most once a second, without control codes.
    private let redrawsInPlace: Bool

    package init(enabled: Bool, redrawsInPlace: Bool = ProgressBar.standardErrorIsTerminal) {
        self.enabled = enabled
        self.redrawsInPlace = redrawsInPlace
    }

    /// Whether standard error is a terminal that can redraw a line: not one whose `TERM` is
    /// `dumb` (Emacs' shell, some CI logs), which shows the control sequences as text; there the
    /// bar is drawn only when `--progress` asks for it.
    package static var standardErrorIsTerminal: Bool {
        isatty(2) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// Records progress; draws when enabled and a tenth of a second has passed (or it is done).
    package func update(done: Int, total: Int) {
        guard enabled else { return }
        lock.withLock {
            let now = DispatchTime.now().uptimeNanoseconds
            // Every update counts toward the estimate, drawn or not.
            let figures = estimate.update(done: done, total: total, seconds: Double(now - start) / 1e9)
            guard redrawsInPlace else {
                // A log: one plain line a second (and the last), nothing to clear.
                guard done == total || lastDraw == 0 || now - lastDraw > 1_000_000_000 else { return }
                lastDraw = now
                let line = Self.line(done: done, total: total, estimate: figures, columns: 80)
                StandardStreams.diagnostic(String(line.dropFirst(Self.redraw.count)) + "\n")
                return
            }
            guard done == total || now - lastDraw > 100_000_000 else { return }
            lastDraw = now
            StandardStreams.diagnostic(Self.line(done: done, total: total, estimate: figures, columns: Self.terminalColumns()))
            drawn = true
            TemporaryFileCleanup.setProgressLineOpen(true)
        }
    }

    /// Prints a message on its own line, under the bar.
    package func message(_ text: String) {
        lock.withLock {
            let prefix = drawn ? "\r\u{1B}[K" : ""
            StandardStreams.diagnostic(prefix + text + "\n")
            drawn = false
            TemporaryFileCleanup.setProgressLineOpen(false)
            if redrawsInPlace { lastDraw = 0 }
        }
    }

    /// Ends the bar's line.
    package func finish() {
        lock.withLock {
            if drawn { StandardStreams.diagnostic("\r\u{1B}[K") }
            drawn = false
            TemporaryFileCleanup.setProgressLineOpen(false)
        }
    }

    /// What the bar draws: a return and a clear to the end of the line (a shorter line left
    /// the end of the longer one before it), then `[====    ] 12/300  58/s  4 s left` in at most
    /// `columns - 1` characters, so that a narrow terminal does not wrap it into a new line each
    /// time: the bar shrinks, then goes, then whole figures go, the rate first, then the time
    /// left, then the total (`12`); a figure is never cut into a number that means something
    /// else, so a terminal too narrow for the count done shows nothing. Without an estimate yet
    /// (``Estimate``) the counts alone: `[=       ] 1/300`.
    static func line(done: Int, total: Int, estimate: (rate: Double, secondsLeft: Double)?, columns: Int) -> String {
        let room = max(columns - 1, 0)
        let count = "\(done)/\(total)"
        var choices = [count]
        if let estimate {
            let rate = Self.rate(estimate.rate), left = "\(duration(estimate.secondsLeft)) left"
            choices = [[count, rate, left].joined(separator: "  "), [count, left].joined(separator: "  "), count]
        }
        // The bar, as wide as fits beside all the figures (4 to 24 marks).
        let width = min(24, room - choices[0].count - 3)
        if width >= 4 {
            let filled = total > 0 ? width * min(done, total) / total : width
            return Self.redraw + "[" + String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled) + "] " + choices[0]
        }
        let line = (choices + ["\(done)"]).first { $0.count <= room } ?? ""
        return Self.redraw + line
    }

    /// What starts a line drawn over the last one: a carriage return and "erase to the end".
    static let redraw = "\r\u{1B}[K"

    /// The width of the terminal standard error is, in columns: that of `COLUMNS` when the
    /// terminal does not say (or standard error is not one, with `--progress`), else 80.
    static func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), (1...10_000).contains(columns) {
            return columns
        }
        return 80
    }

    /// Specs a second with two significant digits at most (`58/s`, `2.5/s`, `0.25/s`): slow specs
    /// (a large picture each) read `0/s` in whole numbers.
    static func rate(_ value: Double) -> String {
        let digits = value >= 10 ? 0 : value >= 1 ? 1 : 2
        return String(format: "%.\(digits)f/s", value)
    }

    /// `1 min 3 s`, `12 s`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole >= 60 ? "\(whole / 60) min \(whole % 60) s" : "\(whole) s"
    }
}
