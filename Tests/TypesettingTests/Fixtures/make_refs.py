#!/usr/bin/env python3
"""Regenerates the reference measurements the Typesetting tests compare against.

Two independent references, both committed as JSON beside this script:

hb_shape_refs.json  Debian's `hb-shape` (libharfbuzz-bin) shapes each string with one bundled font,
                    through FreeType's font functions (--font-funcs=ft) at the font's units per
                    em. Recorded: glyph ids, clusters, the advance sum in font units, and the
                    width a browser lays out at each size: units * size / upem rounded UP to a
                    multiple of 1/64 px (Blink's LayoutUnit::FromFloatCeil).

chromium_wrap_refs.json  The same Chromium wraps longer texts in a <div> of a fixed width
                    (white-space: normal; overflow-wrap: anywhere, so that a word wider than the
                    line breaks between grapheme clusters as SwiftUI's Text does). Recorded: the
                    width of each line's box (Range.getClientRects on the text) and the height.

chromium_refs.json  Headless Chromium lays out each string in a <span> (white-space: pre) with the
                    bundled fonts loaded by @font-face and nothing else named, so characters the
                    font lacks go through Chromium's own system fallback. The script checks that
                    the system's DejaVu Sans and Noto Color Emoji are byte-identical to the bundled
                    files, so that fallback uses the same fonts the engine bundles. Recorded: the
                    span's width, the line box's height (line-height: normal) and the baseline's
                    distance from the top.

Run `make refs` (or python3 Tests/TypesettingTests/Fixtures/make_refs.py). Needs hb-shape and
chromium on PATH. Deterministic: the same tools give the same files.
"""
import hashlib
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
from fractions import Fraction
from math import ceil

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
FONTS = os.path.join(ROOT, "Fonts")

SIZES = [9, 10, 11, 12, 13, 13.5, 14, 15, 16, 17, 18, 20, 22, 24, 28, 34, 40, 48, 56, 64, 72]
CHROME_SIZES = [9, 11, 12, 13.5, 15, 17, 20, 22, 28, 34, 48, 72]

# Labels from the seed articles and tag clouds, kerning pairs, ligatures, punctuation, numbers.
SEED_LABELS = [
    "Morning routine", "Exercise", "Swift", "iOS Development", "SwiftUI", "Flow Layout", "Tag clouds",
    "Chip collections", "Skill badges", "Suggestion", "Element 1", "Element 42", "Some long item here",
    "And then some longer one", "Short", "Items", "Reading time: 2 min", "Layout protocol", "AnyLayout",
    "HStack", "VStack", "ZStack", "Spacer", "GeometryReader", "Kotlin", "Rust", "TypeScript", "Python",
    "Machine Learning", "Design", "Photography", "Travel", "Cooking", "Music", "Books", "Gaming",
    "Hello, world", "The quick brown fox jumps over the lazy dog", "Sphinx of black quartz, judge my vow",
]
KERNING = ["AV", "To", "Ta", "We", "Wo", "Yo", "fi", "ffi", "fl", "ffl", "LT", "Ty", "Va", "P.", "F,", "AVATAR",
           "WAVE", "Tokyo", "Yoga", "Water", "Wolf", "Tapas", "Vote", "LAYOUT", "TYPO", "AT&T", "Y.T.", "office",
           "fjord", "AWAY", "Kerning", "T-shirt", "V-neck", "Wi-Fi"]
PUNCT = ["(beta)", "C++", "Node.js", "A/B testing", "\u201cquoted\u201d", "don\u2019t", "e-mail", "#hashtag",
         "@mention", "100%", "$9.99", "1,234.56", "\u2192 next", "1/2", "3\u00d74", "12:30", "2024-06-01", "v2.0.1",
         "a\u2013b", "wait\u2026", "\u00a9 2024", "x\u00b2", "50\u00b0C", "\u20ac12", "\u00a31", "[draft]", "{json}",
         "<tag>", "snake_case", "kebab-case"]
NUMBERS = [str(n) for n in (0, 1, 7, 11, 42, 99, 100, 149, 2048, 65536)]
ACCENTED = ["Caf\u00e9", "Cr\u00e8me br\u00fbl\u00e9e", "Stra\u00dfe", "\u00c6r\u00f8", "na\u00efve", "Z\u00fcrich",
            "S\u00e3o Paulo", "\u00c5ngstr\u00f6m", "\u0152uvre", "\u0141\u00f3d\u017a", "\u0130stanbul", "Dvo\u0159\u00e1k",
            "\u0391\u03b8\u03ae\u03bd\u03b1", "\u041c\u043e\u0441\u043a\u0432\u0430",
            "\u041f\u0440\u0438\u0432\u0435\u0442 \u043c\u0438\u0440", "\u039a\u03b1\u03bb\u03b7\u03bc\u03ad\u03c1\u03b1"]
