//! Books a printer accepts (issue 51), checked by the programs print shops check with:
//! `pdffonts` (every font embedded), `pdftotext` (the text comes back), `qpdf --check`,
//! `pdfinfo -box` (trim and bleed boxes) and Ghostscript's `inkcov` device (black ink).
//! A missing tool skips its check (scripts/install-validators.sh installs them all).

use std::path::{Path, PathBuf};
use std::process::Command;

use maze_testkit::{assert_fails, have, skip, tempdir};

fn bin() -> String {
    env!("CARGO_BIN_EXE_maze").to_string()
}

fn maze(args: &[&str]) -> std::process::Output {
    let out = Command::new(bin()).args(args).output().expect("maze runs");
    assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

/// Writes `maze generate ARGS -o DIR/NAME` and returns the file's path.
fn book(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let file = dir.join(name);
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    all.extend(["-o", file.to_str().expect("utf-8")]);
    maze(&all);
    file
}

fn tool(program: &str, args: &[&str], file: &Path) -> String {
    let out = Command::new(program).args(args).arg(file).output().expect("tool runs");
    assert!(out.status.success(), "{program} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The fonts `pdffonts` lists: each line's name, and whether it is embedded, a subset and
/// mapped to Unicode.
fn fonts(file: &Path) -> Vec<(String, [bool; 3])> {
    tool("pdffonts", &[], file)
        .lines()
        .skip(2)
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let n = w.len();
            (w[0].to_string(), [w[n - 5] == "yes", w[n - 4] == "yes", w[n - 3] == "yes"])
        })
        .collect()
}

/// A Japanese font from a Debian package (fonts-ipafont-gothic), if installed.
const CJK_FONT: &str = "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf";

#[test]
fn every_font_is_embedded_and_the_text_comes_back() {
    if !have("pdffonts") || !have("pdftotext") || !have("qpdf") {
        return;
    }
    let dir = tempdir("books-fonts");
    let title = "Λαβύρινθος: Лабиринт";
    let file = book(&dir, "greek.pdf", &["-n", "3", "--seed", "1", "--solve", "-f", "pdf", "--title", title]);
    let listed = fonts(&file);
    assert_eq!(listed.len(), 2, "{listed:?}");
    for (name, flags) in &listed {
        assert!(name.contains("+DejaVuSans"), "{name}");
        assert_eq!(flags, &[true, true, true], "{name}: emb sub uni");
    }
    let text = tool("pdftotext", &[], &file);
    let text = std::fs::read_to_string(dir.join("greek.txt")).unwrap_or(text);
    assert!(text.contains(title) && text.contains("Solution to puzzle 3"), "{text}");
    tool("qpdf", &["--check"], &file);
}

#[test]
fn a_title_in_japanese_prints_with_a_cjk_font() {
    let dir = tempdir("books-cjk");
    let title = "迷路の本";
    // The shipped font has no Japanese: refused before any work, naming the character.
    let out = dir.join("refused.pdf");
    assert_fails(
        &bin(),
        &["generate", "-f", "pdf", "--title", title, "-o", out.to_str().expect("utf-8")],
        2,
        "'迷' (U+8FF7)",
    );
    assert!(!out.exists());
    if !Path::new(CJK_FONT).exists() {
        skip("fonts-ipafont-gothic not installed (scripts/install-validators.sh installs it)");
        return;
    }
    if !have("pdffonts") || !have("pdftotext") || !have("qpdf") {
        return;
    }
    let file =
        book(&dir, "jp.pdf", &["--seed", "2", "--solve", "-f", "pdf", "--title", title, "--font", CJK_FONT]);
    let listed = fonts(&file);
    assert_eq!(listed.len(), 1, "one font for everything: {listed:?}");
    assert!(listed[0].0.ends_with("+IPAGothic") && listed[0].1 == [true, true, true], "{listed:?}");
    let text = tool("pdftotext", &[], &file);
    let text = std::fs::read_to_string(dir.join("jp.txt")).unwrap_or(text);
    assert!(text.contains(title), "{text}");
    tool("qpdf", &["--check"], &file);
    // A glyph the given font lacks is refused too.
    assert_fails(
        &bin(),
        &["generate", "-f", "pdf", "--title", "迷路 \u{1F600}", "--font", CJK_FONT],
        2,
        "U+1F600",
    );
}

#[test]
fn a_file_that_is_not_a_font_is_refused_before_any_work() {
    let dir = tempdir("books-notfont");
    let fake = dir.join("fake.ttf");
    std::fs::write(&fake, "not a font").expect("write");
    let out = dir.join("never.pdf");
    let (fake, out_s) = (fake.to_str().expect("utf-8"), out.to_str().expect("utf-8"));
    assert_fails(
        &bin(),
        &["generate", "-f", "pdf", "--font", fake, "-o", out_s],
        2,
        "not a TrueType or OpenType font",
    );
    assert_fails(&bin(), &["generate", "-f", "pdf", "--font", "/no/such/font.ttf"], 2, "cannot read --font");
    assert_fails(&bin(), &["generate", "-f", "svg", "--font", fake], 2, "--font applies to pdf");
    assert!(!out.exists());
}
