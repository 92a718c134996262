//! What the attacker's catalogue of the third hardening round found, each refused in one
//! line (or ended quietly) instead of a panic, an abort, a run to the time limit or
//! invalid output: statistics and text pictures over `--max-memory`, control characters
//! in a title, a closed pipe after `maze completions`, `maze play --no-menu` with options
//! it cannot play.

use std::fs;
use std::process::{Command as StdCommand, Stdio};
use std::time::Instant;

use assert_cmd::Command;
use maze_testkit::{assert_one_line_error, tempdir};

fn maze() -> Command {
    Command::cargo_bin("maze").expect("the maze binary is built")
}

/// A 101-byte file declaring an empty 8192 x 8192 square maze: `maze stats` used to
/// allocate until it aborted (exit 134). Now the estimate is checked before any work.
#[test]
fn stats_of_a_huge_declared_maze_is_refused_before_work() {
    let dir = tempdir("stats-bomb");
    for (name, kind) in [("square", "square"), ("triangle", "triangle"), ("hex", "hex")] {
        let file = dir.join(format!("{name}.json"));
        fs::write(
            &file,
            format!(r#"{{"format":"maze","shape":{{"kind":"{kind}","width":8192,"height":8192}},"cells":67108864,"passages":[]}}"#),
        )
        .expect("write");
        let start = Instant::now();
        let out = maze().arg("stats").arg(&file).output().expect("runs");
        assert_one_line_error(&out, 2, "--max-memory", &format!("stats of {name}"));
        assert!(String::from_utf8_lossy(&out.stderr).contains("statistics"));
        // A refusal, not a long computation that happened to fail (generous for a loaded machine).
        assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
    }
}

/// `--stats`, `--where` and `--hardness` check the same estimate before generating.
#[test]
fn stats_options_check_memory_before_generating() {
    for extra in [&["--stats", "json"][..], &["--where", "dead_ends>0"], &["--hardness", "easy"]] {
        let mut args = vec!["generate", "-W", "3000", "-H", "3000", "--max-memory", "64M", "-f", "json"];
        args.extend_from_slice(extra);
        let start = Instant::now();
        let out = maze().args(&args).output().expect("runs");
        assert_one_line_error(&out, 2, "--max-memory", &format!("{extra:?}"));
        assert!(start.elapsed().as_secs() < 20, "{extra:?} took {:?}", start.elapsed());
    }
    // Within the limit, the figures come out.
    let out = maze()
        .args(["generate", "-W", "30", "-H", "30", "--stats", "json", "--seed", "1"])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A text picture is held in memory while it is drawn: a 113-byte file of 64 levels of
/// 1024 x 1024 used to take 2.14 GB for its text. Now refused under `--max-memory`.
#[test]
fn text_pictures_are_bounded_by_max_memory() {
    let dir = tempdir("text-bomb");
    let file = dir.join("levels.json");
    fs::write(
        &file,
        r#"{"format":"maze","shape":{"kind":"square","width":1024,"height":1024,"levels":64},"cells":67108864,"passages":[]}"#,
    )
    .expect("write");
    for format in ["text", "unicode"] {
        let start = Instant::now();
        let out =
            maze().args(["render", "-f", format, "--max-bytes", "100G"]).arg(&file).output().expect("runs");
        assert_one_line_error(&out, 2, "--max-memory", &format!("render -f {format}"));
        assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
    }
    let args =
        ["generate", "-W", "8000", "-H", "8000", "--weave", "0.001", "--max-bytes", "100G", "-a", "kruskal"];
    let out = maze().args(args).output().expect("runs");
    assert_one_line_error(&out, 2, "--max-memory", "a woven 8000 x 8000 maze as text");
    // A big plain maze within the default limit is still drawn.
    let out = maze()
        .args(["generate", "-W", "2000", "-H", "2000", "-f", "unicode", "-o", "/dev/null"])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A title with control characters used to give SVG no XML parser reads: refused, from
/// every command that draws.
#[test]
fn control_characters_in_a_title_are_refused() {
    for (flag, text) in [("--title", "a\u{1}b"), ("--instructions", "x\u{1b}[31m"), ("--title", "two\nlines")]
    {
        let out = maze().args(["generate", "-f", "svg", flag, text]).output().expect("runs");
        assert_one_line_error(&out, 2, "control character", &format!("{flag} {text:?}"));
        assert!(String::from_utf8_lossy(&out.stderr).contains(flag));
    }
    let dir = tempdir("title-ctl");
    let file = dir.join("m.json");
    let made = maze().args(["generate", "-f", "json", "-o"]).arg(&file).output().expect("runs");
    assert!(made.status.success());
    let out = maze().args(["render", "-f", "svg", "--title", "a\u{7}b"]).arg(&file).output().expect("runs");
    assert_one_line_error(&out, 2, "control character", "render --title");
}

/// `maze completions SHELL | head -1` used to panic on the closed pipe.
#[test]
fn completions_into_a_closed_pipe_end_quietly() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = StdCommand::new("bash")
            .arg("-c")
            .arg(format!(
                "set -o pipefail; '{}' completions {shell} | head -c 1 > /dev/null; echo status ${{PIPESTATUS[0]}}",
                env!("CARGO_BIN_EXE_maze")
            ))
            .stderr(Stdio::piped())
            .output()
            .expect("bash runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{shell}: {err}");
        assert!(err.trim().is_empty(), "{shell}: {err}");
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "status 0", "{shell}: {err}");
    }
}

/// `maze play -W 0 --no-menu` without a terminal used to print its prompt and exit 0.
#[test]
fn play_without_a_menu_refuses_what_it_cannot_play() {
    let out = maze().args(["play", "-W", "0", "--no-menu"]).write_stdin("").output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: ") && err.trim_end().lines().count() == 1, "{err}");
    assert!(err.contains("width"), "{err}");
    assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
}
