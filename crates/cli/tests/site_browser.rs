//! The page without a server: the static site `scripts/build-site.sh` writes (the page,
//! the engine compiled to WebAssembly in a Web Worker, a service worker) served by a plain
//! static file server (`python3 -m http.server`), in headless Chromium (`tests/browser/site.mjs`):
//! the usual flows (generate, every shape, play, replay, download) with no request to
//! `/api/`; every download byte for byte the file `maze generate` writes for the same
//! request (shapes x formats); and the site working offline after its first visit.
//!
//! Needs the site in `target/site` (scripts/test.sh builds it when it can install the
//! WebAssembly toolchain; `MAZE_SITE` names another directory), python3, node, chromium
//! and playwright-core (scripts/install-browser.sh). Without them the test prints
//! "skipping: ..." and passes, unless `MAZE_REQUIRE_VALIDATORS=1` (as in CI).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// A `python3 -m http.server` on a free loopback port, stopped when dropped.
struct StaticServer {
    child: Child,
    port: u16,
}

impl StaticServer {
    fn start(dir: &Path) -> StaticServer {
        let mut child = Command::new("python3")
            .args(["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory"])
            .arg(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 runs");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout is piped")).read_line(&mut line).expect("reads");
        // "Serving HTTP on 127.0.0.1 port 41235 (http://127.0.0.1:41235/) ..."
        let port = line
            .split_whitespace()
            .skip_while(|w| *w != "port")
            .nth(1)
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("unexpected first line from http.server: {line:?}"));
        StaticServer { child, port }
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn chromium() -> PathBuf {
    std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// What is missing to run the test, if anything.
fn missing(browser: &Path, site: &Path) -> Option<String> {
    if !site.join("index.html").exists() || !site.join("maze_web_bg.wasm").exists() {
        return Some(format!(
            "no static site in {} (scripts/build-site.sh builds it; scripts/install-wasm.sh installs its toolchain)",
            site.display()
        ));
    }
    for program in ["node", "python3"] {
        if Command::new(program).arg("--version").output().map(|o| !o.status.success()).unwrap_or(true) {
            return Some(format!("{program} is not installed"));
        }
    }
    if !chromium().exists() {
        return Some(format!("{} is not installed (scripts/install-browser.sh)", chromium().display()));
    }
    if !browser.join("node_modules/playwright-core/package.json").exists() {
        return Some("playwright-core is not installed (scripts/install-browser.sh)".into());
    }
    None
}

/// The downloads compared with the command line's files: every shape, and every format
/// the page can ask for (the text formats too), each as the API's query and the
/// equivalent `maze generate` arguments.
fn cases() -> Vec<(String, Vec<String>)> {
    let shapes: [(&str, &[&str]); 5] = [
        ("shape=square&width=9&height=6", &["-s", "square", "-W", "9", "-H", "6"]),
        ("shape=hex&width=7&height=5", &["-s", "hex", "-W", "7", "-H", "5"]),
        ("shape=triangle&width=8&height=5", &["-s", "triangle", "-W", "8", "-H", "5"]),
        ("shape=polar&rings=5", &["-s", "polar", "--rings", "5"]),
        ("shape=upsilon&width=5&height=4", &["-s", "upsilon", "-W", "5", "-H", "4"]),
    ];
    let formats = ["svg", "png", "pdf", "stl", "scad", "tex", "json", "text", "gif"];
    let mut out = Vec::new();
    for (i, (query, args)) in shapes.iter().enumerate() {
        for (j, format) in formats.iter().enumerate() {
            // The text picture exists for the shapes with one; the others are refused alike.
            let seed = 11 + 10 * i + j;
            let solve = if (i + j) % 2 == 0 { "&solve=bfs" } else { "" };
            let q = format!("{query}&seed={seed}&format={format}{solve}");
            let mut a: Vec<String> =
                ["generate"].iter().chain(args.iter()).map(|s| (*s).to_string()).collect();
            a.extend(["--seed".into(), seed.to_string(), "-f".into(), (*format).to_string()]);
            if !solve.is_empty() {
                a.extend(["--solve".into(), "bfs".into()]);
            }
            if *format == "gif" {
                a.extend(["--animate".into(), "generation".into(), "--frames".into(), "12".into()]);
            }
            let q = if *format == "gif" { format!("{q}&animate=generation&frames=12") } else { q };
            out.push((q, a));
        }
    }
    // Woven, wrapped and levelled mazes, and a MultiMaze with a title.
    for (q, a) in [
        (
            "shape=square&width=8&height=8&weave=0.4&seed=3&format=svg",
            "-W 8 -H 8 --weave 0.4 --seed 3 -f svg",
        ),
        ("shape=hex&width=8&height=6&wrap=x&seed=4&format=png", "-s hex -W 8 -H 6 --wrap x --seed 4 -f png"),
        (
            "shape=square&width=5&height=4&levels=3&seed=5&format=json",
            "-W 5 -H 4 --levels 3 --seed 5 -f json",
        ),
        (
            "shape=square&width=10&height=8&starts=3&ends=3&seed=6&format=pdf&title=Three",
            "-W 10 -H 8 --starts 3 --ends 3 --seed 6 -f pdf --title Three",
        ),
        // A book from the panel's book options: 6 x 9 in, bleed, page numbers, easiest first,
        // a title page, black ink.
        (
            "shape=square&width=8&height=8&seed=3&format=pdf&count=6&solve=bfs&keys-per-page=6&trim=6x9in&bleed=0.125in&page-numbers=true&order=difficulty&front-page=true&ink=black&title=Book",
            "-W 8 -H 8 --seed 3 -f pdf --count 6 --solve bfs --keys-per-page 6 --trim 6x9in --bleed 0.125in --page-numbers true --order difficulty --front-page --ink black --title Book",
        ),
        // The worksheet panel's PDF: 8 easy mazes 4 to a sheet, a name line, keys 4 a page.
        (
            "shape=hex&width=8&height=6&seed=7&format=pdf&count=8&per-page=4&name-line=1&title=Week&hardness=easy&solve=bfs&keys-per-page=4&paper=a4-portrait",
            "-s hex -W 8 -H 6 --seed 7 -f pdf --count 8 --per-page 4 --name-line --title Week --hardness easy --solve bfs --keys-per-page 4 --paper a4-portrait",
        ),
        ("shape=square&width=9&height=5&seed=8&format=grid", "-W 9 -H 5 --seed 8 -f grid"),
        (
            "shape=square&width=12&height=10&seed=8&rooms=2&corridor-width=2&format=tmj",
            "-W 12 -H 10 --seed 8 --rooms 2 --corridor-width 2 -f tmj",
        ),
    ] {
        let mut args = vec!["generate".to_string()];
        args.extend(a.split(' ').map(String::from));
        out.push((q.to_string(), args));
    }
    out
}

#[test]
fn the_static_site_works_without_a_server() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let browser = manifest.join("tests/browser");
    let site =
        std::env::var_os("MAZE_SITE").map_or_else(|| manifest.join("../../target/site"), PathBuf::from);
    if let Some(what) = missing(&browser, &site) {
        maze_testkit::skip(&what);
        return;
    }
    // The command line's files, by the query that asks the site for the same.
    let scratch = maze_testkit::tempdir("site-browser");
    let mut expected = serde_json::Map::new();
    for (query, args) in cases() {
        let out = Command::new(env!("CARGO_BIN_EXE_maze")).args(&args).output().expect("maze runs");
        let value = if out.status.success() {
            serde_json::json!({ "ok": true, "hex": hex(&out.stdout) })
        } else {
            // A refusal: the site must refuse too (with the API's words for the message).
            serde_json::json!({ "ok": false, "cli": String::from_utf8_lossy(&out.stderr).trim() })
        };
        expected.insert(query, value);
    }
    let expected_file = scratch.join("expected.json");
    std::fs::write(&expected_file, serde_json::Value::Object(expected).to_string()).expect("writes");

    let artifacts = manifest.join("../../target/browser-artifacts/site");
    let server = StaticServer::start(&site);
    let url = format!("http://127.0.0.1:{}/", server.port);
    let out = Command::new("node")
        .current_dir(&browser)
        .arg("site.mjs")
        .arg(&url)
        .arg(&artifacts)
        .env("CHROMIUM", chromium())
        .env("MAZE_EXPECTED", &expected_file)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the browser test of the static site failed (see {})", artifacts.display());
    assert!(stdout.contains(" passed, 0 failed"));
    assert!(
        stdout.contains("ok - static site: downloads are the command line's files"),
        "the site's own checks did not run"
    );
    assert!(
        stdout.contains("ok - static site: works offline after the first visit"),
        "the offline check did not run"
    );
}

