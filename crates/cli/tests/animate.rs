//! `--animate` from the command line: GIFs and animated SVGs of generators and solvers, the
//! frame budget, and the usage errors. The GIFs are decoded with the `gif` crate and counted
//! by `gifsicle --info` (skipped without it unless MAZE_REQUIRE_VALIDATORS=1); the files'
//! pixels are checked in depth by maze-render's tests.

use std::fs;
use std::path::Path;
use std::process::Command as StdCommand;

use assert_cmd::Command;
use maze_testkit::{have, tempdir};

fn maze() -> Command {
    Command::cargo_bin("maze").expect("the maze binary is built")
}

/// Runs a command that must succeed; returns its stderr.
fn run(args: &[&str]) -> String {
    let out = maze().args(args).output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "maze {args:?} failed: {err}");
    err
}

/// Runs a command that must fail with `code` and a one-line error containing `needle`.
fn fails(args: &[&str], code: i32, needle: &str) {
    let out = maze().args(args).output().expect("runs");
    maze_testkit::assert_one_line_error(&out, code, needle, &format!("maze {args:?}"));
}

/// The frame count and the total delay (centiseconds) of a GIF file, decoded.
fn gif_frames(path: &Path) -> (usize, u32) {
    let bytes = fs::read(path).expect("read gif");
    assert!(bytes.starts_with(b"GIF89a"), "{}: not a GIF", path.display());
    let mut decoder = gif::DecodeOptions::new().read_info(bytes.as_slice()).expect("gif header");
    let (mut frames, mut delay) = (0, 0);
    while let Some(frame) = decoder.read_next_frame().expect("gif frame") {
        frames += 1;
        delay += u32::from(frame.delay);
    }
    (frames, delay)
}

/// The number of images `gifsicle --info` reports (it exits 0 even on a cut file).
fn gifsicle_count(path: &Path) -> usize {
    let out = StdCommand::new("gifsicle").arg("--info").arg(path).output().expect("gifsicle runs");
    assert!(out.status.success(), "gifsicle --info failed on {}", path.display());
    let text = String::from_utf8_lossy(&out.stdout);
    let words: Vec<&str> = text.lines().next().unwrap_or_default().split_whitespace().collect();
    let at = words.iter().position(|w| w.starts_with("image")).expect("an image count");
    words[at - 1].parse().expect("a number")
}

