//! `maze generate --stream`: a square maze made a row at a time by Eller, sidewinder or
//! binary tree ([`maze_core::generate::RowStream`]) and written as it is made, as text
//! (the same picture `--format text` draws) or a 1-bit PNG of its walls, in memory
//! proportional to the width whatever the height.

use std::io::Write;

use anyhow::Result;
use indicatif::ProgressBar;
use maze_core::generate::{MazeRow, RowStream};
use maze_core::text::{self, Mark};
use maze_core::{ShapeKind, Xoshiro};
use maze_render::Format;
use maze_render::png::{PngRows, WallBands};

use crate::args::GenerateArgs;
use crate::fault::UsageError;
use crate::output::with_sink;

/// The widest streamed maze: the rows are kept in memory (a few words a column).
const MAX_WIDTH: u32 = 1 << 24;

/// Refuses what a stream cannot do, naming the option, before anything is made.
fn check(args: &GenerateArgs) -> Result<(u32, u32)> {
    let refuse = |m: String| Err(anyhow::anyhow!(UsageError(m)));
    if !args.algorithm.streams() {
        return refuse(format!(
            "--stream makes mazes row by row: use -a eller, sidewinder or binary-tree (not {})",
            args.algorithm
        ));
    }
    let s = &args.shape;
    if s.shape != ShapeKind::Square || s.mask.is_some() || s.mask_text.is_some() || s.mask_data.is_some() {
        return refuse("--stream makes square mazes without masks".into());
    }
    if !matches!(args.format, Format::Text | Format::Unicode | Format::Png) {
        return refuse(format!("--stream writes text, unicode or png, not {}", args.format.name()));
    }
    let unsupported = [
        (args.solve.is_some(), "--solve"),
        (args.braid.is_some(), "--braid"),
        (args.unicursal, "--unicursal"),
        (args.starts.is_some() || args.ends.is_some(), "--starts/--ends"),
        (args.entrance.is_some() || args.exit.is_some(), "--entrance/--exit"),
        (args.count > 1, "--count"),
        (args.animate.animate || args.animate.zones, "--animate"),
        (
            args.stats.is_some() || !args.wheres.is_empty() || args.hardness.is_some(),
            "statistics and filters",
        ),
        (args.parametric, "--parametric"),
        (args.draw.title.is_some() || args.draw.instructions.is_some(), "--title/--instructions"),
    ];
    if let Some((_, what)) = unsupported.iter().find(|(on, _)| *on) {
        return refuse(format!("{what} needs the whole maze, which --stream never holds"));
    }
    let (w, h) = maze::masks::dimensions(&s.request(), None);
    if w == 0 || h == 0 {
        return refuse("a maze needs at least one row and one column".into());
    }
    if w > MAX_WIDTH {
        return refuse(format!("--stream makes mazes up to {MAX_WIDTH} cells wide (--width {w})"));
    }
    Ok((w, h))
}

/// Whether standard output is a regular file (redirected to disk), whose size the byte limit
/// guards; pipes, terminals and devices are not limited.
fn stdout_is_file() -> bool {
    use std::os::fd::AsFd;
    let fd = std::io::stdout().as_fd().try_clone_to_owned();
    fd.ok().and_then(|fd| std::fs::File::from(fd).metadata().ok()).is_some_and(|m| m.is_file())
}

/// `maze generate --stream`.
pub fn run(args: &GenerateArgs) -> Result<()> {
    let (w, h) = check(args)?;
    let picture = maze::Picture::of_extent(maze_core::Point { x: f64::from(w), y: f64::from(h) });
    let style = maze::draw_style(&args.draw.draw(), args.format, false, &picture);
    let bands = if args.format == Format::Png { Some(WallBands::new(w, h, &style)?) } else { None };
    // The output's size: the text exactly, a png's raw pixels (deflate only shrinks them).
    let bytes = match &bands {
        Some(b) => (b.row_bytes() as u64 + 1) * u64::from(b.size().1),
        None => {
            let per_char = if args.format == Format::Unicode { 3 } else { 1 };
            (3 * u64::from(w) + 2) * (2 * u64::from(h) + 1) * per_char
        }
    };
    let to_file = match &args.output {
        Some(path) => std::fs::metadata(path).map_or(true, |m| m.is_file()),
        None => stdout_is_file(),
    };
    if to_file && bytes > args.limits.max_bytes {
        anyhow::bail!(UsageError(format!(
            "the streamed {} of this {w}x{h} maze would be about {}, over the limit of {} for a file (raise it with --max-bytes, or pipe it)",
            args.format.name(),
            maze::human(bytes),
            maze::human(args.limits.max_bytes)
        )));
    }
    let request = args.request();
    maze::check_applies(&request)?;
    let options = request.generator_options();
    let progress = if u64::from(w) * u64::from(h) >= 4_000_000 {
        crate::output::progress_bar(u64::from(h), "{spinner} rows {pos}/{len} [{bar:30}] {eta}")
    } else {
        ProgressBar::hidden()
    };
    with_sink(args.output.as_deref(), |sink| {
        let seed = args.seed.unwrap_or_else(|| {
            let s = maze::fresh_seed();
            progress.suspend(|| eprintln!("seed: {s}"));
            s
        });
        let mut rows = RowStream::new(args.algorithm, &options, w, h, Xoshiro::seed_from_u64(seed))?;
        let mut window = Window::new(w, h);
        match bands {
            Some(bands) => {
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
                    tick(&progress, y)?;
                }
                png.finish()?;
            }
            None => {
                let style =
                    if args.format == Format::Unicode { text::Style::Unicode } else { text::Style::Ascii };
                let mut band = String::new();
                for y in 0..=h {
                    window.advance(&mut rows, y);
                    band.clear();
                    let hwall = |x: u32, _| window.hwall(x);
                    let vwall = |x: u32, yy: u32| window.vwall(x, yy);
                    let mark = |x: u32, yy: u32| Some(window.mark(x, yy));
                    text::square_band(&mut band, (w, h), y, &hwall, &vwall, &mark, style);
                    sink.write_all(band.as_bytes())?;
                    tick(&progress, y)?;
                }
            }
        }
        sink.flush()?;
        Ok(())
    })?;
    progress.finish_and_clear();
    Ok(())
}

/// Moves the progress bar now and then, and stops on Ctrl-C.
fn tick(progress: &ProgressBar, y: u32) -> Result<()> {
    if y % 1024 == 0 {
        progress.set_position(u64::from(y));
        maze_core::cancel::check()?;
    }
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
