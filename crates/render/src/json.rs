//! The JSON maze file: written by `maze generate --format json`, read by `maze solve` and
//! `maze render`. The format is documented in `docs/FORMAT.md`.

use std::fmt::Write as _;
use std::io::Write as _;

use maze_core::{CellId, Door, Error, Mask, Maze, Shape, ShapeKind, ShapeSpec, Solution};
use serde::{Deserialize, Serialize};

/// The value of the `"format"` key.
pub const FORMAT: &str = "maze";
/// The version of the format this crate writes (and the highest it reads).
pub const VERSION: u32 = 1;

/// The `"shape"` object: kind, dimensions and mask.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShapeJson {
    /// Shape name, as `maze list` shows it.
    pub kind: String,
    /// Cells per row (polar: cells in the innermost ring).
    pub width: u32,
    /// Number of rows (polar: rings).
    pub height: u32,
    /// The mask as run lengths over the unmasked shape's cell ids, alternating absent and
    /// present runs, starting with an absent run (see docs/FORMAT.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mask: Option<Vec<u32>>,
    /// The joined borders, `"x"`, `"y"` or `"xy"` (absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrap: Option<String>,
    /// The number of levels (absent: 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub levels: Option<u32>,
    /// A woven maze's crossings, as `[cell, over]` pairs by increasing cell id (`over` 0:
    /// the east–west passage on top, 1: the north–south one); the `k`-th crossing's under
    /// cell has id `width · height + k` (absent: not woven).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crossings: Option<Vec<[u32; 2]>>,
}

/// A room of a dungeon (`"rooms"`): a rectangle of cells by column and row, and its doors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomJson {
    /// Its left column.
    pub x: u32,
    /// Its top row.
    pub y: u32,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Its doors, each `[cell in the room, cell outside]` (cell ids).
    #[serde(default)]
    pub doors: Vec<[u32; 2]>,
}

/// A solution read from a file: the solver's name and the route.
pub type SavedSolution = (String, Solution);

/// The `"solution"` object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolutionJson {
    /// The solver's name.
    pub algorithm: String,
    /// Cell ids from start to goal.
    pub path: Vec<u32>,
    /// The door each step of `path` goes through, in the shape's own direction names
    /// ("east", "south-west", "up"...): one fewer than the path's cells. Checked against the
    /// path when read (files written before it was added have none).
    #[serde(default)]
    pub moves: Vec<String>,
    /// Cell ids in the order the solver first explored them.
    pub visited: Vec<u32>,
}

/// A maze file, as read from JSON. Unknown keys are ignored, so later versions may add some.
#[derive(Clone, Debug, Deserialize)]
pub struct MazeFile {
    /// Must be `"maze"`.
    pub format: String,
    /// Format version (1).
    #[serde(default = "default_version")]
    pub version: u32,
    /// Shape kind and dimensions.
    pub shape: ShapeJson,
    /// The generator's name (informative).
    #[serde(default)]
    pub algorithm: Option<String>,
    /// The seed (informative).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The braid fraction (informative).
    #[serde(default)]
    pub braid: Option<f64>,
    /// Whether the maze is a unicursal labyrinth: its polar rings are then laid out in pairs
    /// ([`ShapeSpec::with_labyrinth`]); for other shapes informative.
    #[serde(default)]
    pub unicursal: bool,
    /// `false` for a maze whose goal was cut off on purpose (`--unreachable`); absent
    /// otherwise.
    #[serde(default)]
    pub reachable: Option<bool>,
    /// Number of cells (checked against the shape).
    pub cells: u64,
    /// Open passages, as pairs of adjacent cell ids.
    pub passages: Vec<[u32; 2]>,
    /// Closed walls between adjacent cells (checked to be consistent when present).
    #[serde(default)]
    pub walls: Option<Vec<[u32; 2]>>,
    /// Entrance cell (default 0).
    #[serde(default)]
    pub entrance: Option<u32>,
    /// Exit cell (default: the last cell).
    #[serde(default)]
    pub exit: Option<u32>,
    /// The outer door the entrance opens, by door number, when not the shape's default.
    #[serde(default)]
    pub entrance_door: Option<u8>,
    /// The outer door the exit opens, when not the shape's default.
    #[serde(default)]
    pub exit_door: Option<u8>,
    /// MultiMaze start cells.
    #[serde(default)]
    pub starts: Vec<u32>,
    /// MultiMaze end cells.
    #[serde(default)]
    pub ends: Vec<u32>,
    /// A dungeon's rooms.
    #[serde(default)]
    pub rooms: Vec<RoomJson>,
    /// A saved solution.
    #[serde(default)]
    pub solution: Option<SolutionJson>,
    /// The compact file's passages ([`crate::compact`]): one bit per door in
    /// [`door_order`](crate::compact::door_order), used instead of `passages` when present.
    #[serde(skip)]
    pub passage_bits: Option<crate::compact::DoorBits>,
}

