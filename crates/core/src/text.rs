//! Text pictures of mazes: document 004's picture with S, E and the path.
//!
//! Square mazes are drawn with `+--+` and `|` ([`Style::Ascii`]) or box-drawing characters
//! ([`Style::Unicode`]); hexagons and triangles get ASCII art of their own (`/ \ |` for
//! pointy-top hexagons, `/ \ __` for flat-top sigma cells, `/\_` for triangles). Marks: `S` start, `E` end, the path (`*` or `█`) and the other cells the solver
//! explored (`.` or `░`) — document 000's black path and grey traversed cells.

use crate::math;
use crate::maze::Maze;
use crate::shape::{
    CellId, Crossings, Door, DoorKind, HexDoor, Over, Point, Shape, SigmaDoor, SquareDoor, TextGrid,
    TextLattice, TextLevels, Triangle, TriangleDoor,
};
use crate::solve::{Route, Solution, answer_key};

/// Which characters to draw with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// Plain ASCII: `+--+`, `|`, `*` for the path, `.` for explored cells.
    #[default]
    Ascii,
    /// Box drawing for square mazes, `█` for the path and `░` for explored cells.
    Unicode,
}

/// What a cell shows, in increasing priority (a cell shows the strongest of its marks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Mark {
    /// Nothing.
    #[default]
    Empty,
    /// In zone number `n` (below 26) while a maze is built, document 000's coloured zones:
    /// the letter `a` + `n`, so a front end can colour each letter.
    Zone(u8),
    /// Explored by a solver, or a breadcrumb of a player (`.` / `░`).
    Visited,
    /// Waiting in an algorithm's frontier (`+`).
    Frontier,
    /// On the solution path (`*` / `█`).
    Path,
    /// On a MultiMaze answer key's route: the cell filled with the route's symbol
    /// ([`ROUTE_SYMBOLS`]), or with the symbol the legend gives the routes that share it.
    Route(char),
    /// The cell an algorithm is working on (`#`).
    Current,
    /// An end (`E`).
    End,
    /// A MultiMaze end on the answer key: `E` and the symbol of the route that reaches it
    /// (of the routes, when several share it), `E1`.
    EndOf(char),
    /// A start (`S`).
    Start,
    /// A MultiMaze start on the answer key: `S` and its route's symbol, `S1`.
    StartOf(char),
    /// The player (`@`).
    Player,
    /// Not seen yet (a game's fog of war): the cell is drawn blank, and so are its walls
    /// but those it shares with a cell in view.
    Hidden,
}

/// The marks of every cell for a maze and solution: start/end dots, path, explored cells.
pub fn marks<S: Shape>(maze: &Maze<S>, solution: Option<&Solution>) -> Vec<Mark> {
    let mut marks = vec![Mark::Empty; maze.cell_count() as usize];
    let mut set = |c: CellId, m: Mark| {
        let slot = &mut marks[c.index()];
        *slot = (*slot).max(m);
    };
    if let Some(sol) = solution {
        sol.visited.iter().for_each(|&c| set(c, Mark::Visited));
        sol.path.iter().for_each(|&c| set(c, Mark::Path));
    }
    set(maze.entrance(), Mark::Start);
    set(maze.exit(), Mark::End);
    maze.starts.iter().for_each(|&c| set(c, Mark::Start));
    maze.ends.iter().for_each(|&c| set(c, Mark::End));
    marks
}

/// The characters inside a cell `width` columns wide.
fn fill(mark: Mark, style: Style, width: usize) -> String {
    let (path, visited) = match style {
        Style::Ascii => ('*', '.'),
        Style::Unicode => ('█', '░'),
    };
    let centred = |c: char| {
        let mut s = " ".repeat(width);
        let mid = (width - 1) / 2;
        s.replace_range(mid..mid + 1, &c.to_string());
        s
    };
    // A letter and a symbol after it (only the letter in a one-character cell).
    let labelled = |letter: char, symbol: char| {
        let mut s = centred(letter);
        let at = (width - 1) / 2 + 1;
        if at < width {
            s.replace_range(at..at + 1, &symbol.to_string());
        }
        s
    };
    match mark {
        Mark::Empty | Mark::Hidden => " ".repeat(width),
        Mark::Start => centred('S'),
        Mark::End => centred('E'),
        Mark::StartOf(c) => labelled('S', c),
        Mark::EndOf(c) => labelled('E', c),
        Mark::Route(c) => c.to_string().repeat(width),
        Mark::Player => centred('@'),
        Mark::Current => centred('#'),
        Mark::Frontier => centred('+'),
        Mark::Path => path.to_string().repeat(width),
        Mark::Visited => visited.to_string().repeat(width),
        Mark::Zone(n) => char::from(b'a' + n % 26).to_string().repeat(width),
    }
}

/// Draws the maze (and a solution, if given) as text, lines ending in `\n`.
///
/// Square, hexagonal and triangular mazes (masked or not) have character pictures of their
/// own; other shapes get a dot drawing of their walls (braille with
/// [`Style::Unicode`]), a terminal view rather than an exact picture.
///
/// A solved MultiMaze ([`Maze::is_multi`]) shows its answer key ([`answer_key`]) instead of
/// the one solution: every start joined to its own end, each route drawn in its own symbol
/// ([`ROUTE_SYMBOLS`]: `1`, `2`, ...) through its cells and the gaps between them, its start
/// and end marked `S1` and `E1`; cells and gaps that several routes share take a capital
/// of their own ([`SHARED_SYMBOLS`]), which a legend under the picture explains
/// (`Shared: A = routes 1+2`). Every step of a
/// route is drawn, between marked cells too, so a route reads as one unbroken line.
pub fn render<S: Shape>(maze: &Maze<S>, solution: Option<&Solution>, style: Style) -> String {
    if maze.is_multi() && solution.is_some() {
        let key = Key::new(maze, &answer_key(maze));
        let mut out = draw(maze, &key.marks, &|a, b| key.joins.get(&pair(a, b)).copied(), style);
        out.push_str(&key.legend);
        return out;
    }
    let marks = marks(maze, solution);
    let path = fill(Mark::Path, style, 1).chars().next().unwrap_or('*');
    let joins: std::collections::HashSet<(u32, u32)> =
        solution.map(|sol| sol.path.windows(2).map(|w| pair(w[0], w[1])).collect()).unwrap_or_default();
    draw(maze, &marks, &|a, b| joins.contains(&pair(a, b)).then_some(path), style)
}

