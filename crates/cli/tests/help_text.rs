//! The command line's surface, pinned byte for byte: the help of every subcommand (short
//! and long) and clap's messages for values it refuses, with their exit status.
//!
//! The flags of `maze generate` are declared once, on the library's `maze::MazeRequest`
//! (its `clap` feature), and flattened into the command line; this table proves that
//! moving them there changed no flag, no help text, no default shown and no message.
//! `UPDATE_GOLDEN=1 cargo test -p maze-cli --test help_text` rewrites it: review the diff.

use std::fmt::Write as _;
use std::process::Command;

/// Every subcommand, with and without a subcommand.
const COMMANDS: &[&[&str]] = &[
    &[],
    &["list"],
    &["generate"],
    &["solve"],
    &["render"],
    &["stats"],
    &["bench"],
    &["play"],
    &["show"],
    &["serve"],
    &["completions"],
];

/// Command lines clap refuses (or that parse a value through one of our parsers), one per
/// kind of value: each parser's message is pinned.
const REFUSED: &[&[&str]] = &[
    &["generate", "--shape", "blob"],
    &["generate", "--width", "-3"],
    &["generate", "--width", "x"],
    &["generate", "--difficulty", "9"],
    &["generate", "--wrap", "z"],
    &["generate", "--levels", "0"],
    &["generate", "--levels", "65"],
    &["generate", "--algorithm", "nope"],
    &["generate", "--braid", "2"],
    &["generate", "--braid", "x"],
    &["generate", "--starts", "2"],
    &["generate", "--ends", "0", "--starts", "1"],
    &["generate", "--entrance", "nowhere"],
    &["generate", "--solve", "magic"],
    &["generate", "--count", "0"],
    &["generate", "--threads", "0"],
    &["generate", "--format", "doc"],
    &["generate", "--bias", "up"],
    &["generate", "--policy", "best"],
    &["generate", "--stats", "xml"],
    &["generate", "--where", "colour>3"],
    &["generate", "--hardness", "brutal"],
    &["generate", "--max-tries", "0"],
    &["generate", "--cell-size", "3furlongs"],
    &["generate", "--wall-colour", "notacolour"],
    &["generate", "--style", "fancy"],
    &["generate", "--dot-size", "2"],
    &["generate", "--paper", "b9"],
    &["generate", "--margin", "-"],
    &["generate", "--wall-height", "-1"],
    &["generate", "--base", "0"],
    &["generate", "--frames", "1"],
    &["generate", "--delay", "5"],
    &["generate", "--delay", "50", "--duration", "2"],
    &["generate", "--duration", "900"],
    &["generate", "--max-cells", "x"],
    &["generate", "--max-bytes", "12Q"],
    &["generate", "--max-memory", "0"],
    &["generate", "--mask", "a.png", "--mask-text", "HI"],
    &["generate", "--mask-text", "HI", "--mask-data", "X"],
    &["generate", "--colour", "red"],
    &["solve", "m.json", "--format", "doc"],
    &["solve", "m.json", "--cell-size", "x"],
    &["solve", "m.json", "--frames", "9999"],
    &["render", "m.json", "--max-bytes", "lots"],
    &["render", "m.json", "--animate"],
    &["play", "--shape", "blob"],
    &["play", "--levels", "99"],
    &["play", "--fog", "2000"],
    &["play", "--lines", "--no-menu"],
    &["play", "--window", "--lines"],
    &["play", "--solve", "magic"],
    &["bench", "--clock", "sundial"],
    &["serve", "--idle-timeout", "0"],
];

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_maze")).args(args).output().expect("maze runs");
    let text = |b: &[u8]| String::from_utf8(b.to_vec()).expect("utf-8");
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

fn record(table: &mut String, args: &[&str]) {
    let (code, stdout, stderr) = run(args);
    writeln!(table, "$ maze {}\nstatus {code}", args.join(" ")).expect("writes");
    for (name, text) in [("stdout", stdout), ("stderr", stderr)] {
        if !text.is_empty() {
            writeln!(table, "--- {name}\n{text}").expect("writes");
        }
    }
    table.push_str("=====\n");
}

#[test]
fn help_and_messages_are_unchanged() {
    let mut table = String::new();
    for command in COMMANDS {
        for flag in ["-h", "--help"] {
            let mut args = command.to_vec();
            args.push(flag);
            record(&mut table, &args);
        }
    }
    for args in REFUSED {
        record(&mut table, args);
    }
    maze_testkit::golden(env!("CARGO_MANIFEST_DIR"), "help.txt", &table);
}
