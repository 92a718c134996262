//! The third round of hardening (issue 45): conditions that cannot hold on the shape asked
//! are refused before any maze is made, the default tries are a budget of cells, a maze
//! file's faults name its fields rather than flags, ends that fall on one cell say why, and
//! echoed paths are cut.

use std::fs;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use maze_testkit::{assert_one_line_error, tempdir};

const MAZE: &str = env!("CARGO_BIN_EXE_maze");

/// Runs `maze ARGS`, killing it (and failing) if it is still running after `limit`: a run
/// that should end at once must not hang the test suite when it does not.
fn run_within(args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(MAZE)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("maze runs");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("waits").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().expect("output");
            panic!(
                "maze {args:?} still ran after {limit:?}: {}",
                String::from_utf8_lossy(&out.stderr).trim_end()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn run(args: &[&str]) -> Output {
    run_within(args, Duration::from_secs(120))
}

/// Each condition of issue 45 that used to run until killed (16 CPU-s each at `--count
/// 1000`) is refused with the fact that rules it out. Without `--seed` the command prints
/// the seed it drew once the plan is made, just before making the first maze: the error
/// being the only line shows that no maze was made (the 10 s limit is only a guard against
/// hanging the suite).
#[test]
fn conditions_the_shape_rules_out_are_refused_before_any_maze() {
    let dir = tempdir("never");
    let file = dir.join("mazes.txt");
    let output = file.to_str().expect("utf-8");
    for (condition, fact) in [
        ("winding>1e308", "winding is at most 7.1071 here"),
        ("hardness<easy", "the bands go from easy to extreme"),
        ("perfect<true", "perfect is always true here (every maze made here is perfect"),
        (
            "solution<2",
            "solution_length is at least 28 here (the entrance (0,0) and the exit (19,9) are 28 steps apart",
        ),
        ("diameter<1", "diameter is at least 28"),
        ("perfect=false", "always true"),
        ("hardness>extreme", "the bands go from easy to extreme"),
        ("solution>=200", "solution_length is at most 199"),
        ("cells!=200", "cells is always 200"),
        ("junctions_5>0", "at most 4 doors"),
        ("difficulty>100", "at most 100"),
    ] {
        let args =
            ["generate", "-W", "20", "-H", "10", "--count", "1000", "--where", condition, "-o", output];
        let out = run_within(&args, Duration::from_secs(10));
        let what = format!("--where {condition}");
        assert_one_line_error(&out, 2, "can never hold", &what);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("--where '{condition}' can never hold: ")), "{err}");
        assert!(err.contains(fact), "{condition}: {err}");
        assert!(!file.exists(), "{condition}: a file was written");
    }
    // What can hold is still tried: the edges of each range, and loops make a maze
    // imperfect (braided mazes may have no dead end and routes of any winding).
    for condition in ["solution<=28", "diameter>=199", "winding<=1", "hardness<=easy", "perfect=true"] {
        let out = run(&[
            "generate",
            "-W",
            "20",
            "-H",
            "10",
            "--where",
            condition,
            "--max-tries",
            "2",
            "--seed",
            "1",
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("can never hold"), "{condition}: {err}");
    }
    let out =
        run(&["generate", "-W", "20", "-H", "10", "--braid", "1", "--where", "perfect=false", "--seed", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

/// The route's bounds follow the ends asked: a side's middle to the opposite one, and
/// ends placed with the maze (random, farthest) leave only what any maze has.
#[test]
fn the_ends_asked_set_the_bounds() {
    let out = run_within(
        &[
            "generate",
            "-W",
            "20",
            "-H",
            "10",
            "--entrance",
            "left",
            "--exit",
            "right",
            "--where",
            "solution<19",
        ],
        Duration::from_secs(10),
    );
    assert_one_line_error(&out, 2, "19 steps apart", "the sides' middles");
    let out = run(&[
        "generate",
        "-W",
        "20",
        "-H",
        "10",
        "--entrance",
        "left",
        "--exit",
        "right",
        "--where",
        "solution<=19",
        "--max-tries",
        "2",
        "--seed",
        "1",
    ]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("can never hold"));
    for ends in [["--exit", "random"], ["--entrance", "farthest"]] {
        let mut args = vec!["generate", "-W", "20", "-H", "10", "--where", "solution<28", "--max-tries", "2"];
        args.extend(ends);
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("can never hold"), "{ends:?}: {err}");
    }
    // A route of one step is possible only with ends placed with the maze.
    let out = run_within(
        &["generate", "-W", "20", "-H", "10", "--exit", "random", "--where", "solution<1"],
        Duration::from_secs(10),
    );
    assert_one_line_error(&out, 2, "the entrance and the exit are two cells", "random ends");
}

/// The default tries are a budget of cells: a 300 x 300 maze gets 11 tries for each maze
/// asked for (it used to get 1000, 120 s for five), and fails with the usual message;
/// `--max-tries` still counts mazes.
#[test]
fn big_mazes_get_fewer_tries_by_default() {
    let out = run(&[
        "generate",
        "-W",
        "300",
        "-H",
        "300",
        "--count",
        "5",
        "--where",
        "solution<700",
        "--seed",
        "1",
    ]);
    assert_one_line_error(&out, 2, "raise --max-tries", "a rare condition on big mazes");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("of 5 mazes met solution<700 after 55 tries (maze i tries seeds 1+i, 1+i+5, ...)"),
        "{err}"
    );
    let out = run(&[
        "generate",
        "-W",
        "300",
        "-H",
        "300",
        "--where",
        "solution<700",
        "--max-tries",
        "3",
        "--seed",
        "1",
    ]);
    assert_one_line_error(
        &out,
        2,
        "after 3 tries (maze i tries seeds 1+i, 1+i+1, ...)",
        "--max-tries counts mazes",
    );
    // Small mazes keep their 1000 tries a maze.
    let out =
        run(&["generate", "-W", "30", "-H", "30", "--count", "2", "--where", "solution<=58", "--seed", "1"]);
    assert_one_line_error(&out, 2, "after 2000 tries", "a 30 x 30 maze");
}

/// A maze file declaring 65 levels, one over the limit.
const LEVELS_65: &str = r#"{"format":"maze","version":1,"shape":{"kind":"square","width":4,"height":4,"levels":65},"cells":1040,"passages":[]}"#;

/// A maze file's faults name the file's fields, as the file writes them, not the flags of
/// `maze generate`.
#[test]
fn file_errors_name_the_files_fields() {
    let dir = tempdir("fields");
    let path = dir.join("lv65.json");
    fs::write(&path, LEVELS_65).expect("writes");
    let p = path.to_str().expect("utf-8");
    for args in [vec!["render", p], vec!["solve", p], vec!["stats", p]] {
        let out = run_within(&args, Duration::from_secs(10));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.trim_end().ends_with("lv65.json: \"levels\": 65 is too many (at most 64)"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("--levels"), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert_ne!(out.status.code(), Some(0));
    }
    let wrapped = dir.join("wrap.json");
    fs::write(
        &wrapped,
        r#"{"format":"maze","version":1,"shape":{"kind":"square","width":2,"height":4,"wrap":"x"},"cells":8,"passages":[]}"#,
    )
    .expect("writes");
    let out = run_within(&["render", wrapped.to_str().expect("utf-8")], Duration::from_secs(10));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("wrap.json: \"wrap\": \"x\" needs a width of at least 3"), "{err}");
}

/// On a torus the top and bottom edges are one seam: ends asked there fall on one cell,
/// and the refusal says so, before any maze is made; a saved wrapped maze solved between
/// them says the same.
#[test]
fn ends_on_one_cell_say_why() {
    let out = run_within(
        &["generate", "--wrap", "xy", "--entrance", "top", "--exit", "bottom"],
        Duration::from_secs(10),
    );
    assert_one_line_error(
        &out,
        2,
        "the entrance and the exit are the same cell (0,0): on a torus (--wrap xy) the top and bottom edges are one seam",
        "a torus's top and bottom",
    );
    assert!(out.stdout.is_empty(), "a maze was drawn");
    let out = run(&[
        "generate",
        "--wrap",
        "x",
        "--entrance",
        "left",
        "--exit",
        "right",
        "-W",
        "5",
        "-H",
        "4",
        "--seed",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "left and right on a cylinder's rims are two cells");
    let dir = tempdir("torus");
    let file = dir.join("torus.json");
    let made = run(&[
        "generate",
        "--wrap",
        "xy",
        "-W",
        "6",
        "-H",
        "6",
        "--seed",
        "2",
        "-f",
        "json",
        "-o",
        file.to_str().expect("utf-8"),
    ]);
    assert_eq!(made.status.code(), Some(0), "{}", String::from_utf8_lossy(&made.stderr));
    let out = run(&["solve", file.to_str().expect("utf-8"), "--from", "left", "--to", "right"]);
    assert_one_line_error(
        &out,
        2,
        "the left and right edges are one seam",
        "a saved torus solved side to side",
    );
}

/// A 3000-character path is cut in every error that shows it, as other echoes are (it
/// used to fill a 1,011-byte line).
#[test]
fn long_paths_are_cut_in_errors() {
    let long = format!("/nonexistent/{}.json", "p".repeat(3000));
    for args in [
        vec!["solve", long.as_str()],
        vec!["render", long.as_str()],
        vec!["stats", long.as_str()],
        vec!["generate", "--mask", long.as_str()],
    ] {
        let out = run_within(&args, Duration::from_secs(10));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.len() < 400, "{}: {} bytes of error: {err}", args[0], err.len());
        assert!(err.contains("pppp...") && err.contains("cannot read"), "{err}");
    }
}
