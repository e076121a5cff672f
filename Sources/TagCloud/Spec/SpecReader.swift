import Foundation
import Canvas
#if canImport(Glibc)
import Glibc
#endif

/// Reads a spec's bytes from a path or an open file descriptor, with a size limit checked while
/// reading: a regular file by its size before anything is read, anything else (a pipe, a FIFO,
/// `/dev/fd/N`, a character device) as its bytes arrive, so an endless or huge input costs at most
/// the limit.
package enum SpecReader {
    /// What was read.
    package struct Contents: Sendable {
        /// The bytes.
        package var bytes: [UInt8]
        /// Whether they came from a regular file (not a pipe, FIFO or device), whose name's
        /// extension says its format.
        package var isRegularFile: Bool
    }

    /// Reads a file: a regular file, or anything `open(2)` reads (FIFOs, `/dev/stdin`,
    /// `/dev/fd/N`, process substitution).
    ///
    /// - Parameters:
    ///   - path: The path to open.
    ///   - name: The name messages give it.
    ///   - limit: The most bytes accepted.
    /// - Returns: The bytes, and whether the file is a regular file.
    /// - Throws: ``TagCloudError/cannotReadInput(path:reason:)`` (missing, a folder, no
    ///   permission, a read error) or ``TagCloudError/inputTooLarge(path:limit:)``.
    package static func read(path: String, name: String, limit: Int) throws(TagCloudError) -> Contents {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotReadInput(path: name, reason: reason(errno))
        }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, name: name, limit: limit)
    }

    /// Reads an open file descriptor to its end (standard input, for example).
    ///
    /// - Parameters:
    ///   - descriptor: The descriptor, open for reading; it is not closed.
    ///   - name: The name messages give it (`<stdin>`).
    ///   - limit: The most bytes accepted.
    /// - Returns: The bytes, and whether the descriptor is a regular file.
    /// - Throws: ``TagCloudError/cannotReadInput(path:reason:)`` (a folder, a closed descriptor, a
    ///   read error) or ``TagCloudError/inputTooLarge(path:limit:)``.
    /// - Complexity: O(n) in the bytes read, at most `limit + 1`.
    package static func read(descriptor: Int32, name: String, limit: Int) throws(TagCloudError) -> Contents {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .cannotReadInput(path: name, reason: reason(errno)) }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { throw .cannotReadInput(path: name, reason: "it is a folder") }
        let isRegular = type == S_IFREG
        if isRegular, Int(status.st_size) > limit { throw .inputTooLarge(path: name, limit: limit) }
        var bytes: [UInt8] = []
        // A regular file's size and one byte more, to read the end of the file into: the buffer
        // is kept with the cloud (its locations are found from it when a message needs one), and
        // a chunk read past the reserved size would double it.
        if isRegular { bytes.reserveCapacity(Int(status.st_size) + 1) }
        let chunk = 1 << 16
        while true {
            // Into the reserved room while there is some, in chunks after it (a pipe, or a file
            // that grew); never more than one byte past the limit: enough to know it is too large.
            let room = bytes.capacity - bytes.count
            let wanted = min(room > 0 ? min(room, chunk) : chunk, limit + 1 - bytes.count)
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: wanted))
            let count = bytes.withUnsafeMutableBytes { raw in
                Glibc.read(descriptor, raw.baseAddress.map { $0 + start }, wanted)
            }
            if count < 0 {
                let code = errno
                bytes.removeLast(wanted)
                if code == EINTR { continue }
                throw .cannotReadInput(path: name, reason: reason(code))
            }
            bytes.removeLast(wanted - count)
            if count == 0 { break }
            if bytes.count > limit { throw .inputTooLarge(path: name, limit: limit) }
        }
        return Contents(bytes: bytes, isRegularFile: isRegular)
    }

    /// What a file error Foundation threw means, in the words of the input messages ("permission
    /// denied"), not Foundation's ("The operation could not be completed. You don't have
    /// permission."): its POSIX code when it carries one, else its description.
    package static func reason(of error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return reason(Int32(error.code)) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(Int32(underlying.code))
        }
        if error.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: error.code) {
            case .fileReadNoPermission, .fileWriteNoPermission: return reason(EACCES)
            case .fileReadNoSuchFile, .fileNoSuchFile: return reason(ENOENT)
            default: break
            }
        }
        return error.localizedDescription
    }

    /// What an `errno` from opening or reading means, in the words of the input messages.
    package static func reason(_ code: Int32) -> String { FileErrorWording.reason(code) }
}
