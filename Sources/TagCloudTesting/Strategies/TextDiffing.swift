import Foundation

extension Diffing where Format == String {
    /// Text files compared line by line. A mismatch is shown as a unified diff (`diff -u`) with
    /// three lines of context: the first 60 lines of it in the message, the whole of it as the
    /// `diff.txt` artifact.
    ///
    /// A golden that is not UTF-8 text cannot be read (a damaged file is said as such, not shown
    /// as a diff of replacement characters); an empty golden is said to be empty; and control
    /// characters in the lines the message shows are written as escapes (`\u{0}`), so that a
    /// NUL byte does not cut the message short in a console (the artifact keeps them).
    public static var lines: Diffing {
        Diffing(toData: { Data($0.utf8) }, fromData: { data in
            guard let text = String(data: data, encoding: .utf8) else { throw TextGoldenError.notUTF8(data) }
            return text
        }) { reference, actual in
            guard reference != actual else { return nil }
            let diff = UnifiedDiff(reference: reference, actual: actual)
            let text = diff.text(context: 3)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let shown = lines.prefix(60).map(escapingControls).joined(separator: "\n")
            let more = lines.count > 60 ? "\n… \(lines.count - 60) more lines in the diff artifact" : ""
            let summary = reference.isEmpty
                ? "the golden file is empty, and the actual text has \(actual.split(separator: "\n").count) lines (+ actual)"
                : diff.summary
            return SnapshotDifference(message: "\(summary):\n\(shown)\(more)",
                                      artifacts: [SnapshotArtifact(name: "diff", pathExtension: "txt", data: Data(text.utf8))])
        }
    }
}

/// A line with its control characters but the tab as escapes (`\u{0}`, `\u{1B}`).
private func escapingControls<Line: StringProtocol>(_ line: Line) -> String {
    var shown = ""
    for scalar in line.unicodeScalars {
        if scalar.value < 0x20 && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) {
            shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            shown.unicodeScalars.append(scalar)
        }
    }
    return shown
}

/// Why a text golden cannot be read.
enum TextGoldenError: Error, CustomStringConvertible {
    /// Its bytes are not UTF-8.
    case notUTF8(Data)

    var description: String {
        switch self {
        case .notUTF8(let data):
            return "it is not UTF-8 text (the first bad byte is at offset \(Self.firstBadByte(in: Array(data)))); a text golden is UTF-8"
        }
    }

    /// The offset of the first byte that does not begin or continue a UTF-8 character there.
    static func firstBadByte(in bytes: [UInt8]) -> Int {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : (0xC2...0xDF).contains(lead) ? 2 : (0xE0...0xEF).contains(lead) ? 3 : (0xF0...0xF4).contains(lead) ? 4 : 0
            guard length > 0, index + length <= bytes.count else { return index }
            for next in 1..<length where bytes[index + next] & 0xC0 != 0x80 { return index + next }
            // The whole character must decode (no overlong forms or surrogates).
            guard String(bytes: bytes[index..<(index + length)], encoding: .utf8) != nil else { return index }
            index += length
        }
        return index
    }
}

/// A line diff of two texts in unified form (`diff -u`), by Myers' algorithm ("An O(ND) Difference
/// Algorithm and Its Variations", 1986) on what lies between their common first and last lines.
struct UnifiedDiff {
    /// One line of the edit script.
    enum Line: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The edit script from the reference to the actual text, line by line.
    let script: [Line]

    /// Differences beyond this many edits are shown as one replaced block, so that two unrelated
    /// texts of thousands of lines cost no more than their sizes.
    static let largestEditDistance = 1000

    init(reference: String, actual: String) {
        let a = reference.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middle = Self.myers(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
        script = a[..<prefix].map { .same($0) } + middle + a[(a.count - suffix)...].map { .same($0) }
    }

    /// `3 lines removed and 5 added`.
    var summary: String {
        let removed = script.filter { if case .removed = $0 { return true } else { return false } }.count
        let added = script.filter { if case .added = $0 { return true } else { return false } }.count
        return "the text differs: \(removed) line\(removed == 1 ? "" : "s") removed and \(added) added (- golden, + actual)"
    }

    /// The diff with `--- golden` and `+++ actual` headers and `@@` hunks of `context` lines.
    ///
    /// - Complexity: O(n) in the script's length.
    func text(context: Int) -> String {
        var output = ["--- golden", "+++ actual"]
        let changed = script.indices.filter { if case .same = script[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return output.joined(separator: "\n") }
        // Group changes whose context overlaps into hunks.
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(script.count - 1, index + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                hunks.append(range)
            }
        }
        // Line numbers before each script position, in the golden and the actual text.
        var goldenLine = [Int](repeating: 0, count: script.count + 1), actualLine = goldenLine
        for (index, line) in script.enumerated() {
            goldenLine[index + 1] = goldenLine[index] + (line.isRemoved || line.isSame ? 1 : 0)
            actualLine[index + 1] = actualLine[index] + (line.isAdded || line.isSame ? 1 : 0)
        }
        for hunk in hunks {
            let goldenCount = goldenLine[hunk.upperBound + 1] - goldenLine[hunk.lowerBound]
            let actualCount = actualLine[hunk.upperBound + 1] - actualLine[hunk.lowerBound]
            let goldenStart = goldenLine[hunk.lowerBound] + (goldenCount > 0 ? 1 : 0)
            let actualStart = actualLine[hunk.lowerBound] + (actualCount > 0 ? 1 : 0)
            output.append("@@ -\(goldenStart),\(goldenCount) +\(actualStart),\(actualCount) @@")
            for line in script[hunk] {
                switch line {
                case .same(let text): output.append(" " + text)
                case .removed(let text): output.append("-" + text)
                case .added(let text): output.append("+" + text)
                }
            }
        }
        return output.joined(separator: "\n")
    }

    /// Myers' greedy forward search for a shortest edit script, keeping each round's furthest
    /// reaching points to trace the path back.
    ///
    /// - Complexity: O((N + M) · D) time and O(D²) memory for D edits; beyond
    ///   ``largestEditDistance`` edits, O(N + M) for a whole-block replacement.
    private static func myers(_ a: [String], _ b: [String]) -> [Line] {
        let n = a.count, m = b.count
        if n == 0 { return b.map { .added($0) } }
        if m == 0 { return a.map { .removed($0) } }
        let maxD = min(n + m, largestEditDistance)
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...maxD {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = true; break search }
            }
        }
        guard found else { return a.map { .removed($0) } + b.map { .added($0) } }
        // Walk back through the rounds: each round's snapshot holds v before that round.
        var lines: [Line] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let before = trace[d]
            func value(_ k: Int) -> Int { before[k + d] }   // `before` spans k = -d … d
            let k = x - y
            let previousK: Int
            if d == 0 {
                previousK = k
            } else if k == -d || (k != d && value(k - 1) < value(k + 1)) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : value(previousK)
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1; y -= 1
                lines.append(.same(a[x]))
            }
            if d > 0 {
                if x == previousX { y -= 1; lines.append(.added(b[y])) } else { x -= 1; lines.append(.removed(a[x])) }
            }
        }
        return lines.reversed()
    }
}

extension UnifiedDiff.Line {
    var isSame: Bool { if case .same = self { return true } else { return false } }
    var isRemoved: Bool { if case .removed = self { return true } else { return false } }
    var isAdded: Bool { if case .added = self { return true } else { return false } }
}
