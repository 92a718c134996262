//! `maze_web::render` gives the command line's bytes: every `generate` case of the
//! output-hash table (crates/cli/tests/golden/output-hashes.txt) that needs no file (no
//! `-o`, mask file or `{dir}`) and is not streamed is turned into a JSON request, rendered,
//! and its SHA-256 compared with the table's. Here on the host; the same requests are kept in
//! `tests/golden/cases.json` (a test holds it to the table), which
//! `crates/web/tests/module.mjs` renders with the built WebAssembly module in Node.js
//! (`scripts/test-wasm.sh`): that proves the module the page downloads makes the same bytes as
//! the native program, and that nothing on those paths traps there (no clock, no process, no
//! threads).

use serde_json::Value;
use sha2::{Digest, Sha256};

/// The table, shared with the command line's test.
const TABLE: &str = include_str!("../../cli/tests/golden/output-hashes.txt");

/// One `generate` case of the table as a request.
struct Case {
    /// The table's name for it.
    name: String,
    /// The SHA-256 of its output, in hex.
    hash: String,
    /// The request, as JSON text.
    json: String,
}

/// The request of `generate`'s arguments (after the command), or `None` when the case
/// needs something a request in memory cannot say: an output or input file, or a stream,
/// which only the command line makes (its PNG is a 1-bit picture of the walls).
fn request(args: &[String]) -> Option<Value> {
    let files = args.iter().any(|a| ["-o", "--mask", "--stream"].contains(&a.as_str()));
    (!files).then(|| maze_testkit::request_json(args))
}

/// The table's `generate` cases that need no file.
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for line in TABLE.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut parts = line.split_whitespace();
        let (Some(name), Some(hash)) = (parts.next(), parts.next()) else { panic!("bad line: {line}") };
        let rest = line.split_once(hash).map_or("", |(_, r)| r.trim());
        let args = maze_testkit::words(rest);
        // Standard error and standard output beside a file are outputs of their own.
        if name.contains(':')
            || args.first().map(String::as_str) != Some("generate")
            || rest.contains("{dir}")
        {
            continue;
        }
        if let Some(request) = request(&args[1..]) {
            out.push(Case { name: name.into(), hash: hash.into(), json: request.to_string() });
        }
    }
    out
}

/// The SHA-256 of `bytes` in hex.
fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Renders the cases whose names `pick` accepts and returns how many there were; fails
/// with every case whose bytes differ from the table's.
fn check(pick: impl Fn(&str) -> bool) -> usize {
    let mut bad = Vec::new();
    let picked: Vec<Case> = cases().into_iter().filter(|c| pick(&c.name)).collect();
    for case in &picked {
        match maze_web::render(&case.json) {
            Ok(bytes) if sha256(&bytes) == case.hash => {}
            Ok(bytes) => bad.push(format!(
                "{}: {} differs from {} ({})",
                case.name,
                sha256(&bytes),
                case.hash,
                case.json
            )),
            Err(e) => bad.push(format!("{}: {e} ({})", case.name, case.json)),
        }
    }
    assert!(bad.is_empty(), "{} of {} cases differ:\n{}", bad.len(), picked.len(), bad.join("\n"));
    picked.len()
}

#[test]
fn the_tables_cases_are_read() {
    let cases = cases();
    assert!(cases.len() > 300, "only {} cases", cases.len());
    for name in ["hex.svg", "square.png", "polar.json"] {
        assert!(cases.iter().any(|c| c.name == name), "no case {name}");
    }
}

/// The requests module.mjs renders in Node.js: one `{"name": ..., "request": ...}` a line, in
/// the table's order (`UPDATE_GOLDEN=1` rewrites it after the table's commands change).
#[test]
fn the_cases_file_is_the_tables() {
    let lines: Vec<String> = cases()
        .iter()
        .map(|c| serde_json::json!({ "name": c.name, "request": serde_json::from_str::<Value>(&c.json).expect("json") }).to_string())
        .collect();
    maze_testkit::golden(env!("CARGO_MANIFEST_DIR"), "cases.json", &format!("[\n{}\n]\n", lines.join(",\n")));
}

#[test]
fn hex_svg_square_png_and_polar_json_are_the_tables() {
    assert_eq!(check(|n| ["hex.svg", "square.png", "polar.json"].contains(&n)), 3);
}

#[test]
fn every_case_without_files_is_the_tables() {
    assert!(check(|_| true) > 300);
}

#[test]
fn a_request_without_seed_is_made() {
    let bytes = maze_web::render(r#"{"width": 6, "height": 5, "format": "json"}"#).expect("a maze");
    let file: Value = serde_json::from_slice(&bytes).expect("json");
    assert!(file.is_object(), "{file}");
    assert!(maze_web::fresh_seed() < 1_000_000_000);
    assert!(maze::fresh_seed() < 1_000_000_000);
}

#[test]
fn an_error_is_its_message() {
    for (json, words) in [
        (r#"{"width": 0}"#, "width"),
        (r#"{"wdth": 5}"#, "wdth"),
        (r#"{"width": "#, "EOF"),
        (r#"{"shape": "cube"}"#, "cube"),
    ] {
        let message = maze_web::render(json).expect_err(json);
        assert!(message.contains(words), "{json}: {message}");
        assert!(!message.contains('\n') && !message.is_empty(), "{json}: {message:?}");
    }
}

#[test]
fn capabilities_are_the_librarys() {
    let text = maze_web::capabilities();
    let value: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(value, maze::capabilities());
}
