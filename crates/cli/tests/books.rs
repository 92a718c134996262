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

/// The text of one page, from pdftotext.
fn page_text(file: &Path, page: usize) -> String {
    let p = page.to_string();
    let out = Command::new("pdftotext")
        .args(["-f", &p, "-l", &p])
        .arg(file)
        .arg("-")
        .output()
        .expect("pdftotext runs");
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

/// Each page's boxes from `pdfinfo -box`: (page, box name) -> [x0, y0, x1, y1].
fn boxes(file: &Path, first: usize, last: usize) -> Vec<(usize, String, [f64; 4])> {
    let (f, l) = (first.to_string(), last.to_string());
    tool("pdfinfo", &["-box", "-f", &f, "-l", &l], file)
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("Page")?.trim_start();
            let (n, rest) = rest.split_once(' ')?;
            let (name, nums) = rest.trim_start().split_once(':')?;
            let v: Vec<f64> = nums.split_whitespace().filter_map(|w| w.parse().ok()).collect();
            let n: usize = n.parse().ok()?;
            (v.len() == 4).then(|| (n, name.trim().to_string(), [v[0], v[1], v[2], v[3]]))
        })
        .collect()
}

fn page_count(file: &Path) -> usize {
    tool("pdfinfo", &[], file)
        .lines()
        .find_map(|l| l.strip_prefix("Pages:").map(|n| n.trim().parse().expect("a number")))
        .expect("a page count")
}

/// Every word on page `page` with its box (xMin, yMin, xMax, yMax; y down), from
/// `pdftotext -bbox`.
fn words(file: &Path, page: usize) -> Vec<(String, [f64; 4])> {
    let p = page.to_string();
    let html = tool("pdftotext", &["-bbox", "-f", &p, "-l", &p], file);
    let html = if html.trim().is_empty() {
        std::fs::read_to_string(file.with_extension("html")).unwrap_or_default()
    } else {
        html
    };
    html.lines()
        .filter_map(|l| {
            let l = l.trim().strip_prefix("<word ")?;
            let (attrs, rest) = l.split_once('>')?;
            let word = rest.strip_suffix("</word>")?.to_string();
            let num = |k: &str| -> Option<f64> {
                let at = attrs.find(&format!("{k}=\""))? + k.len() + 2;
                attrs[at..].split('"').next()?.parse().ok()
            };
            Some((word, [num("xMin")?, num("yMin")?, num("xMax")?, num("yMax")?]))
        })
        .collect()
}

#[test]
fn a_6x9_book_with_bleed_has_its_boxes_its_page_count_and_its_numbers_outside() {
    if !have("pdfinfo") || !have("pdftotext") || !have("qpdf") || !have("pdffonts") {
        return;
    }
    let dir = tempdir("books-6x9");
    let args = [
        "-W",
        "20",
        "-H",
        "20",
        "-n",
        "100",
        "--seed",
        "1",
        "--solve",
        "-f",
        "pdf",
        "--trim",
        "6x9in",
        "--bleed",
        "--keys-per-page",
        "6",
        "--page-numbers",
    ];
    let file = book(&dir, "book.pdf", &args);
    // 100 puzzles and ceil(100 / 6) = 17 key pages.
    assert_eq!(page_count(&file), 100 + 17);
    tool("qpdf", &["--check"], &file);
    assert!(fonts(&file).iter().all(|(_, f)| f == &[true, true, true]));
    // 6 x 9 in plus 0.125 in on the outside edge and 0.25 in in height: 441 x 666 pt; the
    // trim box on the inside edge (left on odd pages, right on even ones).
    let b = boxes(&file, 1, 2);
    let get =
        |page: usize, name: &str| b.iter().find(|x| x.0 == page && x.1 == name).map(|x| x.2).expect(name);
    for page in [1, 2] {
        assert_eq!(get(page, "MediaBox"), [0.0, 0.0, 441.0, 666.0]);
        assert_eq!(get(page, "BleedBox"), [0.0, 0.0, 441.0, 666.0]);
    }
    assert_eq!(get(1, "TrimBox"), [0.0, 9.0, 432.0, 657.0]);
    assert_eq!(get(2, "TrimBox"), [9.0, 9.0, 441.0, 657.0]);
    // Page numbers at the outside corner: right on odd pages, left on even ones.
    for page in [3, 4, 110, 117] {
        let w = words(&file, page);
        let number =
            w.iter().filter(|(t, _)| *t == page.to_string()).max_by(|a, b| a.1[1].total_cmp(&b.1[1]));
        let (_, at) = number.unwrap_or_else(|| panic!("page {page}'s number in {w:?}"));
        assert!(at[1] > 600.0, "at the foot: {at:?}");
        if page % 2 == 1 {
            assert!(at[0] > 380.0, "page {page} number outside (right): {at:?}");
        } else {
            assert!(at[2] < 60.0, "page {page} number outside (left): {at:?}");
        }
    }
    // Puzzle 7's key is on the second key page (102), and that key names page 7.
    let text = page_text(&file, 7);
    assert!(text.contains("Puzzle 7 · solution on page 102"), "{text}");
    let text = page_text(&file, 102);
    assert!(text.contains("Solution 7 · puzzle on page 7"), "{text}");
}

