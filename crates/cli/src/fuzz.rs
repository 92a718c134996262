//! The fuzz harness, on stable Rust and bounded in time: structure-aware mutation of valid
//! maze files fed to what `maze render` and `maze solve` do with them, and random query
//! strings fed to `maze serve`'s parameter parsers and, when they pass, to the jobs they
//! describe. First the committed corpus of nasty cases (`tests/corpus/`), then random
//! cases: `FUZZ_CASES` of each (default 1500; CI runs the default).
//!
//! What must hold: no panic, no hang, and every failure is one line (`anyhow` chain without
//! a newline) — the properties a hostile user of the CLI or the API probes.

use std::path::Path;

use clap::Parser;
use maze_core::{Algorithm, ShapeKind};
use maze_render::json::MazeFile;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use anyhow::Result;
use maze::{FileRequest, FileSolve};

use crate::args::{Cli, Command, RenderArgs, SolveArgs, file_request};
use maze::api;

/// Random cases per target (`FUZZ_CASES` overrides).
fn cases() -> u32 {
    std::env::var("FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1500)
}

fn corpus() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

/// Small limits, so no case can take long.
fn limit<T>(mut args: T, set: impl FnOnce(&mut T)) -> T {
    set(&mut args);
    args
}

fn render_args(format: &str) -> RenderArgs {
    match Cli::try_parse_from([
        "maze",
        "render",
        "-",
        "-f",
        format,
        "--max-cells",
        "5000",
        "--max-bytes",
        "8M",
    ])
    .map(|c| c.command)
    {
        Ok(Command::Render(a)) => a,
        other => panic!("render args: {other:?}"),
    }
}

fn solve_args(from: Option<u32>, to: Option<u32>, solver: &str) -> SolveArgs {
    let mut argv = vec!["maze".to_string(), "solve".into(), "-".into(), "-a".into(), solver.into()];
    argv.extend(["--max-cells".into(), "5000".into(), "--max-bytes".into(), "8M".into()]);
    if let Some(f) = from {
        argv.extend(["--from".into(), f.to_string()]);
    }
    if let Some(t) = to {
        argv.extend(["--to".into(), t.to_string()]);
    }
    match Cli::try_parse_from(argv).map(|c| c.command) {
        Ok(Command::Solve(a)) => a,
        other => panic!("solve args: {other:?}"),
    }
}

/// The line the CLI would print for `e` is one line, without control characters.
fn one_line(e: &anyhow::Error) {
    let line = crate::fault::error_line(e);
    assert!(!line.trim().is_empty(), "an empty error");
    assert!(!line.chars().any(char::is_control), "control characters in {line:?}");
}

fn api_error_is_one_line(e: &api::ApiError) {
    let m = &e.message;
    assert!(!m.trim().is_empty() && !m.chars().any(char::is_control), "API error {m:?}");
}

/// Everything `maze render` and `maze solve` do with a file's text: parse, check, build,
/// draw and solve. Errors are fine; panics are not.
fn read_and_use(text: &str, from: Option<u32>, to: Option<u32>) {
    let file = match MazeFile::parse(text) {
        Ok(f) => f,
        Err(e) => return one_line(&anyhow::Error::new(e)),
    };
    for format in ["text", "svg", "png", "json"] {
        if let Err(e) = render_to_vec(&render_args(format), &file) {
            one_line(&e);
        }
    }
    for solver in ["bfs", "wall-follower", "tremaux", "pledge"] {
        if let Err(e) = solve_to_vec(&solve_args(from, to, solver), &file) {
            one_line(&e);
        }
    }
}

/// A valid maze file of a random small shape, generator and options.
fn valid_file(kind: usize, algorithm: usize, w: u32, h: u32, seed: u64, braid: bool, solve: bool) -> String {
    let kind = ShapeKind::ALL[kind % ShapeKind::ALL.len()];
    let usable: Vec<Algorithm> =
        Algorithm::ALL.iter().copied().filter(|&a| maze::supports(kind, a)).collect();
    let algorithm = usable[algorithm % usable.len()];
    let (w, h) = if algorithm == Algorithm::QuadDivision { (8, 8) } else { (w, h) };
    let w = if kind == ShapeKind::Polar { w.max(3) } else { w };
    let mut argv = vec![
        "maze".to_string(),
        "generate".into(),
        "-s".into(),
        kind.name().into(),
        "-a".into(),
        algorithm.name().into(),
        "-W".into(),
        w.to_string(),
        "-H".into(),
        h.to_string(),
        "-f".into(),
        "json".into(),
    ];
    if braid {
        argv.extend(["--braid".into(), "0.5".into()]);
    }
    if solve {
        argv.push("--solve".into());
    }
    let Ok(Command::Generate(args)) = Cli::try_parse_from(argv).map(|c| c.command) else {
        panic!("generate args");
    };
    let bytes = maze::Plan::new(&args.request).expect("plans").to_vec(seed).expect("generates");
    String::from_utf8(bytes).expect("utf-8")
}

/// Values that break parsers.
const NASTY: &[&str] = &[
    "0",
    "-1",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "1e309",
    "-0",
    "NaN",
    "null",
    "true",
    "\"\"",
    "\"hex\\n\"",
    "[]",
    "{}",
    "[[0,1]]",
    "[0,4294967295]",
    "\"\\u0000\"",
    "1.5",
    "99999999",
];

/// Mutates a valid file: replace a number, a string or a bracketed value with a nasty
/// token, delete or duplicate a span, or truncate it.
fn mutate(text: &str, op: u8, at: usize, len: usize, nasty: usize) -> String {
    let bytes = text.as_bytes();
    let n = bytes.len().max(1);
    let at = at % n;
    let token = NASTY[nasty % NASTY.len()];
    match op % 5 {
        0 => {
            // Replace the run of digits (or the token) starting at or after `at`.
            let start = (at..bytes.len()).find(|&i| bytes[i].is_ascii_digit()).unwrap_or(at);
            let end = (start..bytes.len()).find(|&i| !bytes[i].is_ascii_digit()).unwrap_or(bytes.len());
            format!("{}{}{}", &text[..start], token, &text[end..])
        }
        1 => {
            let end = (at + len % 64).min(bytes.len());
            if text.is_char_boundary(at) && text.is_char_boundary(end) {
                format!("{}{}", &text[..at], &text[end..])
            } else {
                text.to_string()
            }
        }
        2 => {
            let end = (at + len % 64).min(bytes.len());
            if text.is_char_boundary(at) && text.is_char_boundary(end) {
                format!("{}{}{}", &text[..end], &text[at..end], &text[end..])
            } else {
                text.to_string()
            }
        }
        3 => {
            // Replace a key's value: find `": ` after `at`.
            match text[at..].find("\":") {
                Some(i) => {
                    let start = at + i + 2;
                    let end = text[start..].find([',', '}']).map_or(text.len(), |j| start + j);
                    format!("{}{}{}", &text[..start], token, &text[end..])
                }
                None => text.to_string(),
            }
        }
        _ => text[..at].to_string(),
    }
}

#[test]
fn the_json_corpus_is_read_safely() {
    let mut seen = 0;
    for entry in std::fs::read_dir(corpus().join("json")).expect("the corpus folder") {
        let path = entry.expect("entry").path();
        let bytes = std::fs::read(&path).expect("read");
        // The CLI refuses non-UTF-8 before parsing (tested end to end).
        if let Ok(text) = String::from_utf8(bytes) {
            read_and_use(&text, Some(0), Some(u32::MAX));
        }
        seen += 1;
    }
    assert!(seen >= 15, "the corpus has only {seen} files");
}

#[test]
fn mutated_maze_files_never_panic() {
    let config = Config { cases: cases(), failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new(config);
    let strategy = (
        (0usize..8, 0usize..32, 2u32..12, 1u32..12, any::<u64>(), any::<bool>(), any::<bool>()),
        proptest::collection::vec((any::<u8>(), any::<usize>(), any::<usize>(), any::<usize>()), 1..4),
        (proptest::option::of(0u32..200), proptest::option::of(0u32..200)),
    );
    runner
        .run(&strategy, |((kind, algorithm, w, h, seed, braid, solve), ops, (from, to))| {
            let mut text = valid_file(kind, algorithm, w, h, seed, braid, solve);
            for (op, at, len, nasty) in ops {
                text = mutate(&text, op, at, len, nasty);
            }
            read_and_use(&text, from, to);
            Ok(())
        })
        .expect("no case panics");
}

/// Feeds a query to the API's parsers, and runs the job when it passes (they are small:
/// the API's own limits, and sizes capped here).
fn query(pairs: &[(String, String)]) {
    for heavy in [false, true] {
        match api::generate_request(pairs, heavy) {
            Ok(args) => run_small(args),
            Err(e) => api_error_is_one_line(&e),
        }
    }
    match api::render_request(pairs) {
        Ok(args) => run_small(args),
        Err(e) => api_error_is_one_line(&e),
    }
}

fn run_small(request: maze::MazeRequest) {
    let (w, h) = maze::masks::dimensions(&request, None);
    if u64::from(w) * u64::from(h) > 2_500 {
        // Checked, not run: the checks alone must not panic.
        if let Err(e) = maze::Plan::new(&request) {
            one_line(&e.into());
        }
        return;
    }
    let request = limit(request, |r| {
        // Animations are cut to 20 frames; a still picture keeps no frames option.
        r.frames = r.animated().then(|| r.frames.map_or(20, |f| f.min(20)));
    });
    if let Err(e) = maze::Plan::new(&request).and_then(|p| p.to_vec(1)) {
        one_line(&e.into());
    }
}

fn parse_query(line: &str) -> Vec<(String, String)> {
    let decode = |s: &str| {
        let mut out = Vec::new();
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'%'
                && i + 2 < b.len()
                && let Ok(v) = u8::from_str_radix(std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("zz"), 16)
            {
                out.push(v);
                i += 3;
            } else {
                out.push(if b[i] == b'+' { b' ' } else { b[i] });
                i += 1;
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    line.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (decode(k), decode(v)),
            None => (decode(p), String::new()),
        })
        .collect()
}

#[test]
fn the_api_corpus_is_parsed_safely() {
    let text = std::fs::read_to_string(corpus().join("api-queries.txt")).expect("the API corpus");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(lines.len() >= 40);
    for line in lines {
        query(&parse_query(line));
    }
}

#[test]
fn random_api_queries_never_panic() {
    // Every name the API takes, a few spellings of them, and one it does not.
    let keys: Vec<&str> = api::fields_in(&[api::GENERATE, api::DRAW, api::ANIMATION].concat())
        .into_iter()
        .chain(["rings"])
        .chain(["format", "events", "geometry", "cell_size", "wall_colour", "No_Visited", "junk"])
        .collect();
    const VALUES: &[&str] = &[
        "",
        "0",
        "1",
        "2",
        "7",
        "50",
        "-3",
        "1e3",
        "0.5",
        "NaN",
        "hex",
        "triangle",
        "square",
        "hex\n",
        "kruskal",
        "eller",
        "quad-division",
        "binary-tree",
        "wilson",
        "bfs",
        "tremaux",
        "svg",
        "png",
        "pdf",
        "gif",
        "stl",
        "tex",
        "json",
        "text",
        "a4",
        "10x10",
        "#fff",
        "red",
        "yes",
        "off",
        "\u{202e}",
        "99999999999",
        "north-west",
        "oldest",
    ];
    let config = Config { cases: cases(), failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new(config);
    let pair = (0..keys.len(), 0..VALUES.len());
    runner
        .run(&proptest::collection::vec(pair, 0..8), |pairs| {
            let pairs: Vec<(String, String)> =
                pairs.into_iter().map(|(k, v)| (keys[k].to_string(), VALUES[v].to_string())).collect();
            query(&pairs);
            Ok(())
        })
        .expect("no query panics");
}

/// What `maze render` would write for a maze file already read, in memory (for
/// `maze serve`), with the same checks.
fn render_to_vec(args: &RenderArgs, file: &MazeFile) -> Result<Vec<u8>> {
    let request = file_request(args.format, &args.draw, None, &args.limits);
    let job =
        FileRequest { file, name: None, solve: None, keep_solution: !args.no_solution, request: &request };
    let mut out = Vec::new();
    maze::redraw(job)?.write(&mut out)?;
    Ok(out)
}

/// What `maze solve` would write for a maze file already read, in memory (for the fuzz
/// harness), with the same checks.
fn solve_to_vec(args: &SolveArgs, file: &MazeFile) -> Result<Vec<u8>> {
    let request = file_request(args.format, &args.draw, None, &args.limits);
    let solve = Some(FileSolve { solver: args.algorithm, from: args.from, to: args.to });
    let job = FileRequest { file, name: None, solve, keep_solution: false, request: &request };
    let mut out = Vec::new();
    maze::redraw(job)?.write(&mut out)?;
    Ok(out)
}