/// The symbols of a MultiMaze answer key's routes in a text picture, in the key's order:
/// route 1 is `1`, route 10 `a`. Routes past the last symbol are drawn [`MANY_ROUTES`].
pub const ROUTE_SYMBOLS: &str = "123456789abcdefghijklmnopqrstuvwxyz";

/// The symbols of the sets of routes that share a cell or a gap, in the order they are
/// met (`S` and `E` are left out, as they mark the dots); the legend names each set's
/// routes. Sets past the last symbol are drawn [`MANY_ROUTES`].
pub const SHARED_SYMBOLS: &str = "ABCDFGHIJKLMNOPQRTUVWXYZ";

/// What draws a route, or a set of routes, that the symbols ran out for.
pub const MANY_ROUTES: char = '#';

/// A join's key: the two cells in order.
fn pair(a: CellId, b: CellId) -> (u32, u32) {
    (a.0.min(b.0), a.0.max(b.0))
}

/// A MultiMaze answer key as a text picture draws it: a mark for every cell, the symbol
/// of every join between consecutive cells of a route, and the legend under the picture.
struct Key {
    marks: Vec<Mark>,
    joins: std::collections::HashMap<(u32, u32), char>,
    legend: String,
}

impl Key {
    fn new<S: Shape>(maze: &Maze<S>, key: &[Route]) -> Key {
        use std::collections::{BTreeMap, HashMap};
        // The routes through each cell and along each join, in the key's order.
        let mut cells: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
        let mut steps: BTreeMap<(u32, u32), Vec<usize>> = BTreeMap::new();
        for (i, route) in key.iter().enumerate() {
            for &c in &route.path {
                let on = cells.entry(c.0).or_default();
                if on.last() != Some(&i) {
                    on.push(i);
                }
            }
            for w in route.path.windows(2) {
                let on = steps.entry(pair(w[0], w[1])).or_default();
                if on.last() != Some(&i) {
                    on.push(i);
                }
            }
        }
        // One symbol per route; one per set of routes sharing something drawn.
        let mut shared: Vec<(Vec<usize>, char)> = Vec::new();
        let mut symbol = |routes: &[usize]| -> char {
            if let [one] = routes {
                return ROUTE_SYMBOLS.chars().nth(*one).unwrap_or(MANY_ROUTES);
            }
            if let Some((_, c)) = shared.iter().find(|(r, _)| r == routes) {
                return *c;
            }
            let c = SHARED_SYMBOLS.chars().nth(shared.len()).unwrap_or(MANY_ROUTES);
            shared.push((routes.to_vec(), c));
            c
        };
        // The dots first (a start shows its own route, an end the routes that reach it),
        // then the other cells of the routes.
        let mut marks = vec![Mark::Empty; maze.cell_count() as usize];
        for (i, route) in key.iter().enumerate() {
            marks[route.start.index()] = Mark::StartOf(symbol(&[i]));
        }
        let ends = if maze.ends.is_empty() { vec![maze.exit()] } else { maze.ends.clone() };
        for &e in &ends {
            let routes: Vec<usize> =
                key.iter().enumerate().filter(|(_, r)| r.end == e).map(|(i, _)| i).collect();
            marks[e.index()] = if routes.is_empty() { Mark::End } else { Mark::EndOf(symbol(&routes)) };
        }
        let starts = if maze.starts.is_empty() { vec![maze.entrance()] } else { maze.starts.clone() };
        for &st in &starts {
            if marks[st.index()] == Mark::Empty {
                marks[st.index()] = Mark::Start;
            }
        }
        for (&c, routes) in &cells {
            if marks[c as usize] == Mark::Empty {
                marks[c as usize] = Mark::Route(symbol(routes));
            }
        }
        let joins: HashMap<(u32, u32), char> = steps.iter().map(|(&p, routes)| (p, symbol(routes))).collect();
        let mut legend = String::from(
            "Answer key: each S is joined to its E by the route of its symbol (S1 to E1 along 1s, and so on).\n",
        );
        let routes = |set: &[usize]| set.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join("+");
        let named: Vec<String> = shared
            .iter()
            .filter(|(_, c)| *c != MANY_ROUTES)
            .map(|(set, c)| format!("{c} = routes {}", routes(set)))
            .collect();
        if !named.is_empty() {
            legend.push_str("Shared: ");
            legend.push_str(&named.join(", "));
            legend.push('\n');
        }
        let count = ROUTE_SYMBOLS.chars().count();
        if key.len() > count {
            legend.push_str(&format!(
                "{MANY_ROUTES} = routes {} to {} (more routes than symbols)\n",
                count + 1,
                key.len()
            ));
        }
        if shared.iter().any(|(_, c)| *c == MANY_ROUTES) {
            legend.push_str(&format!("{MANY_ROUTES} = shared by routes (more shared parts than symbols)\n"));
        }
        Key { marks, joins, legend }
    }
}

/// Draws the maze with one [`Mark`] per cell (`marks[cell id]`), for front ends that show
/// their own state (a player, breadcrumbs, an algorithm's frontier).
///
/// # Panics
/// Panics if `marks` has fewer entries than the maze has cells.
///
/// The gap between two neighbouring cells is filled as the path (a trail's steps read as
/// one line) when both are on it ([`Mark::Path`] or stronger) and one of them is a path cell.
pub fn render_marks<S: Shape>(maze: &Maze<S>, marks: &[Mark], style: Style) -> String {
    assert!(marks.len() >= maze.cell_count() as usize, "one mark per cell");
    let path = fill(Mark::Path, style, 1).chars().next().unwrap_or('*');
    let on = |c: CellId| marks[c.index()] >= Mark::Path;
    let trail = |a: CellId, b: CellId| {
        (on(a) && on(b) && (marks[a.index()] == Mark::Path || marks[b.index()] == Mark::Path)).then_some(path)
    };
    draw(maze, marks, &trail, style)
}

/// What fills the gap between two neighbouring cells through an open door: `Some(symbol)`
/// for a step of a route, `None` for a blank.
type Join<'a> = dyn Fn(CellId, CellId) -> Option<char> + 'a;

/// [`render_marks`] with the joins given.
fn draw<S: Shape>(maze: &Maze<S>, marks: &[Mark], join: &Join<'_>, style: Style) -> String {
    match maze.shape().text_grid() {
        Some(grid) => picture(maze, &grid, marks, join, style),
        None => drawing(maze, marks, style),
    }
}

