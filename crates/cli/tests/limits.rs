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

/// Runs `maze ARGS` with its address space capped at `kib` KiB (`ulimit -v`, two malloc
/// arenas): a job that needs more aborts instead of finishing or refusing.
fn capped(kib: u64, args: &[&str]) -> std::process::Output {
    let mut line = format!("ulimit -v {kib}; exec '{}'", env!("CARGO_BIN_EXE_maze"));
    for a in args {
        line.push_str(&format!(" '{a}'"));
    }
    std::process::Command::new("sh")
        .args(["-c", &line])
        .env("MALLOC_ARENA_MAX", "2")
        .output()
        .expect("sh runs")
}

/// Small files declaring big mazes with every wall closed, on every topology: drawing them
/// used to hold every wall before joining them (6.2 GB for 8192 x 8192). Now each draws
/// within 700 MB of address space, or is refused in one line naming the flag that raises
/// the limit (a woven maze's solid ground is counted before drawing).
#[test]
fn tiny_files_of_huge_closed_mazes_draw_in_bounded_memory() {
    let dir = tempdir("bombs");
    let files = [
        ("square", r#"{"kind":"square","width":3000,"height":3000}"#, 9_000_000),
        ("torus", r#"{"kind":"square","width":3000,"height":3000,"wrap":"xy"}"#, 9_000_000),
        ("levels", r#"{"kind":"square","width":750,"height":750,"levels":16}"#, 9_000_000),
        ("mask", r#"{"kind":"square","width":3000,"height":3000,"mask":[0,9000000]}"#, 9_000_000),
        ("hex", r#"{"kind":"hex","width":2000,"height":2000}"#, 4_000_000),
        ("weave", r#"{"kind":"square","width":3000,"height":3000,"crossings":[[3001,0]]}"#, 9_000_001),
    ];
    for (name, shape, cells) in files {
        let file = dir.join(format!("{name}.json"));
        let json =
            format!(r#"{{"format":"maze","version":1,"shape":{shape},"cells":{cells},"passages":[]}}"#);
        fs::write(&file, json).expect("write");
        for format in ["svg", "pdf", "png", "stl"] {
            let out_file = dir.join(format!("{name}.{format}"));
            let out = capped(
                700_000,
                &[
                    "render",
                    file.to_str().expect("utf-8"),
                    "-f",
                    format,
                    "-o",
                    out_file.to_str().expect("utf-8"),
                ],
            );
            let what = format!("render {name} -f {format}");
            if out.status.success() {
                assert!(fs::metadata(&out_file).is_ok_and(|m| m.len() > 0), "{what}: no file");
                continue;
            }
            let flag = ["--max-memory", "--max-bytes", "--max-pixels"]
                .into_iter()
                .find(|f| String::from_utf8_lossy(&out.stderr).contains(f))
                .unwrap_or_else(|| {
                    panic!(
                        "{what}: neither drawn nor refused naming a limit ({:?}): {}",
                        out.status,
                        String::from_utf8_lossy(&out.stderr)
                    )
                });
            assert_one_line_error(&out, 2, flag, &what);
            assert!(!out_file.exists(), "{what}: a refused drawing leaves no file");
        }
        if name == "square" {
            assert!(fs::metadata(dir.join("square.svg")).is_ok(), "a closed square grid draws as svg");
        }
        if name == "weave" {
            let out =
                capped(700_000, &["render", file.to_str().expect("utf-8"), "-f", "svg", "-o", "/dev/null"]);
            assert_one_line_error(&out, 2, "--max-memory", "a woven maze's ground is counted before drawing");
        }
    }
}

/// A PDF book is written page by page: 1,500 mazes with their solutions fit in 300 MB of
/// address space (holding every page until the end took 430 MB for the puzzles alone).
#[test]
fn a_pdf_book_is_written_as_its_pages_are_made() {
    let dir = tempdir("book");
    let file = dir.join("book.pdf");
    let out = capped(
        300_000,
        &[
            "generate",
            "-W",
            "100",
            "-H",
            "100",
            "--count",
            "1500",
            "--solve",
            "--seed",
            "1",
            "-f",
            "pdf",
            "-o",
            file.to_str().expect("utf-8"),
        ],
    );
    assert!(out.status.success(), "{:?}: {}", out.status, String::from_utf8_lossy(&out.stderr));
    let bytes = fs::read(&file).expect("the book");
    let pages = bytes.windows(11).filter(|w| w == b"/Type/Page/").count();
    assert!(pages >= 3000, "puzzles and solutions: {pages} page objects");
    assert!(bytes.ends_with(b"%%EOF"), "a complete file");
}

/// Drawing over `--max-memory` is refused in one line naming it, before anything is drawn:
/// a heat map shades every cell.
#[test]
fn drawing_memory_is_checked_and_named() {
    fails(
        &["generate", "-W", "300", "-H", "300", "--heat", "-f", "svg", "--max-memory", "1M", "--seed", "1"],
        2,
        "--max-memory",
    );
    fails(
        &["generate", "-W", "30", "-H", "30", "-f", "svg", "--max-memory", "lots", "--seed", "1"],
        2,
        "--max-memory",
    );
}
