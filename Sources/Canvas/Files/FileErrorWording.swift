import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What an `errno` from opening or reading a file means, in the words every input message of the
/// package uses ("permission denied", not the C library's "Permission denied"), so that a spec, a
/// site's page and a PNG given to `diff` are reported alike.
package enum FileErrorWording {
    package static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "there is no such file"
        case EACCES, EPERM: "permission denied"
        case EISDIR: "it is a folder"
        case ENOTDIR: "a part of the path is not a folder"
        case ELOOP: "the path has a loop of symbolic links"
        case EMFILE: "the process has no file descriptor to spare (its limit on open files, ulimit -n, is reached)"
        case ENFILE: "the system has no file descriptor to spare (its limit on open files is reached)"
        default: String(cString: strerror(code))
        }
    }
}
