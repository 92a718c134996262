//! Streaming (`stream` in a [`MazeRequest`], `maze generate --stream`): a square maze made
//! a row at a time by Eller, sidewinder or binary tree ([`maze_core::generate::RowStream`])
//! and written as it is made, as text (the same picture the `text` format draws) or a 1-bit
//! PNG of its walls, in memory proportional to the width whatever the height.
//!
//! [`check`] refuses what a stream cannot do, before anything is made; [`output_bytes`]
//! says how large the output will be (for a front end's size limit); [`write()`] makes and
//! writes the maze, calling back after every row (progress, cancellation).

use std::io::Write;

use maze_core::generate::{MazeRow, RowStream};
use maze_core::text::{self, Mark};
use maze_core::{ShapeKind, Xoshiro};
use maze_render::Format;
use maze_render::png::{PngRows, WallBands};

use crate::{Error, MazeRequest, Result};

/// The widest streamed maze: the rows are kept in memory (a few words a column).
pub const MAX_WIDTH: u32 = 1 << 24;

/// Checks that `request` can be streamed, naming the option that cannot, before anything
/// is made; returns the maze's width and height.
///
/// # Errors
/// [`Error::Request`]: a generator that does not make rows, another shape or a mask, a
/// format other than text, unicode or png, anything that needs the whole maze (a solution,
/// braid, a labyrinth, dots, chosen ends, a batch, an animation, statistics and filters,
/// the parametric program, a title), an empty or too wide maze.
pub fn check(request: &MazeRequest) -> Result<(u32, u32)> {
    let refuse = |m: String| Err(Error::Request(m));
    let r = request;
    if !r.algorithm.streams() {
        return refuse(format!(
            "--stream makes mazes row by row: use -a eller, sidewinder or binary-tree (not {})",
            r.algorithm
        ));
    }
    if r.shape != ShapeKind::Square || r.mask.is_some() || r.mask_text.is_some() || r.mask_data.is_some() {
        return refuse("--stream makes square mazes without masks".into());
    }
    if !matches!(r.format, Format::Text | Format::Unicode | Format::Png) {
        return refuse(format!("--stream writes text, unicode or png, not {}", r.format.name()));
    }
    let unsupported = [
        (r.solve.is_some(), "--solve"),
        (r.braid.is_some(), "--braid"),
        (r.unreachable.is_some(), "--unreachable"),
        (r.unicursal, "--unicursal"),
        (r.starts.is_some() || r.ends.is_some(), "--starts/--ends"),
        (r.entrance.is_some() || r.exit.is_some(), "--entrance/--exit"),
        (r.has_end_rules(), "endpoint rules (--deadend-start, --min-distance, ...)"),
        (r.part.is_some(), "--part"),
        (r.count > 1, "--count"),
        (r.animate || r.zones, "--animate"),
        (r.stats.is_some() || !r.wheres.is_empty() || r.hardness.is_some(), "statistics and filters"),
        (r.parametric, "--parametric"),
        (r.title.is_some() || r.instructions.is_some(), "--title/--instructions"),
        (r.heat, "--heat"),
    ];
    if let Some((_, what)) = unsupported.iter().find(|(on, _)| *on) {
        return refuse(format!("{what} needs the whole maze, which --stream never holds"));
    }
    let (w, h) = crate::masks::dimensions(r, None);
    if w == 0 || h == 0 {
        return refuse("a maze needs at least one row and one column".into());
    }
    if w > MAX_WIDTH {
        return refuse(format!("--stream makes mazes up to {MAX_WIDTH} cells wide (--width {w})"));
    }
    Ok((w, h))
}

/// The PNG's wall bands for a `w` x `h` maze, or `None` for text.
fn bands(request: &MazeRequest, w: u32, h: u32) -> Result<Option<(WallBands, maze_render::style::Style)>> {
    let picture = crate::picture::Picture::of_extent(maze_core::Point { x: f64::from(w), y: f64::from(h) });
    let style = crate::picture::draw_style(&request.draw(), request.format, false, &picture);
    Ok(match request.format {
        Format::Png => Some((WallBands::new(w, h, &style)?, style)),
        _ => None,
    })
}