/// Names the maze (from 1) in a parse error about the `index`-th maze of a batch (not
/// the first: a file of one maze reads as before).
pub(crate) fn in_batch(index: usize, e: Error) -> Error {
    match e {
        Error::Parse(m) if index > 0 => Error::Parse(format!("maze {}: {m}", index + 1)),
        other => other,
    }
}

fn default_version() -> u32 {
    VERSION
}

/// Where a maze came from, written into the file.
#[derive(Clone, Debug, Default)]
pub struct Provenance {
    /// The generator's name.
    pub algorithm: Option<String>,
    /// The seed.
    pub seed: Option<u64>,
    /// The braid fraction, if any.
    pub braid: Option<f64>,
    /// Whether the maze is a unicursal labyrinth made from a perfect maze by `algorithm`
    /// (written only when it is).
    pub unicursal: bool,
    /// Whether the maze's goal was cut off on purpose (`--unreachable`): written as
    /// `"reachable": false` only when it was.
    pub unreachable: bool,
}

impl MazeFile {
    /// Parses a maze file.
    ///
    /// # Errors
    /// [`Error::Parse`] with the JSON error's line and column, or for a wrong `"format"`.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let file: MazeFile =
            serde_json::from_str(text).map_err(|e| Error::Parse(format!("not a maze JSON file: {e}")))?;
        file.check_format()
    }

    /// Parses one maze file or several in a row (JSON Lines, as `maze generate --count N
    /// --format json` writes them; any whitespace between the documents).
    ///
    /// # Errors
    /// As [`MazeFile::parse`], naming the maze (1, 2, ...) when there are several; an
    /// empty text is an error too.
    pub fn parse_many(text: &str) -> Result<Vec<Self>, Error> {
        let mut files = Vec::new();
        // Straight into the structure, not through a tree of values: a passage then takes
        // 8 bytes, not about 190 (a 44 MB file of passages held 1.4 GB that way), keys the
        // reader ignores cost nothing, and a key given twice is refused, not last-wins.
        for (i, file) in serde_json::Deserializer::from_str(text).into_iter::<MazeFile>().enumerate() {
            let file = file.map_err(|e| Error::Parse(format!("not a maze JSON file: {e}")));
            files.push(file.and_then(MazeFile::check_format).map_err(|e| in_batch(i, e))?);
        }
        if files.is_empty() {
            return Err(Error::Parse("not a maze JSON file: no maze in it (it is empty)".into()));
        }
        Ok(files)
    }

    /// Checks a parsed JSON document as a maze file.
    pub(crate) fn from_value(value: serde_json::Value) -> Result<Self, Error> {
        let file: MazeFile =
            serde_json::from_value(value).map_err(|e| Error::Parse(format!("not a maze JSON file: {e}")))?;
        file.check_format()
    }

    /// Refuses another format or a newer version.
    fn check_format(self) -> Result<Self, Error> {
        if self.format != FORMAT {
            return Err(Error::Parse(format!("\"format\" is \"{}\", expected \"{FORMAT}\"", self.format)));
        }
        if self.version > VERSION {
            return Err(Error::Parse(format!(
                "format version {} is newer than this program reads ({VERSION})",
                self.version
            )));
        }
        Ok(self)
    }

    /// The checked shape description.
    ///
    /// # Errors
    /// [`Error::Parse`] for an unknown shape or a cell count that does not match,
    /// [`Error::TooLarge`] above `max_cells`.
    pub fn spec(&self, max_cells: u64) -> Result<ShapeSpec, Error> {
        let kind: ShapeKind = self.shape.kind.parse().map_err(|e: Error| Error::Parse(e.to_string()))?;
        let as_parse = |e| match e {
            Error::Parameter(m) => Error::Parse(m),
            other => other,
        };
        let levels = self.shape.levels.unwrap_or(1);
        let mut spec = ShapeSpec::new(kind, self.shape.width, self.shape.height, max_cells)
            .map_err(|e| as_parse(e.for_levels(levels)))?;
        if let Some(runs) = &self.shape.mask {
            let base =
                u32::try_from(spec.base_cells()).map_err(|_| Error::Parse("shape too large".into()))?;
            let mask = Mask::from_runs(base, runs).map_err(Error::Parse)?;
            spec = spec.with_mask(mask, false).map_err(as_parse)?;
        }
        if let Some(wrap) = &self.shape.wrap {
            let wrap: maze_core::Wrap = wrap.parse().map_err(as_parse)?;
            spec = spec.with_wrap(wrap).map_err(as_parse)?;
        }
        if let Some(levels) = self.shape.levels {
            spec = spec.with_levels(levels, max_cells).map_err(as_parse)?;
        }
        if self.unicursal {
            spec = spec.with_labyrinth(max_cells)?;
        }
        if let Some(list) = &self.shape.crossings {
            let limit = max_cells.min(maze_core::limits::HARD_MAX_CELLS);
            if list.len() as u64 > limit {
                return Err(Error::TooLarge { cells: list.len() as u64, limit });
            }
            if let Some(pair) = list.windows(2).find(|w| w[0][0] >= w[1][0]) {
                return Err(Error::Parse(format!(
                    "\"crossings\" must be listed by increasing cell, but {} comes before {}",
                    pair[0][0], pair[1][0]
                )));
            }
            let list = list
                .iter()
                .map(|&[cell, over]| {
                    maze_core::shape::Over::from_code(over).map(|o| (CellId(cell), o)).ok_or_else(|| {
                        Error::Parse(format!("crossing {cell}: \"over\" must be 0 or 1, not {over}"))
                    })
                })
                .collect::<Result<Vec<_>, Error>>()?;
            let crossings =
                maze_core::shape::Crossings::new(spec.width, spec.height, list).map_err(as_parse)?;
            let layout = maze_core::WeaveLayout::Placed(std::sync::Arc::new(crossings));
            spec = spec.with_weave(layout, max_cells).map_err(as_parse)?;
        }
        if spec.cells() != self.cells {
            return Err(Error::Parse(format!(
                "\"cells\" is {} but a {}x{} {} maze has {}",
                self.cells,
                spec.width,
                spec.height,
                kind,
                spec.cells()
            )));
        }
        Ok(spec)
    }

    /// Builds the maze on `shape` (which must be the one [`spec`](Self::spec) describes).
    ///
    /// # Errors
    /// [`Error::Parse`] for cell ids out of range, passages between cells that are not
    /// adjacent, walls that contradict passages, or a solution that is not a valid path.
    pub fn to_maze<S: Shape>(&self, shape: S) -> Result<(Maze<S>, Option<SavedSolution>), Error> {
        let mut maze = Maze::new(shape);
        let n = maze.cell_count();
        let cell = |id: u32, what: &str| {
            if id < n {
                Ok(CellId(id))
            } else {
                Err(Error::Parse(format!("{what} cell {id} is out of range (the maze has {n} cells)")))
            }
        };
        for &[a, b] in &self.passages {
            maze.connect(cell(a, "passage")?, cell(b, "passage")?)?;
        }
        if let Some(bits) = &self.passage_bits {
            bits.open_into(&mut maze)?;
        }
        if let Some(walls) = &self.walls {
            for &[a, b] in walls {
                let (a, b) = (cell(a, "wall")?, cell(b, "wall")?);
                if maze.shape().door_between(a, b).is_none() {
                    return Err(Error::Parse(format!(
                        "wall between cells {} and {}, which are not adjacent",
                        a.0, b.0
                    )));
                }
                if maze.connected(a, b) {
                    return Err(Error::Parse(format!(
                        "cells {} and {} are listed as both a passage and a wall",
                        a.0, b.0
                    )));
                }
            }
        }
        let (entrance, exit) = maze.shape().default_ends();
        let door = |c: CellId, d: Option<u8>, what: &str| -> Result<Option<S::Door>, Error> {
            let Some(d) = d else { return Ok(None) };
            let shape = maze.shape();
            let door = (d < shape.door_count()).then(|| S::Door::from_index(d));
            match door {
                Some(door) if shape.doors(c).contains(door) && shape.neighbour(c, door).is_none() => {
                    Ok(Some(door))
                }
                _ => Err(Error::Parse(format!("{what} {d} is not an outer door of cell {}", c.0))),
            }
        };
        let entrance = cell(self.entrance.unwrap_or(entrance.0), "entrance")?;
        let exit = cell(self.exit.unwrap_or(exit.0), "exit")?;
        let (entrance_door, exit_door) =
            (door(entrance, self.entrance_door, "entrance_door")?, door(exit, self.exit_door, "exit_door")?);
        // The dots first: a MultiMaze's border stays closed when the ends are set.
        maze.starts = self.starts.iter().map(|&c| cell(c, "start")).collect::<Result<_, _>>()?;
        maze.ends = self.ends.iter().map(|&c| cell(c, "end")).collect::<Result<_, _>>()?;
        maze.set_end(false, entrance, entrance_door);
        maze.set_end(true, exit, exit_door);
        let rooms: Vec<maze_core::rooms::Room> = self
            .rooms
            .iter()
            .map(|r| maze_core::rooms::Room {
                x: r.x,
                y: r.y,
                width: r.width,
                height: r.height,
                doors: r.doors.iter().map(|&[a, b]| [CellId(a), CellId(b)]).collect(),
            })
            .collect();
        maze_core::rooms::check_read(&maze, &rooms)?;
        maze.rooms = rooms;
        let solution = match &self.solution {
            None => None,
            Some(s) => {
                let path: Vec<CellId> =
                    s.path.iter().map(|&c| cell(c, "solution path")).collect::<Result<_, _>>()?;
                if let Some(w) = path.windows(2).find(|w| !maze.connected(w[0], w[1])) {
                    return Err(Error::Parse(format!(
                        "the saved solution steps from cell {} to cell {} through a wall",
                        w[0].0, w[1].0
                    )));
                }
                if !s.moves.is_empty()
                    && s.moves != moves(&maze, &path)
                    && s.moves != door_name_moves(&maze, &path)
                {
                    return Err(Error::Parse(
                        "the saved solution's moves are not the doors its path goes through".into(),
                    ));
                }
                let visited = s.visited.iter().map(|&c| cell(c, "visited")).collect::<Result<_, _>>()?;
                Some((s.algorithm.clone(), Solution { path, visited }))
            }
        };
        Ok((maze, solution))
    }
}

