/// The candidate closest to `word`, for "did you mean" hints.
///
/// Names match first when they are equal ignoring case, `-`, `_` and spaces (`max_rows` →
/// `maxRows`, `space-between` → `spaceBetween`); otherwise the candidate with the smallest
/// ``editDistance(_:_:)`` wins if the distance is at most `maxDistance` (by default a third of
/// the word's length, at least 1) and, for two edits or more, the first letters agree. Ties go to
/// the earlier candidate.
///
/// - Parameters:
///   - word: The unknown word.
///   - candidates: The valid names.
///   - maxDistance: The largest distance still worth suggesting; `nil` for the default.
/// - Returns: The nearest candidate, or `nil` when none is close.
/// - Complexity: O(c × n × m) for c candidates of length m and a word of length n, O(c + n) when
///   the word's length differs from every candidate's by more than `maxDistance`.
package func nearestName(to word: String, in candidates: [String], maxDistance: Int? = nil) -> String? {
    func normalized(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
    }
    let key = normalized(word)
    if let exact = candidates.first(where: { normalized($0) == key }) { return exact }
    let length = word.count
    let limit = maxDistance ?? max(1, length / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        // The distance is at least the difference in length: a word far longer than every name
        // (a pasted paragraph, a megabyte-long key) is never compared character by character.
        guard abs(candidate.count - length) <= limit else { continue }
        let distance = editDistance(word.lowercased(), candidate.lowercased())
        // Two edits or more and another first letter make another word, not a typo (`height`
        // is not `weights`; `colour` is `colors`).
        if distance >= 2, word.first?.lowercased() != candidate.first?.lowercased() { continue }
        if distance <= limit, distance < (best?.distance ?? .max) {
            best = (candidate, distance)
        }
    }
    return best?.name
}

/// The optimal string alignment distance between two strings: the fewest insertions, deletions,
/// substitutions and swaps of adjacent characters that turn one into the other (Damerau's
/// distance without editing a substring twice).
///
/// - Complexity: O(n × m) time, O(m) space.
func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var twoAgo = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                value = min(value, twoAgo[j - 2] + 1)
            }
            current[j] = value
        }
        (twoAgo, previous, current) = (previous, current, twoAgo)
    }
    return previous[b.count]
}
