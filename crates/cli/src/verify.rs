//! `maze verify FILE --moves ...`: the library's verdict ([`maze::verify`]) on a route given
//! as moves, printed as one JSON object; the exit status says whether it is accepted.

use std::io::Write as _;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use maze::verify::{Verdict, Verifier};
use maze_core::Xoshiro;

use crate::args::VerifyArgs;

fn verdict(args: &VerifyArgs) -> Result<Verdict> {
    let files = crate::input::read_maze_files(&args.file, &args.limits)?;
    let [file] = files.as_slice() else {
        return Err(anyhow!(
            "{}: holds {} mazes; maze verify checks one maze (a JSON file of one maze)",
            crate::input::shown(&args.file),
            files.len()
        ));
    };
    let saved = maze::AnyMaze::from_file(file, &args.limits)
        .map_err(|e| e.context(crate::input::shown(&args.file)))?;
    let maze = saved.maze();
    let mut rng = Xoshiro::seed_from_u64(file.seed.unwrap_or(0));
    let start = match args.start {
        Some(spec) => Some(maze::ends::resolve(maze, spec, maze.exit(), &mut rng)?),
        None => None,
    };
    let goal = match args.goal {
        Some(spec) => Some(maze::ends::resolve(maze, spec, start.unwrap_or(maze.entrance()), &mut rng)?),
        None => None,
    };
    Ok(Verifier::new().verify(maze, &args.moves, start, goal)?)
}

/// Runs `maze verify`: prints the verdict and exits 0 when it is accepted (a valid route that
/// reaches the goal, or no moves when the goal cannot be reached), 1 when not, 2 for bad
/// input (a file that is not a maze, a malformed move string, a cell out of range).
pub fn run(args: VerifyArgs) -> ExitCode {
    match verdict(&args) {
        Ok(v) => {
            let line = v.to_json() + "\n";
            let written = args.out.with_sink(|sink| Ok(sink.write_all(line.as_bytes())?));
            match written {
                Ok(()) if v.accepted() => ExitCode::SUCCESS,
                Ok(()) => ExitCode::from(1),
                Err(e) => {
                    let _ = writeln!(std::io::stderr(), "error: {}", crate::fault::error_line(&e));
                    ExitCode::from(2)
                }
            }
        }
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: {}", crate::fault::error_line(&e));
            ExitCode::from(2)
        }
    }
}