fn ids(cells: impl IntoIterator<Item = CellId>) -> String {
    let mut s = String::from("[");
    for (i, c) in cells.into_iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "{}", c.0);
    }
    s.push(']');
    s
}

fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// The keys every maze file has before its passages, as `(key, JSON value)`: format,
/// version, shape, provenance, cells, ends and MultiMaze dots. The JSON file and the
/// compact file's header ([`crate::compact`]) both start with them.
pub(crate) fn header_fields<S: Shape>(
    maze: &Maze<S>,
    provenance: &Provenance,
) -> Vec<(&'static str, String)> {
    let spec = maze.shape().spec();
    let mut fields: Vec<(&'static str, String)> = vec![
        ("format", quoted(FORMAT)),
        ("version", VERSION.to_string()),
        (
            "shape",
            format!(
                r#"{{"kind":{},"width":{},"height":{}{}{}{}{}}}"#,
                quoted(spec.kind.name()),
                spec.width,
                spec.height,
                match &spec.mask {
                    Some(mask) => {
                        let runs: Vec<String> = mask.runs().iter().map(u32::to_string).collect();
                        format!(r#","mask":[{}]"#, runs.join(","))
                    }
                    None => String::new(),
                },
                if spec.wrap.any() {
                    format!(r#","wrap":{}"#, quoted(spec.wrap.name()))
                } else {
                    String::new()
                },
                if spec.levels > 1 { format!(r#","levels":{}"#, spec.levels) } else { String::new() },
                match &spec.weave {
                    Some(maze_core::WeaveLayout::Placed(c)) => {
                        let list: Vec<String> =
                            c.iter().map(|(cell, over)| format!("[{},{}]", cell.0, over.code())).collect();
                        format!(r#","crossings":[{}]"#, list.join(","))
                    }
                    Some(maze_core::WeaveLayout::Share(_)) => r#","crossings":[]"#.to_string(),
                    None => String::new(),
                },
            ),
        ),
    ];
    if let Some(a) = &provenance.algorithm {
        fields.push(("algorithm", quoted(a)));
    }
    if let Some(seed) = provenance.seed {
        fields.push(("seed", seed.to_string()));
    }
    if let Some(b) = provenance.braid {
        fields.push(("braid", serde_json::to_string(&b).unwrap_or_else(|_| "0".into())));
    }
    if provenance.unicursal {
        fields.push(("unicursal", "true".into()));
    }
    if provenance.unreachable {
        fields.push(("reachable", "false".into()));
    }
    fields.push(("cells", maze.cell_count().to_string()));
    fields.push(("entrance", maze.entrance().0.to_string()));
    fields.push(("exit", maze.exit().0.to_string()));
    for (key, exit) in [("entrance_door", false), ("exit_door", true)] {
        if let Some(d) = maze.chosen_end_door(exit) {
            fields.push((key, d.index().to_string()));
        }
    }
    if !maze.starts.is_empty() || !maze.ends.is_empty() {
        fields.push(("starts", ids(maze.starts.iter().copied())));
        fields.push(("ends", ids(maze.ends.iter().copied())));
    }
    if !maze.rooms.is_empty() {
        let rooms: Vec<String> = maze
            .rooms
            .iter()
            .map(|r| {
                let doors: Vec<String> = r.doors.iter().map(|[a, b]| format!("[{},{}]", a.0, b.0)).collect();
                format!(
                    r#"{{"x":{},"y":{},"width":{},"height":{},"doors":[{}]}}"#,
                    r.x,
                    r.y,
                    r.width,
                    r.height,
                    doors.join(",")
                )
            })
            .collect();
        fields.push(("rooms", format!("[{}]", rooms.join(","))));
    }
    fields
}

/// Writes `fields` as one JSON object: one key per line, or all on one line when `compact`.
pub(crate) fn object(fields: &[(&str, String)], compact: bool) -> String {
    let mut out = Vec::new();
    let mut o = Object { out: &mut out, compact, keys: 0 };
    let written =
        fields.iter().try_for_each(|(k, v)| o.field(k, |w| w.write_all(v.as_bytes()))).and_then(|()| o.end());
    debug_assert!(written.is_ok(), "writing to memory cannot fail");
    String::from_utf8(out).unwrap_or_default()
}

/// A JSON object written key by key to a writer, laid out as [`to_json`] documents it.
struct Object<'a, W: std::io::Write> {
    out: &'a mut W,
    compact: bool,
    keys: usize,
}

impl<W: std::io::Write> Object<'_, W> {
    /// Writes one key, then its value by `value`.
    fn field(&mut self, key: &str, value: impl FnOnce(&mut W) -> std::io::Result<()>) -> std::io::Result<()> {
        self.out.write_all(if self.keys == 0 { b"{" } else { b"," })?;
        if !self.compact {
            self.out.write_all(b"\n  ")?;
        }
        write!(self.out, "\"{key}\":")?;
        if !self.compact {
            self.out.write_all(b" ")?;
        }
        self.keys += 1;
        value(self.out)
    }

    /// Closes the object.
    fn end(&mut self) -> std::io::Result<()> {
        if self.keys == 0 {
            self.out.write_all(b"{")?;
        }
        self.out.write_all(if self.compact { b"}" } else { b"\n}" })
    }
}

/// Writes `[a,b]` pairs as a JSON array, as they come.
fn write_pairs<W: std::io::Write>(
    out: &mut W,
    pairs: impl IntoIterator<Item = (CellId, CellId)>,
) -> std::io::Result<()> {
    out.write_all(b"[")?;
    for (i, (a, b)) in pairs.into_iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "[{},{}]", a.0, b.0)?;
    }
    out.write_all(b"]")
}

/// Writes cell ids as a JSON array, as they come.
fn write_ids<W: std::io::Write>(out: &mut W, cells: impl IntoIterator<Item = CellId>) -> std::io::Result<()> {
    out.write_all(b"[")?;
    for (i, c) in cells.into_iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "{}", c.0)?;
    }
    out.write_all(b"]")
}

