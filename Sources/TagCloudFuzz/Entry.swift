// The fuzzer's entry points. Built by `make fuzz` with `-sanitize=fuzzer,address -DFUZZING`, the
// executable is a libFuzzer binary: TAGCLOUD_FUZZ_TARGET names the target (json, yaml, csv, text,
// set, png, link, frontmatter, hugoconfig, render) and the arguments are libFuzzer's. Built normally, it replays inputs:
// `TagCloudFuzz TARGET FILE_OR_FOLDER…` runs the target on each file and exits 0 when every check
// holds (the tests replay the regression inputs this way); `TagCloudFuzz --dictionary` prints the
// spec's keys and names as a libFuzzer dictionary (make fuzz passes it to the spec targets).
import Foundation

#if FUZZING
/// The target named by TAGCLOUD_FUZZ_TARGET, read once.
nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let name = ProcessInfo.processInfo.environment["TAGCLOUD_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("TAGCLOUD_FUZZ_TARGET must be one of \(names)\n".utf8))
        exit(2)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selected?.run(bytes)
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func fuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM links executables with `main` defined as `<module>_main`; libFuzzer's own `main` is
/// in its runtime too, and whichever the linker keeps runs the same driver.
@_cdecl("TagCloudFuzz_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    // The driver calls LLVMFuzzerInitialize itself.
    var argc = argc
    var argv = argv
    return fuzzerRunDriver(&argc, &argv, fuzzerTestOneInput)
}
#else
/// Replays inputs through a target: `TagCloudFuzz TARGET FILE_OR_FOLDER…`; or prints a libFuzzer
/// dictionary of the spec's words (`TagCloudFuzz --dictionary`).
@main
enum Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "--dictionary" {
            print(FuzzTarget.dictionary, terminator: "")
            return
        }
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(Data("usage: TagCloudFuzz \(names) FILE_OR_FOLDER...\n".utf8))
            exit(64)
        }
        var count = 0
        for path in arguments.dropFirst() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("no such file: \(path)\n".utf8))
                exit(66)
            }
            let files = isFolder.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(path)/\($0)" }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                target.run([UInt8](data))
                count += 1
            }
        }
        print("\(target.rawValue): \(count) inputs, every check held")
    }
}
#endif
