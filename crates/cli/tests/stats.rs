//! `maze stats`, `maze generate --stats` and the batch filters `--where` and `--hardness`:
//! the figures are checked against the maze file itself (degrees counted from its passages,
//! the route from `maze solve`), and every kept maze against its conditions.

use std::collections::HashMap;
use std::process::{Command, Output};

use serde_json::Value;

fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    use std::io::Write;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_maze"));
    cmd.args(args).stdin(std::process::Stdio::piped());
    cmd.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().expect("maze runs");
    let mut input = child.stdin.take().expect("stdin");
    if let Some(bytes) = stdin {
        input.write_all(bytes).expect("feed stdin");
    }
    drop(input);
    child.wait_with_output().expect("maze finishes")
}

fn ok(args: &[&str]) -> Output {
    let out = run(args, None);
    assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

/// The table as key → value.
fn table(out: &str) -> HashMap<String, String> {
    out.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.splitn(2, char::is_whitespace);
            let key = parts.next().expect("key").to_string();
            (key, parts.next().expect("value").trim().to_string())
        })
        .collect()
}

/// Degrees of every cell, counted from the file's passages.
fn degrees(file: &Value) -> Vec<u64> {
    let n = file["cells"].as_u64().expect("cells") as usize;
    let mut degree = vec![0u64; n];
    for p in file["passages"].as_array().expect("passages") {
        degree[p[0].as_u64().expect("a") as usize] += 1;
        degree[p[1].as_u64().expect("b") as usize] += 1;
    }
    degree
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("maze-stats-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

#[test]
fn the_table_matches_the_maze_file_on_every_shape() {
    let cases: &[&[&str]] = &[
        &["-W", "25", "-H", "18"],
        &["--shape", "hex", "-W", "14", "-H", "11", "-a", "kruskal"],
        &["--shape", "triangle", "-W", "20", "-H", "9", "-a", "wilson"],
        &["--shape", "polar", "--rings", "8", "-a", "prim"],
        &["--shape", "upsilon", "-W", "10", "-H", "10", "-a", "hunt-and-kill"],
        &["--mask-text", "HI", "-W", "30", "-H", "14"],
        &["-W", "20", "-H", "20", "--braid", "0.5"],
    ];
    for (i, case) in cases.iter().enumerate() {
        let path = tmp(&format!("shape{i}.json"));
        let p = path.to_str().expect("path");
        let mut args = vec!["generate", "--seed", "9", "-f", "json", "-o", p];
        args.extend_from_slice(case);
        ok(&args);
        let file: Value = serde_json::from_slice(&std::fs::read(&path).expect("read")).expect("json");
        let t = table(&text(&ok(&["stats", p]).stdout));
        let degree = degrees(&file);
        let count = |d: u64| degree.iter().filter(|&&x| x == d).count().to_string();
        assert_eq!(t["cells"], file["cells"].to_string(), "{case:?}");
        assert_eq!(t["seed"], "9");
        assert_eq!(t["dead_ends"], count(1), "{case:?}");
        assert_eq!(t["corridor_cells"], count(2), "{case:?}");
        assert_eq!(t["junctions_3"], count(3), "{case:?}");
        assert_eq!(t["passages"], file["passages"].as_array().expect("passages").len().to_string());
        let braided = case.contains(&"--braid");
        assert_eq!(t["perfect"], if braided { "false" } else { "true" }, "{case:?}");
        // The route: a shortest path from `maze solve`.
        let solved: Value =
            serde_json::from_slice(&ok(&["solve", p, "--format", "json"]).stdout).expect("solved json");
        let path_cells = solved["solution"]["path"].as_array().expect("path").len();
        assert_eq!(t["solution_length"], (path_cells - 1).to_string(), "{case:?}");
        let diameter: u64 = t["diameter"].parse().expect("diameter");
        assert!(diameter >= (path_cells - 1) as u64);
        let difficulty: f64 = t["difficulty"].parse().expect("difficulty");
        assert!((0.0..=100.0).contains(&difficulty));
        assert!(["easy", "medium", "hard", "extreme"].contains(&t["hardness"].as_str()));
        // JSON: the same figures.
        let j: Value = serde_json::from_slice(&ok(&["stats", p, "--json"]).stdout).expect("stats json");
        assert_eq!(j["dead_ends"].to_string(), t["dead_ends"]);
        assert_eq!(j["hardness"], t["hardness"].as_str());
        assert_eq!(j["seed"], 9);
    }
}

#[test]
fn batches_from_stdin_give_one_result_per_maze() {
    let batch =
        ok(&["generate", "--count", "4", "--seed", "20", "-W", "12", "-H", "12", "-f", "json"]).stdout;
    let out = run(&["stats", "-", "--json"], Some(&batch));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("one object per line")).collect();
    assert_eq!(lines.iter().map(|v| v["seed"].as_u64().expect("seed")).collect::<Vec<_>>(), [20, 21, 22, 23]);
    let tables = run(&["stats", "-"], Some(&batch));
    assert_eq!(text(&tables.stdout).matches("\nseed ").count() + 1, 4);
}

#[test]
fn generate_stats_go_to_stderr_with_the_maze_on_stdout_and_to_stdout_with_a_file() {
    let out = ok(&["generate", "--seed", "3", "-W", "10", "-H", "10", "--stats"]);
    assert!(text(&out.stdout).starts_with('+'), "the maze stays alone on stdout");
    let t = table(&text(&out.stderr));
    assert_eq!(t["cells"], "100");
    assert_eq!(t["seed"], "3");
    let path = tmp("with-stats.json");
    let p = path.to_str().expect("path");
    let out =
        ok(&["generate", "--seed", "3", "-W", "10", "-H", "10", "--stats", "json", "-f", "json", "-o", p]);
    let j: Value = serde_json::from_slice(&out.stdout).expect("stats json on stdout");
    assert_eq!(j["cells"], 100);
    // The same figures as `maze stats` on the file.
    let again: Value = serde_json::from_slice(&ok(&["stats", p, "--json"]).stdout).expect("json");
    assert_eq!(j, again);
}

#[test]
fn where_keeps_only_mazes_that_meet_every_condition() {
    let path = tmp("kept.jsonl");
    let p = path.to_str().expect("path");
    let args = [
        "generate",
        "--count",
        "6",
        "--seed",
        "100",
        "-W",
        "15",
        "-H",
        "15",
        "-a",
        "kruskal",
        "--where",
        "solution>=40",
        "--where",
        "dead_ends<0.3",
        "-f",
        "json",
        "-o",
        p,
    ];
    let out = ok(&args);
    let report = text(&out.stderr);
    let stats = ok(&["stats", p, "--json"]).stdout;
    let kept: Vec<Value> = text(&stats).lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    assert_eq!(kept.len(), 6);
    for m in &kept {
        assert!(m["solution_length"].as_u64().expect("length") >= 40, "{m}");
        assert!(m["dead_end_share"].as_f64().expect("share") < 0.3, "{m}");
    }
    // The seeds reported are the seeds written, in order, and some were skipped.
    let seeds: Vec<String> = kept.iter().map(|m| m["seed"].to_string()).collect();
    assert!(report.contains(&format!("seeds: {}", seeds.join(", "))), "{report}");
    let tried: u64 =
        report.split("of ").nth(1).and_then(|r| r.split(' ').next()).expect("tried").parse().expect("n");
    assert!(tried > 6, "the conditions should refuse some of the seeds: {report}");
    // A refused seed really fails a condition.
    let first_skipped = (100..).find(|s| !seeds.contains(&s.to_string())).expect("a skipped seed");
    let one = ok(&[
        "generate",
        "--seed",
        &first_skipped.to_string(),
        "-W",
        "15",
        "-H",
        "15",
        "-a",
        "kruskal",
        "--stats",
        "json",
        "-f",
        "json",
        "-o",
        tmp("skipped.json").to_str().expect("path"),
    ]);
    let s: Value = serde_json::from_slice(&one.stdout).expect("json");
    assert!(
        s["solution_length"].as_u64().expect("length") < 40
            || s["dead_end_share"].as_f64().expect("share") >= 0.3
    );
    // The same run again writes the same bytes.
    let first = std::fs::read(&path).expect("read");
    ok(&args);
    assert_eq!(std::fs::read(&path).expect("read"), first);
}

#[test]
fn hardness_bands_filter_by_score() {
    for (algorithm, band) in [("recursive-backtracker", "extreme"), ("prim-modified", "easy")] {
        let out = ok(&[
            "generate",
            "--count",
            "3",
            "--seed",
            "1",
            "-W",
            "30",
            "-H",
            "30",
            "-a",
            algorithm,
            "--hardness",
            band,
            "-f",
            "json",
        ]);
        let stats = run(&["stats", "-", "--json"], Some(&out.stdout));
        for line in text(&stats.stdout).lines() {
            let m: Value = serde_json::from_str(line).expect("json");
            assert_eq!(m["hardness"], band, "{algorithm}: {m}");
        }
        assert_eq!(text(&stats.stdout).lines().count(), 3);
    }
}

#[test]
fn impossible_conditions_and_bad_input_fail_cleanly() {
    let path = tmp("never.json");
    let p = path.to_str().expect("path");
    let out = run(
        &[
            "generate",
            "-W",
            "8",
            "-H",
            "8",
            "--seed",
            "1",
            "--where",
            "solution>=63",
            "--max-tries",
            "30",
            "-f",
            "json",
            "-o",
            p,
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("only 0 of 1 mazes met solution>=63 after 30 tries"), "{err}");
    assert!(!path.exists(), "nothing is written when the batch cannot be filled");
    // A condition no maze of this size can meet is refused before any try.
    let out = run(&["generate", "-W", "8", "-H", "8", "--where", "solution>1000", "-o", p], None);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("can never hold"), "{err}");
    assert!(!path.exists(), "nothing is written for an impossible condition");
    for bad in ["colour>3", "solution", "river>>2", "hardness=tough", "river<5%"] {
        let out = run(&["generate", "--where", bad], None);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(!text(&out.stderr).contains("panicked"), "{bad}");
    }
    let out = run(&["generate", "--hardness", "brutal"], None);
    assert_eq!(out.status.code(), Some(2));
    // Files that are not mazes.
    let out = run(&["stats", "-"], Some(b"{\"format\": \"maze\""));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr).trim().lines().count(), 1, "{}", text(&out.stderr));
    let out = run(&["stats", "-"], Some(b""));
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["stats", "/nonexistent/maze.json"], None);
    assert_eq!(out.status.code(), Some(1));
}