/// The moves a path makes, step by step, in the one spelling of routes
/// ([`maze_core::moves`]: `U`/`D`/`L`/`R` on square cells, the shape's door names
/// elsewhere): document 000's solution as a list of doors. A step between cells with no
/// open door between them is named "?" (a valid path has none).
pub fn moves<S: Shape>(maze: &Maze<S>, path: &[CellId]) -> Vec<String> {
    let names = maze_core::moves::MoveNames::of(maze.shape());
    maze_core::moves::route_doors(maze, path)
        .into_iter()
        .map(|d| d.map_or("?", |d| names.name(d)).to_string())
        .collect()
}

/// The moves of a path by the shape's door names (`north`, `east`...), as files written
/// before moves had one spelling list them: still read.
fn door_name_moves<S: Shape>(maze: &Maze<S>, path: &[CellId]) -> Vec<String> {
    let shape = maze.shape();
    maze_core::moves::route_doors(maze, path)
        .into_iter()
        .map(|d| d.map_or("?", |d| shape.door_name(S::Door::from_index(d))).to_string())
        .collect()
}

/// What a JSON document holds beside the maze, and how it is laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JsonOptions {
    /// The whole document on one line (for JSON Lines), else one key per line.
    pub compact: bool,
    /// Add `cell_walls`: each cell's closed sides by the shape's door names ([`cell_walls`]).
    pub cell_walls: bool,
}

