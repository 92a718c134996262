//! The compact maze file (`--format maze`): a small binary record per maze, about one bit
//! per pair of adjacent cells (2 bits a cell on squares), read back by `maze solve`,
//! `maze render` and `maze stats` like the JSON file. The layout is documented in
//! `docs/FORMAT.md` ("The compact file"); records are self-delimiting, so a batch
//! (`--count N`) is records one after another.
//!
//! ```
//! use maze_core::{Algorithm, Maze, Square, Xoshiro};
//! use maze_render::compact;
//! use maze_render::json::Provenance;
//!
//! let mut maze = Maze::new(Square::new(5, 4));
//! Algorithm::Wilson.generate(&mut maze, &Default::default(), &mut Xoshiro::seed_from_u64(3), &mut ()).unwrap();
//! maze.open_entrance_and_exit();
//! let bytes = compact::to_bytes(&maze, &Provenance::default(), None);
//! let files = compact::parse_many(&bytes).unwrap();
//! let (back, _) = files[0].to_maze(Square::new(5, 4)).unwrap();
//! assert_eq!(back.passages(), maze.passages());
//! ```

use maze_core::{CellId, Error, Maze, Shape, Solution, WallId};

use crate::json::{self, MazeFile, Provenance, SolutionJson};

/// The first four bytes of every record.
pub const MAGIC: [u8; 4] = *b"MAZB";
/// The record version this crate writes (and the highest it reads).
pub const VERSION: u16 = 1;
/// Flag bit: a solution (path and explored cells) follows the passage bits.
const HAS_SOLUTION: u16 = 1;
/// The largest header this reader accepts (mask runs make it grow with the mask's detail).
const MAX_HEADER: u32 = 1 << 30;

/// A maze's passages as one bit per door in [`door_order`]: set for an open passage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoorBits {
    /// Number of bits (doors in the order).
    pub count: u64,
    /// The bits, least significant first in each byte; `count.div_ceil(8)` bytes.
    pub bytes: Vec<u8>,
}

/// Calls `each(a, door, wall)` for every pair of adjacent cells once, in the compact
/// file's order: cells `a` in id order, then `a`'s doors in door-number order, keeping the
/// doors whose neighbour has a larger id than `a` (the order of
/// [`Maze::adjacent_pairs`]); `wall` is the wall between them.
#[inline]
pub fn door_order<S: Shape>(shape: &S, mut each: impl FnMut(CellId, S::Door, WallId)) {
    for a in 0..shape.cell_count() {
        let a = CellId(a);
        let adj = shape.adjacent(a);
        for d in adj.doors().iter() {
            if adj.cell(d) > a {
                each(a, d, adj.wall(d));
            }
        }
    }
}

impl DoorBits {
    /// The passages of `maze`.
    pub fn of<S: Shape>(maze: &Maze<S>) -> Self {
        let mut bytes = Vec::with_capacity(maze.cell_count() as usize / 3);
        let (mut acc, mut k, mut count) = (0u8, 0u32, 0u64);
        let open = maze.passages();
        door_order(maze.shape(), |_, _, wall| {
            acc |= u8::from(open.is_open(wall)) << k;
            k += 1;
            count += 1;
            if k == 8 {
                bytes.push(acc);
                (acc, k) = (0, 0);
            }
        });
        if k > 0 {
            bytes.push(acc);
        }
        DoorBits { count, bytes }
    }

    /// Opens the passages these bits name in `maze` (whose walls should all be closed).
    ///
    /// # Errors
    /// [`Error::Parse`] when the bit count is not the number of adjacent pairs of the
    /// maze's shape.
    pub fn open_into<S: Shape>(&self, maze: &mut Maze<S>) -> Result<(), Error> {
        let wrong = |seen: u64| {
            Error::Parse(format!(
                "the file has {} passage bits, but this shape has {seen} pairs of adjacent cells",
                self.count
            ))
        };
        if self.bytes.len() as u64 != self.count.div_ceil(8) {
            return Err(Error::Parse(format!(
                "{} passage bits need {} bytes, not {}",
                self.count,
                self.count.div_ceil(8),
                self.bytes.len()
            )));
        }
        let mut i = 0u64;
        let shape = maze.shape().clone(); // shapes share their tables: a cheap copy
        let open = maze.passages_mut();
        door_order(&shape, |_, _, wall| {
            let byte = self.bytes.get((i >> 3) as usize).copied().unwrap_or(0);
            open.open_if(wall, byte >> (i & 7) & 1 != 0);
            i += 1;
        });
        // On a mismatch the maze is half made, but the caller gets only the error.
        if i != self.count {
            return Err(wrong(i));
        }
        Ok(())
    }
}

