//! The page's drawing of a maze ([`geometry`]: cells, outlines, walls, stairs in cell
//! units) and of a generator's or solver's steps ([`events`]), for the page to draw,
//! animate and play any shape as the pictures do.

use std::fmt::Write as _;

use maze_core::{CellId, Door, DoorKind, Event, Maze, Point, Shape, Trace};

/// A coordinate rounded to 1/10000 of a cell.
fn num(out: &mut String, x: f64) {
    let r = (x * 10_000.0).round() / 10_000.0;
    let _ = write!(out, "{}", if r == 0.0 { 0.0 } else { r });
}

/// The drawing of a maze in cell units, so a page can draw, animate and play any shape:
/// `{"width", "height", "centres": [[x,y]...], "outlines": [[x,y,x,y...]...],
/// "walls": [[a,b,x1,y1,x2,y2]...], "boundary": [[cell,x1,y1,x2,y2,open]...],
/// "stairs": [[a,b,open]...]}`. `walls` holds every wall as pictures draw it
/// ([`Shape::draws_wall`]): a wall between two cells once, from the lower cell (a < b); a
/// seam of a wrapped maze twice, once from each side, each on its own border (`[a,b,...]`
/// and `[b,a,...]`, the first cell the one whose border it is). `stairs` lists the stairs of
/// a multi-level maze, which are not walls: cell `a` and the cell `b` above it, and whether
/// the stair is open. A curved wall (circular mazes) carries the centre of its circle at the
/// end: `[a,b,x1,y1,x2,y2,cx,cy]`, `[cell,x1,y1,x2,y2,open,cx,cy]` (the wall is the shorter
/// arc between its ends). Outlines follow curved sides closely.
pub(crate) fn geometry<S: Shape>(maze: &Maze<S>) -> String {
    let shape = maze.shape();
    let ext = shape.extent();
    let n = maze.cell_count();
    let mut out = String::with_capacity(n as usize * 160);
    out.push_str("{\"width\":");
    num(&mut out, ext.x);
    out.push_str(",\"height\":");
    num(&mut out, ext.y);
    out.push_str(",\"centres\":[");
    for c in 0..n {
        let p = shape.centre(CellId(c));
        out.push_str(if c == 0 { "[" } else { ",[" });
        num(&mut out, p.x);
        out.push(',');
        num(&mut out, p.y);
        out.push(']');
    }
    out.push_str("],\"outlines\":[");
    for c in 0..n {
        out.push_str(if c == 0 { "[" } else { ",[" });
        for (i, p) in shape.fill_outline(CellId(c)).iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            num(&mut out, p.x);
            out.push(',');
            num(&mut out, p.y);
        }
        out.push(']');
    }
    let mut walls = String::new();
    let mut boundary = String::new();
    each_wall(maze, |w| {
        let target = match w.other {
            Some(other) => {
                let _ =
                    write!(walls, "{}[{},{},", if walls.is_empty() { "" } else { "," }, w.cell.0, other.0);
                &mut walls
            }
            None => {
                let _ = write!(boundary, "{}[{},", if boundary.is_empty() { "" } else { "," }, w.cell.0);
                &mut boundary
            }
        };
        let [a, b] = w.ends;
        num(target, a.x);
        target.push(',');
        num(target, a.y);
        target.push(',');
        num(target, b.x);
        target.push(',');
        num(target, b.y);
        if w.other.is_none() {
            target.push_str(if w.open { ",1" } else { ",0" });
        }
        if let Some(o) = w.arc {
            target.push(',');
            num(target, o.x);
            target.push(',');
            num(target, o.y);
        }
        target.push(']');
    });
    let mut stairs = String::new();
    each_stair(maze, |a, b, open| {
        let _ = write!(
            stairs,
            "{}[{},{},{}]",
            if stairs.is_empty() { "" } else { "," },
            a.0,
            b.0,
            u8::from(open)
        );
    });
    let _ = write!(out, "],\"walls\":[{walls}],\"boundary\":[{boundary}],\"stairs\":[{stairs}]}}");
    out
}