/// Each cell's closed sides, by the shape's door names in door order (document 004's
/// cells with their intact walls): every door of the cell but those open, a passage to a
/// neighbour or the entrance's and exit's opening in the outer wall. Cells in id order.
pub fn cell_walls<S: Shape>(maze: &Maze<S>) -> impl Iterator<Item = Vec<&'static str>> + '_ {
    let shape = maze.shape();
    (0..maze.cell_count()).map(move |c| {
        let cell = CellId(c);
        shape.doors(cell).iter().filter(|&d| !maze.is_open(cell, d)).map(|d| shape.door_name(d)).collect()
    })
}

/// Writes a maze (and optionally a solution) as a JSON document: one key per line, each
/// array on one line. With `compact`, the whole document is on one line (for JSON Lines).
pub fn to_json<S: Shape>(
    maze: &Maze<S>,
    provenance: &Provenance,
    solution: Option<(&str, &Solution)>,
    compact: bool,
) -> String {
    to_json_with(maze, provenance, solution, JsonOptions { compact, cell_walls: false })
}

/// As [`to_json`], with `options` (such as [`JsonOptions::cell_walls`]).
pub fn to_json_with<S: Shape>(
    maze: &Maze<S>,
    provenance: &Provenance,
    solution: Option<(&str, &Solution)>,
    options: JsonOptions,
) -> String {
    let mut out = Vec::new();
    let written = write_json_with(&mut out, maze, provenance, solution, options);
    debug_assert!(written.is_ok(), "writing to memory cannot fail");
    String::from_utf8(out).unwrap_or_default()
}