#[test]
fn generate_animates_as_gif_for_every_shape() {
    let dir = tempdir("generate");
    let gifsicle = have("gifsicle");
    for (shape, alg, frames) in [
        ("square", "recursive-backtracker", "40"),
        ("hex", "wilson", "25"),
        ("triangle", "kruskal", "120"),
        ("square", "recursive-division", "30"),
    ] {
        let out = dir.join(format!("{shape}-{alg}.gif"));
        let o = out.to_str().expect("utf-8");
        let args = [
            "generate",
            "-s",
            shape,
            "-W",
            "12",
            "-H",
            "8",
            "-a",
            alg,
            "--seed",
            "3",
            "--animate",
            "-f",
            "gif",
        ];
        run(&[&args[..], &["--frames", frames, "-o", o]].concat());
        let (n, _) = gif_frames(&out);
        let budget: usize = frames.parse().expect("number");
        assert!((2..=budget).contains(&n), "{shape} {alg}: {n} frames for --frames {budget}");
        if gifsicle {
            assert_eq!(gifsicle_count(&out), n, "{shape} {alg}: gifsicle counts differently");
        }
    }
    // --format gif implies --animate; --delay sets each frame's time.
    let out = dir.join("implied.gif");
    run(&[
        "generate",
        "--seed",
        "1",
        "-f",
        "gif",
        "--frames",
        "10",
        "--delay",
        "100",
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    let (n, delay) = gif_frames(&out);
    assert_eq!(n, 10);
    assert_eq!(delay, 10 * 10 + 200, "ten frames of 100 ms, then a 2-second pause");
    // --duration shares the time.
    let out = dir.join("duration.gif");
    run(&[
        "generate",
        "--seed",
        "1",
        "-f",
        "gif",
        "--frames",
        "20",
        "--duration",
        "2",
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(gif_frames(&out), (20, 200 + 200));
    // Braiding and MultiMaze dots are fine; the animation ends on the finished maze.
    let out = dir.join("braid.gif");
    run(&[
        "generate",
        "--seed",
        "2",
        "--braid",
        "0.5",
        "--starts",
        "2",
        "--ends",
        "2",
        "--solve",
        "-f",
        "gif",
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert!(gif_frames(&out).0 >= 2);
}

#[test]
fn generate_then_solve_animated() {
    let dir = tempdir("solve");
    let json = dir.join("m.json");
    let j = json.to_str().expect("utf-8");
    run(&["generate", "-s", "hex", "-W", "10", "-H", "7", "--seed", "5", "-f", "json", "-o", j]);
    for solver in ["bfs", "dead-end-filler", "tremaux"] {
        let out = dir.join(format!("{solver}.gif"));
        run(&[
            "solve",
            j,
            "-a",
            solver,
            "--animate",
            "--format",
            "gif",
            "--frames",
            "50",
            "-o",
            out.to_str().expect("utf-8"),
        ]);
        let (n, _) = gif_frames(&out);
        assert!((3..=50).contains(&n), "{solver}: {n} frames");
        if have("gifsicle") {
            assert_eq!(gifsicle_count(&out), n);
        }
    }
    let svg = dir.join("s.svg");
    run(&["solve", j, "--animate", "--format", "svg", "-o", svg.to_str().expect("utf-8")]);
    let text = fs::read_to_string(&svg).expect("read svg");
    assert!(text.contains("<animate") && text.contains("<polyline"), "an animated solution");
    if have("xmllint") {
        let ok = StdCommand::new("xmllint").arg("--noout").arg(&svg).status().expect("xmllint");
        assert!(ok.success(), "xmllint rejects the animated SVG");
    }
}

#[test]
fn generate_animates_as_svg() {
    let out = maze()
        .args([
            "generate",
            "-s",
            "triangle",
            "-W",
            "10",
            "-H",
            "6",
            "--seed",
            "4",
            "--animate",
            "-f",
            "svg",
            "--frames",
            "30",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    assert!(
        text.contains("<animate attributeName=\"visibility\"") && text.contains("repeatCount=\"indefinite\"")
    );
    // One keyTime per frame at most.
    let mut times = std::collections::BTreeSet::new();
    for part in text.split("keyTimes=\"").skip(1) {
        times.extend(part.split('"').next().expect("quote").split(';').map(str::to_string));
    }
    assert!((2..=30).contains(&times.len()), "{} frame times", times.len());
}

#[test]
fn bad_animation_requests_are_usage_errors() {
    fails(&["generate", "--animate", "--format", "pdf", "-o", "/tmp/never.pdf"], 2, "--format gif");
    fails(&["generate", "--animate"], 2, "not text");
    fails(&["generate", "--frames", "0", "-f", "gif", "-o", "/tmp/never.gif"], 2, "--frames");
    fails(&["generate", "--frames", "2001", "-f", "gif", "-o", "/tmp/never.gif"], 2, "--frames");
    fails(&["generate", "--delay", "5", "-f", "gif", "-o", "/tmp/never.gif"], 2, "--delay");
    fails(
        &["generate", "--delay", "50", "--duration", "3", "-f", "gif", "-o", "/tmp/never.gif"],
        2,
        "--duration",
    );
    fails(&["generate", "--duration", "0", "-f", "gif", "-o", "/tmp/never.gif"], 2, "--duration");
    fails(&["generate", "--count", "3", "-f", "gif", "-o", "/tmp/never.gif"], 2, "--count");
    fails(&["generate", "--heat", "-f", "gif", "-o", "/tmp/never.gif"], 2, "--heat");
    // Too many pixel-frames: refused before generating, saying what to lower.
    fails(
        &["generate", "-W", "400", "-H", "400", "--frames", "2000", "-f", "gif", "-o", "/tmp/never.gif"],
        2,
        "--frames",
    );
    fails(
        &["generate", "-W", "600", "-H", "600", "--animate", "-f", "svg", "-o", "/tmp/never.svg"],
        2,
        "smaller maze",
    );
    assert!(!Path::new("/tmp/never.gif").exists() && !Path::new("/tmp/never.svg").exists());
    // render has no steps to animate; solve checks its options before reading the file.
    let dir = tempdir("bad");
    let json = dir.join("m.json");
    let j = json.to_str().expect("utf-8");
    run(&["generate", "--seed", "1", "-f", "json", "-o", j]);
    fails(&["render", j, "-f", "gif", "-o", "/tmp/never.gif"], 2, "animation");
    fails(&["solve", j, "--animate", "-f", "png", "-o", "/tmp/never.png"], 2, "--format gif");
    fails(&["solve", j, "--frames", "1", "-f", "gif", "-o", "/tmp/never.gif"], 2, "--frames");
    // Without --animate, svg is still the still picture.
    let out = maze().args(["generate", "--seed", "1", "-f", "svg"]).output().expect("runs");
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stdout).contains("<animate"));
}
