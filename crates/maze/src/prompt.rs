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

/// The text styles of `--prompt-style`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PromptStyle {
    /// AlphaMaze's `<|row-col|><|up_left_wall|><|origin|>` tokens.
    Alphamaze,
    /// HRM's Maze-Hard grid over `# SGo`.
    Hrm,
    /// `1` walls and `0` floor with `S` and `G`.
    Grid,
    /// maze-dataset's adjacency list, origin, target and path tokens.
    Aotp,
    /// A short English description.
    Plain,
    /// The `+--+` text picture.
    #[default]
    Ascii,
}

impl PromptStyle {
    /// Every style, in listing order.
    pub const ALL: &'static [PromptStyle] = &[
        PromptStyle::Alphamaze,
        PromptStyle::Hrm,
        PromptStyle::Grid,
        PromptStyle::Aotp,
        PromptStyle::Plain,
        PromptStyle::Ascii,
    ];

    /// The style's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            PromptStyle::Alphamaze => "alphamaze",
            PromptStyle::Hrm => "hrm",
            PromptStyle::Grid => "grid",
            PromptStyle::Aotp => "aotp",
            PromptStyle::Plain => "plain",
            PromptStyle::Ascii => "ascii",
        }
    }

    /// Whether other shapes than plain square grids have this style.
    pub fn any_shape(self) -> bool {
        matches!(self, PromptStyle::Plain | PromptStyle::Ascii)
    }
}

