//! More shapes from the command line: circular (polar) and upsilon mazes, masks from
//! text files, PNG pictures and words, and chosen entrances and exits, as a newcomer types
//! them. Files are parsed back (JSON) or checked by their consumers where installed.

use std::fs;
use std::process::Command as StdCommand;

use assert_cmd::Command;
use maze_testkit::{assert_fails, have, tempdir};
use serde_json::Value;

fn maze() -> Command {
    Command::cargo_bin("maze").expect("the maze binary is built")
}

fn stdout_of(args: &[&str]) -> String {
    let out = maze().args(args).output().expect("runs");
    assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

fn json_of(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["-f", "json"]);
    serde_json::from_str(&stdout_of(&all)).expect("json")
}

fn bin() -> String {
    assert_cmd::cargo::cargo_bin("maze").to_str().expect("utf-8 path").to_string()
}

/// Breadth-first distances over the passages of a JSON maze file.
fn distances(v: &Value, from: u64) -> Vec<u64> {
    let n = v["cells"].as_u64().expect("cells") as usize;
    let mut adj = vec![Vec::new(); n];
    for p in v["passages"].as_array().expect("passages") {
        let (a, b) = (p[0].as_u64().expect("a") as usize, p[1].as_u64().expect("b") as usize);
        adj[a].push(b);
        adj[b].push(a);
    }
    let mut dist = vec![u64::MAX; n];
    dist[from as usize] = 0;
    let mut queue = std::collections::VecDeque::from([from as usize]);
    while let Some(c) = queue.pop_front() {
        for &b in &adj[c] {
            if dist[b] == u64::MAX {
                dist[b] = dist[c] + 1;
                queue.push_back(b);
            }
        }
    }
    dist
}

fn assert_perfect(v: &Value, what: &str) {
    let n = v["cells"].as_u64().expect("cells");
    assert_eq!(v["passages"].as_array().expect("passages").len() as u64, n - 1, "{what}: a tree");
    assert!(distances(v, 0).iter().all(|&d| d != u64::MAX), "{what}: connected");
}

#[test]
fn polar_mazes_are_circles_of_true_arcs_from_the_rim_to_the_centre() {
    let v = json_of(&["generate", "--shape", "polar", "--rings", "6", "--seed", "4", "--solve"]);
    assert_eq!(v["shape"]["kind"], "polar");
    assert_eq!((v["shape"]["width"].as_u64(), v["shape"]["height"].as_u64()), (Some(6), Some(6)));
    assert_perfect(&v, "polar");
    // Rings double outwards: 6 cells in the middle, more on the rim; exit at the centre.
    let n = v["cells"].as_u64().expect("cells");
    assert!(n > 6 * 6, "{n} cells: the rings grow");
    assert_eq!(v["exit"], 0, "the exit is in the innermost ring");
    assert!(v["entrance"].as_u64().expect("entrance") >= n - 48, "the entrance is on the rim");
    let path = v["solution"]["path"].as_array().expect("path");
    assert_eq!(path.first(), Some(&v["entrance"]));
    assert_eq!(path.last(), Some(&v["exit"]));

    let svg = stdout_of(&["generate", "--shape", "polar", "--rings", "6", "--seed", "4", "-f", "svg"]);
    let arcs = svg.matches(" 0 0 1 ").count();
    assert!(arcs >= 6, "polar walls are SVG arcs: {arcs}");
    let tex = stdout_of(&["generate", "--shape", "polar", "--rings", "6", "--seed", "4", "-f", "tex"]);
    assert!(tex.contains(" arc[start angle="), "TikZ arcs");
    // Text cannot draw it: one line naming the formats that can.
    assert_fails(&bin(), &["generate", "--shape", "polar"], 2, "--format svg");
    assert_fails(&bin(), &["generate", "--shape", "polar", "-W", "2"], 2, "at least 3 cells");
    assert_fails(&bin(), &["generate", "--shape", "polar", "-a", "eller"], 2, "does not support the polar");
}

