//! The page's compact answer (`GET /api/generate?packed=1`): a maze, its drawing and its
//! recorded steps as little-endian typed arrays, so the page reads a 10^6-cell maze without
//! parsing JSON (about 60 bytes per cell instead of about 400 as JSON with geometry).
//!
//! Layout: the four bytes `MZP1`, a `u32` header length, the header (UTF-8 JSON, padded with
//! spaces to a multiple of four bytes), then the sections in the order the header's
//! `"sections"` lists them (`{"name", "type", "count"}`, type one of `u8`, `i16`, `u32`,
//! `i32`, `f32`), each padded with zeros to a multiple of four bytes, so every section can
//! be read in place as a typed array. docs/API.md describes every section.

use std::fmt::Write as _;

use maze_core::{CellId, Maze, Point, Shape, Solution, Trace};
use maze_render::json::Provenance;

/// The most events sent per recording in the packed answer (12 bytes each); beyond it the
/// recording is cut and the header says `"truncated": true`. A 300 × 300 recursive
/// backtracker takes about 270,000.
pub const MAX_PACKED_EVENTS: usize = 2_000_000;

/// The header's number of possible mazes (`possible`, `possible_log10`: the shape's
/// spanning trees) is counted for mazes of at most this many cells...
pub const POSSIBLE_MOST_CELLS: u32 = 20_000;
/// ...whose count takes at most this much work (a few milliseconds; a 50 × 50 square maze).
pub const POSSIBLE_WORK: u64 = 20_000_000;

/// Outline and wall points are sent as offsets from their cell's centre in units of
/// 1/[`QUANTUM`] cell (`i16`: up to 64 cells away, to 0.002 of a cell).
pub const QUANTUM: f64 = 512.0;

/// What goes into the header besides the sections.
pub struct Head<'a> {
    /// How the maze was made.
    pub provenance: &'a Provenance,
    /// The length of the shortest route from entrance to exit.
    pub shortest: usize,
    /// The solver's name and its solution, when one was asked for.
    pub solution: Option<(&'a str, &'a Solution)>,
    /// The generator's recorded steps.
    pub recording: Option<&'a Trace>,
    /// The solver's recorded steps.
    pub solve_trace: Option<&'a Trace>,
}

/// The answer under construction: the header's sections and their bytes.
struct Packer {
    sections: String,
    body: Vec<u8>,
}

impl Packer {
    /// Names the next section in the header; its bytes follow, then [`Packer::pad`].
    fn begin(&mut self, name: &str, kind: &str, count: usize) {
        let _ = write!(
            self.sections,
            "{}{{\"name\":\"{name}\",\"type\":\"{kind}\",\"count\":{count}}}",
            if self.sections.is_empty() { "" } else { "," }
        );
    }

    /// Pads the body with zeros to a multiple of four bytes.
    fn pad(&mut self) {
        while self.body.len() % 4 != 0 {
            self.body.push(0);
        }
    }

    fn section(&mut self, name: &str, kind: &str, count: usize, bytes: &[u8]) {
        self.begin(name, kind, count);
        self.body.extend_from_slice(bytes);
        self.pad();
    }

    /// A section of numbers, each written by `bytes` (little-endian) straight into the body.
    fn numbers<T: Copy, const N: usize>(
        &mut self,
        name: &str,
        kind: &str,
        values: &[T],
        bytes: fn(T) -> [u8; N],
    ) {
        self.begin(name, kind, values.len());
        self.body.extend(values.iter().flat_map(|&v| bytes(v)));
        self.pad();
    }

    fn u32s(&mut self, name: &str, values: &[u32]) {
        self.numbers(name, "u32", values, u32::to_le_bytes);
    }

    fn i32s(&mut self, name: &str, values: &[i32]) {
        self.numbers(name, "i32", values, i32::to_le_bytes);
    }

    fn i16s(&mut self, name: &str, values: &[i16]) {
        self.numbers(name, "i16", values, i16::to_le_bytes);
    }

    fn f32s(&mut self, name: &str, values: &[f32]) {
        self.numbers(name, "f32", values, f32::to_le_bytes);
    }

    fn u8s(&mut self, name: &str, values: &[u8]) {
        self.section(name, "u8", values.len(), values);
    }
}