impl std::fmt::Display for PromptStyle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for PromptStyle {
    type Err = maze_core::Error;
    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase();
        PromptStyle::ALL.iter().copied().find(|p| p.name() == key).ok_or_else(|| {
            let names: Vec<_> = PromptStyle::ALL.iter().map(|p| p.name()).collect();
            maze_core::Error::Parameter(format!(
                "unknown prompt style '{}' (expected one of: {})",
                crate::echo(s),
                names.join(", ")
            ))
        })
    }
}

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
    route
        .windows(2)
        .map(|p| match i64::from(p[1]) - i64::from(p[0]) {
            d if d == -i64::from(width) => 'U',
            d if d == i64::from(width) => 'D',
            -1 => 'L',
            _ => 'R',
        })
        .collect()
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
             moves: U (up, toward row 0), D (down), L (left), R (right), for example RRDL."
        }
        _ => {
            "Give the shortest route from the start to the goal as moves: U (up, toward row 0), D (down), \
             L (left), R (right), letters only, for example RRDL."
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

// --- parsing ---------------------------------------------------------------------------

/// The most cells a parsed maze may have (the engine's cell limit).
const MOST_CELLS: u64 = maze_core::limits::MAX_CELLS;

fn bad(style: PromptStyle, why: impl std::fmt::Display) -> Error {
    Error::Request(crate::single_line(&format!("not a maze in the {style} style: {why}")))
}

/// Reads a square maze's text in `style` back: its size, passages, start and goal (a route
/// marked in it is ignored). The text as [`Layout::text`] writes it, surrounding blank lines
/// and a final newline optional.
///
/// # Errors
/// Text that is not a maze in this style, in one line naming what is wrong.
pub fn parse(text: &str, style: PromptStyle) -> Result<Layout> {
    let layout = match style {
        PromptStyle::Alphamaze => parse_alphamaze(text)?,
        PromptStyle::Hrm => parse_thick(text, style, false)?,
        PromptStyle::Grid => parse_thick(text, style, true)?,
        PromptStyle::Aotp => parse_aotp(text)?,
        PromptStyle::Plain => parse_plain(text)?,
        PromptStyle::Ascii => parse_ascii(text)?,
    };
    Ok(layout)
}

/// The text's lines without `\r`, blank lines at either end left out.
fn body(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let first = lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(lines.len());
    let last = lines.iter().rposition(|l| !l.trim().is_empty()).map_or(first, |i| i + 1);
    lines[first..last].to_vec()
}

/// Checks a size read from text: at least one cell, at most the engine's limit.
fn check_size(style: PromptStyle, width: u64, height: u64) -> Result<(u32, u32)> {
    if width == 0 || height == 0 {
        return Err(bad(style, "no cells"));
    }
    if width.saturating_mul(height) > MOST_CELLS {
        return Err(bad(style, format!("{width} x {height} cells is over the limit of {MOST_CELLS}")));
    }
    Ok((width as u32, height as u32))
}

/// hrm (`# SGo`) and grid (`1 0 S G`, space-separated) pictures.
fn parse_thick(text: &str, style: PromptStyle, spaced: bool) -> Result<Layout> {
    let lines = body(text);
    let rows: Vec<Vec<char>> =
        lines
            .iter()
            .map(|l| {
                if spaced { l.split_whitespace().flat_map(str::chars).collect() } else { l.chars().collect() }
            })
            .collect();
    let (wall, open) = if spaced { ('1', '0') } else { ('#', ' ') };
    if rows.is_empty() {
        return Err(bad(style, "no picture"));
    }
    let cols = rows[0].len();
    if rows.len() < 3 || rows.len() % 2 == 0 || cols < 3 || cols % 2 == 0 {
        return Err(bad(
            style,
            format!(
                "a picture of {} lines of {cols} characters (expected an odd number, at least 3, of each)",
                rows.len()
            ),
        ));
    }
    if let Some(i) = rows.iter().position(|r| r.len() != cols) {
        return Err(bad(
            style,
            format!("line {} has {} characters, line 1 has {cols}", i + 1, rows[i].len()),
        ));
    }
    let (w, h) = check_size(style, (cols / 2) as u64, (rows.len() / 2) as u64)?;
    let mut layout = Layout::closed(w, h);
    let (mut start, mut goal) = (None, None);
    for (y, row) in rows.iter().enumerate() {
        for (x, &ch) in row.iter().enumerate() {
            let cell = y % 2 == 1 && x % 2 == 1;
            let border = y == 0 || x == 0 || y == rows.len() - 1 || x == cols - 1;
            let corner = y % 2 == 0 && x % 2 == 0;
            let at = || format!("line {}, column {}", y + 1, x + 1);
            match ch {
                c if c == wall => {
                    if cell {
                        return Err(bad(style, format!("a wall where a cell is ({})", at())));
                    }
                }
                c if c == open || c == 'o' => {
                    if border || corner {
                        return Err(bad(
                            style,
                            format!("an opening in the outer wall or a corner ({})", at()),
                        ));
                    }
                    if !cell {
                        let (r, c) = ((y - 1) / 2, (x - 1) / 2);
                        let id = r * w as usize + c;
                        if y % 2 == 0 {
                            layout.down[id] = true;
                        } else {
                            layout.right[id] = true;
                        }
                    }
                }
                'S' | 'G' if cell => {
                    let end = if ch == 'S' { &mut start } else { &mut goal };
                    if end.replace(((y / 2) as u32, (x / 2) as u32)).is_some() {
                        return Err(bad(style, format!("more than one {ch}")));
                    }
                }
                other => {
                    return Err(bad(style, format!("unexpected character {:?} ({})", other, at())));
                }
            }
        }
    }
    let start = start.ok_or_else(|| bad(style, "no start (S)"))?;
    layout.start = start;
    layout.goal = goal.unwrap_or(start);
    Ok(layout)
}

/// A `(r,c)` coordinate token.
fn coordinate(token: &str) -> Option<(u64, u64)> {
    let inner = token.strip_prefix('(')?.strip_suffix(')')?;
    let (r, c) = inner.split_once(',')?;
    Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
}

/// Joins cells `a` and `b` (adjacent, inside the layout) in a parsed layout.
fn join(layout: &mut Layout, style: PromptStyle, a: (u64, u64), b: (u64, u64)) -> Result<()> {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let inside = |(r, c): (u64, u64)| r < u64::from(layout.height) && c < u64::from(layout.width);
    if !inside(a) || !inside(b) {
        return Err(bad(style, format!("a passage ({},{})-({},{}) leaves the grid", a.0, a.1, b.0, b.1)));
    }
    let id = (a.0 * u64::from(layout.width) + a.1) as usize;
    if b == (a.0 + 1, a.1) {
        layout.down[id] = true;
    } else if b == (a.0, a.1 + 1) {
        layout.right[id] = true;
    } else {
        return Err(bad(style, format!("cells ({},{}) and ({},{}) are not neighbours", a.0, a.1, b.0, b.1)));
    }
    Ok(())
}

fn parse_aotp(text: &str) -> Result<Layout> {
    let style = PromptStyle::Aotp;
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let mut at = 0;
    let expect = |want: &str, at: &mut usize| -> Result<()> {
        match tokens.get(*at) {
            Some(t) if *t == want => {
                *at += 1;
                Ok(())
            }
            Some(t) => Err(bad(style, format!("expected {want}, found {}", crate::echo(t)))),
            None => Err(bad(style, format!("expected {want}, found the end of the text"))),
        }
    };
    let coord = |at: &mut usize| -> Result<(u64, u64)> {
        let t = tokens.get(*at).copied().unwrap_or("the end of the text");
        let c = coordinate(t)
            .ok_or_else(|| bad(style, format!("expected a cell (row,col), found {}", crate::echo(t))))?;
        *at += 1;
        Ok(c)
    };
    expect("<ADJLIST_START>", &mut at)?;
    let mut pairs = Vec::new();
    while tokens.get(at) != Some(&"<ADJLIST_END>") {
        let a = coord(&mut at)?;
        expect("<-->", &mut at)?;
        let b = coord(&mut at)?;
        expect(";", &mut at)?;
        pairs.push((a, b));
    }
    expect("<ADJLIST_END>", &mut at)?;
    expect("<ORIGIN_START>", &mut at)?;
    let origin = coord(&mut at)?;
    expect("<ORIGIN_END>", &mut at)?;
    expect("<TARGET_START>", &mut at)?;
    let target = coord(&mut at)?;
    expect("<TARGET_END>", &mut at)?;
    if tokens.get(at) == Some(&"<PATH_START>") {
        at += 1;
        while tokens.get(at).is_some_and(|t| *t != "<PATH_END>") {
            coord(&mut at)?;
        }
        expect("<PATH_END>", &mut at)?;
    }
    if let Some(t) = tokens.get(at) {
        return Err(bad(style, format!("unexpected {} after the maze", crate::echo(t))));
    }
    // maze-dataset's tokens do not say the size: the largest row and column named.
    let all = pairs.iter().flat_map(|&(a, b)| [a, b]).chain([origin, target]);
    let (rows, cols) = all.fold((0, 0), |(r, c), (y, x)| (r.max(y), c.max(x)));
    let (w, h) = check_size(style, cols.saturating_add(1), rows.saturating_add(1))?;
    if u64::from(w) * u64::from(h) > 4 * tokens.len() as u64 + 4 {
        return Err(bad(style, format!("a cell ({rows},{cols}) far beyond the passages listed")));
    }
    let mut layout = Layout::closed(w, h);
    for (a, b) in pairs {
        join(&mut layout, style, a, b)?;
    }
    layout.start = (origin.0 as u32, origin.1 as u32);
    layout.goal = (target.0 as u32, target.1 as u32);
    Ok(layout)
}

fn parse_alphamaze(text: &str) -> Result<Layout> {
    let style = PromptStyle::Alphamaze;
    // The tokens, `<|...|>` each, whitespace between them ignored.
    let mut tokens = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let Some(inner) = rest.strip_prefix("<|") else {
            return Err(bad(
                style,
                format!(
                    "expected a <|token|>, found {}",
                    crate::echo(&rest.chars().take(20).collect::<String>())
                ),
            ));
        };
        let end = inner.find("|>").ok_or_else(|| bad(style, "a token without its closing |>"))?;
        tokens.push(&inner[..end]);
        rest = inner[end + 2..].trim_start();
    }
    struct Cell {
        rc: (u64, u64),
        closed: [bool; 4],
        origin: bool,
        target: bool,
    }
    let mut cells: Vec<Cell> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i];
        let rc = t
            .split_once('-')
            .and_then(|(r, c)| Some((r.parse::<u64>().ok()?, c.parse::<u64>().ok()?)))
            .ok_or_else(|| {
                bad(style, format!("expected a cell <|row-col|>, found <|{}|>", crate::echo(t)))
            })?;
        let walls =
            tokens.get(i + 1).ok_or_else(|| bad(style, format!("cell <|{t}|> has no walls token")))?;
        let closed = wall_sides(walls)
            .ok_or_else(|| bad(style, format!("<|{}|> is not a walls token", crate::echo(walls))))?;
        i += 2;
        let (mut origin, mut target, mut marked) = (false, false, false);
        while let Some(&m) = tokens.get(i) {
            match m {
                "origin" => origin = true,
                "target" => target = true,
                "blank" => {}
                _ => break,
            }
            marked = true;
            i += 1;
        }
        if !marked {
            return Err(bad(style, format!("cell <|{t}|> has no <|origin|>, <|target|> or <|blank|>")));
        }
        cells.push(Cell { rc, closed, origin, target });
    }
    let (rows, cols) = cells.iter().fold((0, 0), |(r, c), cell| (r.max(cell.rc.0), c.max(cell.rc.1)));
    if cells.is_empty() {
        return Err(bad(style, "no cells"));
    }
    let (w, h) = check_size(style, cols.saturating_add(1), rows.saturating_add(1))?;
    if cells.len() as u64 != u64::from(w) * u64::from(h) {
        return Err(bad(style, format!("{} cells listed for a grid of {h} x {w}", cells.len())));
    }
    let mut seen = vec![false; cells.len()];
    let mut sides = vec![[true; 4]; cells.len()];
    let mut layout = Layout::closed(w, h);
    let (mut start, mut goal) = (None, None);
    for cell in &cells {
        let id = (cell.rc.0 * u64::from(w) + cell.rc.1) as usize;
        if std::mem::replace(&mut seen[id], true) {
            return Err(bad(style, format!("cell <|{}-{}|> listed twice", cell.rc.0, cell.rc.1)));
        }
        sides[id] = cell.closed;
        let rc = (cell.rc.0 as u32, cell.rc.1 as u32);
        for (flag, slot, name) in [(cell.origin, &mut start, "origin"), (cell.target, &mut goal, "target")] {
            if flag && slot.replace(rc).is_some() {
                return Err(bad(style, format!("more than one <|{name}|>")));
            }
        }
    }
    let wu = w as usize;
    for id in 0..cells.len() {
        let (r, c) = (id / wu, id % wu);
        if r + 1 < h as usize {
            let (a, b) = (!sides[id][1], !sides[id + wu][0]);
            if a != b {
                return Err(bad(
                    style,
                    format!("cells <|{r}-{c}|> and <|{}-{c}|> disagree about the wall between them", r + 1),
                ));
            }
            layout.down[id] = a;
        }
        if c + 1 < wu {
            let (a, b) = (!sides[id][3], !sides[id + 1][2]);
            if a != b {
                return Err(bad(
                    style,
                    format!("cells <|{r}-{c}|> and <|{r}-{}|> disagree about the wall between them", c + 1),
                ));
            }
            layout.right[id] = a;
        }
    }
    layout.start = start.ok_or_else(|| bad(style, "no <|origin|>"))?;
    layout.goal = goal.ok_or_else(|| bad(style, "no <|target|>"))?;
    Ok(layout)
}