#[test]
fn upsilon_octagons_have_eight_neighbours_and_squares_four() {
    let v = json_of(&["generate", "--shape", "upsilon", "-W", "7", "-H", "5", "--seed", "2", "-a", "wilson"]);
    assert_eq!(v["cells"], 35);
    assert_perfect(&v, "upsilon");
    let mut pairs = v["passages"].as_array().expect("passages").clone();
    pairs.extend(v["walls"].as_array().expect("walls").iter().cloned());
    let mut degree = [0u32; 35];
    for p in &pairs {
        degree[p[0].as_u64().expect("a") as usize] += 1;
        degree[p[1].as_u64().expect("b") as usize] += 1;
    }
    // Cell (2, 2) is an octagon inside the grid (x + y even), (3, 2) a square beside it.
    assert_eq!(degree[2 * 7 + 2], 8);
    assert_eq!(degree[2 * 7 + 3], 4);
    for alg in ["kruskal", "aldous-broder", "recursive-backtracker", "prim", "hunt-and-kill", "growing-tree"]
    {
        let v = json_of(&["generate", "--shape", "upsilon", "-W", "6", "-H", "6", "--seed", "1", "-a", alg]);
        assert_perfect(&v, alg);
    }
}

#[test]
fn a_text_mask_keeps_exactly_its_cells_and_reads_back() {
    let dir = tempdir("mask-text-file");
    let mask = dir.join("ring.txt");
    fs::write(&mask, "XXXXX\nX...X\nX...X\nXXXXX\n").expect("write");
    let m = mask.to_str().expect("utf-8");
    let v = json_of(&["generate", "--mask", m, "--seed", "1", "--solve", "-a", "kruskal"]);
    assert_eq!((v["shape"]["width"].as_u64(), v["shape"]["height"].as_u64()), (Some(5), Some(4)));
    assert_eq!(v["cells"], 14, "the 14 X cells");
    assert_perfect(&v, "masked");
    // Runs over the base cells: absent, present, absent, ...
    let runs: Vec<u64> =
        v["shape"]["mask"].as_array().expect("runs").iter().map(|r| r.as_u64().unwrap()).collect();
    assert_eq!(runs.iter().sum::<u64>(), 20);
    assert_eq!(runs.iter().skip(1).step_by(2).sum::<u64>(), 14);
    // Saved and read back by solve and render, in text too (squares draw masked).
    let file = dir.join("m.json");
    fs::write(&file, serde_json::to_string(&v).expect("json")).expect("write");
    let f = file.to_str().expect("utf-8");
    let text = stdout_of(&["solve", f, "-f", "text"]);
    assert_eq!(text.lines().count(), 9, "{text}");
    assert!(text.contains('S') && text.contains('E'));
    stdout_of(&["render", f, "-f", "svg"]);
    // Row algorithms cannot follow a mask.
    assert_fails(&bin(), &["generate", "--mask", m, "-a", "eller"], 2, "cannot follow a mask");
}

#[test]
fn a_mask_in_pieces_is_refused_or_joined() {
    let dir = tempdir("mask-parts");
    let mask = dir.join("parts.txt");
    fs::write(&mask, "XX..XX\nXX..XX\n......\nXX....\n").expect("write");
    let m = mask.to_str().expect("utf-8");
    assert_fails(&bin(), &["generate", "--mask", m], 2, "3 separate parts");
    let v = json_of(&["generate", "--mask", m, "--mask-connect", "--seed", "5"]);
    assert_perfect(&v, "joined");
    // 10 cells, plus the fewest joining cells: 2 between the top blocks, 1 down to the last.
    assert_eq!(v["cells"], 13);
    assert_fails(&bin(), &["generate", "--mask", "/nonexistent/mask.png"], 1, "cannot read mask");
    fs::write(&mask, "XX?X\n").expect("write");
    assert_fails(&bin(), &["generate", "--mask", m], 2, "column 3");
}

