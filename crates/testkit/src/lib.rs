//! Helpers shared by the test suites of the maze crates: external validators that may be
//! missing, scratch directories, golden files, and command-line words read as a request.
//! One copy, used by every test file.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

/// Whether every check must run (`MAZE_REQUIRE_VALIDATORS=1`, as `.ci/run` sets it): then a
/// check that cannot run is a failure, not a skip. Any other value, or none, allows skips.
pub fn checks_required() -> bool {
    is_one(std::env::var_os("MAZE_REQUIRE_VALIDATORS").as_deref())
}

/// Whether an environment variable's value is exactly `1` (unset, empty, `0` or anything
/// else is not).
fn is_one(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_some_and(|v| v == "1")
}

/// The one way a test skips a check it cannot run here (a missing validator, browser or
/// tool): prints `skipping: REASON` and returns, so the caller returns too. With
/// `MAZE_REQUIRE_VALIDATORS=1` (CI) it panics instead, so a skipped check fails CI rather
/// than showing `ok`. Tests must not print skip notes of their own:
/// `crates/testkit/tests/skips.rs` fails when one does.
///
/// # Panics
/// Panics when [`checks_required`].
pub fn skip(reason: &str) {
    assert!(!checks_required(), "MAZE_REQUIRE_VALIDATORS=1, so this check may not be skipped: {reason}");
    eprintln!("skipping: {reason}");
}

/// Whether an external program (a validator such as `xmllint` or `qpdf`) is installed: a
/// name is looked up on `PATH`, a path (`/usr/bin/time`) must be an executable file.
///
/// When it is missing the test should skip its check: this calls [`skip`] (which prints
/// `skipping: TOOL not installed`) and returns false. With `MAZE_REQUIRE_VALIDATORS=1` (as
/// CI sets it) a missing tool is a failure instead. `scripts/install-validators.sh`
/// installs every tool the tests ask for.
///
/// # Panics
/// Panics when the tool is missing and `MAZE_REQUIRE_VALIDATORS=1`.
pub fn have(tool: &str) -> bool {
    let found = Command::new("sh")
        .arg("-c")
        .arg(format!("command -v '{tool}'"))
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        skip(&format!("{tool} not installed (scripts/install-validators.sh installs it)"));
    }
    found
}

/// Whether golden files (and the README's generated parts) should be rewritten instead of
/// compared: only when `UPDATE_GOLDEN=1`. Any other value (`0`, empty, `yes`) compares, so
/// a stray `UPDATE_GOLDEN=0` cannot silently rewrite every expected output.
pub fn updating_golden() -> bool {
    is_one(std::env::var_os("UPDATE_GOLDEN").as_deref())
}

/// A fresh, empty scratch directory, unique to this process and call.
///
/// # Panics
/// Panics if the directory cannot be created.
pub fn tempdir(name: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "maze-test-{name}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

/// The names of the entries of `dir`, sorted (a scratch folder's contents, for checking
/// what a command left there).
///
/// # Panics
/// Panics if the folder cannot be listed.
pub fn names(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("list the folder")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into())
        .collect();
    v.sort();
    v
}

/// Compares `actual` with the golden file `name` in `MANIFEST_DIR/tests/golden`;
/// with `UPDATE_GOLDEN=1` in the environment, (re)writes the file instead.
///
/// # Panics
/// Panics when the file is missing or differs (the message says how to update it).
pub fn golden(manifest_dir: &str, name: &str, actual: &str) {
    let path = Path::new(manifest_dir).join("tests/golden").join(name);
    if updating_golden() {
        std::fs::create_dir_all(path.parent().expect("golden files live in a folder")).expect("mkdir");
        std::fs::write(&path, actual).expect("write the golden file");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("missing golden file {}; run with UPDATE_GOLDEN=1", path.display()));
    assert_eq!(
        actual,
        expected,
        "output differs from {}; review, then run with UPDATE_GOLDEN=1",
        path.display()
    );
}