/// The closed sides (up, down, left, right) a walls token names: `no_wall`, `up_left_wall`, ...
fn wall_sides(token: &str) -> Option<[bool; 4]> {
    if token == "no_wall" {
        return Some([false; 4]);
    }
    let names = token.strip_suffix("_wall")?;
    let mut closed = [false; 4];
    let mut last = None;
    for name in names.split('_') {
        let i = ["up", "down", "left", "right"].iter().position(|n| *n == name)?;
        if last.is_some_and(|l| l >= i) {
            return None;
        }
        last = Some(i);
        closed[i] = true;
    }
    Some(closed)
}

fn parse_plain(text: &str) -> Result<Layout> {
    let style = PromptStyle::Plain;
    let lines = body(text);
    let head = lines.first().copied().unwrap_or("");
    if head.contains(", numbered 0 to ") {
        return Err(bad(
            style,
            "a description by cell numbers (another shape than square cells) is not read back",
        ));
    }
    let number_after = |line: &str, word: &str| -> Option<u64> {
        let at = line.find(word)? + word.len();
        let digits: String = line[at..].trim_start().chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    };
    let size = head
        .strip_prefix("A maze of ")
        .ok_or_else(|| bad(style, "the first line is not 'A maze of H rows and W columns ...'"))?;
    let height: u64 = size
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| bad(style, "no number of rows"))?;
    let width = number_after(size, " and ").ok_or_else(|| bad(style, "no number of columns"))?;
    let (w, h) = check_size(style, width, height)?;
    if u64::from(w) * u64::from(h) > lines.len() as u64 {
        return Err(bad(style, format!("{h} x {w} cells but {} lines", lines.len())));
    }
    let ends = lines.get(1).copied().unwrap_or("");
    let end = |word: &str| -> Result<(u32, u32)> {
        let at = ends.find(word).ok_or_else(|| bad(style, format!("no '{word}' on the second line")))?;
        let part = &ends[at..];
        let r = number_after(part, "row").ok_or_else(|| bad(style, format!("no row for the {word}")))?;
        let c =
            number_after(part, "column").ok_or_else(|| bad(style, format!("no column for the {word}")))?;
        if r >= u64::from(h) || c >= u64::from(w) {
            return Err(bad(style, format!("the {word} (row {r}, column {c}) is outside the grid")));
        }
        Ok((r as u32, c as u32))
    };
    let mut layout = Layout::closed(w, h);
    layout.start = end("Start:")?;
    layout.goal = end("Goal:")?;
    let mut sides = vec![None::<[bool; 4]>; layout.cells()];
    for line in lines.iter().skip(2) {
        let Some(rest) = line.strip_prefix('(') else { continue };
        let (rc, open) = rest
            .split_once("):")
            .ok_or_else(|| bad(style, format!("a cell line without '):': {}", crate::echo(line))))?;
        let (r, c) = coordinate(&format!("({rc})"))
            .ok_or_else(|| bad(style, format!("not a cell: ({})", crate::echo(rc))))?;
        if r >= u64::from(h) || c >= u64::from(w) {
            return Err(bad(style, format!("cell ({r},{c}) is outside the grid")));
        }
        let mut dirs = [false; 4];
        for name in open.split(',').map(str::trim).filter(|n| *n != "none") {
            let i = ["up", "down", "left", "right"]
                .iter()
                .position(|n| *n == name)
                .ok_or_else(|| bad(style, format!("unknown direction {}", crate::echo(name))))?;
            dirs[i] = true;
        }
        let id = (r * u64::from(w) + c) as usize;
        if sides[id].replace(dirs).is_some() {
            return Err(bad(style, format!("cell ({r},{c}) described twice")));
        }
    }
    let wu = w as usize;
    for id in 0..sides.len() {
        let (r, c) = (id / wu, id % wu);
        let open = sides[id].ok_or_else(|| bad(style, format!("cell ({r},{c}) is not described")))?;
        let outward = [r == 0, r + 1 == h as usize, c == 0, c + 1 == wu];
        if let Some(side) = (0..4).find(|&i| open[i] && outward[i]) {
            return Err(bad(
                style,
                format!("cell ({r},{c}) opens {} out of the grid", ["up", "down", "left", "right"][side]),
            ));
        }
        if r + 1 < h as usize {
            let below = sides[id + wu].unwrap_or_default();
            if open[1] != below[0] && sides[id + wu].is_some() {
                return Err(bad(
                    style,
                    format!("cells ({r},{c}) and ({},{c}) disagree about the passage between them", r + 1),
                ));
            }
            layout.down[id] = open[1];
        }
        if c + 1 < wu {
            let beside = sides[id + 1].unwrap_or_default();
            if open[3] != beside[2] && sides[id + 1].is_some() {
                return Err(bad(
                    style,
                    format!("cells ({r},{c}) and ({r},{}) disagree about the passage between them", c + 1),
                ));
            }
            layout.right[id] = open[3];
        }
    }
    Ok(layout)
}

