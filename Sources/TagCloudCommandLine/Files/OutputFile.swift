package import Foundation
import Canvas
import TagCloud
import Typesetting
#if canImport(Glibc)
import Glibc
#endif

/// Writes the command's output files as Unix tools do.
///
/// - A regular file, or a path where nothing is, is replaced atomically: the bytes go into an
///   unnamed file in the same folder (`O_TMPFILE`), flushed with `fsync`, and only then linked in
///   (`linkat`) and renamed over the old file. No named temporary exists while the output is
///   written, so nothing is left behind however the process ends (`kill -9` included). Where the
///   file system has no `O_TMPFILE` (or `/proc` is missing), a named temporary `.NAME.tmp-XXXXXX`
///   is used, and removed on failure and on SIGINT, SIGTERM and SIGHUP
///   (``TemporaryFileCleanup``).
/// - A new file gets mode 0666 masked by the umask; a replaced file keeps its owner, group and
///   permissions, without the setuid, setgid and sticky bits.
/// - A symbolic link is followed and its target replaced (a dangling link creates its target, as
///   a shell's `>` does).
/// - A character device, FIFO or socket is written in place: `-o /dev/null` discards,
///   `-o /dev/full` fails with "no space left on the device", a FIFO blocks until something
///   reads it.
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` are the process's open
///   descriptors, written directly where the shell left them (`-o /dev/stdout >> log.svg`
///   appends; the file behind is never replaced); a descriptor closed when the process started,
///   or open for reading only, is an error.
/// - A path ending in `/` names a folder, never a file, and is refused.
/// - An existing file the user may not write is refused, as a shell's `>` refuses it (replacing
///   it through a writable folder would make it the user's).
/// - A folder or a block device is refused, and so is a regular file that is one of the command's
///   own inputs (the same file by device and inode, whatever the path), or an existing file inside
///   an input folder (`collect`'s content).
///
/// A SIGPIPE never interrupts a write: the command ignores it, so a closed pipe is a write error
/// (`EPIPE`) and the temporary is removed as for any failure.
package enum OutputFile {
    /// `O_TMPFILE` and `AT_EMPTY_PATH` (Linux, the same on x86-64 and arm64), which Glibc's Swift
    /// module leaves out (they are `_GNU_SOURCE` names).
    private static let openTemporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY
    private static let atEmptyPath: Int32 = 0x1000

    /// How a path is written.
    package enum Method: Equatable, Sendable {
        /// A regular file or a path where nothing is: replaced atomically.
        case replace
        /// A character device or FIFO, or a file reached only through a descriptor
        /// (`/proc/self/fd/N` of a deleted file): opened and written in place.
        case inPlace
        /// A Unix socket: connected to and written.
        case socket
        /// One of the process's open descriptors (`/dev/stdout`, `/dev/fd/N`): written directly,
        /// at its offset, never closed.
        case descriptor(Int32)
    }

    /// A path resolved: symbolic links followed, and what is at the end.
    package struct Target: Equatable, Sendable {
        /// The path that is written: the last link's target, or the path itself.
        package var path: String
        /// How it is written.
        package var method: Method
        /// What is there now, `nil` when nothing is.
        package var existing: FileIdentity?
    }

    /// Who owns a file, its permissions, and which file it is.
    package struct FileIdentity: Equatable, Sendable {
        package var device: UInt64
        package var inode: UInt64
        package var mode: UInt32
        package var owner: UInt32
        package var group: UInt32

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            mode = UInt32(status.st_mode)
            owner = UInt32(status.st_uid)
            group = UInt32(status.st_gid)
        }

        /// Whether two identities are the same file.
        func isSameFile(as other: FileIdentity) -> Bool {
            device == other.device && inode == other.inode
        }
    }

    /// The test hook that makes every replacement use a named temporary, as on a file system
    /// without `O_TMPFILE`: `TAGCLOUD_TEMPORARY_FILES=named` (the fault matrix uses it to check
    /// the signal cleanup).
    static let usesNamedTemporaries = ProcessInfo.processInfo.environment["TAGCLOUD_TEMPORARY_FILES"] == "named"

    // MARK: Checking

    /// Fails early, before any work, when `path` could not be written: its folder is missing or
    /// not writable, it is a folder or a block device, it is one of `inputs` or a counted page in
    /// one of them, or a file collect reads as a site's configuration, ignore list or data
    /// (``SiteTags/siteFileRole(_:)``) in one of them or at a root above, or a device or FIFO
    /// there is not writable.
    ///
    /// - Parameters:
    ///   - path: The output path as given.
    ///   - inputs: The command's input files and folders (`-` stands for the file standard input
    ///     reads, when it is one; missing ones are skipped); no
    ///     page inside an input folder that `collect` counts (``SiteTags/isCountedPage(_:)``) is
    ///     replaced either.
    ///   - folder: The folder the path was made in from a spec's name (`--out-dir`), or `nil`
    ///     for a path the user named. A made path is written only as a regular file inside that
    ///     folder: a symbolic link there to a file elsewhere, or a FIFO, device or socket, is
    ///     refused (the user named the folder, not what someone left in it).
    /// - Returns: Where and how the path will be written.
    /// - Throws: ``CommandError/cannotWriteOutput(path:reason:)`` saying why.
    @discardableResult
    package static func check(_ path: String, inputs: InputFiles, within folder: String? = nil) throws(CommandError) -> Target {
        try againIfFolderVanished(path, within: folder) { () throws(CommandError) in try checkOnce(path, inputs: inputs, within: folder) }
    }

    /// Checks `path` against `inputs`, each looked at now, as ``check(_:inputs:within:)`` does.
    @discardableResult
    package static func check(_ path: String, inputs: [String], within folder: String? = nil) throws(CommandError) -> Target {
        try check(path, inputs: InputFiles(inputs), within: folder)
    }

    /// Runs `body`, and when it fails because the folder of an output inside `--out-dir` is gone,
    /// makes the folder again and runs it again, a few times.
    ///
    /// Runs sharing an `--out-dir` (`make -j`): one that fails removes the empty folders it made,
    /// which another may have found there and be writing into (its unnamed file keeps no folder
    /// from being empty). That other run failed for this cleanup ("the folder does not exist").
    fileprivate static func againIfFolderVanished<Value>(_ path: String, within folder: String?,
                                                     _ body: () throws(CommandError) -> Value) throws(CommandError) -> Value {
        var attempt = 0
        while true {
            do throws(CommandError) {
                return try body()
            } catch {
                attempt += 1
                var status = stat()
                let parent = folderOf(path)
                guard folder != nil, attempt < 6, stat(parent, &status) != 0, errno == ENOENT else { throw error }
                // Made again; when a folder above vanishes meanwhile, the next try finds it
                // missing and makes the whole chain.
                _ = try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            }
        }
    }

    /// One try of ``check(_:inputs:within:)``.
    fileprivate static func checkOnce(_ path: String, inputs: InputFiles, within folder: String?) throws(CommandError) -> Target {
        func fail(_ reason: String) -> CommandError { .cannotWriteOutput(path: path, reason: reason) }
        let target: Target
        do throws(CommandError) {
            target = try resolve(path)
        } catch {
            // A link left in the output folder that leads out of it, to a folder that does not
            // exist: refused as such a link is (it was "the folder /elsewhere does not exist",
            // which asked for that folder to be made).
            if let folder, let link = readLink(path) {
                let destination = link.hasPrefix("/") ? link : (folderOf(path) as NSString).appendingPathComponent(link)
                let within = URL(fileURLWithPath: folder).standardized.path
                let lands = URL(fileURLWithPath: destination).standardized.path
                if !lands.hasPrefix(within == "/" ? "/" : within + "/") {
                    throw fail("it is a symbolic link to \(quoted(path: destination)), outside the folder; \(confinementRemedy)")
                }
            }
            throw error
        }
        if let folder { try confine(target, named: path, to: folder, fail) }
        switch target.method {
        case .replace, .descriptor:
            let existingFile = target.existing.flatMap { $0.mode & UInt32(S_IFMT) == UInt32(S_IFREG) ? $0 : nil }
            if target.existing == nil || existingFile != nil {
                // The first input, in the order given, that the file is: the same file, or a
                // file the input folder's rules protect. Found by one lookup and a pass over the
                // folders (a batch of 10,000 specs is not 10,000 stats per output). A file not
                // there yet is protected as it would be once written: `-o site/hugo.yaml` made a
                // site configuration, and every later build was refused for replacing it.
                let sameFile = existingFile.flatMap { inputs.firstFile(identicalTo: $0) }
                for folder in inputs.folders where folder.order < (sameFile?.order ?? Int.max) {
                    try checkNotProtected(path, target: target, by: folder, fail)
                }
                if let input = sameFile?.name {
                    throw fail(input == "-" ? "it is the file standard input reads, which must not be replaced"
                               : input == path ? "it is the input file, which must not be replaced"
                               : "it is the input file \(quoted(path: input)), which must not be replaced")
                }
            }
            guard case .replace = target.method else { break }
            let folder = folderOf(target.path)
            if access(folder, W_OK | X_OK) != 0 { throw fail(folderReason(errno, folder)) }
            // As `>` would: a file the user may not write is not theirs to replace.
            if target.existing != nil, access(target.path, W_OK) != 0 { throw fail(reason(errno)) }
        case .inPlace, .socket:
            if access(target.path, W_OK) != 0 { throw fail(reason(errno)) }
        }
        return target
    }

    /// Refuses a file inside (or, for a site's configuration, at or above) an input folder that
    /// the folder's reader would read: a counted page, a font file, a site's configuration or data.
    /// Other files there (a spec or picture written by an earlier build, `_data/tags.yml`) are the
    /// site's outputs and may be replaced.
    private static func checkNotProtected(_ path: String, target: Target, by folder: InputFiles.Folder,
                                          _ fail: (String) -> CommandError) throws(CommandError) {
        // Inside it as the file is (its real path), or as it is named (through a link to a file
        // or folder elsewhere, which collect follows).
        // A file not made yet is where its folder really is, under its own name; it is no page
        // (what the command writes has no front matter), but it may be named as a site's file.
        let existing = realPath(target.path)
        guard let real = folder.realPath,
              let file = existing ?? realPath(folderOf(target.path)).map({ parent in
                  let name = URL(fileURLWithPath: target.path).lastPathComponent
                  return parent == "/" ? "/" + name : parent + "/" + name
              }) else { return }
        let input = folder.name
        let named = URL(fileURLWithPath: path).standardized.path
        let inside = file.hasPrefix(real + "/") || named.hasPrefix(folder.standardized + "/") || named.hasPrefix(real + "/")
        let fileURL = URL(fileURLWithPath: file)
        if inside, existing != nil, SiteTags.isCountedPage(fileURL) {
            throw fail("it is a page with front matter in the input folder \(quoted(path: input)), which must not be replaced")
        }
        // A folder of fonts (`--font-file DIR`, a spec's `fonts`) is read for every font file in it.
        if inside, FontLibrary.fontFileExtensions.contains(fileURL.pathExtension.lowercased()) {
            throw fail("it is a font file in the input folder \(quoted(path: input)), which must not be replaced")
        }
        // A site's configuration sits at its root, above a folder given inside the site
        // (`collect site/content -o site/hugo.toml`).
        let fileFolder = folderOf(file)
        func isAtOrBelow(_ root: String) -> Bool { real == root || real.hasPrefix(root == "/" ? "/" : root + "/") }
        let atOrAbove = isAtOrBelow(fileFolder)
        // A file of Hugo's configuration folder (`config/_default/hugo.toml`) belongs to the site
        // above `config`, which a content folder given inside it is part of.
        let inConfigFolder = URL(fileURLWithPath: fileFolder).deletingLastPathComponent().lastPathComponent == "config"
            && isAtOrBelow(folderOf(folderOf(fileFolder)))
        if inside || atOrAbove || inConfigFolder, let role = SiteTags.siteFileRole(fileURL) {
            throw fail("it is \(role), in the site of \(quoted(path: input)), which must not be replaced")
        }
    }

    /// Checks an output file as ``check(_:inputs:within:)`` does, or standard output (`nil`) as
    /// ``checkStandardOutput(against:)`` does.
    package static func checkDestination(_ path: String?, inputs: InputFiles, within folder: String? = nil) throws(CommandError) {
        if let path { try check(path, inputs: inputs, within: folder) } else { try checkStandardOutput(against: inputs) }
    }

    /// ``checkDestination(_:inputs:within:)`` with `inputs` looked at now.
    package static func checkDestination(_ path: String?, inputs: [String], within folder: String? = nil) throws(CommandError) {
        try checkDestination(path, inputs: InputFiles(inputs), within: folder)
    }

    /// Refuses standard output when it is one of the inputs, as `cat` refuses it: `-o -` with
    /// standard output opened on the spec (`1<>spec.yaml`, or appending with `>> spec.yaml`)
    /// replaced or grew the spec, where `-o /dev/stdout` was refused.
    ///
    /// - Parameter inputs: The files read (`-` for standard input); folders are skipped.
    /// - Throws: ``CommandError/cannotWriteOutput(path:reason:)`` naming `-`.
    package static func checkStandardOutput(against inputs: [String]) throws(CommandError) {
        var output = stat()
        guard fstat(STDOUT_FILENO, &output) == 0, output.st_mode & S_IFMT == S_IFREG else { return }
        for input in inputs {
            guard let status = status(ofInput: input), status.st_mode & S_IFMT == S_IFREG,
                  FileIdentity(status).isSameFile(as: FileIdentity(output)) else { continue }
            let which = input == "-" ? "the file standard input reads" : "the input file \(quoted(path: input))"
            throw .cannotWriteOutput(path: "-", reason: "standard output is \(which), which must not be replaced")
        }
    }

    /// Refuses standard output when it is one of the inputs (``checkStandardOutput(against:)``
    /// with their names) or a file an input folder's rules protect, as `-o` naming that file is
    /// refused: `collect content -o - 1<>content/a.md` wrote the spec over the page, and
    /// `render t.yaml --font-file fonts -o - >> fonts/a.ttf` grew a font.
    ///
    /// - Parameter inputs: The files and folders read.
    /// - Throws: ``CommandError/cannotWriteOutput(path:reason:)`` naming `-`.
    package static func checkStandardOutput(against inputs: InputFiles) throws(CommandError) {
        try checkStandardOutput(against: inputs.names)
        var output = stat()
        // The file standard output is open on, by the name the kernel keeps for it.
        guard !inputs.folders.isEmpty, fstat(STDOUT_FILENO, &output) == 0, output.st_mode & S_IFMT == S_IFREG,
              let path = readLink("/proc/self/fd/\(STDOUT_FILENO)"), path.hasPrefix("/") else { return }
        let target = Target(path: path, method: .descriptor(STDOUT_FILENO), existing: FileIdentity(output))
        for folder in inputs.folders {
            try checkNotProtected(path, target: target, by: folder) { reason in
                .cannotWriteOutput(path: "-", reason: "standard output is \(quoted(path: path)): \(reason)")
            }
        }
    }

    /// What an input names: the file at its path, or for `-` what standard input reads; `nil` when
    /// there is nothing there.
    package static func status(ofInput input: String) -> stat? {
        var status = stat()
        return (input == "-" ? fstat(STDIN_FILENO, &status) : stat(input, &status)) == 0 ? status : nil
    }

    /// Why `render`'s output that is a folder cannot be written, and what to name instead.
    package static func outputIsAFolder(_ path: String) -> String {
        "it is a folder: name a file in it (\(quoted(path: (path as NSString).appendingPathComponent("cloud.png")))), "
            + "or give several inputs with --out-dir"
    }

    /// Follows symbolic links to what a path names.
    ///
    /// - Parameter path: The output path as given.
    /// - Returns: The path to write and how.
    /// - Throws: ``CommandError/cannotWriteOutput(path:reason:)`` for a folder, a block device, a
    ///   missing folder, a loop of links.
    package static func resolve(_ path: String) throws(CommandError) -> Target {
        func fail(_ reason: String) -> CommandError { .cannotWriteOutput(path: path, reason: reason) }
        if path.hasSuffix("/") {
            throw fail("it ends with /, so it names a folder; name a file")
        }
        if let descriptor = descriptorNumber(path) {
            if descriptor <= 2, StandardStreams.closedAtStart[Int(descriptor)] {
                throw fail("it is a descriptor that was closed when the command started")
            }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw fail("the descriptor \(descriptor) is not open") }
            let flags = fcntl(descriptor, F_GETFL)
            guard flags >= 0, flags & O_ACCMODE != O_RDONLY else {
                throw fail("the descriptor \(descriptor) is open for reading only")
            }
            try refuseUnwritable(status, fail)
            return Target(path: path, method: .descriptor(descriptor), existing: FileIdentity(status))
        }
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0 else {
                let code = errno
                guard code == ENOENT || code == ENOTDIR else { throw fail(reason(code)) }
                // Nothing there: a new file, if its folder exists.
                let folder = folderOf(current)
                var folderStatus = stat()
                guard stat(folder, &folderStatus) == 0 else {
                    let code = errno
                    throw fail(code == ENOENT || code == ENOTDIR ? "the folder \(quoted(path: folder)) does not exist"
                               : folderReason(code, folder))
                }
                guard folderStatus.st_mode & S_IFMT == S_IFDIR else {
                    throw fail("\(quoted(path: folder)) is not a folder")
                }
                return Target(path: current, method: .replace, existing: nil)
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                guard let text = readLink(current) else { throw fail(reason(errno)) }
                let next = text.hasPrefix("/") ? text : (folderOf(current) as NSString).appendingPathComponent(text)
                // A link of /proc (/dev/stdout → /proc/self/fd/1 → "pipe:[1234]") may name no
                // path; what it opens is what stat(2) finds through it, written in place.
                var probe = stat(), through = stat()
                if lstat(next, &probe) != 0, errno == ENOENT, stat(current, &through) == 0 {
                    let method: Method = through.st_mode & S_IFMT == S_IFSOCK ? .socket : .inPlace
                    try refuseUnwritable(through, fail)
                    return Target(path: current, method: method, existing: FileIdentity(through))
                }
                current = next
            case S_IFREG:
                return Target(path: current, method: .replace, existing: FileIdentity(status))
            case S_IFSOCK:
                return Target(path: current, method: .socket, existing: FileIdentity(status))
            default:
                try refuseUnwritable(status, fail)
                return Target(path: current, method: .inPlace, existing: FileIdentity(status))
            }
        }
        throw fail("the path has a loop of symbolic links")
    }

    /// The descriptor a path names: 1 for `/dev/stdout`, 2 for `/dev/stderr`, N for `/dev/fd/N`
    /// and `/proc/self/fd/N`; `nil` for any other path.
    static func descriptorNumber(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                let digits = path.dropFirst(prefix.count)
                guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
                return Int32(digits)
            }
            return nil
        }
    }

    /// The file an open descriptor writes to, when it is a regular file (its name, for the
    /// output's format); `nil` otherwise.
    static func fileName(ofDescriptor descriptor: Int32) -> String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return readLink("/proc/self/fd/\(descriptor)")
    }

    /// Refuses what is never written: folders and block devices.
    private static func refuseUnwritable(_ status: stat, _ fail: (String) -> CommandError) throws(CommandError) {
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw fail("it is a folder: name a file in it")
        case S_IFBLK: throw fail("it is a block device; write to a file, a character device, a FIFO or standard output")
        default: return
        }
    }

    // MARK: Writing

    /// Writes `data` to `path` as the type says: regular files replaced atomically, devices,
    /// FIFOs and sockets written in place.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - path: The output path as given.
    ///   - inputs: The command's input files, never written over.
    /// - Throws: ``CommandError/cannotWriteOutput(path:reason:)`` naming the path as given and
    ///   what went wrong; a file that was there is then unchanged, and no temporary is left.
    package static func write(_ data: Data, to path: String, inputs: [String] = [], within folder: String? = nil) throws(CommandError) {
        try write(data, to: path, inputs: InputFiles(inputs), within: folder)
    }

    /// ``write(_:to:inputs:within:)`` with the inputs already looked at (a batch's, made once).
    package static func write(_ data: Data, to path: String, inputs: InputFiles, within folder: String? = nil) throws(CommandError) {
        // The folder may vanish while the file is written, not only before (see the helper).
        try againIfFolderVanished(path, within: folder) { () throws(CommandError) in
            try writeOnce(data, to: path, inputs: inputs, within: folder)
        }
    }

    /// One try of ``write(_:to:inputs:within:)``.
    private static func writeOnce(_ data: Data, to path: String, inputs: InputFiles, within folder: String?) throws(CommandError) {
        let target = try check(path, inputs: inputs, within: folder)
        func fail(_ reason: String) -> CommandError { .cannotWriteOutput(path: path, reason: reason) }
        switch target.method {
        case .replace:
            try replace(target, with: data, fail)
        case .inPlace:
            // A regular file reached only through a descriptor is written from its start.
            let isRegular = target.existing.map { $0.mode & UInt32(S_IFMT) == UInt32(S_IFREG) } ?? false
            let descriptor = open(target.path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (isRegular ? O_TRUNC : 0))
            guard descriptor >= 0 else { throw fail(reason(errno)) }
            defer { close(descriptor) }
            if let failure = writeAll(data, to: descriptor) { throw fail(failure) }
        case .socket:
            let descriptor = try connect(target.path, fail)
            defer { close(descriptor) }
            if let failure = writeAll(data, to: descriptor) { throw fail(failure) }
        case .descriptor(let descriptor):
            if let failure = writeAll(data, to: descriptor) { throw fail(failure) }
        }
    }

    /// Replaces a regular file (or creates one) atomically.
    private static func replace(_ target: Target, with data: Data, _ fail: (String) -> CommandError) throws(CommandError) {
        let folder = folderOf(target.path)
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw fail(folderReason(errno, folder)) }
        defer { close(directory) }
        // An unnamed file, unless the file system has none: then a named one, removed on signals.
        guard let descriptor = try writeUnnamed(data, target: target, directory: directory, fail) else {
            return try replaceThroughNamedTemporary(target, data: data, directory: directory, fail)
        }
        defer { close(descriptor) }
        try place(descriptor, target: target, data: data, directory: directory, fail)
    }

    /// Writes `data` into a new unnamed file (`O_TMPFILE`) in the target's folder (`directory`),
    /// with the old file's owner and mode, flushed to disk; `nil` when the file system (or
    /// kernel) has no unnamed files, or `TAGCLOUD_TEMPORARY_FILES=named` asks for named ones.
    /// Closing the descriptor without ``place(_:target:data:directory:_:)`` leaves nothing.
    private static func writeUnnamed(_ data: Data, target: Target, directory: Int32,
                                     _ fail: (String) -> CommandError) throws(CommandError) -> Int32? {
        switch try writeUnnamedFile(data, target: target, directory: directory, fail) {
        case .written(let descriptor): descriptor
        case .unsupported, .noDescriptor: nil
        }
    }

    /// What ``writeUnnamedFile(_:target:directory:_:)`` could do.
    fileprivate enum UnnamedFile {
        /// The file, written and flushed.
        case written(Int32)
        /// The file system (or kernel) has no unnamed files, or named ones are asked for.
        case unsupported
        /// No descriptor to spare (`EMFILE`, `ENFILE`).
        case noDescriptor
    }

    /// ``writeUnnamed(_:target:directory:_:)``, saying why no unnamed file was written.
    fileprivate static func writeUnnamedFile(_ data: Data, target: Target, directory: Int32,
                                             _ fail: (String) -> CommandError) throws(CommandError) -> UnnamedFile {
        guard !usesNamedTemporaries else { return .unsupported }
        let descriptor = openat(directory, ".", openTemporaryFile | O_WRONLY | O_CLOEXEC, 0o666)
        if descriptor < 0 {
            let code = errno
            if code == EMFILE || code == ENFILE { return .noDescriptor }
            if code == EOPNOTSUPP || code == EISDIR || code == EINVAL { return .unsupported }
            throw fail(folderReason(code, folderOf(target.path)))
        }
        do throws(CommandError) {
            if let failure = writeAll(data, to: descriptor) { throw fail(failure) }
            if let existing = target.existing { keepOwnerAndMode(of: existing, on: descriptor) }
            guard fsync(descriptor) == 0 else { throw fail(reason(errno)) }
        } catch {
            close(descriptor)
            throw error
        }
        return .written(descriptor)
    }

    /// Names a file ``writeUnnamed(_:target:data:directory:_:)`` wrote as the target: linked as
    /// the output itself when nothing is there, else as a temporary renamed over the old file
    /// (rename replaces in one step). Without /proc to name the file by and no right to link a
    /// descriptor, `data` is written through a named temporary instead.
    fileprivate static func place(_ descriptor: Int32, target: Target, data: Data, directory: Int32,
                              _ fail: (String) -> CommandError) throws(CommandError) {
        let folder = folderOf(target.path)
        let name = (target.path as NSString).lastPathComponent
        if target.existing == nil, link(descriptor, into: directory, as: name) == 0 {
            syncFolder(directory)
            return
        }
        let linked = randomTemporaryName(for: name)
        TemporaryFileCleanup.register((folder as NSString).appendingPathComponent(linked))
        guard TemporaryFileCleanup.creatingTemporary({ link(descriptor, into: directory, as: linked) }) == 0 else {
            TemporaryFileCleanup.unregister()
            return try replaceThroughNamedTemporary(target, data: data, directory: directory, fail)
        }
        guard renameat(directory, linked, directory, name) == 0 else {
            let error = fail(reason(errno))
            unlinkat(directory, linked, 0)
            TemporaryFileCleanup.unregister()
            throw error
        }
        TemporaryFileCleanup.unregister()
        syncFolder(directory)
    }

    /// Files written in full and flushed, not yet in place: ``commit(_:)`` puts them all there,
    /// so that one that cannot be written (a full disk, a file size limit, no descriptor to
    /// spare) leaves the others as they were. A batch writes each spec's formats through one: a
    /// spec that failed had replaced its first formats' files and not the next ones, a layout of
    /// one run beside a picture of another.
    ///
    /// Regular files are written as unnamed files (`O_TMPFILE`), each held open until commit,
    /// which names them. Where the file system has no unnamed files, or the process no
    /// descriptor to spare (`ulimit -n`), a file is written in full to a named temporary beside
    /// the output instead (`.NAME.tmp-XXXXXX`, removed on signals and when the group ends
    /// without commit), and renamed at commit; to spare descriptors, the unnamed files already
    /// held are named such temporaries and closed first. Anything else (a device, a FIFO, a
    /// socket) is written at commit, as ``write(_:to:inputs:within:)`` writes it.
    ///
    /// Commit runs as one section that a signal (SIGINT, SIGTERM, SIGHUP) waits for (at most two
    /// seconds, ``TemporaryFileCleanup``): an interrupted batch left a spec's picture of the new
    /// run beside its SVG of the old one. A failure at commit (a rename refused) leaves the
    /// files committed before it in place.
    package final class Group {
        /// Where a prepared file is until commit.
        private enum State {
            /// An unnamed file, open.
            case unnamed(descriptor: Int32)
            /// A named temporary in the target's folder, closed, and its cleanup slot.
            case named(name: String, slot: Int32?)
            /// Nothing yet: written at commit.
            case atCommit
            /// In place (or removed).
            case done
        }
        private struct Entry {
            let path: String
            let folder: String?
            let data: Data
            /// The checked target and its folder's descriptor, for unnamed and named files.
            let target: Target?
            let directory: Int32
            var state: State
        }
        private let inputs: InputFiles
        private var entries: [Entry] = []
        /// The folders' descriptors, one per folder, and every one opened (closed with the group).
        private var directories: [String: Int32] = [:]
        private var opened: [Int32] = []

        /// - Parameter inputs: The command's input files, never written over.
        package init(inputs: InputFiles) { self.inputs = inputs }

        deinit {
            for entry in entries {
                switch entry.state {
                case .unnamed(let descriptor): close(descriptor)
                case .named(let name, let slot):
                    unlinkat(entry.directory, name, 0)
                    TemporaryFileCleanup.remove(slot)
                case .atCommit, .done: break
                }
            }
            for directory in opened { close(directory) }
        }

        /// Checks `path` and writes `data` for it (not in place yet).
        ///
        /// - Throws: ``CommandError/cannotWriteOutput(path:reason:)``; nothing is in place.
        package func prepare(_ data: Data, to path: String, within folder: String? = nil) throws(CommandError) {
            let inputs = self.inputs
            let entry = try OutputFile.againIfFolderVanished(path, within: folder) { () throws(CommandError) -> Entry in
                let target = try OutputFile.checkOnce(path, inputs: inputs, within: folder)
                guard case .replace = target.method else {
                    return Entry(path: path, folder: folder, data: data, target: nil, directory: -1, state: .atCommit)
                }
                func fail(_ reason: String) -> CommandError { .cannotWriteOutput(path: path, reason: reason) }
                let folderPath = OutputFile.folderOf(target.path)
                let directory = try self.directory(folderPath, fail)
                do throws(CommandError) {
                    var outcome = try OutputFile.writeUnnamedFile(data, target: target, directory: directory, fail)
                    if case .noDescriptor = outcome, spareDescriptors() {
                        outcome = try OutputFile.writeUnnamedFile(data, target: target, directory: directory, fail)
                    }
                    let state: State
                    switch outcome {
                    case .written(let descriptor): state = .unnamed(descriptor: descriptor)
                    case .unsupported, .noDescriptor:
                        let (name, slot) = try OutputFile.writeNamedTemporary(data, target: target, directory: directory, fail)
                        state = .named(name: name, slot: slot)
                    }
                    return Entry(path: path, folder: folder, data: data, target: target, directory: directory, state: state)
                } catch {
                    // The folder may have vanished (and be made again for the next try): the
                    // next try opens it again. (The descriptor stays open until the group ends:
                    // a file prepared before may be in it.)
                    directories[folderPath] = nil
                    throw error
                }
            }
            entries.append(entry)
        }

        /// The folder's descriptor, opened once for the group; with no descriptor to spare, the
        /// unnamed files held are named and closed first.
        private func directory(_ folderPath: String, _ fail: (String) -> CommandError) throws(CommandError) -> Int32 {
            if let known = directories[folderPath] { return known }
            var directory = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if directory < 0, errno == EMFILE || errno == ENFILE, spareDescriptors() {
                directory = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            }
            guard directory >= 0 else { throw fail(OutputFile.folderReason(errno, folderPath)) }
            directories[folderPath] = directory
            opened.append(directory)
            return directory
        }

        /// Names the unnamed files held as temporaries in their folders and closes them.
        ///
        /// - Returns: Whether any descriptor was freed.
        private func spareDescriptors() -> Bool {
            var freed = false
            for index in entries.indices {
                guard case .unnamed(let descriptor) = entries[index].state, let target = entries[index].target else { continue }
                let directory = entries[index].directory
                let outputName = (target.path as NSString).lastPathComponent
                let folderPath = OutputFile.folderOf(target.path)
                for _ in 0..<100 {
                    let name = OutputFile.randomTemporaryName(for: outputName)
                    let slot = TemporaryFileCleanup.add((folderPath as NSString).appendingPathComponent(name))
                    let linked = TemporaryFileCleanup.creatingTemporary { OutputFile.link(descriptor, into: directory, as: name) }
                    if linked == 0 {
                        close(descriptor)
                        entries[index].state = .named(name: name, slot: slot)
                        freed = true
                        break
                    }
                    let code = errno
                    TemporaryFileCleanup.remove(slot)
                    if code != EEXIST { break }
                }
            }
            return freed
        }

        /// Puts every prepared file in place, in the order prepared, calling `wrote` with each
        /// path once it is there.
        ///
        /// - Throws: ``CommandError/cannotWriteOutput(path:reason:)`` for the first that fails.
        package func commit(_ wrote: (String) -> Void) throws(CommandError) {
            let outcome = TemporaryFileCleanup.creatingTemporary { () -> Result<Void, CommandError> in
                Result { () throws(CommandError) in try commitEach(wrote) }
            }
            try outcome.get()
        }

        private func commitEach(_ wrote: (String) -> Void) throws(CommandError) {
            for index in entries.indices {
                let entry = entries[index]
                let path = entry.path
                func fail(_ reason: String) -> CommandError { .cannotWriteOutput(path: path, reason: reason) }
                switch entry.state {
                case .unnamed(let descriptor):
                    guard let target = entry.target else { continue }
                    try OutputFile.place(descriptor, target: target, data: entry.data, directory: entry.directory, fail)
                    // Its descriptor is free for a file written at commit after it.
                    close(descriptor)
                case .named(let name, let slot):
                    guard let target = entry.target else { continue }
                    guard renameat(entry.directory, name, entry.directory, (target.path as NSString).lastPathComponent) == 0 else {
                        throw fail(OutputFile.reason(errno))
                    }
                    TemporaryFileCleanup.remove(slot)
                    OutputFile.syncFolder(entry.directory)
                case .atCommit:
                    try OutputFile.write(entry.data, to: entry.path, inputs: inputs, within: entry.folder)
                case .done:
                    continue
                }
                entries[index].state = .done
                wrote(entry.path)
            }
        }
    }

    /// Writes `data` in full to a new named temporary beside the target (`.NAME.tmp-XXXXXX`,
    /// registered for removal on signals in a slot of its own), flushed and closed, for a
    /// ``Group`` to rename at commit.
    ///
    /// - Returns: The temporary's name in `directory` and its cleanup slot.
    fileprivate static func writeNamedTemporary(_ data: Data, target: Target, directory: Int32,
                                                _ fail: (String) -> CommandError) throws(CommandError) -> (String, Int32?) {
        let (descriptor, name, slot) = try createTemporary(in: directory, folder: folderOf(target.path),
                                                           name: (target.path as NSString).lastPathComponent, fail)
        do throws(CommandError) {
            defer { close(descriptor) }
            if let failure = writeAll(data, to: descriptor) { throw fail(failure) }
            if let existing = target.existing { keepOwnerAndMode(of: existing, on: descriptor) }
            guard fsync(descriptor) == 0 else { throw fail(reason(errno)) }
        } catch {
            unlinkat(directory, name, 0)
            TemporaryFileCleanup.remove(slot)
            throw error
        }
        return (name, slot)
    }

    /// The fallback of ``replace(_:with:_:)`` when an unnamed file cannot be named.
    private static func replaceThroughNamedTemporary(_ target: Target, data: Data, directory: Int32,
                                                     _ fail: (String) -> CommandError) throws(CommandError) {
        let (temporary, slot) = try writeNamedTemporary(data, target: target, directory: directory, fail)
        defer { TemporaryFileCleanup.remove(slot) }
        guard renameat(directory, temporary, directory, (target.path as NSString).lastPathComponent) == 0 else {
            let error = fail(reason(errno))
            unlinkat(directory, temporary, 0)
            throw error
        }
        syncFolder(directory)
    }

    /// Creates `.NAME.tmp-XXXXXX` in the folder, registered for removal on signals in a slot of
    /// its own (``TemporaryFileCleanup/add(_:)``: a ``Group`` keeps several at once).
    ///
    /// - Returns: The open descriptor, the temporary's name in `directory`, and its slot.
    private static func createTemporary(in directory: Int32, folder: String, name: String,
                                        _ fail: (String) -> CommandError) throws(CommandError) -> (Int32, String, Int32?) {
        for _ in 0..<100 {
            let temporary = randomTemporaryName(for: name)
            let slot = TemporaryFileCleanup.add((folder as NSString).appendingPathComponent(temporary))
            let descriptor = TemporaryFileCleanup.creatingTemporary {
                openat(directory, temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666)
            }
            if descriptor >= 0 { return (descriptor, temporary, slot) }
            let code = errno
            TemporaryFileCleanup.remove(slot)
            if code != EEXIST { throw fail(folderReason(code, folder)) }
        }
        throw fail("no temporary file name is free in \(quoted(path: folder))")
    }

    /// `.cloud.png.tmp-k3J9xQ`: hidden, beside the output, random.
    fileprivate static func randomTemporaryName(for name: String) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        let suffix = String((0..<6).map { _ in letters[Int.random(in: 0..<letters.count, using: &generator)] })
        // A name is at most 255 bytes; keep room for the dots and the suffix.
        let base = name.utf8.count > 200 ? String(decoding: name.utf8.prefix(200), as: UTF8.self) : name
        return ".\(base).tmp-\(suffix)"
    }

    /// Links an unnamed (`O_TMPFILE`) file into a folder: through `/proc/self/fd`, or with
    /// `AT_EMPTY_PATH` where that is allowed. Returns 0 on success, as `linkat(2)`.
    fileprivate static func link(_ descriptor: Int32, into directory: Int32, as name: String) -> Int32 {
        if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", directory, name, AT_SYMLINK_FOLLOW) == 0 { return 0 }
        return linkat(descriptor, "", directory, name, atEmptyPath)
    }

    /// Gives the new file the old one's owner and group (where allowed) and its permissions
    /// without setuid, setgid and sticky bits.
    fileprivate static func keepOwnerAndMode(of existing: FileIdentity, on descriptor: Int32) {
        // chown first: it clears setuid/setgid bits, which the mode below leaves out anyway.
        if fchown(descriptor, existing.owner, existing.group) != 0 {
            _ = fchown(descriptor, UInt32.max, existing.group)
        }
        _ = fchmod(descriptor, mode_t(existing.mode & 0o777))
    }

    fileprivate static func syncFolder(_ directory: Int32) {
        _ = fsync(directory)
    }

    /// Connects to a Unix stream socket.
    private static func connect(_ path: String, _ fail: (String) -> CommandError) throws(CommandError) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw fail(reason(errno)) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            close(descriptor)
            throw fail("the socket's path is longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw fail(code == ECONNREFUSED ? "nothing listens on the socket" : reason(code))
        }
        return descriptor
    }

    // MARK: Helpers

    /// Writes every byte, retrying short writes and interruptions.
    ///
    /// - Returns: `nil`, or what went wrong.
    static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
        data.withUnsafeBytes { raw -> String? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return reason(errno)
                }
                offset += written
            }
            return nil
        }
    }

    /// The target of a symbolic link.
    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A path with every link, `.` and `..` resolved (`realpath(3)`), or `nil`.
    /// The time the file at `path` (a link followed) last changed status, as `stat`'s `st_ctim`;
    /// `nil` when it cannot be looked at.
    static func changeTime(_ path: String) -> (seconds: Int, nanoseconds: Int)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec))
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Refuses a target made inside `folder` (`--out-dir`) that is not a regular file (or
    /// nothing) inside it, by real paths: a link to elsewhere, a FIFO, a device, a socket.
    /// What a refused file in the output folder is told to do.
    private static let confinementRemedy = "a file the command names itself is written only inside the output folder, as a regular file (remove this one)"

    private static func confine(_ target: Target, named path: String, to folder: String, _ fail: (String) -> CommandError) throws(CommandError) {
        // Said for `render --out-dir` and `samples --out` alike (it told `samples` users to give
        // --out-dir or -o, which `samples` does not have).
        let remedy = confinementRemedy
        guard case .replace = target.method else {
            let kind = switch (target.existing?.mode ?? 0) & UInt32(S_IFMT) {
            case UInt32(S_IFIFO): "a FIFO"
            case UInt32(S_IFSOCK): "a socket"
            case UInt32(S_IFCHR): "a device"
            default: "not a regular file"
            }
            throw fail("it is \(kind); \(remedy)")
        }
        guard let inside = realPath(folder), let written = realPath(folderOf(target.path)) else { return }
        if written != inside, !written.hasPrefix(inside == "/" ? "/" : inside + "/") {
            // The file itself, or a folder on its way (`out/gallery` linked elsewhere: it was "a
            // symbolic link to" the very path named).
            if readLink(path) != nil {
                throw fail("it is a symbolic link to \(quoted(path: target.path)), outside the folder; \(remedy)")
            }
            throw fail("its folder \(quoted(path: folderOf(path))) is a symbolic link, or inside one, to \(quoted(path: written)), "
                       + "outside the folder; a file the command names itself is written only inside the output folder (remove the link)")
        }
    }

    /// The folder of a path, as `dirname(1)` gives it: `.` for a bare name, `/` for a name at
    /// the root (Foundation's `deletingLastPathComponent` traps on a one-character name).
    static func folderOf(_ path: String) -> String {
        var scalars = Array(path.unicodeScalars)
        while scalars.count > 1, scalars.last == "/" { scalars.removeLast() }
        guard let slash = scalars.lastIndex(of: "/") else { return "." }
        var end = slash
        while end > 0, scalars[end - 1] == "/" { end -= 1 }
        return end == 0 ? "/" : String(String.UnicodeScalarView(scalars[..<end]))
    }

    /// What an `errno` from writing or opening means, in the words of the messages.
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC: "no space left on the device"
        case EDQUOT: "the disk quota is exceeded"
        case EROFS: "the file system is read-only"
        case EACCES, EPERM: "permission denied"
        case EPIPE: "the pipe is closed (nothing reads it any more)"
        case EISDIR: "it is a folder"
        case ENOTDIR: "a part of the path is not a folder"
        case ELOOP: "the path has a loop of symbolic links"
        case ENXIO: "nothing is connected to it"
        case EFBIG: "the file would be larger than the process's file size limit (ulimit -f) or the file system allows"
        case EIO: "an input/output error"
        default: FileErrorWording.reason(code)
        }
    }

    /// What an `errno` from creating a file in a folder means.
    fileprivate static func folderReason(_ code: Int32, _ folder: String) -> String {
        switch code {
        case EACCES, EPERM: "the folder \(quoted(path: folder)) is not writable"
        case EROFS: "the folder \(quoted(path: folder)) is on a read-only file system"
        // A folder there that says ENOENT is a file system that takes no new files (/proc).
        case ENOENT where FileManager.default.fileExists(atPath: folder):
            "the file system of the folder \(quoted(path: folder)) does not take new files"
        case ENOENT: "the folder \(quoted(path: folder)) does not exist"
        default: reason(code)
        }
    }
}