/// Asserts that a command failed the way the CLI promises: exit status `code`, exactly one
/// line on stderr starting with `error:` and containing `needle` (case-insensitive), no
/// panic, nothing on stdout. `what` names the command in messages.
///
/// # Panics
/// Panics when any of that does not hold.
pub fn assert_one_line_error(out: &std::process::Output, code: i32, needle: &str, what: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{what}: stderr {err}");
    assert!(err.starts_with("error: "), "{what}: stderr {err:?}");
    assert_eq!(err.trim_end().lines().count(), 1, "{what}: more than one line: {err:?}");
    assert!(!err.contains("panicked"), "{what} panicked: {err}");
    assert!(err.to_lowercase().contains(&needle.to_lowercase()), "{what}: {err:?} lacks {needle:?}");
    assert!(out.stdout.is_empty(), "{what} wrote to stdout on failure");
}

/// Runs `program` with `args` and asserts it failed the way the CLI promises (see
/// [`assert_one_line_error`]).
///
/// # Panics
/// Panics when the program cannot be run or did not fail that way.
pub fn assert_fails(program: &str, args: &[&str], code: i32, needle: &str) {
    let out = Command::new(program).args(args).output().expect("the program runs");
    assert_one_line_error(&out, code, needle, &format!("{program} {args:?}"));
}

/// Splits `line` into words at spaces, keeping single-quoted spans whole (no escapes), as a
/// shell would the test tables' command lines.
///
/// # Panics
/// On an unbalanced quote.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut started) = (false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, started) = (!quoted, true),
            ' ' if !quoted => {
                if started {
                    out.push(std::mem::take(&mut word));
                }
                started = false;
            }
            _ => (word, started) = (word + c.encode_utf8(&mut [0; 4]), true),
        }
    }
    assert!(!quoted, "unbalanced quote in {line:?}");
    if started {
        out.push(word);
    }
    out
}

/// `maze generate`'s option words (`-s hex -W 8 --solve`) as the JSON of the request they
/// ask for (`{"shape": "hex", "width": 8, "solve": "bfs"}`): short flags by their long
/// names, numbers as numbers and other values as text, a switch as `true`, and `--solve`
/// and `--stats` without a value as the command line's defaults (`bfs`, `text`). A word
/// after a flag is its value unless it is another flag (a negative number is a value).
///
/// # Panics
/// On a word that is no flag where one is expected.
pub fn request_json<S: AsRef<str>>(words: &[S]) -> serde_json::Value {
    use serde_json::Value;
    let mut map = serde_json::Map::new();
    let mut i = 0;
    while i < words.len() {
        let flag = words[i].as_ref();
        let field = match flag {
            "-s" => "shape",
            "-W" => "width",
            "-H" => "height",
            "-a" => "algorithm",
            "-f" => "format",
            "-n" => "count",
            "-d" => "difficulty",
            "-j" => "threads",
            "-o" => "output",
            long => long.strip_prefix("--").unwrap_or_else(|| panic!("not a flag: {long}")),
        };
        let value =
            words.get(i + 1).map(AsRef::as_ref).filter(|v| !v.starts_with('-') || v.parse::<f64>().is_ok());
        let value = match (field, value) {
            (_, Some(v)) => {
                i += 1;
                serde_json::from_str::<Value>(v)
                    .ok()
                    .filter(Value::is_number)
                    .unwrap_or_else(|| Value::String(v.into()))
            }
            ("solve", None) => "bfs".into(),
            ("stats", None) => "text".into(),
            (_, None) => true.into(),
        };
        map.insert(field.to_string(), value);
        i += 1;
    }
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::{is_one, request_json, words};
    use std::ffi::OsStr;

    #[test]
    fn only_exactly_one_switches_a_mode_on() {
        assert!(is_one(Some(OsStr::new("1"))));
        for off in [None, Some(""), Some("0"), Some("yes"), Some("true"), Some(" 1"), Some("11")] {
            assert!(!is_one(off.map(OsStr::new)), "{off:?}");
        }
    }

    #[test]
    fn command_words_become_a_request() {
        assert_eq!(words("-s hex --mask-text 'A B' -W 8"), ["-s", "hex", "--mask-text", "A B", "-W", "8"]);
        let json = request_json(&[
            "-s",
            "hex",
            "-W",
            "8",
            "--solve",
            "--unicursal",
            "--braid",
            "0.5",
            "--seed",
            "-3",
        ]);
        assert_eq!(
            json,
            serde_json::json!({"shape": "hex", "width": 8, "solve": "bfs", "unicursal": true, "braid": 0.5, "seed": -3})
        );
    }
}