fn parse_ascii(text: &str) -> Result<Layout> {
    let style = PromptStyle::Ascii;
    let mut lines: Vec<&str> = body(text);
    // A glyph note before the picture (varied glyphs): its characters, then the picture.
    let mut glyphs = ('+', ' ');
    if let Some(first) = lines.first() {
        if let Some(rest) = first.strip_prefix("(walls are '") {
            let mut chars = rest.chars();
            let wall = chars.next().unwrap_or('+');
            let floor = rest.split("floor is '").nth(1).and_then(|f| f.chars().next()).unwrap_or(' ');
            glyphs = (wall, floor);
            lines.remove(0);
        }
    }
    let rows: Vec<Vec<char>> = lines
        .iter()
        .map(|l| {
            l.chars()
                .map(|c| {
                    if glyphs.0 != '+' && c == glyphs.0 {
                        '+'
                    } else if glyphs.1 != ' ' && c == glyphs.1 {
                        ' '
                    } else {
                        c
                    }
                })
                .collect()
        })
        .collect();
    let first = rows.first().ok_or_else(|| bad(style, "no picture"))?;
    if first.first() != Some(&'+')
        || first.last() != Some(&'+')
        || (first.len() - 1) % 3 != 0
        || first.len() < 4
    {
        return Err(bad(style, "the first line is not a square maze's top wall (+--+ ...)"));
    }
    let cols = first.len();
    if rows.len() < 3 || rows.len() % 2 == 0 {
        return Err(bad(style, format!("{} lines (expected an odd number, at least 3)", rows.len())));
    }
    let (w, h) = check_size(style, ((cols - 1) / 3) as u64, (rows.len() / 2) as u64)?;
    let at = |y: usize, x: usize| rows[y].get(x).copied().unwrap_or(' ');
    if let Some(y) = rows.iter().position(|r| r.len() > cols) {
        return Err(bad(style, format!("line {} is longer than the top wall", y + 1)));
    }
    let is_wall = |ch: char| matches!(ch, '+' | '-' | '|');
    let mut layout = Layout::closed(w, h);
    let (mut start, mut goal) = (None, None);
    for r in 0..h as usize {
        for c in 0..w as usize {
            let (y, x) = (2 * r + 1, 3 * c);
            if at(y - 1, x) != '+' || at(y + 1, x) != '+' {
                return Err(bad(style, format!("no corner '+' at line {}, column {}", y, x + 1)));
            }
            let inside: String = [at(y, x + 1), at(y, x + 2)].iter().collect();
            for (ch, slot) in [('S', &mut start), ('E', &mut goal)] {
                if inside.contains(ch) && slot.replace((r as u32, c as u32)).is_some() {
                    return Err(bad(style, format!("more than one {ch}")));
                }
            }
            if inside.chars().any(|ch| !matches!(ch, ' ' | 'S' | 'E' | '*' | '.')) {
                return Err(bad(style, format!("unexpected {:?} in cell ({r},{c})", crate::echo(&inside))));
            }
            let id = r * w as usize + c;
            if r + 1 < h as usize {
                let gap = [at(y + 1, x + 1), at(y + 1, x + 2)];
                layout.down[id] = !gap.iter().any(|&g| is_wall(g));
            }
            if c + 1 < w as usize {
                layout.right[id] = !is_wall(at(y, x + 3));
            }
        }
    }
    let start = start.ok_or_else(|| bad(style, "no start (S)"))?;
    layout.start = start;
    layout.goal = goal.unwrap_or(start);
    Ok(layout)
}

