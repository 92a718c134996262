//! The newcomer's first ten minutes, held in place: the README's main command builds the
//! command alone, the tests do not compile the benchmark's peer crates, and every Debian
//! install of the project's scripts waits for a busy package manager instead of failing.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `cargo run --release -- ...` at the root builds the command, not the Python module, the
/// WebAssembly module or the benchmarks.
#[test]
fn the_main_command_builds_the_command_alone() {
    let manifest: toml_lite::Table = toml_lite::parse(&read("Cargo.toml"));
    assert_eq!(manifest.get("workspace.default-members").map(String::as_str), Some(r#"["crates/cli"]"#));
}

/// knossos (and through it the image crate with every codec) is built only with the
/// benchmark's `peers` feature, never by the workspace's tests.
#[test]
fn the_peer_benchmark_is_out_of_the_test_build() {
    let bench = read("crates/bench/Cargo.toml");
    let line = bench.lines().find(|l| l.trim_start().starts_with("knossos")).expect("knossos is listed");
    assert!(line.contains("optional = true"), "knossos is not optional: {line}");
    assert!(bench.contains(r#"peers = ["dep:knossos"]"#), "no peers feature");
    let dev = &bench[bench.find("[dev-dependencies]").expect("dev-dependencies")..];
    assert!(!dev.contains("knossos"), "knossos is a dev-dependency again");
}

/// Every apt-get of the scripts goes through scripts/apt.sh, which waits for the lock.
#[test]
fn every_apt_step_waits_for_the_lock() {
    let helper = read("scripts/apt.sh");
    assert!(helper.contains("DPkg::Lock::Timeout="), "scripts/apt.sh does not wait for the lock");
    for entry in fs::read_dir(root().join("scripts")).expect("scripts/") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        if name == "apt.sh" || !name.ends_with(".sh") {
            continue;
        }
        let text = fs::read_to_string(&path).expect("read");
        for (i, line) in text.lines().enumerate() {
            // The command, not a comment or a message that names it.
            let code = line.split('#').next().unwrap_or_default();
            if code.contains("echo ") {
                continue;
            }
            assert!(
                !code.contains("apt-get update")
                    && !code.contains("apt-get install")
                    && !code.contains("apt install"),
                "scripts/{name}:{}: an apt step outside scripts/apt.sh: {line}",
                i + 1
            );
        }
    }
}

/// The version a lock file gives the package `name`.
fn locked_version(lock: &str, name: &str) -> Option<String> {
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == format!("name = \"{name}\"") {
            return lines.next()?.strip_prefix("version = \"")?.strip_suffix('"').map(String::from);
        }
    }
    None
}

/// The wasm-bindgen command is built from tools/wasm-bindgen with its own committed lock file
/// (never resolved afresh), at exactly the version of the wasm-bindgen crate the module uses;
/// the install script builds it `--locked` from there.
#[test]
fn the_wasm_bindgen_tool_is_pinned_to_the_modules_version() {
    let ours = locked_version(&read("Cargo.lock"), "wasm-bindgen").expect("wasm-bindgen in Cargo.lock");
    let tool = read("tools/wasm-bindgen/Cargo.toml");
    let table = toml_lite::parse(&tool);
    assert_eq!(table.get("package.version"), Some(&format!("\"{ours}\"")), "the tool's version");
    assert_eq!(table.get("dependencies.wasm-bindgen-cli-support"), Some(&format!("\"={ours}\"")));
    let tool_lock = read("tools/wasm-bindgen/Cargo.lock");
    assert_eq!(locked_version(&tool_lock, "wasm-bindgen-cli-support").as_deref(), Some(ours.as_str()));
    let install = read("scripts/install-wasm.sh");
    let code: Vec<&str> = install.lines().filter(|l| !l.trim_start().starts_with('#')).collect();
    let code = code.join("\n");
    assert!(
        code.contains("--locked") && code.contains("--path tools/wasm-bindgen"),
        "not installed --locked from tools/"
    );
    assert!(!code.contains("install -q --force wasm-bindgen-cli"), "still resolves wasm-bindgen-cli afresh");
}

/// The Python module compiles only what it needs: no command-line, server, terminal or
/// WebAssembly crates in its dependency tree (they would lengthen `pip install ./python`).
#[test]
fn the_python_module_builds_without_the_front_ends_crates() {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["tree", "--locked", "--offline", "-p", "maze-python", "-e", "normal", "--prefix", "none"])
        .current_dir(root())
        .output()
        .expect("cargo tree");
    assert!(out.status.success(), "cargo tree: {}", String::from_utf8_lossy(&out.stderr));
    let tree = String::from_utf8_lossy(&out.stdout);
    let names: std::collections::BTreeSet<&str> =
        tree.lines().filter_map(|l| l.split_whitespace().next()).collect();
    assert!(names.contains("pyo3") && names.contains("maze"), "not the module's tree: {names:?}");
    for heavy in ["clap", "axum", "tokio", "hyper", "ratatui", "crossterm", "indicatif", "wasm-bindgen"] {
        assert!(!names.contains(heavy), "{heavy} is in maze-python's dependency tree");
    }
}

/// A tiny reader of `key = value` lines under `[section]` headers, enough for the root
/// manifest's workspace keys (no TOML crate is needed for one line).
mod toml_lite {
    use std::collections::HashMap;

    pub type Table = HashMap<String, String>;

    pub fn parse(text: &str) -> Table {
        let mut out = Table::new();
        let mut section = String::new();
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                section = name.to_string();
            } else if let Some((k, v)) = line.split_once('=') {
                out.insert(format!("{section}.{}", k.trim()), v.trim().to_string());
            }
        }
        out
    }
}