/// Writes one maze (and optionally its solution, as `(solver name, solution)`) as a
/// compact record.
pub fn to_bytes<S: Shape>(
    maze: &Maze<S>,
    provenance: &Provenance,
    solution: Option<(&str, &Solution)>,
) -> Vec<u8> {
    let mut fields = json::header_fields(maze, provenance);
    if let Some((name, _)) = solution {
        fields.push(("solver", serde_json::to_string(name).unwrap_or_else(|_| "\"\"".into())));
    }
    let header = json::object(&fields, true);
    let bits = DoorBits::of(maze);
    let ids = solution.map_or(0, |(_, s)| s.path.len() + s.visited.len() + 2);
    let mut out = Vec::with_capacity(20 + header.len() + bits.bytes.len() + 4 * ids);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(if solution.is_some() { HAS_SOLUTION } else { 0 }).to_le_bytes());
    out.extend_from_slice(&(header.len() as u32).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(&bits.count.to_le_bytes());
    out.extend_from_slice(&bits.bytes);
    if let Some((_, s)) = solution {
        for list in [&s.path, &s.visited] {
            out.extend_from_slice(&(list.len() as u32).to_le_bytes());
            for c in list.iter() {
                out.extend_from_slice(&c.0.to_le_bytes());
            }
        }
    }
    out
}

/// Whether `bytes` start like a compact maze file.
pub fn is_compact(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
}

/// A reader over a record's bytes that names what is missing when they run out.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: u64, what: &str) -> Result<&'a [u8], Error> {
        let left = (self.bytes.len() - self.at) as u64;
        if n > left {
            return Err(Error::Parse(format!(
                "the file ends inside {what} (at byte {}: {n} bytes needed, {left} left)",
                self.at
            )));
        }
        let part = &self.bytes[self.at..self.at + n as usize];
        self.at += n as usize;
        Ok(part)
    }
    fn u16(&mut self, what: &str) -> Result<u16, Error> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self, what: &str) -> Result<u32, Error> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self, what: &str) -> Result<u64, Error> {
        let b = self.take(8, what)?;
        Ok(u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]))
    }
    fn ids(&mut self, what: &str) -> Result<Vec<u32>, Error> {
        let n = self.u32(what)?;
        let raw = self.take(u64::from(n) * 4, what)?;
        Ok(raw.chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect())
    }
}

/// Reads one record at the reader's position.
fn record(r: &mut Reader<'_>) -> Result<MazeFile, Error> {
    let magic = r.take(4, "the record's magic")?;
    if magic != MAGIC {
        return Err(Error::Parse(format!("byte {}: not a compact maze record (no \"MAZB\")", r.at - 4)));
    }
    let version = r.u16("the version")?;
    if version == 0 || version > VERSION {
        return Err(Error::Parse(format!(
            "compact format version {version} is not one this program reads (1 to {VERSION})"
        )));
    }
    let flags = r.u16("the flags")?;
    if flags & !HAS_SOLUTION != 0 {
        return Err(Error::Parse(format!("unknown flags {flags:#06x} in a version {version} record")));
    }
    let header_len = r.u32("the header length")?;
    if header_len > MAX_HEADER {
        return Err(Error::Parse(format!("a header of {header_len} bytes is too long")));
    }
    let header = r.take(u64::from(header_len), "the header")?;
    let mut value: serde_json::Value = serde_json::from_slice(header)
        .map_err(|e| Error::Parse(format!("the record's header is not JSON: {e}")))?;
    let object = value
        .as_object_mut()
        .ok_or_else(|| Error::Parse("the record's header is not a JSON object".into()))?;
    for key in ["passages", "walls", "solution"] {
        if object.contains_key(key) {
            return Err(Error::Parse(format!("a compact header may not hold \"{key}\"")));
        }
    }
    let solver = object.remove("solver");
    object.insert("passages".into(), serde_json::Value::Array(Vec::new()));
    let mut file = MazeFile::from_value(value).map_err(|e| match e {
        Error::Parse(m) => Error::Parse(format!("the record's header: {m}")),
        other => other,
    })?;
    let count = r.u64("the passage bit count")?;
    let bytes = r.take(count.div_ceil(8), "the passage bits")?.to_vec();
    file.passage_bits = Some(DoorBits { count, bytes });
    if flags & HAS_SOLUTION != 0 {
        let algorithm = match solver {
            Some(serde_json::Value::String(s)) => s,
            _ => return Err(Error::Parse("a record with a solution needs a \"solver\" name".into())),
        };
        let path = r.ids("the solution path")?;
        let visited = r.ids("the explored cells")?;
        file.solution = Some(SolutionJson { algorithm, path, moves: Vec::new(), visited });
    }
    Ok(file)
}

