import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How many files the process may open: the batch's and the preview's bounds.
enum FileDescriptors {
    /// The soft limit on open descriptors (`RLIMIT_NOFILE`), no limit (`RLIM_INFINITY`) clamped to
    /// `Int.max`; `nil` when it cannot be read.
    static var softLimit: Int? {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// The soft limit less the descriptors open now (counted in `/proc/self/fd`); `Int.max`
    /// when either cannot be read.
    static var headroom: Int {
        guard let limit = softLimit, let open = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
            return Int.max
        }
        // The listing's own descriptor is among the entries, and closed now.
        return max(0, limit &- (open.count - 1))
    }
}
