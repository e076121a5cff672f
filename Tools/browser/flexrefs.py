#!/usr/bin/env python3
"""Reference layouts from Chromium's CSS flex-wrap, for TagCloud's conformance tests.

Generates seeded random tag-cloud cases (tags, font sizes and weights, chip padding, gaps, container
width, justify-content, align-items, direction), lays each out as HTML/CSS in headless Chromium with
the bundled fonts, and writes the inputs with the chips' measured boxes to a JSON fixture:

    python3 Tools/browser/flexrefs.py --out Tests/TagCloudTests/Fixtures/chromium-flex.json

The first `--count` cases (300) are the general mix; `--stress` more (100) lean on what the mix
rarely reaches: emoji sequences and right-to-left scripts, very long tags, rows of many chips in
many sizes, stretch over many chips, `last baseline`, DejaVu Sans as the first family, fractional
gaps and paddings, and single-chip rows under every justification.

`--fractional-sizes` gives every tag a fractional size instead, as a weighted cloud's interpolated
sizes are (the fixture chromium-flex-fractional.json).

The CSS is the correspondence TagCloud promises (see the TagCloud DocC catalog): a definite-width
flex container with `flex-wrap: wrap`, `align-content: flex-start`, `column-gap`/`row-gap`;
chips `flex: none` (or `flex: 1 0 auto` for stretch) with padding and `line-height: normal`, at most
the container's width (`max-width: 100%`, a wider label cut with `text-overflow: ellipsis`);
justify-content for alignment and justification; align-items for the vertical alignment.

Alignment is `safe` (CSS Box Alignment 3, section 4.4): `justify-content: safe center` and
`safe flex-end`, so a chip wider than the container starts at the line's start edge instead of
overflowing it, which is what TagCloud does (its one deliberate difference from plain `center` and
`flex-end`). The space-* values need no keyword: with negative free space CSS already falls back to
the start edge. Only chips wider than their container are placed differently by the keyword.
"""
import argparse, html, json, math, os, random, struct, subprocess, sys, tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WEIGHTS = {100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular", 500: "Medium",
           600: "SemiBold", 700: "Bold", 800: "ExtraBold", 900: "Black"}
WORDS = ("swift swiftui layout flow chip tag cloud cairo harfbuzz freetype kerning ligature emoji "
         "baseline wrap justify align capsule render golden image static site regression test "
         "AV To Ta We Wo Yo fi office waffle Typography Yellow Wavy Avatar Tokyo affinity "
         "iOS macOS Linux Xcode UIKit Combine Async/Await Core Data SwiftData Vision ARKit "
         "naïve café résumé Straße Ελληνικά русский 2024 100% C++ #hashtag @mention").split()
STRESS_EXTRAS = ["👍🏽", "🏳️‍🌈 pride", "1️⃣ one", "café ☕", "✈︎ travel", "©️ 2024", "👨‍💻 dev", "עברית ו-English",
                 "السلام عليكم", "مرحبا بالعالم 123", "Ελληνικά 🇬🇷", "a\u00a0b", "x × y", "→ next", "fi fl ffi",
                 "🧠🧘📚💧", "e\u0301tude", "ǅemal"]
EXTRAS = ["Morning routine ☀️", "Exercise 💪", "Read a book 📚", "👩‍👩‍👧", "🇯🇵 Japan", "مرحبا world",
          "שלום", "Drink water 💧", "a", "W", "…"]
JUSTIFY = {"none": None, "spaceBetween": "space-between", "spaceAround": "space-around",
           "spaceEvenly": "space-evenly", "stretch": None}
HALIGN = {"leading": "flex-start", "center": "center", "trailing": "flex-end"}
VALIGN = {"top": "flex-start", "center": "center", "bottom": "flex-end",
          "firstTextBaseline": "baseline", "lastTextBaseline": "last baseline"}


