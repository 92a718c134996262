//! Exact print sizes (document 003's page: a 10 x 8 inch maze of 1/4 inch cells with its
//! title and instructions): the PDF's page size from pdfinfo and the wall spacing read from
//! the decompressed page (qpdf), to 0.1 mm; refusals that name the largest size that fits.

use std::process::Command;

use maze_testkit::{assert_fails, have, tempdir};

fn bin() -> String {
    env!("CARGO_BIN_EXE_maze").to_string()
}

fn run(args: &[&str]) -> std::process::Output {
    let out = Command::new(bin()).args(args).output().expect("maze runs");
    assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

/// Page width and height in points, from pdfinfo.
fn page_size(pdf: &str) -> (f64, f64) {
    let out = Command::new("pdfinfo").arg(pdf).output().expect("pdfinfo runs");
    let info = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = info.lines().find(|l| l.starts_with("Page size:")).expect("a page size");
    let nums: Vec<f64> = line.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    (nums[0], nums[1])
}

/// The scale of every maze drawing in the PDF: the `a 0 0 -a x y cm` matrices that map maze
/// units (one cell) to points.
fn cell_scales(pdf: &str, dir: &std::path::Path) -> Vec<f64> {
    let plain = dir.join("plain.pdf");
    let ok = Command::new("qpdf")
        .args(["--qdf", "--object-streams=disable", pdf, plain.to_str().expect("utf-8")])
        .status()
        .expect("qpdf runs");
    assert!(ok.success());
    let bytes = std::fs::read(&plain).expect("read");
    let text = String::from_utf8_lossy(&bytes);
    let mut scales = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        for i in 6..words.len() {
            if words[i] == "cm" && words[i - 6] != "0" {
                let a: f64 = words[i - 6].parse().unwrap_or(f64::NAN);
                let d: f64 = words[i - 3].parse().unwrap_or(f64::NAN);
                if a.is_finite() && (a + d).abs() < 1e-9 {
                    scales.push(a);
                }
            }
        }
    }
    scales
}

const MM: f64 = 72.0 / 25.4;

#[test]
fn document_003s_page_at_exactly_a_quarter_inch() {
    if !have("pdfinfo") || !have("qpdf") {
        return;
    }
    let dir = tempdir("print-exact");
    let pdf = dir.join("multimaze.pdf");
    let p = pdf.to_str().expect("utf-8");
    run(&[
        "generate",
        "-W",
        "40",
        "-H",
        "32",
        "-a",
        "aldous-broder",
        "--starts",
        "5",
        "--ends",
        "5",
        "--seed",
        "3",
        "--paper",
        "11inx9in",
        "--cell-size",
        "0.25in",
        "--title",
        "The Amazing MultiMaze",
        "--instructions",
        "Connect each green dot with one, and only one, red dot.",
        "--solve",
        "-f",
        "pdf",
        "-o",
        p,
    ]);
    let (w, h) = page_size(p);
    assert!((w - 792.0).abs() < 0.1 * MM && (h - 648.0).abs() < 0.1 * MM, "{w} x {h} pt");
    let scales = cell_scales(p, &dir);
    assert_eq!(scales.len(), 2, "a puzzle page and a solution page: {scales:?}");
    for s in scales {
        assert!((s - 18.0).abs() < 0.1 * MM, "a cell is {s} pt, not 18 (1/4 in)");
    }
    // Paper names, landscape and millimetres.
    for (paper, size) in [
        ("letter-landscape", (792.0, 612.0)),
        ("a4-landscape", (841.89, 595.28)),
        ("254x203", (720.0, 575.43)),
    ] {
        let out = dir.join(format!("{paper}.pdf"));
        let o = out.to_str().expect("utf-8");
        run(&[
            "generate",
            "-W",
            "10",
            "-H",
            "8",
            "--paper",
            paper,
            "--cell-size",
            "5mm",
            "-f",
            "pdf",
            "-o",
            o,
        ]);
        let (w, h) = page_size(o);
        assert!((w - size.0).abs() < 0.3 && (h - size.1).abs() < 0.3, "{paper}: {w} x {h}");
        let s = cell_scales(o, &dir);
        assert!(s.iter().all(|s| (s - 5.0 * MM).abs() < 0.1 * MM), "{paper}: {s:?}");
    }
}