WORDS = ["swift", "layout", "cloud", "tag", "chip", "flow", "wrap", "row", "text", "font", "shape", "glyph",
         "kern", "emoji", "bidi", "line", "break", "width", "height", "cache", "render", "cairo", "vector",
         "pixel", "image", "color", "theme", "spacing", "padding", "capsule", "border", "shadow", "grid",
         "stack", "view", "state", "binding", "preview", "data", "model", "network", "server", "client",
         "Apple", "Linux", "Debian", "Chromium", "HarfBuzz", "FreeType", "Unicode", "Typography", "Weekend",
         "Yellow", "Velvet", "Wave", "Tower", "Avenue", "Journey", "Quartz", "Zephyr", "Kayak", "Office"]
ARABIC = ["\u0645\u0631\u062d\u0628\u0627", "\u0627\u0644\u0633\u0644\u0627\u0645 \u0639\u0644\u064a\u0643\u0645",
          "\u0639\u0631\u0628\u064a", "\u0643\u062a\u0627\u0628"]
HEBREW = ["\u05e9\u05dc\u05d5\u05dd", "\u05e2\u05d1\u05e8\u05d9\u05ea"]
EMOJI = ["\U0001F600", "\u2600\ufe0f", "\U0001F4AA", "\U0001F469\u200d\U0001F469\u200d\U0001F467",
         "\U0001F1EF\U0001F1F5", "\U0001F44D\U0001F3FD", "1\ufe0f\u20e3", "\u2764\ufe0f", "\U0001F3F3\ufe0f\u200d\U0001F308",
         "\U0001F9D1\u200d\U0001F4BB", "\U0001F680", "\U0001F3C3\u200d\u2640\ufe0f"]
MIXED = ["Morning routine \u2600\ufe0f", "Exercise \U0001F4AA", "Family \U0001F469\u200d\U0001F469\u200d\U0001F467",
         "Japan \U0001F1EF\U0001F1F5", "Hi \u0645\u0631\u062d\u0628\u0627", "Hello \u0645\u0631\u062d\u0628\u0627 world",
         "Tag \u05e9\u05dc\u05d5\u05dd", "2024 \u0639\u0631\u0628\u064a", "Coffee \u2615", "Rocket \U0001F680 launch",
         "\U0001F600 smile", "Arabic (\u0639\u0631\u0628\u064a) text", "Likes \U0001F44D\U0001F3FD", "\u2600 sun text"]


def generated_labels(count, seed):
    rng = random.Random(seed)
    labels = []
    for _ in range(count):
        n = rng.choice([1, 1, 2, 2, 3])
        words = [rng.choice(WORDS) for _ in range(n)]
        if rng.random() < 0.5:
            words[0] = words[0][:1].upper() + words[0][1:]
        labels.append(" ".join(words))
    return labels


def ceil64(value):
    return Fraction(ceil(value * 64), 64)


def hb_shape(font, texts):
    """Shapes each text with hb-shape; returns one list of glyph dicts per text."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("\n".join(texts) + "\n")
        name = f.name
    try:
        out = subprocess.run(["hb-shape", "--font-funcs=ft", "--language=en", "--output-format=json",
                              "--no-glyph-names", "--utf8-clusters", os.path.join(FONTS, font), "--text-file=" + name],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(name)
    lines = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert len(lines) == len(texts), (font, len(lines), len(texts))
    return lines


def upem(font):
    """The unitsPerEm field of the font's head table (OpenType spec, 'head')."""
    with open(os.path.join(FONTS, font), "rb") as f:
        data = f.read()
    count = struct.unpack(">H", data[4:6])[0]
    for i in range(count):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        if tag == b"head":
            return struct.unpack(">H", data[offset + 18:offset + 20])[0]
    raise ValueError("no head table in " + font)