def make_cases(count, seed):
    rng = random.Random(seed)
    cases = []
    for i in range(count):
        n = rng.choice([1, 2, 3, 5, 8, 13, 21, 34])
        base = rng.choice([9, 11, 12, 13, 15, 17, 20, 24, 32])
        tags = []
        for _ in range(n):
            if rng.random() < 0.12:
                text = rng.choice(EXTRAS)
            else:
                text = " ".join(rng.choice(WORDS) for _ in range(rng.choice([1, 1, 1, 2, 3])))
            size = base if rng.random() < 0.6 else rng.choice([9, 10, 12, 14, 16, 18, 22, 28, 36, 48])
            tags.append({"text": text, "size": size, "weight": rng.choice([400, 400, 400, 500, 600, 700, 300, 900])})
        cases.append({
            "name": f"case-{i:03d}",
            "width": rng.choice([40, 120, 200, 290.5, 320, 390, 480, 600, 1000]),
            "columnGap": rng.choice([0, 4, 6, 8, 8, 10, 12.5, 16]),
            "rowGap": rng.choice([0, 4, 8, 8, 10, 12]),
            "paddingH": rng.choice([0, 4, 8, 12, 12, 14, 16]),
            "paddingV": rng.choice([0, 4, 6, 8, 8, 16]),
            "justification": rng.choice(list(JUSTIFY)),
            "horizontal": rng.choice(list(HALIGN)),
            "vertical": rng.choice(["top", "top", "center", "bottom", "firstTextBaseline"]),
            "direction": rng.choice(["ltr", "ltr", "ltr", "rtl"]),
            "tags": tags,
        })
    return cases


def f32(x):
    """x rounded to single precision (Blink's font sizes are floats)."""
    return struct.unpack("f", struct.pack("f", x))[0]


def shares_a_font_cache_key(size):
    """Whether Chromium could draw `size` with a font made for another size earlier in the page.

    Blink floors a size to 1/100 px in single precision (FontDescription::EffectiveFontSize) and
    keys its font cache by that size times 100, truncated. For some hundredths the float product
    falls just short (9.65 × 100 is 964.99994): the size 9.655792 becomes 9.65 under the key of
    9.64, and whichever of the two comes first in the page fixes the font for both. TagCloud
    measures each size as Chromium does alone; the fixture leaves such sizes out, since the whole
    fixture is one page and a case's result would depend on the cases before it.
    """
    hundredths = math.floor(f32(f32(size) * 100))
    effective = f32(hundredths / 100)
    return math.floor(f32(effective * 100)) != hundredths


def make_stress_cases(count, seed, first_index):
    rng = random.Random(seed)
    cases = []
    for i in range(count):
        kind = rng.choice(["emoji", "long", "many", "stretch", "single", "mixed"])
        n = {"emoji": rng.choice([3, 8, 13]), "long": rng.choice([2, 4, 6]), "many": rng.choice([40, 60, 80]),
             "stretch": rng.choice([20, 40, 60]), "single": rng.choice([1, 2, 3]), "mixed": rng.choice([8, 21, 34])}[kind]
        sizes = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 28, 32, 36, 48]
        base = rng.choice(sizes)
        tags = []
        for _ in range(n):
            if kind == "emoji" or (kind == "mixed" and rng.random() < 0.4):
                text = rng.choice(STRESS_EXTRAS + EXTRAS)
            elif kind == "long":
                text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 30)))
            elif kind in ("many", "stretch"):
                text = rng.choice(WORDS + ["a", "W", "i", "OK", "1", "%"])
            else:
                text = " ".join(rng.choice(WORDS) for _ in range(rng.choice([1, 2])))
            size = rng.choice(sizes) if kind in ("many", "mixed") or rng.random() < 0.3 else base
            tags.append({"text": text, "size": size,
                         "weight": rng.choice([100, 200, 300, 400, 500, 600, 700, 800, 900])})
        cases.append({
            "name": f"case-{first_index + i:03d}",
            "width": rng.choice([57.25, 150, 333.3125, 400, 640, 1000, 1500, 2000]) if kind != "single"
                else rng.choice([100, 300, 800]),
            "columnGap": rng.choice([0, 0.5, 3.25, 8, 10.75, 20]),
            "rowGap": rng.choice([0, 2.5, 8, 13]),
            "paddingH": rng.choice([0, 2.5, 6, 12, 15.75]),
            "paddingV": rng.choice([0, 3, 4.5, 8]),
            "justification": "stretch" if kind == "stretch" else rng.choice(list(JUSTIFY)),
            "horizontal": rng.choice(list(HALIGN)),
            "vertical": rng.choice(list(VALIGN)),
            "direction": rng.choice(["ltr", "rtl"]),
            "family": rng.choice(["Inter", "Inter", "DejaVu Sans"]),
            "tags": tags,
        })
    return cases


