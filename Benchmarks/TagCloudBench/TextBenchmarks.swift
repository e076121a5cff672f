// Text benchmarks for `make bench`: shaping labels cold and from the cache, and loading fonts.
//
// Targets (issue 3): shaping 100,000 distinct short labels cold >= 150,000 labels/s; the same
// from the cache >= 2,000,000 labels/s; loading the default family <= 5 ms.
//
// "Cold" means what a new picture of new tags costs: a new typesetter (empty layout and word
// caches) for each run, and labels whose words are mostly distinct, so that nearly every word is
// shaped by HarfBuzz rather than found in the word cache (the share of distinct words is printed).
// Fonts stay loaded, and HarfBuzz keeps its shaping plans, as in any process that has shaped once.
// The figure on labels drawn from a small vocabulary, where the word cache answers nearly every
// word, is kept apart and named for that.

import Foundation
import Typesetting

/// Records the text figures.
func runTextBenchmarks() throws {
    let fonts = try FontLocator.fontsDirectory().path

    // Loading: a new library over Fonts/ (every bundled file opened and its tables read), then the
    // default family's regular face resolved.
    try bench.time("text.load_default_family_ms", target: .atMost(5), runs: 15, warmup: 1) {
        let library = try FontLibrary(directory: fonts, systemFonts: false)
        blackHole(try library.face(for: .body))
    }

    let library = try FontLibrary(directory: fonts, systemFonts: false)
    let font = Font.body
    let distinct = distinctWordLabels(count: 100_000)
    let words = distinct.flatMap { $0.split(separator: " ") }
    bench.note("cold labels: \(distinct.count) labels of \(words.count) words, \(Set(words).count) distinct "
               + "(\(String(format: "%.1f", Double(Set(words).count) / Double(words.count) * 100)) %)")

    /// Labels per second shaping `labels` with a new typesetter (empty caches) each run. The
    /// typesetters are made before and freed after the timed runs, so freeing a full cache is not
    /// counted.
    func coldRate(_ labels: [String], runs: Int) throws -> Spread {
        var fresh = (0...runs).map { _ in Typesetter(library: library, cacheCapacity: 512 << 20) }
        var used: [Typesetter] = []
        let timing = try bench.measure(runs: runs, warmup: 1) {
            let typesetter = fresh.removeLast()
            for label in labels { blackHole(try typesetter.shape(label, font: font)) }
            used.append(typesetter)
        }
        used.removeAll()
        return timing.rate(items: Double(labels.count))
    }
    bench.record("text.shape_cold_distinct_words_labels_per_s", try coldRate(distinct, runs: 7),
                 unit: "labels/s", target: .atLeast(150_000))
    let common = commonVocabularyLabels(count: 100_000)
    let commonWords = common.flatMap { $0.split(separator: " ") }
    bench.note("common-vocabulary labels: \(commonWords.count) words, \(Set(commonWords).count) distinct: the word cache answers nearly all")
    bench.record("text.shape_fresh_cache_common_vocabulary_labels_per_s", try coldRate(common, runs: 7), unit: "labels/s")

    // Cached: every label already shaped once by this typesetter.
    let typesetter = Typesetter(library: library, cacheCapacity: 512 << 20)
    for label in distinct { _ = try typesetter.shape(label, font: font) }
    let cached = try bench.measure(runs: 9, warmup: 1) {
        for label in distinct { blackHole(try typesetter.shape(label, font: font)) }
    }
    bench.record("text.shape_cached_labels_per_s", cached.rate(items: Double(distinct.count)), unit: "labels/s",
                 target: .atLeast(2_000_000))

    // Wrapping and truncation, for information: 10,000 labels wrapped to 60 pt, two lines, tail,
    // on a new typesetter each run.
    let wrapped = try bench.measure(runs: 7, warmup: 1) {
        let typesetter = Typesetter(library: library, cacheCapacity: 64 << 20)
        for label in distinct.prefix(10_000) {
            blackHole(try typesetter.shape(label, font: font, width: 60, lineLimit: 2))
        }
    }
    bench.record("text.wrap_cold_distinct_words_labels_per_s", wrapped.rate(items: 10_000), unit: "labels/s")
}

/// A seeded linear congruential generator: the same labels on every run.
private struct LabelGenerator {
    var state: UInt64 = 0x5EED

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// `count` labels of one to three made-up words of two to four syllables (about 10⁸ possible
/// words), a third of them capitalised: nearly every word occurs once.
func distinctWordLabels(count: Int) -> [String] {
    let onsets = ["b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z",
                  "br", "ch", "st", "th", "tr", "sh"]
    let vowels = ["a", "e", "i", "o", "u", "ai", "ou", "y"]
    var random = LabelGenerator()
    func word() -> String {
        let syllables = 2 + random.next(3)
        let text = (0..<syllables).map { _ in onsets[random.next(onsets.count)] + vowels[random.next(vowels.count)] }.joined()
        return random.next(3) == 0 ? text.prefix(1).uppercased() + text.dropFirst() : text
    }
    return (0..<count).map { _ in (0...random.next(3)).map { _ in word() }.joined(separator: " ") }
}

/// `count` distinct labels of one to three words from a fixed vocabulary of 78 words (and a
/// number where needed to keep them distinct), like the tags of one site: the word cache answers
/// nearly every word after the first few labels.
func commonVocabularyLabels(count: Int) -> [String] {
    benchmarkLabels(count: count)
}

/// The labels the text figures used before the distinct-word ones: ``commonVocabularyLabels(count:)``.
func benchmarkLabels(count: Int) -> [String] {
    let words = ["Swift", "iOS", "Development", "Morning", "routine", "Exercise", "Design", "Travel", "Music",
                 "Books", "cloud", "layout", "flow", "chip", "tag", "wrap", "row", "text", "font", "shape", "glyph",
                 "kerning", "emoji", "bidi", "line", "break", "width", "cache", "render", "vector", "pixel",
                 "image", "color", "theme", "spacing", "padding", "capsule", "border", "shadow", "grid", "stack",
                 "view", "state", "binding", "preview", "data", "model", "network", "server", "client", "Apple",
                 "Linux", "Debian", "Unicode", "Typography", "Weekend", "Yellow", "Velvet", "Wave", "Tower",
                 "Avenue", "Journey", "Quartz", "Zephyr", "Kayak", "Office", "Photography", "Cooking", "Gaming",
                 "Machine", "Learning", "Kotlin", "Rust", "Python", "Science", "History", "Garden", "Coffee"]
    var random = LabelGenerator()
    var seen = Set<String>()
    var labels: [String] = []
    labels.reserveCapacity(count)
    while labels.count < count {
        let n = 1 + random.next(3)
        var label = (0..<n).map { _ in words[random.next(words.count)] }.joined(separator: " ")
        if n == 1 || seen.contains(label) { label += " \(random.next(1000))" }
        if seen.insert(label).inserted { labels.append(label) }
    }
    return labels
}
