//! Reading maze files (JSON or compact, one or a batch) from a path or standard input, by
//! the library's reader ([`maze::read_maze_files`]: never more bytes than the limits allow).

use anyhow::Result;
use maze::MazeFile;

use crate::fault::UsageError;

/// A path as an error shows it: cut after 200 characters as other echoed input is
/// ([`maze::echo`]), so a long path cannot fill the error line.
pub(crate) fn shown(path: &str) -> String {
    maze::echo(path)
}

/// Reads a maze file (JSON or compact) from a path or `-` (stdin), refusing one larger than
/// `limits` allow before reading it all, or one holding several mazes.
pub(crate) fn read_maze_file(path: &str, limits: &maze::Limits) -> Result<MazeFile> {
    let mut files = read_maze_files(path, limits)?;
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
pub(crate) fn read_maze_files(path: &str, limits: &maze::Limits) -> Result<Vec<MazeFile>> {
    let name = shown(path);
    if path == "-" {
        return Ok(maze::read_maze_files(&mut std::io::stdin().lock(), "standard input", limits)?);
    }
    let mut file = std::fs::File::open(path)
        .map_err(|e| anyhow::Error::new(e).context(format!("cannot read {name}")))?;
    Ok(maze::read_maze_files(&mut file, &name, limits)?)
}