/// One wall as the page draws it: between `cell` and `other` (`None` on the boundary).
pub struct DrawnWall {
    /// The cell whose border the wall is on.
    pub cell: CellId,
    /// The cell on the other side (`None` on the boundary).
    pub other: Option<CellId>,
    /// The wall's two ends.
    pub ends: [Point; 2],
    /// The centre of the wall's circle, for a curved wall.
    pub arc: Option<Point>,
    /// Whether the wall is open (a passage, or an entrance on the boundary).
    pub open: bool,
}

/// Every wall of `maze` as pictures draw it ([`Shape::draws_wall`]), in cell order and door
/// order: a wall between two cells from the lower cell, a seam of a wrapped maze from each
/// of its two cells (each side on its own border), boundary walls from their cell; stairs
/// are not walls ([`each_stair`]). The order of the JSON geometry and the packed answer
/// alike.
pub fn each_wall<S: Shape>(maze: &Maze<S>, mut f: impl FnMut(DrawnWall)) {
    let shape = maze.shape();
    for c in 0..maze.cell_count() {
        let cell = CellId(c);
        for d in shape.doors(cell).iter() {
            if !shape.draws_wall(cell, d) {
                continue;
            }
            let other = shape.neighbour(cell, d);
            f(DrawnWall {
                cell,
                other,
                ends: shape.wall_segment(cell, d),
                arc: shape.wall_arc(cell, d),
                open: maze.is_open(cell, d),
            });
        }
    }
}

/// Every stair of a multi-level maze once, in cell order: the cell, the cell above it and
/// whether the stair is open (none for other mazes). The order of the JSON geometry and the
/// packed answer alike.
pub fn each_stair<S: Shape>(maze: &Maze<S>, mut f: impl FnMut(CellId, CellId, bool)) {
    let shape = maze.shape();
    if shape.spec().levels <= 1 {
        return;
    }
    for c in 0..maze.cell_count() {
        let cell = CellId(c);
        for d in shape.doors(cell).iter() {
            if shape.door_kind(cell, d) != (DoorKind::Stair { up: true }) {
                continue;
            }
            if let Some(above) = shape.neighbour(cell, d) {
                f(cell, above, maze.is_open(cell, d));
            }
        }
    }
}

/// The names of recorded steps, by the code [`event_parts`] gives them.
pub const EVENT_NAMES: [&str; 8] =
    ["reset", "visit", "carve", "wall", "frontier", "backtrack", "path", "dead"];

/// A recorded step as `(code, a, b)`: its code in [`EVENT_NAMES`]; `a` the cell (for a
/// reset, 1 when every wall starts open); `b` the cell behind the door for carve and wall
/// (−1 for the outside), else −1.
pub fn event_parts<S: Shape>(shape: &S, e: &Event) -> (usize, i64, i64) {
    let other = |c: CellId, d: u8| -> i64 {
        if d >= shape.door_count() || c.0 >= shape.cell_count() {
            return -1;
        }
        shape.neighbour(c, S::Door::from_index(d)).map_or(-1, |n| i64::from(n.0))
    };
    let id = |c: CellId| i64::from(c.0);
    match *e {
        Event::Reset { open } => (0, i64::from(open), -1),
        Event::Visit(c) => (1, id(c), -1),
        Event::Carve(c, d) => (2, id(c), other(c, d)),
        Event::Wall(c, d) => (3, id(c), other(c, d)),
        Event::Frontier(c) => (4, id(c), -1),
        Event::Backtrack(c) => (5, id(c), -1),
        Event::OnPath(c) => (6, id(c), -1),
        Event::Dead(c) => (7, id(c), -1),
    }
}

/// A recording in cell-pair form: `{"steps": [["carve",a,b], ["visit",c], ...],
/// "truncated": bool, "total": n}`; a door to the outside is cell -1.
pub(super) fn events<S: Shape>(shape: &S, trace: &Trace) -> String {
    let mut out = String::with_capacity(trace.events.len() * 16 + 64);
    out.push_str("{\"steps\":[");
    for (i, e) in trace.events.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let (code, a, b) = event_parts(shape, e);
        let name = EVENT_NAMES[code];
        let _ = match code {
            0 => write!(out, "[\"{name}\",{}]", a == 1),
            2 | 3 => write!(out, "[\"{name}\",{a},{b}]"),
            _ => write!(out, "[\"{name}\",{a}]"),
        };
    }
    let _ = write!(out, "],\"truncated\":{},\"total\":{}}}", trace.truncated(), trace.seen);
    out
}