/// The size of the streamed output of a `w` x `h` maze ([`check`]'s): the text exactly, a
/// PNG's raw pixels (its compression only shrinks them).
///
/// # Errors
/// A PNG too large to draw.
pub fn output_bytes(request: &MazeRequest, w: u32, h: u32) -> Result<u64> {
    Ok(match bands(request, w, h)? {
        Some((b, _)) => (b.row_bytes() as u64 + 1) * u64::from(b.size().1),
        None => {
            let per_char = if request.format == Format::Unicode { 3 } else { 1 };
            (3 * u64::from(w) + 2) * (2 * u64::from(h) + 1) * per_char
        }
    })
}

/// Makes the `w` x `h` maze of `request` ([`check`]'s sizes) from `seed` a row at a time and
/// writes it to `sink` as it goes, calling `after_row(y)` after each of its `h + 1` bands of
/// output (to show progress or stop: an error it returns ends the stream).
///
/// Time O(w · h); memory O(w).
///
/// # Errors
/// A generator's or a drawing's refusal, writing, or `after_row`'s error.
pub fn write(
    request: &MazeRequest,
    (w, h): (u32, u32),
    seed: u64,
    sink: &mut dyn Write,
    mut after_row: impl FnMut(u32) -> Result<()>,
) -> Result<()> {
    let options = request.generator_options();
    let mut rows = RowStream::new(request.algorithm, &options, w, h, Xoshiro::seed_from_u64(seed))?;
    let mut window = Window::new(w, h);
    match bands(request, w, h)? {
        Some((bands, style)) => {
            let (pw, ph) = bands.size();
            let palette = bands.palette(&style)?;
            let mut png = PngRows::new(&mut *sink, pw, ph, 1, &palette, 1)?;
            for y in 0..=h {
                window.advance(&mut rows, y);
                let (line, above, row) = window.bits();
                let mut result = Ok(());
                bands.paint(y, &line, &above, &row, |pixels| {
                    if result.is_ok() {
                        result = png.row(pixels);
                    }
                });
                result?;
                after_row(y)?;
            }
            png.finish()?;
        }
        None => {
            let style =
                if request.format == Format::Unicode { text::Style::Unicode } else { text::Style::Ascii };
            let mut band = String::new();
            for y in 0..=h {
                window.advance(&mut rows, y);
                band.clear();
                let hwall = |x: u32, _| window.hwall(x);
                let vwall = |x: u32, yy: u32| window.vwall(x, yy);
                let mark = |x: u32, yy: u32| Some(window.mark(x, yy));
                text::square_band(&mut band, (w, h), y, &hwall, &vwall, &mark, &|_, _| None, style);
                sink.write_all(band.as_bytes())?;
                after_row(y)?;
            }
        }
    }
    sink.flush()?;
    Ok(())
}

/// The two rows a band is drawn from: row `y - 1` and row `y` (while they exist), with the
/// entrance (top of the first cell) and exit (bottom of the last) open.
struct Window {
    w: u32,
    h: u32,
    /// The band being drawn.
    y: u32,
    above: Option<MazeRow>,
    row: Option<MazeRow>,
}

impl Window {
    fn new(w: u32, h: u32) -> Self {
        Window { w, h, y: 0, above: None, row: None }
    }

    /// Moves to band `y`: row `y - 1` above, row `y` (if any) below.
    fn advance<R: maze_core::Random>(&mut self, rows: &mut RowStream<R>, y: u32) {
        self.y = y;
        // The row two above is done with: its buffers take the next row.
        let spare = std::mem::replace(&mut self.above, self.row.take());
        if y < self.h
            && let Some(next) = rows.next_row()
        {
            let mut row = spare.unwrap_or_default();
            row.clone_from(next);
            self.row = Some(row);
        }
    }

    /// The wall above cell `x` on the band's line is closed.
    fn hwall(&self, x: u32) -> bool {
        match &self.above {
            None => x != 0,                                 // the top: open above the entrance
            Some(_) if self.y == self.h => x + 1 != self.w, // the bottom: open below the exit
            Some(r) => !r.south_open(x),
        }
    }

