//! `maze generate -f prompt --prompt-style STYLE` and `-f tasks`: the text styles for
//! language models read back by the library's parser, task records as JSON Lines (the
//! same records alone, in a batch, on any number of threads), refusals in one line.

use assert_cmd::Command;
use maze::prompt::{self, PromptStyle};
use serde_json::Value;

fn stdout_of(args: &[&str]) -> String {
    let out = Command::cargo_bin("maze").expect("the maze binary").args(args).output().expect("runs");
    assert!(out.status.success(), "maze {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

fn fails(args: &[&str], code: i32, needle: &str) {
    maze_testkit::assert_fails(env!("CARGO_BIN_EXE_maze"), args, code, needle);
}

#[test]
fn every_style_is_written_and_reads_back_to_the_json_files_passages() {
    for style in PromptStyle::ALL {
        for (size, seed) in [("1", "4"), ("5", "7"), ("12", "9")] {
            let base = ["generate", "-W", size, "-H", "4", "--seed", seed, "--braid", "0.5"];
            let text = stdout_of(
                &[&base[..], &["-f", "prompt", "--prompt-style", style.name(), "--solve"]].concat(),
            );
            let layout = prompt::parse(&text, *style).unwrap_or_else(|e| panic!("{style}: {e}\n{text}"));
            let json: Value =
                serde_json::from_str(&stdout_of(&[&base[..], &["-f", "json"]].concat())).expect("json");
            let w = layout.width;
            let mut passages: Vec<(u64, u64)> = json["passages"]
                .as_array()
                .expect("passages")
                .iter()
                .map(|p| {
                    let (a, b) = (p[0].as_u64().expect("id"), p[1].as_u64().expect("id"));
                    (a.min(b), a.max(b))
                })
                .collect();
            passages.sort_unstable();
            let mut read: Vec<(u64, u64)> = Vec::new();
            for id in 0..layout.cells() {
                let a = id as u64;
                if layout.down[id] {
                    read.push((a, a + u64::from(w)));
                }
                if layout.right[id] {
                    read.push((a, a + 1));
                }
            }
            read.sort_unstable();
            assert_eq!(read, passages, "{style} {size}");
            assert_eq!(u64::from(layout.id(layout.start)), json["entrance"].as_u64().expect("entrance"));
            assert_eq!(u64::from(layout.id(layout.goal)), json["exit"].as_u64().expect("exit"));
        }
    }
}

#[test]
fn a_batch_of_prompts_is_separated_by_blank_lines() {
    let one = stdout_of(&[
        "generate",
        "-W",
        "3",
        "-H",
        "2",
        "--seed",
        "5",
        "-f",
        "prompt",
        "--prompt-style",
        "hrm",
    ]);
    let two = stdout_of(&[
        "generate",
        "-W",
        "3",
        "-H",
        "2",
        "--seed",
        "4",
        "--count",
        "2",
        "-f",
        "prompt",
        "--prompt-style",
        "hrm",
    ]);
    assert!(two.ends_with(&format!("\n{one}")), "{two}");
}

#[test]
fn tasks_are_json_lines_the_same_alone_and_on_any_threads() {
    let base = ["generate", "-W", "6", "-H", "6", "--braid", "0.5", "-f", "tasks", "--prompt-style", "grid"];
    let batch = stdout_of(&[&base[..], &["--count", "8", "--seed", "70", "--threads", "4"]].concat());
    assert_eq!(batch, stdout_of(&[&base[..], &["--count", "8", "--seed", "70", "--threads", "1"]].concat()));
    for (i, line) in batch.lines().enumerate() {
        let seed = (70 + i).to_string();
        assert_eq!(stdout_of(&[&base[..], &["--seed", &seed]].concat()), format!("{line}\n"));
        let record: Value = serde_json::from_str(line).expect("a JSON line");
        assert_eq!(record["reachable"], true);
        assert_eq!(record["style"], "grid");
        assert_eq!(record["moves"], record["answer"]);
    }
}

#[test]
fn prompts_and_tasks_refuse_in_one_line() {
    fails(&["generate", "-s", "hex", "-f", "prompt", "--prompt-style", "alphamaze"], 2, "not hex cells");
    fails(&["generate", "--weave", "0.5", "-f", "prompt", "--prompt-style", "hrm"], 2, "not a woven grid");
    fails(&["generate", "-s", "hex", "-f", "tasks"], 2, "tasks are made on plain square grids");
    fails(&["generate", "-f", "prompt", "--prompt-style", "nope"], 2, "unknown prompt style");
    fails(&["generate", "-f", "svg", "--prompt-style", "hrm"], 2, "--prompt-style");
    fails(&["generate", "-f", "prompt", "--task-image"], 2, "--task-image");
    fails(&["generate", "-f", "prompt", "--prompt-style", "hrm", "--prompt-glyphs"], 2, "--prompt-glyphs");
    fails(&["generate", "-f", "tasks", "--starts", "2", "--ends", "2"], 2, "MultiMaze");
    // Other shapes have ascii and plain.
    assert!(
        stdout_of(&["generate", "-s", "hex", "-f", "prompt", "--prompt-style", "plain"])
            .contains("hex cells")
    );
    assert!(
        stdout_of(&["generate", "-s", "triangle", "-f", "prompt", "--prompt-style", "ascii"]).contains('S')
    );
}
