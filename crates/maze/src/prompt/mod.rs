//! Mazes as text for language models, each style with a parser that reads it back, and
//! task records (`maze generate -f prompt --prompt-style STYLE`, `-f tasks`; the Python
//! module's `as_text`, `parse` and `tasks`).
//!
//! The styles ([`PromptStyle`]), on square cells:
//!
//! - `alphamaze`: AlphaMaze's tokens, a row of cells a line, each cell `<|row-col|>`, its
//!   closed sides (`<|up_left_wall|>`, `<|no_wall|>`) and `<|origin|>`, `<|target|>` or
//!   `<|blank|>`; its answer reasons step by step;
//! - `hrm`: HRM's Maze-Hard picture over `# SGo` (`#` wall, ` ` open, `S` start, `G` goal,
//!   `o` the route when asked), walls as thick as cells: (2H+1) lines of (2W+1) characters;
//! - `grid`: the same picture as `1` (wall) and `0` (open) with `S` and `G`, space-separated;
//! - `aotp`: maze-dataset's adjacency list, origin, target and path tokens;
//! - `plain`: a short English description: size, start, goal, each cell's open directions;
//! - `ascii`: the `+--+` text picture of `maze generate -f text` (S start, E goal, `*` route),
//!   optionally in wall and floor characters drawn from the maze's seed.
//!
//! Other shapes have `ascii` (their own text picture) and `plain` (cells by number); the
//! other styles are refused naming the shape. Answers are moves, `U`, `D`, `L`, `R` (up
//! toward row 0). [`parse`] reads a square maze's text back to its [`Layout`]: the same
//! passages, size, start and goal; text that is not the style's is refused in one line.

use std::fmt::Write as _;

use maze_core::shape::{CellId, Square};
use maze_core::text;
use maze_core::{Maze, Shape, ShapeKind, ShapeSpec, Solution, Wrap};

use maze_render::Format;

use crate::error::{Error, Result};
use crate::request::{Draw, MazeRequest};

mod parse;
pub(crate) mod style;
mod task;

pub use parse::parse;
pub use style::PromptStyle;
pub(crate) use task::present;
pub use task::{TaskOptions, check, task};

/// The size of a plain square grid (square cells; no mask, wrap, levels or weave): the
/// mazes every style describes, with maze-dataset's connection array.
pub fn plain_square(spec: &ShapeSpec) -> Option<(u32, u32)> {
    let plain = spec.kind == ShapeKind::Square
        && spec.mask.is_none()
        && spec.wrap == Wrap::NONE
        && spec.levels == 1
        && spec.weave.is_none();
    plain.then_some((spec.width, spec.height))
}

/// A square maze as the text styles hold it: maze-dataset's layout (passages down and
/// right of each cell, row by row) and the start and goal as (row, column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// `down[r * width + c]`: the passage from (r, c) to (r + 1, c) (false on the last row).
    pub down: Vec<bool>,
    /// `right[r * width + c]`: the passage from (r, c) to (r, c + 1) (false on the last column).
    pub right: Vec<bool>,
    /// The start, (row, column).
    pub start: (u32, u32),
    /// The goal, (row, column).
    pub goal: (u32, u32),
}

impl Layout {
    /// A grid of `width` x `height` cells without passages, start and goal at (0, 0).
    pub fn closed(width: u32, height: u32) -> Layout {
        let cells = width as usize * height as usize;
        Layout {
            width,
            height,
            down: vec![false; cells],
            right: vec![false; cells],
            start: (0, 0),
            goal: (0, 0),
        }
    }

    /// The layout of a maze on a plain square grid ([`plain_square`]); `None` on other shapes.
    pub fn of<S: Shape>(maze: &Maze<S>) -> Option<Layout> {
        let (w, h) = plain_square(&maze.shape().spec())?;
        let mut layout = Layout::closed(w, h);
        for (a, b) in maze.passage_pairs() {
            let (a, b) = (a.0.min(b.0), a.0.max(b.0));
            if b == a + w {
                layout.down[a as usize] = true;
            } else if b == a + 1 && b % w != 0 {
                layout.right[a as usize] = true;
            }
        }
        layout.start = layout.rc(maze.entrance().0);
        layout.goal = layout.rc(maze.exit().0);
        Some(layout)
    }