/// The character picture of a shape with a [`TextGrid`]: its lattice, or for a stack of
/// levels each level's lattice side by side.
fn picture<S: Shape>(
    maze: &Maze<S>,
    grid: &TextGrid<S::Door>,
    marks: &[Mark],
    join: &Join<'_>,
    style: Style,
) -> String {
    let place = |b: u32| match &grid.cells {
        None => Some(CellId(b)),
        Some(cells) => cells.get(b as usize).filter(|&&c| c != u32::MAX).map(|&c| CellId(c)),
    };
    let Some(stack) = &grid.levels else {
        return lattice(maze, &grid.lattice, place, marks, join, style);
    };
    // In each cell, the stairs' mark goes in the last column of its inside, which square
    // and hexagon pictures leave blank off the path (triangles have no such column).
    #[derive(Clone, Copy)]
    enum Cells {
        Square,
        Hex,
        Sigma,
    }
    let (width, cells) = match grid.lattice {
        TextLattice::Square { width, .. } => (width, Cells::Square),
        TextLattice::Hex { width, .. } => (width, Cells::Hex),
        TextLattice::Sigma { width, .. } => (width, Cells::Sigma),
        TextLattice::Triangle { .. } => return drawing(maze, marks, style),
    };
    let stair_at = |b: u32| {
        let (x, y) = ((b % width) as usize, (b / width) as usize);
        match cells {
            Cells::Square => (2 * y + 1, 3 * x + 2),
            Cells::Hex => (2 * y + 1, 4 * x + 2 * (y % 2) + 3),
            Cells::Sigma => (2 * y + x % 2 + 1, 3 * x + 2),
        }
    };
    let per_level = maze.cell_count() / stack.count.max(1);
    let at = |l: u32, b: u32| place(b).map(|c| CellId(l * per_level + c.0));
    levels(maze, stack, grid.lattice.places(), style, at, stair_at, |l| {
        lattice(maze, &grid.lattice, |b| at(l, b), marks, join, style)
    })
}

/// One lattice's picture: `at(place)` is the maze cell at each place of it (`None`: blank).
fn lattice<S: Shape>(
    maze: &Maze<S>,
    lattice: &TextLattice<S::Door>,
    at: impl Fn(u32) -> Option<CellId>,
    marks: &[Mark],
    join: &Join<'_>,
    style: Style,
) -> String {
    // A hidden cell is drawn as no cell: blank, walled only where a cell in view has a wall.
    let at = |place: u32| at(place).filter(|c| marks[c.index()] != Mark::Hidden);
    let shape = maze.shape();
    // What an open door shows: blank, or the symbol of the route stepping through it.
    let gap = |c: CellId, door: S::Door| {
        if maze.is_open(c, door) { Some(shape.neighbour(c, door).and_then(|b| join(c, b))) } else { None }
    };
    match lattice {
        &TextLattice::Square { width: w, height: h, ref doors, ref crossings } => match crossings {
            None => {
                let open = |c, d: SquareDoor| maze.is_open(c, doors[usize::from(d.index())]);
                square((w, h), |x, y| at(y * w + x), open, marks, join, style)
            }
            Some(crossings) => woven(maze, (w, h), crossings, doors, marks, join, style),
        },
        &TextLattice::Hex { width, height, ref doors } => {
            let gap = |c, d: HexDoor| gap(c, doors[usize::from(d.index())]);
            hex((width, height), |c| at(c.0), gap, marks, style)
        }
        &TextLattice::Sigma { width, height, ref doors } => {
            let gap = |c, d: SigmaDoor| gap(c, doors[usize::from(d.index())]);
            sigma((width, height), |c| at(c.0), gap, marks, style)
        }
        TextLattice::Triangle { shape, doors } => {
            let gap = |c, d: TriangleDoor| gap(c, doors[usize::from(d.index())]);
            triangle(shape, |c| at(c.0), gap, marks, style)
        }
    }
}

/// Dots per unit of the shape's drawing, horizontally and vertically, at scale 1: a square
/// cell is 4 characters wide and 2 lines tall (terminal characters are about twice as tall
/// as they are wide), 8 × 8 braille dots.
const DOTS_PER_UNIT: f64 = 8.0;