#[test]
fn a_png_mask_is_laid_over_the_maze() {
    let dir = tempdir("mask-png");
    // Draw a picture with the tool itself: a 4x4 all-walls maze at 8 px cells is mostly
    // white with black walls; use its inverse idea instead: a solid black square in white.
    let png = dir.join("blob.png");
    let mut pixels = vec![255u8; 40 * 20];
    for y in 2..18 {
        for x in 2..38 {
            pixels[y * 40 + x] = 0;
        }
    }
    let file = fs::File::create(&png).expect("create");
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), 40, 20);
    enc.set_color(png::ColorType::Grayscale);
    enc.set_depth(png::BitDepth::Eight);
    enc.write_header().expect("header").write_image_data(&pixels).expect("data");
    let p = png.to_str().expect("utf-8");
    let v = json_of(&["generate", "--mask", p, "--seed", "1"]);
    assert_eq!((v["shape"]["width"].as_u64(), v["shape"]["height"].as_u64()), (Some(40), Some(20)));
    assert_eq!(v["cells"], 36 * 16);
    assert_perfect(&v, "png mask");
    // Stretched over a smaller maze, and over a circular one.
    let v = json_of(&["generate", "--mask", p, "-W", "20", "-H", "10", "--seed", "1"]);
    assert_eq!(v["cells"], 18 * 8);
    let v = json_of(&["generate", "--mask", p, "--shape", "polar", "--rings", "8", "--seed", "1"]);
    assert_perfect(&v, "polar png mask");
}

#[test]
fn a_word_is_cut_out_and_the_maze_flows_around_it() {
    let v = json_of(&["generate", "--mask-text", "MAZE", "--seed", "1", "-a", "wilson", "--solve"]);
    let (w, h) = (v["shape"]["width"].as_u64().unwrap(), v["shape"]["height"].as_u64().unwrap());
    assert_eq!((w, h), (54, 22), "4 glyphs of 5x7 with gaps and margins, 2 cells a pixel");
    let n = v["cells"].as_u64().unwrap();
    assert!(n < w * h && n > w * h / 2, "{n} of {} cells", w * h);
    assert_perfect(&v, "word");
    let svg = stdout_of(&["generate", "--mask-text", "HI", "--seed", "1", "-f", "svg"]);
    assert!(svg.starts_with("<svg"));
    assert_fails(&bin(), &["generate", "--mask-text", "caf\u{e9}"], 2, "no glyph");
    assert_fails(&bin(), &["generate", "--mask-connect"], 2, "needs --mask");
}

#[test]
fn entrance_and_exit_go_where_asked() {
    let base = ["generate", "-W", "9", "-H", "7", "--seed", "3", "--solve"];
    let with = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        json_of(&args)
    };
    let v = with(&["--entrance", "2,0", "--exit", "8,6"]);
    assert_eq!((v["entrance"].as_u64(), v["exit"].as_u64()), (Some(2), Some(62)));
    let v = with(&["--entrance", "left", "--exit", "right"]);
    assert_eq!((v["entrance"].as_u64(), v["exit"].as_u64()), (Some(27), Some(35)), "middle of each side");
    // farthest: the longest route from the entrance.
    let v = with(&["--exit", "farthest"]);
    let dist = distances(&v, v["entrance"].as_u64().unwrap());
    let far = *dist.iter().max().unwrap();
    assert_eq!(dist[v["exit"].as_u64().unwrap() as usize], far);
    assert_eq!(v["solution"]["path"].as_array().unwrap().len() as u64, far + 1);
    // Both farthest: the diameter of the tree.
    let v = with(&["--entrance", "farthest", "--exit", "farthest"]);
    let from = v["entrance"].as_u64().unwrap();
    let d = distances(&v, from);
    let diameter = (0..63).map(|c| *distances(&v, c).iter().max().unwrap()).max().unwrap();
    assert_eq!(d[v["exit"].as_u64().unwrap() as usize], diameter);
    // The walls do not depend on where the ends go.
    assert_eq!(with(&["--exit", "random"])["passages"], with(&[])["passages"]);
    // Polar: ring,index and the centre.
    let v = json_of(&[
        "generate",
        "--shape",
        "polar",
        "--rings",
        "4",
        "--entrance",
        "centre",
        "--exit",
        "3,5",
        "--seed",
        "1",
    ]);
    assert!(v["entrance"].as_u64().unwrap() < 6);
    assert_fails(&bin(), &["generate", "--entrance", "99,0"], 2, "not in the maze");
    assert_fails(&bin(), &["generate", "--entrance", "nowhere"], 2, "not a cell");
}

