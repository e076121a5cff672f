import Foundation
import Typesetting

/// Large byte buffers kept between renders, so that drawing a picture and encoding it again do not
/// pay for fresh pages (page faults and zeroing) every time.
///
/// A buffer is taken for one render and given back when the render ends; at most two buffers of at
/// most 64 MiB are kept, so memory stays bounded.
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

    /// A buffer of at least `count` bytes, 64-byte aligned, with undefined contents.
    func take(_ count: Int) -> (pointer: UnsafeMutableRawPointer, capacity: Int) {
        let reused: Buffer? = free.withLock { buffers in
            guard let index = buffers.indices.filter({ buffers[$0].capacity >= count })
                .min(by: { buffers[$0].capacity < buffers[$1].capacity }) else { return nil }
            return buffers.remove(at: index)
        }
        if let reused { return (reused.pointer, reused.capacity) }
        return (UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 64), max(count, 1))
    }

    /// Gives a buffer back; it is kept for the next render or freed.
    func give(_ pointer: UnsafeMutableRawPointer, capacity: Int) {
        guard capacity <= Self.largestKept else { return pointer.deallocate() }
        let evicted: Buffer? = free.withLock { buffers in
            buffers.append(Buffer(pointer: pointer, capacity: capacity))
            guard buffers.count > Self.keptBuffers,
                  let smallest = buffers.indices.min(by: { buffers[$0].capacity < buffers[$1].capacity }) else { return nil }
            return buffers.remove(at: smallest)
        }
        evicted?.pointer.deallocate()
    }
}
