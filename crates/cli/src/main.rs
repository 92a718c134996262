//! The `maze` command: a thin front end over `maze-core` and `maze-render`.
//!
//! Exit status: 0 on success (also when a reader closes the pipe early), 2 for usage errors
//! (bad options or values), 1 for anything else. Errors are one line on stderr starting
//! with `error:`.

mod args;
mod bench;
mod commands;
mod fault;
#[cfg(test)]
mod fuzz;
mod input;
mod output;
mod play;
mod serve;
mod stats;
mod stream;
mod verify;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use args::{Cli, Command};
use fault::{clap_message, core_error, error_line, request_fault};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_error(&e),
    };
    let result = match cli.command {
        Command::List { json } => commands::list(json),
        Command::Generate(a) => commands::generate(*a),
        Command::Solve(a) => commands::solve(a),
        Command::Render(a) => commands::render(a),
        Command::Verify(a) => return verify::run(a),
        Command::Stats(a) => stats::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Play(a) => play::run(a),
        Command::Show(a) => play::run(args::PlayArgs { window: true, ..a }),
        Command::Serve(a) => serve::run(a),
        Command::Completions { shell } => {
            // Written to a buffer, then through the one stdout writer, so a closed pipe
            // (`| head -1`) ends quietly as every other output does.
            let mut cmd = Cli::command();
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cmd, "maze", &mut script);
            output::with_sink(None, |sink| Ok(sink.write_all(&script)?))
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

/// Prints an error as one line and picks the exit status.
fn report(e: &anyhow::Error) -> ExitCode {
    for cause in e.chain() {
        let io = cause.downcast_ref::<io::Error>().or_else(|| cause.downcast_ref::<maze::Error>()?.io());
        if let Some(io) = io
            && io.kind() == io::ErrorKind::BrokenPipe
        {
            return ExitCode::SUCCESS;
        }
    }
    let usage = e.chain().any(|c| {
        request_fault(c)
            || matches!(
                core_error(c),
                Some(
                    maze_core::Error::Parameter(_)
                        | maze_core::Error::TooLarge { .. }
                        | maze_core::Error::OverMemory { .. }
                        | maze_core::Error::Unsupported { .. }
                )
            )
    });
    let _ = writeln!(io::stderr(), "error: {}", error_line(e));
    ExitCode::from(if usage { 2 } else { 1 })
}
