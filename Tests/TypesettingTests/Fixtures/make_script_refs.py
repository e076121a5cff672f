#!/usr/bin/env python3
"""Regenerates script_shape_refs.json: labels in 36 scripts shaped by Debian's hb-shape with the
font file TagCloud's typesetter falls back to for them, for ScriptCoverageTests.

For each label (and its language, if any) the font is chosen as the typesetter chooses it: the
bundled Inter, then the bundled DejaVu Sans and Noto Color Emoji, then, for characters none of
them covers, the first font in fontconfig's sorted list for the language Chromium asks for
(`fc-match -s ':lang=L:scalable=true'`, the first font whose charset has the character; see
TextLanguage.fallbackLanguage). The label is then shaped whole by hb-shape with that file
(--font-funcs=ot, the language given or "en"), and the glyph ids, UTF-8 clusters and advance sum
in font units are recorded with the file's path, face index and the versions of the Debian
packages it came from. The tests compare the engine's glyphs and clusters with these and check
that no glyph is .notdef.

    python3 Tests/TypesettingTests/Fixtures/make_script_refs.py

Needs hb-shape (libharfbuzz-bin), fc-match (fontconfig) and the fonts-noto-core and
fonts-noto-cjk packages. Deterministic for the same installed fonts.
"""
import json, os, subprocess, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
BUNDLED = [os.path.join(ROOT, "Fonts", p) for p in
           ("Inter/Inter-Regular.otf", "DejaVu/DejaVuSans.ttf", "NotoColorEmoji/NotoColorEmoji.ttf")]

# (script, label, language, what it exercises)
LABELS = [
    ("Latin", "Typography", None, "kerning, Inter"),
    ("Greek", "Ελληνικά", None, "Inter"),
    ("Cyrillic", "Русский язык", None, "Inter"),
    ("Armenian", "Հայերեն", None, "DejaVu Sans"),
    ("Georgian", "ქართული", None, "DejaVu Sans"),
    ("Hebrew", "עברית", None, "right to left"),
    ("Arabic", "العربية", None, "contextual forms, lam-alef"),
    ("Persian", "فارسی", None, "contextual forms"),
    ("Urdu", "اردو", None, "contextual forms"),
    ("Devanagari", "हिन्दी क्षत्रिय", None, "conjuncts, i-matra reordering"),
    ("Bengali", "বাংলা ক্ষমা", None, "conjuncts, reordering"),
    ("Tamil", "தமிழ் கொ", None, "split vowel reordering"),
    ("Telugu", "తెలుగు", None, "below-base forms"),
    ("Kannada", "ಕನ್ನಡ", None, "conjuncts"),
    ("Malayalam", "മലയാളം ക്ക", None, "conjuncts"),
    ("Gujarati", "ગુજરાતી", None, "conjuncts"),
    ("Gurmukhi", "ਪੰਜਾਬੀ", None, "reordering"),
    ("Oriya", "ଓଡ଼ିଆ", None, "nukta"),
    ("Sinhala", "සිංහල ශ්‍රී", None, "ZWJ conjunct"),
    ("Thai", "ภาษาไทย", None, "above and below marks"),
    ("Lao", "ພາສາລາວ", None, "marks"),
    ("Khmer", "ភាសាខ្មែរ", None, "coeng subscripts, reordering"),
    ("Myanmar", "မြန်မာစာ", None, "medial ra reordering"),
    ("Tibetan", "བོད་ཡིག", None, "stacks"),
    ("Ethiopic", "አማርኛ", None, "syllables"),
    ("Japanese", "日本語のひらがな", "ja", "Japanese forms"),
    ("Simplified Chinese", "简体中文", "zh-Hans", "Simplified forms"),
    ("Traditional Chinese", "繁體中文", "zh-Hant", "Traditional forms"),
    ("Korean", "한국어", "ko", "Hangul"),
    ("Mongolian", "ᠮᠣᠩᠭᠣᠯ", None, "contextual forms, vertical script set horizontally"),
    ("Cherokee", "ᏣᎳᎩ", None, "Noto Sans Cherokee"),
    ("Thaana", "ދިވެހި", None, "right to left marks"),
    ("Tifinagh", "ⵜⴰⵎⴰⵣⵉⵖⵜ", None, "Noto Sans Tifinagh"),
    ("Syriac", "ܠܫܢܐ", None, "joining"),
    ("Javanese", "ꦧꦱꦗꦮ", None, "reordering"),
    ("Hangul (no language)", "서울", None, "CJK fallback without a language: the JP face"),
]
EMOJI = ("Emoji", "😀 👍🏽 🇯🇵 👩‍👩‍👧", None, "Noto Color Emoji (bundled)")

