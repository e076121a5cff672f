import Foundation
import Typesetting

#if canImport(Glibc)
import Glibc
#endif

/// Large byte buffers kept between renders, so that drawing a picture and encoding it again do not
/// pay for fresh pages (page faults and zeroing) every time.
///
/// A buffer is taken for one render and given back when the render ends; at most two buffers of at
/// most 64 MiB are kept, so memory stays bounded. Buffers of 2 MiB or more are mapped in whole
/// 2 MiB pages advised as transparent huge pages, so that the first render of a process (every
/// render of the command-line tool) takes a few page faults for its picture instead of thousands:
/// measured with `perf stat`, 4,861 page faults became 1,712 for the 780 × 2392 px example.
final class ScratchBuffers: Sendable {
    static let shared = ScratchBuffers()

    private static let keptBuffers = 2
    private static let largestKept = 64 << 20

    private struct Buffer: @unchecked Sendable {
        // Owned exclusively by the pool while stored in it.
        let pointer: UnsafeMutableRawPointer
        let capacity: Int
    }

    private let free = Locked<[Buffer]>([])
    /// The addresses of the buffers made by `mmap`, which `munmap` frees.
    private let mapped = Locked<Set<UInt>>([])

    /// A buffer of at least `count` bytes, 64-byte aligned, with undefined contents.
    func take(_ count: Int) -> (pointer: UnsafeMutableRawPointer, capacity: Int) {
        let reused: Buffer? = free.withLock { buffers in
            guard let index = buffers.indices.filter({ buffers[$0].capacity >= count })
                .min(by: { buffers[$0].capacity < buffers[$1].capacity }) else { return nil }
            return buffers.remove(at: index)
        }
        if let reused { return (reused.pointer, reused.capacity) }
        if count >= Self.hugePageThreshold, let mapped = mapHugePages(count) { return mapped }
        return (UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 64), max(count, 1))
    }

    /// Buffers this large are mapped in 2 MiB pages where the kernel allows it: a fresh picture's
    /// buffer then costs a few page faults instead of one per 4 KiB, a measurable part of a
    /// short-lived command's time.
    private static let hugePageThreshold = 2 << 20
    private static let hugePageSize = 2 << 20

    /// Fresh zeroed memory for at least `count` bytes, a whole number of 2 MiB pages, advised as
    /// huge pages; `nil` if mapping fails.
    private func mapHugePages(_ count: Int) -> (pointer: UnsafeMutableRawPointer, capacity: Int)? {
        let hugePageSize = Self.hugePageSize
        let capacity = (count + hugePageSize - 1) / hugePageSize * hugePageSize
        // One huge page more, so the buffer can start on a 2 MiB boundary.
        let region = mmap(nil, capacity + hugePageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let region, region != MAP_FAILED else { return nil }
        let address = UInt(bitPattern: region)
        let aligned = (address + UInt(hugePageSize) - 1) / UInt(hugePageSize) * UInt(hugePageSize)
        let head = Int(aligned - address)
        if head > 0 { munmap(region, head) }
        let tail = hugePageSize - head
        if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + UInt(capacity)), tail) }
        guard let pointer = UnsafeMutableRawPointer(bitPattern: aligned) else { return nil }
        _ = madvise(pointer, capacity, 14 /* MADV_HUGEPAGE */)
        mapped.withLock { _ = $0.insert(aligned) }
        return (pointer, capacity)
    }

    /// Frees a buffer from ``take(_:)``.
    private func release(_ pointer: UnsafeMutableRawPointer, capacity: Int) {
        if mapped.withLock({ $0.remove(UInt(bitPattern: pointer)) != nil }) {
            munmap(pointer, capacity)
        } else {
            pointer.deallocate()
        }
    }

    /// Gives a buffer back; it is kept for the next render or freed.
    func give(_ pointer: UnsafeMutableRawPointer, capacity: Int) {
        guard capacity <= Self.largestKept else { return release(pointer, capacity: capacity) }
        let evicted: Buffer? = free.withLock { buffers in
            buffers.append(Buffer(pointer: pointer, capacity: capacity))
            guard buffers.count > Self.keptBuffers,
                  let smallest = buffers.indices.min(by: { buffers[$0].capacity < buffers[$1].capacity }) else { return nil }
            return buffers.remove(at: smallest)
        }
        if let evicted { release(evicted.pointer, capacity: evicted.capacity) }
    }
}
