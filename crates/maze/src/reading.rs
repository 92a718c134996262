//! Reading maze files (JSON, JSON Lines or compact records) from any source, a file, a
//! device or standard input, never reading more than the request's limits allow: what the
//! largest allowed maze's file takes (`--max-cells`) and what the file's bytes and their
//! parse hold in memory (`--max-memory`), whichever is less.

use std::io::Read;

use maze_render::compact;

use crate::error::human;
use crate::error::{Error, Result};
use crate::request::Limits;

/// The most bytes a maze file takes for one of its cells: a JSON file's passages, walls, a
/// solution and its explored cells come to about 30 to 40 bytes a cell (a compact file's to
/// well under one), so 100 leaves room for long ids and pretty printing.
const FILE_BYTES_PER_CELL: u64 = 100;

/// Room in a maze file for what does not grow with its cells (its header, ends, names).
const FILE_FIXED_BYTES: u64 = 1 << 20;

/// Memory held while a JSON maze file is read, for each of its bytes: the text itself and
/// the lists read straight from it (a passage `[0,1],` of 6 bytes takes 8, twice that
/// while its list grows; a visited cell `7,` of 2 bytes takes 4, or 8), then the maze built
/// from it. Measured (`/usr/bin/time -f %M`): 1.8 times a 40 MB file of a solved
/// 1000 x 1000 maze (`maze render -f maze`), 1.7 times a 44 MB file of 7.3 million
/// passages (`maze stats`); 6 leaves room for the worst lists.
const JSON_MEMORY_PER_BYTE: u64 = 6;

/// As [`JSON_MEMORY_PER_BYTE`] for compact records: the bytes and the passage bits copied
/// out of them.
const COMPACT_MEMORY_PER_BYTE: u64 = 2;

/// The most bytes of a maze file `limits` let be read, for a compact file (`compact`) or a
/// JSON one, and the sentence that says which limit it is and how to raise it.
pub fn file_byte_limit(limits: &Limits, compact: bool) -> (u64, String) {
    let by_cells = limits.max_cells.saturating_mul(FILE_BYTES_PER_CELL).saturating_add(FILE_FIXED_BYTES);
    let per_byte = if compact { COMPACT_MEMORY_PER_BYTE } else { JSON_MEMORY_PER_BYTE };
    let by_memory = limits.max_memory / per_byte;
    if by_memory <= by_cells {
        let what = if compact { "a compact maze file" } else { "maze JSON" };
        let why = format!(
            "reading more than {} of {what} would take more than the memory limit of {} (raise it with --max-memory)",
            human(by_memory),
            human(limits.max_memory)
        );
        (by_memory, why)
    } else {
        let why = format!(
            "more than {} of maze file is more than a maze of --max-cells {} cells takes{}",
            human(by_cells),
            limits.max_cells,
            crate::budget::raise_cells_hint(limits.max_cells)
        );
        (by_cells, why)
    }
}

/// Reads one maze file or a batch (JSON Lines, or compact records one after another) from
/// `source`, named `name` in errors, stopping as soon as it is longer than `limits` allow
/// ([`file_byte_limit`]: a device such as /dev/zero or endless standard input is refused
/// after at most that many bytes).
///
/// # Errors
/// [`Error::Request`] for a file over the limit (naming the file, the limit and the flag
/// that raises it), [`Error::Io`] when reading fails, or the parse's error, each after
/// the file's name.
pub fn read_maze_files(
    source: &mut dyn Read,
    name: &str,
    limits: &Limits,
) -> Result<Vec<maze_render::json::MazeFile>> {
    crate::budget::check_limits(limits)?;
    let mut bytes = Vec::new();
    // The first bytes tell a compact file (its magic) from JSON, and so the limit.
    let magic = compact::MAGIC.len() as u64;
    source.take(magic).read_to_end(&mut bytes).map_err(|e| Error::Io(e).context(name))?;
    let (limit, why) = file_byte_limit(limits, compact::is_compact(&bytes));
    let rest = (limit + 1).saturating_sub(bytes.len() as u64);
    source.take(rest).read_to_end(&mut bytes).map_err(|e| Error::Io(e).context(name))?;
    if bytes.len() as u64 > limit {
        return Err(Error::Request(why).context(name));
    }
    compact::parse_any(&bytes).map_err(|e| Error::Core(e).context(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An endless source: counts what was read from it.
    struct Endless(u8, u64);

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            buf.fill(self.0);
            self.1 += buf.len() as u64;
            Ok(buf.len())
        }
    }

    #[test]
    fn an_endless_source_is_refused_after_the_limit() {
        let limits = Limits { max_memory: 6 << 20, ..Limits::default() };
        for byte in [0u8, b'{'] {
            let mut source = Endless(byte, 0);
            let e = read_maze_files(&mut source, "/dev/zero", &limits).expect_err("too long").to_string();
            assert!(e.starts_with("/dev/zero: ") && e.contains("--max-memory") && e.contains("1 MiB"), "{e}");
            assert!(source.1 <= 2 << 20, "read {} bytes", source.1);
        }
        // The cells' bound when it is the smaller one, with its flag.
        let limits = Limits { max_cells: 100, ..Limits::default() };
        let e = read_maze_files(&mut Endless(b' ', 0), "-", &limits).expect_err("too long").to_string();
        assert!(e.contains("--max-cells 100 cells") && e.contains("raise it with --max-cells"), "{e}");
        // At the ceiling, no advice to raise it.
        let (_, why) = file_byte_limit(
            &Limits {
                max_cells: maze_core::limits::HARD_MAX_CELLS,
                max_memory: u64::MAX,
                ..Limits::default()
            },
            false,
        );
        assert!(!why.contains("raise"), "{why}");
    }

    #[test]
    fn files_within_the_limit_are_read() {
        let request = crate::testing::request(&["-W", "5", "-H", "4", "-f", "json", "--seed", "1"]);
        let json = crate::generate(&request).expect("a maze");
        let files = read_maze_files(&mut json.as_slice(), "m.json", &Limits::default()).expect("reads");
        assert_eq!(files[0].cells, 20);
        let compact =
            crate::generate(&crate::request::MazeRequest { format: crate::Format::Maze, ..request })
                .expect("a maze");
        let files = read_maze_files(&mut compact.as_slice(), "m.maze", &Limits::default()).expect("reads");
        assert_eq!(files[0].cells, 20);
    }
}
