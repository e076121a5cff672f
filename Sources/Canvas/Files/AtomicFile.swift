public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files atomically: readers see either the old file or the complete new one, never a part.
public enum AtomicFile {
    /// Writes `data` to `url` atomically: into a new temporary file in the same folder, flushed to
    /// disk with `fsync`, then renamed over `url` (POSIX `rename(2)` replaces the target in one step),
    /// and the folder is synced so the rename survives a crash. On any failure the temporary file is
    /// removed and `url` is left as it was.
    ///
    /// The new file gets the permissions of the file it replaces, or `rw-r--r--` for a new file.
    /// (The `tagcloud` command writes its files through its own writer, which also keeps owners,
    /// honours the umask, writes devices and FIFOs in place and leaves no temporary behind on
    /// signals; this one serves library users and test artifacts.)
    ///
    /// - Parameters:
    ///   - data: The bytes to write.
    ///   - url: The file to create or replace.
    /// - Throws: ``CanvasError/fileWriteFailed(path:reason:)`` naming the step that failed.
    public static func write(_ data: Data, to url: URL) throws {
        let path = url.path
        let folder = url.deletingLastPathComponent().path
        func fail(_ step: String, _ code: Int32 = errno) -> CanvasError {
            .fileWriteFailed(path: path, reason: "\(step): \(String(cString: strerror(code)))")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CanvasError.fileWriteFailed(path: path, reason: "the folder \(folder) does not exist")
        }
        var existing = stat()
        let mode: mode_t = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
        var template = Array("\(folder)/.\(url.lastPathComponent).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw fail("cannot create a temporary file in \(folder)") }
        let temporary = String(cString: template.map { UInt8(bitPattern: $0) } + [])
        var closed = false
        do {
            defer { if !closed { close(fd) } }
            try data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw fail("writing the temporary file \(temporary)")
                    }
                    offset += written
                }
            }
            guard fchmod(fd, mode) == 0 else { throw fail("setting permissions") }
            guard fsync(fd) == 0 else { throw fail("flushing the temporary file to disk") }
            closed = true
            guard close(fd) == 0 else { throw fail("closing the temporary file") }
            guard rename(temporary, path) == 0 else { throw fail("replacing the file") }
        } catch {
            unlink(temporary)
            throw error
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