# TagCloud's fallback for characters the requested face lacks is the bundled DejaVu Sans, then
# Noto Color Emoji, except for clusters shown as emoji (Emoji_Presentation=Yes, UTS #51), which
# try Noto Color Emoji first, as Blink orders its system fallback. The CSS names exactly these
# files: "TagCloud Emoji" is Noto Color Emoji limited (unicode-range) to the Emoji_Presentation
# code points, listed before DejaVu Sans; the full Noto Color Emoji comes last, for clusters with
# an emoji variation selector. A requested DejaVu Sans falls back to Noto Color Emoji only.
FAMILIES = {"Inter": '"Inter","TagCloud Emoji","DejaVu Sans","Noto Color Emoji"',
            "DejaVu Sans": '"DejaVu Sans","TagCloud Emoji","Noto Color Emoji"'}
EMOJI_DATA = "/usr/share/unicode/emoji/emoji-data.txt"


def emoji_presentation_range():
    """The Emoji_Presentation=Yes code points as a CSS unicode-range (Debian's unicode-data)."""
    ranges = []
    with open(EMOJI_DATA, encoding="utf-8") as f:
        for line in f:
            line = line.split("#")[0].strip()
            if not line:
                continue
            points, prop = [part.strip() for part in line.split(";")]
            if prop == "Emoji_Presentation":
                ranges.append("U+" + points.replace("..", "-U+"))
    # The characters that join or modify an emoji sequence: without them in the range Chromium
    # matches them in the next family, which splits a ZWJ sequence (a family of three drew as
    # three people) or a keycap, flag tag sequence or emoji variation.
    ranges += ["U+200D", "U+20E3", "U+FE0F", "U+E0020-U+E007F"]
    return ",".join(ranges)


def css_for(case):
    # `safe`: an overflowing chip starts at the start edge, as in TagCloud (see the docstring).
    justify = JUSTIFY[case["justification"]] or "safe " + HALIGN[case["horizontal"]]
    return (f"width:{case['width']}px;column-gap:{case['columnGap']}px;row-gap:{case['rowGap']}px;"
            f"justify-content:{justify};align-items:{VALIGN[case['vertical']]};direction:{case['direction']};"
            f"font-family:{html.escape(FAMILIES[case.get('family', 'Inter')])}")