    /// The wall left of cell `(x, yy)` is closed, for `yy` the band's row or the one above
    /// it; the outer sides always are.
    fn vwall(&self, x: u32, yy: u32) -> bool {
        self.left_closed(if yy == self.y { self.row.as_ref() } else { self.above.as_ref() }, x)
    }

    /// The wall left of column `x` in row `r` is closed (no row: no wall).
    fn left_closed(&self, r: Option<&MazeRow>, x: u32) -> bool {
        match r {
            None => false,
            Some(_) if x == 0 || x == self.w => true,
            Some(r) => !r.east_open(x - 1),
        }
    }

    /// The mark of cell `(x, y)`: the entrance (first cell) and exit (last cell).
    fn mark(&self, x: u32, y: u32) -> Mark {
        if x == 0 && y == 0 {
            Mark::Start
        } else if x + 1 == self.w && y + 1 == self.h {
            Mark::End
        } else {
            Mark::Empty
        }
    }

    /// The closed-wall bits [`WallBands::paint`] takes for the band: the line's walls, and
    /// the walls left of each column in the rows above and below it.
    fn bits(&self) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
        let words = |n: u32| vec![0u64; (n as usize).div_ceil(64)];
        let mut line = words(self.w);
        for x in 0..self.w {
            if self.hwall(x) {
                line[x as usize >> 6] |= 1 << (x & 63);
            }
        }
        let verticals = |r: Option<&MazeRow>| {
            let mut v = words(self.w + 1);
            for x in (0..=self.w).filter(|&x| self.left_closed(r, x)) {
                v[x as usize >> 6] |= 1 << (x & 63);
            }
            v
        };
        (line, verticals(self.above.as_ref()), verticals(self.row.as_ref()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::request;

    #[test]
    fn what_needs_the_whole_maze_is_refused_by_name() {
        for (words, needle) in [
            (&["-a", "kruskal"][..], "use -a eller, sidewinder or binary-tree (not kruskal)"),
            (&["-a", "eller", "-s", "hex"], "square mazes without masks"),
            (&["-a", "eller", "-f", "svg"], "text, unicode or png, not svg"),
            (&["-a", "eller", "--solve"], "--solve needs the whole maze"),
            (&["-a", "eller", "--count", "2"], "--count needs the whole maze"),
            (&["-a", "sidewinder", "--title", "Hi"], "--title/--instructions"),
            (&["-a", "sidewinder", "-f", "png", "--heat"], "--heat needs the whole maze"),
        ] {
            let e = check(&request(words)).expect_err(needle).to_string();
            assert!(e.contains(needle), "{words:?}: {e}");
        }
        assert_eq!(check(&request(&["-a", "binary-tree", "-W", "7", "-H", "3"])).expect("streams"), (7, 3));
    }

    /// The text written row by row is the picture of a maze: its size is the one promised,
    /// and it is the same from the same seed.
    #[test]
    fn text_streams_band_by_band_as_promised() {
        let r = request(&["-a", "eller", "-W", "9", "-H", "4"]);
        let size = check(&r).expect("streams");
        let mut out = Vec::new();
        let mut bands = 0;
        write(&r, size, 3, &mut out, |_| {
            bands += 1;
            Ok(())
        })
        .expect("written");
        assert_eq!(bands, 5, "one band a row and the bottom line");
        assert_eq!(out.len() as u64, output_bytes(&r, 9, 4).expect("size"));
        let text = String::from_utf8(out.clone()).expect("utf-8");
        assert_eq!(text.lines().count(), 9);
        assert!(text.contains('S') && text.contains('E'), "{text}");
        let mut again = Vec::new();
        write(&r, size, 3, &mut again, |_| Ok(())).expect("written");
        assert_eq!(out, again);
        // An error from the callback ends the stream.
        let stop =
            write(
                &r,
                size,
                3,
                &mut Vec::new(),
                |y| if y == 2 { Err(Error::request("stop")) } else { Ok(()) },
            );
        assert!(stop.is_err());
    }
}
