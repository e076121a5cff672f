import Foundation

/// The number of cores this process may run on, read once.
///
/// Foundation's `ProcessInfo.activeProcessorCount` reads the control group's CPU files
/// (`cpuset.cpus`, `cpu.cfs_quota_us`) on every call: two file opens and reads, about 0.1 ms. The
/// concurrent paths ask before each piece of work (each container, each PNG, each batch), and a
/// batch of 1,000 clouds asked about 14,000 times, for the same answer.
package enum Cores {
    /// The active processor count when first asked, at least 1.
    package static let active: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)
}
