#!/usr/bin/python3
"""Writes two PNG bombs into a folder, for the fault matrix and make bench.

claims.png  65 bytes: a header claiming 65535 x 65535 RGB pixels (12.9 GB decoded) and no data.
bomb.png    a real 20,000 x 20,000 RGB picture of zeros: 1.2 GB decoded, about 1.2 MB compressed.

    make-png-bombs.py FOLDER
"""
import os
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, idat):
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def main():
    folder = sys.argv[1]
    with open(os.path.join(folder, "claims.png"), "wb") as out:
        out.write(png(65535, 65535, zlib.compress(b"")))
    compressor = zlib.compressobj(9)
    row = b"\0" * (1 + 20000 * 3)  # a filter byte and the row's pixels
    data = b"".join(compressor.compress(row) for _ in range(20000)) + compressor.flush()
    with open(os.path.join(folder, "bomb.png"), "wb") as out:
        out.write(png(20000, 20000, data))


main()
