//! `maze verify FILE --moves ...`: one JSON verdict, exit 0 for an accepted route, 1 for a
//! wrong one, 2 for bad input; the moves of a saved solution (JSON's `moves`) verify as
//! optimal on every shape.

use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    use std::io::Write;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_maze"));
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("maze runs");
    let mut input = child.stdin.take().expect("stdin");
    if let Some(bytes) = stdin {
        input.write_all(bytes).expect("feed stdin");
    }
    drop(input);
    child.wait_with_output().expect("maze finishes")
}

fn maze_json(args: &[&str]) -> Vec<u8> {
    let mut all = vec!["generate", "--format", "json", "--solve"];
    all.extend_from_slice(args);
    let out = run(&all, None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

fn verdict(file: &[u8], extra: &[&str]) -> (i32, Value, String) {
    let mut args = vec!["verify", "-"];
    args.extend_from_slice(extra);
    let out = run(&args, Some(file));
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let v = if stdout.trim().is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&stdout).expect("one JSON object")
    };
    (out.status.code().expect("exit code"), v, String::from_utf8_lossy(&out.stderr).to_string())
}

#[test]
fn a_saved_solutions_moves_verify_on_every_shape() {
    for shape in [
        &["--shape", "square"][..],
        &["--shape", "hex"],
        &["--shape", "triangle"],
        &["--shape", "polar"],
        &["--shape", "upsilon"],
        &["--shape", "sigma"],
        &["--wrap", "xy"],
        &["--levels", "2"],
        &["--weave", "0.7"],
        &["--braid", "1"],
    ] {
        let mut args = vec!["--width", "6", "--height", "5", "--seed", "49"];
        args.extend_from_slice(shape);
        let file = maze_json(&args);
        let saved: Value = serde_json::from_slice(&file).expect("json");
        let moves: Vec<&str> = saved["solution"]["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("str"))
            .collect();
        let (code, v, err) = verdict(&file, &["--moves", &moves.join(",")]);
        assert_eq!(code, 0, "{shape:?}: {v} {err}");
        assert_eq!(
            (v["valid"].as_bool(), v["optimal"].as_bool()),
            (Some(true), Some(true)),
            "{shape:?}: {v}"
        );
        assert_eq!(v["shortest_length"].as_u64(), Some(moves.len() as u64));
        if shape == ["--shape", "square"] {
            assert!(moves.iter().all(|m| ["U", "D", "L", "R"].contains(m)), "{moves:?}");
            // Letters may run together or be spaced.
            let (code, _, _) = verdict(&file, &["--moves", &moves.join("")]);
            assert_eq!(code, 0);
            let (code, _, _) = verdict(&file, &["--moves", &moves.join(" ")]);
            assert_eq!(code, 0);
        }
    }
}

#[test]
fn wrong_routes_exit_1_and_bad_input_exits_2() {
    let file = maze_json(&["--width", "5", "--height", "5", "--seed", "7"]);
    // Off the maze at once (the entrance is cell 0, top left).
    let (code, v, _) = verdict(&file, &["--moves", "U"]);
    assert_eq!(code, 1, "{v}");
    assert_eq!((v["valid"].as_bool(), v["first_error"].as_u64()), (Some(false), Some(0)));
    // No moves: valid, short of the goal.
    let (code, v, _) = verdict(&file, &["--moves", ""]);
    assert_eq!(code, 1);
    assert_eq!((v["valid"].as_bool(), v["reaches_goal"].as_bool()), (Some(true), Some(false)));
    // Start and goal given: the empty route from a cell to itself is right.
    let (code, v, _) = verdict(&file, &["--moves", "", "--start", "3", "--goal", "3"]);
    assert_eq!(code, 0, "{v}");
    // Malformed moves: one line naming the token and its index, exit 2.
    let (code, v, err) = verdict(&file, &["--moves", "RDX"]);
    assert_eq!((code, v), (2, Value::Null));
    assert!(err.contains("'X'") && err.contains("index 2") && err.lines().count() == 1, "{err}");
    let (code, _, err) = verdict(&file, &["--moves", "east,south"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = verdict(b"not a maze", &["--moves", "R"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, _, err) = verdict(&file, &["--moves", "R", "--goal", "999"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_goal_cut_off_by_unreachable_takes_no_moves() {
    for shape in ["square", "hex", "polar"] {
        let file = maze_json(&[
            "-s",
            shape,
            "-W",
            "6",
            "-H",
            "5",
            "--seed",
            "4",
            "--braid",
            "0.5",
            "--unreachable",
            "1",
        ]);
        assert!(String::from_utf8_lossy(&file).contains("\"reachable\": false"), "{shape}");
        let (code, v, err) = verdict(&file, &["--moves", ""]);
        assert_eq!(code, 0, "{shape}: {err}");
        assert_eq!((v["reachable"].as_bool(), v["optimal"].as_bool()), (Some(false), Some(true)), "{shape}");
    }
    let file = maze_json(&["-W", "6", "-H", "5", "--seed", "4", "--unreachable", "1"]);
    let (code, v, _) = verdict(&file, &["--moves", "R"]);
    assert_eq!(code, 1);
    assert_eq!(v["valid"].as_bool(), Some(v["first_error"].is_null()));
    let out = run(&["generate", "--unreachable", "2"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--unreachable"));
}
