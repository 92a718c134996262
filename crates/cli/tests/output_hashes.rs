//! Every output byte of `maze`, pinned by a table of SHA-256 hashes.
//!
//! The cases below run the built binary (`generate`, `solve`, `render`, `stats`) with fixed
//! seeds over every shape, every generator on every shape it supports, every solver, every
//! format that applies (text and unicode only for square, hex, triangle and sigma cells), the
//! topologies (wrap, levels, weave, masks), the picture options, MultiMaze, batches,
//! `--where` filters, streaming and animations. Each output is hashed: the file of `-o`, or
//! else standard output; standard output beside an `-o` file, and standard error, are
//! outputs of their own (`NAME:stdout`, `NAME:stderr`) when they are not empty. The table
//! `tests/golden/output-hashes.txt` holds one line per output: the name, the hash and the
//! exact arguments (`{dir}` is a scratch folder; `solve`, `render` and `stats` read files
//! that earlier `generate` cases wrote there).
//!
//! A change of any byte fails the test, which then lists every output that differs with
//! its old and new hash. `UPDATE_GOLDEN=1 cargo test --release -p maze-cli --test
//! output_hashes` rewrites the table instead: review the diff before committing it. A
//! refactoring that should change nothing (such as moving `maze generate` into a library
//! crate) proves it by passing unchanged.
//!
//! The outputs hold no date, path or timing. The version string of the program
//! (`CARGO_PKG_VERSION`) appears in none of them today; should a format start to print it,
//! the hashes would change with a version bump only, which is expected. Each case also
//! runs twice and must give the same bytes both times, and the batch cases (`--count`,
//! `--where`, `--hardness`, written with `-j 1`) run again on four threads (`-j 4`) and must
//! give the same bytes.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use sha2::{Digest, Sha256};

/// The table, relative to the crate.
const TABLE: &str = "output-hashes.txt";

/// One command and the outputs it writes.
#[derive(Clone, Debug)]
struct Case {
    /// A short unique name (also the stem of its lines in the table).
    name: String,
    /// The arguments, `{dir}` standing for the scratch folder.
    args: Vec<String>,
}

impl Case {
    /// A batch case: written with `-j 1`, checked again with `-j 4`.
    fn threads(&self) -> Option<usize> {
        self.args.iter().position(|a| a == "-j").map(|i| i + 1)
    }

    /// Whether it reads a file another case writes (so it runs after every `generate`).
    fn reads_files(&self) -> bool {
        self.args.first().is_some_and(|a| a != "generate")
    }

    /// The arguments as the table prints them: shell words, quoted where needed.
    fn shown(&self) -> String {
        self.args.iter().map(|a| quote(a)).collect::<Vec<_>>().join(" ")
    }
}

/// `word` as a shell word: in single quotes unless it is made of safe characters only.
fn quote(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./{}=:,+%#@".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        assert!(!word.contains('\''), "no single quotes in case arguments: {word:?}");
        format!("'{word}'")
    }
}

/// The case list, built up in order.
#[derive(Default)]
struct Cases(Vec<Case>);

impl Cases {
    /// Adds the case `name` running `maze ARGS` (shell words).
    fn add(&mut self, name: impl Into<String>, args: &str) {
        let name = name.into();
        assert!(!self.0.iter().any(|c| c.name == name), "two cases named {name}");
        self.0.push(Case { name, args: maze_testkit::words(args) });
    }

    /// Adds `NAME.FORMAT` running `maze ARGS -f FORMAT` for each format.
    fn formats(&mut self, name: &str, args: &str, formats: &[&str]) {
        for f in formats {
            self.add(format!("{name}.{f}"), &format!("{args} -f {f}"));
        }
    }
}

/// The formats of every shape.
const DRAWINGS: [&str; 9] = ["json", "maze", "svg", "png", "pdf", "tex", "scad", "stl", "gif"];

/// The formats that apply to `shape`: the drawings, and the text pictures for shapes that
/// have one.
fn formats_of(shape: &str) -> Vec<&'static str> {
    let mut all = Vec::new();
    if matches!(shape, "square" | "hex" | "triangle" | "sigma") {
        all.extend(["text", "unicode"]);
    }
    all.extend(DRAWINGS);
    all
}

