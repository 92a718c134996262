#!/usr/bin/env python3
"""Writes the README's opening picture: one maze of each kind the project draws, side by
side in one SVG, each made by the `maze` command line (so the picture stays true).

    python3 scripts/montage.py [MAZE_BINARY] [OUT]

MAZE_BINARY defaults to target/release/maze, OUT to docs/images/montage.svg. Each tile is
`maze generate ... -f svg` nested as it is (its own viewBox), with a caption under it.
"""
import re
import subprocess
import sys
from xml.sax.saxutils import escape

TILES = [
    ("square", ["-W", "12", "-H", "12", "--seed", "3", "--solve"]),
    ("hex", ["-s", "hex", "-W", "10", "-H", "9", "--seed", "4", "--solve"]),
    ("sigma", ["-s", "sigma", "-W", "10", "-H", "8", "--seed", "5", "--solve"]),
    ("triangle", ["-s", "triangle", "-W", "16", "-H", "9", "--seed", "6", "--solve"]),
    ("polar", ["-s", "polar", "-W", "8", "-H", "6", "--seed", "7", "--solve"]),
    ("upsilon", ["-s", "upsilon", "-W", "9", "-H", "9", "--seed", "8", "--solve"]),
    ("woven", ["-W", "10", "-H", "10", "--weave", "0.4", "--seed", "9", "--solve"]),
    ("masked (a word)", ["--mask-text", "Hi", "--seed", "10", "--solve"]),
    ("torus (wrap xy)", ["-W", "12", "-H", "12", "--wrap", "xy", "--seed", "11", "--solve"]),
    ("3 levels", ["-W", "6", "-H", "6", "--levels", "3", "--seed", "12", "--solve"]),
    ("MultiMaze", ["-W", "12", "-H", "12", "--starts", "3", "--ends", "3", "-a", "aldous-broder", "--seed", "13"]),
    ("heat map", ["-W", "14", "-H", "14", "--seed", "14", "--solve", "--heat"]),
    ("labyrinth (unicursal)", ["-W", "12", "-H", "12", "--unicursal", "--seed", "15"]),
    ("round labyrinth", ["-s", "polar", "-W", "8", "-H", "8", "--unicursal", "--seed", "16"]),
    ("hex cylinder (wrap x)", ["-s", "hex", "-W", "10", "-H", "8", "--wrap", "x", "--seed", "17", "--solve"]),
    ("sigma, 2 levels", ["-s", "sigma", "-W", "6", "-H", "5", "--levels", "2", "--seed", "18", "--solve"]),
]
COLUMNS = 4
TILE = 240.0  # each maze fits a TILE x TILE box
CAPTION = 26.0
GAP = 16.0


def tile(binary, args):
    out = subprocess.run([binary, "generate", *args, "-f", "svg"], check=True, capture_output=True)
    svg = out.stdout.decode()
    svg = re.sub(r"<\?xml[^>]*\?>\s*", "", svg)
    root = re.search(r"<svg\b[^>]*>", svg).group(0)
    box = re.search(r'viewBox="([^"]+)"', root)
    if box:
        _, _, w, h = (float(v) for v in box.group(1).split())
    else:
        w = float(re.search(r'width="([\d.]+)', root).group(1))
        h = float(re.search(r'height="([\d.]+)', root).group(1))
    return svg, w, h


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/maze"
    out = sys.argv[2] if len(sys.argv) > 2 else "docs/images/montage.svg"
    rows = (len(TILES) + COLUMNS - 1) // COLUMNS
    width = COLUMNS * TILE + (COLUMNS + 1) * GAP
    height = rows * (TILE + CAPTION) + (rows + 1) * GAP
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" font-family="sans-serif" font-size="16">',
        f'<rect width="{width:g}" height="{height:g}" fill="#ffffff"/>',
    ]
    for i, (name, args) in enumerate(TILES):
        svg, w, h = tile(binary, args)
        scale = min(TILE / w, TILE / h)
        x = GAP + (i % COLUMNS) * (TILE + GAP) + (TILE - w * scale) / 2
        y = GAP + (i // COLUMNS) * (TILE + CAPTION + GAP) + (TILE - h * scale) / 2
        # The maze's own <svg>, placed and sized; its viewBox scales it.
        root = re.search(r"<svg\b[^>]*>", svg).group(0)
        placed = re.sub(r'\s(width|height)="[^"]*"', "", root).replace(
            "<svg", f'<svg x="{x:.1f}" y="{y:.1f}" width="{w * scale:.1f}" height="{h * scale:.1f}"', 1)
        inner = svg.replace(root, placed, 1)
        parts.append(inner)
        cx = GAP + (i % COLUMNS) * (TILE + GAP) + TILE / 2
        cy = GAP + (i // COLUMNS) * (TILE + CAPTION + GAP) + TILE + CAPTION - 6
        parts.append(f'<text x="{cx:.1f}" y="{cy:.1f}" text-anchor="middle">{escape(name)}</text>')
    parts.append("</svg>\n")
    with open(out, "w") as f:
        f.write("\n".join(parts))
    print(f"{out}: {len(TILES)} mazes")


if __name__ == "__main__":
    main()
