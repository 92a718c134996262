//! Routes as moves: the one spelling of a route as the doors it goes through, shared by
//! solution files, the verifier, task answers and every front end.
//!
//! On square cells (plain, wrapped, woven, masked) a move is a letter: `U` (toward row 0),
//! `D`, `L`, `R`; square cells stacked in levels add `+` (the stair to the level above) and
//! `-` (the stair below). Every other shape moves by its own door names
//! ([`Shape::door_name`]: `north-east`, `inward`, `up`...).
//!
//! A move string is read leniently: moves may be separated by spaces, commas or
//! semicolons, and brackets and quotes are ignored, so `RRDD`, `R R D D`, `R,R,D,D` and
//! `["R","R","D","D"]` are the same route; letters may also run together (`RRDD`). Case does
//! not matter. A move list is written one way: letters run together (`RRDD`), names
//! separated by commas (`north-east,east`).
//!
//! ```
//! use maze_core::{Square, Hex, moves::MoveNames};
//!
//! let square = MoveNames::of(&Square::new(3, 3));
//! assert_eq!(square.parse("R, R D;D").unwrap(), square.parse("RRDD").unwrap());
//! assert_eq!(square.format(&square.parse("rrdd").unwrap()), "RRDD");
//! let err = square.parse("RRXD").unwrap_err();
//! assert_eq!((err.index, err.token.as_str()), (2, "X"));
//!
//! let hex = MoveNames::of(&Hex::new(3, 3));
//! assert_eq!(hex.format(&hex.parse("east east, south-west").unwrap()), "east,east,south-west");
//! ```

use std::fmt;

use crate::maze::Maze;
use crate::shape::{CellId, Door, Shape};

/// The letters of square cells' doors, in door order (north, east, south, west), then the
/// stairs of levels (up, down).
const SQUARE_LETTERS: [&str; 6] = ["U", "R", "D", "L", "+", "-"];

/// The door names of square cells, in door order (what [`MoveNames::of`] recognises).
const SQUARE_NAMES: [&str; 4] = ["north", "east", "south", "west"];

/// A move string that is not a route on this maze's shape: the first bad token and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// The index (from 0) of the bad move among the moves.
    pub index: usize,
    /// The bad token as written.
    pub token: String,
    /// The moves this shape has, for the message (`U, D, L, R`).
    pub expected: String,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad move '{}' at index {} (this maze's moves are {})",
            self.token, self.index, self.expected
        )
    }
}

impl std::error::Error for MoveError {}

impl From<MoveError> for crate::Error {
    fn from(e: MoveError) -> Self {
        crate::Error::Parameter(e.to_string())
    }
}

/// The moves of one shape: each door's move name, and the reading and writing of move
/// strings. Cheap to make (no allocation) and to copy around.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNames {
    names: [&'static str; 16],
    count: u8,
    /// Square cells: one character a move.
    letters: bool,
    /// For letters: `table[c]` is the door of the ASCII upper-cased character `c`, plus 1.
    table: [u8; 128],
}

impl MoveNames {
    /// The moves of `shape`'s cells: letters for square cells (with stairs, if levels),
    /// the shape's door names otherwise.
    pub fn of<S: Shape>(shape: &S) -> Self {
        let count = shape.door_count().min(16);
        let mut names = [""; 16];
        for (i, name) in names.iter_mut().enumerate().take(usize::from(count)) {
            *name = shape.door_name(S::Door::from_index(i as u8));
        }
        let square = names[..4] == SQUARE_NAMES
            && (count == 4 || (count == 6 && names[4] == "up" && names[5] == "down"));
        let mut table = [0u8; 128];
        if square {
            for (i, name) in names.iter_mut().enumerate().take(usize::from(count)) {
                *name = SQUARE_LETTERS[i];
                let c = name.as_bytes()[0];
                table[usize::from(c)] = i as u8 + 1;
                table[usize::from(c.to_ascii_lowercase())] = i as u8 + 1;
            }
        }
        MoveNames { names, count, letters: square, table }
    }