def make_hb_refs():
    latin = SEED_LABELS + KERNING + PUNCT + NUMBERS + ACCENTED + generated_labels(140, 1)
    sets = [
        ("Inter/Inter-Regular.otf", latin),
        ("Inter/Inter-Medium.otf", SEED_LABELS + KERNING + generated_labels(40, 2)),
        ("Inter/Inter-SemiBold.otf", SEED_LABELS + KERNING + generated_labels(40, 3)),
        ("Inter/Inter-Bold.otf", SEED_LABELS + KERNING + generated_labels(40, 4)),
        ("Inter/Inter-Italic.otf", SEED_LABELS[:20] + KERNING),
        ("DejaVu/DejaVuSans.ttf", SEED_LABELS[:20] + KERNING + ARABIC + HEBREW + generated_labels(30, 5)),
        ("DejaVu/DejaVuSans-Bold.ttf", KERNING + ARABIC + HEBREW),
        ("NotoColorEmoji/NotoColorEmoji.ttf", EMOJI),
    ]
    cases = []
    for font, texts in sets:
        shaped = hb_shape(font, texts)
        em = upem(font)
        for text, glyphs in zip(texts, shaped):
            units = sum(g["ax"] for g in glyphs)
            case = {"font": font, "text": text, "glyphs": [g["g"] for g in glyphs],
                    "clusters": [g["cl"] for g in glyphs], "advanceUnits": units, "unitsPerEm": em}
            if not font.startswith("NotoColorEmoji"):
                case["widths"] = [float(ceil64(Fraction(units) * Fraction(str(s)) / em)) for s in SIZES]
            cases.append(case)
    version = subprocess.run(["hb-shape", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    return {"generator": version + ", --font-funcs=ft --language=en", "sizes": SIZES, "cases": cases}


PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
@font-face{font-family:"TInter";src:url("%(fonts)s/Inter/Inter-Regular.otf");font-weight:400;font-style:normal}
@font-face{font-family:"TInter";src:url("%(fonts)s/Inter/Inter-Medium.otf");font-weight:500;font-style:normal}
@font-face{font-family:"TInter";src:url("%(fonts)s/Inter/Inter-SemiBold.otf");font-weight:600;font-style:normal}
@font-face{font-family:"TInter";src:url("%(fonts)s/Inter/Inter-Bold.otf");font-weight:700;font-style:normal}
@font-face{font-family:"TInter";src:url("%(fonts)s/Inter/Inter-Italic.otf");font-weight:400;font-style:italic}
@font-face{font-family:"TDejaVu";src:url("%(fonts)s/DejaVu/DejaVuSans.ttf");font-weight:400}
body{margin:0} div{line-height:normal;white-space:pre} i{display:inline-block;width:0;height:0}
</style></head><body><pre id=out></pre><div id=host></div><script>
const cases=%(cases)s;
async function run(){
  for (const w of [400,500,600,700]) await document.fonts.load(w+' 17px TInter');
  await document.fonts.load('italic 17px TInter'); await document.fonts.load('17px TDejaVu');
  const host=document.getElementById('host'); const res=[];
  for (const [text,family,weight,italic,size] of cases) {
    const d=document.createElement('div');
    d.style.fontFamily=family; d.style.fontWeight=weight; d.style.fontStyle=italic?'italic':'normal';
    d.style.fontSize=size+'px';
    const i=document.createElement('i'); const s=document.createElement('span'); s.textContent=text;
    d.appendChild(i); d.appendChild(s); host.appendChild(d);
    const r=s.getBoundingClientRect(), dr=d.getBoundingClientRect(), ir=i.getBoundingClientRect();
    res.push([r.width, dr.height, ir.top-dr.top]);
    host.removeChild(d);
  }
  document.getElementById('out').textContent=JSON.stringify(res);
}
run();
</script></body></html>"""


def same_file(a, b):
    def digest(p):
        with open(p, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    return os.path.exists(b) and digest(a) == digest(b)


def fc_file(family):
    return subprocess.run(["fc-match", "-f", "%{file}", family], capture_output=True, text=True).stdout


def make_chrome_refs():
    chromium = find_chromium()
    if not chromium:
        print("chromium not found: chromium_refs.json not regenerated", file=sys.stderr)
        return None
    for bundled, family in [("DejaVu/DejaVuSans.ttf", "DejaVu Sans"), ("NotoColorEmoji/NotoColorEmoji.ttf", "Noto Color Emoji")]:
        if not same_file(os.path.join(FONTS, bundled), fc_file(family)):
            sys.exit("the system's %s is not the bundled %s: install fonts-dejavu-core and "
                     "fonts-noto-color-emoji from Debian so Chromium's fallback uses the same files" % (family, bundled))
    cases = []
    latin = SEED_LABELS + KERNING + PUNCT[:20] + ACCENTED[:8] + generated_labels(60, 11)
    for size in CHROME_SIZES:
        for text in latin:
            cases.append([text, "TInter", 400, False, size])
        for text in EMOJI + MIXED + ARABIC + HEBREW:
            cases.append([text, "TInter", 400, False, size])
    for weight in (500, 600, 700):
        for size in (12, 17, 28):
            for text in SEED_LABELS[:20] + KERNING[:10]:
                cases.append([text, "TInter", weight, False, size])
    for size in (13, 17, 34):
        for text in SEED_LABELS[:12] + KERNING[:6]:
            cases.append([text, "TInter", 400, True, size])
    for size in (9, 17, 40, 72):
        for text in ["Hello", "x\U0001F600", "Swift \U0001F4AA", "\u0645\u0631\u062d\u0628\u0627"] + KERNING[:6]:
            cases.append([text, "TDejaVu", 400, False, size])
    results = run_chromium(PAGE % {"fonts": "file://" + FONTS, "cases": json.dumps(cases)})
    assert len(results) == len(cases)
    version = subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip()
    records = []
    for (text, family, weight, italic, size), (width, height, baseline) in zip(cases, results):
        records.append({"text": text, "family": "Inter" if family == "TInter" else "DejaVu Sans", "weight": weight,
                        "italic": italic, "size": size, "width": width, "height": height, "baseline": baseline})
    return {"generator": version + ", headless, @font-face bundled fonts, system fallback = bundled files",
            "cases": records}


WRAP_PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
@font-face{font-family:"TInter";src:url("%(fonts)s/Inter/Inter-Regular.otf");font-weight:400;font-style:normal}
body{margin:0} div{line-height:normal;white-space:normal;overflow-wrap:anywhere;font-family:TInter}
</style></head><body><pre id=out></pre><div id=host></div><script>
const cases=%(cases)s;
async function run(){
  await document.fonts.load('17px TInter');
  const host=document.getElementById('host'); const res=[];
  for (const [text,size,width] of cases) {
    const d=document.createElement('div'); d.style.fontSize=size+'px'; d.style.width=width+'px';
    d.textContent=text; host.appendChild(d);
    const range=document.createRange(); range.selectNodeContents(d.firstChild);
    const rects=Array.from(range.getClientRects()).map(r=>r.width);
    res.push([rects, d.getBoundingClientRect().height]);
    host.removeChild(d);
  }
  document.getElementById('out').textContent=JSON.stringify(res);
}
run();
</script></body></html>"""

WRAP_TEXTS = ["Some long item here", "And then some longer one", "The quick brown fox jumps over the lazy dog",
              "Sphinx of black quartz, judge my vow", "Building a Flow Layout in SwiftUI: Wrapping Views Like CSS Flexbox",
              "Tag clouds, chip collections and skill badges", "Morning routine with coffee and a walk",
              "state-of-the-art layout engine", "Supercalifragilisticexpialidocious", "iOS Development Exercise Swift",
              "A/B testing (beta) v2.0.1 release notes", "Reading time: 2 min", "Hello, world"]
WRAP_WIDTHS = [40, 60, 80, 120, 200]


def find_chromium():
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def run_chromium(page_text):
    """Loads `page_text` in headless Chromium and returns the JSON its script writes into <pre id=out>."""
    chromium = find_chromium()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "refs.html")
        with open(path, "w", encoding="utf-8") as f:
            f.write(page_text)
        out = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                              "--virtual-time-budget=20000", "--dump-dom", "file://" + path],
                             capture_output=True, text=True, timeout=300).stdout
    start = out.index("<pre id=\"out\">") + len("<pre id=\"out\">")
    return json.loads(out[start:out.index("</pre>", start)])


def make_chrome_wrap_refs():
    if not find_chromium():
        return None
    cases = [[text, size, width] for size in (12, 17, 28) for text in WRAP_TEXTS for width in WRAP_WIDTHS]
    results = run_chromium(WRAP_PAGE % {"fonts": "file://" + FONTS, "cases": json.dumps(cases)})
    assert len(results) == len(cases)
    records = [{"text": text, "size": size, "width": width, "lines": lines, "height": height}
               for (text, size, width), (lines, height) in zip(cases, results)]
    return {"generator": "chromium, white-space: normal, overflow-wrap: anywhere", "cases": records}


def write(name, data):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=0, sort_keys=True)
        f.write("\n")
    print("wrote %s (%d cases)" % (name, len(data["cases"])))


def main():
    write("hb_shape_refs.json", make_hb_refs())
    chrome = make_chrome_refs()
    if chrome:
        write("chromium_refs.json", chrome)
    wrap = make_chrome_wrap_refs()
    if wrap:
        write("chromium_wrap_refs.json", wrap)


if __name__ == "__main__":
    main()
