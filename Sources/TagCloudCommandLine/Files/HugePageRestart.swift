// A render of a large spec restarts itself, once, with glibc's allocator asked to back its heaps
// with transparent huge pages: the faults of first touching the memory of 100,000 chips are most
// of the kernel's share of the run.
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Restarts `tagcloud render` of a large spec with `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`.
///
/// A cloud of 100,000 tags touches about 180 MB of fresh memory, and on a kernel whose transparent
/// huge pages are given only on request (`/sys/kernel/mm/transparent_hugepage/enabled` is
/// `madvise`, Debian's default) every 4 KiB of it is one page fault: 45,117 faults for the layout
/// JSON of 100,000 tags, 16,752 with the setting (`perf stat -e page-faults`), and 0.93 and 0.80 of
/// the wall time for 100,000 and 1,000,000 tags (`farm-bench`, paired, stop 57). glibc reads the setting only
/// from the environment when a process starts, so the process replaces itself with the same
/// program and arguments (`execv` of `/proc/self/exe`: the same process, standard streams and
/// signals) before it has read or written anything.
///
/// Only when it pays: the command is `render`, a file it names (or standard input redirected from
/// a file) is at least ``minimumInputSize``, the kernel gives huge pages on request, and
/// `GLIBC_TUNABLES` does not already name `glibc.malloc.hugetlb` (setting
/// `GLIBC_TUNABLES=glibc.malloc.hugetlb=0` turns the restart off). When the restart fails, the
/// environment is put back and the command runs as it is.
package enum HugePageRestart {
    /// The smallest input that restarts the process: about 35,000 tags of JSON, whose render
    /// takes over 100 ms, where the restart's few milliseconds are lost in the noise.
    package static let minimumInputSize = 1 << 20

    /// The glibc tunable that asks for huge pages.
    static let tunable = "glibc.malloc.hugetlb"

    /// Whether the restart pays, from what the process found.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program's name.
    ///   - tunables: `GLIBC_TUNABLES`, or `nil` when it is not set.
    ///   - hugePageMode: The contents of `/sys/kernel/mm/transparent_hugepage/enabled` (`always
    ///     [madvise] never`), or `nil` when it cannot be read.
    ///   - largestInput: The size of the largest regular file among the arguments and standard input.
    package static func pays(arguments: [String], tunables: String?, hugePageMode: String?, largestInput: Int) -> Bool {
        guard arguments.first == "render", largestInput >= minimumInputSize else { return false }
        guard let hugePageMode, hugePageMode.contains("[madvise]") else { return false }
        // A setting of that name, whatever its value (`=0` turns the restart off); another
        // tunable whose name starts the same is not it.
        let named = (tunables ?? "").split(separator: ":").contains { $0.split(separator: "=").first.map(String.init) == tunable }
        return !named
    }

    /// Restarts the process when ``pays(arguments:tunables:hugePageMode:largestInput:)``; returns
    /// when it does not, or when the restart fails.
    ///
    /// - Parameter arguments: The arguments after the program's name, as given.
    static func restartIfItPays(_ arguments: [String]) {
        #if os(Linux)
        guard arguments.first == "render" else { return }
        let old = getenv("GLIBC_TUNABLES").map { String(cString: $0) }
        let mode = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)
        guard pays(arguments: arguments, tunables: old, hugePageMode: mode, largestInput: largestInput(arguments)) else { return }
        let value = (old ?? "").isEmpty ? "\(tunable)=1" : "\(old ?? ""):\(tunable)=1"
        guard setenv("GLIBC_TUNABLES", value, 1) == 0 else { return }
        _ = execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Still here: the restart failed (no /proc); the command runs without huge pages.
        if let old { setenv("GLIBC_TUNABLES", old, 1) } else { unsetenv("GLIBC_TUNABLES") }
        #endif
    }

    /// The size of the largest regular file named by an argument that is not an option (any
    /// argument after `--`), or redirected to standard input; 0 when there is none. A pipe's
    /// size is not known before it is read: piped input never restarts.
    static func largestInput(_ arguments: [String]) -> Int {
        var largest = 0
        var status = stat()
        if fstat(0, &status) == 0, status.st_mode & S_IFMT == S_IFREG { largest = Int(status.st_size) }
        var options = true
        for argument in arguments.dropFirst() {
            if options, argument == "--" { options = false; continue }
            // After `--` every argument names an input, `-big.json` too.
            guard !options || !argument.hasPrefix("-"), stat(argument, &status) == 0,
                  status.st_mode & S_IFMT == S_IFREG else { continue }
            largest = max(largest, Int(status.st_size))
        }
        return largest
    }
}