/// The generators of every shape, and those of square cells alone.
const GENERATORS: [&str; 9] = [
    "kruskal",
    "aldous-broder",
    "recursive-backtracker",
    "wilson",
    "prim",
    "prim-true",
    "prim-modified",
    "hunt-and-kill",
    "growing-tree",
];
const SQUARE_ONLY: [&str; 5] = ["quad-division", "binary-tree", "eller", "sidewinder", "recursive-division"];

const SOLVERS: [&str; 9] = [
    "dfs",
    "backtracker",
    "bfs",
    "a-star",
    "dead-end-filler",
    "wall-follower",
    "wall-follower-right",
    "tremaux",
    "pledge",
];

const SHAPES: [(&str, &str); 6] = [
    ("square", "-W 12 -H 9"),
    ("hex", "-s hex -W 10 -H 8"),
    ("triangle", "-s triangle -W 12 -H 8"),
    ("polar", "-s polar -W 6 -H 8"),
    ("upsilon", "-s upsilon -W 9 -H 7"),
    ("sigma", "-s sigma -W 10 -H 7"),
];

fn cases() -> Vec<Case> {
    let mut c = Cases::default();

    // Every shape, solved, in every format that applies.
    for (i, (shape, size)) in SHAPES.iter().enumerate() {
        c.formats(shape, &format!("generate {size} --seed {} --solve", 3 + i), &formats_of(shape));
    }

    // Every generator on every shape it supports: text pictures where the shape has one,
    // else the maze file; and square mazes drawn as svg too.
    for (i, g) in GENERATORS.iter().chain(&SQUARE_ONLY).enumerate() {
        let args = format!("generate -W 10 -H 7 --seed {} -a {g}", 20 + i);
        c.formats(&format!("square-{g}"), &args, &["text", "svg"]);
    }
    for (shape, size) in &SHAPES[1..] {
        for (i, g) in GENERATORS.iter().enumerate() {
            let format = if matches!(*shape, "hex" | "triangle" | "sigma") { "text" } else { "json" };
            c.formats(
                &format!("{shape}-{g}"),
                &format!("generate {size} --seed {} -a {g}", 40 + i),
                &[format],
            );
        }
    }
    // Origin Shift, on every shape (its own seeds, so the entries above keep theirs), and
    // with --steps 0: its starting breadth-first tree.
    for (i, (shape, size)) in SHAPES.iter().enumerate() {
        let format = if matches!(*shape, "polar" | "upsilon") { "json" } else { "text" };
        c.formats(
            &format!("{shape}-origin-shift"),
            &format!("generate {size} --seed {} -a origin-shift", 60 + i),
            &[format],
        );
    }
    c.add("square-origin-shift-steps-0.text", "generate -W 10 -H 7 --seed 5 -a origin-shift --steps 0");
    // Tile grids: the as_pixels layout, wide corridors over a braid, a mask, a MultiMaze.
    c.add("square.grid", "generate -W 10 -H 7 --seed 5 -f grid");
    c.add(
        "square-corridor-3-wall-2.grid",
        "generate -W 10 -H 7 --seed 5 --braid 0.3 --corridor-width 3 --wall-tiles 2 -f grid",
    );
    c.add("square-mask.grid", "generate -W 8 -H 6 --seed 5 --mask-data XXXX..XX/XXXXXXXX/XX..XXXX -f grid");
    c.add(
        "square-multimaze.grid",
        "generate -W 9 -H 6 --seed 5 --starts 2 --ends 3 --corridor-width 2 -f grid",
    );
    c.add(
        "square-binary-tree-south-west.text",
        "generate -W 10 -H 7 --seed 5 -a binary-tree --bias south-west",
    );
    for policy in ["newest", "random", "oldest"] {
        c.add(
            format!("square-growing-tree-{policy}.text"),
            &format!("generate -W 10 -H 7 --seed 5 -a growing-tree --policy {policy}"),
        );
    }

    // Topologies.
    for wrap in ["x", "y", "xy"] {
        let args = format!("generate -W 10 -H 8 --wrap {wrap} --seed 8 --solve");
        c.formats(&format!("square-wrap-{wrap}"), &args, &["text", "svg", "json"]);
        let args = format!("generate -s hex -W 8 -H 6 --wrap {wrap} --seed 9 --solve -a wilson");
        c.formats(&format!("hex-wrap-{wrap}"), &args, &["text", "svg"]);
    }
    for wrap in ["x", "y", "xy"] {
        let args = format!("generate -s sigma -W 8 -H 6 --wrap {wrap} --seed 9 --solve -a wilson");
        c.formats(&format!("sigma-wrap-{wrap}"), &args, &["text", "svg"]);
    }
    c.formats(
        "square-wrap-xy-kruskal",
        "generate -W 9 -H 6 --wrap xy --seed 4 -a kruskal --solve",
        &["png", "pdf", "stl"],
    );
    c.formats(
        "square-levels-3",
        "generate -W 6 -H 5 --levels 3 --seed 9 --solve",
        &["text", "unicode", "json", "maze", "svg", "png", "pdf", "scad", "stl"],
    );
    c.formats(
        "hex-levels-3",
        "generate -s hex -W 5 -H 4 --levels 3 --seed 9 --solve -a prim",
        &["text", "json", "svg"],
    );
    c.formats(
        "sigma-levels-3",
        "generate -s sigma -W 5 -H 4 --levels 3 --seed 9 --solve -a prim",
        &["text", "json", "svg"],
    );
    c.formats(
        "square-weave",
        "generate -W 14 -H 10 --weave 0.3 --seed 10 --solve",
        &["text", "unicode", "json", "maze", "svg", "png", "pdf", "tex"],
    );
    c.formats(
        "square-weave-kruskal",
        "generate -W 14 -H 10 --weave 0.3 --seed 10 -a kruskal --solve",
        &["text", "svg"],
    );
    c.formats(
        "square-mask-text",
        "generate --mask-text HI --seed 13 --solve",
        &["text", "json", "svg", "png"],
    );
    c.formats(
        "hex-mask-text",
        "generate -s hex --mask-text Go --seed 13 --solve -a kruskal",
        &["text", "svg"],
    );
    c.formats(
        "sigma-mask-text",
        "generate -s sigma --mask-text Go --seed 13 --solve -a kruskal",
        &["text", "svg"],
    );
    c.formats(
        "square-mask-data",
        "generate --mask-data XXX..XXX/XXX..XXX/XXX..XXX/........ --mask-connect --seed 14 --solve",
        &["text", "json", "svg"],
    );
    c.formats(
        "triangle-mask-data",
        "generate -s triangle --mask-data XXXX.XXXX/XXXX.XXXX/XXXX.XXXX --mask-connect --seed 14 --solve",
        &["text", "svg"],
    );

    // Solvers: every one on a braided square maze (loops), and some on the other shapes.
    for s in SOLVERS {
        c.add(
            format!("square-braid-solve-{s}.text"),
            &format!("generate -W 12 -H 8 --seed 31 --braid 0.5 --solve {s}"),
        );
    }
    c.add(
        "square-braid-solve-tremaux.svg",
        "generate -W 12 -H 8 --seed 31 --braid 0.5 --solve tremaux -f svg",
    );
    c.add("hex-solve-a-star.svg", "generate -s hex -W 10 -H 8 --seed 32 --solve a-star -f svg");
    c.add(
        "triangle-solve-wall-follower.text",
        "generate -s triangle -W 12 -H 8 --seed 33 --solve wall-follower",
    );
    c.add(
        "polar-solve-dead-end-filler.svg",
        "generate -s polar -W 6 -H 8 --seed 34 --solve dead-end-filler -f svg",
    );
    c.add(
        "upsilon-solve-tremaux.png",
        "generate -s upsilon -W 9 -H 7 --seed 35 --braid 0.4 --solve tremaux -f png",
    );
    c.formats(
        "square-no-visited",
        "generate -W 12 -H 9 --seed 3 --solve --no-visited",
        &["json", "svg", "png"],
    );

    // Picture options.
    c.formats(
        "square-style-document",
        "generate -W 12 -H 9 --seed 3 --solve --style document",
        &["svg", "png", "pdf"],
    );
    c.add("hex-style-document.svg", "generate -s hex -W 10 -H 8 --seed 4 --solve --style document -f svg");
    c.formats("square-heat", "generate -W 12 -H 9 --seed 3 --heat", &["svg", "png", "pdf"]);
    c.add("polar-heat.svg", "generate -s polar -W 6 -H 8 --seed 6 --heat -f svg");
    c.formats(
        "square-braid",
        "generate -W 20 -H 15 --braid 0.5 --seed 12 --solve -a wilson",
        &["text", "json", "svg"],
    );
    c.formats(
        "square-multimaze",
        "generate -W 14 -H 10 --starts 3 --ends 3 --seed 11 --solve -a aldous-broder",
        &["text", "json", "maze", "svg", "png", "pdf"],
    );
    c.add("hex-multimaze.svg", "generate -s hex -W 10 -H 8 --starts 3 --ends 3 --seed 11 -f svg");
    // The puzzle numbered on request (its dots are plain by default), and the default
    // MultiMaze's page, laid on A4 the long way.
    c.add(
        "hex-multimaze-numbered.svg",
        "generate -s hex -W 10 -H 8 --starts 3 --ends 3 --seed 11 --numbered -f svg",
    );
    c.add("square-multimaze-default.pdf", "generate --starts 8 --ends 8 --seed 11 -f pdf");
    c.add(
        "square-colours.svg",
        "generate -W 8 -H 6 --seed 2 --solve --wall-colour red --background #eeeeee --path-colour #00f -f svg",
    );
    c.add("square-cell-size.svg", "generate -W 8 -H 6 --seed 2 --solve --cell-size 24 --wall-width 4 -f svg");
    c.add(
        "square-title.png",
        "generate -W 8 -H 6 --seed 2 --title 'A maze' --instructions 'Find the way' -f png",
    );
    c.add(
        "square-paper.pdf",
        "generate -W 30 -H 20 --seed 2 --solve --paper letter-landscape --cell-size 6mm --margin 10 --title Hello -f pdf",
    );
    c.add("square-fit.pdf", "generate -W 80 -H 60 --seed 2 --cell-size 1in --fit -f pdf");
    c.add("square-tex-fragment.tex", "generate -W 8 -H 6 --seed 2 --solve --tex-fragment -f tex");
    c.add("square-dots.svg", "generate -W 8 -H 6 --seed 2 --starts 2 --ends 2 --dot-size 0.6 -f svg");
    c.add("square-no-markers.png", "generate -W 8 -H 6 --seed 2 --no-markers -f png");
    c.add("square-model.scad", "generate -W 8 -H 6 --seed 2 --wall-height 5 --base 1.5 -f scad");
    c.add("square-model.stl", "generate -W 8 -H 6 --seed 2 --wall-height 5 --base 1.5 -f stl");
    c.add("square-ends.text", "generate -W 10 -H 7 --seed 2 --entrance left --exit farthest --solve");
    c.add(
        "polar-ends.text",
        "generate -s polar -W 6 -H 5 --seed 2 --entrance 0,0 --exit outer --solve -f json",
    );
    c.add("square-difficulty-3.text", "generate -d 3 --seed 2 --solve");
    c.add("square-parametric.scad", "generate -W 12 -H 9 --seed 3 --parametric -f scad");
    c.add(
        "square-parametric-bias.scad",
        "generate -W 7 -H 5 --seed 9 -a binary-tree --bias south-west --parametric -f scad",
    );
    c.add(
        "square-parametric-ends.scad",
        "generate -W 7 -H 5 --seed 9 --entrance 0,0 --exit bottom --parametric -f scad",
    );
    c.add("square-flat.scad", "generate -W 8 -H 6 --seed 2 --wall-height 0 -f scad");
    c.add("square-parametric-flat.scad", "generate -W 12 -H 9 --seed 3 --wall-height 0 --parametric -f scad");

    // Animations.
    c.add("square-zones.svg", "generate -W 8 -H 6 --seed 3 -a kruskal --zones -f svg");
    c.add("square-zones.gif", "generate -W 8 -H 6 --seed 3 -a kruskal --zones -f gif");
    c.add("hex-zones.svg", "generate -s hex -W 6 -H 5 --seed 3 -a wilson --zones --frames 12 -f svg");
    c.add("square-animate.svg", "generate -W 8 -H 6 --seed 3 --solve --animate -f svg");
    c.add(
        "triangle-animate.gif",
        "generate -s triangle -W 8 -H 5 --seed 3 --braid 0.5 --frames 30 --delay 40 -f gif",
    );
    c.add("polar-animate.gif", "generate -s polar -W 5 -H 4 --seed 3 -a prim --duration 2 -f gif");
    // Wall adders: the first frame is the open field, walls appear level by level.
    c.add("square-quad-animate.gif", "generate -W 8 -H 8 --seed 3 -a quad-division --frames 12 -f gif");
    c.add(
        "square-division-animate.svg",
        "generate -W 8 -H 6 --seed 3 -a recursive-division --animate -f svg",
    );

    // Streaming, row by row.
    c.add("square-stream-eller.text", "generate -W 12 -H 30 --seed 5 -a eller --stream");
    c.add(
        "square-stream-sidewinder.unicode",
        "generate -W 12 -H 30 --seed 5 -a sidewinder --stream -f unicode",
    );
    c.add("square-stream-binary-tree.png", "generate -W 12 -H 30 --seed 5 -a binary-tree --stream -f png");
    c.add("square-stream-eller.png", "generate -W 40 -H 100 --seed 5 -a eller --stream -f png");

    // Batches and filters, on one thread (and checked on four).
    c.formats(
        "square-count-3",
        "generate -W 8 -H 6 --seed 100 --count 3 -j 1",
        &["json", "text", "unicode", "maze"],
    );
    c.add("square-count-3-solve.pdf", "generate -W 8 -H 6 --seed 100 --count 3 --solve -j 1 -f pdf");
    c.add("hex-count-3.json", "generate -s hex -W 6 -H 5 --seed 100 --count 3 -a wilson -j 1 -f json");
    c.add("square-where.json", "generate -W 8 -H 6 --seed 1 --count 2 --where solution>=20 -j 1 -f json");
    c.add(
        "square-where-two.text",
        "generate -W 10 -H 8 --seed 1 --count 3 --where dead_ends<0.25 --where solution>=25 --solve -j 1",
    );
    c.add("square-hardness.json", "generate -W 8 -H 6 --seed 1 --count 2 --hardness hard -j 1 -f json");
    c.add("square-stats.text", "generate -W 8 -H 6 --seed 1 --count 2 --stats -j 1");
    c.add(
        "square-stats-json-file.json",
        "generate -W 8 -H 6 --seed 1 --count 2 --stats json -j 1 -f json -o {dir}/stats-batch.json",
    );

    // The cases of the script this test replaced (scripts/output-hashes.sh), larger mazes
    // among them, in its nine formats (text only where the shape has a text picture).
    let script = [
        ("square", "-W 12 -H 9 --seed 3"),
        ("square-solve", "-W 12 -H 9 --seed 3 --solve"),
        ("square-solve-heat", "-W 12 -H 9 --seed 3 --solve --heat"),
        ("hex-solve", "-s hex -W 10 -H 8 --seed 4 --solve"),
        ("triangle-solve", "-s triangle -W 12 -H 8 --seed 5 --solve"),
        ("polar-solve", "-s polar -W 6 -H 8 --seed 6 --solve"),
        ("upsilon-solve", "-s upsilon -W 9 -H 7 --seed 7 --solve"),
        ("square-wrap-xy", "-W 10 -H 10 --wrap xy --seed 8 --solve"),
        ("hex-wrap-y", "-s hex -W 10 -H 8 --wrap y --seed 8 --solve"),
        ("square-levels-3", "-W 6 -H 6 --levels 3 --seed 9 --solve"),
        ("square-weave", "-W 14 -H 10 --weave 0.4 --seed 10 --solve"),
        ("square-weave-kruskal", "-W 14 -H 10 --weave 0.4 --seed 10 -a kruskal"),
        ("square-multimaze", "-W 14 -H 10 --starts 3 --ends 3 --seed 11 --solve -a aldous-broder"),
        ("square-braid", "-W 20 -H 15 --braid 0.5 --seed 12 --solve -a wilson"),
        ("square-mask", "--mask-data .XX./XXXX/XXXX/.XX. --seed 13 --solve"),
        ("hex-prim-large", "-s hex -W 30 -H 20 --seed 14 --solve -a prim"),
        ("square-kruskal-large", "-W 60 -H 40 --seed 15 --solve -a kruskal"),
        ("triangle-hunt-and-kill-large", "-s triangle -W 30 -H 20 --seed 16 -a hunt-and-kill"),
        ("polar-large", "-s polar -W 8 -H 16 --seed 17 --solve"),
        ("sigma-solve", "-s sigma -W 10 -H 8 --seed 18 --solve"),
    ];
    for (name, args) in script {
        let text = !name.starts_with("polar") && !name.starts_with("upsilon");
        // A heat map is drawn on still pictures only (the others refuse --heat).
        let heat = name.ends_with("-heat");
        let formats: Vec<&str> = ["svg", "tex", "scad", "stl", "pdf", "png", "text", "json", "maze"]
            .into_iter()
            .filter(|f| text || *f != "text")
            .filter(|f| !heat || ["svg", "tex", "pdf", "png"].contains(f))
            .collect();
        c.formats(&format!("script-{name}"), &format!("generate {args}"), &formats);
    }

    // Files written with -o, and read back by solve, render and stats.
    c.add(
        "saved-square.json",
        "generate -W 12 -H 9 --seed 41 --braid 0.3 --solve -f json -o {dir}/square.json",
    );
    c.add("saved-hex.json", "generate -s hex -W 8 -H 6 --seed 42 --solve -f json -o {dir}/hex.json");
    c.add("saved-sigma.json", "generate -s sigma -W 8 -H 6 --seed 44 --solve -f json -o {dir}/sigma.json");
    c.add("saved-polar.json", "generate -s polar -W 5 -H 5 --seed 43 -f json -o {dir}/polar.json");
    c.add(
        "saved-square.maze",
        "generate -W 12 -H 9 --seed 41 --braid 0.3 --solve -f maze -o {dir}/square.maze",
    );
    c.add("saved-square.png", "generate -W 12 -H 9 --seed 41 --solve -f png -o {dir}/square.png");
    c.add("saved-square.pdf", "generate -W 12 -H 9 --seed 41 --solve -f pdf -o {dir}/square.pdf");
    c.add("solve-square.text", "solve {dir}/square.json");
    c.add("solve-square-a-star.svg", "solve {dir}/square.json -a a-star -f svg");
    c.add("solve-square-tremaux.json", "solve {dir}/square.json -a tremaux -f json");
    c.add("solve-square-dead-end-filler.png", "solve {dir}/square.json -a dead-end-filler -f png");
    c.add("solve-square-from-to.unicode", "solve {dir}/square.json --from 0 --to 50 -f unicode");
    c.add("solve-square-sides.text", "solve {dir}/square.json --from top --to bottom -a wall-follower-right");
    c.add("solve-square-dfs.gif", "solve {dir}/square.json -a dfs -f gif");
    c.add("solve-square-bfs-animate.svg", "solve {dir}/square.json --animate --frames 10 -f svg");
    c.add("solve-square-maze.text", "solve {dir}/square.maze -a backtracker");
    c.add("solve-hex.text", "solve {dir}/hex.json -a a-star");
    c.add("solve-sigma-pledge.text", "solve {dir}/sigma.json -a pledge");
    c.add("solve-polar.svg", "solve {dir}/polar.json -a bfs -f svg");
    c.add("render-square.text", "render {dir}/square.json");
    c.add("render-square.unicode", "render {dir}/square.json -f unicode");
    c.add("render-square.svg", "render {dir}/square.json -f svg");
    c.add("render-square.png", "render {dir}/square.json -f png");
    c.add("render-square.pdf", "render {dir}/square.json -f pdf");
    c.add("render-square.stl", "render {dir}/square.json -f stl");
    c.add("render-square-no-solution.svg", "render {dir}/square.json --no-solution -f svg");
    c.add("render-square-maze.json", "render {dir}/square.maze -f json");
    c.add("render-hex.tex", "render {dir}/hex.json -f tex");
    c.add("render-sigma.png", "render {dir}/sigma.json -f png");
    c.add("render-polar.scad", "render {dir}/polar.json -f scad");
    c.add("stats-square.text", "stats {dir}/square.json");
    c.add("stats-batch.json", "stats {dir}/stats-batch.json --json");
    c.0
}

