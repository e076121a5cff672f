package import Foundation

/// A byte buffer of its own: `malloc`ed, grown with `realloc`, handed over as `Data` without a
/// copy (``takeData()``).
///
/// The writers of large documents use it (SVG, the layout JSON: a 1,000,000-chip layout is 80 MB):
/// appending a few bytes costs a bounds check and a copy, with none of an array's generic
/// machinery, and the document is not copied again to become `Data`.
///
/// Copies of the value share the bytes (the last one frees them): only one of them may write, as
/// its users do (they write, then hand the output over and write no more). Running out of memory
/// stops the program, as an array's growth does.
package struct GrowingBuffer {
    /// Where the bytes start: `slack` bytes into the allocation.
    private var base: UnsafeMutablePointer<UInt8>
    /// The bytes there is room for from `base`.
    private var capacity: Int
    /// Free bytes before `base`, where ``insertAtStart(_:)`` puts what fits without moving the
    /// bytes written.
    private var slack: Int
    package private(set) var count = 0
    /// Frees the bytes unless they were handed over.
    private var owner: Owner

    private final class Owner {
        var pointer: UnsafeMutableRawPointer?
        init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
        deinit { free(pointer) }
    }

    /// - Parameters:
    ///   - capacity: The bytes to make room for.
    ///   - frontSlack: Bytes kept free before the first one, for ``insertAtStart(_:)``: a document
    ///     whose head is written last (an SVG's style sheet and definitions) gets it in front
    ///     without moving the body (110 MB for 100,000 chips).
    package init(capacity: Int, frontSlack: Int = 0) {
        let capacity = max(capacity, 16), slack = max(frontSlack, 0)
        guard let raw = malloc(slack + capacity) else { fatalError("out of memory: \(slack + capacity) bytes for a document") }
        base = raw.assumingMemoryBound(to: UInt8.self) + slack
        self.capacity = capacity
        self.slack = slack
        owner = Owner(raw)
    }

    /// Makes room for `extra` more bytes: a comparison where there is room, which is nearly always.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: count + extra) }
    }

    /// Grows the bytes to hold `needed` bytes at least.
    @inline(never)
    private mutating func grow(toHold needed: Int) {
        var grown = capacity
        while grown < needed { grown = grown + grown / 2 + 64 }
        guard let raw = realloc(base - slack, slack + grown) else { fatalError("out of memory: \(slack + grown) bytes for a document") }
        base = raw.assumingMemoryBound(to: UInt8.self) + slack
        capacity = grown
        owner.pointer = raw
    }

    @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let n = bytes.count
        reserve(n)
        let target = base + count
        if n <= 16 {
            // Markup is written a few bytes at a time: two overlapping words (or bytes) instead
            // of a call to memcpy.
            let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
            if n >= 8 {
                to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                (to + (n - 8)).storeBytes(of: (from + (n - 8)).loadUnaligned(as: UInt64.self), as: UInt64.self)
            } else if n >= 4 {
                to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
                (to + (n - 4)).storeBytes(of: (from + (n - 4)).loadUnaligned(as: UInt32.self), as: UInt32.self)
            } else {
                target[0] = source[0]
                if n > 1 { target[1] = source[1] }
                if n > 2 { target[2] = source[2] }
            }
        } else {
            target.update(from: source, count: n)
        }
        count += n
    }

    /// Appends one byte.
    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { reserve(1) }
        base[count] = byte
        count += 1
    }

    /// Appends source text.
    @inline(__always)
    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends `byte` `repeats` times.
    package mutating func append(_ byte: UInt8, count repeats: Int) {
        reserve(repeats)
        (base + count).update(repeating: byte, count: repeats)
        count += repeats
    }

    /// Writes `bytes` over the bytes at `position` (which must have been written).
    package mutating func overwrite(at position: Int, with bytes: [UInt8]) {
        precondition(position >= 0 && position + bytes.count <= count, "overwriting past the end")
        bytes.withUnsafeBufferPointer { source in
            guard let start = source.baseAddress else { return }
            (base + position).update(from: start, count: source.count)
        }
    }

    /// Puts `bytes` before the bytes written: into the front slack when they fit, else by moving
    /// the bytes written.
    package mutating func insertAtStart(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if bytes.count <= slack {
            base -= bytes.count
            slack -= bytes.count
            capacity += bytes.count
            base.update(from: source, count: bytes.count)
            count += bytes.count
            return
        }
        reserve(bytes.count)
        memmove(base + bytes.count, base, count)
        (base).update(from: source, count: bytes.count)
        count += bytes.count
    }

    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes as `Data`, which frees them; the buffer must not be used afterwards.
    package mutating func takeData() -> Data {
        owner.pointer = nil
        guard slack > 0 else { return Data(bytesNoCopy: base, count: count, deallocator: .free) }
        // The allocation starts before the bytes: freed from its own start.
        let allocation = UInt(bitPattern: base - slack)
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { _, _ in free(UnsafeMutableRawPointer(bitPattern: allocation)) })
    }
}
