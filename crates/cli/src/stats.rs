//! `maze stats`: the figures of [`maze_core::stats`] of saved mazes, as a table or JSON
//! (the batch filters `--where` and `--hardness` and the table are the library's:
//! [`maze::filter`]).

use anyhow::Result;
use maze::filter::{StatsFormat, format_stats};

use crate::args::StatsArgs;

/// `maze stats FILE|-`: the figures of every maze in a JSON file or JSON Lines batch.
pub fn run(args: StatsArgs) -> Result<()> {
    let files = crate::input::read_maze_files(&args.file, &args.limits)?;
    let format = if args.json { StatsFormat::Json } else { StatsFormat::Text };
    let several = files.len() > 1;
    let mut out = String::new();
    for (i, file) in files.iter().enumerate() {
        maze_core::cancel::check()?;
        let at = if several { format!(" (maze {})", i + 1) } else { String::new() };
        let name = || format!("{}{at}", crate::input::shown(&args.file));
        let stats = maze::AnyMaze::from_file(file, &args.limits)
            .and_then(|maze| maze.stats())
            .map_err(|e| e.context(name()))?;
        if several && format == StatsFormat::Text && i > 0 {
            out.push('\n');
        }
        let text = format_stats(&stats, file.seed, format);
        let text = if format == StatsFormat::Json { text.replace('\n', "") + "\n" } else { text };
        out.push_str(&text);
    }
    args.out.with_sink(|sink| Ok(sink.write_all(out.as_bytes())?))?;
    Ok(())
}
