//! Reading maze files (JSON or compact, one or a batch) from a path or standard input,
//! with their size refused before they are read whole.

use std::io::Read;

use anyhow::{Context, Result};
use maze::MazeFile;
use maze_render::compact;

use crate::fault::UsageError;

/// A path as an error shows it: cut after 200 characters as other echoed input is
/// ([`maze::echo`]), so a long path cannot fill the error line.
pub(crate) fn shown(path: &str) -> String {
    maze::echo(path)
}

/// The most bytes a maze file of `max_cells` cells can sensibly take: about 100 bytes a
/// cell (passages, walls, a solution and its explored cells) and 1 MiB for the rest.
fn max_file_bytes(max_cells: u64) -> u64 {
    max_cells.saturating_mul(100).saturating_add(1 << 20)
}

/// Reads a maze file (JSON or compact) from a path or `-` (stdin), refusing one larger than
/// a maze of `max_cells` cells can be before reading it all, or one holding several mazes.
pub(crate) fn read_maze_file(path: &str, max_cells: u64) -> Result<MazeFile> {
    let mut files = read_maze_files(path, max_cells)?;
    if files.len() > 1 {
        anyhow::bail!(UsageError(format!(
            "{} holds {} mazes; this command takes one (maze stats reads a batch)",
            shown(path),
            files.len()
        )));
    }
    Ok(files.remove(0))
}

/// Reads one maze file or a batch of them (JSON Lines, or compact records one after
/// another), as [`read_maze_file`] (the size limit applies to the whole file).
pub(crate) fn read_maze_files(path: &str, max_cells: u64) -> Result<Vec<MazeFile>> {
    let bytes = read_maze_bytes(path, max_cells)?;
    compact::parse_any(&bytes).with_context(|| shown(path))
}

/// The bytes of a maze file, refused above the size a maze of `max_cells` cells can take.
fn read_maze_bytes(path: &str, max_cells: u64) -> Result<Vec<u8>> {
    let limit = max_file_bytes(max_cells);
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().take(limit + 1).read_to_end(&mut bytes).context("cannot read standard input")
    } else {
        std::fs::File::open(path)
            .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
            .with_context(|| format!("cannot read {}", shown(path)))
    };
    read?;
    if bytes.len() as u64 > limit {
        anyhow::bail!(UsageError(format!(
            "{}: more than {} of maze file, more than a maze of --max-cells {max_cells} cells takes (raise --max-cells)",
            shown(path),
            maze::human(limit)
        )));
    }
    Ok(bytes)
}