#[test]
fn solve_from_and_to_move_the_dots() {
    let dir = tempdir("from-to");
    let file = dir.join("m.json");
    let text = stdout_of(&["generate", "-W", "6", "-H", "4", "--seed", "9", "-f", "json"]);
    fs::write(&file, text).expect("write");
    let f = file.to_str().expect("utf-8");
    let v: Value =
        serde_json::from_str(&stdout_of(&["solve", f, "--from", "1,1", "--to", "4,2", "-f", "json"]))
            .unwrap();
    assert_eq!((v["entrance"].as_u64(), v["exit"].as_u64()), (Some(7), Some(16)));
    let path = v["solution"]["path"].as_array().unwrap();
    assert_eq!(
        (path.first().and_then(Value::as_u64), path.last().and_then(Value::as_u64)),
        (Some(7), Some(16))
    );
    // The picture marks the new ends.
    let pic = stdout_of(&["solve", f, "--from", "1,1", "--to", "4,2", "-f", "text"]);
    let rows: Vec<&str> = pic.lines().collect();
    assert_eq!(rows[3].find('S'), Some(4), "{pic}");
    assert_eq!(rows[5].find('E'), Some(13), "{pic}");
}

#[test]
fn polar_tikz_arcs_compile_and_the_stl_is_one_watertight_part() {
    let dir = tempdir("polar-consumers");
    let tex = dir.join("polar.tex");
    let stl = dir.join("polar.stl");
    for (format, path) in [("tex", &tex), ("stl", &stl)] {
        let p = path.to_str().expect("utf-8");
        stdout_of(&[
            "generate", "--shape", "polar", "--rings", "5", "--seed", "1", "--solve", "-f", format, "-o", p,
        ]);
    }
    if have("pdflatex") {
        let ok = StdCommand::new("pdflatex")
            .args(["-interaction=nonstopmode", "-halt-on-error", "polar.tex"])
            .current_dir(&dir)
            .output()
            .expect("pdflatex");
        assert!(ok.status.success(), "pdflatex: {}", String::from_utf8_lossy(&ok.stdout));
    }
    if have("admesh") {
        let out = StdCommand::new("admesh").arg(&stl).output().expect("admesh");
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(report.contains("Number of parts       :     1"), "{report}");
        assert!(report.contains("Backwards edges       :     0"), "{report}");
        assert!(report.contains("Edges fixed           :     0"), "{report}");
    }
}

#[test]
fn masked_hexagons_and_triangles_draw_as_text_and_inline_masks_work() {
    // An inline mask (the page's uploads arrive this way): a ring of cells.
    for (shape, walls) in [("hex", '/'), ("triangle", '\\')] {
        let text = stdout_of(&[
            "generate",
            "--shape",
            shape,
            "--mask-data",
            "XXXXXX/XX..XX/XXXXXX",
            "--seed",
            "3",
            "--solve",
            "-f",
            "text",
        ]);
        assert!(text.contains('S') && text.contains('E') && text.contains(walls), "{shape}:\n{text}");
        let v =
            json_of(&["generate", "--shape", shape, "--mask-data", "XXXXXX/XX..XX/XXXXXX", "--seed", "3"]);
        assert_eq!(v["cells"], 16, "{shape}");
        assert_perfect(&v, shape);
    }
    assert_fails(&bin(), &["generate", "--mask-data", "XX/X?"], 2, "--mask-data");
    assert_fails(&bin(), &["generate", "--mask-data", "XX", "--mask-text", "A"], 2, "cannot be used with");
    // A bad mask is reported before play asks for a terminal.
    assert_fails(&bin(), &["play", "--mask", "/nonexistent/mask.png"], 1, "cannot read mask");
    // Without a terminal, play runs document 001's line game: a bad end is refused before
    // it starts, and so is a shape text cannot draw.
    assert_fails(
        &bin(),
        &["play", "--shape", "polar", "--entrance", "9,9"],
        2,
        "cell 9,9 (ring,index) is not in the maze",
    );
    assert_fails(&bin(), &["play", "--shape", "polar"], 2, "text cannot draw polar mazes");
}