    /// The maze again, with its start and goal.
    ///
    /// # Errors
    /// A layout whose arrays do not match its size, or a passage out of the grid.
    pub fn to_maze(&self) -> Result<Maze<Square>> {
        let cells = self.cells();
        if self.down.len() != cells || self.right.len() != cells || self.width == 0 || self.height == 0 {
            return Err(Error::request(format!(
                "a layout of {} x {} cells needs {cells} passages down and right",
                self.width, self.height
            )));
        }
        let mut maze = Maze::new(Square::new(self.width, self.height));
        let w = self.width;
        for a in 0..cells as u32 {
            let (r, c) = self.rc(a);
            if self.down[a as usize] {
                if r + 1 >= self.height {
                    return Err(Error::request(format!(
                        "a passage down from the last row (row {r}, column {c})"
                    )));
                }
                maze.connect(CellId(a), CellId(a + w))?;
            }
            if self.right[a as usize] {
                if c + 1 >= w {
                    return Err(Error::request(format!(
                        "a passage right from the last column (row {r}, column {c})"
                    )));
                }
                maze.connect(CellId(a), CellId(a + 1))?;
            }
        }
        maze.set_entrance(CellId(self.id(self.start)));
        maze.set_exit(CellId(self.id(self.goal)));
        Ok(maze)
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// A cell's (row, column).
    pub fn rc(&self, id: u32) -> (u32, u32) {
        (id / self.width, id % self.width)
    }

    /// A cell's id (row * width + column).
    pub fn id(&self, (r, c): (u32, u32)) -> u32 {
        r * self.width + c
    }

    /// Whether cell (r, c) opens toward each side, as (up, down, left, right).
    fn open(&self, (r, c): (u32, u32)) -> [bool; 4] {
        let i = self.id((r, c)) as usize;
        let w = self.width as usize;
        [r > 0 && self.down[i - w], self.down[i], c > 0 && self.right[i - 1], self.right[i]]
    }

    /// The maze in `style`, with `route` (cell ids from start to goal) marked where the style
    /// marks one (`hrm`'s `o`, `aotp`'s path, `ascii`'s `*`); `glyphs` (ascii only): the wall
    /// and floor characters instead of `+-|` and space.
    ///
    /// # Errors
    /// A layout that does not make a maze ([`Layout::to_maze`], for ascii).
    pub fn text(
        &self,
        style: PromptStyle,
        route: Option<&[u32]>,
        glyphs: Option<(char, char)>,
    ) -> Result<String> {
        Ok(match style {
            PromptStyle::Alphamaze => self.alphamaze(),
            PromptStyle::Hrm => self.thick(route, ['#', ' ', 'S', 'G', 'o'], false),
            PromptStyle::Grid => self.thick(None, ['1', '0', 'S', 'G', 'o'], true),
            PromptStyle::Aotp => self.aotp(route),
            PromptStyle::Plain => self.plain(),
            PromptStyle::Ascii => {
                let maze = self.to_maze()?;
                let solution =
                    route.map(|r| Solution { path: r.iter().map(|&c| CellId(c)).collect(), visited: vec![] });
                with_glyphs(&text::render(&maze, solution.as_ref(), text::Style::Ascii), glyphs)
            }
        })
    }

    fn alphamaze(&self) -> String {
        let mut out = String::with_capacity(self.cells() * 40);
        for r in 0..self.height {
            for c in 0..self.width {
                let open = self.open((r, c));
                let closed: Vec<&str> = ["up", "down", "left", "right"]
                    .iter()
                    .zip(open)
                    .filter(|(_, o)| !o)
                    .map(|(n, _)| *n)
                    .collect();
                let walls = if closed.is_empty() {
                    "no_wall".to_string()
                } else {
                    format!("{}_wall", closed.join("_"))
                };
                let _ = write!(out, "<|{r}-{c}|><|{walls}|>");
                let marks = match ((r, c) == self.start, (r, c) == self.goal) {
                    (true, true) => "<|origin|><|target|>",
                    (true, false) => "<|origin|>",
                    (false, true) => "<|target|>",
                    (false, false) => "<|blank|>",
                };
                out.push_str(marks);
            }
            out.push('\n');
        }
        out
    }

    /// The picture with walls as thick as cells: `chars` are wall, open, start, goal, route.
    fn thick(&self, route: Option<&[u32]>, chars: [char; 5], spaced: bool) -> String {
        let [wall, open, start, goal, path] = chars;
        let (rows, cols) = (2 * self.height as usize + 1, 2 * self.width as usize + 1);
        let mut grid = vec![wall; rows * cols];
        for r in 0..self.height {
            for c in 0..self.width {
                let (y, x) = (2 * r as usize + 1, 2 * c as usize + 1);
                grid[y * cols + x] = open;
                let [_, down, _, right] = self.open((r, c));
                if down {
                    grid[(y + 1) * cols + x] = open;
                }
                if right {
                    grid[y * cols + x + 1] = open;
                }
            }
        }
        if let Some(route) = route {
            let at = |id: u32| {
                let (r, c) = self.rc(id);
                (2 * r as usize + 1, 2 * c as usize + 1)
            };
            for (i, &cell) in route.iter().enumerate() {
                let (y, x) = at(cell);
                grid[y * cols + x] = path;
                if let Some(&next) = route.get(i + 1) {
                    let (y2, x2) = at(next);
                    grid[(y + y2) / 2 * cols + (x + x2) / 2] = path;
                }
            }
        }
        let cell = |(r, c): (u32, u32)| (2 * r as usize + 1) * cols + 2 * c as usize + 1;
        grid[cell(self.start)] = start;
        if self.goal != self.start {
            grid[cell(self.goal)] = goal;
        }
        let mut out = String::with_capacity(rows * (cols * 2 + 1));
        for row in grid.chunks(cols) {
            for (i, &ch) in row.iter().enumerate() {
                if spaced && i > 0 {
                    out.push(' ');
                }
                out.push(ch);
            }
            out.push('\n');
        }
        out
    }

    fn aotp(&self, route: Option<&[u32]>) -> String {
        let name = |id: u32| {
            let (r, c) = self.rc(id);
            format!("({r},{c})")
        };
        let mut out = String::from("<ADJLIST_START>");
        let w = self.width;
        let downs = (0..self.cells() as u32).filter(|&a| self.down[a as usize]).map(|a| (a, a + w));
        let rights = (0..self.cells() as u32).filter(|&a| self.right[a as usize]).map(|a| (a, a + 1));
        for (a, b) in downs.chain(rights) {
            let _ = write!(out, " {} <--> {} ;", name(a), name(b));
        }
        let _ = write!(
            out,
            " <ADJLIST_END> <ORIGIN_START> {} <ORIGIN_END> <TARGET_START> {} <TARGET_END>",
            name(self.id(self.start)),
            name(self.id(self.goal))
        );
        if let Some(route) = route {
            out.push_str(" <PATH_START>");
            for &c in route {
                out.push(' ');
                out.push_str(&name(c));
            }
            out.push_str(" <PATH_END>");
        }
        out.push('\n');
        out
    }

    fn plain(&self) -> String {
        let (h, w) = (self.height, self.width);
        let mut out = format!(
            "A maze of {h} {} and {w} {} of square cells; row 0 is the top row and column 0 the left column.\n\
             Start: row {}, column {}. Goal: row {}, column {}.\n\
             Open directions from each cell (row,column):\n",
            plural(h, "row"),
            plural(w, "column"),
            self.start.0,
            self.start.1,
            self.goal.0,
            self.goal.1
        );
        for r in 0..h {
            for c in 0..w {
                let names: Vec<&str> = ["up", "down", "left", "right"]
                    .iter()
                    .zip(self.open((r, c)))
                    .filter(|(_, o)| *o)
                    .map(|(n, _)| *n)
                    .collect();
                let open = if names.is_empty() { "none".to_string() } else { names.join(", ") };
                let _ = writeln!(out, "({r},{c}): {open}");
            }
        }
        out
    }
}

fn plural(n: u32, word: &str) -> String {
    if n == 1 { word.to_string() } else { format!("{word}s") }
}

/// The wall and floor characters an `ascii` picture of seed `seed` is drawn in, when asked
/// for varied glyphs (as reasoning-gym varies them per item).
pub fn glyphs_of(seed: u64) -> (char, char) {
    const WALLS: [char; 6] = ['#', '@', '%', 'X', '=', '&'];
    const FLOORS: [char; 4] = [' ', '.', '_', ','];
    let mut state = seed ^ 0x9e37_79b9_7f4a_7c15;
    let a = maze_core::random::splitmix64(&mut state);
    (WALLS[(a % WALLS.len() as u64) as usize], FLOORS[((a >> 32) % FLOORS.len() as u64) as usize])
}

/// An ascii picture with every wall character (`+ - |`) as `wall` and every blank as
/// `floor`, after a line saying so (which [`parse`] reads); unchanged without glyphs.
fn with_glyphs(picture: &str, glyphs: Option<(char, char)>) -> String {
    let Some((wall, floor)) = glyphs else { return picture.to_string() };
    let note = format!("(walls are '{wall}', floor is '{floor}')\n");
    note.chars()
        .chain(picture.chars().map(|c| match c {
            '+' | '-' | '|' => wall,
            ' ' => floor,
            other => other,
        }))
        .collect()
}

/// The moves of a route given as cell ids on a grid `width` columns wide: `U`, `D`, `L`, `R`.
pub fn moves(width: u32, route: &[u32]) -> String {
    // The square's doors in door order: north, east, south, west; spelled by the one
    // table of moves ([`maze_core::moves`]).
    let doors: Vec<u8> = route
        .windows(2)
        .map(|p| match i64::from(p[1]) - i64::from(p[0]) {
            d if d == -i64::from(width) => 0,
            d if d == i64::from(width) => 2,
            -1 => 3,
            _ => 1,
        })
        .collect();
    maze_core::moves::MoveNames::of(&Square::new(width.max(1), 1)).format(&doors)
}

/// The text of any maze in `style` (the route marked when given): square grids through
/// their [`Layout`]; other shapes in `ascii` (their text picture) and `plain` (cells by
/// number); the other styles refused, naming the shape.
///
/// # Errors
/// A style this shape does not have.
pub fn maze_text<S: Shape>(
    maze: &Maze<S>,
    style: PromptStyle,
    route: Option<&Solution>,
    glyphs: Option<(char, char)>,
) -> Result<String> {
    if let Some(layout) = Layout::of(maze) {
        let ids: Option<Vec<u32>> = route.map(|s| s.path.iter().map(|c| c.0).collect());
        return layout.text(style, ids.as_deref(), glyphs);
    }
    let spec = maze.shape().spec();
    match style {
        PromptStyle::Ascii if text::has_picture(maze) => {
            Ok(with_glyphs(&text::render(maze, route, text::Style::Ascii), glyphs))
        }
        PromptStyle::Plain => Ok(plain_cells(maze)),
        _ => Err(Error::request(refusal(style, &spec))),
    }
}

/// The one-line refusal of `style` for a shape that is not a plain square grid.
pub fn refusal(style: PromptStyle, spec: &ShapeSpec) -> String {
    let what = match plain_square_miss(spec) {
        Some(why) => why,
        None => format!("{} cells", spec.kind.name()),
    };
    format!(
        "the {style} prompt style is for plain square grids, not {what} (ascii and plain describe any shape{})",
        if spec.kind == ShapeKind::Square { "" } else { " with a text picture" }
    )
}

fn plain_square_miss(spec: &ShapeSpec) -> Option<String> {
    if spec.kind != ShapeKind::Square {
        return None;
    }
    Some(
        if spec.mask.is_some() {
            "a masked grid"
        } else if spec.wrap != Wrap::NONE {
            "a wrapped grid"
        } else if spec.levels > 1 {
            "a grid of several levels"
        } else {
            "a woven grid"
        }
        .to_string(),
    )
}

/// Any shape in words: its cells by number and the cells each opens to.
fn plain_cells<S: Shape>(maze: &Maze<S>) -> String {
    let n = maze.cell_count();
    let spec = maze.shape().spec();
    let mut out = format!(
        "A maze of {n} {} {}, numbered 0 to {}.\nStart: cell {}. Goal: cell {}.\nOpen passages from each cell:\n",
        spec.kind.name(),
        if n == 1 { "cell" } else { "cells" },
        n.saturating_sub(1),
        maze.entrance().0,
        maze.exit().0
    );
    for c in 0..n {
        let mut next: Vec<u32> = maze.open_neighbours(CellId(c)).map(|c| c.0).collect();
        next.sort_unstable();
        let list: Vec<String> = next.iter().map(u32::to_string).collect();
        let _ = writeln!(out, "{c}: {}", if list.is_empty() { "none".into() } else { list.join(", ") });
    }
    out
}

/// What a model is told before the maze, in `style`, for a maze of `layout`'s size.
pub fn introduction(style: PromptStyle, layout: &Layout) -> String {
    let (h, w) = (layout.height, layout.width);
    let size = format!("{h} {} and {w} {}", plural(h, "row"), plural(w, "column"));
    match style {
        PromptStyle::Alphamaze => format!(
            "A maze of {size}, as tokens: each cell is <|row-col|>, then its walls (<|up_left_wall|>: walls above and \
             to the left; <|no_wall|>: none), then <|origin|> (the start), <|target|> (the goal) or <|blank|>."
        ),
        PromptStyle::Hrm => format!(
            "A maze of {size}, drawn with '#' for walls and ' ' for open floor; S is the start and G the goal. \
             Cells are at odd lines and columns of the picture; a move goes to the next cell through an open gap."
        ),
        PromptStyle::Grid => format!(
            "A maze of {size}, drawn with 1 for walls and 0 for open floor; S is the start and G the goal. \
             Cells are at odd lines and columns of the picture; a move goes to the next cell through an open gap."
        ),
        PromptStyle::Aotp => format!(
            "A maze of {size} as maze-dataset tokens: the passages between cells (row,col) <--> (row,col), then \
             the origin (the start) and the target (the goal)."
        ),
        PromptStyle::Plain => "A maze, described in words.".to_string(),
        PromptStyle::Ascii => format!(
            "A maze of {size}, drawn in text: the walls are the lines between cells, S is the start and E the goal."
        ),
    }
}

/// What a model is asked after the maze.
pub fn request(style: PromptStyle) -> &'static str {
    match style {
        PromptStyle::Alphamaze => {
            "Think step by step, then give the shortest route from <|origin|> to <|target|> on the last line as \
             moves: U (up, toward row 0), D (down), L (left), R (right), for example RRDL; if the target \
             cannot be reached, say so on the last line instead."
        }
        _ => {
            "Give the shortest route from the start to the goal as moves: U (up, toward row 0), D (down), \
             L (left), R (right), letters only, for example RRDL; if the goal cannot be reached, no moves \
             (an empty answer)."
        }
    }
}

