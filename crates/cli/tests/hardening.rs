//! The second round of hardening: conditions that can never hold, echoed input that is
//! too long or hides format characters, and file readers as strict as docs/FORMAT.md.

use std::fs;
use std::process::Command;

use maze_testkit::{assert_fails, assert_one_line_error, tempdir};

const MAZE: &str = env!("CARGO_BIN_EXE_maze");

fn run(args: &[&str]) -> std::process::Output {
    Command::new(MAZE).args(args).output().expect("maze runs")
}

/// A condition no maze can meet is refused before any maze is made (it used to try a
/// million mazes, 33 s, before giving up).
#[test]
fn conditions_that_can_never_hold_are_refused_at_once() {
    for (condition, needle) in [
        ("solution<0", "can never hold"),
        ("solution<=-1", "can never hold"),
        ("dead_ends<0", "can never hold"),
        ("dead_end_share>1", "can never hold"),
        ("solution_share>=1.5", "can never hold"),
        ("straightness>1", "can never hold"),
        ("solution>400", "at most 399 here (a route visits each of the 400 cells at most once)"),
        ("diameter=-3", "can never hold"),
        ("dead_ends>150%", "can never hold"),
    ] {
        assert_fails(
            MAZE,
            &["generate", "-W", "20", "-H", "20", "--count", "1000", "--where", condition, "--seed", "1"],
            2,
            needle,
        );
    }
    // Edges that can hold are kept: a route of every cell, the direct way (38 steps
    // corner to corner), the most winding (399 steps over 38).
    for condition in ["solution<=399", "solution<=38", "dead_end_share>=0", "solution!=0", "winding>10.4"] {
        let out = run(&[
            "generate",
            "-W",
            "20",
            "-H",
            "20",
            "--where",
            condition,
            "--max-tries",
            "3",
            "--seed",
            "1",
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("can never hold"), "{condition}: {err}");
    }
    let out = run(&[
        "generate",
        "-W",
        "4",
        "-H",
        "4",
        "--where",
        "solution>=15",
        "--max-tries",
        "5",
        "--seed",
        "1",
    ]);
    assert_one_line_error(&out, 2, "--max-tries", "a rare condition gives up after its tries");
}

/// The default number of tries is capped at a million, whatever the count, and the help
/// says so.
#[test]
fn the_default_tries_are_capped() {
    let out = run(&["generate", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("at most 1,000,000"), "{help}");
}

/// Echoed input is cut at about 200 characters, and format characters (a right-to-left
/// override) are escaped, never printed raw.
#[test]
fn echoed_input_is_cut_and_escaped() {
    let long = format!("solution>={}", "9".repeat(100_000));
    let unknown = format!("{}>3", "x".repeat(100_000));
    for condition in [long.as_str(), unknown.as_str()] {
        let out = run(&["generate", "--where", condition]);
        assert_one_line_error(&out, 2, "...", "a 100 KB --where");
        assert!(out.stderr.len() < 1500, "{} bytes of error", out.stderr.len());
    }
    let out = run(&["generate", "-s", "hex\u{202e}"]);
    assert_one_line_error(&out, 2, "\\u{202e}", "a right-to-left override");
    assert!(!String::from_utf8_lossy(&out.stderr).contains('\u{202e}'), "printed raw");
    let out = run(&["generate", "--where", "solution\u{2066}>3\u{200b}"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains('\u{2066}') && !err.contains('\u{200b}'), "{err}");
    let dir = tempdir("echo");
    let name = dir.join(format!("{}.json", "n".repeat(300)));
    let out = run(&["render", name.to_str().expect("utf-8")]);
    assert!(out.stderr.len() < 1200, "a long file name is cut: {} bytes", out.stderr.len());
}

/// File readers refuse what docs/FORMAT.md does not allow, naming the file.
#[test]
fn file_readers_are_as_strict_as_the_format() {
    let dir = tempdir("strict");
    let cases = [
        (
            "levels.json",
            r#"{"format":"maze","version":1,"shape":{"kind":"square","width":4,"height":4,"levels":65},"cells":1040,"passages":[]}"#,
            "at most 64",
        ),
        (
            "unsorted.json",
            r#"{"format":"maze","version":1,"shape":{"kind":"square","width":6,"height":6,"crossings":[[22,0],[7,1]]},"cells":38,"passages":[]}"#,
            "increasing cell",
        ),
        (
            "twice.json",
            r#"{"format":"maze","version":1,"shape":{"kind":"square","width":6,"height":6,"crossings":[[7,0],[7,0]]},"cells":38,"passages":[]}"#,
            "increasing cell",
        ),
        (
            "passage.json",
            r#"{"format":"maze","version":1,"shape":{"kind":"square","width":2,"height":2},"cells":4,"passages":[[0,9]]}"#,
            "out of range",
        ),
        (
            "entrance.json",
            r#"{"format":"maze","version":1,"shape":{"kind":"square","width":2,"height":2},"cells":4,"passages":[[0,1]],"entrance":7}"#,
            "out of range",
        ),
    ];
    for (name, text, needle) in cases {
        let path = dir.join(name);
        fs::write(&path, text).expect("write");
        let p = path.to_str().expect("utf-8");
        for command in [
            &["render", p, "-f", "svg", "-o", "/dev/null"][..],
            &["solve", p, "-o", "/dev/null"],
            &["stats", p],
        ] {
            let out = run(command);
            assert_one_line_error(
                &out,
                out.status.code().unwrap_or(0).max(1),
                needle,
                &format!("{command:?}"),
            );
            assert!(
                String::from_utf8_lossy(&out.stderr).contains(name),
                "{command:?} does not name the file"
            );
        }
    }
    // A 0 x 0 PNG mask.
    let png = dir.join("empty.png");
    let chunk = |kind: &[u8], data: &[u8]| {
        let mut c = (data.len() as u32).to_be_bytes().to_vec();
        c.extend_from_slice(kind);
        c.extend_from_slice(data);
        c.extend_from_slice(&crc32(&c[4..]).to_be_bytes());
        c
    };
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.extend(chunk(b"IHDR", &[0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0]));
    bytes.extend(chunk(b"IDAT", &[0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));
    bytes.extend(chunk(b"IEND", &[]));
    fs::write(&png, bytes).expect("write");
    let out = run(&["generate", "--mask", png.to_str().expect("utf-8")]);
    assert_one_line_error(&out, 2, "empty.png", "a 0 x 0 PNG mask");
}

/// CRC-32 (IEEE), for the PNG chunks above.
fn crc32(bytes: &[u8]) -> u32 {
    let mut c = 0xFFFF_FFFFu32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
        }
    }
    c ^ 0xFFFF_FFFF
}

/// The note that a pdf maze was drawn smaller than asked is about the maze itself: said
/// once, and not for the small samples the size estimate draws (which it once was: three
/// notes for one shrunk maze, and one for a maze that fits).
#[test]
fn the_pdf_shrink_note_is_said_once_and_only_for_the_maze_drawn() {
    let note = "drawn smaller than";
    let shrunk =
        run(&["generate", "-W", "80", "-H", "60", "--seed", "2", "--cell-size", "1in", "--fit", "-f", "pdf"]);
    assert!(shrunk.status.success());
    let err = String::from_utf8_lossy(&shrunk.stderr);
    assert_eq!(err.matches(note).count(), 1, "{err}");
    let fits = run(&["generate", "-s", "polar", "-W", "6", "-H", "8", "--seed", "6", "--solve", "-f", "pdf"]);
    assert!(fits.status.success());
    let err = String::from_utf8_lossy(&fits.stderr);
    assert!(!err.contains(note), "{err}");
}