/// Reads every record of a compact file (one maze, or a batch one after another).
///
/// # Errors
/// [`Error::Parse`] naming the record (when there are several) and what is wrong: a
/// wrong magic or version, a header that is not a maze file's, or a file that ends early.
/// The passages are checked against the shape by [`MazeFile::to_maze`].
pub fn parse_many(bytes: &[u8]) -> Result<Vec<MazeFile>, Error> {
    let mut r = Reader { bytes, at: 0 };
    let mut files = Vec::new();
    while r.at < bytes.len() {
        let file = record(&mut r).map_err(|e| json::in_batch(files.len(), e))?;
        files.push(file);
    }
    if files.is_empty() {
        return Err(Error::Parse("not a maze file: no record in it (it is empty)".into()));
    }
    Ok(files)
}

/// Reads a maze file in either format: compact records (by their magic) or JSON (one
/// document or JSON Lines).
///
/// # Errors
/// As [`parse_many`] or [`MazeFile::parse_many`]; text that is not UTF-8 is refused.
pub fn parse_any(bytes: &[u8]) -> Result<Vec<MazeFile>, Error> {
    if is_compact(bytes) {
        return parse_many(bytes);
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|_| Error::Parse("neither a compact maze file nor UTF-8 JSON text".into()))?;
    MazeFile::parse_many(text)
}