    /// The move through door `door` (by index).
    ///
    /// # Panics
    /// If `door` is not one of the shape's doors.
    #[inline]
    pub fn name(&self, door: u8) -> &'static str {
        assert!(door < self.count, "door {door} out of range");
        self.names[usize::from(door)]
    }

    /// Every move name, in door order.
    pub fn names(&self) -> &[&'static str] {
        &self.names[..usize::from(self.count)]
    }

    /// Whether a move is one character (square cells), so moves run together when written.
    pub fn letters(&self) -> bool {
        self.letters
    }

    /// The names listed for messages and `maze list`: `U, D, L, R` (in reading order for
    /// letters), else the door names in door order.
    pub fn listed(&self) -> String {
        if self.letters {
            let mut out = String::from("U, D, L, R");
            if self.count == 6 {
                out.push_str(", + (stair up), - (stair down)");
            }
            out
        } else {
            self.names().join(", ")
        }
    }

    /// The door a move token names (any case), if any.
    #[inline]
    pub fn door(&self, token: &str) -> Option<u8> {
        if self.letters {
            match token.as_bytes() {
                &[c] if c < 128 => self.table[usize::from(c)].checked_sub(1),
                _ => None,
            }
        } else {
            self.names().iter().position(|n| n.eq_ignore_ascii_case(token)).map(|i| i as u8)
        }
    }

    /// Calls `step` with each move's door in order, without allocating, and returns how
    /// many moves there were; `step` returning `false` stops the reading early (the count
    /// is then of the moves read).
    ///
    /// # Errors
    /// The first token that is not a move of this shape (before `step` stopped).
    pub fn each(&self, text: &str, mut step: impl FnMut(usize, u8) -> bool) -> Result<usize, MoveError> {
        let bytes = text.as_bytes();
        let mut index = 0usize;
        let mut i = 0usize;
        while i < bytes.len() {
            let c = bytes[i];
            if is_separator(c) {
                i += 1;
                continue;
            }
            if self.letters && c < 128 {
                let door = self.table[usize::from(c)];
                if door == 0 {
                    return Err(self.error(index, &text[i..i + 1]));
                }
                if !step(index, door - 1) {
                    return Ok(index + 1);
                }
                index += 1;
                i += 1;
                continue;
            }
            let end = bytes[i..].iter().position(|&b| is_separator(b)).map_or(bytes.len(), |k| i + k);
            let token = &text[i..end];
            if self.letters {
                // A non-ASCII character: report it alone.
                let ch = token.chars().next().map_or(0, char::len_utf8);
                return Err(self.error(index, &token[..ch]));
            }
            let Some(door) = self.door(token) else { return Err(self.error(index, token)) };
            if !step(index, door) {
                return Ok(index + 1);
            }
            index += 1;
            i = end;
        }
        Ok(index)
    }

    /// The doors of a move string, in order.
    ///
    /// # Errors
    /// The first token that is not a move of this shape, with its index.
    pub fn parse(&self, text: &str) -> Result<Vec<u8>, MoveError> {
        let mut doors = Vec::new();
        self.each(text, |_, d| {
            doors.push(d);
            true
        })?;
        Ok(doors)
    }

    /// The move string of `doors` (by index): letters run together, names separated by
    /// commas.
    pub fn format(&self, doors: &[u8]) -> String {
        let sep = if self.letters { "" } else { "," };
        let mut out = String::with_capacity(doors.len() * if self.letters { 1 } else { 8 });
        for (i, &d) in doors.iter().enumerate() {
            if i > 0 {
                out.push_str(sep);
            }
            out.push_str(self.name(d));
        }
        out
    }

    fn error(&self, index: usize, token: &str) -> MoveError {
        MoveError { index, token: token.to_string(), expected: self.listed() }
    }
}

impl crate::shape::ShapeSpec {
    /// The moves of this shape's cells ([`MoveNames::of`] the shape it builds).
    pub fn move_names(&self) -> MoveNames {
        MoveNames::of(&self.erased())
    }
}

