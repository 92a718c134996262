//! Rooms in a request (`rooms`, `room-size`, `room-tries`, `extra-doors`, `sparse`): the
//! size's notation, the checks made before any work, and the rooms placed and the maze
//! grown around them when a maze is built ([`maze_core::rooms`] does the work).

use maze_core::rooms::{self, RoomOptions};
use maze_core::{Maze, Observer, Random, Shape, ShapeSpec, Xoshiro};

use crate::error::{Error, Result};
use crate::request::MazeRequest;

/// The most rounds of dead ends `sparse` removes.
pub const MAX_SPARSE: u32 = 1_000_000;

/// The sides of a room, `MIN-MAX` cells (or `N`: `N-N`), as `room-size` takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomSize {
    /// The smallest side.
    pub min: u32,
    /// The largest side.
    pub max: u32,
}

impl Default for RoomSize {
    fn default() -> Self {
        RoomSize { min: rooms::DEFAULT_SIZE.0, max: rooms::DEFAULT_SIZE.1 }
    }
}

impl std::str::FromStr for RoomSize {
    type Err = maze_core::Error;

    fn from_str(s: &str) -> std::result::Result<Self, maze_core::Error> {
        let number = |t: &str| t.trim().parse::<u32>().ok();
        let (min, max) = match s.split_once('-') {
            Some((a, b)) => (number(a), number(b)),
            None => (number(s), number(s)),
        };
        match (min, max) {
            (Some(min), Some(max)) => Ok(RoomSize { min, max }),
            _ => Err(maze_core::Error::Parameter(format!(
                "'{}' is not a room size (MIN-MAX cells, such as 3-6, or one number)",
                crate::error::echo(s)
            ))),
        }
    }
}

impl std::fmt::Display for RoomSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.min, self.max)
    }
}

/// The request's rooms, `None` without `rooms` (or with 0).
pub fn room_options(r: &MazeRequest) -> Option<RoomOptions> {
    let count = r.rooms.filter(|&n| n > 0)?;
    let size = r.room_size.unwrap_or_default();
    Some(RoomOptions {
        count,
        min: size.min,
        max: size.max,
        tries: r.room_tries.unwrap_or(rooms::DEFAULT_TRIES),
        extra_doors: r.extra_doors.unwrap_or(0.0),
    })
}

/// Checks the room fields before any work, against the laid-out shape: the options that
/// need `rooms`, the values' ranges, the generator (a carving one), the options rooms do
/// not go with, and whether the rooms fit ([`rooms::check`], which names the most that fit).
///
/// # Errors
/// An [`Error::Request`] naming the field.
pub fn check(r: &MazeRequest, spec: &ShapeSpec) -> Result<()> {
    let bad = |field: &str, why: String| Err(Error::Request(format!("--{field}: {why}")));
    let Some(options) = room_options(r) else {
        let given = [
            ("room-size", r.room_size.is_some()),
            ("room-tries", r.room_tries.is_some()),
            ("extra-doors", r.extra_doors.is_some()),
            ("sparse", r.sparse.is_some()),
        ];
        if let Some((field, _)) = given.iter().find(|(_, g)| *g) {
            return bad(field, "places rooms: it needs --rooms N".into());
        }
        return Ok(());
    };
    if r.sparse.is_some_and(|k| k > MAX_SPARSE) {
        return bad("sparse", format!("takes rounds of dead ends from 0 to {MAX_SPARSE}"));
    }
    if r.algorithm.needs_grid() {
        return bad(
            "rooms",
            format!(
                "the {} algorithm works over the whole grid and cannot grow around rooms (use a carving generator: kruskal, wilson, recursive-backtracker, ...)",
                r.algorithm
            ),
        );
    }
    let clash = [("unicursal", r.unicursal), ("stream", r.stream), ("parametric", r.parametric)];
    if let Some((field, _)) = clash.iter().find(|(_, g)| *g) {
        return bad("rooms", format!("cannot be used with --{field}"));
    }
    if !crate::rules::tiled(spec) {
        return bad("rooms", rooms::not_roomed(spec));
    }
    let RoomOptions { min, max, tries, extra_doors, .. } = options;
    if min == 0 {
        return bad("room-size", "a room is at least 1 cell across".into());
    }
    if min > max {
        return bad("room-size", format!("{min}-{max}: the smallest side is above the largest"));
    }
    if !(1..=rooms::MAX_TRIES).contains(&tries) {
        return bad("room-tries", format!("must be from 1 to {}", rooms::MAX_TRIES));
    }
    if !(0.0..=1.0).contains(&extra_doors) {
        return bad("extra-doors", "takes the chance of each further door, from 0 to 1".into());
    }
    spec.visit_cold(Check(&options)).or_else(|e| bad("rooms", e.to_string()))
}

/// [`rooms::check`] on the laid-out shape.
struct Check<'a>(&'a RoomOptions);

impl maze_core::ShapeVisitor for Check<'_> {
    type Output = std::result::Result<(), maze_core::Error>;

    fn visit<S: Shape>(self, shape: S) -> Self::Output {
        rooms::check(&shape, self.0)
    }
}

/// The stream the rooms and their doors are drawn from: the seed's own, apart from the
/// generator's, so that asking for rooms moves nothing else the seed draws.
pub(crate) fn room_stream(seed: u64) -> Xoshiro {
    Xoshiro::seed_from_u64(seed ^ 0x726f_6f6d_7321_2121)
}

/// Makes `maze` a dungeon: the rooms placed from the seed's room stream, the request's
/// generator grown around them from `rng`, the doors drawn ([`rooms::generate_around`]).
pub(crate) fn generate<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    r: &MazeRequest,
    options: &RoomOptions,
    seed: u64,
    rng: &mut R,
    obs: &mut O,
) -> Result<()> {
    let mut stream = room_stream(seed);
    let placed = rooms::place(maze.shape(), options, &mut stream)?;
    rooms::generate_around(
        maze,
        placed,
        r.algorithm,
        &r.generator_options(),
        options,
        &mut stream,
        rng,
        obs,
    )?;
    Ok(())
}
