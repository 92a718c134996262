//! Reading a maze back from its text in each style ([`parse`]): the same passages, size,
//! start and goal; text that is not the style's is refused in one line.

use super::*;

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
pub(super) fn wall_sides(token: &str) -> Option<[bool; 4]> {
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