/// The prompt for a square maze in `style`: [`introduction`], the maze, [`request`].
///
/// # Errors
/// As [`Layout::text`].
pub fn prompt(layout: &Layout, style: PromptStyle, glyphs: Option<(char, char)>) -> Result<String> {
    let text = layout.text(style, None, glyphs)?;
    Ok(format!("{}\n\n{}\n{}", introduction(style, layout), text, request(style)))
}

/// The answer in `style` for `route` (cell ids, start to goal; `None`: the goal cannot be
/// reached, an empty answer): the moves, and for `alphamaze` its step-by-step reasoning
/// before them.
pub fn answer(layout: &Layout, style: PromptStyle, route: Option<&[u32]>) -> String {
    let Some(route) = route else {
        return match style {
            PromptStyle::Alphamaze => "The target cannot be reached from the origin.\n".into(),
            _ => String::new(),
        };
    };
    let moves = moves(layout.width, route);
    if style != PromptStyle::Alphamaze {
        return moves;
    }
    let token = |id: u32| {
        let (r, c) = layout.rc(id);
        format!("<|{r}-{c}|>")
    };
    let mut out = String::new();
    for (i, (pair, m)) in route.windows(2).zip(moves.chars()).enumerate() {
        let word = match m {
            'U' => "up",
            'D' => "down",
            'L' => "left",
            _ => "right",
        };
        let _ =
            writeln!(out, "Step {}: from {} move <|{word}|> to {}.", i + 1, token(pair[0]), token(pair[1]));
    }
    if route.len() < 2 {
        out.push_str("The origin is the target.\n");
    } else {
        let _ = writeln!(out, "Reached the target {}.", token(route[route.len() - 1]));
    }
    out.push_str(&moves);
    out
}

#[cfg(test)]
mod tests {
    use super::parse::wall_sides;
    use super::task::base64;
    use super::*;

    #[test]
    fn base64_matches_the_standard() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn walls_tokens_name_sides_in_alphamaze_order() {
        assert_eq!(wall_sides("up_left_wall"), Some([true, false, true, false]));
        assert_eq!(wall_sides("no_wall"), Some([false; 4]));
        assert_eq!(wall_sides("left_up_wall"), None);
        assert_eq!(wall_sides("up"), None);
    }

    #[test]
    fn moves_read_a_route() {
        // 3 wide: 0 -> 1 -> 4 -> 3 -> 0.
        assert_eq!(moves(3, &[0, 1, 4, 3, 0]), "RDLU");
    }
}
