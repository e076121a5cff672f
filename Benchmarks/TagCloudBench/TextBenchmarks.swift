// Text benchmarks for `make bench`: shaping labels cold and from the cache, and loading fonts.
//
// Targets (issue 3): shaping 100,000 distinct short labels cold >= 150,000 labels/s; the same
// from the cache >= 2,000,000 labels/s; loading the default family <= 5 ms.

import Foundation
import Typesetting

/// Prints the text figures.
func runTextBenchmarks() throws {
    let fonts = try FontLocator.fontsDirectory().path

    // Loading: a new library over Fonts/ (every bundled file opened and its tables read), then the
    // default family's regular face resolved.
    let load = try medianSeconds(runs: 9, warmup: 1) {
        let library = try FontLibrary(directory: fonts, systemFonts: false)
        blackHole(try library.face(for: .body))
    }
    report("text.load_default_family_ms (target <= 5)", load * 1000, "ms")

    let labels = benchmarkLabels(count: 100_000)
    let library = try FontLibrary(directory: fonts, systemFonts: false)
    let font = Font.body

    // Cold: a new typesetter (empty caches) for each run; fonts stay loaded. The typesetters are
    // made before and freed after the timed runs, so freeing a full cache is not counted.
    var fresh = (0..<10).map { _ in Typesetter(library: library, cacheCapacity: 512 << 20) }
    var used: [Typesetter] = []
    let cold = try medianSeconds(runs: 9, warmup: 1) {
        let typesetter = fresh.removeLast()
        for label in labels { blackHole(try typesetter.shape(label, font: font)) }
        used.append(typesetter)
    }
    used.removeAll()
    report("text.shape_cold_labels_per_s (target >= 150000)", Double(labels.count) / cold, "labels/s", digits: 0)

    // Cached: every label already shaped once.
    let typesetter = Typesetter(library: library, cacheCapacity: 512 << 20)
    for label in labels { _ = try typesetter.shape(label, font: font) }
    let cached = try medianSeconds(runs: 7, warmup: 1) {
        for label in labels { blackHole(try typesetter.shape(label, font: font)) }
    }
    report("text.shape_cached_labels_per_s (target >= 2000000)", Double(labels.count) / cached, "labels/s", digits: 0)
    // Wrapping and truncation, for information: 10,000 labels wrapped to 60 pt, two lines, tail,
    // on a new typesetter each run.
    let wrapped = try medianSeconds(runs: 5, warmup: 1) {
        let typesetter = Typesetter(library: library, cacheCapacity: 64 << 20)
        for label in labels.prefix(10_000) {
            blackHole(try typesetter.shape(label, font: font, width: 60, lineLimit: 2))
        }
    }
    report("text.wrap_cold_labels_per_s", 10_000 / wrapped, "labels/s", digits: 0)
}

/// `count` distinct labels of one to three words, from a fixed vocabulary and a seeded generator,
/// like the tags of a cloud ("Swift", "iOS Development", "Morning routine").
func benchmarkLabels(count: Int) -> [String] {
    let words = ["Swift", "iOS", "Development", "Morning", "routine", "Exercise", "Design", "Travel", "Music",
                 "Books", "cloud", "layout", "flow", "chip", "tag", "wrap", "row", "text", "font", "shape", "glyph",
                 "kerning", "emoji", "bidi", "line", "break", "width", "cache", "render", "vector", "pixel",
                 "image", "color", "theme", "spacing", "padding", "capsule", "border", "shadow", "grid", "stack",
                 "view", "state", "binding", "preview", "data", "model", "network", "server", "client", "Apple",
                 "Linux", "Debian", "Unicode", "Typography", "Weekend", "Yellow", "Velvet", "Wave", "Tower",
                 "Avenue", "Journey", "Quartz", "Zephyr", "Kayak", "Office", "Photography", "Cooking", "Gaming",
                 "Machine", "Learning", "Kotlin", "Rust", "Python", "Science", "History", "Garden", "Coffee"]
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
    var seen = Set<String>()
    var labels: [String] = []
    labels.reserveCapacity(count)
    while labels.count < count {
        let n = 1 + next(3)
        var label = (0..<n).map { _ in words[next(words.count)] }.joined(separator: " ")
        if n == 1 || seen.contains(label) { label += " \(next(1000))" }
        if seen.insert(label).inserted { labels.append(label) }
    }
    return labels
}