/// What one run wrote: (line name, bytes) for each output.
type Outputs = Vec<(String, Vec<u8>)>;

/// Runs `case` with `{dir}` standing for `dir`, and `-j` set to `threads` if given.
fn run(case: &Case, dir: &Path, threads: Option<&str>) -> Result<Outputs, String> {
    let mut args: Vec<String> =
        case.args.iter().map(|a| a.replace("{dir}", dir.to_str().expect("utf-8"))).collect();
    if let (Some(i), Some(t)) = (case.threads(), threads) {
        args[i] = t.to_string();
    }
    let file = args.iter().position(|a| a == "-o").map(|i| PathBuf::from(&args[i + 1]));
    if let Some(f) = &file {
        let _ = std::fs::remove_file(f);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_maze")).args(&args).output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("{}: {}", out.status, String::from_utf8_lossy(&out.stderr).trim_end()));
    }
    let mut outputs = Vec::new();
    match &file {
        Some(f) => {
            outputs.push((case.name.clone(), std::fs::read(f).map_err(|e| format!("{}: {e}", f.display()))?));
            if !out.stdout.is_empty() {
                outputs.push((format!("{}:stdout", case.name), out.stdout));
            }
        }
        None => outputs.push((case.name.clone(), out.stdout)),
    }
    if !out.stderr.is_empty() {
        outputs.push((format!("{}:stderr", case.name), out.stderr));
    }
    Ok(outputs)
}