// --- the plan's rule and task records ---------------------------------------------------

/// Refuses a prompt or task request (`-f prompt`, `-f tasks`) the shape cannot have: a
/// style other than ascii and plain off plain square grids, tasks off them (their answers
/// are U/D/L/R), a MultiMaze, varied glyphs on another style than ascii.
///
/// # Errors
/// The one-line refusal.
pub fn check(request: &MazeRequest, spec: &ShapeSpec) -> Result<()> {
    let tasks = request.format == Format::Tasks;
    if !tasks && request.format != Format::Prompt {
        return Ok(());
    }
    let style = request.prompt_style.unwrap_or_default();
    if request.prompt_glyphs && style != PromptStyle::Ascii {
        return Err(Error::request(format!(
            "--prompt-glyphs varies the ascii style's characters, not {style}'s (add --prompt-style ascii)"
        )));
    }
    if request.multi() {
        return Err(Error::request(
            "prompts and tasks describe one start and one goal, not a MultiMaze (several --starts or --ends)",
        ));
    }
    if plain_square(spec).is_some() {
        return Ok(());
    }
    if tasks {
        let what = plain_square_miss(spec).unwrap_or_else(|| format!("{} cells", spec.kind.name()));
        return Err(Error::request(format!(
            "tasks are made on plain square grids (answers in U/D/L/R), not {what} \
             (-f prompt --prompt-style ascii or plain describes it)"
        )));
    }
    if !style.any_shape() {
        return Err(Error::request(refusal(style, spec)));
    }
    Ok(())
}

