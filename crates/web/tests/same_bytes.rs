//! `maze_web::render` gives the command line's bytes: every `generate` case of the
//! output-hash table (crates/cli/tests/golden/output-hashes.txt) that needs no file (no
//! `-o`, mask file or `{dir}`) and is not streamed is turned into a JSON request, rendered,
//! and its SHA-256 compared with the table's. On the host these are ordinary tests; built for
//! `wasm32-unknown-unknown` they run in Node.js (`scripts/test-wasm.sh`), which proves the
//! module makes the same bytes as the native program, and that nothing on those paths
//! traps there (no clock, no process, no threads).

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

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

/// `line` split into shell words (single quotes keep spaces; the table has no escapes).
fn words(line: &str) -> Vec<String> {
    let (mut out, mut word, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, any) = (!quoted, true),
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => (word, any) = (word + c.encode_utf8(&mut [0; 4]), true),
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// The request of `generate`'s arguments (after the command), or `None` when the case
/// needs something a request in memory cannot say (an output or input file).
fn request(args: &[String]) -> Option<Value> {
    let mut map = Map::new();
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let field = match flag {
            "-s" => "shape",
            "-W" => "width",
            "-H" => "height",
            "-a" => "algorithm",
            "-f" => "format",
            "-n" => "count",
            "-d" => "difficulty",
            "-j" => "threads",
            // A file to write or read; or a stream, which only the command line makes
            // (crates/cli/src/stream.rs: its PNG is a 1-bit picture of the walls).
            "-o" | "--mask" | "--stream" => return None,
            long => long.strip_prefix("--").unwrap_or_else(|| panic!("not a flag: {long}")),
        };
        let value = args.get(i + 1).filter(|v| !v.starts_with('-') || v.parse::<f64>().is_ok());
        let value = match (field, value) {
            (_, Some(v)) => {
                i += 1;
                // Numbers as numbers, the rest (names, colours, lists) as text.
                serde_json::from_str::<Value>(v)
                    .ok()
                    .filter(Value::is_number)
                    .unwrap_or_else(|| Value::String(v.clone()))
            }
            // Flags whose value may be left out, with the command line's default.
            ("solve", None) => "bfs".into(),
            ("stats", None) => "text".into(),
            (_, None) => true.into(),
        };
        map.insert(field.to_string(), value);
        i += 1;
    }
    Some(Value::Object(map))
}

/// The table's `generate` cases that need no file.
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for line in TABLE.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut parts = line.split_whitespace();
        let (Some(name), Some(hash)) = (parts.next(), parts.next()) else { panic!("bad line: {line}") };
        let rest = line.split_once(hash).map_or("", |(_, r)| r.trim());
        let args = words(rest);
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
