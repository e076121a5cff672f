#!/usr/bin/env python3
"""Makes the small font files the Typesetting tests load, in Fixtures/Fonts/ beside this script.

InterSubset.woff2  Inter Regular (bundled, SIL OFL 1.1) cut to printable ASCII with hb-subset
                   (libharfbuzz-bin), compressed with woff2_compress (Debian's woff2).
InterSubset.woff   The same subset as WOFF 1.0: each table zlib-compressed (WOFF 1.0, section 5),
                   written here with Python's zlib, since Debian packages no sfnt2woff.
InterSkipsBases.otf, InterTracks.otf
                   The same ASCII subset of Inter Regular, changed with fontTools (python3-fonttools)
                   into fonts that HarfBuzz does not position by pairs alone: the first's kerning
                   lookup skips base glyphs (so it pairs glyphs that are not neighbours), the
                   second adds 100 units to every glyph's advance under `trak`, a feature HarfBuzz
                   turns on by default. Shaping by pairs must refuse both.
DevanagariSubset.ttf  Noto Sans Devanagari Regular (fonts-noto-core, SIL OFL 1.1) cut to the
                   characters of a few Hindi words with their conjunct and reordering lookups:
                   the font a test installs in a private fontconfig configuration.

Their licences are copied beside them. Deterministic: the same tools give the same files.

    python3 Tests/TypesettingTests/Fixtures/make_fonts.py
"""
import os, shutil, struct, subprocess, tempfile, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
OUT = os.path.join(HERE, "Fonts")
ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
HINDI = "हिन्दी नमस्ते क्षत्रिय स्त्री द्वार"
DEVANAGARI = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"


def subset(font, text, out):
    subprocess.run(["hb-subset", "--text=" + text, "--output-file=" + out, font], check=True)


def woff1(sfnt):
    """WOFF 1.0 from an sfnt: header, table directory, zlib-compressed tables (kept raw when
    compression does not make them smaller), each 4-byte aligned."""
    flavor, count = struct.unpack(">IH", sfnt[:6])
    records = [struct.unpack(">4sIII", sfnt[12 + 16 * i:28 + 16 * i]) for i in range(count)]
    header_size, directory_size = 44, 20 * count
    offset = header_size + directory_size
    directory, data = b"", b""
    for tag, checksum, start, length in records:
        raw = sfnt[start:start + length]
        packed = zlib.compress(raw, 9)
        stored = packed if len(packed) < len(raw) else raw
        directory += struct.pack(">4sIIII", tag, offset + len(data), len(stored), length, checksum)
        data += stored + b"\0" * (-len(stored) % 4)
    total = header_size + directory_size + len(data)
    header = struct.pack(">4sIIHHIHHIIIII", b"wOFF", flavor, total, count, 0, len(sfnt), 1, 0, 0, 0, 0, 0, 0)
    return header + directory + data


def pair_variants(sfnt_path):
    """The two fonts shaping by pairs must refuse (see the docstring), from an ASCII subset."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables import otTables
    from fontTools.ttLib.tables.otBase import ValueRecord

    font = TTFont(sfnt_path, recalcTimestamp=False)
    gpos = font["GPOS"].table
    for record in gpos.FeatureList.FeatureRecord:
        if record.FeatureTag == "kern":
            for index in record.Feature.LookupListIndex:
                gpos.LookupList.Lookup[index].LookupFlag |= 0x0002   # IgnoreBaseGlyphs
    font.save(os.path.join(OUT, "InterSkipsBases.otf"), reorderTables=True)

    font = TTFont(sfnt_path, recalcTimestamp=False)
    gpos = font["GPOS"].table
    subtable = otTables.SinglePos()
    subtable.Format = 1
    subtable.Coverage = otTables.Coverage()
    subtable.Coverage.glyphs = font.getGlyphOrder()[1:]
    subtable.ValueFormat = 0x0004
    subtable.Value = ValueRecord()
    subtable.Value.XAdvance = 100
    lookup = otTables.Lookup()
    lookup.LookupType, lookup.LookupFlag, lookup.SubTable, lookup.SubTableCount = 1, 0, [subtable], 1
    gpos.LookupList.Lookup.append(lookup)
    gpos.LookupList.LookupCount = len(gpos.LookupList.Lookup)
    record = otTables.FeatureRecord()
    record.FeatureTag = "trak"
    record.Feature = otTables.Feature()
    record.Feature.FeatureParams = None
    record.Feature.LookupListIndex = [len(gpos.LookupList.Lookup) - 1]
    record.Feature.LookupCount = 1
    gpos.FeatureList.FeatureRecord.append(record)
    gpos.FeatureList.FeatureCount = len(gpos.FeatureList.FeatureRecord)
    feature = gpos.FeatureList.FeatureCount - 1
    for script in gpos.ScriptList.ScriptRecord:
        systems = [script.Script.DefaultLangSys] + [r.LangSys for r in script.Script.LangSysRecord]
        for system in systems:
            if system is not None:
                system.FeatureIndex.append(feature)
                system.FeatureCount = len(system.FeatureIndex)
    font.save(os.path.join(OUT, "InterTracks.otf"), reorderTables=True)


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        inter = os.path.join(scratch, "InterSubset.otf")
        subset(os.path.join(ROOT, "Fonts/Inter/Inter-Regular.otf"), ASCII, inter)
        pair_variants(inter)
        subprocess.run(["woff2_compress", inter], check=True, capture_output=True)
        shutil.copy(os.path.join(scratch, "InterSubset.woff2"), os.path.join(OUT, "InterSubset.woff2"))
        with open(inter, "rb") as f:
            sfnt = f.read()
        with open(os.path.join(OUT, "InterSubset.woff"), "wb") as f:
            f.write(woff1(sfnt))
    subset(DEVANAGARI, HINDI, os.path.join(OUT, "DevanagariSubset.ttf"))
    shutil.copy(os.path.join(ROOT, "Fonts/Inter/LICENSE"), os.path.join(OUT, "LICENSE-Inter"))
    shutil.copy("/usr/share/doc/fonts-noto-core/copyright", os.path.join(OUT, "LICENSE-Noto"))
    for name in sorted(os.listdir(OUT)):
        print(name, os.path.getsize(os.path.join(OUT, name)))


if __name__ == "__main__":
    main()