#[test]
fn a_side_end_opens_the_side_it_names() {
    // The leftmost cell of row 2 also has a removed cell above it: the entrance must still
    // open to the left, the exit to the right; a file keeps the choice.
    let args = [
        "generate",
        "--mask-data",
        "..XX/.XXX/XXXX/XXX.",
        "--entrance",
        "left",
        "--exit",
        "right",
        "--seed",
        "1",
    ];
    let v = json_of(&args);
    assert_eq!((v["entrance"].as_u64(), v["entrance_door"].as_u64()), (Some(5), Some(3)), "west");
    assert_eq!(v["exit_door"], 1, "east");
    let text = stdout_of(&args);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[5].starts_with(" S"), "the entrance opens to the left:\n{text}");
    assert!(lines[3].ends_with("E  ") || lines[3].ends_with("E"), "the exit opens to the right:\n{text}");
    let dir = tempdir("side-doors");
    let file = dir.join("m.json");
    fs::write(&file, serde_json::to_string(&v).expect("json")).expect("write");
    let f = file.to_str().expect("utf-8");
    assert_eq!(stdout_of(&["render", f, "-f", "text"]), text, "read back with the same openings");
    let mut bad = v.clone();
    bad["entrance_door"] = 1.into();
    fs::write(&file, serde_json::to_string(&bad).expect("json")).expect("write");
    assert_fails(&bin(), &["render", f, "-f", "text"], 1, "entrance_door 1 is not an outer door of cell");
}

/// The mazes of a `--count` batch written as JSON Lines.
fn json_lines(args: &[&str]) -> Vec<Value> {
    let mut all = args.to_vec();
    all.extend(["-f", "json"]);
    stdout_of(&all).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

#[test]
fn random_ends_are_drawn_from_the_other_cells() {
    // Seed 1008 once drew the same cell for both ends at 5x5 and failed: the exit is now
    // drawn from the cells other than the entrance.
    let random = ["--entrance", "random", "--exit", "random"];
    let mut args = vec!["generate", "-W", "5", "-H", "5", "--seed", "0", "--count", "3000"];
    args.extend(random);
    let mazes = json_lines(&args);
    assert_eq!(mazes.len(), 3000);
    for (seed, v) in mazes.iter().enumerate() {
        assert_ne!(v["entrance"], v["exit"], "seed {seed}");
    }
    // One random end against the other end, fixed or the default: never the same cell.
    for (extra, what) in
        [(["--entrance", "random"], "default exit"), (["--exit", "random"], "default entrance")]
    {
        let mut args = vec!["generate", "-W", "2", "-H", "2", "--seed", "0", "--count", "300"];
        args.extend(extra);
        for v in json_lines(&args) {
            assert_ne!(v["entrance"], v["exit"], "{what}");
        }
    }
    let mut args = vec!["generate", "-W", "2", "-H", "2", "--seed", "0", "--count", "300", "--exit", "1,1"];
    args.extend(["--entrance", "random"]);
    for v in json_lines(&args) {
        assert_eq!(v["exit"], 3);
        assert_ne!(v["entrance"], 3);
    }
    // A batch of tiny mazes, where two free draws would meet one time in nine: all written.
    let mut args = vec!["generate", "--count", "2000", "-W", "3", "-H", "3", "--seed", "0", "-f", "maze"];
    args.extend(random);
    let out = maze().args(&args).output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!out.stdout.is_empty());
    // Only a maze of one cell has no other cell: a one-line usage error.
    let mut args = vec!["generate", "-W", "1", "-H", "1"];
    args.extend(random);
    assert_fails(&bin(), &args, 2, "single cell");
}

