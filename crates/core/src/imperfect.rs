//! Post-processing that adds loops, and MultiMaze start/end placement.

use crate::Error;
use crate::generate::CellSet;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::Random;
use crate::shape::{CellId, Door, DoorSet, Shape};

/// Braids a maze: removes the share `fraction` (0 to 1) of its dead ends by opening one more
/// wall at each chosen dead end, preferring a wall to a neighbouring dead end (which removes
/// two at once), else a random closed wall. Dead ends are taken in random order until the
/// target count is reached; a dead end with no closed inner wall (a corner of a one-cell-wide
/// maze) cannot be removed and is skipped. Returns how many dead ends were removed.
///
/// The result has loops (it is no longer perfect). Time O(N); memory one bit per cell.
///
/// # Errors
/// [`Error::Parameter`] if `fraction` is not within 0..=1.
pub fn braid<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    fraction: f64,
    rng: &mut R,
    obs: &mut O,
) -> Result<u64, Error> {
    if !(0.0..=1.0).contains(&fraction) {
        return Err(Error::Parameter(format!("braid fraction must be between 0 and 1 (got {fraction})")));
    }
    let shape = maze.shape().clone();
    let mut dead: Vec<CellId> = (0..maze.cell_count()).map(CellId).filter(|&c| maze.degree(c) == 1).collect();
    let target = (fraction * dead.len() as f64).round() as u64;
    rng.shuffle(&mut dead);
    let mut removed = 0;
    for c in dead {
        if removed >= target {
            break;
        }
        if maze.degree(c) != 1 {
            continue;
        }
        let mut closed = DoorSet::EMPTY;
        let mut closed_to_dead = DoorSet::EMPTY;
        for d in shape.inner_doors(c).iter() {
            if !maze.is_open(c, d)
                && let Some(b) = shape.neighbour(c, d)
            {
                closed.insert(d);
                if maze.degree(b) == 1 {
                    closed_to_dead.insert(d);
                }
            }
        }
        let choice = if closed_to_dead.is_empty() { closed } else { closed_to_dead };
        let Some(d) = choice.choose(rng) else { continue };
        let both = !closed_to_dead.is_empty();
        maze.carve(c, d);
        obs.on(Event::Carve(c, d.index()));
        removed += if both { 2 } else { 1 };
    }
    Ok(removed)
}

/// Places document 003's MultiMaze dots: `starts` start cells and `ends` end cells, all
/// distinct; the entrance is always a start and the exit always an end, the others are
/// drawn at random. With more than one start or end the border is closed (an opened
/// entrance or exit is walled again, and none is opened later).
///
/// # Errors
/// [`Error::Parameter`] if a count is 0 or there are not enough cells for all of them.
pub fn place_starts_and_ends<S: Shape, R: Random>(
    maze: &mut Maze<S>,
    starts: u32,
    ends: u32,
    rng: &mut R,
) -> Result<(), Error> {
    let n = maze.cell_count();
    if starts == 0 || ends == 0 {
        return Err(Error::Parameter("--starts and --ends must be at least 1".into()));
    }
    if u64::from(starts) + u64::from(ends) > u64::from(n) {
        return Err(Error::Parameter(format!(
            "{starts} starts and {ends} ends need {} distinct cells, but the maze has only {n}",
            u64::from(starts) + u64::from(ends)
        )));
    }
    // The entrance and the exit (the first and the last cell, or a circle's rim and centre).
    let (first, last) = (maze.entrance(), maze.exit());
    let mut taken = CellSet::new(n);
    taken.insert(first);
    taken.insert(last);
    let mut draw = |taken: &mut CellSet| loop {
        let c = CellId(rng.below(u64::from(n)) as u32);
        if !taken.contains(c) {
            taken.insert(c);
            return c;
        }
    };
    // The border closes when there are several dots: an opened entrance or exit would
    // single out one pair (the openings are found before the maze becomes a MultiMaze).
    for exit in [false, true] {
        if let Some((cell, door)) = maze.outer_opening(exit) {
            maze.build_wall(cell, door);
        }
    }
    maze.starts = vec![first];
    maze.ends = vec![last];
    for _ in 1..starts {
        let c = draw(&mut taken);
        maze.starts.push(c);
    }
    for _ in 1..ends {
        let c = draw(&mut taken);
        maze.ends.push(c);
    }
    Ok(())
}
