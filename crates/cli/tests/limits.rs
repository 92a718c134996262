//! Every size limit is checked before any maze is generated, read or drawn, and a refusal
//! is one line naming the limit and the flag that raises it.

use std::fs;
use std::time::Instant;

use assert_cmd::Command;
use maze_testkit::{assert_one_line_error, tempdir};

fn maze() -> Command {
    Command::cargo_bin("maze").expect("the maze binary is built")
}

/// Runs `maze ARGS`, which must fail with `code` and one line containing `needle`.
fn fails(args: &[&str], code: i32, needle: &str) {
    maze_testkit::assert_fails(env!("CARGO_BIN_EXE_maze"), args, code, needle);
}

/// The 99-byte file that used to make `maze render` build a 67-million-cell maze (25 s,
/// 6.3 GB) before saying the PNG was too large.
const HUGE_HEX: &str =
    r#"{"format":"maze","shape":{"kind":"hex","width":8192,"height":8192},"cells":67108864,"passages":[]}"#;

#[test]
fn a_tiny_file_declaring_a_huge_maze_is_refused_at_once() {
    let dir = tempdir("limits");
    let file = dir.join("huge.json");
    fs::write(&file, HUGE_HEX).expect("write");
    let f = file.to_str().expect("utf-8");
    for (format, flag) in [
        ("png", "--max-pixels"),
        ("svg", "--max-bytes"),
        ("json", "--max-bytes"),
        ("text", "--max-bytes"),
        ("pdf", "--max-bytes"),
        ("stl", "--max-bytes"),
        ("tex", "--max-bytes"),
        ("scad", "--max-bytes"),
    ] {
        let start = Instant::now();
        let out = maze().args(["render", f, "-f", format, "-o"]).arg(dir.join("out")).output().expect("runs");
        assert_one_line_error(&out, 2, flag, &format!("render huge -f {format}"));
        // Not a timing assertion: building the maze took 25 s; refusing takes milliseconds.
        eprintln!("render -f {format}: refused in {:?}", start.elapsed());
    }
    fails(&["solve", f, "-f", "svg"], 2, "--max-bytes");
    let names: Vec<_> = fs::read_dir(&dir).expect("ls").collect();
    assert_eq!(names.len(), 1, "nothing but the input is left");
}

#[test]
fn generate_checks_pixels_and_bytes_before_generating() {
    fails(&["generate", "-W", "8192", "-H", "8192", "-f", "png", "--seed", "1"], 2, "--max-pixels");
    fails(
        &["generate", "-s", "hex", "-W", "8192", "-H", "8192", "-f", "svg", "--seed", "1"],
        2,
        "--max-bytes",
    );
    fails(
        &["generate", "-W", "300", "-H", "300", "-f", "svg", "--max-bytes", "100K", "--seed", "1"],
        2,
        "over the limit of 100 KiB",
    );
    // Raising the limit lets it through.
    let out = maze()
        .args(["generate", "-W", "300", "-H", "300", "-f", "svg", "--max-bytes", "100M", "--seed", "1"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    fails(
        &["generate", "-W", "100", "-H", "100", "-f", "png", "--cell-size", "200", "--seed", "1"],
        2,
        "--max-pixels",
    );
    fails(&["generate", "--max-bytes", "lots"], 2, "not a size");
}

#[test]
fn solve_and_render_honour_max_cells_before_allocating() {
    let dir = tempdir("maxcells");
    let file = dir.join("m.json");
    let out = maze()
        .args(["generate", "-W", "20", "-H", "10", "--seed", "1", "-f", "json", "-o"])
        .arg(&file)
        .output()
        .expect("runs");
    assert!(out.status.success());
    let f = file.to_str().expect("utf-8");
    for cmd in ["solve", "render"] {
        fails(&[cmd, f, "--max-cells", "100"], 2, "--max-cells");
        let out = maze().args([cmd, f, "--max-cells", "200"]).output().expect("runs");
        assert!(out.status.success(), "{cmd}: {}", String::from_utf8_lossy(&out.stderr));
    }
    // A file far larger than a maze of --max-cells cells can be is refused before it is
    // read whole (2 MiB of spaces against a limit of 1 MiB + 100 bytes a cell).
    let padded = dir.join("padded.json");
    let text = fs::read_to_string(&file).expect("read");
    fs::write(&padded, format!("{}{}", " ".repeat(2 << 20), text)).expect("write");
    fails(&["render", padded.to_str().expect("utf-8"), "--max-cells", "1000"], 2, "--max-cells");
    fails(&["generate", "-W", "200", "-H", "200", "--max-cells", "1000", "--seed", "1"], 2, "--max-cells");
}

#[test]
fn a_pdf_book_is_bounded() {
    fails(
        &["generate", "-f", "pdf", "--count", "20000", "--seed", "1", "-o", "/dev/null"],
        2,
        "at most 10000 mazes",
    );
    fails(
        &[
            "generate",
            "-W",
            "100",
            "-H",
            "100",
            "-f",
            "pdf",
            "--count",
            "5000",
            "--solve",
            "--seed",
            "1",
            "--max-bytes",
            "50M",
            "-o",
            "/dev/null",
        ],
        2,
        "--max-bytes",
    );
}
