#!/usr/bin/env python3
"""Reference layouts of labels in the world's scripts from headless Chromium, with the same fonts
TagCloud uses: the bundled ones by @font-face, the machine's (Debian's Noto) through Chromium's
own fontconfig fallback.

Writes two fixtures:

Tests/TypesettingTests/Fixtures/chromium_script_refs.json
    Each label in a <span> (white-space: pre, line-height: normal) in the bundled families
    TagCloud's fallback order names ("Inter", "TagCloud Emoji", "DejaVu Sans", "Noto Color Emoji",
    as in flexrefs.py), at several sizes and weights, with and without a `lang` attribute.
    Recorded: the span's width, the line box's height, the baseline's distance from the top, and
    the families Chromium drew it with (DevTools' CSS.getPlatformFontsForNode): the fallback face
    Chromium picked for each script and language.

Tests/TagCloudTests/Fixtures/chromium-flex-scripts.json
    Seeded flex-wrap clouds of such labels, in the format of chromium-flex.json (flexrefs.py's page
    and CSS), for the conformance test that lays them out with the machine's fonts as fallback.

    python3 Tools/browser/scriptrefs.py

Needs chromium and the fonts-noto-core and fonts-noto-cjk packages. The results hold for the
installed Noto versions, which the fixtures record.
"""
import html, json, os, random, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import flexrefs  # noqa: E402
from cdp import Browser  # noqa: E402

LABELS = [
    "Ελληνικά", "Русский язык", "Հայերեն", "ქართული", "עברית", "العربية", "فارسی", "اردو", "हिन्दी", "क्षत्रिय",
    "বাংলা", "தமிழ்", "తెలుగు", "ಕನ್ನಡ", "മലയാളം", "ગુજરાતી", "ਪੰਜਾਬੀ", "ଓଡ଼ିଆ", "සිංහල", "ภาษาไทย", "ພາສາລາວ",
    "ភាសាខ្មែរ", "မြန်မာစာ", "བོད་ཡིག", "አማርኛ", "日本語", "ひらがな", "简体中文", "繁體中文", "한국어", "ᠮᠣᠩᠭᠣᠯ",
    "ᏣᎳᎩ", "ދިވެހި", "ⵜⴰⵎⴰⵣⵉⵖⵜ", "ܠܫܢܐ", "ꦧꦱꦗꦮ",
    "Tokyo 東京", "Hindi हिन्दी", "Привет 世界", "Thai ไทย 2024", "Seoul 서울 ☀️", "Amharic አማርኛ 💪",
]
CJK = ["日本語", "简体中文", "繁體中文", "한국어", "直骨", "Tokyo 東京"]
LANGS = ["ja", "zh-Hans", "zh-Hant", "zh-HK", "ko"]
SIZES = [12, 17, 28]
WEIGHTS = [400, 700]
FLEX_EXTRAS = LABELS + ["Swift", "Linux", "Typography", "café", "Morning routine ☀️", "مرحبا world"]


def cases():
    out = []
    for size in SIZES:
        for weight in WEIGHTS:
            for text in LABELS:
                out.append({"text": text, "size": size, "weight": weight, "lang": None})
    for lang in LANGS:
        for text in CJK:
            out.append({"text": text, "size": 17, "weight": 400, "lang": lang})
    return out


def span_page(items):
    faces = flexrefs.page([])  # the @font-face rules and styles of the flex page
    style = faces[faces.index("<style>") + 7:faces.index("</style>")]
    spans = "".join(
        f'<div><span id="s{i}" style="font-size:{c["size"]}px;font-weight:{c["weight"]}"'
        f'{(" lang=" + c["lang"]) if c["lang"] else ""}>{html.escape(c["text"])}</span>'
        f'<i id="b{i}" style="display:inline-block;width:0;height:0"></i></div>' for i, c in enumerate(items))
    family = flexrefs.FAMILIES["Inter"]
    return (f'<html><head><meta charset="utf-8"><style>{style} div{{line-height:normal;white-space:pre;'
            f'font-family:{family}}}</style></head><body>{spans}</body></html>')


def measure(items):
    with Browser() as browser:
        page = browser.new_page()
        page.set_content(span_page(items))
        page.evaluate("Promise.all([100,400,700].map(w => document.fonts.load(w + ' 16px Inter', 'AVa')))"
                      ".then(() => document.fonts.ready).then(() => true)")
        page.call("DOM.enable")
        page.call("CSS.enable")
        root = page.call("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
        boxes = page.evaluate("""[...document.querySelectorAll('span')].map((s, i) => {
            const d = s.parentElement.getBoundingClientRect(), r = s.getBoundingClientRect(),
                  b = document.getElementById('b' + i).getBoundingClientRect();
            return [r.width, d.height, b.top - d.top]; })""")
        for i, c in enumerate(items):
            node = page.call("DOM.querySelector", {"nodeId": root, "selector": f"#s{i}"})["nodeId"]
            fonts = page.call("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
            c["width"], c["height"], c["baseline"] = boxes[i]
            c["families"] = sorted({f["familyName"] for f in fonts})
    return items


def package_versions():
    return subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Version}\\n", "fonts-noto-core", "fonts-noto-cjk",
                           "fonts-noto-color-emoji", "fonts-dejavu-core"], capture_output=True, text=True).stdout.split("\n")[:-1]


def flex_cases(count, seed):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = rng.choice([3, 5, 8, 13, 21])
        base = rng.choice([12, 13, 15, 17, 20, 24])
        tags = [{"text": rng.choice(FLEX_EXTRAS), "size": base if rng.random() < 0.6 else rng.choice([11, 14, 18, 22, 28]),
                 "weight": rng.choice([400, 400, 500, 600, 700])} for _ in range(n)]
        out.append({"name": f"script-{i:03d}", "width": rng.choice([120, 200, 290.5, 320, 390, 480]),
                    "columnGap": rng.choice([0, 4, 8, 12.5]), "rowGap": rng.choice([0, 4, 8]),
                    "paddingH": rng.choice([4, 8, 12, 14]), "paddingV": rng.choice([4, 6, 8]),
                    "justification": rng.choice(list(flexrefs.JUSTIFY)), "horizontal": rng.choice(list(flexrefs.HALIGN)),
                    "vertical": rng.choice(["top", "center", "bottom", "firstTextBaseline"]),
                    "direction": rng.choice(["ltr", "ltr", "rtl"]), "tags": tags})
    return out


def main():
    versions = package_versions()
    browser = flexrefs.chromium_version()
    items = measure(cases())
    with open(os.path.join(ROOT, "Tests/TypesettingTests/Fixtures/chromium_script_refs.json"), "w", encoding="utf-8") as f:
        json.dump({"generator": "Tools/browser/scriptrefs.py", "browser": browser, "fonts": versions, "cases": items},
                  f, ensure_ascii=False, indent=0, sort_keys=True)
        f.write("\n")
    flex = flex_cases(60, 20261125)
    results = flexrefs.run_chromium(flexrefs.page(flex))
    for c in flex:
        r = results[c["name"]]
        c["expected"] = {"height": r["height"], "chips": [{"x": x, "y": y, "width": w, "height": h} for x, y, w, h in r["chips"]]}
    with open(os.path.join(ROOT, "Tests/TagCloudTests/Fixtures/chromium-flex-scripts.json"), "w", encoding="utf-8") as f:
        json.dump({"generator": "Tools/browser/scriptrefs.py", "browser": browser, "fonts": versions, "seed": 20261125,
                   "cases": flex}, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"wrote {len(items)} labels and {len(flex)} flex cases")


if __name__ == "__main__":
    sys.exit(main())