/// Whether `c` separates moves: white space, commas, semicolons, brackets and quotes.
#[inline]
fn is_separator(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b',' | b';' | b'[' | b']' | b'"' | b'\'')
}

/// The doors (by index) a route of cells goes through, step by step: for each step, the
/// first open door of the cell that leads to the next; `None` for a step with no open door
/// between its cells.
pub fn route_doors<S: Shape>(maze: &Maze<S>, path: &[CellId]) -> Vec<Option<u8>> {
    let shape = maze.shape();
    path.windows(2)
        .map(|w| {
            shape
                .doors(w[0])
                .iter()
                .find(|&d| shape.neighbour(w[0], d) == Some(w[1]) && maze.is_open(w[0], d))
                .map(Door::index)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Hex, Levels, Polar, Sigma, Square, Triangle, Upsilon, WrapSquare};

    #[test]
    fn square_cells_move_by_letters_in_any_layout() {
        let m = MoveNames::of(&Square::new(4, 4));
        assert!(m.letters());
        assert_eq!(m.names(), ["U", "R", "D", "L"]);
        let want = vec![1, 1, 2, 2];
        for text in ["RRDD", "R R D D", "R,R,D,D", r#"["R","R","D","D"]"#, "rrdd", " R;R\nD\tD "] {
            assert_eq!(m.parse(text).unwrap(), want, "{text}");
        }
        assert_eq!(m.format(&want), "RRDD");
        assert_eq!(m.parse("").unwrap(), Vec::<u8>::new());
        assert_eq!(MoveNames::of(&WrapSquare::new(3, 3, "xy".parse().unwrap())), m);
        let levels = MoveNames::of(&Levels::new(Square::new(3, 3), 2));
        assert_eq!(levels.names(), ["U", "R", "D", "L", "+", "-"]);
        assert_eq!(levels.parse("R+D-").unwrap(), vec![1, 4, 2, 5]);
        assert!(m.parse("R+").is_err(), "no stairs on a flat maze");
    }

    #[test]
    fn other_shapes_move_by_their_door_names() {
        let hex = MoveNames::of(&Hex::new(3, 3));
        assert!(!hex.letters());
        assert_eq!(hex.parse("north-east East,SOUTH-WEST").unwrap(), vec![0, 1, 3]);
        assert_eq!(hex.format(&[0, 1, 3]), "north-east,east,south-west");
        let hex_levels = MoveNames::of(&Levels::new(Hex::new(3, 3), 2));
        assert_eq!(hex_levels.parse("up, west").unwrap(), vec![6, 4]);
        for shape_names in [
            MoveNames::of(&Triangle::new(3, 3)),
            MoveNames::of(&Polar::new(6, 3)),
            MoveNames::of(&Upsilon::new(3, 3)),
            MoveNames::of(&Sigma::new(3, 3)),
        ] {
            assert!(!shape_names.letters());
            let all: Vec<u8> = (0..shape_names.names().len() as u8).collect();
            assert_eq!(shape_names.parse(&shape_names.format(&all)).unwrap(), all);
        }
    }

    #[test]
    fn a_bad_token_is_named_with_its_index() {
        let m = MoveNames::of(&Square::new(4, 4));
        let e = m.parse("R, R, X, D").unwrap_err();
        assert_eq!((e.index, e.token.as_str()), (2, "X"));
        assert_eq!(e.to_string(), "bad move 'X' at index 2 (this maze's moves are U, D, L, R)");
        let e = m.parse("RRé").unwrap_err();
        assert_eq!((e.index, e.token.as_str()), (2, "é"));
        // Another shape's moves.
        let e = m.parse("north-east").unwrap_err();
        assert_eq!((e.index, e.token.as_str()), (0, "n"));
        let hex = MoveNames::of(&Hex::new(3, 3));
        let e = hex.parse("east RRDD").unwrap_err();
        assert_eq!((e.index, e.token.as_str()), (1, "RRDD"));
        assert!(!e.to_string().contains('\n'));
    }
}
