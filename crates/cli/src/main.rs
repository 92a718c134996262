//! The `maze` command: a thin front end over `maze-core` and `maze-render`.
//!
//! Exit status: 0 on success (also when a reader closes the pipe early), 2 for usage errors
//! (bad options or values), 1 for anything else. Errors are one line on stderr starting
//! with `error:`.

mod args;
mod bench;
mod budget;
mod commands;
#[cfg(test)]
mod fuzz;
mod masks;
mod output;
mod play;
mod serve;
mod stats;
mod stream;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use args::{Cli, Command};

/// An error in how the program was called: exit status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_error(&e),
    };
    let result = match cli.command {
        Command::List { json } => commands::list(json),
        Command::Generate(a) => commands::generate(a),
        Command::Solve(a) => commands::solve(a),
        Command::Render(a) => commands::render(a),
        Command::Stats(a) => stats::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Play(a) => play::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Completions { shell } => {
            let mut cmd = Cli::command();
            clap_complete::generate(shell, &mut cmd, "maze", &mut io::stdout());
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => report(&e),
    }
}

/// Prints clap's help and version as they are; squeezes its errors onto one line.
fn clap_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        _ => {
            let _ = writeln!(io::stderr(), "error: {} (see maze --help)", clap_message(e));
            ExitCode::from(2)
        }
    }
}

/// A clap error as one line, without its "error: " prefix and usage hints.
pub fn clap_message(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut parts: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("For more information") && !l.starts_with("Usage:"))
        .collect();
    if let Some(first) = parts.first_mut() {
        *first = first.strip_prefix("error: ").unwrap_or(first);
    }
    parts.join("; ")
}

/// An error as the one line the CLI prints (without "error: "): its causes joined by ": ",
/// a hint for the cell limit, and no control characters (input echoed in a message, such
/// as a shape name with a newline, is escaped).
pub fn error_line(e: &anyhow::Error) -> String {
    let mut message: Vec<String> = e.chain().map(|c| c.to_string()).collect();
    if e.chain()
        .any(|c| matches!(c.downcast_ref::<maze_core::Error>(), Some(maze_core::Error::TooLarge { .. })))
    {
        message.push("raise the limit with --max-cells".into());
    }
    single_line(&message.join(": "))
}

/// Escapes control characters (`\n`, `\r`, `\t`, `\u{..}`), so text from a user or a
/// file cannot break a message, a log line or a header into several.
pub fn single_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// Prints an error as one line and picks the exit status.
fn report(e: &anyhow::Error) -> ExitCode {
    for cause in e.chain() {
        if let Some(io) = cause.downcast_ref::<io::Error>()
            && io.kind() == io::ErrorKind::BrokenPipe
        {
            return ExitCode::SUCCESS;
        }
    }
    let usage = e.chain().any(|c| {
        c.downcast_ref::<UsageError>().is_some()
            || matches!(
                c.downcast_ref::<maze_core::Error>(),
                Some(
                    maze_core::Error::Parameter(_)
                        | maze_core::Error::TooLarge { .. }
                        | maze_core::Error::Unsupported { .. }
                )
            )
    });
    let _ = writeln!(io::stderr(), "error: {}", error_line(e));
    ExitCode::from(if usage { 2 } else { 1 })
}
