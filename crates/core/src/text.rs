//! Text pictures of mazes: document 004's picture with S, E and the path.
//!
//! Square mazes are drawn with `+--+` and `|` ([`Style::Ascii`]) or box-drawing characters
//! ([`Style::Unicode`]); hexagons and triangles get ASCII art of their own (`/ \ |` and
//! `/\_`). Marks: `S` start, `E` end, the path (`*` or `█`) and the other cells the solver
//! explored (`.` or `░`) — document 000's black path and grey traversed cells.

use std::any::Any;

use crate::maze::Maze;
use crate::shape::{CellId, Hex, HexDoor, Masked, Shape, Square, SquareDoor, Triangle, TriangleDoor};
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
        Mark::Empty => " ".repeat(width),
        Mark::Start => centred('S'),
        Mark::End => centred('E'),
        Mark::Player => centred('@'),
        Mark::Current => centred('#'),
        Mark::Frontier => centred('+'),
        Mark::Path => path.to_string().repeat(width),
        Mark::Visited => visited.to_string().repeat(width),
    }
}

/// Draws the maze (and a solution, if given) as text, lines ending in `\n`.
///
/// Square, hexagonal and triangular mazes have pictures of their own; other shapes get a
/// plain list of each cell's open neighbours.
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
    let any = maze as &dyn Any;
    if let Some(m) = any.downcast_ref::<Maze<Square>>() {
        let s = m.shape();
        square(m, s, |x, y| Some(CellId(y * s.width() + x)), marks, style)
    } else if let Some(m) = any.downcast_ref::<Maze<Masked<Square>>>() {
        let s = m.shape();
        let base = s.base();
        square(m, base, |x, y| s.from_base(CellId(y * base.width() + x)), marks, style)
    } else if let Some(m) = any.downcast_ref::<Maze<Hex>>() {
        hex(m, marks, style)
    } else if let Some(m) = any.downcast_ref::<Maze<Triangle>>() {
        triangle(m, marks, style)
    } else {
        listing(maze, marks)
    }
}

fn listing<S: Shape>(maze: &Maze<S>, marks: &[Mark]) -> String {
    let mut out = String::new();
    for c in 0..maze.cell_count() {
        let cell = CellId(c);
        let ns: Vec<String> = maze.open_neighbours(cell).map(|b| b.0.to_string()).collect();
        let tag = fill(marks[cell.index()], Style::Ascii, 1);
        out.push_str(&format!("{c}{}: {}\n", tag.trim_end(), ns.join(" ")));
    }
    out
}

/// Box-drawing corner with arms up, right, down, left (bits 1, 2, 4, 8).
const BOX: [char; 16] = [' ', '╵', '╶', '└', '╷', '│', '┌', '├', '╴', '┘', '─', '┴', '┐', '┤', '┬', '┼'];

/// Whether [`render`] draws a picture of this maze (square, hex and triangle cells, and
/// masked squares) rather than a listing of neighbours.
pub fn has_picture<S: Shape>(maze: &Maze<S>) -> bool {
    let any = maze as &dyn Any;
    any.is::<Maze<Square>>()
        || any.is::<Maze<Masked<Square>>>()
        || any.is::<Maze<Hex>>()
        || any.is::<Maze<Triangle>>()
}

/// Square cells, perhaps masked: `at(x, y)` is the maze cell at column x, row y of `base`
/// (`None` where the mask removed it: drawn blank, walled off from its neighbours).
fn square<S: Shape<Door = SquareDoor>>(
    maze: &Maze<S>,
    base: &Square,
    at: impl Fn(u32, u32) -> Option<CellId>,
    marks: &[Mark],
    style: Style,
) -> String {
    let (w, h) = (base.width(), base.height());
    let cell_at = |x: u32, y: u32| if x < w && y < h { at(x, y) } else { None };
    // Closed horizontal wall above row y (y == h: the bottom edge), column x.
    let hwall = |x: u32, y: u32| {
        let above = if y > 0 { cell_at(x, y - 1) } else { None };
        match (above, cell_at(x, y)) {
            (_, Some(b)) => !maze.is_open(b, SquareDoor::North),
            (Some(a), None) => !maze.is_open(a, SquareDoor::South),
            (None, None) => false,
        }
    };
    // Closed vertical wall left of column x (x == w: the right edge), row y.
    let vwall = |x: u32, y: u32| {
        let left = if x > 0 { cell_at(x - 1, y) } else { None };
        match (left, cell_at(x, y)) {
            (_, Some(b)) => !maze.is_open(b, SquareDoor::West),
            (Some(a), None) => !maze.is_open(a, SquareDoor::East),
            (None, None) => false,
        }
    };
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
    let on_path = |x: u32, y: u32| cell_at(x, y).is_some_and(|c| marks[c.index()] >= Mark::Path);
    let joined_path = fill(Mark::Path, style, 2);
    let mut out = String::with_capacity(((3 * w as usize + 2) * (2 * h as usize + 1)) * 2);
    for y in 0..=h {
        for x in 0..w {
            out.push(corner(x, y));
            if hwall(x, y) {
                out.push_str(hseg);
            } else if y > 0 && y < h && on_path(x, y - 1) && on_path(x, y) {
                out.push_str(&joined_path);
            } else {
                out.push_str("  ");
            }
        }
        out.push(corner(w, y));
        out.push('\n');
        if y == h {
            break;
        }
        for x in 0..=w {
            let joined = x > 0 && x < w && on_path(x - 1, y) && on_path(x, y);
            out.push(if vwall(x, y) {
                vseg
            } else if joined {
                joined_path.chars().next().unwrap_or(' ')
            } else {
                ' '
            });
            if x < w {
                match cell_at(x, y) {
                    Some(c) => out.push_str(&fill(marks[c.index()], style, 2)),
                    None => out.push_str("  "),
                }
            }
        }
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

fn hex(maze: &Maze<Hex>, marks: &[Mark], style: Style) -> String {
    let shape = maze.shape();
    let (w, h) = (shape.width() as usize, shape.height() as usize);
    let mut canvas = Canvas::new(4 * w + 3, 2 * h + 1);
    for c in 0..maze.cell_count() {
        let cell = CellId(c);
        let (x, y) = shape.xy(cell);
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
            canvas.put(r, k, if maze.is_open(cell, door) { ' ' } else { ch });
        }
        canvas.text(row + 1, col + 1, &fill(marks[cell.index()], style, 3));
    }
    canvas.finish()
}

fn triangle(maze: &Maze<Triangle>, marks: &[Mark], style: Style) -> String {
    let shape = maze.shape();
    let (w, h) = (shape.width() as usize, shape.height() as usize);
    let mut canvas = Canvas::new(3 * w + 3, 3 * h + 1);
    for c in 0..maze.cell_count() {
        let cell = CellId(c);
        let (x, y) = shape.xy(cell);
        let (x, y) = (x as usize, y as usize);
        let (top, col) = (3 * y, 3 * x);
        let open = |d: TriangleDoor| maze.is_open(cell, d);
        let glyph = |d: TriangleDoor, ch: char| if open(d) { ' ' } else { ch };
        if shape.points_up(cell) {
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
