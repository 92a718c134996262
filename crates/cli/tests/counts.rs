//! Every count a newcomer reads (the command's `--help`, the README's opening, the page's
//! manifest) matches the registry as `maze list --json` gives it: words lag the code
//! otherwise ("square, hexagonal and triangular cells" once stood over six shapes).

use std::fs;
use std::path::Path;

use assert_cmd::Command;

/// The number `n` as the word a sentence spells it with.
fn word(n: usize) -> &'static str {
    [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ][n]
}

fn registry() -> serde_json::Value {
    let out = Command::cargo_bin("maze").expect("built").args(["list", "--json"]).output().expect("runs");
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).expect("json")
}

fn names(list: &serde_json::Value) -> Vec<String> {
    list.as_array().expect("a list").iter().map(|v| v["name"].as_str().expect("a name").to_string()).collect()
}

fn root(path: &str) -> String {
    let at = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path);
    fs::read_to_string(&at)
        .unwrap_or_else(|e| panic!("{}: {e}", at.display()))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn user_facing_counts_match_the_registry() {
    let r = registry();
    let shapes = names(&r["shapes"]);
    let shape_words = format!("{} cell shapes", word(shapes.len()));
    let help = Command::cargo_bin("maze").expect("built").arg("--help").output().expect("runs");
    let help = String::from_utf8(help.stdout).expect("utf-8");
    let first = help.lines().next().expect("a first line");
    assert!(first.contains(&shape_words), "maze --help opens with {first:?}, not {shape_words:?}");
    for name in &shapes {
        assert!(first.contains(name.as_str()), "maze --help's first line lacks the {name} shape: {first}");
    }
    let readme = root("README.md");
    let opening = &readme[..readme.find("---").expect("the README's first rule")];
    assert!(opening.contains(&shape_words), "the README's opening does not say {shape_words:?}");
    let generators = format!("{} generators", names(&r["generators"]).len());
    let solvers = format!("{} solvers", names(&r["solvers"]).len());
    assert!(opening.contains(&generators), "the README's opening does not say {generators:?}");
    assert!(opening.contains(&solvers), "the README's opening does not say {solvers:?}");
    let manifest = root("crates/web/site/manifest.webmanifest");
    assert!(manifest.contains(&shape_words), "the page's manifest does not say {shape_words:?}");
    // No other count of shapes in them.
    for n in 1..=12 {
        let other = format!("{} cell shapes", word(n));
        if n != shapes.len() {
            for (what, text) in
                [("--help", help.as_str()), ("README", opening), ("manifest", manifest.as_str())]
            {
                assert!(!text.contains(&other), "{what} says {other:?}");
            }
        }
    }
}