/// The SHA-256 of `bytes`, in lower-case hex.
fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().fold(String::with_capacity(64), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// One line of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Line {
    hash: String,
    args: String,
}

/// The table's lines by name.
fn parse(table: &str) -> BTreeMap<String, Line> {
    let mut lines = BTreeMap::new();
    for l in table.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let parts =
            l.split_once(' ').and_then(|(name, rest)| Some((name, rest.trim_start().split_once(' ')?)));
        let Some((name, (hash, args))) = parts else { panic!("bad line in {TABLE}: {l:?}") };
        lines.insert(name.to_string(), Line { hash: hash.to_string(), args: args.to_string() });
    }
    lines
}

/// The table's text: a header, then one line per output in case order.
fn format_table(rows: &[(String, Line)]) -> String {
    let width = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let mut out = String::from(
        "# SHA-256 of every output of `maze` (crates/cli/tests/output_hashes.rs): NAME HASH ARGUMENTS.\n\
         # NAME:stdout and NAME:stderr are the streams beside the main output; {dir} is a scratch folder.\n\
         # Rewrite with UPDATE_GOLDEN=1 cargo test --release -p maze-cli --test output_hashes\n",
    );
    for (name, line) in rows {
        let _ = writeln!(out, "{name:width$} {} {}", line.hash, line.args);
    }
    out
}

