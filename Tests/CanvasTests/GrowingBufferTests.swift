@testable import Canvas
import Foundation
import Testing

/// The byte buffer of large documents: what is put before the bytes written goes into the front
/// slack when it fits (a 110 MB SVG body is not moved for its head) and moves the bytes when it
/// does not; the `Data` it hands over holds exactly the bytes, whichever way they were put there.
@Suite struct GrowingBufferTests {
    /// Writes `bodyLength` bytes (growing the buffer many times), puts `headLength` bytes before
    /// them, and returns the document.
    private func document(slack: Int, headLength: Int, bodyLength: Int) -> (Data, expected: [UInt8]) {
        var buffer = GrowingBuffer(capacity: 16, frontSlack: slack)
        var expected: [UInt8] = []
        for index in 0..<bodyLength {
            let byte = UInt8(truncatingIfNeeded: index &* 31 &+ 7)
            buffer.append(byte)
            expected.append(byte)
        }
        let head = (0..<headLength).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
        head.withUnsafeBufferPointer { buffer.insertAtStart($0) }
        return (buffer.takeData(), head + expected)
    }

    @Test("A head put before the body gives the head then the body, in the slack or not",
          arguments: [(0, 10), (64, 10), (64, 64), (64, 65), (1 << 15, 12_000), (16, 0)])
    func headBeforeBody(slack: Int, headLength: Int) {
        let (data, expected) = document(slack: slack, headLength: headLength, bodyLength: 100_000)
        #expect(data.count == expected.count)
        #expect(Array(data) == expected)
    }

    @Test("Two heads put in turn stack in front, the last one first")
    func twoHeads() {
        var buffer = GrowingBuffer(capacity: 4, frontSlack: 8)
        buffer.append(StaticString("body"))
        Array("ab".utf8).withUnsafeBufferPointer { buffer.insertAtStart($0) }
        Array("0123456789".utf8).withUnsafeBufferPointer { buffer.insertAtStart($0) }  // over the slack left
        #expect(String(decoding: buffer.takeData(), as: UTF8.self) == "0123456789abbody")
    }

    @Test("A document with slack left over is freed with the Data (no leak, no bad free)")
    func dataFreesTheAllocation() {
        for _ in 0..<1000 {
            var buffer = GrowingBuffer(capacity: 64, frontSlack: 1 << 12)
            buffer.append(StaticString("<svg/>"))
            let data = buffer.takeData()
            #expect(data.count == 6)
        }
    }
}