#[test]
fn the_gutter_widens_at_page_151() {
    if !have("pdftotext") {
        return;
    }
    let dir = tempdir("books-gutter");
    // The title's middle on page 1 is the middle of the live area: the inside margin
    // (0.375 in up to 150 pages, 0.5 in from 151) on the left, 0.25 in on the right.
    let centre = |n: &str| {
        let file = book(
            &dir,
            &format!("g{n}.pdf"),
            &["-W", "3", "-H", "3", "-n", n, "--seed", "1", "-f", "pdf", "--trim", "6x9in"],
        );
        let w = words(&file, 1);
        let (_, at) = w.iter().find(|(t, _)| t == "Maze").expect("the title");
        (at[0] + at[2]) / 2.0
    };
    let (c150, c151) = (centre("150"), centre("151"));
    assert!(((c150) - (27.0 + 432.0 - 18.0) / 2.0).abs() < 0.6, "{c150}");
    assert!(((c151) - (36.0 + 432.0 - 18.0) / 2.0).abs() < 0.6, "{c151}");
}

#[test]
fn book_options_out_of_range_are_refused_before_any_work() {
    let dir = tempdir("books-refusals");
    let out = dir.join("never.pdf");
    let o = out.to_str().expect("utf-8");
    fn pdf<'a>(o: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
        let mut a = vec!["generate", "-f", "pdf", "-o", o, "-W", "3", "-H", "3"];
        a.extend_from_slice(extra);
        a
    }
    assert_fails(&bin(), &pdf(o, &["--trim", "6by9"]), 2, "not a paper size");
    assert_fails(&bin(), &pdf(o, &["--trim", "6x9in", "--bleed", "0.6in"]), 2, "at most 0.5in");
    assert_fails(&bin(), &pdf(o, &["--trim", "6x9in", "--paper", "a4"]), 2, "not both");
    assert_fails(
        &bin(),
        &pdf(o, &["--trim", "6x9in", "--keys-per-page", "5", "--solve"]),
        2,
        "1, 2, 4, 6 or 9",
    );
    assert_fails(&bin(), &pdf(o, &["--trim", "6x9in", "--margin", "0.2in"]), 2, "least outside margin");
    assert_fails(&bin(), &pdf(o, &["--trim", "6x9in", "-n", "500", "--solve"]), 2, "over the 828");
    assert_fails(&bin(), &["generate", "-f", "svg", "--trim", "6x9in"], 2, "--trim applies to pdf");
    assert!(!out.exists());
}

