//! The drawing formats from the command line, as a newcomer uses them: every shape in every
//! format, a PDF book with solutions at the back, `maze render` of a saved maze, and bad
//! drawing options. The files' validity is checked in depth by maze-render's tests; here
//! the real consumers check what the CLI wrote (skipped without them unless
//! MAZE_REQUIRE_VALIDATORS=1).

use std::fs;
use std::process::Command as StdCommand;

use assert_cmd::Command;
use maze_testkit::{have, tempdir};

fn maze() -> Command {
    Command::cargo_bin("maze").expect("the maze binary is built")
}

fn run(args: &[&str]) {
    let out = maze().args(args).output().expect("runs");
    assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// The page count `pdfinfo` reads from a PDF; `None` only when pdfinfo is not installed
/// (which fails under MAZE_REQUIRE_VALIDATORS=1). An answer without a readable `Pages:`
/// line fails the test: it is a broken file or a changed tool, never a reason to skip.
fn pdf_pages(path: &std::path::Path) -> Option<u32> {
    if !have("pdfinfo") {
        return None;
    }
    let out = StdCommand::new("pdfinfo").arg(path).output().expect("pdfinfo");
    assert!(out.status.success(), "pdfinfo rejects {}", path.display());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    Some(
        pages_of(&text)
            .unwrap_or_else(|| panic!("no page count in pdfinfo's answer for {}:\n{text}", path.display())),
    )
}

/// The number on `pdfinfo`'s `Pages:` line, if there is one and it is a number.
fn pages_of(info: &str) -> Option<u32> {
    info.lines().find_map(|l| l.strip_prefix("Pages:")).and_then(|v| v.trim().parse().ok())
}

#[test]
fn pdfinfo_answers_are_read_or_refused() {
    assert_eq!(pages_of("Producer:       maze\nPages:          8\nEncrypted:      no\n"), Some(8));
    assert_eq!(pages_of("Producer:       maze\n"), None);
    assert_eq!(pages_of("Pages:          many\n"), None);
}

#[test]
fn every_shape_in_every_drawing_format() {
    let dir = tempdir("all");
    for shape in ["square", "hex", "triangle", "polar", "upsilon", "sigma"] {
        for format in ["svg", "png", "pdf", "tex", "scad", "stl"] {
            let path = dir.join(format!("{shape}.{format}"));
            let p = path.to_str().expect("utf-8");
            run(&[
                "generate", "--shape", shape, "-W", "6", "-H", "4", "--seed", "3", "--solve", "-f", format,
                "-o", p,
            ]);
            let bytes = fs::read(&path).expect("written");
            let magic: &[u8] = match format {
                "svg" => b"<svg",
                "png" => b"\x89PNG",
                "pdf" => b"%PDF-",
                "tex" => b"%",
                "scad" => b"// Maze model",
                _ => b"maze-render binary STL",
            };
            assert!(
                bytes.starts_with(magic),
                "{shape}.{format} starts with {:?}",
                &bytes[..bytes.len().min(24)]
            );
            if format == "tex" {
                assert!(
                    String::from_utf8_lossy(&bytes).contains("\\documentclass"),
                    "{shape}.tex is a document"
                );
            }
            if format == "stl" {
                let n = u32::from_le_bytes(bytes[80..84].try_into().expect("count"));
                assert_eq!(bytes.len(), 84 + 50 * n as usize, "{shape}.stl size");
            }
        }
        if have("xmllint") {
            let svg = dir.join(format!("{shape}.svg"));
            assert!(StdCommand::new("xmllint").arg("--noout").arg(&svg).status().expect("xmllint").success());
        }
        if have("pngcheck") {
            let png = dir.join(format!("{shape}.png"));
            assert!(StdCommand::new("pngcheck").arg("-q").arg(&png).status().expect("pngcheck").success());
        }
        // Puzzle page and solution page.
        if let Some(pages) = pdf_pages(&dir.join(format!("{shape}.pdf"))) {
            assert_eq!(pages, 2, "{shape}.pdf: puzzle + solution");
        }
        if have("admesh") {
            let out =
                StdCommand::new("admesh").arg(dir.join(format!("{shape}.stl"))).output().expect("admesh");
            let report = String::from_utf8_lossy(&out.stdout);
            assert!(report.contains("Number of parts       :     1"), "{shape}.stl: {report}");
            assert!(report.contains("Backwards edges       :     0"), "{shape}.stl: {report}");
        }
    }
    if have("pdflatex") {
        let ok = StdCommand::new("pdflatex")
            .args(["-interaction=nonstopmode", "-halt-on-error", "hex.tex"])
            .current_dir(&dir)
            .output()
            .expect("pdflatex");
        assert!(ok.status.success(), "pdflatex: {}", String::from_utf8_lossy(&ok.stdout));
    }
}

#[test]
fn a_pdf_book_has_the_solutions_at_the_back() {
    let dir = tempdir("book");
    let book = dir.join("book.pdf");
    let b = book.to_str().expect("utf-8");
    run(&["generate", "--count", "4", "--seed", "1", "-f", "pdf", "--solve", "--paper", "letter", "-o", b]);
    if let Some(pages) = pdf_pages(&book) {
        assert_eq!(pages, 8);
    }
    let text = fs::read(&book).expect("read");
    assert!(text.starts_with(b"%PDF-"));
    // Without --solve, puzzles only.
    run(&["generate", "--count", "3", "--seed", "1", "-f", "pdf", "--paper", "254x203", "-o", b]);
    if let Some(pages) = pdf_pages(&book) {
        assert_eq!(pages, 3);
    }
}

#[test]
fn saved_mazes_render_in_every_format() {
    let dir = tempdir("render");
    let json = dir.join("m.json");
    let j = json.to_str().expect("utf-8");
    run(&[
        "generate", "--shape", "hex", "-W", "7", "-H", "5", "--seed", "9", "--solve", "-f", "json", "-o", j,
    ]);
    for format in ["svg", "png", "pdf", "tex", "scad", "stl", "text", "unicode", "json"] {
        let out = dir.join(format!("r.{format}"));
        run(&["render", j, "-f", format, "-o", out.to_str().expect("utf-8")]);
        assert!(fs::metadata(&out).expect("written").len() > 0, "{format}");
    }
    // The saved solution is drawn; --no-solution leaves it out.
    let with = dir.join("with.svg");
    let without = dir.join("without.svg");
    run(&["render", j, "-f", "svg", "-o", with.to_str().expect("utf-8")]);
    run(&["render", j, "-f", "svg", "--no-solution", "-o", without.to_str().expect("utf-8")]);
    assert!(fs::read_to_string(&with).expect("read").contains("<polyline"));
    assert!(!fs::read_to_string(&without).expect("read").contains("<polyline"));
    // solve draws its own solution in any format.
    let solved = dir.join("solved.png");
    run(&["solve", j, "-a", "a-star", "-f", "png", "-o", solved.to_str().expect("utf-8")]);
    assert!(fs::read(&solved).expect("read").starts_with(b"\x89PNG"));
}

#[test]
fn style_options_reach_the_picture() {
    let out = maze()
        .args([
            "generate",
            "--seed",
            "1",
            "-f",
            "svg",
            "--wall-colour",
            "#123456",
            "--background",
            "tan",
            "--cell-size",
            "30",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).expect("utf-8");
    assert!(svg.contains("stroke=\"#123456\""), "wall colour");
    assert!(svg.contains("fill=\"#d2b48c\""), "background colour");
    assert!(svg.contains("width=\"616\""), "20 cells of 30 px plus a margin of 8 on each side");
}

/// Runs a command that must fail with `code` and a one-line error containing `needle`.
fn fails(args: &[&str], code: i32, needle: &str) {
    let out = maze().args(args).args(["--seed", "1"]).output().expect("runs");
    maze_testkit::assert_one_line_error(&out, code, needle, &format!("maze {args:?}"));
}

#[test]
fn options_of_another_format_are_refused_and_taken_by_their_own() {
    for (option, format, needle) in [
        (&["--paper", "a4"][..], "svg", "--paper applies to pdf pages, not svg"),
        (&["--margin", "5"][..], "png", "--margin applies to pdf pages, not png"),
        (&["--fit"][..], "svg", "--fit applies to pdf pages, not svg"),
        (&["--tex-fragment"][..], "svg", "--tex-fragment applies to tex, not svg"),
        (&["--frames", "9"][..], "svg", "--frames applies to an animation"),
        (&["--delay", "50"][..], "png", "--delay applies to an animation"),
        (&["--duration", "2"][..], "text", "--duration applies to an animation"),
    ] {
        let mut args = vec!["generate", "-W", "4", "-H", "3", "-f", format];
        args.extend_from_slice(option);
        fails(&args, 2, needle);
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("m.json");
    let file = file.to_str().expect("utf-8");
    run(&["generate", "-W", "4", "-H", "3", "--seed", "1", "-f", "json", "-o", file]);
    for (args, needle) in [
        (&["solve", file, "-f", "svg", "--delay", "50"][..], "--delay applies to an animation"),
        (&["render", file, "-f", "png", "--fit", "-o", "never.png"][..], "--fit applies to pdf pages"),
    ] {
        let out = maze().args(args).current_dir(dir.path()).output().expect("runs");
        maze_testkit::assert_one_line_error(&out, 2, needle, &format!("maze {args:?}"));
    }
    assert!(!dir.path().join("never.png").exists(), "nothing written");
    for (option, format) in [
        (&["--fit", "--paper", "a5"][..], "pdf"),
        (&["--tex-fragment"][..], "tex"),
        (&["--delay", "50"][..], "gif"),
        (&["--animate", "--duration", "2", "--frames", "9"][..], "svg"),
    ] {
        let out = maze()
            .args(["generate", "-W", "4", "-H", "3", "--seed", "1", "-f", format])
            .args(option)
            .output()
            .expect("runs");
        assert!(out.status.success(), "{option:?} -f {format}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

/// Every format `maze generate` writes, by its `--format` name.
const FORMATS: [&str; 13] =
    ["text", "unicode", "json", "maze", "svg", "png", "pdf", "tex", "scad", "stl", "gif", "prompt", "tasks"];

/// Each drawing option with the formats whose writers draw (or keep) it, read from the
/// writers: text draws characters, json and maze files keep the explored cells or not,
/// scad and stl draw walls with sizes, an animation draws no heading or heat map.
fn drawing_options() -> Vec<(Vec<&'static str>, Vec<&'static str>)> {
    let still = vec!["svg", "png", "pdf", "tex"];
    let pictures = vec!["svg", "png", "pdf", "tex", "gif"];
    let sized = vec!["svg", "png", "pdf", "tex", "scad", "stl", "gif"];
    let models = vec!["scad", "stl"];
    vec![
        (vec!["--cell-size", "12"], sized.clone()),
        (vec!["--wall-width", "2"], sized),
        (vec!["--wall-colour", "navy"], pictures.clone()),
        (vec!["--background", "ivory"], pictures.clone()),
        (vec!["--path-colour", "crimson"], pictures.clone()),
        (vec!["--no-visited"], vec!["text", "unicode", "json", "maze", "svg", "png", "pdf", "tex", "gif"]),
        (vec!["--style", "document"], pictures.clone()),
        (vec!["--heat"], still.clone()),
        (vec!["--dot-size", "0.5"], pictures.clone()),
        (vec!["--no-markers"], pictures),
        (vec!["--title", "T"], still.clone()),
        (vec!["--instructions", "I"], still),
        (vec!["--paper", "a5"], vec!["pdf"]),
        (vec!["--margin", "0"], vec!["pdf"]),
        (vec!["--fit"], vec!["pdf"]),
        (vec!["--wall-height", "5"], models.clone()),
        (vec!["--base", "1"], models),
        (vec!["--tex-fragment"], vec!["tex"]),
        (vec!["--cell-walls"], vec!["json"]),
        (vec!["--prompt-style", "hrm"], vec!["prompt", "tasks"]),
        (vec!["--prompt-glyphs"], vec!["prompt", "tasks"]),
        (vec!["--task-image"], vec!["tasks"]),
    ]
}

/// Runs `maze` with `args` in `dir`: refused in one line (exit 2) naming the option and
/// "applies to" where the format does not take it, written where it does.
fn applies_or_refused(dir: &std::path::Path, args: &[&str], option: &str, applies: bool) {
    let out = maze().args(args).current_dir(dir).output().expect("runs");
    if applies {
        assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(!out.stdout.is_empty(), "maze {args:?} wrote nothing");
    } else {
        maze_testkit::assert_one_line_error(&out, 2, option, &format!("maze {args:?}"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(" applies to "), "maze {args:?}: {err}");
    }
}

#[test]
fn every_drawing_option_is_refused_by_the_formats_that_ignore_it_and_taken_by_the_others() {
    let dir = tempfile::tempdir().expect("tempdir");
    run(&["generate", "-W", "3", "-H", "2", "--seed", "1", "--solve", "-f", "json", "-o"]
        .iter()
        .copied()
        .chain([dir.path().join("m.json").to_str().expect("utf-8")])
        .collect::<Vec<_>>());
    for (option, formats) in drawing_options() {
        for format in FORMATS {
            let applies = formats.contains(&format);
            let mut generate = vec!["generate", "-W", "3", "-H", "2", "--seed", "1", "--solve", "-f", format];
            generate.extend(&option);
            applies_or_refused(dir.path(), &generate, option[0], applies);
            let mut solve = vec!["solve", "m.json", "-f", format];
            solve.extend(&option);
            applies_or_refused(dir.path(), &solve, option[0], applies);
            // A saved maze is drawn again as a still picture (gif is an animation).
            if format != "gif" {
                let mut render = vec!["render", "m.json", "-f", format];
                render.extend(&option);
                applies_or_refused(dir.path(), &render, option[0], applies);
            }
        }
    }
}

#[test]
fn a_solutions_look_is_refused_without_a_solution() {
    let dir = tempfile::tempdir().expect("tempdir");
    let plain = dir.path().join("plain.json");
    let solved = dir.path().join("solved.json");
    let (plain, solved) = (plain.to_str().expect("utf-8"), solved.to_str().expect("utf-8"));
    run(&["generate", "-W", "3", "-H", "2", "--seed", "1", "-f", "json", "-o", plain]);
    run(&["generate", "-W", "3", "-H", "2", "--seed", "1", "--solve", "-f", "json", "-o", solved]);
    for option in [&["--style", "document"][..], &["--no-visited"][..]] {
        let refused = |args: &[&str], needle: &str| {
            let out = maze().args(args).args(option).output().expect("runs");
            maze_testkit::assert_one_line_error(&out, 2, needle, &format!("maze {args:?} {option:?}"));
        };
        refused(&["generate", "-W", "3", "-H", "2", "-f", "svg"], "add --solve");
        refused(&["render", plain, "-f", "svg"], "no saved solution");
        refused(&["render", solved, "-f", "png", "--no-solution"], "--no-solution");
        for args in [
            &["generate", "-W", "3", "-H", "2", "--solve", "-f", "svg"][..],
            &["render", solved, "-f", "svg"][..],
            &["solve", plain, "-f", "svg"][..],
        ] {
            let out = maze().args(args).args(option).output().expect("runs");
            assert!(out.status.success(), "{args:?} {option:?}: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
}

#[test]
fn bad_drawing_options_are_refused() {
    fails(&["generate", "-f", "svg", "--cell-size", "0"], 2, "above 0");
    fails(&["generate", "-f", "svg", "--cell-size", "-4"], 2, "above 0");
    fails(&["generate", "-f", "svg", "--wall-width", "nan"], 2, "wall-width");
    fails(&["generate", "-f", "svg", "--wall-colour", "chartreuse-ish"], 2, "not a colour");
    fails(&["generate", "-f", "pdf", "--paper", "huge"], 2, "paper size");
    fails(&["generate", "-f", "pdf", "--paper", "20x20", "-o", "/tmp/never-written.pdf"], 2, "room");
    fails(
        &["generate", "-f", "png", "-W", "2000", "-H", "2000", "--cell-size", "100", "-o", "/tmp/never.png"],
        2,
        "pixels",
    );
    fails(&["generate", "-f", "svg", "--count", "2"], 2, "--count");
    fails(&["generate", "-f", "stl", "-W", "1000", "-H", "1000", "-o", "/tmp/never.stl"], 2, "too large");
    assert!(!std::path::Path::new("/tmp/never-written.pdf").exists());
    assert!(!std::path::Path::new("/tmp/never.png").exists());
}

/// A PNG's width and height, from its IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a png");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

/// A GIF's logical screen width and height.
fn gif_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..3], b"GIF", "not a gif");
    let half = |at: usize| u32::from(u16::from_le_bytes([bytes[at], bytes[at + 1]]));
    (half(6), half(8))
}

#[test]
fn default_raster_pictures_are_sized_to_read() {
    let png = |args: &[&str]| {
        let out = maze().args(["generate", "--seed", "1", "-f", "png"]).args(args).output().expect("runs");
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        png_size(&out.stdout)
    };
    // The default maze: about 800 px on its long side, not an 8 px-a-cell thumbnail.
    assert_eq!(png(&[]), (798, 418));
    for (w, h) in [("5", "3"), ("12", "8"), ("40", "25"), ("100", "100")] {
        let (x, y) = png(&["-W", w, "-H", h]);
        assert!((600..=1000).contains(&x.max(y)), "{w}x{h}: {x}x{y}");
    }
    for shape in ["hex", "triangle", "polar", "upsilon"] {
        let (x, y) = png(&["--shape", shape, "-W", "12", "-H", "8"]);
        assert!((600..=1000).contains(&x.max(y)), "{shape}: {x}x{y}");
    }
    // Woven: at least 16 px a cell, so the bridges read.
    let (x, _) = png(&["-W", "60", "-H", "40", "--weave", "0.3"]);
    assert!(x >= 61 * 16, "woven 60x40: {x} px wide");
    // Big mazes shrink toward 2 px a cell and still render by default.
    assert_eq!(png(&["-W", "1000", "-H", "1000"]), (2002, 2002));
    // An asked size is kept.
    assert_eq!(png(&["--cell-size", "8"]), (168, 88));
    // A GIF too, its frames within the animation's budget.
    let out =
        maze().args(["generate", "--seed", "1", "-f", "gif", "-W", "12", "-H", "8"]).output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (x, y) = gif_size(&out.stdout);
    assert!((600..=1000).contains(&x.max(y)), "gif: {x}x{y}");
    // --help states the rule.
    let help = maze().args(["generate", "--help"]).output().expect("runs");
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("800 px on its long side"), "generate --help does not say how png is sized");
}