#[test]
fn multimaze_dots_stay_distinct_when_the_ends_move() {
    // The entrance is always the first start and the exit the first end; a random entrance
    // or exit that lands on another dot sends that dot to the cell the end left.
    for extra in [["--entrance", "random"], ["--exit", "random"]] {
        let mut args = vec![
            "generate", "-W", "3", "-H", "3", "--starts", "3", "--ends", "3", "--seed", "0", "--count", "400",
        ];
        args.extend(extra);
        for (seed, v) in json_lines(&args).iter().enumerate() {
            let ids = |k: &str| -> Vec<u64> {
                v[k].as_array().expect("dots").iter().map(|c| c.as_u64().unwrap()).collect()
            };
            let (starts, ends) = (ids("starts"), ids("ends"));
            assert_eq!(Some(starts[0]), v["entrance"].as_u64(), "seed {seed} {extra:?}");
            assert_eq!(Some(ends[0]), v["exit"].as_u64(), "seed {seed} {extra:?}");
            let all: std::collections::BTreeSet<u64> = starts.iter().chain(&ends).copied().collect();
            assert_eq!(all.len(), 6, "seed {seed} {extra:?}: {starts:?} {ends:?}");
        }
    }
}

/// Sigma cells: flat-top hexagons in offset columns. Inner cells have six
/// neighbours, every non-row generator makes a spanning tree, the text picture draws flat
/// tops, and what sigma cells cannot do is refused in one line.
#[test]
fn sigma_cells_from_the_command_line() {
    let v = json_of(&["generate", "--shape", "sigma", "-W", "7", "-H", "5", "--seed", "2", "-a", "wilson"]);
    assert_eq!(v["shape"]["kind"], "sigma");
    assert_eq!(v["cells"], 35);
    assert_perfect(&v, "sigma");
    let mut pairs = v["passages"].as_array().expect("passages").clone();
    pairs.extend(v["walls"].as_array().expect("walls").iter().cloned());
    let mut degree = [0u32; 35];
    for p in &pairs {
        degree[p[0].as_u64().expect("a") as usize] += 1;
        degree[p[1].as_u64().expect("b") as usize] += 1;
    }
    // Inner cells touch six others; on the top row an odd column (shifted down) has only
    // its north side outside, an even column its north, north-east and north-west sides.
    assert_eq!(degree[2 * 7 + 3], 6);
    assert_eq!(degree[3], 5, "odd column, top row: only north is outside");
    assert_eq!(degree[2], 3, "even column, top row: north, north-east and north-west are outside");
    for alg in ["kruskal", "aldous-broder", "recursive-backtracker", "prim", "hunt-and-kill", "growing-tree"]
    {
        let v = json_of(&["generate", "--shape", "flat-hex", "-W", "6", "-H", "6", "--seed", "1", "-a", alg]);
        assert_perfect(&v, alg);
    }
    let text = stdout_of(&["generate", "--shape", "sigma", "-W", "6", "-H", "4", "--seed", "3", "--solve"]);
    assert!(text.contains("__") && text.contains('/') && text.contains('\\'), "{text}");
    assert!(text.contains('S') && text.contains('E') && text.contains('*'), "{text}");
    // Wrapped and stacked sigma mazes are trees too.
    for extra in [&["--wrap", "xy"][..], &["--levels", "3"][..]] {
        let mut args = vec!["generate", "--shape", "sigma", "-W", "6", "-H", "5", "--seed", "4"];
        args.extend(extra);
        let v = json_of(&args);
        assert_perfect(&v, &format!("{extra:?}"));
    }
    let m = bin();
    assert_fails(
        &m,
        &["generate", "--shape", "sigma", "--weave", "0.3"],
        2,
        "weave works on square cells, not on sigma cells",
    );
    assert_fails(&m, &["generate", "--shape", "sigma", "-a", "eller"], 2, "does not support the sigma shape");
    assert_fails(
        &m,
        &["generate", "--shape", "sigma", "-W", "7", "--wrap", "x"],
        2,
        "even number of columns",
    );
    assert_fails(&m, &["generate", "--shape", "sigma", "--mask-text", "OK", "--levels", "2"], 2, "mask");
}
