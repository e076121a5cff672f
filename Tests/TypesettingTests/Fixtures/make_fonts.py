#!/usr/bin/env python3
"""Makes the small font files the Typesetting tests load, in Fixtures/Fonts/ beside this script.

InterSubset.woff2  Inter Regular (bundled, SIL OFL 1.1) cut to printable ASCII with hb-subset
                   (libharfbuzz-bin), compressed with woff2_compress (Debian's woff2).
InterSubset.woff   The same subset as WOFF 1.0: each table zlib-compressed (WOFF 1.0, section 5),
                   written here with Python's zlib, since Debian packages no sfnt2woff.
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


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        inter = os.path.join(scratch, "InterSubset.otf")
        subset(os.path.join(ROOT, "Fonts/Inter/Inter-Regular.otf"), ASCII, inter)
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