/// Runs every case (on a few threads), each twice, and the batch cases on four threads as
/// well; the table's rows in case order, and the problems found.
fn run_all(cases: &[Case]) -> (Vec<(String, Line)>, Vec<String>) {
    let dir = maze_testkit::tempdir("output-hashes");
    let results: Mutex<BTreeMap<usize, Result<Outputs, String>>> = Mutex::new(BTreeMap::new());
    let problems = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(2, 4);
    // Generate cases first: solve, render and stats read their files.
    for phase in [false, true] {
        let next = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::SeqCst);
                        let Some(case) = cases.get(i) else { break };
                        if case.reads_files() != phase {
                            continue;
                        }
                        let first = run(case, &dir, None);
                        let mut found = Vec::new();
                        if let Ok(a) = &first {
                            match run(case, &dir, None) {
                                Ok(b) if &b == a => {}
                                Ok(_) => {
                                    found.push(format!("{}: two runs gave different outputs", case.name))
                                }
                                Err(e) => found.push(format!("{}: the second run failed: {e}", case.name)),
                            }
                            if case.threads().is_some() {
                                match run(case, &dir, Some("4")) {
                                    Ok(b) if &b == a => {}
                                    Ok(_) => found.push(format!("{}: -j 4 differs from -j 1", case.name)),
                                    Err(e) => found.push(format!("{}: -j 4 failed: {e}", case.name)),
                                }
                            }
                        }
                        problems.lock().expect("lock").extend(found);
                        results.lock().expect("lock").insert(i, first);
                    }
                });
            }
        });
    }
    let mut rows = Vec::new();
    let mut problems = problems.into_inner().expect("lock");
    for (i, result) in results.into_inner().expect("lock") {
        let case = &cases[i];
        match result {
            Ok(outputs) => rows.extend(
                outputs
                    .into_iter()
                    .map(|(name, bytes)| (name, Line { hash: sha256(&bytes), args: case.shown() })),
            ),
            Err(e) => problems.push(format!("{}: maze {} failed: {e}", case.name, case.shown())),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    (rows, problems)
}

#[test]
fn every_output_byte_matches_the_table() {
    let cases = cases();
    let (rows, mut problems) = run_all(&cases);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(TABLE);
    let table = format_table(&rows);
    if maze_testkit::updating_golden() {
        assert!(problems.is_empty(), "not written, as some cases failed:\n{}", problems.join("\n"));
        maze_testkit::golden(env!("CARGO_MANIFEST_DIR"), TABLE, &table);
        return;
    }
    let old = parse(&std::fs::read_to_string(&path).unwrap_or_default());
    let new: BTreeMap<String, Line> = rows.iter().cloned().collect();
    let mut differ = Vec::new();
    for (name, line) in &new {
        match old.get(name) {
            None => {
                differ.push(format!("{name}: new output (not in the table): {} {}", line.hash, line.args))
            }
            Some(o) if o.args != line.args => {
                differ.push(format!("{name}: arguments changed: table `{}`, test `{}`", o.args, line.args))
            }
            Some(o) if o.hash != line.hash => {
                differ.push(format!("{name}: table {} now {}", o.hash, line.hash))
            }
            Some(_) => {}
        }
    }
    for (name, o) in &old {
        if !new.contains_key(name) {
            differ.push(format!("{name}: in the table but not written any more: {} {}", o.hash, o.args));
        }
    }
    problems.extend(differ);
    assert!(
        problems.is_empty(),
        "{} of {} outputs differ from {} or failed:\n{}\nReview, then run UPDATE_GOLDEN=1 cargo test --release -p \
         maze-cli --test output_hashes",
        problems.len(),
        new.len(),
        path.display(),
        problems.join("\n")
    );
    // Same lines: the file must be exactly what the test writes (order and header too).
    maze_testkit::golden(env!("CARGO_MANIFEST_DIR"), TABLE, &table);
}

#[test]
fn the_cases_cover_every_shape_generator_solver_and_format() {
    let cases = cases();
    let out = Command::new(env!("CARGO_BIN_EXE_maze")).args(["list", "--json"]).output().expect("maze list");
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let names = |key: &str| -> Vec<String> {
        list[key]
            .as_array()
            .expect("a list")
            .iter()
            .map(|v| v["name"].as_str().expect("name").to_string())
            .collect()
    };
    // (shape, generator) of every generate case, and the formats each shape is written in.
    let mut pairs = BTreeSet::new();
    let mut formats = BTreeSet::new();
    let mut solvers = BTreeSet::new();
    for case in &cases {
        let value = |flags: &[&str]| {
            case.args
                .iter()
                .position(|a| flags.contains(&a.as_str()))
                .and_then(|i| case.args.get(i + 1).cloned())
        };
        let command = case.args[0].as_str();
        if command == "generate" {
            let shape = value(&["-s", "--shape"]).unwrap_or_else(|| "square".into());
            let generator = value(&["-a", "--algorithm"]).unwrap_or_else(|| "recursive-backtracker".into());
            pairs.insert((shape.clone(), generator));
            formats.insert((shape, value(&["-f", "--format"]).unwrap_or_else(|| "text".into())));
            if let Some(s) = value(&["--solve"]).filter(|s| !s.starts_with('-')) {
                solvers.insert(s);
            }
        } else if command == "solve" {
            solvers.insert(value(&["-a", "--algorithm"]).unwrap_or_else(|| "bfs".into()));
        }
    }
    for g in list["generators"].as_array().expect("generators") {
        let name = g["name"].as_str().expect("name");
        for shape in g["shapes"].as_array().expect("shapes") {
            let shape = shape.as_str().expect("shape").to_string();
            assert!(pairs.contains(&(shape.clone(), name.to_string())), "no case runs {name} on {shape}");
        }
    }
    for shape in names("shapes") {
        for format in names("formats") {
            let applies = formats_of(&shape).contains(&format.as_str());
            assert!(
                !applies || formats.contains(&(shape.clone(), format.clone())),
                "no case writes {shape} as {format}"
            );
        }
    }
    for solver in names("solvers") {
        assert!(solvers.contains(&solver), "no case solves with {solver}");
    }
}

#[test]
fn table_words_round_trip() {
    let args = ["generate", "--title", "A maze", "--where", "solution>=20", "{dir}/x.json", "#eee"];
    let case = Case { name: "x".into(), args: args.iter().map(|s| s.to_string()).collect() };
    assert_eq!(maze_testkit::words(&case.shown()), args);
    let rows = vec![("x".to_string(), Line { hash: "ab".into(), args: case.shown() })];
    assert_eq!(parse(&format_table(&rows)).get("x"), Some(&rows[0].1));
}