/// `p` as an offset from `centre`, in 1/[`QUANTUM`] cell.
fn offset(p: Point, centre: Point, out: &mut Vec<i16>) {
    let q = |v: f64| (v * QUANTUM).round().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16;
    out.push(q(p.x - centre.x));
    out.push(q(p.y - centre.y));
}

/// The events of a recording as `[code, a, b]` triples ([`super::event_parts`]).
fn events<S: Shape>(shape: &S, trace: &Trace) -> Vec<i32> {
    let mut out = Vec::with_capacity(trace.events.len().min(MAX_PACKED_EVENTS) * 3);
    for e in trace.events.iter().take(MAX_PACKED_EVENTS) {
        let (code, a, b) = super::event_parts(shape, e);
        out.extend_from_slice(&[code as i32, a as i32, b as i32]);
    }
    out
}

fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// The packed answer for `maze` (see the module docs).
pub fn page<S: Shape>(maze: &Maze<S>, head: &Head<'_>) -> Vec<u8> {
    let shape = maze.shape();
    let n = maze.cell_count();
    let mut p = Packer { sections: String::new(), body: Vec::with_capacity(n as usize * 64) };

    let centres: Vec<Point> = (0..n).map(|c| shape.centre(CellId(c))).collect();
    let flat: Vec<f32> = centres.iter().flat_map(|c| [c.x as f32, c.y as f32]).collect();
    p.f32s("centres", &flat);
    drop(flat);

    let mut starts = Vec::with_capacity(n as usize + 1);
    let mut points = Vec::with_capacity(n as usize * 8);
    for c in 0..n {
        starts.push((points.len() / 2) as u32);
        for q in shape.fill_outline(CellId(c)) {
            offset(q, centres[c as usize], &mut points);
        }
    }
    starts.push((points.len() / 2) as u32);
    p.u32s("outline_start", &starts);
    p.i16s("outline", &points);
    drop((starts, points));

    // Every wall once ([`super::each_wall`]); points as offsets from its cell's centre.
    let mut cells = Vec::new();
    let mut xy = Vec::new();
    let mut open = Vec::new();
    let mut arcs: Vec<f32> = Vec::new();
    let mut any_arc = false;
    let mut boundary = Vec::new();
    let mut boundary_xy = Vec::new();
    let mut boundary_open = Vec::new();
    let mut boundary_arcs: Vec<f32> = Vec::new();
    super::each_wall(maze, |w| {
        any_arc |= w.arc.is_some();
        let (x, y) = w.arc.map_or((f32::NAN, f32::NAN), |o| (o.x as f32, o.y as f32));
        let centre = centres[w.cell.index()];
        let [a, b] = w.ends;
        if let Some(o) = w.other {
            cells.extend_from_slice(&[w.cell.0, o.0]);
            offset(a, centre, &mut xy);
            offset(b, centre, &mut xy);
            open.push(u8::from(w.open));
            arcs.extend_from_slice(&[x, y]);
        } else {
            boundary.push(w.cell.0);
            offset(a, centre, &mut boundary_xy);
            offset(b, centre, &mut boundary_xy);
            boundary_open.push(u8::from(w.open));
            boundary_arcs.extend_from_slice(&[x, y]);
        }
    });
    p.u32s("wall_cells", &cells);
    p.i16s("wall_xy", &xy);
    p.u8s("wall_open", &open);
    p.u32s("boundary_cell", &boundary);
    p.i16s("boundary_xy", &boundary_xy);
    p.u8s("boundary_open", &boundary_open);
    if any_arc {
        p.f32s("wall_arc", &arcs);
        p.f32s("boundary_arc", &boundary_arcs);
    }
    drop((cells, xy, open, arcs, boundary, boundary_xy, boundary_open, boundary_arcs));

    // The stairs of a multi-level maze ([`super::each_stair`]): cell pairs, lower first.
    let mut stair_cells = Vec::new();
    let mut stair_open = Vec::new();
    super::each_stair(maze, |a, b, open| {
        stair_cells.extend_from_slice(&[a.0, b.0]);
        stair_open.push(u8::from(open));
    });
    if !stair_open.is_empty() {
        p.u32s("stair_cells", &stair_cells);
        p.u8s("stair_open", &stair_open);
    }

    // The crossings of a woven maze: crossing k's cell (its over layer) and which passage
    // is on top (0 east-west, 1 north-south); its under cell is cell `width * height + k`.
    let spec = shape.spec();
    if let Some(maze_core::WeaveLayout::Placed(crossings)) = &spec.weave {
        let cells: Vec<u32> = crossings.iter().map(|(c, _)| c.0).collect();
        let over: Vec<u8> = crossings.iter().map(|(_, o)| o.code() as u8).collect();
        p.u32s("crossing_cells", &cells);
        p.u8s("crossing_over", &over);
    }

    if let Some((_, sol)) = head.solution {
        p.u32s("path", &sol.path.iter().map(|c| c.0).collect::<Vec<_>>());
        p.u32s("visited", &sol.visited.iter().map(|c| c.0).collect::<Vec<_>>());
    }
    let recording = |t: &Trace| {
        format!(
            "{{\"total\":{},\"truncated\":{}}}",
            t.seen,
            t.truncated() || t.events.len() > MAX_PACKED_EVENTS
        )
    };
    if let Some(t) = head.recording {
        p.i32s("events", &events(shape, t));
    }
    if let Some(t) = head.solve_trace {
        p.i32s("solve_events", &events(shape, t));
    }

    let ext = shape.extent();
    let ids = |v: &[CellId]| v.iter().map(|c| c.0.to_string()).collect::<Vec<_>>().join(",");
    let mut header = String::from("{\"format\":\"maze-page\",\"version\":1");
    let _ = write!(
        header,
        ",\"shape\":{{\"kind\":{},\"width\":{},\"height\":{}",
        quoted(spec.kind.name()),
        spec.width,
        spec.height
    );
    // As in the JSON file: present only when the borders wrap or there are levels.
    if spec.wrap.any() {
        let _ = write!(header, ",\"wrap\":{}", quoted(spec.wrap.name()));
    }
    if spec.levels > 1 {
        let _ = write!(header, ",\"levels\":{}", spec.levels);
    }
    // A woven maze: its crossings are in the sections crossing_cells and crossing_over.
    if let Some(maze_core::WeaveLayout::Placed(crossings)) = &spec.weave {
        let _ = write!(header, ",\"crossings\":{}", crossings.len());
    }
    header.push('}');
    if let Some(a) = &head.provenance.algorithm {
        let _ = write!(header, ",\"algorithm\":{}", quoted(a));
    }
    if let Some(seed) = head.provenance.seed {
        let _ = write!(header, ",\"seed\":{seed}");
    }
    let _ = write!(
        header,
        ",\"cells\":{n},\"entrance\":{},\"exit\":{},\"starts\":[{}],\"ends\":[{}],\"shortest\":{}",
        maze.entrance().0,
        maze.exit().0,
        ids(&maze.starts),
        ids(&maze.ends),
        head.shortest
    );
    let _ = write!(header, ",\"extent\":[{},{}],\"quantum\":{QUANTUM}", ext.x, ext.y);
    // How many perfect mazes the shape has (its spanning trees), when that is quick to count.
    if n <= POSSIBLE_MOST_CELLS {
        let count = maze_core::spanning::spanning_trees_cached_within(shape, POSSIBLE_WORK);
        if let Some(exact) = count.exact {
            let _ = write!(header, ",\"possible\":{exact}");
        }
        if let Some(log10) = count.log10 {
            let _ = write!(header, ",\"possible_log10\":{log10:.3}");
        }
    }
    if let Some((name, _)) = head.solution {
        let _ = write!(header, ",\"solution\":{}", quoted(name));
    }
    if let Some(t) = head.recording {
        let _ = write!(header, ",\"events\":{}", recording(t));
    }
    if let Some(t) = head.solve_trace {
        let _ = write!(header, ",\"solve_events\":{}", recording(t));
    }
    let _ = write!(header, ",\"sections\":[{}]}}", p.sections);
    while header.len() % 4 != 0 {
        header.push(' ');
    }
    let mut prefix = Vec::with_capacity(8 + header.len());
    prefix.extend_from_slice(b"MZP1");
    prefix.extend_from_slice(&(header.len() as u32).to_le_bytes());
    prefix.extend_from_slice(header.as_bytes());
    // The prefix goes in front of the body within the body's own allocation (a large one
    // grows in place, by mremap), so the answer is never held twice: a 10^6-cell answer is
    // about 100 MB.
    let mut out = p.body;
    out.reserve(prefix.len());
    out.splice(0..0, prefix);
    out
}