/// The bit for door `d` of cell `a` is its position in [`door_order`]; kept for tests.
#[cfg(test)]
fn position<S: Shape>(shape: &S, cell: CellId, door: S::Door) -> Option<u64> {
    let mut i = 0;
    let mut found = None;
    door_order(shape, |a, d, _| {
        if a == cell && maze_core::Door::index(d) == maze_core::Door::index(door) {
            found = Some(i);
        }
        i += 1;
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use maze_core::{Algorithm, Square, Xoshiro};

    fn maze(w: u32, h: u32, seed: u64) -> Maze<Square> {
        let mut m = Maze::new(Square::new(w, h));
        Algorithm::RecursiveBacktracker
            .generate(&mut m, &Default::default(), &mut Xoshiro::seed_from_u64(seed), &mut ())
            .unwrap();
        m.open_entrance_and_exit();
        m
    }

    #[test]
    fn a_square_takes_about_two_bits_a_cell() {
        let m = maze(40, 30, 1);
        let bits = DoorBits::of(&m);
        assert_eq!(bits.count, 39 * 30 + 40 * 29);
        assert_eq!(bits.bytes.len() as u64, bits.count.div_ceil(8));
        // Cell 0's east door is the first bit, its south door the second.
        let s = m.shape();
        assert_eq!(position(s, CellId(0), maze_core::SquareDoor::East), Some(0));
        assert_eq!(position(s, CellId(0), maze_core::SquareDoor::South), Some(1));
        assert_eq!(bits.bytes[0] & 1, u8::from(m.is_open(CellId(0), maze_core::SquareDoor::East)));
    }

    #[test]
    fn a_record_with_a_solution_and_explored_cells_round_trips() {
        let m = maze(6, 5, 3);
        let sol = maze_core::Solver::AStar.solve(&m, m.entrance(), m.exit(), &mut ()).unwrap();
        assert!(sol.visited.len() > sol.path.len(), "the two lists differ");
        let ids = |v: &[CellId]| v.iter().map(|c| c.0).collect::<Vec<u32>>();
        let bytes = to_bytes(&m, &Provenance::default(), Some(("a-star", &sol)));
        assert_eq!(u16::from_le_bytes([bytes[6], bytes[7]]), HAS_SOLUTION);
        // Another record after it: the first one's lists must end exactly where they say.
        let mut batch = bytes.clone();
        batch.extend_from_slice(&to_bytes(&maze(4, 3, 1), &Provenance::default(), None));
        let files = parse_many(&batch).unwrap();
        assert_eq!(files.len(), 2);
        let read = files[0].solution.as_ref().expect("the solution is read back");
        assert_eq!(read.algorithm, "a-star");
        assert_eq!(read.path, ids(&sol.path));
        assert_eq!(read.visited, ids(&sol.visited));
        let (back, _) = files[0].to_maze(Square::new(6, 5)).unwrap();
        assert_eq!(back.passages(), m.passages());
        assert!(files[1].solution.is_none());
        assert_eq!(files[1].cells, 12);
        // Without a solution, no flag and no lists.
        let plain = to_bytes(&m, &Provenance::default(), None);
        assert_eq!(u16::from_le_bytes([plain[6], plain[7]]), 0);
        assert!(parse_many(&plain).unwrap()[0].solution.is_none());
    }

    #[test]
    fn either_format_is_read_by_its_first_bytes() {
        // 4 x 4 squares: 24 pairs of neighbours, three whole bytes of bits and no spare one.
        let m = maze(4, 4, 2);
        assert_eq!(DoorBits::of(&m).bytes.len(), 3);
        let compact = to_bytes(&m, &Provenance::default(), None);
        let text = json::to_json(&m, &Provenance::default(), None, false);
        assert!(is_compact(&compact) && !is_compact(text.as_bytes()));
        for bytes in [&compact[..], text.as_bytes()] {
            let files = parse_any(bytes).unwrap();
            let (back, _) = files[0].to_maze(Square::new(4, 4)).unwrap();
            assert_eq!(back.passages(), m.passages());
        }
        assert!(parse_any(b"\xff\xfe not a maze").is_err());
    }

    #[test]
    fn a_header_length_over_the_limit_is_refused_before_reading() {
        let good = to_bytes(&maze(4, 3, 1), &Provenance::default(), None);
        let with_length = |n: u32| {
            let mut bad = good.clone();
            bad[8..12].copy_from_slice(&n.to_le_bytes());
            parse_many(&bad).unwrap_err().to_string()
        };
        for n in [MAX_HEADER + 1, u32::MAX] {
            assert!(with_length(n).contains("too long"), "{n}: {}", with_length(n));
        }
        // The limit itself is allowed: this file then just ends inside its header.
        assert!(with_length(MAX_HEADER).contains("ends inside the header"), "{}", with_length(MAX_HEADER));
    }

    #[test]
    fn unknown_flag_bits_are_refused() {
        let good = to_bytes(&maze(4, 3, 1), &Provenance::default(), None);
        for bit in 1..16 {
            let mut bad = good.clone();
            bad[6..8].copy_from_slice(&(1u16 << bit).to_le_bytes());
            let e = parse_many(&bad).unwrap_err().to_string();
            assert!(e.contains("unknown flags"), "bit {bit}: {e}");
        }
        // The solution bit with an unknown one beside it is refused too.
        let mut bad = good.clone();
        bad[6..8].copy_from_slice(&(HAS_SOLUTION | 0x80).to_le_bytes());
        assert!(parse_many(&bad).unwrap_err().to_string().contains("unknown flags 0x0081"));
    }

    #[test]
    fn damaged_records_are_refused_with_a_reason() {
        let m = maze(6, 5, 2);
        let good = to_bytes(&m, &Provenance::default(), None);
        for cut in [3, 10, good.len() - 1] {
            let e = parse_many(&good[..cut]).unwrap_err().to_string();
            assert!(e.contains("ends inside") || e.contains("magic"), "cut at {cut}: {e}");
        }
        let mut newer = good.clone();
        newer[4] = 9;
        assert!(parse_many(&newer).unwrap_err().to_string().contains("version 9"));
        let mut wrong = good.clone();
        wrong.extend_from_slice(b"junk");
        assert!(parse_many(&wrong).unwrap_err().to_string().contains("maze 2"));
        // A bit count that does not fit the shape is caught when the maze is built.
        let files = parse_many(&to_bytes(&maze(7, 5, 2), &Provenance::default(), None)).unwrap();
        let mut file = files.into_iter().next().unwrap();
        file.shape.width = 6;
        file.cells = 30;
        assert!(file.to_maze(Square::new(6, 5)).unwrap_err().to_string().contains("passage bits"));
    }
}