#[test]
fn a_maze_that_does_not_fit_is_refused_or_shrunk_on_request() {
    // Letter landscape is 11 x 8.5 in: an 11 x 8 in maze of 1/4 in cells does not fit, with
    // its title above or beside it.
    let args = [
        "generate",
        "-W",
        "44",
        "-H",
        "32",
        "--paper",
        "letter-landscape",
        "--cell-size",
        "0.25in",
        "-f",
        "pdf",
    ];
    assert_fails(&bin(), &args, 2, "the largest cell size that fits is 6.02 mm (0.237 in)");
    // Document 003's 10 x 8 in maze fits, its title and instructions upright beside it.
    if have("qpdf") {
        let dir = tempdir("print-letter-landscape");
        let pdf = dir.join("ll.pdf");
        let p = pdf.to_str().expect("utf-8");
        let mut exact = args.to_vec();
        exact[2] = "40";
        exact.extend(["--title", "The Amazing MultiMaze", "-o", p]);
        run(&exact);
        let s = cell_scales(p, &dir);
        assert!((s[0] - 18.0).abs() < 1e-3, "exactly 1/4 in: {s:?}");
    }
    // Refused before any maze is made: even a huge one answers at once.
    assert_fails(
        &bin(),
        &[
            "generate",
            "-W",
            "8000",
            "-H",
            "8000",
            "--cell-size",
            "1cm",
            "-f",
            "pdf",
            "--max-cells",
            "100000000",
        ],
        2,
        "--fit to shrink it",
    );
    if !have("qpdf") {
        return;
    }
    let dir = tempdir("print-fit");
    let pdf = dir.join("fit.pdf");
    let p = pdf.to_str().expect("utf-8");
    let mut fit = args.to_vec();
    fit.extend(["--fit", "-o", p]);
    let out = run(&fit);
    let s = cell_scales(p, &dir);
    assert!(s[0] < 18.0 && s[0] > 17.0, "shrunk a little: {s:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("drawn smaller"), "the shrinking is said");
    // Without an asked cell size the default shrinks, and says so.
    let out = run(&["generate", "-W", "80", "-H", "80", "-f", "pdf", "-o", p]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("note: the maze is drawn smaller"));
    // Bad sizes are one-line errors.
    assert_fails(&bin(), &["generate", "--paper", "11furlongsx9in", "-f", "pdf"], 2, "is not a paper size");
    assert_fails(&bin(), &["generate", "--cell-size", "0.25parsec", "-f", "pdf"], 2, "is not a length");
}

/// Issue 46: a default A4 MultiMaze as wide as document 003's sat small on upright paper
/// under a large gap. Paper named without an orientation is laid whichever way up gives the
/// larger cell (A4 landscape here); an orientation the user asked for is kept.
#[test]
fn a_wide_maze_takes_the_paper_sideways_unless_an_orientation_is_asked() {
    if !have("pdfinfo") || !have("qpdf") {
        return;
    }
    let dir = tempdir("print-orientation");
    let make = |name: &str, paper: Option<&str>| {
        let pdf = dir.join(format!("{name}.pdf"));
        let p = pdf.to_str().expect("utf-8").to_string();
        let mut args =
            vec!["generate", "-W", "40", "-H", "32", "--starts", "8", "--ends", "8", "--seed", "3"];
        args.extend(["-f", "pdf", "-o", &p]);
        if let Some(paper) = paper {
            args.extend(["--paper", paper]);
        }
        run(&args);
        let scales = cell_scales(&p, &dir);
        (page_size(&p), scales[0])
    };
    let ((w, h), free) = make("free", None);
    assert!((w - 841.89).abs() < 0.3 && (h - 595.28).abs() < 0.3, "A4 landscape, not {w} x {h}");
    let ((w2, h2), named) = make("named", Some("a4"));
    assert_eq!(((w2, h2), named), ((w, h), free), "--paper a4 leaves the orientation free too");
    let ((w, h), upright) = make("portrait", Some("a4-portrait"));
    assert!((w - 595.28).abs() < 0.3 && (h - 841.89).abs() < 0.3, "kept upright, not {w} x {h}");
    assert!(free > upright * 1.2, "a larger cell sideways: {free} vs {upright} pt");
    let ((w, h), _) = make("landscape", Some("a4-landscape"));
    assert!(w > h, "kept sideways");
    // A tall maze keeps the paper upright; the default MultiMaze (20 x 10 cells, which keeps
    // its quarter-inch cells either way up) lies on it the long way.
    let pdf = dir.join("tall.pdf");
    let p = pdf.to_str().expect("utf-8");
    run(&["generate", "-W", "32", "-H", "40", "-f", "pdf", "-o", p]);
    let (w, h) = page_size(p);
    assert!(w < h, "upright for a tall maze: {w} x {h}");
    run(&["generate", "--starts", "8", "--ends", "8", "-f", "pdf", "-o", p]);
    let (w, h) = page_size(p);
    assert!(w > h, "the default MultiMaze lies the long way: {w} x {h}");
    assert!(cell_scales(p, &dir).iter().all(|s| (s - 6.35 * MM).abs() < 0.01), "quarter-inch cells");
}
