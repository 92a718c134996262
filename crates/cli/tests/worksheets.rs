//! Worksheets (issue 52, the page's Print panel): `--per-page` sets several puzzles to a
//! sheet under its title and instructions, `--name-line` adds a line to write a name and
//! the date on, and the answer keys follow several to a page; checked with `pdfinfo` and
//! `pdftotext` (scripts/install-validators.sh installs them; a missing one skips).

use std::path::{Path, PathBuf};
use std::process::Command;

use maze_testkit::{assert_fails, have, skip, tempdir};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_maze")
}

/// Writes `maze generate ARGS -o DIR/NAME` and returns the file's path.
fn sheet(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let file = dir.join(name);
    let out =
        Command::new(bin()).arg("generate").args(args).arg("-o").arg(&file).output().expect("maze runs");
    assert!(out.status.success(), "maze generate {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    file
}

fn pages(file: &Path) -> usize {
    let out = Command::new("pdfinfo").arg(file).output().expect("pdfinfo runs");
    let info = String::from_utf8_lossy(&out.stdout).into_owned();
    info.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no page count: {info}"))
}

fn text(file: &Path, page: usize) -> String {
    let p = page.to_string();
    let out = Command::new("pdftotext").args(["-f", &p, "-l", &p]).arg(file).arg("-").output().expect("runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn puzzles_several_to_a_sheet_with_a_name_line_and_keys_at_the_end() {
    if !have("pdfinfo") || !have("pdftotext") {
        skip("pdfinfo or pdftotext is not installed (scripts/install-validators.sh)");
        return;
    }
    let dir = tempdir("worksheets");
    for per in [2u32, 4, 6] {
        let n = per.to_string();
        let file = sheet(
            &dir,
            &format!("sheet-{per}.pdf"),
            &[
                "-W",
                "8",
                "-H",
                "6",
                "-n",
                "8",
                "--seed",
                "3",
                "--per-page",
                &n,
                "--name-line",
                "--title",
                "Maze week",
                "--instructions",
                "Find the way out.",
                "--solve",
                "bfs",
                "--keys-per-page",
                "4",
                "-f",
                "pdf",
            ],
        );
        let sheets = 8usize.div_ceil(per as usize);
        assert_eq!(pages(&file), sheets + 2, "{per} a sheet: {sheets} sheets and 2 key pages");
        let first = text(&file, 1);
        for want in ["Maze week", "Find the way out.", "Name:", "Date:", "Puzzle 1"] {
            assert!(first.contains(want), "{per} a sheet: page 1 lacks {want:?}:\n{first}");
        }
        let last_on_first = format!("Puzzle {per} ");
        assert!(first.contains(&last_on_first), "{per} a sheet: page 1 lacks puzzle {per}:\n{first}");
        let next = format!("Puzzle {} ", per + 1);
        assert!(!first.contains(&next), "{per} a sheet: page 1 has puzzle {}:\n{first}", per + 1);
        // Each puzzle names its key's page, each key its puzzle's sheet.
        let key = text(&file, sheets + 1);
        assert!(key.contains("Solution 1 · puzzle on page 1"), "{per} a sheet: the first key page:\n{key}");
        assert!(
            first.contains(&format!("solution on page {}", sheets + 1)),
            "{per} a sheet: puzzle 1 does not name its key's page {}:\n{first}",
            sheets + 1
        );
    }
    // The name line alone, on the usual one maze a page.
    let one = sheet(&dir, "one.pdf", &["-W", "8", "-H", "6", "--seed", "3", "--name-line", "-f", "pdf"]);
    assert_eq!(pages(&one), 1);
    assert!(text(&one, 1).contains("Name:"), "no name line:\n{}", text(&one, 1));
    let plain = sheet(&dir, "plain.pdf", &["-W", "8", "-H", "6", "--seed", "3", "-f", "pdf"]);
    assert!(!text(&plain, 1).contains("Name:"), "a name line nobody asked for");
}

#[test]
fn a_sheet_refuses_what_it_cannot_lay_out() {
    assert_fails(
        bin(),
        &["generate", "-n", "5", "--per-page", "5", "-f", "pdf"],
        2,
        "--per-page 5: give 1, 2, 4 or 6",
    );
    assert_fails(bin(), &["generate", "--per-page", "4", "-f", "svg"], 2, "--per-page");
    assert_fails(bin(), &["generate", "--name-line", "-f", "png"], 2, "--name-line");
}