#[test]
fn black_ink_uses_no_colour_ink_on_any_page() {
    if !have("gs") || !have("pdftotext") {
        return;
    }
    let dir = tempdir("books-ink");
    let file = book(
        &dir,
        "black.pdf",
        &["-n", "3", "--seed", "4", "--solve", "-f", "pdf", "--ink", "black", "--heat"],
    );
    let file_colour = book(&dir, "colour.pdf", &["-n", "3", "--seed", "4", "--solve", "-f", "pdf"]);
    let inkcov = |f: &Path| -> Vec<[f64; 4]> {
        let out =
            Command::new("gs").args(["-q", "-o", "-", "-sDEVICE=inkcov"]).arg(f).output().expect("gs runs");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.contains("CMYK"))
            .map(|l| {
                let v: Vec<f64> = l.split_whitespace().filter_map(|w| w.parse().ok()).collect();
                [v[0], v[1], v[2], v[3]]
            })
            .collect()
    };
    let black = inkcov(&file);
    assert_eq!(black.len(), 6, "{black:?}");
    for page in &black {
        assert!(page[0] == 0.0 && page[1] == 0.0 && page[2] == 0.0 && page[3] > 0.0, "C M Y: {page:?}");
    }
    // The colour book does use colour ink (the check can fail).
    assert!(inkcov(&file_colour).iter().any(|p| p[0] + p[1] + p[2] > 0.0));
    let text = page_text(&file, 1);
    assert!(text.contains("from the black disc to the ring"), "{text}");
}

#[test]
fn walls_thinner_than_a_printer_keeps_are_refused_or_raised() {
    assert_fails(&bin(), &["generate", "-f", "pdf", "--wall-width", "0.2mm"], 2, "at least 0.265 mm");
    let dir = tempdir("books-walls");
    // --fit raises the wall to 0.75 pt; the drawing's line width says so (in maze units).
    book(&dir, "fit.pdf", &["-f", "pdf", "--wall-width", "0.2mm", "--fit", "--seed", "1"]);
}

/// Each maze's (seed, difficulty score) from `--stats json`'s lines, in the order written.
fn scores(stdout: &[u8]) -> Vec<(u64, f64)> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            (v["seed"].as_u64().expect("seed"), v["difficulty"].as_f64().expect("difficulty"))
        })
        .collect()
}

#[test]
fn order_difficulty_ramps_the_same_mazes_from_easiest_to_hardest() {
    let dir = tempdir("books-order");
    for (shape, format) in [("square", "pdf"), ("hex", "json"), ("square", "text")] {
        let run = |order: &str, name: &str| {
            let file = dir.join(name);
            let o = file.to_str().expect("utf-8");
            let args = [
                "generate", "--shape", shape, "-W", "7", "-H", "7", "-n", "24", "--seed", "11", "--braid",
                "0.3", "--stats", "json", "-f", format, "--order", order, "-o", o,
            ];
            (scores(&maze(&args).stdout), std::fs::read(&file).expect("written"))
        };
        let (by_seed, seed_bytes) = run("seed", &format!("{shape}-seed.{format}"));
        let (ramp, ramp_bytes) = run("difficulty", &format!("{shape}-ramp.{format}"));
        assert_eq!(by_seed.len(), 24);
        assert_eq!(by_seed.iter().map(|s| s.0).collect::<Vec<_>>(), (11..35).collect::<Vec<u64>>());
        // The same mazes with the same scores, sorted stably by score.
        let mut sorted = by_seed.clone();
        sorted.sort_by(|a, b| a.1.total_cmp(&b.1));
        assert_eq!(ramp, sorted, "{shape}");
        assert_ne!(ramp, by_seed, "{shape}: 24 mazes in seed order are not already a ramp");
        assert!(!seed_bytes.is_empty() && !ramp_bytes.is_empty());
        assert_ne!(seed_bytes, ramp_bytes, "{shape}: the file is in the new order");
    }
    // With --where the seeds the filter settles on are ranked, and only those.
    let args = [
        "generate",
        "-W",
        "8",
        "-H",
        "8",
        "-n",
        "10",
        "--seed",
        "1",
        "--where",
        "solution>=25",
        "--stats",
        "json",
        "-f",
        "json",
        "--order",
        "difficulty",
        "-o",
    ];
    let file = dir.join("where.json");
    let mut all = args.to_vec();
    all.push(file.to_str().expect("utf-8"));
    let ramp = scores(&maze(&all).stdout);
    assert_eq!(ramp.len(), 10);
    assert!(ramp.windows(2).all(|w| w[0].1 <= w[1].1), "{ramp:?}");
}

