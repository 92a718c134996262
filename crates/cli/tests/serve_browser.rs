//! `maze serve` in a real browser: headless Chromium (Debian's `/usr/bin/chromium`) driven
//! by `playwright-core` from npm runs `tests/browser/browser.mjs` against the real server:
//! load the page, generate, show the solution, play a tiny maze to the exit with key
//! presses, download SVG and PDF, watch a hexagonal maze being built and solved, draw a
//! circular maze with curved walls and play it to the centre, cut a word out of a maze,
//! upload a picture as a mask, choose the entrance and exit; and, on a 1280 x 800 desktop
//! and a 390 x 844 touch phone, the first screen (the sticky action bar, the maze beside or
//! above the form), field errors, Esc, history entries, link notes and the shapes' options
//! read from `/api/list`, downloads the server would refuse disabled with the reason, and
//! the levels of a maze laid out in a grid that fits the view (and laid out again when the
//! window changes size); and on both, zoom and pan on every maze (a pinch on the phone), Play
//! zoomed in to the player, coarse drags that walk every cell they cross, a finger's drag
//! beside the maze that scrolls the page, and a 1000 x 1000 maze that reads at Fit.
//! Screenshots are saved to
//! `target/browser-artifacts/` (`serve-page.png`, `serve-polar.png`, ...).
//!
//! Needs node, chromium and `npm ci` in `tests/browser` (`scripts/install-browser.sh` does
//! all three). Without them the test prints "skipping: ..." and passes, unless
//! `MAZE_REQUIRE_VALIDATORS=1` (as in CI), which makes it fail.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

fn chromium() -> PathBuf {
    std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// What is missing to run the browser test, if anything.
fn missing(dir: &Path) -> Option<String> {
    if Command::new("node").arg("--version").output().map(|o| !o.status.success()).unwrap_or(true) {
        return Some("node is not installed".into());
    }
    if !chromium().exists() {
        return Some(format!("{} is not installed", chromium().display()));
    }
    if !dir.join("node_modules/playwright-core/package.json").exists() {
        return Some(format!("playwright-core is not installed (run npm ci in {})", dir.display()));
    }
    None
}

#[test]
fn the_page_works_in_headless_chromium() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = manifest.join("tests/browser");
    if let Some(what) = missing(&dir) {
        maze_testkit::skip(&format!("{what} (scripts/install-browser.sh installs it)"));
        return;
    }
    let artifacts = manifest.join("../../target/browser-artifacts");
    let server = support::Server::start();
    let out = Command::new("node")
        .current_dir(&dir)
        .arg("browser.mjs")
        .arg(server.url())
        .arg(&artifacts)
        .env("CHROMIUM", chromium())
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the browser test failed (screenshot in {})", artifacts.display());
    assert!(stdout.contains(" passed, 0 failed"));
    assert!(artifacts.join("serve-page.png").exists(), "no screenshot");
}

/// The page's fourth edition (issue 52) on `maze serve`'s page: one job at a time (every
/// action clicked twice), a new maze on each Generate unless a seed is typed, linked or
/// kept, the link with its seed and solution, PNGs about 800 px long, the worksheet's PDF
/// (read back with pdftotext and pdftoppm), plain words, the smaller defects and the
/// renderer's memory after three 10^6-cell mazes (`tests/browser/fourth.mjs`, which the
/// static site's test runs too).
#[test]
fn the_fourth_edition_of_the_page_works_served() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = manifest.join("tests/browser");
    if let Some(what) = missing(&dir) {
        maze_testkit::skip(&format!("{what} (scripts/install-browser.sh installs it)"));
        return;
    }
    if !["pdfinfo", "pdftotext", "pdftoppm"].iter().all(|t| maze_testkit::have(t)) {
        maze_testkit::skip(
            "poppler-utils (pdfinfo, pdftotext, pdftoppm) is not installed (scripts/install-validators.sh)",
        );
        return;
    }
    let artifacts = manifest.join("../../target/browser-artifacts");
    let server = support::Server::start();
    let out = Command::new("node")
        .current_dir(&dir)
        .arg("fourth.mjs")
        .arg(server.url())
        .arg(&artifacts)
        .arg("served")
        .env("CHROMIUM", chromium())
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "the fourth edition's browser test failed (screenshot in {})",
        artifacts.display()
    );
    assert!(stdout.contains(" passed, 0 failed") && stdout.contains("ok - served: the worksheet"));
}
