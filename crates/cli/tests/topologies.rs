//! Topologies from the command line: wrap-around (cylinder and torus),
//! multi-level and woven mazes, as a newcomer types them. Files are parsed back (JSON) and the
//! pictures checked by their consumers where installed.

use std::collections::HashSet;
use std::process::Command as StdCommand;

use assert_cmd::Command;
use maze_testkit::{assert_fails, have, tempdir};
use serde_json::Value;

fn maze() -> Command {
    Command::cargo_bin("maze").expect("the maze binary is built")
}

fn bin() -> String {
    assert_cmd::cargo::cargo_bin("maze").to_str().expect("utf-8 path").to_string()
}

fn stdout_of(args: &[&str]) -> Vec<u8> {
    let out = maze().args(args).output().expect("runs");
    assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

fn text_of(args: &[&str]) -> String {
    String::from_utf8(stdout_of(args)).expect("utf-8")
}

fn json_of(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["-f", "json"]);
    serde_json::from_slice(&stdout_of(&all)).expect("json")
}

fn pairs(v: &Value, key: &str) -> Vec<(u64, u64)> {
    v[key]
        .as_array()
        .map(|a| a.iter().map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap())).collect())
        .unwrap_or_default()
}

/// Union-find check that the passages make one tree over `n` cells.
fn assert_tree(n: u64, passages: &[(u64, u64)], what: &str) {
    assert_eq!(passages.len() as u64, n - 1, "{what}: passages != cells - 1");
    let mut parent: Vec<u64> = (0..n).collect();
    fn find(p: &mut [u64], mut x: u64) -> u64 {
        while p[x as usize] != x {
            p[x as usize] = p[p[x as usize] as usize];
            x = p[x as usize];
        }
        x
    }
    for &(a, b) in passages {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        assert_ne!(ra, rb, "{what}: a loop through {a}-{b}");
        parent[ra as usize] = rb;
    }
}

#[test]
fn wrapped_mazes_are_trees_that_use_their_seams() {
    // Square and hex, cylinder and torus, several generators: each maze is a spanning tree
    // of its cells, the file records the wrap, and over a few seeds passages go through the
    // seams (a flat maze never joins column 0 to the last column, nor row 0 to the last row).
    for (shape, w, h) in [("square", 9, 7), ("hex", 9, 8)] {
        for wrap in ["x", "y", "xy"] {
            let mut across_x = false;
            let mut across_y = false;
            for alg in ["recursive-backtracker", "kruskal", "wilson", "prim"] {
                for seed in 0..4 {
                    let (ws, hs, ss) = (w.to_string(), h.to_string(), seed.to_string());
                    let v = json_of(&[
                        "generate", "--shape", shape, "--wrap", wrap, "-W", &ws, "-H", &hs, "-a", alg,
                        "--seed", &ss,
                    ]);
                    assert_eq!(v["shape"]["wrap"], wrap, "{shape} {wrap}");
                    let passages = pairs(&v, "passages");
                    let what = format!("{shape} --wrap {wrap} {alg} seed {seed}");
                    assert_tree(w * h, &passages, &what);
                    for (a, b) in passages {
                        let ((ax, ay), (bx, by)) = ((a % w, a / w), (b % w, b / w));
                        across_x |= ax.abs_diff(bx) == w - 1;
                        across_y |= ay.abs_diff(by) == h - 1;
                    }
                }
            }
            assert_eq!(across_x, wrap.contains('x'), "{shape} --wrap {wrap}: passages across the x seam");
            assert_eq!(across_y, wrap.contains('y'), "{shape} --wrap {wrap}: passages across the y seam");
        }
    }
}

