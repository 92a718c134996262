//! `wasm-bindgen` for scripts/build-wasm.sh: the JavaScript glue of a wasm-bindgen module for
//! the `web` target, through wasm-bindgen-cli-support (the library that wasm-bindgen-cli's own
//! command is a front end of). It takes only the flags the build script gives:
//!
//! ```text
//! wasm-bindgen --version
//! wasm-bindgen --target web [--remove-name-section] [--remove-producers-section] --out-dir DIR INPUT.wasm
//! ```
//!
//! Why not `cargo install wasm-bindgen-cli --locked`: that crate's published lock file names a
//! crate version since yanked, so `--locked` fails and cargo resolves afresh (two machines could
//! get different tools), and it builds a test runner, an HTTP server and a TLS stack the build
//! never uses. This one is pinned by its own Cargo.lock.

use std::path::PathBuf;
use std::process::ExitCode;

/// The version of wasm-bindgen this tool speaks (its support library's, pinned in Cargo.toml).
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What the command line asked for.
#[derive(Debug, Default)]
struct Args {
    /// `--out-dir`.
    out_dir: Option<PathBuf>,
    /// The input module.
    input: Option<PathBuf>,
    /// `--remove-name-section`.
    remove_name: bool,
    /// `--remove-producers-section`.
    remove_producers: bool,
}

/// Reads the command line, or says in one line what is wrong with it.
fn parse(mut words: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut args = Args::default();
    while let Some(word) = words.next() {
        match word.as_str() {
            "--version" | "-V" => return Ok(None),
            "--target" => match words.next().as_deref() {
                Some("web") => {}
                other => return Err(format!("--target {}: only `web` is built here", other.unwrap_or(""))),
            },
            "--out-dir" => args.out_dir = Some(words.next().ok_or("--out-dir needs a folder")?.into()),
            "--remove-name-section" => args.remove_name = true,
            "--remove-producers-section" => args.remove_producers = true,
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            input if args.input.is_none() => args.input = Some(input.into()),
            extra => return Err(format!("one input module only ({extra} is a second)")),
        }
    }
    Ok(Some(args))
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("wasm-bindgen {VERSION}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("wasm-bindgen: {e}");
            return ExitCode::from(2);
        }
    };
    let (Some(input), Some(out_dir)) = (args.input, args.out_dir) else {
        eprintln!("wasm-bindgen: usage: wasm-bindgen --target web --out-dir DIR INPUT.wasm");
        return ExitCode::from(2);
    };
    let mut bindgen = wasm_bindgen_cli_support::Bindgen::new();
    bindgen
        .input_path(&input)
        .typescript(true)
        .remove_name_section(args.remove_name)
        .remove_producers_section(args.remove_producers);
    let done = bindgen.web(true).and_then(|b| b.generate(&out_dir));
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("wasm-bindgen: {}: {e:#}", input.display());
            ExitCode::FAILURE
        }
    }
}