def page(cases):
    faces = []
    for w, name in WEIGHTS.items():
        for italic in (False, True):
            file = f"Inter-{name}{'Italic' if italic else ''}.otf".replace("RegularItalic", "Italic")
            faces.append(f'@font-face{{font-family:"Inter";src:url("file://{ROOT}/Fonts/Inter/{file}");'
                         f'font-weight:{w};font-style:{"italic" if italic else "normal"}}}')
    faces.append(f'@font-face{{font-family:"DejaVu Sans";src:url("file://{ROOT}/Fonts/DejaVu/DejaVuSans.ttf")}}')
    faces.append(f'@font-face{{font-family:"DejaVu Sans";font-weight:700;src:url("file://{ROOT}/Fonts/DejaVu/DejaVuSans-Bold.ttf")}}')
    faces.append(f'@font-face{{font-family:"Noto Color Emoji";src:url("file://{ROOT}/Fonts/NotoColorEmoji/NotoColorEmoji.ttf")}}')
    faces.append(f'@font-face{{font-family:"TagCloud Emoji";src:url("file://{ROOT}/Fonts/NotoColorEmoji/NotoColorEmoji.ttf");'
                 f'unicode-range:{emoji_presentation_range()}}}')
    body = []
    for c in cases:
        grow = "flex:1 0 auto" if c["justification"] == "stretch" else "flex:none"
        chips = "".join(
            f'<span class="chip" style="{grow};font-size:{t["size"]}px;font-weight:{t["weight"]};'
            f'padding:{c["paddingV"]}px {c["paddingH"]}px">{html.escape(t["text"])}</span>' for t in c["tags"])
        body.append(f'<div class="cloud" id="{c["name"]}" style="{css_for(c)}">{chips}</div>')
    script = """
const loads=[];for(const w of [100,200,300,400,500,600,700,800,900]){loads.push(document.fonts.load(w+' 16px Inter','AVa'));}
loads.push(document.fonts.load('16px "Noto Color Emoji"','💪'));loads.push(document.fonts.load('16px "TagCloud Emoji"','💪'));loads.push(document.fonts.load('16px "DejaVu Sans"','مש'));
loads.push(document.fonts.load('700 16px "DejaVu Sans"','مש'));
Promise.all(loads).then(()=>document.fonts.ready).then(()=>{const out={};
for(const c of document.querySelectorAll('.cloud')){const cr=c.getBoundingClientRect();
out[c.id]={height:cr.height,chips:[...c.children].map(s=>{const b=s.getBoundingClientRect();
return [b.x-cr.x,b.y-cr.y,b.width,b.height];})};}
document.getElementById('out').textContent=JSON.stringify(out);});"""
    return (f'<html><head><meta charset="utf-8"><style>{"".join(faces)}body{{margin:0}}'
            '.cloud{display:flex;flex-wrap:wrap;align-content:flex-start;margin-bottom:20px}'
            '.chip{line-height:normal;white-space:pre;max-width:100%;box-sizing:border-box;overflow:hidden;'
            'text-overflow:ellipsis}</style></head><body>'
            + "".join(body) + f'<pre id="out"></pre><script>{script}</script></body></html>')


def run_chromium(document):
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as f:
        f.write(document)
        path = f.name
    try:
        out = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                              "--allow-file-access-from-files", "--virtual-time-budget=10000",
                              "--dump-dom", "file://" + path], capture_output=True, text=True, timeout=180).stdout
    finally:
        os.unlink(path)
    start = out.find('<pre id="out">') + len('<pre id="out">')
    end = out.find("</pre>", start)
    return json.loads(html.unescape(out[start:end]))


def chromium_version():
    return subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=os.path.join(ROOT, "Tests/TagCloudTests/Fixtures/chromium-flex.json"))
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--stress", type=int, default=100)
    parser.add_argument("--fractional-sizes", action="store_true",
                        help="give every tag a fractional font size (9 to 48 px, 6 decimals), as a "
                             "weighted cloud's interpolated sizes are")
    args = parser.parse_args()
    cases = make_cases(args.count, args.seed) + make_stress_cases(args.stress, args.seed + 1, args.count)
    if args.fractional_sizes:
        rng = random.Random(args.seed + 2)
        for c in cases:
            for t in c["tags"]:
                t["size"] = round(rng.uniform(9, 48), 6)
                while shares_a_font_cache_key(t["size"]):
                    t["size"] = round(rng.uniform(9, 48), 6)
    results = run_chromium(page(cases))
    for c in cases:
        r = results[c["name"]]
        c["expected"] = {"height": r["height"],
                         "chips": [{"x": x, "y": y, "width": w, "height": h} for x, y, w, h in r["chips"]]}
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"generator": "Tools/browser/flexrefs.py", "browser": chromium_version(),
                   "seed": args.seed, "cases": cases}, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"wrote {len(cases)} cases to {args.out}")


if __name__ == "__main__":
    sys.exit(main())
