@testable import Canvas
import Foundation
import Testing

/// The pool of large buffers that pictures are drawn and filtered in: small ones come from the
/// allocator, large ones are mapped in 2 MiB pages; both are writable over their whole capacity,
/// kept for reuse, and freed by the way they were made.
@Suite struct ScratchBufferTests {
    @Test("Small and large buffers are writable to their last byte, aligned, and reused after being given back",
          arguments: [1, 4096, 100_000, 2 << 20, (3 << 20) + 17, 9_000_001])
    func writableAndReused(count: Int) {
        let pool = ScratchBuffers()
        let first = pool.take(count)
        #expect(first.capacity >= count)
        #expect(Int(bitPattern: first.pointer) % 64 == 0)
        if count >= 2 << 20 {
            #expect(first.capacity % (2 << 20) == 0, "large buffers are whole huge pages")
            #expect(Int(bitPattern: first.pointer) % (2 << 20) == 0, "large buffers start on a huge page")
        }
        first.pointer.initializeMemory(as: UInt8.self, repeating: 0xA5, count: first.capacity)
        #expect(first.pointer.load(fromByteOffset: first.capacity - 1, as: UInt8.self) == 0xA5)
        pool.give(first.pointer, capacity: first.capacity)
        let second = pool.take(count)
        #expect(second.pointer == first.pointer, "the buffer given back is taken again")
        pool.give(second.pointer, capacity: second.capacity)
    }

    @Test("More buffers than the pool keeps are freed (mapped ones by munmap) without disturbing the kept ones")
    func evictsBeyondTheKeptCount() {
        let pool = ScratchBuffers()
        let sizes = [3 << 20, 1 << 20, 5 << 20, 4 << 20]
        let taken = sizes.map { pool.take($0) }
        for (index, buffer) in taken.enumerated() {
            buffer.pointer.initializeMemory(as: UInt8.self, repeating: UInt8(index), count: buffer.capacity)
        }
        for buffer in taken { pool.give(buffer.pointer, capacity: buffer.capacity) }
        // The two largest are kept; asking for them again returns memory that still holds what
        // was written, so it was neither unmapped nor reused by another buffer.
        let largest = pool.take(5 << 20)
        #expect(largest.pointer.load(as: UInt8.self) == 2)
        let next = pool.take(4 << 20)
        #expect(next.pointer.load(as: UInt8.self) == 3)
        pool.give(largest.pointer, capacity: largest.capacity)
        pool.give(next.pointer, capacity: next.capacity)
    }
}
