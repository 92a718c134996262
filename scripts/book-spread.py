#!/usr/bin/env python3
"""Writes the README's picture of a printed book's spread: two facing pages (an even page on
the left, the next odd page on the right) of a 6 x 9 in book that `maze generate` makes with
bleed, mirrored margins, page numbers on the outside and a title page, drawn by poppler's
`pdftoppm` and set side by side with a thin gap for the spine.

    python3 scripts/book-spread.py [MAZE_BINARY] [OUT]

MAZE_BINARY defaults to target/release/maze, OUT to docs/images/book-spread.png. Needs
pdftoppm (Debian's poppler-utils, installed by scripts/install-validators.sh). The PNG is
written here with zlib (no imaging library needed); the pages are 60 dots an inch.
"""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

BOOK = [
    "-W", "14", "-H", "18", "-n", "12", "--seed", "2026", "--solve", "-f", "pdf",
    "--trim", "6x9in", "--bleed", "--keys-per-page", "6", "--page-numbers",
    "--order", "difficulty", "--front-page", "--title", "Mazes for a Rainy Day",
]
# Pages 2 and 3: the first two puzzles, facing (the title page is page 1, on the right).
LEFT, RIGHT = 2, 3
DPI = 60
GAP = 6  # pixels of spine between the pages
GREY = (120, 120, 120)


def read_ppm(path):
    """Width, height and RGB bytes of a binary PPM (P6) as pdftoppm writes it."""
    data = open(path, "rb").read()
    fields, at = [], 0
    while len(fields) < 4:
        while data[at : at + 1].isspace():
            at += 1
        if data[at : at + 1] == b"#":
            at = data.index(b"\n", at) + 1
            continue
        end = at
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    if fields[0] != b"P6" or fields[3] != b"255":
        sys.exit(f"{path}: not an 8-bit binary PPM")
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[at + 1 : at + 1 + 3 * w * h]


def png(w, h, rows):
    """A PNG of `rows` (RGB bytes each), unfiltered."""
    raw = b"".join(b"\x00" + r for r in rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/maze"
    out = sys.argv[2] if len(sys.argv) > 2 else "docs/images/book-spread.png"
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "book.pdf")
        subprocess.run([binary, "generate", *BOOK, "-o", book], check=True)
        pages = []
        for n in (LEFT, RIGHT):
            stem = os.path.join(tmp, f"p{n}")
            subprocess.run(
                ["pdftoppm", "-f", str(n), "-l", str(n), "-r", str(DPI), "-singlefile", book, stem],
                check=True,
            )
            pages.append(read_ppm(stem + ".ppm"))
    (lw, lh, left), (rw, rh, right) = pages
    if lh != rh:
        sys.exit(f"facing pages of different heights: {lh} and {rh}")
    gap = bytes(GREY) * GAP
    rows = [left[3 * lw * y : 3 * lw * (y + 1)] + gap + right[3 * rw * y : 3 * rw * (y + 1)] for y in range(lh)]
    with open(out + ".tmp", "wb") as f:
        f.write(png(lw + GAP + rw, lh, rows))
    os.replace(out + ".tmp", out)
    print(f"{out}: {lw + GAP + rw} x {lh} px, pages {LEFT} and {RIGHT}")


if __name__ == "__main__":
    main()