/// A dot drawing of any shape, for shapes without a character picture of their own
/// (circular, octagon-and-square): the walls are rasterised
/// onto braille dots ([`Style::Unicode`], 2 × 4 dots per character) or onto `-|/\+`
/// characters ([`Style::Ascii`]), and each marked cell shows its mark at its centre.
///
/// The scale grows until the narrowest cell leaves its centre character clear of walls.
/// Time and memory are linear in the drawing's area.
fn drawing<S: Shape>(maze: &Maze<S>, marks: &[Mark], style: Style) -> String {
    let shape = maze.shape();
    let n = maze.cell_count();
    // The least distance from a cell's centre to one of its walls (straight walls; for an
    // arc, its chord, which lies nearer): a mark's character reaches up to about 4 dots
    // from the centre, so the walls must be farther than that.
    let mut inner = f64::INFINITY;
    for c in 0..n {
        let cell = CellId(c);
        let o = shape.centre(cell);
        for d in
            shape.doors(cell).iter().filter(|&d| !matches!(shape.door_kind(cell, d), DoorKind::Stair { .. }))
        {
            let [a, b] = shape.wall_segment(cell, d);
            let (vx, vy) = (b.x - a.x, b.y - a.y);
            let len2 = (vx * vx + vy * vy).max(1e-12);
            let t = (((o.x - a.x) * vx + (o.y - a.y) * vy) / len2).clamp(0.0, 1.0);
            inner = inner.min(math::hypot(a.x + t * vx - o.x, a.y + t * vy - o.y));
        }
    }
    let scale = if inner.is_finite() && inner > 0.0 { (0.6 / inner).clamp(1.0, 8.0) } else { 1.0 };
    let unit = DOTS_PER_UNIT * scale;
    let extent = shape.extent();
    let cols = ((extent.x * unit / 2.0).ceil() as usize) + 1;
    let rows = ((extent.y * unit / 4.0).ceil() as usize) + 1;
    let (dw, dh) = (cols * 2, rows * 4);
    // Braille: one flag per dot. ASCII: per character, the wall that last drew there and
    // its stroke, so two walls meeting make a `+`.
    let mut dots = vec![false; dw * dh];
    let mut strokes: Vec<Option<(u64, char)>> = vec![None; cols * rows];
    let mut plot = |p: Point, (tx, ty): (f64, f64), wall: u64| {
        let (x, y) = ((p.x * unit).round(), (p.y * unit).round());
        if x < 0.0 || y < 0.0 || (x as usize) >= dw || (y as usize) >= dh {
            return;
        }
        let (x, y) = (x as usize, y as usize);
        dots[y * dw + x] = true;
        // The stroke that follows the wall on screen (a character is twice as tall as wide).
        let (sx, sy) = (tx, ty / 2.0);
        let stroke = if sy.abs() <= sx.abs() * 0.45 {
            '-'
        } else if sx.abs() <= sy.abs() * 0.45 {
            '|'
        } else if (sx > 0.0) == (sy > 0.0) {
            '\\'
        } else {
            '/'
        };
        let slot = &mut strokes[(y / 4) * cols + x / 2];
        *slot = match *slot {
            Some((w, s)) if w != wall && s != stroke => Some((wall, '+')),
            Some((w, '+')) if w != wall => Some((wall, '+')),
            _ => Some((wall, stroke)),
        };
    };
    for c in 0..n {
        let cell = CellId(c);
        for d in shape.doors(cell).iter() {
            if !shape.draws_wall(cell, d) || maze.is_open(cell, d) {
                continue;
            }
            let hidden = |c: CellId| marks[c.index()] == Mark::Hidden;
            if hidden(cell) && shape.neighbour(cell, d).is_none_or(hidden) {
                continue;
            }
            let wall = shape.wall(cell, d).0;
            let [a, b] = shape.wall_segment(cell, d);
            match shape.wall_arc(cell, d) {
                Some(o) => {
                    let r = math::hypot(a.x - o.x, a.y - o.y);
                    let start = math::atan2(a.y - o.y, a.x - o.x);
                    let mut span = math::atan2(b.y - o.y, b.x - o.x) - start;
                    while span > std::f64::consts::PI {
                        span -= std::f64::consts::TAU;
                    }
                    while span < -std::f64::consts::PI {
                        span += std::f64::consts::TAU;
                    }
                    let steps = ((r * span.abs() * unit * 2.0).ceil() as usize).max(1);
                    for k in 0..=steps {
                        let t = start + span * k as f64 / steps as f64;
                        let (sin, cos) = (math::sin(t), math::cos(t));
                        plot(Point { x: o.x + r * cos, y: o.y + r * sin }, (-sin, cos), wall);
                    }
                }
                None => {
                    let steps = ((math::hypot(b.x - a.x, b.y - a.y) * unit * 2.0).ceil() as usize).max(1);
                    for k in 0..=steps {
                        let t = k as f64 / steps as f64;
                        plot(
                            Point { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t },
                            (b.x - a.x, b.y - a.y),
                            wall,
                        );
                    }
                }
            }
        }
    }
    let mut grid: Vec<Vec<char>> = (0..rows)
        .map(|row| {
            (0..cols)
                .map(|col| match style {
                    Style::Unicode => braille(|dx, dy| dots[(row * 4 + dy) * dw + col * 2 + dx]),
                    Style::Ascii => strokes[row * cols + col].map_or(' ', |(_, s)| s),
                })
                .collect()
        })
        .collect();
    for c in 0..n {
        let mark = marks[c as usize];
        if matches!(mark, Mark::Empty | Mark::Hidden) {
            continue;
        }
        let cell = CellId(c);
        let p = shape.centre(cell);
        // The character holding the centre or, when a wall runs through it, the nearest
        // blank character around it that is still nearer this cell's centre than any
        // neighbour's (so the mark stays inside its cell).
        let others: Vec<Point> = shape
            .doors(cell)
            .iter()
            .filter_map(|d| shape.neighbour(cell, d))
            .map(|b| shape.centre(b))
            .collect();
        let dist2 = |a: Point, b: Point| (a.x - b.x).powi(2) + (a.y - b.y).powi(2);
        let (col, row) = ((p.x * unit / 2.0) as i64, (p.y * unit / 4.0) as i64);
        let mut best: Option<(f64, usize, usize)> = None;
        for (dr, dc) in (-1..=1).flat_map(|r| (-2..=2).map(move |c| (r, c))) {
            let (r, k) = (row + dr, col + dc);
            let Some(&ch) = usize::try_from(r)
                .ok()
                .and_then(|r| grid.get(r))
                .and_then(|l| usize::try_from(k).ok().and_then(|k| l.get(k)))
            else {
                continue;
            };
            let at = Point { x: (k as f64 + 0.5) * 2.0 / unit, y: (r as f64 + 0.5) * 4.0 / unit };
            let d = dist2(at, p);
            if ch == ' ' && others.iter().all(|&o| dist2(at, o) > d) && best.is_none_or(|b| d < b.0) {
                best = Some((d, r as usize, k as usize));
            }
        }
        let (row, col) = best.map_or((row.max(0) as usize, col.max(0) as usize), |b| (b.1, b.2));
        if let Some(slot) = grid.get_mut(row).and_then(|r| r.get_mut(col)) {
            *slot = fill(mark, style, 1).chars().next().unwrap_or(' ');
        }
    }
    let mut out = String::with_capacity(rows * (cols + 1));
    for line in grid {
        let line: String = line.into_iter().collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The braille character with the dots `dot(column 0..2, row 0..4)` raised.
fn braille(dot: impl Fn(usize, usize) -> bool) -> char {
    // Unicode's dot numbering: 1-2-3 and 7 down the left column, 4-5-6 and 8 down the right.
    const BITS: [[u32; 4]; 2] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];
    let mut code = 0;
    for (x, column) in BITS.iter().enumerate() {
        for (y, bit) in column.iter().enumerate() {
            if dot(x, y) {
                code |= bit;
            }
        }
    }
    if code == 0 { ' ' } else { char::from_u32(0x2800 + code).unwrap_or('+') }
}

/// Box-drawing corner with arms up, right, down, left (bits 1, 2, 4, 8).
const BOX: [char; 16] = [' ', '╵', '╶', '└', '╷', '│', '┌', '├', '╴', '┘', '─', '┴', '┐', '┤', '┬', '┼'];

/// Whether [`render`] draws a picture of this maze (its shape has a
/// [`text_grid`](Shape::text_grid): square, hex and triangle cells, masked or not, wrapped,
/// woven or in levels) rather than a dot drawing: only these pictures are exact, so only
/// these are offered as the text output format.
pub fn has_picture<S: Shape>(maze: &Maze<S>) -> bool {
    maze.shape().text_grid().is_some()
}

/// Square cells, `w × h` of them, perhaps masked: `at(x, y)` is the maze cell at column x,
/// row y (`None` where the mask removed it: drawn blank, walled off from its neighbours),
/// `open(cell, door)` whether a door is open. A seam of a wrapped maze is a border wall
/// like any other here: open, it leaves a gap in both borders.
fn square(
    (w, h): (u32, u32),
    at: impl Fn(u32, u32) -> Option<CellId>,
    open: impl Fn(CellId, SquareDoor) -> bool,
    marks: &[Mark],
    join: &Join<'_>,
    style: Style,
) -> String {
    let cell_at = |x: u32, y: u32| if x < w && y < h { at(x, y) } else { None };
    // Closed horizontal wall above row y (y == h: the bottom edge), column x.
    let hwall = |x: u32, y: u32| {
        let above = if y > 0 { cell_at(x, y - 1) } else { None };
        match (above, cell_at(x, y)) {
            (_, Some(b)) => !open(b, SquareDoor::North),
            (Some(a), None) => !open(a, SquareDoor::South),
            (None, None) => false,
        }
    };
    // Closed vertical wall left of column x (x == w: the right edge), row y.
    let vwall = |x: u32, y: u32| {
        let left = if x > 0 { cell_at(x - 1, y) } else { None };
        match (left, cell_at(x, y)) {
            (_, Some(b)) => !open(b, SquareDoor::West),
            (Some(a), None) => !open(a, SquareDoor::East),
            (None, None) => false,
        }
    };
    let mark = |x: u32, y: u32| cell_at(x, y).map(|c| marks[c.index()]);
    let joined = |(ax, ay): (u32, u32), (bx, by): (u32, u32)| join(cell_at(ax, ay)?, cell_at(bx, by)?);
    let mut out = String::with_capacity(((3 * w as usize + 2) * (2 * h as usize + 1)) * 2);
    for y in 0..=h {
        square_band(&mut out, (w, h), y, &hwall, &vwall, &mark, &joined, style);
    }
    out
}

/// Appends one band of a square maze's text picture to `out`: the line of walls above row
/// `y` (for `y == h`, the bottom line) and, for `y < h`, the row itself, each ending in
/// `\n`. The picture of a `w × h` maze is bands `0..=h`; a maze made row by row can be
/// printed band by band (`maze generate --stream`), since band `y` asks only about the
/// walls on line `y` and in rows `y - 1` and `y`, and the marks of those rows:
/// `hwall(x, y)` whether the wall above cell `(x, y)` is closed, `vwall(x, y)` the wall left
/// of it (`x == w`: the right edge), `mark(x, y)` the cell's mark (`None`: no cell),
/// `join(a, b)` what fills the open gap between the neighbouring cells at `a` and `b` (a
/// route's step: its symbol; `None`: blank).
#[allow(clippy::too_many_arguments)]
pub fn square_band(
    out: &mut String,
    (w, h): (u32, u32),
    y: u32,
    hwall: &impl Fn(u32, u32) -> bool,
    vwall: &impl Fn(u32, u32) -> bool,
    mark: &impl Fn(u32, u32) -> Option<Mark>,
    join: &impl Fn((u32, u32), (u32, u32)) -> Option<char>,
    style: Style,
) {
    let (hseg, vseg) = match style {
        Style::Ascii => ("--", '|'),
        Style::Unicode => ("──", '│'),
    };
    let corner = |x: u32, y: u32| -> char {
        if style == Style::Ascii {
            return '+';
        }
        let up = y > 0 && vwall(x, y - 1);
        let down = y < h && vwall(x, y);
        let left = x > 0 && hwall(x - 1, y);
        let right = x < w && hwall(x, y);
        BOX[usize::from(up) | usize::from(right) << 1 | usize::from(down) << 2 | usize::from(left) << 3]
    };
    // A route is drawn as one line: the gaps between its steps are filled too.
    for x in 0..w {
        out.push(corner(x, y));
        if hwall(x, y) {
            out.push_str(hseg);
        } else if let Some(c) = (y > 0 && y < h).then(|| join((x, y - 1), (x, y))).flatten() {
            out.push(c);
            out.push(c);
        } else {
            out.push_str("  ");
        }
    }
    out.push(corner(w, y));
    out.push('\n');
    if y == h {
        return;
    }
    for x in 0..=w {
        let joined = (x > 0 && x < w).then(|| join((x - 1, y), (x, y))).flatten();
        out.push(if vwall(x, y) { vseg } else { joined.unwrap_or(' ') });
        if x < w {
            match mark(x, y) {
                None | Some(Mark::Empty) => out.push_str("  "),
                Some(m) => out.push_str(&fill(m, style, 2)),
            }
        }
    }
    out.push('\n');
}

/// A woven maze's picture: the square picture with both layers of each crossing in one
/// place (its doors read from the layer that has them, its mark the stronger of the two),
/// and a crossing off the path showing which passage goes over: `==` east–west, `||`
/// north–south (`══`, `║║` in [`Style::Unicode`]).
///
/// The maze's cells are the `w × h` square cells, then the crossings' under cells in rank
/// order; `doors` are the maze's doors for the [`SquareDoor`]s.
fn woven<S: Shape>(
    maze: &Maze<S>,
    (w, h): (u32, u32),
    crossings: &Crossings,
    doors: &[S::Door; 4],
    marks: &[Mark],
    join: &Join<'_>,
    style: Style,
) -> String {
    let squares = w * h;
    let under = |c: CellId| crossings.at(c.0).map(|(k, _)| CellId(squares + k));
    // A step to or from a crossing may go through either of its layers.
    let layers = |c: CellId| std::iter::once(c).chain(under(c));
    let join = |a: CellId, b: CellId| layers(a).find_map(|a| layers(b).find_map(|b| join(a, b)));
    // A crossing shows the stronger mark of its two layers; it is hidden (fog of war) only
    // when both are.
    let mut merged = marks[..squares as usize].to_vec();
    for (c, _) in crossings.iter() {
        if let Some(u) = under(c) {
            let seen = |m: Mark| (m != Mark::Hidden).then_some(m);
            merged[c.index()] = seen(merged[c.index()]).max(seen(marks[u.index()])).unwrap_or(Mark::Hidden);
        }
    }
    let shape = maze.shape();
    let open = |c: CellId, d: SquareDoor| {
        let door = doors[usize::from(d.index())];
        let layer = if shape.doors(c).contains(door) { c } else { under(c).unwrap_or(c) };
        maze.is_open(layer, door)
    };
    let shown = |x: u32, y: u32| Some(CellId(y * w + x)).filter(|c| merged[c.index()] != Mark::Hidden);
    let picture = square((w, h), shown, open, &merged, &join, style);
    let mut lines: Vec<Vec<char>> = picture.lines().map(|l| l.chars().collect()).collect();
    for (c, over) in crossings.iter() {
        if !matches!(merged[c.index()], Mark::Empty | Mark::Visited | Mark::Zone(_)) {
            continue;
        }
        let glyph = match (over, style) {
            (Over::EastWest, Style::Ascii) => '=',
            (Over::NorthSouth, Style::Ascii) => '|',
            (Over::EastWest, Style::Unicode) => '═',
            (Over::NorthSouth, Style::Unicode) => '║',
        };
        let (x, y) = ((c.0 % w) as usize, (c.0 / w) as usize);
        if let Some(line) = lines.get_mut(2 * y + 1) {
            for col in [3 * x + 1, 3 * x + 2] {
                if line.len() <= col {
                    line.resize(col + 1, ' ');
                }
                line[col] = glyph;
            }
        }
    }
    let mut out = String::with_capacity(picture.len());
    for line in lines {
        out.extend(line);
        out.push('\n');
    }
    out
}

/// A multi-level maze's picture: each level drawn by `level(l)`, side by side from the
/// bottom level, under a heading, three columns apart. In each cell an open stair shows
/// beside the cell's mark: `^` up, `v` down, `X` both (`↑`, `↓`, `↕` in
/// [`Style::Unicode`]), at `stair_at(place)` (line, column) of the level's picture: the last
/// column of the cell's inside, which the picture leaves blank unless the cell is on the
/// path. `at(l, place)` is the cell of level `l` at each of the lattice's `places`.
fn levels<S: Shape>(
    maze: &Maze<S>,
    stack: &TextLevels<S::Door>,
    places: u32,
    style: Style,
    at: impl Fn(u32, u32) -> Option<CellId>,
    stair_at: impl Fn(u32) -> (usize, usize),
    level: impl Fn(u32) -> String,
) -> String {
    let shape = maze.shape();
    let (up, down) = (stack.up, stack.down);
    let glyph = |c: CellId| {
        let doors = shape.doors(c);
        let (u, d) =
            (doors.contains(up) && maze.is_open(c, up), doors.contains(down) && maze.is_open(c, down));
        match (u, d, style) {
            (false, false, _) => None,
            (true, false, Style::Ascii) => Some('^'),
            (false, true, Style::Ascii) => Some('v'),
            (true, true, Style::Ascii) => Some('X'),
            (true, false, Style::Unicode) => Some('↑'),
            (false, true, Style::Unicode) => Some('↓'),
            (true, true, Style::Unicode) => Some('↕'),
        }
    };
    let mut columns: Vec<Vec<Vec<char>>> = Vec::new();
    for l in 0..stack.count {
        let mut lines: Vec<Vec<char>> = level(l).lines().map(|s| s.chars().collect()).collect();
        let cols = lines.iter().map(Vec::len).max().unwrap_or(0);
        for b in 0..places {
            let Some(g) = at(l, b).and_then(glyph) else { continue };
            let (row, col) = stair_at(b);
            if let Some(line) = lines.get_mut(row) {
                if line.len() <= col {
                    line.resize(col + 1, ' ');
                }
                line[col] = g;
            }
        }
        let mut heading: Vec<char> = format!("level {}", l + 1).chars().collect();
        heading.resize(cols, ' ');
        lines.insert(0, heading);
        columns.push(lines);
    }
    let height = columns.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::new();
    for r in 0..height {
        let mut line = String::new();
        for (i, col) in columns.iter().enumerate() {
            let width = col.iter().map(Vec::len).max().unwrap_or(0);
            let text: String = col.get(r).map(|l| l.iter().collect()).unwrap_or_default();
            if i > 0 {
                line.push_str("   ");
            }
            line.push_str(&text);
            line.extend(std::iter::repeat_n(' ', width - text.chars().count()));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The character of a cell's side: `wall` where it is closed (`gap` is `None`), the route's
/// symbol where a route steps through it, blank where it is open.
fn wall_or_gap(gap: Option<Option<char>>, wall: char) -> char {
    match gap {
        None => wall,
        Some(step) => step.unwrap_or(' '),
    }
}

/// A character canvas, trimmed of trailing spaces when printed.
struct Canvas {
    rows: Vec<Vec<char>>,
}

impl Canvas {
    fn new(width: usize, height: usize) -> Self {
        Canvas { rows: vec![vec![' '; width]; height] }
    }
    fn put(&mut self, row: usize, col: usize, c: char) {
        self.rows[row][col] = c;
    }
    fn text(&mut self, row: usize, col: usize, s: &str) {
        for (i, c) in s.chars().enumerate() {
            self.put(row, col + i, c);
        }
    }
    fn finish(self) -> String {
        let mut out = String::new();
        for row in self.rows {
            let line: String = row.into_iter().collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// Hexagons in `w × h` offset rows, perhaps masked: `at(base cell)` is the maze cell there
/// (`None` where the mask removed it: nothing is drawn, and its neighbours' walls close it
/// off), `open(cell, door)` whether a door is open.
fn hex(
    (w, h): (u32, u32),
    at: impl Fn(CellId) -> Option<CellId>,
    gap: impl Fn(CellId, HexDoor) -> Option<Option<char>>,
    marks: &[Mark],
    style: Style,
) -> String {
    let mut canvas = Canvas::new(4 * w as usize + 3, 2 * h as usize + 1);
    for b in 0..w * h {
        let Some(cell) = at(CellId(b)) else { continue };
        let (x, y) = (b % w, b / w);
        let (row, col) = (2 * y as usize, 4 * x as usize + 2 * (y as usize % 2));
        let edges = [
            (HexDoor::NorthWest, row, col + 1, '/'),
            (HexDoor::NorthEast, row, col + 3, '\\'),
            (HexDoor::West, row + 1, col, '|'),
            (HexDoor::East, row + 1, col + 4, '|'),
            (HexDoor::SouthWest, row + 2, col + 1, '\\'),
            (HexDoor::SouthEast, row + 2, col + 3, '/'),
        ];
        for (door, r, k, ch) in edges {
            canvas.put(r, k, wall_or_gap(gap(cell, door), ch));
        }
        canvas.text(row + 1, col + 1, &fill(marks[cell.index()], style, 3));
    }
    canvas.finish()
}

/// Flat-top hexagons (sigma cells) in `w` offset columns of `h`, perhaps masked (as for
/// [`hex`]). Each cell is four characters wide and three lines tall, sharing its sides with
/// its neighbours; columns are three characters apart and odd columns a line lower. A
/// closed 4 × 2 block:
///
/// ```text
///  __    __
/// /  \__/  \__
/// \__/  \__/  \
/// /  \__/  \__/
/// \__/  \__/  \
///    \__/  \__/
/// ```
///
/// The mark fills the two characters inside the cell's upper line (`S `, `**`); the line
/// below holds its floor, `__`, or a gap where the south side is open.
fn sigma(
    (w, h): (u32, u32),
    at: impl Fn(CellId) -> Option<CellId>,
    gap: impl Fn(CellId, SigmaDoor) -> Option<Option<char>>,
    marks: &[Mark],
    style: Style,
) -> String {
    let lines = 2 * h as usize + 1 + usize::from(w > 1);
    let mut canvas = Canvas::new(3 * w as usize + 1, lines);
    for b in 0..w * h {
        let Some(cell) = at(CellId(b)) else { continue };
        let (x, y) = ((b % w) as usize, (b / w) as usize);
        let (row, col) = (2 * y + x % 2, 3 * x);
        let edges = [
            (SigmaDoor::NorthWest, row + 1, col, '/'),
            (SigmaDoor::NorthEast, row + 1, col + 3, '\\'),
            (SigmaDoor::SouthWest, row + 2, col, '\\'),
            (SigmaDoor::SouthEast, row + 2, col + 3, '/'),
        ];
        for (door, r, k, ch) in edges {
            canvas.put(r, k, wall_or_gap(gap(cell, door), ch));
        }
        for (door, r) in [(SigmaDoor::North, row), (SigmaDoor::South, row + 2)] {
            let ch = wall_or_gap(gap(cell, door), '_');
            canvas.put(r, col + 1, ch);
            canvas.put(r, col + 2, ch);
        }
        canvas.text(row + 1, col + 1, &fill(marks[cell.index()], style, 2));
    }
    canvas.finish()
}

/// Triangles, perhaps masked (as for [`hex`]).
fn triangle(
    base: &Triangle,
    at: impl Fn(CellId) -> Option<CellId>,
    gap: impl Fn(CellId, TriangleDoor) -> Option<Option<char>>,
    marks: &[Mark],
    style: Style,
) -> String {
    let (w, h) = (base.width() as usize, base.height() as usize);
    let mut canvas = Canvas::new(3 * w + 3, 3 * h + 1);
    for b in 0..base.cell_count() {
        let Some(cell) = at(CellId(b)) else { continue };
        let (x, y) = base.xy(CellId(b));
        let (x, y) = (x as usize, y as usize);
        let (top, col) = (3 * y, 3 * x);
        // A side's character `k` of its run: a route's step shows on the line of the
        // cell's mark alone (the middle of a slanted side, the two middle ones of a base).
        let glyph = |d: TriangleDoor, ch: char, middle: bool| match gap(cell, d) {
            Some(Some(_)) if !middle => ' ',
            g => wall_or_gap(g, ch),
        };
        let (up, base_row) = if base.points_up(CellId(b)) { (true, top + 3) } else { (false, top) };
        for k in 0..3 {
            let (west, east) = if up { (top + 3 - k, top + 1 + k) } else { (top + 1 + k, top + 3 - k) };
            let (wc, ec) = if up { ('/', '\\') } else { ('\\', '/') };
            canvas.put(west, col + k, glyph(TriangleDoor::West, wc, west == top + 2));
            canvas.put(east, col + 3 + k, glyph(TriangleDoor::East, ec, east == top + 2));
        }
        for k in 0..4 {
            canvas.put(base_row, col + 1 + k, glyph(TriangleDoor::Base, '_', k == 1 || k == 2));
        }
        canvas.text(top + 2, col + 2, &fill(marks[cell.index()], style, 2));
    }
    canvas.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Hex, Mask, Masked, Polar, Upsilon};

    /// Every cell of a fully walled maze gets its own centre character, blank of walls, so
    /// a mark there never hides a wall and never lands on another cell's mark.
    fn centres_are_clear<S: Shape>(shape: S) {
        let maze = Maze::new(shape);
        let n = maze.cell_count() as usize;
        for style in [Style::Unicode, Style::Ascii] {
            let blank = drawing(&maze, &vec![Mark::Empty; n], style);
            assert!(blank.lines().any(|l| !l.trim().is_empty()), "walls are drawn");
            let marked = drawing(&maze, &vec![Mark::Player; n], style);
            let count = marked.matches('@').count();
            assert_eq!(count, n, "one @ per cell, none overwritten:\n{marked}");
            // Removing the marks gives back the blank drawing: marks sat on blank characters.
            let cleared: Vec<String> =
                marked.lines().map(|l| l.replace('@', " ").trim_end().to_string()).collect();
            let blank: Vec<&str> = blank.lines().collect();
            let hidden: usize = cleared
                .iter()
                .zip(&blank)
                .map(|(a, b)| a.chars().zip(b.chars()).filter(|(x, y)| x != y).count())
                .sum();
            assert_eq!(hidden, 0, "{} {style:?}: marks hide walls\n{marked}", std::any::type_name::<S>());
        }
    }

    #[test]
    fn dot_drawings_leave_every_centre_clear() {
        centres_are_clear(Polar::new(6, 5));
        centres_are_clear(Polar::new(3, 8));
        centres_are_clear(Upsilon::new(5, 4));
        let hex = Hex::new(6, 5);
        centres_are_clear(Masked::new(
            hex,
            std::sync::Arc::new(Mask::from_fn(hex.cell_count(), |c| c % 7 != 3)),
        ));
        let tri = Triangle::new(7, 4);
        centres_are_clear(Masked::new(tri, std::sync::Arc::new(Mask::from_fn(tri.cell_count(), |c| c != 5))));
    }

    #[test]
    fn open_walls_are_not_drawn() {
        let mut maze = Maze::new(Polar::new(6, 3));
        let n = maze.cell_count() as usize;
        let closed = drawing(&maze, &vec![Mark::Empty; n], Style::Unicode);
        maze.open_all_inner();
        let open = drawing(&maze, &vec![Mark::Empty; n], Style::Unicode);
        let dots = |s: &str| s.chars().map(|c| (c as u32).saturating_sub(0x2800).count_ones()).sum::<u32>();
        assert!(dots(&open) < dots(&closed) / 2, "{open}\n{closed}");
        assert!(dots(&open) > 0, "the outer wall stays");
    }

    /// A woven 3 x 3 square with one crossing in the middle.
    fn woven_3x3() -> crate::shape::Weave {
        use crate::shape::{Crossings, Weave, WeaveLayout};
        let crossings = Crossings::new(3, 3, vec![(CellId(4), Over::EastWest)]).expect("an inner cell");
        Weave::new(3, 3, &WeaveLayout::Placed(std::sync::Arc::new(crossings)))
    }

    #[test]
    fn wrappers_derive_their_text_grid_from_the_shape_they_wrap() {
        use crate::shape::{LevelDoor, Levels, Square, TextLevels};
        // A mask: the places of the removed cells are empty, the others renumbered.
        let square = Square::new(3, 2);
        let masked = Masked::new(square, std::sync::Arc::new(Mask::from_fn(6, |c| c != 0 && c != 4)));
        let grid = masked.text_grid().expect("a masked square has a picture");
        assert_eq!(grid.cells.as_deref(), Some(&[u32::MAX, 0, 1, 2, u32::MAX, 3][..]));
        assert_eq!(grid.lattice, TextLattice::square(3, 2));
        let picture = render(&Maze::new(masked), None, Style::Ascii);
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines[..2], ["+  +--+--+", "   |S |  |"], "no walls at the removed cell 0:\n{picture}");
        // Levels: the base's lattice with the doors of the plane, and the stairs.
        let grid = Levels::new(square, 2).text_grid().expect("levels of squares have a picture");
        let doors = [0, 1, 2, 3].map(|i| LevelDoor::plane(SquareDoor::from_index(i)));
        assert_eq!(grid.lattice, TextLattice::Square { width: 3, height: 2, doors, crossings: None });
        assert_eq!(grid.levels, Some(TextLevels { count: 2, up: LevelDoor::up(), down: LevelDoor::down() }));
        // What has no picture: levels of triangles (no blank for the stairs' marks), of levels
        // or of woven mazes, and masks over levels or woven mazes.
        assert!(Levels::new(Triangle::new(4, 3), 2).text_grid().is_none());
        assert!(Levels::new(Levels::new(square, 2), 2).text_grid().is_none());
        assert!(Levels::new(woven_3x3(), 2).text_grid().is_none());
        let full = |n: u32| std::sync::Arc::new(Mask::from_fn(n, |_| true));
        assert!(Masked::new(Levels::new(square, 2), full(12)).text_grid().is_none());
        assert!(Masked::new(woven_3x3(), full(10)).text_grid().is_none());
        assert!(woven_3x3().text_grid().is_some());
    }

    #[test]
    fn hidden_cells_and_their_walls_are_not_drawn() {
        let mut maze = Maze::new(crate::shape::Square::new(4, 3));
        maze.open_all_inner();
        let mut marks = vec![Mark::Hidden; 12];
        // (ASCII pictures keep their `+` corners, which say nothing of the walls.)
        let all = render_marks(&maze, &marks, Style::Ascii);
        assert!(!all.contains(['-', '|']), "all hidden: no wall drawn\n{all}");
        let boxes = render_marks(&maze, &marks, Style::Unicode);
        assert!(boxes.chars().all(char::is_whitespace), "all hidden: nothing drawn\n{boxes}");
        marks[0] = Mark::Player;
        let one = render_marks(&maze, &marks, Style::Ascii);
        assert!(one.contains('@') && one.contains('+'), "{one}");
        assert!(
            one.lines().nth(1).is_some_and(|l| l.trim_end().len() <= 4),
            "only the first cell's walls\n{one}"
        );
        // A dot drawing too: a hidden cell's own walls are left out.
        let polar = Maze::new(Polar::new(6, 3));
        let n = polar.cell_count() as usize;
        let shown = render_marks(&polar, &vec![Mark::Empty; n], Style::Ascii);
        let hidden = render_marks(&polar, &vec![Mark::Hidden; n], Style::Ascii);
        assert!(hidden.chars().all(char::is_whitespace), "{hidden}");
        assert!(!shown.chars().all(char::is_whitespace), "{shown}");
    }

    /// A woven maze under fog: nothing drawn when all is hidden; a crossing shows when either
    /// of its layers is seen, with its bridge.
    #[test]
    fn hidden_woven_cells_are_not_drawn_until_a_layer_is_seen() {
        let mut maze = Maze::new(woven_3x3());
        maze.open_all_inner();
        let n = maze.cell_count() as usize;
        assert_eq!(n, 10, "nine squares and the cell under the crossing");
        let mut marks = vec![Mark::Hidden; n];
        let all = render_marks(&maze, &marks, Style::Ascii);
        assert!(!all.contains(['-', '|', '=']), "all hidden: no wall or bridge drawn\n{all}");
        // Only the layer under the crossing seen: the crossing's square and its bridge show.
        marks[9] = Mark::Empty;
        let under = render_marks(&maze, &marks, Style::Ascii);
        assert!(under.lines().nth(3).is_some_and(|l| l.contains("==")), "the bridge\n{under}");
        assert!(
            !under.lines().nth(1).is_some_and(|l| l.contains('|')),
            "the first row stays hidden\n{under}"
        );
        // The player on the bridge, the layer under it hidden: the player shows.
        marks[9] = Mark::Hidden;
        marks[4] = Mark::Player;
        assert!(render_marks(&maze, &marks, Style::Ascii).contains('@'));
    }

    #[test]
    fn braille_dots() {
        assert_eq!(braille(|_, _| false), ' ');
        assert_eq!(braille(|_, _| true), '⣿');
        assert_eq!(braille(|x, y| x == 0 && y == 0), '⠁');
    }
}
