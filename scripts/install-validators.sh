#!/usr/bin/env bash
# Installs the programs the output tests check our files with (Debian packages):
# xmllint and rsvg-convert (SVG), pngcheck (PNG), qpdf/pdfinfo/pdftoppm/pdftotext (PDF),
# pdflatex with TikZ (TeX: texlive-latex-base and texlive-pictures, all the standalone
# .tex needs), openscad and admesh (3D), gifsicle (animated GIFs), tmux (the terminal
# game's end-to-end test), Xvfb, xdotool and xwd (the game's window under a virtual
# display: keys, clicks and a screenshot; the window loads libX11 and libXcursor when it
# opens), GNU parallel (the sharding script's test) and GNU time (/usr/bin/time: a
# stream's peak memory), Ghostscript (gs: the inkcov device checks a black-only book) and
# a Japanese font (fonts-ipafont-gothic: a book titled in Japanese with --font), and
# Tiled's tmxrasterizer (package tiled: renders a -f tmj map headless, QT_QPA_PLATFORM=offscreen).
# Every tool a test asks maze_testkit::have for is in this list: under
# MAZE_REQUIRE_VALIDATORS=1 (CI) a missing one fails its test.
# Skips the install when every tool is already present. Needs root (CI runs as root).
set -euo pipefail
tools=(xmllint rsvg-convert pngcheck qpdf pdfinfo pdftoppm pdftotext pdffonts gs pdflatex openscad admesh gifsicle tmux Xvfb xdotool xwd parallel /usr/bin/time tmxrasterizer)
# Files the tests read (fonts), checked like the tools.
files=(/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf)
missing=()
for t in "${tools[@]}"; do
    command -v "$t" > /dev/null || missing+=("$t")
done
for f in "${files[@]}"; do
    [ -e "$f" ] || missing+=("$f")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "validators present: ${tools[*]}"
    exit 0
fi
echo "installing validators (missing: ${missing[*]})"
# shellcheck source=scripts/apt.sh
. "$(dirname "$0")/apt.sh"
apt_install libxml2-utils librsvg2-bin pngcheck qpdf poppler-utils ghostscript fonts-ipafont-gothic \
    texlive-latex-base texlive-pictures \
    openscad admesh gifsicle tmux xvfb xdotool x11-apps libx11-6 libxcursor1 parallel time tiled
for t in "${tools[@]}"; do
    command -v "$t" > /dev/null || { echo "still missing after install: $t" >&2; exit 1; }
done
for f in "${files[@]}"; do
    [ -e "$f" ] || { echo "still missing after install: $f" >&2; exit 1; }
done