/// The bytes of `-f prompt` (the maze's text, the route marked when solved) or `-f tasks`
/// (its record, [`task`]) for maze `maze` of seed `seed`; `png` draws the picture a record
/// holds when `--task-image` asks.
///
/// # Errors
/// As [`maze_text`], [`task`] and `png`.
pub(crate) fn present<S: Shape>(
    maze: &Maze<S>,
    seed: u64,
    solution: Option<&Solution>,
    format: Format,
    draw: &Draw,
    png: impl FnOnce(&Maze<S>) -> Result<Vec<u8>>,
) -> Result<Vec<u8>> {
    let style = draw.prompt_style.unwrap_or_default();
    let glyphs = (draw.prompt_glyphs && style == PromptStyle::Ascii).then(|| glyphs_of(seed));
    if format == Format::Prompt {
        return Ok(maze_text(maze, style, solution, glyphs)?.into_bytes());
    }
    let image = if draw.task_image { Some(png(maze)?) } else { None };
    let options = TaskOptions { style, glyphs: draw.prompt_glyphs, image: image.as_deref() };
    Ok(task(maze, seed, &options)?.into_bytes())
}

/// The options of a task record beyond the maze.
#[derive(Clone, Copy, Debug, Default)]
pub struct TaskOptions<'a> {
    /// The text style of the prompt.
    pub style: PromptStyle,
    /// Draw the ascii style in wall and floor characters drawn from the seed.
    pub glyphs: bool,
    /// The maze's picture (PNG), when asked.
    pub image: Option<&'a [u8]>,
}

