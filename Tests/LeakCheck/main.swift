// Renders many clouds in one process, for LeakSanitizer (make leak-check builds this with
// AddressSanitizer and runs it with detect_leaks=1): every sample spec in turn, parsed, laid out,
// drawn and encoded as PNG, SVG, PDF and layout JSON, the PNG decoded and compared, every fourth
// through the command's own render (its reader, its output writer over a file it replaces), and a
// bad spec refused, N times (1,000 by default). LeakSanitizer reports any allocation nothing points to at
// exit; the resident memory after a tenth of the renders and after all of them is printed too.
//
//   LeakCheck [N] [SAMPLES_FOLDER]
import Canvas
import Foundation
import TagCloud
import TagCloudCommandLine

let arguments = CommandLine.arguments.dropFirst()
let count = arguments.first.flatMap { Int($0) } ?? 1_000
let folder = arguments.dropFirst().first ?? "samples"
let specs = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    .filter { $0.hasSuffix(".yaml") }
    .sorted()
    .map { URL(fileURLWithPath: folder).appendingPathComponent($0) }
guard !specs.isEmpty else {
    FileHandle.standardError.write(Data("LeakCheck: no .yaml specs in \(folder)\n".utf8))
    exit(66)
}

/// The resident set size, in MiB, from /proc/self/statm.
func residentMiB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-leakcheck-\(getpid())")
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)

var failures = 0
var early = 0.0
for index in 0..<count {
    if index % 4 == 0 {
        let output = scratch.appendingPathComponent("cloud.png").path
        do throws(CommandError) {
            _ = try TagCloudCommand.render(RenderRequest(input: specs[index % specs.count].path, output: output))
        } catch {
            failures += 1
            FileHandle.standardError.write(Data("LeakCheck: render \(specs[index % specs.count].lastPathComponent): \(error)\n".utf8))
        }
        continue
    }
    do {
        var cloud = try Cloud(contentsOf: specs[index % specs.count])
        cloud.scale = 1
        let rendered = try cloud.rendered()
        let format = OutputFormat.allCases[index % OutputFormat.allCases.count]
        let data = try rendered.data(as: format)
        if format == .png, index % 10 == 0 {
            let image = try RGBAImage(pngData: data)
            _ = try ImageDiff.compare(image, image, options: ImageDiff.Options(), makeDiffImage: true)
        }
    } catch {
        failures += 1
        FileHandle.standardError.write(Data("LeakCheck: \(specs[index % specs.count].lastPathComponent): \(error)\n".utf8))
    }
    // An error path too: a spec refused, its error built and dropped.
    _ = try? Cloud(yaml: "width: -\(index)\ntags: [a]\n", source: "bad.yaml")
    if index + 1 == max(1, count / 10) { early = residentMiB() }
}
print(String(format: "LeakCheck: %d renders of %d specs, %d failures; resident %.1f MiB after %d, %.1f MiB after %d",
             count, specs.count, failures, early, max(1, count / 10), residentMiB(), count))
try? FileManager.default.removeItem(at: scratch)
exit(failures == 0 ? 0 : 1)