/// Writes what [`to_json`] returns to `out` as it goes, without building the document in
/// memory (an 8000 × 8000 maze's JSON is about 2.4 GB): the passages, walls and solution
/// are written pair by pair and id by id. Give it a buffered writer.
///
/// # Errors
/// The writer's.
pub fn write_json<S: Shape, W: std::io::Write>(
    out: &mut W,
    maze: &Maze<S>,
    provenance: &Provenance,
    solution: Option<(&str, &Solution)>,
    compact: bool,
) -> std::io::Result<()> {
    write_json_with(out, maze, provenance, solution, JsonOptions { compact, cell_walls: false })
}

/// As [`write_json`], with `options`; `cell_walls` follows `walls`, written cell by cell.
///
/// # Errors
/// The writer's.
pub fn write_json_with<S: Shape, W: std::io::Write>(
    out: &mut W,
    maze: &Maze<S>,
    provenance: &Provenance,
    solution: Option<(&str, &Solution)>,
    options: JsonOptions,
) -> std::io::Result<()> {
    let compact = options.compact;
    let mut o = Object { out, compact, keys: 0 };
    for (key, value) in header_fields(maze, provenance) {
        o.field(key, |w| w.write_all(value.as_bytes()))?;
    }
    o.field("passages", |w| write_pairs(w, maze.passage_pairs()))?;
    o.field("walls", |w| write_pairs(w, maze.wall_pairs()))?;
    if options.cell_walls {
        o.field("cell_walls", |w| {
            w.write_all(b"[")?;
            for (i, names) in cell_walls(maze).enumerate() {
                w.write_all(if i > 0 { b",[" } else { b"[" })?;
                for (k, name) in names.iter().enumerate() {
                    write!(w, "{}\"{name}\"", if k > 0 { "," } else { "" })?;
                }
                w.write_all(b"]")?;
            }
            w.write_all(b"]")
        })?;
    }
    if let Some((name, sol)) = solution {
        o.field("solution", |w| {
            write!(w, r#"{{"algorithm":{},"path":"#, quoted(name))?;
            write_ids(w, sol.path.iter().copied())?;
            w.write_all(br#","moves":["#)?;
            for (i, door) in moves(maze, &sol.path).iter().enumerate() {
                write!(w, "{}\"{door}\"", if i > 0 { "," } else { "" })?;
            }
            w.write_all(br#"],"visited":"#)?;
            write_ids(w, sol.visited.iter().copied())?;
            w.write_all(b"}")
        })?;
        if maze.is_multi() {
            // Document 003's answer key: each start joined to its own end.
            let routes: Vec<String> = maze_core::solve::answer_key(maze)
                .iter()
                .map(|r| {
                    format!(
                        r#"{{"start":{},"end":{},"path":{}}}"#,
                        r.start.0,
                        r.end.0,
                        ids(r.path.iter().copied())
                    )
                })
                .collect();
            o.field("routes", |w| write!(w, "[{}]", routes.join(",")))?;
        }
    }
    o.end()?;
    o.out.write_all(b"\n")
}
