//! End-to-end tests of the `maze` binary: the CLI contract, golden outputs, bad input.
//!
//! `UPDATE_GOLDEN=1 cargo test -p maze-cli` rewrites the golden files and the README's
//! support matrix; review the diff before committing.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command as StdCommand;

use assert_cmd::Command;
use maze_testkit::tempdir;
use serde_json::Value;

fn golden(name: &str, actual: &str) {
    maze_testkit::golden(env!("CARGO_MANIFEST_DIR"), name, actual);
}

fn maze() -> Command {
    Command::cargo_bin("maze").expect("the maze binary is built")
}

fn stdout_of(args: &[&str]) -> String {
    let out = maze().args(args).output().expect("runs");
    assert!(out.status.success(), "maze {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs a command that must fail with `code` and a one-line error containing `needle`.
fn fails(args: &[&str], code: i32, needle: &str) {
    maze_testkit::assert_fails(env!("CARGO_BIN_EXE_maze"), args, code, needle);
}

#[test]
fn help_explains_every_subcommand_with_examples() {
    let top = stdout_of(&["--help"]);
    for sub in ["list", "generate", "solve", "render", "bench", "serve", "completions"] {
        assert!(top.contains(sub), "--help lacks {sub}");
        let help = stdout_of(&[sub, "--help"]);
        assert!(help.contains("Example"), "{sub} --help has no example");
    }
    let gen_help = stdout_of(&["generate", "--help"]);
    for opt in [
        "--shape",
        "--width",
        "--height",
        "--algorithm",
        "--seed",
        "--braid",
        "--starts",
        "--ends",
        "--solve",
        "--count",
        "--format",
        "--output",
    ] {
        assert!(gen_help.contains(opt), "generate --help lacks {opt}");
    }
}

#[test]
fn completions_are_printed() {
    for shell in ["bash", "zsh", "fish"] {
        let out = stdout_of(&["completions", shell]);
        assert!(out.contains("generate"), "{shell} completions lack subcommands");
    }
}

#[test]
fn list_json_names_everything() {
    let v: Value = serde_json::from_str(&stdout_of(&["list", "--json"])).expect("json");
    let names = |key: &str| -> BTreeSet<String> {
        v[key].as_array().expect(key).iter().map(|x| x["name"].as_str().expect("name").to_string()).collect()
    };
    assert_eq!(
        names("shapes"),
        ["square", "hex", "triangle", "polar", "upsilon", "sigma"].map(String::from).into()
    );
    let gens = names("generators");
    for g in [
        "kruskal",
        "quad-division",
        "binary-tree",
        "aldous-broder",
        "recursive-backtracker",
        "wilson",
        "prim",
        "prim-true",
        "prim-modified",
        "eller",
        "sidewinder",
        "hunt-and-kill",
        "growing-tree",
        "recursive-division",
    ] {
        assert!(gens.contains(g), "missing generator {g}");
    }
    let solvers = names("solvers");
    for s in ["dfs", "backtracker", "bfs", "a-star", "dead-end-filler", "wall-follower", "tremaux", "pledge"]
    {
        assert!(solvers.contains(s), "missing solver {s}");
    }
    for f in ["text", "unicode", "json"] {
        assert!(names("formats").contains(f), "missing format {f}");
    }
    // Each generator's shapes really work, and the others are refused.
    for g in v["generators"].as_array().expect("array") {
        let name = g["name"].as_str().expect("name");
        let ok: Vec<&str> =
            g["shapes"].as_array().expect("shapes").iter().map(|s| s.as_str().expect("str")).collect();
        for shape in ["square", "hex", "triangle"] {
            let out = maze()
                .args(["generate", "--shape", shape, "-W", "4", "-H", "3", "-a", name, "--seed", "1"])
                .output()
                .expect("runs");
            assert_eq!(out.status.success(), ok.contains(&shape), "{name} on {shape}");
            if !ok.contains(&shape) {
                assert_eq!(out.status.code(), Some(2));
            }
        }
    }
}

/// The README's support matrix, made from `maze list --json`.
fn matrix() -> String {
    let v: Value = serde_json::from_str(&stdout_of(&["list", "--json"])).expect("json");
    let shapes: Vec<String> = v["shapes"]
        .as_array()
        .expect("shapes")
        .iter()
        .map(|s| s["name"].as_str().expect("name").to_string())
        .collect();
    let mut out = format!("| generator | {} |\n|---|{}\n", shapes.join(" | "), "---|".repeat(shapes.len()));
    for g in v["generators"].as_array().expect("generators") {
        let ok: Vec<&str> =
            g["shapes"].as_array().expect("shapes").iter().map(|s| s.as_str().expect("str")).collect();
        let cells: Vec<&str> =
            shapes.iter().map(|s| if ok.contains(&s.as_str()) { "yes" } else { "-" }).collect();
        out.push_str(&format!("| `{}` | {} |\n", g["name"].as_str().expect("name"), cells.join(" | ")));
    }
    out.push_str(&format!(
        "\nSolvers (all shapes, mazes with loops too): {}.\n",
        v["solvers"]
            .as_array()
            .expect("solvers")
            .iter()
            .map(|s| format!("`{}`", s["name"].as_str().expect("name")))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    out
}

#[test]
fn readme_support_matrix_is_true() {
    let path = root().join("README.md");
    let readme = fs::read_to_string(&path).expect("README");
    let (start, end) = ("<!-- matrix:start -->\n", "<!-- matrix:end -->");
    let a = readme.find(start).expect("matrix start marker") + start.len();
    let b = readme.find(end).expect("matrix end marker");
    let want = matrix();
    if maze_testkit::updating_golden() {
        fs::write(&path, format!("{}{}{}", &readme[..a], want, &readme[b..])).expect("write README");
        return;
    }
    assert_eq!(
        &readme[a..b],
        want,
        "README support matrix is stale: run UPDATE_GOLDEN=1 cargo test -p maze-cli"
    );
}

#[test]
fn golden_text_and_json() {
    golden(
        "square-backtracker-7.txt",
        &stdout_of(&["generate", "-W", "12", "-H", "6", "--seed", "7", "--solve"]),
    );
    golden(
        "square-kruskal-3.unicode.txt",
        &stdout_of(&[
            "generate", "-W", "10", "-H", "5", "-a", "kruskal", "--seed", "3", "--solve", "dfs", "-f",
            "unicode",
        ]),
    );
    golden(
        "hex-wilson-5.txt",
        &stdout_of(&[
            "generate", "--shape", "hex", "-W", "8", "-H", "4", "-a", "wilson", "--seed", "5", "--solve",
        ]),
    );
    golden(
        "hex-masked-4.txt",
        &stdout_of(&[
            "generate",
            "--shape",
            "hex",
            "--mask-data",
            "XXXXXXX/XX...XX/XXXXXXX/XXX.XXX",
            "-a",
            "kruskal",
            "--seed",
            "4",
            "--solve",
        ]),
    );
    golden(
        "triangle-prim-9.txt",
        &stdout_of(&[
            "generate", "--shape", "triangle", "-W", "10", "-H", "4", "-a", "prim", "--seed", "9", "--solve",
        ]),
    );
    golden(
        "square-sidewinder-1.json",
        &stdout_of(&[
            "generate",
            "-W",
            "5",
            "-H",
            "4",
            "-a",
            "sidewinder",
            "--seed",
            "1",
            "--format",
            "json",
            "--solve",
        ]),
    );
    golden(
        "hex-kruskal-2.json",
        &stdout_of(&[
            "generate", "--shape", "hex", "-W", "4", "-H", "3", "-a", "kruskal", "--seed", "2", "--format",
            "json",
        ]),
    );
    golden(
        "multimaze-4.txt",
        &stdout_of(&["generate", "-W", "12", "-H", "6", "--seed", "4", "--starts", "3", "--ends", "2"]),
    );
}

#[test]
fn same_seed_same_bytes_and_different_seed_differs() {
    for shape in ["square", "hex", "triangle"] {
        let a = stdout_of(&["generate", "--shape", shape, "--seed", "11", "-f", "json"]);
        let b = stdout_of(&["generate", "--shape", shape, "--seed", "11", "-f", "json"]);
        let c = stdout_of(&["generate", "--shape", shape, "--seed", "12", "-f", "json"]);
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}

#[test]
fn seed_is_printed_when_not_given_and_reproduces_the_maze() {
    let out = maze().args(["generate", "-f", "json"]).output().expect("runs");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let seed = err.lines().find_map(|l| l.strip_prefix("seed: ")).expect("seed on stderr").trim().to_string();
    let again = stdout_of(&["generate", "-f", "json", "--seed", &seed]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), again);
}

#[test]
fn json_has_the_required_keys_and_covers_the_grid() {
    for (shape, w, h) in [("square", 7, 5), ("hex", 6, 4), ("triangle", 8, 3)] {
        let (ws, hs) = (w.to_string(), h.to_string());
        let v: Value = serde_json::from_str(&stdout_of(&[
            "generate", "--shape", shape, "-W", &ws, "-H", &hs, "--seed", "5", "-f", "json", "--solve",
        ]))
        .expect("json");
        assert_eq!(v["format"], "maze");
        assert_eq!(v["shape"]["kind"], shape);
        assert_eq!(v["shape"]["width"], w);
        assert_eq!(v["shape"]["height"], h);
        assert_eq!(v["algorithm"], "recursive-backtracker");
        assert_eq!(v["seed"], 5);
        let cells = v["cells"].as_u64().expect("cells");
        assert_eq!(cells, (w * h) as u64);
        let pairs = |key: &str| -> BTreeSet<(u64, u64)> {
            v[key]
                .as_array()
                .expect(key)
                .iter()
                .map(|p| (p[0].as_u64().expect("a"), p[1].as_u64().expect("b")))
                .collect()
        };
        let (passages, walls) = (pairs("passages"), pairs("walls"));
        assert_eq!(passages.len() as u64, cells - 1, "{shape}: a perfect maze has cells - 1 passages");
        assert!(passages.is_disjoint(&walls));
        // passages + walls = every adjacent pair: count via an independent adjacency (square).
        if shape == "square" {
            let grid = (h * (w - 1) + w * (h - 1)) as usize;
            assert_eq!(passages.len() + walls.len(), grid);
        }
        for &(a, b) in passages.iter().chain(&walls) {
            assert!(a < b && b < cells, "{shape}: pair ({a}, {b})");
        }
        assert_eq!(v["entrance"], 0);
        assert_eq!(v["exit"], cells - 1);
        let path = v["solution"]["path"].as_array().expect("path");
        assert_eq!(path.first(), Some(&Value::from(0)));
        assert_eq!(path.last(), Some(&Value::from(cells - 1)));
        assert_eq!(v["solution"]["algorithm"], "bfs");
        assert!(v["solution"]["visited"].as_array().expect("visited").len() >= path.len());
    }
}

#[test]
fn solve_and_render_read_back_what_generate_wrote() {
    let dir = tempdir("cli");
    let file = dir.join("m.json");
    let f = file.to_str().expect("utf-8");
    for shape in ["square", "hex", "triangle"] {
        stdout_of(&["generate", "--shape", shape, "--seed", "21", "-f", "json", "-o", f, "--braid", "0.3"]);
        let direct =
            stdout_of(&["generate", "--shape", shape, "--seed", "21", "--braid", "0.3", "--solve", "a-star"]);
        assert_eq!(stdout_of(&["solve", f, "--algorithm", "a-star"]), direct, "{shape}");
        // JSON survives a round trip byte for byte.
        let json = fs::read_to_string(&file).expect("read");
        assert_eq!(stdout_of(&["render", f, "-f", "json"]), json, "{shape}");
        // Solving from stdin works, and the saved solution is rendered back.
        let solved =
            maze().args(["solve", "-", "-f", "json"]).write_stdin(json.clone()).output().expect("runs");
        assert!(solved.status.success());
        let solved = String::from_utf8(solved.stdout).expect("utf-8");
        let rendered = maze().args(["render", "-"]).write_stdin(solved).output().expect("runs");
        let with_bfs =
            stdout_of(&["generate", "--shape", shape, "--seed", "21", "--braid", "0.3", "--solve", "bfs"]);
        assert_eq!(String::from_utf8_lossy(&rendered.stdout), with_bfs);
    }
}

#[test]
fn solve_from_and_to() {
    let json = stdout_of(&["generate", "-W", "6", "-H", "6", "--seed", "2", "-f", "json"]);
    let out = maze()
        .args(["solve", "-", "--from", "7", "--to", "20", "-f", "json"])
        .write_stdin(json)
        .output()
        .expect("runs");
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    let path = v["solution"]["path"].as_array().expect("path");
    assert_eq!(path.first(), Some(&Value::from(7)));
    assert_eq!(path.last(), Some(&Value::from(20)));
}

#[test]
fn count_writes_json_lines_with_consecutive_seeds() {
    let out = stdout_of(&["generate", "--count", "3", "--seed", "40", "-f", "json", "-W", "5", "-H", "5"]);
    let seeds: Vec<u64> = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("one JSON per line")["seed"].as_u64().expect("seed"))
        .collect();
    assert_eq!(seeds, [40, 41, 42]);
    let single = stdout_of(&["generate", "--seed", "41", "-f", "json", "-W", "5", "-H", "5"]);
    let a: Value = serde_json::from_str(out.lines().nth(1).expect("line 2")).expect("json");
    let b: Value = serde_json::from_str(&single).expect("json");
    assert_eq!(a, b);
}

#[test]
fn difficulty_and_multimaze() {
    let v: Value =
        serde_json::from_str(&stdout_of(&["generate", "--difficulty", "5", "-f", "json", "--seed", "1"]))
            .expect("json");
    assert_eq!(v["shape"]["width"], 32);
    assert_eq!(v["shape"]["height"], 32);
    let v: Value = serde_json::from_str(&stdout_of(&[
        "generate", "--starts", "4", "--ends", "3", "-f", "json", "--seed", "1",
    ]))
    .expect("json");
    let starts = v["starts"].as_array().expect("starts");
    let ends = v["ends"].as_array().expect("ends");
    assert_eq!((starts.len(), ends.len()), (4, 3));
    assert_eq!(starts[0], 0);
    assert_eq!(ends[0], v["cells"].as_u64().expect("cells") - 1);
    let all: BTreeSet<u64> = starts.iter().chain(ends).map(|c| c.as_u64().expect("id")).collect();
    assert_eq!(all.len(), 7, "starts and ends are distinct");
}

#[test]
fn bench_reports_json() {
    let out = stdout_of(&[
        "bench",
        "--size",
        "20",
        "--algorithm",
        "kruskal",
        "--algorithm",
        "bfs",
        "--runs",
        "1",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).expect("json");
    let rows = v.as_array().expect("array");
    assert_eq!(rows.len(), 2);
    for (row, name) in rows.iter().zip(["kruskal", "bfs"]) {
        assert_eq!(row["algorithm"], name);
        assert_eq!(row["shape"], "square");
        assert_eq!(row["width"], 20);
        assert_eq!(row["height"], 20);
        assert_eq!(row["cells"], 400);
        assert!(row["ns_per_cell"].as_f64().expect("number") > 0.0);
        assert_eq!(row["clock"], "wall");
    }
}

#[cfg(unix)]
#[test]
fn bench_reads_the_cpu_clock() {
    let out =
        stdout_of(&["bench", "--size", "30", "-a", "wilson", "--runs", "3", "--clock", "cpu", "--json"]);
    let v: Value = serde_json::from_str(&out).expect("json");
    let row = &v.as_array().expect("array")[0];
    assert_eq!(row["clock"], "cpu");
    assert!(row["ns_per_cell"].as_f64().expect("number") > 0.0);
    let table = stdout_of(&["bench", "--size", "10", "-a", "bfs", "--runs", "1", "--clock", "cpu"]);
    assert!(table.contains("ns/cell cpu"), "{table}");
}

#[test]
fn bad_input_is_one_line_and_the_right_status() {
    fails(&["generate", "--width", "0"], 2, "at least 1");
    fails(&["bench", "--clock", "sundial"], 2, "unknown clock");
    fails(&["generate", "--width", "-3"], 2, "width");
    fails(&["generate", "--width", "abc"], 2, "width");
    fails(&["generate", "--width", "100000", "--height", "100000"], 2, "too large");
    fails(&["generate", "--width", "99999999999"], 2, "width");
    fails(&["generate", "--shape", "pentagon"], 2, "unknown shape");
    fails(&["generate", "--algorithm", "nope"], 2, "unknown algorithm");
    fails(&["generate", "--solve", "nope"], 2, "unknown solver");
    fails(&["generate", "--format", "nope"], 2, "unknown format");
    fails(&["generate", "--braid", "1.5"], 2, "between 0 and 1");
    fails(&["generate", "--braid", "nan"], 2, "braid");
    fails(&["generate", "--shape", "hex", "--algorithm", "sidewinder"], 2, "does not support");
    fails(&["generate", "-W", "2", "-H", "2", "--starts", "3", "--ends", "3"], 2, "distinct cells");
    fails(&["generate", "--starts", "2"], 2, "ends");
    fails(&["generate", "--difficulty", "9"], 2, "difficulty");
    fails(&["generate", "--shape", "triangle", "-W", "1", "-H", "5"], 2, "disconnected");
    fails(&["generate", "--count", "0"], 2, "count");
    fails(&["frobnicate"], 2, "unrecognized");
    fails(&["solve", "/no/such/file.json"], 1, "cannot read");
    let dir = tempdir("cli");
    let bad = |name: &str, text: &str| {
        let p = dir.join(name);
        fs::write(&p, text).expect("write");
        p.to_str().expect("utf-8").to_string()
    };
    fails(&["solve", &bad("garbage.json", "not json at all")], 1, "not a maze JSON file");
    fails(&["solve", &bad("empty.json", "")], 1, "not a maze JSON file");
    fails(
        &[
            "solve",
            &bad(
                "wrong.json",
                r#"{"format":"png","shape":{"kind":"square","width":2,"height":2},"cells":4,"passages":[]}"#,
            ),
        ],
        1,
        "format",
    );
    let square2 = |passages: &str, cells: u32| {
        format!(
            r#"{{"format":"maze","shape":{{"kind":"square","width":2,"height":2}},"cells":{cells},"passages":{passages}}}"#
        )
    };
    fails(&["solve", &bad("adj.json", &square2("[[0,3]]", 4))], 1, "not adjacent");
    fails(&["solve", &bad("range.json", &square2("[[0,9]]", 4))], 1, "out of range");
    fails(&["solve", &bad("cells.json", &square2("[[0,1]]", 5))], 1, "cells");
    fails(&["solve", &bad("disc.json", &square2("[[0,1]]", 4))], 1, "no path");
    fails(
        &[
            "solve",
            &bad(
                "shape.json",
                r#"{"format":"maze","shape":{"kind":"blob","width":2,"height":2},"cells":4,"passages":[]}"#,
            ),
        ],
        1,
        "unknown shape",
    );
    fails(
        &[
            "solve",
            &bad(
                "huge.json",
                r#"{"format":"maze","shape":{"kind":"square","width":100000,"height":100000},"cells":10000000000,"passages":[]}"#,
            ),
        ],
        2,
        "too large",
    );
    let ok = bad("ok.json", &stdout_of(&["generate", "-W", "3", "-H", "3", "--seed", "1", "-f", "json"]));
    fails(&["solve", &ok, "--from", "99"], 2, "out of range");
    fails(&["solve", &ok, "--algorithm", "teleport"], 2, "unknown solver");
}

#[test]
fn failures_never_clobber_or_leave_partial_files() {
    let dir = tempdir("cli");
    let target = dir.join("keep.txt");
    fs::write(&target, "precious").expect("write");
    let t = target.to_str().expect("utf-8");
    let bad = dir.join("bad.json");
    fs::write(&bad, "{").expect("write");
    let out = maze().args(["solve", bad.to_str().expect("utf-8"), "-o", t]).output().expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let out = maze().args(["generate", "--shape", "hex", "-a", "eller", "-o", t]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(fs::read_to_string(&target).expect("read"), "precious");
    let names: Vec<_> = fs::read_dir(&dir).expect("ls").map(|e| e.expect("entry").file_name()).collect();
    assert_eq!(names.len(), 2, "temporary files left behind: {names:?}");
    // And a successful run replaces the file whole.
    stdout_of(&["generate", "-W", "3", "-H", "2", "--seed", "1", "-o", t]);
    assert_eq!(
        fs::read_to_string(&target).expect("read"),
        stdout_of(&["generate", "-W", "3", "-H", "2", "--seed", "1"])
    );
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    let bin = assert_cmd::cargo::cargo_bin("maze");
    let status = StdCommand::new("bash")
        .arg("-c")
        .arg(format!(
            "set -o pipefail; '{}' generate -W 600 -H 600 --seed 1 | head -c 100 > /dev/null",
            bin.display()
        ))
        .status()
        .expect("bash runs");
    assert!(status.success(), "maze should exit 0 when its reader goes away");
}

/// The README's opening picture (docs/images/montage.svg) is what scripts/montage.py makes
/// from today's command line (`UPDATE_GOLDEN=1` rewrites it).
#[test]
fn readme_montage_is_true() {
    // python3 is on every machine the project builds on (scripts/install-python.sh needs it).
    let bin = assert_cmd::cargo::cargo_bin("maze");
    let made = maze_testkit::tempdir("montage").join("montage.svg");
    let status = std::process::Command::new("python3")
        .arg(root().join("scripts/montage.py"))
        .arg(&bin)
        .arg(&made)
        .status()
        .expect("python3 runs");
    assert!(status.success(), "scripts/montage.py failed");
    let want = root().join("docs/images/montage.svg");
    let made = fs::read(&made).expect("montage written");
    if maze_testkit::updating_golden() {
        fs::write(&want, &made).expect("write montage");
    }
    assert!(
        fs::read(&want).expect("docs/images/montage.svg") == made,
        "docs/images/montage.svg is stale: run python3 scripts/montage.py (or UPDATE_GOLDEN=1 cargo test -p maze-cli)"
    );
}

/// The README's example pictures (```text blocks starting with `$ maze …`) are what those
/// commands print today.
#[test]
fn readme_examples_are_true() {
    let readme = fs::read_to_string(root().join("README.md")).expect("README");
    let mut checked = 0;
    for block in readme.split("```text\n").skip(1) {
        let body = block.split("```").next().expect("closed block");
        let Some((command, shown)) = body.split_once('\n') else { continue };
        let Some(args) = command.strip_prefix("$ maze ") else { continue };
        let args: Vec<&str> = args.split_whitespace().collect();
        assert_eq!(stdout_of(&args), shown, "README example `{command}` is stale");
        checked += 1;
    }
    assert!(checked >= 2, "found {checked} README examples");
}
