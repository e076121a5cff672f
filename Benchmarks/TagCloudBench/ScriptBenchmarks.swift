// World-script benchmarks for `make bench` (issue 19): shaping labels in many scripts, with the
// machine's fonts (Debian's Noto) as fallback, beside the same figures for Latin labels, and the
// time to load the fonts when fallback is needed.
//
// Without fonts-noto-core and fonts-noto-cjk (which make bench installs) the fallback has nothing to
// find, so the figures are not produced instead of measuring boxes.

import Foundation
import Typesetting

/// Records the script figures.
func runScriptBenchmarks() throws {
    let fonts = try FontLocator.fontsDirectory().path
    let noto = ["/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
                "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"].allSatisfy { FileManager.default.fileExists(atPath: $0) }
    guard noto else {
        bench.fail("scripts", because: "the Noto fonts are not installed (apt-get install fonts-noto-core fonts-noto-cjk)")
        return
    }

    // Loading when fallback is needed: a new library with system fonts, then one label in each of
    // 30 scripts the bundled fonts lack or have (fontconfig's configuration, Chromium's sorted
    // list for en-us, and every fallback face opened). Then the same for one CJK label alone.
    let samples = scriptWords.map { $0.randomElement() ?? "" }
    try bench.time("scripts.fallback_load_30_scripts_ms", runs: 7, warmup: 1) {
        let typesetter = Typesetter(library: try FontLibrary(directory: fonts, systemFonts: true))
        for label in samples { blackHole(try typesetter.shape(label, font: .body)) }
    }
    try bench.time("scripts.fallback_load_first_cjk_label_ms", runs: 7, warmup: 1) {
        let typesetter = Typesetter(library: try FontLibrary(directory: fonts, systemFonts: true))
        blackHole(try typesetter.shape("日本語", font: .body))
    }
    try bench.time("scripts.bundled_load_first_latin_label_ms", runs: 7, warmup: 1) {
        let typesetter = Typesetter(library: try FontLibrary(directory: fonts, systemFonts: false))
        blackHole(try typesetter.shape("Swift", font: .body))
    }

    // Shaping 10,000 labels cold (a new typesetter each run; the library, its fonts and its
    // fallback lists stay loaded, as in a process that renders many clouds) and from the cache,
    // mixed-script labels beside Latin ones. The Latin labels are made of mostly distinct words
    // (as the text group's cold figure), so the word cache does not answer them.
    let library = try FontLibrary(directory: fonts, systemFonts: true)
    let mixed = mixedScriptLabels(count: 10_000)
    let latin = distinctWordLabels(count: 10_000)
    for (name, labels) in [("mixed", mixed), ("latin", latin)] {
        var fresh = (0..<8).map { _ in Typesetter(library: library, cacheCapacity: 256 << 20) }
        var used: [Typesetter] = []
        let cold = try bench.measure(runs: 7, warmup: 1) {
            let typesetter = fresh.removeLast()
            for label in labels { blackHole(try typesetter.shape(label, font: .body)) }
            used.append(typesetter)
        }
        used.removeAll()
        bench.record("scripts.shape_cold_\(name)_labels_per_s", cold.rate(items: Double(labels.count)), unit: "labels/s")
        let typesetter = Typesetter(library: library, cacheCapacity: 256 << 20)
        for label in labels { _ = try typesetter.shape(label, font: .body) }
        let cached = try bench.measure(runs: 7, warmup: 1) {
            for label in labels { blackHole(try typesetter.shape(label, font: .body)) }
        }
        bench.record("scripts.shape_cached_\(name)_labels_per_s", cached.rate(items: Double(labels.count)), unit: "labels/s")
    }
}

/// Words in 30 scripts (Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic, Devanagari, Bengali,
/// Tamil, Telugu, Kannada, Malayalam, Gujarati, Gurmukhi, Sinhala, Thai, Lao, Khmer, Myanmar,
/// Tibetan, Ethiopic, Japanese, Chinese, Korean, Mongolian, Cherokee, Thaana, Tifinagh, Syriac,
/// Javanese).
let scriptWords: [[String]] = [
    ["Ελληνικά", "καλημέρα"], ["Русский", "привет"], ["Հայերեն", "բարեւ"], ["ქართული", "გამარჯობა"], ["עברית", "שלום"],
    ["العربية", "مرحبا"], ["हिन्दी", "नमस्ते", "क्षत्रिय"], ["বাংলা", "নমস্কার"], ["தமிழ்", "வணக்கம்"], ["తెలుగు", "నమస్కారం"],
    ["ಕನ್ನಡ", "ನಮಸ್ಕಾರ"], ["മലയാളം", "നമസ്കാരം"], ["ગુજરાતી", "નમસ્તે"], ["ਪੰਜਾਬੀ", "ਸਤਿ"], ["සිංහල", "ආයුබෝවන්"],
    ["ภาษาไทย", "สวัสดี"], ["ພາສາລາວ", "ສະບາຍດີ"], ["ភាសាខ្មែរ", "សួស្តី"], ["မြန်မာစာ", "မင်္ဂလာပါ"], ["བོད་ཡིག", "བཀྲ་ཤིས"],
    ["አማርኛ", "ሰላም"], ["日本語", "こんにちは", "東京"], ["中文", "你好", "北京"], ["한국어", "안녕하세요"], ["ᠮᠣᠩᠭᠣᠯ"],
    ["ᏣᎳᎩ", "ᎣᏏᏲ"], ["ދިވެހި"], ["ⵜⴰⵎⴰⵣⵉⵖⵜ"], ["ܠܫܢܐ"], ["ꦧꦱꦗꦮ"],
]

/// `count` distinct labels of one or two words, each in one script or a script and Latin, from a
/// seeded generator; a number suffix keeps them distinct.
func mixedScriptLabels(count: Int) -> [String] {
    var generator = SplitMix(seed: 19)
    let latin = ["Swift", "Linux", "Tokyo", "Design", "Travel", "Music"]
    return (0..<count).map { index in
        let words = scriptWords[Int(generator.next() % UInt64(scriptWords.count))]
        let word = words[Int(generator.next() % UInt64(words.count))]
        switch generator.next() % 3 {
        case 0: return "\(word) \(index)"
        case 1: return "\(latin[Int(generator.next() % UInt64(latin.count))]) \(word) \(index)"
        default: return "\(word) \(words[Int(generator.next() % UInt64(words.count))]) \(index)"
        }
    }
}

/// A small seeded generator (SplitMix64), so the labels are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
