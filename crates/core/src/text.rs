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
use crate::solve::Solution;

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
    /// The cell an algorithm is working on (`#`).
    Current,
    /// An end (`E`).
    End,
    /// A start (`S`).
    Start,
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
    match mark {
        Mark::Empty | Mark::Hidden => " ".repeat(width),
        Mark::Start => centred('S'),
        Mark::End => centred('E'),
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
pub fn render<S: Shape>(maze: &Maze<S>, solution: Option<&Solution>, style: Style) -> String {
    render_marks(maze, &marks(maze, solution), style)
}

/// Draws the maze with one [`Mark`] per cell (`marks[cell id]`), for front ends that show
/// their own state (a player, breadcrumbs, an algorithm's frontier).
///
/// # Panics
/// Panics if `marks` has fewer entries than the maze has cells.
pub fn render_marks<S: Shape>(maze: &Maze<S>, marks: &[Mark], style: Style) -> String {
    assert!(marks.len() >= maze.cell_count() as usize, "one mark per cell");
    match maze.shape().text_grid() {
        Some(grid) => picture(maze, &grid, marks, style),
        None => drawing(maze, marks, style),
    }
}

/// The character picture of a shape with a [`TextGrid`]: its lattice, or for a stack of
/// levels each level's lattice side by side.
fn picture<S: Shape>(maze: &Maze<S>, grid: &TextGrid<S::Door>, marks: &[Mark], style: Style) -> String {
    let place = |b: u32| match &grid.cells {
        None => Some(CellId(b)),
        Some(cells) => cells.get(b as usize).filter(|&&c| c != u32::MAX).map(|&c| CellId(c)),
    };
    let Some(stack) = &grid.levels else {
        return lattice(maze, &grid.lattice, place, marks, style);
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
        lattice(maze, &grid.lattice, |b| at(l, b), marks, style)
    })
}

/// One lattice's picture: `at(place)` is the maze cell at each place of it (`None`: blank).
fn lattice<S: Shape>(
    maze: &Maze<S>,
    lattice: &TextLattice<S::Door>,
    at: impl Fn(u32) -> Option<CellId>,
    marks: &[Mark],
    style: Style,
) -> String {
    // A hidden cell is drawn as no cell: blank, walled only where a cell in view has a wall.
    let at = |place: u32| at(place).filter(|c| marks[c.index()] != Mark::Hidden);
    match lattice {
        &TextLattice::Square { width: w, height: h, ref doors, ref crossings } => match crossings {
            None => {
                let open = |c, d: SquareDoor| maze.is_open(c, doors[usize::from(d.index())]);
                square((w, h), |x, y| at(y * w + x), open, marks, style)
            }
            Some(crossings) => woven(maze, (w, h), crossings, doors, marks, style),
        },
        &TextLattice::Hex { width, height, ref doors } => {
            let open = |c, d: HexDoor| maze.is_open(c, doors[usize::from(d.index())]);
            hex((width, height), |c| at(c.0), open, marks, style)
        }
        &TextLattice::Sigma { width, height, ref doors } => {
            let open = |c, d: SigmaDoor| maze.is_open(c, doors[usize::from(d.index())]);
            sigma((width, height), |c| at(c.0), open, marks, style)
        }
        TextLattice::Triangle { shape, doors } => {
            let open = |c, d: TriangleDoor| maze.is_open(c, doors[usize::from(d.index())]);
            triangle(shape, |c| at(c.0), open, marks, style)
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
    let mut out = String::with_capacity(((3 * w as usize + 2) * (2 * h as usize + 1)) * 2);
    for y in 0..=h {
        square_band(&mut out, (w, h), y, &hwall, &vwall, &mark, style);
    }
    out
}

/// Appends one band of a square maze's text picture to `out`: the line of walls above row
/// `y` (for `y == h`, the bottom line) and, for `y < h`, the row itself, each ending in
/// `\n`. The picture of a `w × h` maze is bands `0..=h`; a maze made row by row can be
/// printed band by band (`maze generate --stream`), since band `y` asks only about the
/// walls on line `y` and in rows `y - 1` and `y`, and the marks of those rows:
/// `hwall(x, y)` whether the wall above cell `(x, y)` is closed, `vwall(x, y)` the wall left
/// of it (`x == w`: the right edge), `mark(x, y)` the cell's mark (`None`: no cell).
pub fn square_band(
    out: &mut String,
    (w, h): (u32, u32),
    y: u32,
    hwall: &impl Fn(u32, u32) -> bool,
    vwall: &impl Fn(u32, u32) -> bool,
    mark: &impl Fn(u32, u32) -> Option<Mark>,
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
    // The path is drawn as one line: gaps between two connected path cells are filled too.
    // A start, end or player joins the line only next to a path cell, so a picture without
    // a solution (or a game before the first step) shows no piece of the route.
    let on_path = |x: u32, y: u32| mark(x, y).is_some_and(|m| m >= Mark::Path);
    let is_path = |x: u32, y: u32| mark(x, y) == Some(Mark::Path);
    let joins = |(ax, ay): (u32, u32), (bx, by): (u32, u32)| {
        on_path(ax, ay) && on_path(bx, by) && (is_path(ax, ay) || is_path(bx, by))
    };
    let joined_path = fill(Mark::Path, style, 2);
    for x in 0..w {
        out.push(corner(x, y));
        if hwall(x, y) {
            out.push_str(hseg);
        } else if y > 0 && y < h && joins((x, y - 1), (x, y)) {
            out.push_str(&joined_path);
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
        let joined = x > 0 && x < w && joins((x - 1, y), (x, y));
        out.push(if vwall(x, y) {
            vseg
        } else if joined {
            joined_path.chars().next().unwrap_or(' ')
        } else {
            ' '
        });
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
    style: Style,
) -> String {
    let squares = w * h;
    let under = |c: CellId| crossings.at(c.0).map(|(k, _)| CellId(squares + k));
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
    let picture = square((w, h), shown, open, &merged, style);
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
    open: impl Fn(CellId, HexDoor) -> bool,
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
            canvas.put(r, k, if open(cell, door) { ' ' } else { ch });
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
    open: impl Fn(CellId, SigmaDoor) -> bool,
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
            canvas.put(r, k, if open(cell, door) { ' ' } else { ch });
        }
        for (door, r) in [(SigmaDoor::North, row), (SigmaDoor::South, row + 2)] {
            let ch = if open(cell, door) { ' ' } else { '_' };
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
    open: impl Fn(CellId, TriangleDoor) -> bool,
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
        let glyph = |d: TriangleDoor, ch: char| if open(cell, d) { ' ' } else { ch };
        if base.points_up(CellId(b)) {
            for k in 0..3 {
                canvas.put(top + 3 - k, col + k, glyph(TriangleDoor::West, '/'));
                canvas.put(top + 1 + k, col + 3 + k, glyph(TriangleDoor::East, '\\'));
            }
            canvas.text(top + 3, col + 1, &glyph(TriangleDoor::Base, '_').to_string().repeat(4));
        } else {
            for k in 0..3 {
                canvas.put(top + 1 + k, col + k, glyph(TriangleDoor::West, '\\'));
                canvas.put(top + 3 - k, col + 3 + k, glyph(TriangleDoor::East, '/'));
            }
            canvas.text(top, col + 1, &glyph(TriangleDoor::Base, '_').to_string().repeat(4));
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