/// The page's fourth edition (issue 52) on the static site: the checks
/// `the_fourth_edition_of_the_page_works_served` (serve_browser.rs) runs on `maze serve`'s
/// page, here with the engine in WebAssembly (`tests/browser/fourth.mjs`).
#[test]
fn the_fourth_edition_of_the_page_works_static() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let browser = manifest.join("tests/browser");
    let site =
        std::env::var_os("MAZE_SITE").map_or_else(|| manifest.join("../../target/site"), PathBuf::from);
    if let Some(what) = missing(&browser, &site) {
        maze_testkit::skip(&what);
        return;
    }
    if !["pdfinfo", "pdftotext", "pdftoppm"].iter().all(|t| maze_testkit::have(t)) {
        maze_testkit::skip(
            "poppler-utils (pdfinfo, pdftotext, pdftoppm) is not installed (scripts/install-validators.sh)",
        );
        return;
    }
    let artifacts = manifest.join("../../target/browser-artifacts/site");
    let server = StaticServer::start(&site);
    let url = format!("http://127.0.0.1:{}/", server.port);
    let out = Command::new("node")
        .current_dir(&browser)
        .arg("fourth.mjs")
        .arg(&url)
        .arg(&artifacts)
        .arg("static")
        .env("CHROMIUM", chromium())
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "the fourth edition's test of the static site failed (see {})",
        artifacts.display()
    );
    assert!(stdout.contains(" passed, 0 failed") && stdout.contains("ok - static: the worksheet"));
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}