CHARSETS = {}


def charset(path, index):
    key = (path, index)
    if key not in CHARSETS:
        out = subprocess.run(["fc-query", "-i", str(index), "-f", "%{charset}", path], capture_output=True, text=True).stdout
        points = set()
        for part in out.split():
            low, _, high = part.partition("-")
            points.update(range(int(low, 16), int(high or low, 16) + 1))
        CHARSETS[key] = points
    return CHARSETS[key]


def fallback_language(language):
    """TextLanguage.fallbackLanguage, for the tags used here."""
    return {"ja": "ja", "zh-Hans": "zh-cn", "zh-Hant": "zh-tw", "ko": "ko"}.get(language, "en-us")


SORTED = {}


def sorted_fonts(language):
    if language not in SORTED:
        out = subprocess.run(["fc-match", "-s", ":lang=%s:scalable=true" % language, "-f", "%{file}|%{index}|%{fontformat}\n"],
                             capture_output=True, text=True, check=True).stdout
        SORTED[language] = [(f, int(i)) for f, i, fmt in (line.split("|") for line in out.splitlines())
                            if fmt in ("TrueType", "CFF")]
    return SORTED[language]


def ignorable(c):
    return c in (0x200C, 0x200D, 0xFE0F, 0xFE0E) or 0xE0020 <= c <= 0xE007F


def font_for(text, language):
    """The one font that draws every character of `text` the way the typesetter picks it."""
    chosen = set()
    for ch in text:
        c = ord(ch)
        if ch == " " or ignorable(c):
            continue
        for path in BUNDLED:
            if c in charset(path, 0):
                chosen.add((path, 0))
                break
        else:
            for path, index in sorted_fonts(fallback_language(language)):
                if c in charset(path, index):
                    chosen.add((path, index))
                    break
    assert len(chosen) == 1, (text, chosen)
    return chosen.pop()


def hb_shape(path, index, text, language):
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write(text + "\n")
        name = f.name
    try:
        out = subprocess.run(["hb-shape", "--font-funcs=ot", "--face-index=%d" % index, "--language=" + (language or "en"),
                              "--output-format=json", "--no-glyph-names", "--utf8-clusters", path, "--text-file=" + name],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(name)
    return json.loads(out.splitlines()[0])


def package_of(path):
    if path.startswith(ROOT):
        return "bundled"
    owner = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True).stdout.split(":")[0]
    version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", owner], capture_output=True, text=True).stdout
    return "%s %s" % (owner, version)


def main():
    cases = []
    for script, text, language, note in LABELS:
        path, index = font_for(text, language)
        glyphs = hb_shape(path, index, text, language)
        cases.append({"script": script, "text": text, "language": language, "note": note,
                      "font": os.path.relpath(path, ROOT) if path.startswith(ROOT) else path, "index": index,
                      "package": package_of(path), "glyphs": [g["g"] for g in glyphs],
                      "clusters": [g["cl"] for g in glyphs], "advanceUnits": sum(g["ax"] for g in glyphs)})
    version = subprocess.run(["hb-shape", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    data = {"generator": "make_script_refs.py, " + version + ", --font-funcs=ot", "cases": cases,
            "emoji": {"script": EMOJI[0], "text": EMOJI[1]}}
    with open(os.path.join(HERE, "script_shape_refs.json"), "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")
    for case in cases:
        print("%-22s %-45s %s" % (case["script"], case["font"].split("/")[-1] + "#%d" % case["index"], case["package"]))


if __name__ == "__main__":
    main()