#[test]
fn order_and_front_page_refusals() {
    let o = ["-W", "3", "-H", "3", "-n", "4"];
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        let mut a = vec!["generate"];
        a.extend_from_slice(&o);
        a.extend_from_slice(extra);
        a
    };
    assert_fails(&bin(), &with(&["--order", "hardest"]), 2, "unknown order 'hardest'");
    assert_fails(
        &bin(),
        &with(&["--order", "difficulty", "--part", "1", "--parts", "2"]),
        2,
        "cannot be cut with --part",
    );
    assert_fails(&bin(), &with(&["--order", "difficulty", "--stream", "-f", "json"]), 2, "--stream");
    assert_fails(&bin(), &with(&["--front-page", "-f", "svg"]), 2, "--front-page applies to pdf");
}

#[test]
fn the_issue_s_book_has_a_title_page_a_ramp_and_every_check() {
    if !have("pdfinfo") || !have("pdftotext") || !have("qpdf") || !have("pdffonts") {
        return;
    }
    let dir = tempdir("books-front");
    let file = dir.join("book.pdf");
    let title = "Mazes for a Rainy Day";
    let args = [
        "generate",
        "-W",
        "20",
        "-H",
        "20",
        "-n",
        "100",
        "--solve",
        "-f",
        "pdf",
        "--trim",
        "6x9in",
        "--bleed",
        "--keys-per-page",
        "6",
        "--page-numbers",
        "--order",
        "difficulty",
        "--front-page",
        "--title",
        title,
        "--instructions",
        "Find the way from the green dot to the red one.",
        "--stats",
        "json",
        "-o",
        file.to_str().expect("utf-8"),
    ];
    let ramp = scores(&maze(&args).stdout);
    assert!(ramp.windows(2).all(|w| w[0].1 <= w[1].1), "easiest first");
    // A title page, 100 puzzles, ceil(100 / 6) = 17 key pages.
    assert_eq!(page_count(&file), 1 + 100 + 17);
    tool("qpdf", &["--check"], &file);
    assert!(fonts(&file).iter().all(|(_, f)| f == &[true, true, true]));
    let front = page_text(&file, 1);
    for words in [title, "Find the way", "100 mazes", "Solutions from page 102"] {
        assert!(front.contains(words), "{words:?} on the title page: {front}");
    }
    // The title page has no number; the puzzles start on page 2 (even: number on the left).
    assert!(!words(&file, 1).iter().any(|(t, _)| t == "1"), "{:?}", words(&file, 1));
    let second = page_text(&file, 2);
    assert!(second.contains("Puzzle 1 · solution on page 102"), "{second}");
    let key = page_text(&file, 102);
    assert!(key.contains("Solution 1 · puzzle on page 2"), "{key}");
    let b = boxes(&file, 1, 1);
    assert!(b.iter().any(|(_, n, r)| n == "TrimBox" && *r == [0.0, 9.0, 432.0, 657.0]), "{b:?}");
    // Without a title: the title page still says what the book holds.
    let plain = book(&dir, "plain.pdf", &["-n", "3", "--seed", "1", "-f", "pdf", "--front-page"]);
    assert_eq!(page_count(&plain), 4);
    assert!(page_text(&plain, 1).contains("3 mazes"));
    assert!(!page_text(&plain, 1).contains("Solutions"));
}

#[test]
fn the_readme_s_spread_is_two_facing_pages_made_by_its_script() {
    if !have("pdftoppm") {
        return;
    }
    let dir = tempdir("books-spread");
    let out = dir.join("spread.png");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/book-spread.py");
    let run = Command::new("python3").arg(script).arg(bin()).arg(&out).output().expect("python3 runs");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let png = std::fs::read(&out).expect("written");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let (w, h) = (
        u32::from_be_bytes(png[16..20].try_into().expect("4 bytes")),
        u32::from_be_bytes(png[20..24].try_into().expect("4 bytes")),
    );
    // Two 6.125 x 9.25 in pages (the trim and its bleed) at 60 dots an inch, 6 px apart.
    assert_eq!(h, 555);
    assert!((2 * 367 + 6..=2 * 368 + 6).contains(&w), "{w} x {h}");
    // The committed picture is one the script makes (same size; poppler's anti-aliasing may
    // differ between versions, so not byte for byte).
    let committed = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/images/book-spread.png"))
        .expect("docs/images/book-spread.png");
    assert_eq!(committed[16..24], png[16..24]);
}