/// One task record, a line of JSON: `id`, `seed`, `style`, `width`, `height`, `prompt`,
/// `answer`, `moves`, `reachable`, `shortest_length`, the difficulty figures of `maze stats`
/// (`dead_ends`, `junctions`, `decisions`, `decision_weight`, `winding`, `difficulty`,
/// `hardness`) and, when given, `image` (the PNG in base64). It depends on the maze and the
/// seed alone, so it is the same made alone or in any batch.
///
/// # Errors
/// A maze not on a plain square grid.
pub fn task<S: Shape>(maze: &Maze<S>, seed: u64, options: &TaskOptions<'_>) -> Result<String> {
    let layout =
        Layout::of(maze).ok_or_else(|| Error::request(refusal(options.style, &maze.shape().spec())))?;
    let route = maze_core::Solver::Bfs
        .solve_route(maze, maze.entrance(), maze.exit())
        .ok()
        .map(|s| s.path.iter().map(|c| c.0).collect::<Vec<u32>>())
        .filter(|p| !p.is_empty());
    let style = options.style;
    let glyphs = (options.glyphs && style == PromptStyle::Ascii).then(|| glyphs_of(seed));
    let stats = maze_core::stats::stats(maze);
    let json = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let mut out = String::with_capacity(4096);
    let _ = write!(
        out,
        "{{\"id\":{},\"seed\":{seed},\"style\":\"{style}\",\"width\":{},\"height\":{},\"prompt\":{},\"answer\":{},\"moves\":{},\"reachable\":{},\"shortest_length\":{}",
        json(&format!("{style}-{}x{}-{seed}", layout.width, layout.height)),
        layout.width,
        layout.height,
        json(&prompt(&layout, style, glyphs)?),
        json(&answer(&layout, style, route.as_deref())),
        json(&route.as_deref().map(|r| moves(layout.width, r)).unwrap_or_default()),
        route.is_some(),
        route.as_ref().map_or("null".to_string(), |r| (r.len() - 1).to_string()),
    );
    let wanted =
        ["dead_ends", "junctions", "decisions", "decision_weight", "winding", "difficulty", "hardness"];
    for (key, value) in stats.values() {
        if wanted.contains(&key) {
            let _ = write!(out, ",\"{key}\":{}", value.json());
        }
    }
    if let Some(png) = options.image {
        let _ = write!(out, ",\"image\":\"{}\"", base64(png));
    }
    out.push_str("}\n");
    Ok(out)
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
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
