//! The verifier: is an answer (a route as moves, [`maze_core::moves`]) a route through the
//! maze from the start to the goal, and a shortest one? What `maze verify`, the Python
//! module's `verify` and its batch form share.
//!
//! A move is legal when its door is one of the cell's and opens onto another cell (no move
//! leaves the maze, the entrance's and exit's openings included, and none goes through a
//! wall). When the goal cannot be reached at all, the one right answer is no moves.

use maze_core::moves::MoveNames;
use maze_core::routes::ShortestRoutes;
use maze_core::{CellId, Door, Maze, Shape};
use serde::Serialize;

use crate::{Error, Result};

/// The verdict on one answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Every move went through an open passage to another cell.
    pub valid: bool,
    /// The moves are valid and end on the goal.
    pub reaches_goal: bool,
    /// The answer is right and as short as can be: valid, reaching the goal in the shortest
    /// length; or, when the goal cannot be reached, no moves at all.
    pub optimal: bool,
    /// Moves beyond the shortest route's, for a valid answer that reaches the goal; for an
    /// unreachable goal, the moves given (the right answer has none); else `None`.
    pub excess_steps: Option<u64>,
    /// The index (from 0) of the first illegal move, if any.
    pub first_error: Option<usize>,
    /// What the verdict means, in plain words.
    pub reason: String,
    /// The number of moves given.
    pub moves: usize,
    /// Whether the goal can be reached from the start at all.
    pub reachable: bool,
    /// The length of a shortest route (`None` when the goal cannot be reached).
    pub shortest_length: Option<u32>,
}

impl Verdict {
    /// Whether the answer is accepted: a valid route that reaches the goal, or no moves
    /// when the goal cannot be reached (what `maze verify`'s exit status says).
    pub fn accepted(&self) -> bool {
        self.valid && (self.reaches_goal || (!self.reachable && self.moves == 0))
    }

    /// The verdict as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Verifies answers, keeping its search tables between calls (a loop over many mazes
/// allocates once).
#[derive(Clone, Debug, Default)]
pub struct Verifier {
    routes: ShortestRoutes,
}

impl Verifier {
    /// A verifier.
    pub fn new() -> Self {
        Self::default()
    }

    /// The verdict on `moves` (a move string: [`maze_core::moves`]) from `start` to
    /// `goal` (default: the maze's entrance and exit).
    ///
    /// # Errors
    /// A malformed move string or one of another shape's moves (naming the token and its
    /// index), or a cell out of range.
    pub fn verify<S: Shape>(
        &mut self,
        maze: &Maze<S>,
        moves: &str,
        start: Option<CellId>,
        goal: Option<CellId>,
    ) -> Result<Verdict> {
        let names = MoveNames::of(maze.shape());
        let n = maze.cell_count();
        let start = start.unwrap_or_else(|| maze.entrance());
        let goal = goal.unwrap_or_else(|| maze.exit());
        for (what, c) in [("start", start), ("goal", goal)] {
            if c.0 >= n {
                return Err(Error::Request(format!(
                    "the {what} cell {} is out of range (the maze has {n} cells, ids 0 to {})",
                    c.0,
                    n - 1
                )));
            }
        }
        let shape = maze.shape();
        let mut at = start;
        let mut first_error: Option<(usize, &'static str)> = None;
        let count = names
            .each(moves, |i, door| {
                if first_error.is_some() {
                    return true; // keep reading: a later malformed token is still refused
                }
                let d = S::Door::from_index(door);
                if !shape.doors(at).contains(d) {
                    first_error = Some((i, "the cell has no such door"));
                    return true;
                }
                match shape.neighbour(at, d) {
                    None => first_error = Some((i, "it leaves the maze")),
                    Some(_) if !maze.is_open(at, d) => first_error = Some((i, "it goes through a wall")),
                    Some(next) => at = next,
                }
                true
            })
            .map_err(|e| Error::Request(e.to_string()))?;
        self.routes.compute(maze, start, goal);
        let shortest = self.routes.length();
        let reachable = shortest.is_some();
        let valid = first_error.is_none();
        let reaches_goal = valid && at == goal;
        let (optimal, excess_steps, reason) = match (first_error, shortest) {
            (Some((i, why)), _) => {
                let name = names.name(moves_nth(&names, moves, i));
                (false, None, format!("move {i} ('{name}') is illegal: {why}"))
            }
            (None, None) if count == 0 => {
                (true, Some(0), "the goal cannot be reached, and no moves is right".into())
            }
            (None, None) => {
                (false, Some(count as u64), "the goal cannot be reached: the right answer is no moves".into())
            }
            (None, Some(_)) if !reaches_goal => {
                (false, None, format!("the moves end on cell {}, not on the goal (cell {})", at.0, goal.0))
            }
            (None, Some(len)) => {
                let excess = (count as u64).saturating_sub(u64::from(len));
                let reason = if excess == 0 {
                    format!("a shortest route ({len} moves)")
                } else {
                    format!("reaches the goal in {count} moves, {excess} more than the shortest ({len})")
                };
                (excess == 0, Some(excess), reason)
            }
        };
        Ok(Verdict {
            valid,
            reaches_goal,
            optimal,
            excess_steps,
            first_error: first_error.map(|(i, _)| i),
            reason,
            moves: count,
            reachable,
            shortest_length: shortest,
        })
    }
}

/// The door of move `i` of a move string already read without fault.
fn moves_nth(names: &MoveNames, moves: &str, i: usize) -> u8 {
    let mut door = 0;
    let _ = names.each(moves, |k, d| {
        door = d;
        k < i
    });
    door
}

/// The verdict on `moves` from `start` to `goal` (default: the entrance and exit):
/// [`Verifier::verify`] once.
///
/// # Errors
/// As [`Verifier::verify`].
pub fn verify<S: Shape>(
    maze: &Maze<S>,
    moves: &str,
    start: Option<CellId>,
    goal: Option<CellId>,
) -> Result<Verdict> {
    Verifier::new().verify(maze, moves, start, goal)
}
