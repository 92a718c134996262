//! Every skipped check goes through `maze_testkit::skip` (directly, or through `have`),
//! which fails under `MAZE_REQUIRE_VALIDATORS=1`: that is how `.ci/run` fails when a check
//! did not run. This test keeps it so. It reads the workspace's test code and fails on
//!
//! - a print macro whose text mentions skipping, outside the helper (a private skip note
//!   would print into captured output and let the test show `ok` in CI);
//! - a read of `MAZE_REQUIRE_VALIDATORS` outside the helper (a second, diverging rule);
//! - a tool asked for with `have("...")` that `scripts/install-validators.sh` does not
//!   install (CI would fail on it, and a developer's `./scripts/test.sh` would skip it).

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target" && n != "node_modules") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The workspace's test code with its paths relative to the root: every file under a
/// crate's `tests/`, and the part of each `src/` file from its first `#[cfg(test)]` on (the
/// unit tests; the program's own messages may well say "skipped"). The helper itself and
/// this file are left out.
fn sources() -> Vec<(String, String)> {
    let root = root();
    let mut files = Vec::new();
    rust_files(&root.join("crates"), &mut files);
    let mut out: Vec<(String, String)> = files
        .into_iter()
        .filter_map(|p| {
            let name = p.strip_prefix(&root).unwrap_or(&p).to_string_lossy().replace('\\', "/");
            let text = fs::read_to_string(&p).expect("read a source file");
            if name.contains("/tests/") {
                Some((name, text))
            } else {
                text.find("#[cfg(test)]").map(|at| (name, text[at..].to_string()))
            }
        })
        .filter(|(name, _)| name != "crates/testkit/src/lib.rs" && name != "crates/testkit/tests/skips.rs")
        .collect();
    out.sort();
    assert!(out.len() > 40, "found only {} sources under {}", out.len(), root.display());
    out
}

/// The code of a source: comment lines (`//`, `///`, `//!`) left out, so documentation may
/// talk about skipping.
fn code(text: &str) -> String {
    text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The text of each print macro call in `code` (from the macro's name to the `)` that
/// closes it, or 400 characters at most).
fn print_calls(code: &str) -> Vec<&str> {
    let mut calls = Vec::new();
    for name in ["print!(", "println!(", "eprint!(", "eprintln!("] {
        let mut from = 0;
        while let Some(i) = code[from..].find(name) {
            let start = from + i;
            // `eprintln!(` also contains `println!(`: count each call once, by its full name.
            let whole_word = start == 0 || !code.as_bytes()[start - 1].is_ascii_alphanumeric();
            let body = start + name.len();
            let mut depth = 1;
            let mut end = body;
            for (k, ch) in code[body..].char_indices() {
                match ch {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                end = body + k + ch.len_utf8();
                if depth == 0 || k > 400 {
                    break;
                }
            }
            if whole_word {
                calls.push(&code[start..end]);
            }
            from = body;
        }
    }
    calls
}

#[test]
fn no_test_prints_its_own_skip_note() {
    let mut found = Vec::new();
    for (name, text) in sources() {
        for call in print_calls(&code(&text)) {
            if call.to_lowercase().contains("skip") {
                found.push(format!("{name}: {call}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "skip notes printed outside maze_testkit::skip (call it instead, so CI fails on a skip):\n{}",
        found.join("\n")
    );
}

#[test]
fn only_the_helper_reads_maze_require_validators() {
    let found: Vec<String> = sources()
        .into_iter()
        .filter(|(_, text)| code(text).contains("\"MAZE_REQUIRE_VALIDATORS\""))
        .map(|(name, _)| name)
        .collect();
    assert!(found.is_empty(), "use maze_testkit::{{have, skip, checks_required}} instead in: {found:?}");
}

/// The tools of `have("...")` calls with a literal name.
fn tools_asked_for(code: &str) -> Vec<String> {
    let mut tools = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find("have(\"") {
        let start = from + i + "have(\"".len();
        if let Some(len) = code[start..].find('"') {
            tools.push(code[start..start + len].to_string());
        }
        from = start;
    }
    tools
}

#[test]
fn every_tool_the_tests_ask_for_is_installed_by_the_script() {
    let script =
        fs::read_to_string(root().join("scripts/install-validators.sh")).expect("the install script");
    let list = script
        .lines()
        .find_map(|l| l.strip_prefix("tools=(").and_then(|rest| rest.strip_suffix(')')))
        .expect("a tools=(...) line in scripts/install-validators.sh");
    let installed: Vec<&str> = list.split_whitespace().collect();
    let mut missing = Vec::new();
    let mut asked = 0;
    for (name, text) in sources() {
        for tool in tools_asked_for(&code(&text)) {
            asked += 1;
            if !installed.contains(&tool.as_str()) {
                missing.push(format!("{name}: {tool}"));
            }
        }
    }
    assert!(asked > 10, "found only {asked} have(...) calls: is the pattern still right?");
    assert!(missing.is_empty(), "not in install-validators.sh's tools list: {missing:?}");
}

#[test]
fn the_scanners_find_what_they_look_for() {
    let sample = "fn t() {\n    // println!(\"skipping in a comment\");\n    if !have(\"qpdf\") {\n        \
                  eprintln!(\n            \"skipping: {}\",\n            what(1)\n        );\n    }\n    \
                  println!(\"fine\");\n}\n";
    let without_comments = code(sample);
    let calls = print_calls(&without_comments);
    assert_eq!(calls.len(), 2, "{calls:?}");
    assert!(calls.iter().any(|c| c.starts_with("eprintln!(") && c.contains("skipping") && c.ends_with(')')));
    assert!(calls.iter().all(|c| !c.contains("comment")));
    assert_eq!(tools_asked_for(sample), vec!["qpdf".to_string()]);
}

/// The mechanism `.ci/run` relies on, end to end: this test runs itself again as a child
/// process that asks `have` for a tool that does not exist. With
/// `MAZE_REQUIRE_VALIDATORS=1` the child fails; with `0` it passes after the skip note.
#[test]
fn a_missing_tool_fails_only_when_checks_are_required() {
    if std::env::var_os("MAZE_TESTKIT_CHILD").is_some() {
        assert!(!maze_testkit::have("maze-testkit-no-such-tool"));
        return;
    }
    let run = |required: &str| {
        std::process::Command::new(std::env::current_exe().expect("the test binary"))
            .args(["--exact", "a_missing_tool_fails_only_when_checks_are_required", "--nocapture"])
            .env("MAZE_TESTKIT_CHILD", "1")
            .env("MAZE_REQUIRE_VALIDATORS", required)
            .output()
            .expect("the test binary runs")
    };
    let strict = run("1");
    let err = String::from_utf8_lossy(&strict.stderr);
    assert!(!strict.status.success(), "a missing tool passed under MAZE_REQUIRE_VALIDATORS=1: {err}");
    assert!(err.contains("may not be skipped: maze-testkit-no-such-tool not installed"), "{err}");
    let lax = run("0");
    let err = String::from_utf8_lossy(&lax.stderr);
    assert!(lax.status.success(), "{err}");
    assert!(err.contains("skipping: maze-testkit-no-such-tool not installed"), "{err}");
}