#[test]
fn wrapped_routes_cross_the_seam_when_that_is_shorter() {
    // On a torus the corner cells are neighbours: on a braided torus (every dead end
    // removed, many loops) the shortest route from the first to the last cell is much
    // shorter than on the same flat maze.
    let flat = json_of(&["generate", "-W", "12", "-H", "12", "--braid", "1", "--seed", "3", "--solve"]);
    let torus = json_of(&[
        "generate",
        "-W",
        "12",
        "-H",
        "12",
        "--wrap",
        "xy",
        "--braid",
        "1",
        "--seed",
        "3",
        "--solve",
        "--entrance",
        "0,0",
        "--exit",
        "11,11",
    ]);
    let len = |v: &Value| v["solution"]["path"].as_array().expect("a path").len();
    assert!(len(&torus) < len(&flat), "torus {} flat {}", len(&torus), len(&flat));
    // Every step of the torus route joins neighbours on the torus.
    let path: Vec<u64> =
        torus["solution"]["path"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
    for s in path.windows(2) {
        let ((ax, ay), (bx, by)) = ((s[0] % 12, s[0] / 12), (s[1] % 12, s[1] / 12));
        let (dx, dy) = (ax.abs_diff(bx).min(12 - ax.abs_diff(bx)), ay.abs_diff(by).min(12 - ay.abs_diff(by)));
        assert_eq!(dx + dy, 1, "step {s:?}");
    }
}

#[test]
fn multi_level_mazes_climb_from_the_bottom_level_to_the_top() {
    for (shape, w, h) in [("square", 6, 5), ("hex", 5, 4)] {
        for alg in ["recursive-backtracker", "kruskal", "aldous-broder", "hunt-and-kill", "growing-tree"] {
            let (ws, hs) = (w.to_string(), h.to_string());
            let v = json_of(&[
                "generate", "--shape", shape, "--levels", "3", "-W", &ws, "-H", &hs, "-a", alg, "--seed",
                "7", "--solve",
            ]);
            let per = w * h;
            assert_eq!(v["shape"]["levels"], 3);
            assert_eq!(v["cells"], 3 * per);
            let passages = pairs(&v, "passages");
            assert_tree(3 * per, &passages, &format!("{shape} {alg}"));
            // Stairs join a cell to the same cell one level up.
            let stairs: Vec<_> = passages.iter().filter(|(a, b)| a.abs_diff(*b) == per).collect();
            assert!(!stairs.is_empty(), "{shape} {alg}: no stairs");
            let path: Vec<u64> =
                v["solution"]["path"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
            assert!(path[0] < per, "{shape} {alg}: starts on the bottom level");
            assert!(*path.last().unwrap() >= 2 * per, "{shape} {alg}: ends on the top level");
            let levels: HashSet<u64> = path.iter().map(|c| c / per).collect();
            assert_eq!(levels.len(), 3, "{shape} {alg}: the route visits every level");
        }
    }
}

#[test]
fn text_pictures_show_levels_side_by_side_with_stairs_and_wrapped_borders_open() {
    let text = text_of(&["generate", "--levels", "3", "-W", "6", "-H", "4", "--seed", "1", "--solve"]);
    let first = text.lines().next().unwrap();
    assert!(first.contains("level 1") && first.contains("level 2") && first.contains("level 3"), "{text}");
    assert!(text.contains('^') && text.contains('v'), "stairs up and down:\n{text}");
    assert!(text.contains('S') && text.contains('E'), "{text}");
    let uni = text_of(&["generate", "--levels", "2", "-W", "5", "-H", "4", "--seed", "1", "-f", "unicode"]);
    assert!(uni.contains('↑') && uni.contains('↓'), "{uni}");
    // A cylinder: some row's left border is open, and then its right border too.
    let text = text_of(&["generate", "--wrap", "x", "-W", "8", "-H", "6", "--seed", "2"]);
    let rows: Vec<&str> = text.lines().skip(1).step_by(2).take(6).collect();
    assert!(rows.iter().any(|r| r.starts_with(' ')), "{text}");
    for r in rows {
        assert_eq!(r.starts_with(' '), r.trim_end().len() < 3 * 8 + 1, "row {r:?}");
    }
    // Hexagons wrap too.
    let hex = text_of(&["generate", "--shape", "hex", "--wrap", "xy", "-W", "6", "-H", "6", "--seed", "1"]);
    assert!(hex.contains('/'), "{hex}");
}

#[test]
fn every_drawing_format_draws_wrapped_and_multi_level_mazes() {
    let dir = tempdir("topologies");
    for (name, extra) in [
        ("torus", &["--wrap", "xy", "--solve"][..]),
        ("hexcyl", &["--shape", "hex", "--wrap", "x", "-H", "6", "--solve"][..]),
        ("levels", &["--levels", "3", "--solve"][..]),
        ("hexlevels", &["--shape", "hex", "--levels", "2", "--solve"][..]),
        ("weave", &["--weave", "0.3", "--solve"][..]),
        ("weave-kruskal", &["--weave", "0.5", "-a", "kruskal", "--solve"][..]),
    ] {
        for format in ["svg", "png", "pdf", "tex", "stl", "json", "maze"] {
            let path = dir.join(format!("{name}.{format}"));
            let p = path.to_str().unwrap();
            let mut args = vec!["generate", "-W", "8", "--seed", "5", "-f", format, "-o", p];
            args.extend(extra);
            stdout_of(&args);
            let bytes = std::fs::read(&path).expect("written");
            assert!(bytes.len() > 100, "{name}.{format}");
            // The same seed gives the same bytes.
            let again = dir.join(format!("{name}-again.{format}"));
            let mut args2 = args.clone();
            let last = args2.len() - extra.len() - 1;
            args2[last] = again.to_str().unwrap();
            stdout_of(&args2);
            assert_eq!(std::fs::read(&again).unwrap(), bytes, "{name}.{format} differs between runs");
        }
        // Files read back: the JSON the compact file turns into is the JSON file itself.
        let json = dir.join(format!("{name}.json"));
        let compact = dir.join(format!("{name}.maze"));
        let back = text_of(&["render", compact.to_str().unwrap(), "-f", "json"]);
        assert_eq!(back, std::fs::read_to_string(&json).unwrap(), "{name}: compact -> json");
        let solved = text_of(&["solve", json.to_str().unwrap(), "-f", "text"]);
        assert!(solved.contains('*'), "{name}: {solved}");
        if have("xmllint") {
            let svg = dir.join(format!("{name}.svg"));
            let out = StdCommand::new("xmllint").arg("--noout").arg(&svg).output().expect("xmllint");
            assert!(out.status.success(), "{name}.svg: {}", String::from_utf8_lossy(&out.stderr));
        }
        if have("qpdf") {
            let pdf = dir.join(format!("{name}.pdf"));
            let out = StdCommand::new("qpdf").arg("--check").arg(&pdf).output().expect("qpdf");
            assert!(out.status.success(), "{name}.pdf: {}", String::from_utf8_lossy(&out.stdout));
        }
    }
}

#[test]
fn a_route_through_a_seam_is_drawn_in_two_pieces() {
    // On a 3-wide cylinder whose route must cross the seam (entrance and exit chosen in the
    // two border columns of one row, the passage between them through the seam when the
    // maze is braided open), the SVG has the solution in more than one polyline.
    let mut pieces = 0;
    for seed in 0..20 {
        let s = seed.to_string();
        let svg = text_of(&[
            "generate",
            "--wrap",
            "x",
            "-W",
            "6",
            "-H",
            "3",
            "--braid",
            "1",
            "--seed",
            &s,
            "--solve",
            "--entrance",
            "0,1",
            "--exit",
            "5,1",
            "-f",
            "svg",
        ]);
        pieces = pieces.max(svg.matches("<polyline").count());
    }
    assert!(pieces >= 2, "no route crossed the seam in 20 seeds");
}

#[test]
fn bad_topology_options_get_one_line_errors() {
    let m = bin();
    assert_fails(&m, &["generate", "--wrap", "diagonal"], 2, "unknown wrap");
    assert_fails(&m, &["generate", "--shape", "polar", "--wrap", "x"], 2, "square, hex and sigma");
    assert_fails(&m, &["generate", "--shape", "hex", "--wrap", "y", "-H", "5"], 2, "even number of rows");
    assert_fails(&m, &["generate", "--wrap", "x", "-W", "2"], 2, "at least 3");
    assert_fails(&m, &["generate", "--levels", "0"], 2, "levels");
    assert_fails(&m, &["generate", "--levels", "65"], 2, "levels");
    assert_fails(&m, &["generate", "--shape", "triangle", "--levels", "2"], 2, "square, hex and sigma");
    assert_fails(&m, &["generate", "--levels", "2", "--wrap", "x"], 2, "together");
    assert_fails(&m, &["generate", "--wrap", "x", "--mask-text", "A"], 2, "mask");
    assert_fails(&m, &["generate", "--levels", "3", "-a", "sidewinder", "--seed", "1"], 2, "multi-level");
    assert_fails(&m, &["generate", "--wrap", "xy", "-a", "eller", "--seed", "1"], 2, "wrapped");
    assert_fails(&m, &["generate", "--levels", "64", "-W", "2000", "-H", "2000"], 2, "too large");
    assert_fails(&m, &["generate", "--weave", "1.5"], 2, "from 0 to 1");
    assert_fails(&m, &["generate", "--weave", "-0.2"], 2, "from 0 to 1");
    assert_fails(&m, &["generate", "--weave", "lots"], 2, "weave");
    assert_fails(&m, &["generate", "--weave", "0.3", "--shape", "hex"], 2, "square cells");
    assert_fails(&m, &["generate", "--weave", "0.3", "--wrap", "x"], 2, "--weave");
    assert_fails(&m, &["generate", "--weave", "0.3", "--levels", "2"], 2, "--weave");
    assert_fails(&m, &["generate", "--weave", "0.3", "--mask-text", "A"], 2, "--weave");
    assert_fails(&m, &["generate", "--weave", "0.3", "-W", "2", "-H", "9"], 2, "at least 3x3");
    assert_fails(&m, &["generate", "--weave", "0.3", "-a", "eller", "--seed", "1"], 2, "woven");
    assert_fails(&m, &["generate", "--weave", "0.3", "-W", "20000", "-H", "20000"], 2, "too large");
}

/// The crossings of a woven maze's JSON: (cell, over north-south?).
fn crossings(v: &Value) -> Vec<(u64, bool)> {
    v["shape"]["crossings"]
        .as_array()
        .map(|a| a.iter().map(|c| (c[0].as_u64().unwrap(), c[1].as_u64().unwrap() == 1)).collect())
        .unwrap_or_default()
}

#[test]
fn woven_mazes_are_trees_whose_crossings_run_straight_over_and_under() {
    let (w, h) = (14u64, 10u64);
    let mut kept_by = Vec::new();
    for alg in ["kruskal", "recursive-backtracker", "wilson", "prim", "hunt-and-kill"] {
        let mut kept = 0;
        for seed in 0..4 {
            let s = seed.to_string();
            let v = json_of(&["generate", "-W", "14", "-H", "10", "--weave", "0.4", "-a", alg, "--seed", &s]);
            let what = format!("{alg} seed {seed}");
            let list = crossings(&v);
            let n = v["cells"].as_u64().unwrap();
            assert_eq!(n, w * h + list.len() as u64, "{what}: one under cell per crossing");
            let passages = pairs(&v, "passages");
            assert_tree(n, &passages, &what);
            for (k, &(c, over_ns)) in list.iter().enumerate() {
                let under = w * h + k as u64;
                let (x, y) = (c % w, c / w);
                assert!(x > 0 && y > 0 && x + 1 < w && y + 1 < h, "{what}: crossing on the border");
                let joined = |a: u64| -> Vec<u64> {
                    let mut v: Vec<u64> = passages
                        .iter()
                        .filter_map(|&(p, q)| {
                            if p == a {
                                Some(q)
                            } else if q == a {
                                Some(p)
                            } else {
                                None
                            }
                        })
                        .collect();
                    v.sort_unstable();
                    v
                };
                let (ns, ew) = (vec![c - w, c + w], vec![c - 1, c + 1]);
                let (top, below) = if over_ns { (ns, ew) } else { (ew, ns) };
                assert_eq!(joined(c), top, "{what}: the upper passage runs straight through {x},{y}");
                assert_eq!(joined(under), below, "{what}: the lower passage runs straight under {x},{y}");
            }
            kept += list.len();
        }
        kept_by.push((alg, kept));
    }
    // Kruskal keeps every crossing it is offered: about 0.4 of the inner cells, less the
    // ones that would touch or close a loop.
    let kruskal = kept_by[0].1;
    assert!(kruskal > kept_by.iter().skip(1).map(|k| k.1).max().unwrap(), "{kept_by:?}");
    assert!(kruskal as f64 > 4.0 * 0.25 * 12.0 * 8.0, "{kept_by:?}");
    assert!(kept_by.iter().all(|k| k.1 > 0), "{kept_by:?}");
}

#[test]
fn a_woven_route_goes_under_and_the_pictures_show_the_crossings() {
    // Some seed's route takes an under cell (id past the squares).
    let mut under = false;
    for seed in 0..10 {
        let s = seed.to_string();
        let v = json_of(&[
            "generate", "-W", "12", "-H", "9", "--weave", "0.5", "-a", "kruskal", "--seed", &s, "--solve",
        ]);
        under |= v["solution"]["path"].as_array().unwrap().iter().any(|c| c.as_u64().unwrap() >= 12 * 9);
    }
    assert!(under, "no route went under a crossing in 10 seeds");
    let text =
        text_of(&["generate", "-W", "12", "-H", "9", "--weave", "0.5", "-a", "kruskal", "--seed", "3"]);
    assert!(text.contains("==") || text.contains("||"), "{text}");
    // The drawing cuts corridors out of solid ground: a woven SVG has a filled path in the
    // walls' colour, the flat one does not.
    let woven = text_of(&["generate", "-W", "6", "-H", "5", "--weave", "0.5", "--seed", "3", "-f", "svg"]);
    let flat = text_of(&["generate", "-W", "6", "-H", "5", "--seed", "3", "-f", "svg"]);
    assert!(woven.contains(r##"<path fill="#000000""##), "{woven}");
    assert!(!flat.contains(r##"<path fill="#000000""##), "{flat}");
    // The generator's steps animate on the settled maze (the steps name its final cells).
    let anim = text_of(&[
        "generate",
        "-W",
        "8",
        "-H",
        "6",
        "--weave",
        "0.5",
        "--seed",
        "2",
        "--animate",
        "-f",
        "svg",
    ]);
    assert!(anim.contains("<svg") && anim.contains("animate"), "{anim}");
    // The default newcomer command of the issue works and writes a PNG.
    let dir = tempdir("weave-png");
    let png = dir.join("weave.png");
    stdout_of(&["generate", "--weave", "0.3", "--solve", "-f", "png", "-o", png.to_str().unwrap()]);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}

#[test]
fn golden_pictures_of_each_topology() {
    // `UPDATE_GOLDEN=1` rewrites them; a change here means a seed now draws another maze.
    let golden = |name: &str, args: &[&str]| {
        let out = text_of(args);
        maze_testkit::golden(env!("CARGO_MANIFEST_DIR"), name, &out);
    };
    golden(
        "torus-kruskal-3.txt",
        &["generate", "--wrap", "xy", "-W", "8", "-H", "5", "-a", "kruskal", "--seed", "3", "--solve"],
    );
    golden(
        "hex-cylinder-wilson-2.txt",
        &[
            "generate", "--shape", "hex", "--wrap", "x", "-W", "7", "-H", "4", "-a", "wilson", "--seed", "2",
            "--solve",
        ],
    );
    golden(
        "levels-3-backtracker-1.txt",
        &["generate", "--levels", "3", "-W", "5", "-H", "3", "--seed", "1", "--solve"],
    );
    golden(
        "weave-kruskal-4.txt",
        &["generate", "--weave", "0.5", "-W", "9", "-H", "6", "-a", "kruskal", "--seed", "4", "--solve"],
    );
    golden(
        "weave-backtracker-6.json",
        &["generate", "--weave", "0.5", "-W", "6", "-H", "5", "--seed", "6", "-f", "json"],
    );
    golden(
        "weave-kruskal-4.svg",
        &[
            "generate", "--weave", "0.5", "-W", "5", "-H", "4", "-a", "kruskal", "--seed", "4", "--solve",
            "-f", "svg",
        ],
    );
}

/// The mazes of a `--count` batch written as JSON Lines.
fn json_lines(args: &[&str]) -> Vec<Value> {
    let mut all = args.to_vec();
    all.extend(["-f", "json"]);
    String::from_utf8(stdout_of(&all))
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn wrapped_mazes_put_their_default_ends_far_apart() {
    // The first and the last cell touch across the seam of a torus (seeds 5 and 8 of a
    // 10x10 torus once gave a 3-cell route), so a wrapped maze's exit is the cell farthest
    // from its entrance. The bound: the maze's route to any cell is at least the grid's
    // shortest path, so the route to the farthest cell has at least (entrance's farthest
    // grid distance + 1) cells. On square cells that distance is w/2 + h/2 on a torus and
    // more on a cylinder, so (w + h) / 2 cells hold for even sizes. A hex step moves at most
    // one row and one column, so there the distance is at least max(w, h) / 2.
    for (shape, w, h) in [("square", 10u64, 10u64), ("square", 12, 8), ("hex", 10, 10), ("hex", 12, 8)] {
        let bound = if shape == "square" { (w + h) / 2 } else { w.max(h) / 2 + 1 };
        let (ws, hs) = (w.to_string(), h.to_string());
        for wrap in ["x", "y", "xy"] {
            let mazes = json_lines(&[
                "generate", "--shape", shape, "--wrap", wrap, "-W", &ws, "-H", &hs, "--seed", "0", "--count",
                "50", "--solve",
            ]);
            assert_eq!(mazes.len(), 50);
            for (seed, v) in mazes.iter().enumerate() {
                let cells = v["solution"]["path"].as_array().expect("a route").len() as u64;
                assert!(cells >= bound, "{shape} {w}x{h} --wrap {wrap} seed {seed}: {cells} cells < {bound}");
                assert_eq!(v["entrance"], 0, "the entrance stays the first cell");
            }
        }
        // Plain mazes keep the first and the last cell.
        for v in
            json_lines(&["generate", "--shape", shape, "-W", &ws, "-H", &hs, "--seed", "0", "--count", "20"])
        {
            assert_eq!((v["entrance"].as_u64(), v["exit"].as_u64()), (Some(0), Some(w * h - 1)));
        }
    }
}
