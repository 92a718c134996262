//! The shape the command line asks for: kind, size, mask (`--mask`, `--mask-text`,
//! `--mask-connect`), and where the entrance and exit go (`--entrance`, `--exit`).

use std::io::Read;
use std::path::Path;
use std::str::FromStr;

use maze_core::shape::font;
use maze_core::{
    Bitmap, CellId, Mask, Maze, Random, Shape, ShapeKind, ShapeSpec, ShapeVisitor, analyze, math,
};

use crate::error::{Context, Error, Result};
use crate::request::MazeRequest;

/// The largest mask file read (a text file or a PNG), bytes.
pub const MAX_MASK_BYTES: u64 = 16 << 20;
/// The largest mask picture, pixels per side.
pub const MAX_MASK_SIDE: u32 = 8192;
/// A PNG mask larger than this on its long side sets the maze's default size to this many
/// cells (smaller pictures give one cell per pixel).
pub const PICTURE_CELLS: u32 = 64;

/// A mask picture and the maze size it suggests when none is given.
#[derive(Clone, Debug)]
pub struct Picture {
    /// Dark pixels are cells.
    pub bitmap: Bitmap,
    /// The default width and height for this picture.
    pub natural: (u32, u32),
    /// Keep only the largest piece (words: the holes in letters are not separate mazes).
    pub largest_only: bool,
}

/// Reads a mask picture from a file: a PNG (by its signature) or text.
pub fn load_picture(path: &Path) -> Result<Picture> {
    // The path as errors show it: cut as other echoed input is.
    let shown = crate::echo(&path.display().to_string());
    let file = std::fs::File::open(path).with_context(|| format!("cannot read mask {shown}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_MASK_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read mask {shown}"))?;
    if bytes.len() as u64 > MAX_MASK_BYTES {
        return Err(Error::Request(format!("mask {shown} is larger than {} MiB", MAX_MASK_BYTES >> 20)));
    }
    picture_from_bytes(&bytes).map_err(|e| Error::Request(format!("mask {shown}: {e}")))
}

/// A mask picture from a file's bytes: a PNG, or text rows of `X` (cell) and `.` (no cell).
///
/// # Errors
/// A message naming the problem (bad PNG, picture too large, a stray character).
pub fn picture_from_bytes(bytes: &[u8]) -> Result<Picture, String> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        let bitmap = decode_png(bytes)?;
        let (w, h) = (bitmap.width, bitmap.height);
        let long = w.max(h);
        let natural = if long <= PICTURE_CELLS {
            (w, h)
        } else {
            let k = f64::from(PICTURE_CELLS) / f64::from(long);
            ((f64::from(w) * k).round().max(1.0) as u32, (f64::from(h) * k).round().max(1.0) as u32)
        };
        return Ok(Picture { bitmap, natural, largest_only: false });
    }
    let text =
        std::str::from_utf8(bytes).map_err(|_| "not a PNG nor a text file of X and . rows".to_string())?;
    let bitmap = parse_text_mask(text)?;
    let natural = (bitmap.width, bitmap.height);
    Ok(Picture { bitmap, natural, largest_only: false })
}

/// Text rows: `X`, `x`, `#`, `1` or `█` for a cell; `.`, space, `0`, `_` or `-` for none.
fn parse_text_mask(text: &str) -> Result<Bitmap, String> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let last = lines.iter().rposition(|l| !l.trim().is_empty()).ok_or("the mask file is empty")?;
    let lines = &lines[..=last];
    let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    if width as u64 > u64::from(MAX_MASK_SIDE) || lines.len() as u64 > u64::from(MAX_MASK_SIDE) {
        return Err(format!("the mask is larger than {MAX_MASK_SIDE} x {MAX_MASK_SIDE}"));
    }
    let mut bitmap = Bitmap::new(width as u32, lines.len() as u32);
    for (y, line) in lines.iter().enumerate() {
        for (x, ch) in line.chars().enumerate() {
            let on = match ch {
                'X' | 'x' | '#' | '1' | '█' | '*' | '@' => true,
                '.' | ' ' | '0' | '_' | '-' => false,
                other => {
                    return Err(format!(
                        "line {}, column {}: '{}' is neither a cell (X) nor a gap (.)",
                        y + 1,
                        x + 1,
                        other.escape_default()
                    ));
                }
            };
            bitmap.set(x as u32, y as u32, on);
        }
    }
    Ok(bitmap)
}

/// Decodes a PNG; a pixel is dark (a cell) when it is mostly opaque and its luma is under
/// one half.
fn decode_png(bytes: &[u8]) -> Result<Bitmap, String> {
    let limits = png::Limits { bytes: 256 << 20 };
    let mut decoder = png::Decoder::new_with_limits(std::io::Cursor::new(bytes), limits);
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| format!("not a valid PNG ({e})"))?;
    let (w, h) = (reader.info().width, reader.info().height);
    if w == 0 || h == 0 {
        return Err(format!("the picture is {w} x {h}: a mask needs at least one pixel"));
    }
    if w > MAX_MASK_SIDE || h > MAX_MASK_SIDE {
        return Err(format!("the picture is {w} x {h}; masks may be at most {MAX_MASK_SIDE} pixels a side"));
    }
    let size = reader.output_buffer_size().ok_or("the picture is too large")?;
    let mut buf = vec![0u8; size];
    let info = reader.next_frame(&mut buf).map_err(|e| format!("not a valid PNG ({e})"))?;
    let channels = match info.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => return Err("indexed colours were not expanded".into()),
    };
    let mut bitmap = Bitmap::new(w, h);
    for y in 0..h {
        let row = &buf[y as usize * info.line_size..][..info.line_size];
        for x in 0..w {
            let px = &row[x as usize * channels..][..channels];
            let (luma, alpha) = match channels {
                1 => (u32::from(px[0]), 255),
                2 => (u32::from(px[0]), px[1]),
                3 => ((299 * u32::from(px[0]) + 587 * u32::from(px[1]) + 114 * u32::from(px[2])) / 1000, 255),
                _ => {
                    ((299 * u32::from(px[0]) + 587 * u32::from(px[1]) + 114 * u32::from(px[2])) / 1000, px[3])
                }
            };
            bitmap.set(x, y, alpha >= 128 && luma < 128);
        }
    }
    Ok(bitmap)
}

/// The picture of `--mask-text`: the word's letters are the gaps, the rest are cells.
pub fn text_picture(text: &str) -> Result<Picture> {
    if text.chars().count() > 200 {
        return Err(Error::Request("--mask-text takes at most 200 characters".into()));
    }
    let ink = font::text_bitmap(text, 2).map_err(|e| Error::Request(format!("--mask-text: {e}")))?;
    let mut bitmap = Bitmap::new(ink.width, ink.height);
    for y in 0..ink.height {
        for x in 0..ink.width {
            bitmap.set(x, y, !ink.get(x, y));
        }
    }
    let natural = (ink.width * 2, ink.height * 2);
    Ok(Picture { bitmap, natural, largest_only: true })
}

/// The mask picture the arguments ask for, if any.
pub fn picture(args: &MazeRequest) -> Result<Option<Picture>> {
    match (&args.mask, &args.mask_text, &args.mask_data) {
        (Some(path), _, _) => load_picture(path).map(Some),
        (None, Some(text), _) => text_picture(text).map(Some),
        (None, None, Some(rows)) => {
            if rows.len() as u64 > MAX_MASK_BYTES {
                return Err(Error::Request("--mask-data is too long".into()));
            }
            let rows = rows.replace('/', "\n");
            picture_from_bytes(rows.as_bytes())
                .map(Some)
                .map_err(|e| Error::Request(format!("--mask-data: {e}")))
        }
        (None, None, None) => Ok(None),
    }
}

/// Width and height for document 001's difficulty `d` (1-7): 2^d × 2^d cells, or for
/// circular mazes 2^(d-1) rings (at least 2) around 6 cells.
pub fn difficulty_size(kind: ShapeKind, d: u8) -> (u32, u32) {
    let side = 1u32 << d.min(16);
    if kind == ShapeKind::Polar { (6, (side / 2).max(2)) } else { (side, side) }
}

/// Width and height from `--width`, `--height` (`--rings`), `--difficulty`, the shape's
/// defaults and the mask's own size.
pub fn dimensions(a: &MazeRequest, natural: Option<(u32, u32)>) -> (u32, u32) {
    let side = a.difficulty.map(|d| 1u32 << d);
    if a.shape == ShapeKind::Polar {
        let rings = a.height.or(a.difficulty.map(|d| difficulty_size(a.shape, d).1)).unwrap_or(10);
        return (a.width.unwrap_or(6), rings);
    }
    match (natural, a.width, a.height, side) {
        (Some((nw, nh)), None, None, None) => (nw, nh),
        (Some((nw, nh)), Some(w), None, _) => (w, scaled(w, nh, nw)),
        (Some((nw, nh)), None, Some(h), _) => (scaled(h, nw, nh), h),
        _ => {
            let width = a.width.or(side).unwrap_or(20);
            let height = a.height.or(side).or(a.width).unwrap_or(10);
            (width, height)
        }
    }
}

/// `v * num / den`, rounded, at least 1.
fn scaled(v: u32, num: u32, den: u32) -> u32 {
    ((u64::from(v) * u64::from(num) + u64::from(den) / 2) / u64::from(den.max(1)))
        .clamp(1, u64::from(u32::MAX)) as u32
}

/// The checked shape the arguments describe, mask included, before anything else is
/// allocated (the mask picture is read and laid over the base shape here).
pub fn spec(args: &MazeRequest, max_cells: u64) -> Result<ShapeSpec> {
    let picture = picture(args)?;
    spec_with_picture(args, picture, max_cells)
}

/// [`spec`] with the picture already read (`maze serve` receives it in the request).
pub fn spec_with_picture(args: &MazeRequest, picture: Option<Picture>, max_cells: u64) -> Result<ShapeSpec> {
    let (width, height) = dimensions(args, picture.as_ref().map(|p| p.natural));
    let spec = ShapeSpec::new(args.shape, width, height, max_cells).map_err(|e| e.for_levels(args.levels))?;
    let Some(picture) = picture else {
        if args.mask_connect {
            return Err(Error::Request("--mask-connect needs --mask or --mask-text".into()));
        }
        let usage = |e| match e {
            maze_core::Error::Parameter(m) => Error::Request(m),
            other => other.into(),
        };
        let mut spec =
            spec.with_wrap(args.wrap).map_err(usage)?.with_levels(args.levels, max_cells).map_err(usage)?;
        if args.unicursal {
            // A labyrinth's polar rings come in pairs (other shapes are laid out the same).
            spec = spec.with_labyrinth(max_cells)?;
        }
        return match args.weave {
            Some(p) => {
                let layout = maze_core::WeaveLayout::share(p).map_err(usage)?;
                spec.with_weave(layout, max_cells).map_err(usage)
            }
            None => Ok(spec),
        };
    };
    if args.wrap.any() || args.levels > 1 {
        return Err(Error::Request("a mask does not work with --wrap or --levels yet".into()));
    }
    if args.weave.is_some() {
        return Err(Error::Request(maze_core::shape::weave::NOT_COMBINED.into()));
    }
    let mask = spec.visit_base(Lay(picture));
    spec.with_mask(mask, args.mask_connect).map_err(|e| match e {
        maze_core::Error::Parameter(m) => Error::Request(m),
        other => other.into(),
    })
}

/// Lays a picture over a base shape: its cells under the picture's dark pixels (for a
/// word, the largest piece only).
struct Lay(Picture);

impl ShapeVisitor for Lay {
    type Output = Mask;
    fn visit<S: Shape>(self, shape: S) -> Mask {
        let mask = Mask::from_picture(&shape, &self.0.bitmap);
        if self.0.largest_only { mask.keep_largest_part(&shape) } else { mask }
    }
}

/// How many cells the job the arguments describe works on, found quickly: the shape's
/// cells with its mask laid over it, but the mask's pieces not joined. With
/// `--mask-connect` and a mask in several pieces, the base shape's cells instead: the
/// joining works over the whole shape and opens cells that are not known before it ran.
/// `maze serve` chooses a job's lane by this.
///
/// # Errors
/// As [`spec`] (a bad picture, a shape over `max_cells`, ...), for most problems.
pub fn cells_before_joining(args: &MazeRequest, max_cells: u64) -> Result<u64> {
    let Some(picture) = picture(args)? else {
        return Ok(spec_with_picture(args, None, max_cells)?.cells());
    };
    let (width, height) = dimensions(args, Some(picture.natural));
    let spec = ShapeSpec::new(args.shape, width, height, max_cells)?;
    let mask = spec.visit_base(Lay(picture));
    if args.mask_connect {
        struct Parts<'a>(&'a Mask);
        impl ShapeVisitor for Parts<'_> {
            type Output = u32;
            fn visit<S: Shape>(self, shape: S) -> u32 {
                self.0.parts(&shape).1
            }
        }
        if spec.visit_base(Parts(&mask)) > 1 {
            return Ok(spec.base_cells());
        }
    }
    Ok(u64::from(mask.count()))
}

/// A side of the maze, for `--entrance` and `--exit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The top edge.
    Top,
    /// The bottom edge.
    Bottom,
    /// The left edge.
    Left,
    /// The right edge.
    Right,
    /// The outer rim (circular mazes; elsewhere any boundary cell, the first one).
    Outer,
    /// The cell nearest the middle of the drawing (circular mazes: the centre opening).
    Centre,
}

/// Where `--entrance` or `--exit` puts its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndSpec {
    /// A cell by its id (as in the JSON file).
    Id(u32),
    /// A cell by its coordinates (`x,y`, or `ring,index` on polar mazes).
    Cell(u32, u32),
    /// A side, at its middle.
    Side(Side),
    /// A random cell (drawn after the maze is made, so the maze is the same).
    Random,
    /// The cell farthest from the other end (the longest route).
    Farthest,
}

impl FromStr for EndSpec {
    type Err = maze_core::Error;
    fn from_str(s: &str) -> Result<Self, maze_core::Error> {
        let key = s.trim().to_ascii_lowercase();
        Ok(match key.as_str() {
            "top" | "north" => EndSpec::Side(Side::Top),
            "bottom" | "south" => EndSpec::Side(Side::Bottom),
            "left" | "west" => EndSpec::Side(Side::Left),
            "right" | "east" => EndSpec::Side(Side::Right),
            "outer" | "outside" | "rim" => EndSpec::Side(Side::Outer),
            "centre" | "center" | "middle" => EndSpec::Side(Side::Centre),
            "random" => EndSpec::Random,
            "farthest" | "furthest" => EndSpec::Farthest,
            id if id.parse::<u32>().is_ok() => EndSpec::Id(id.parse().unwrap_or(0)),
            _ => {
                let parts: Vec<&str> = key.split(',').map(str::trim).collect();
                let num = |t: &str| t.parse::<u32>().ok();
                match parts.as_slice() {
                    [a, b] if num(a).is_some() && num(b).is_some() => {
                        EndSpec::Cell(num(a).unwrap_or(0), num(b).unwrap_or(0))
                    }
                    _ => {
                        return Err(maze_core::Error::Parameter(format!(
                            "'{s}' is not a cell (x,y or ring,index), a side (top, bottom, left, right, outer, centre), random or farthest"
                        )));
                    }
                }
            }
        })
    }
}

impl std::fmt::Display for EndSpec {
    /// As typed on the command line (`3,4`, `12`, `top`, `random`), which parses back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EndSpec::Id(id) => write!(f, "{id}"),
            EndSpec::Cell(a, b) => write!(f, "{a},{b}"),
            EndSpec::Side(side) => f.write_str(match side {
                Side::Top => "top",
                Side::Bottom => "bottom",
                Side::Left => "left",
                Side::Right => "right",
                Side::Outer => "outer",
                Side::Centre => "centre",
            }),
            EndSpec::Random => f.write_str("random"),
            EndSpec::Farthest => f.write_str("farthest"),
        }
    }
}

/// The cell an end specification names on `maze`, with `other` the opposite end (for
/// `farthest`).
///
/// # Errors
/// A usage error for coordinates outside the maze (or outside its mask).
pub fn resolve<S: Shape, R: Random>(
    maze: &Maze<S>,
    spec: EndSpec,
    other: CellId,
    rng: &mut R,
) -> Result<CellId> {
    let shape = maze.shape();
    let n = maze.cell_count();
    Ok(match spec {
        EndSpec::Id(id) if id < n => CellId(id),
        EndSpec::Id(id) => {
            return Err(Error::Request(format!(
                "cell {id} is out of range (the maze has {n} cells, ids 0 to {})",
                n - 1
            )));
        }
        EndSpec::Cell(a, b) => shape.cell_by_coords(a, b).ok_or_else(|| {
            let what = if shape.spec().kind == ShapeKind::Polar { "ring,index" } else { "x,y" };
            let masked = if shape.spec().mask.is_some() { " (or is outside the mask)" } else { "" };
            Error::Request(format!("cell {a},{b} ({what}) is not in the maze{masked}"))
        })?,
        EndSpec::Random => CellId(rng.below(u64::from(n)) as u32),
        EndSpec::Farthest => {
            let dist = analyze::distances(maze, other);
            let (mut best, mut far) = (other, 0);
            for (c, &d) in dist.iter().enumerate() {
                if d != u32::MAX && d > far {
                    (best, far) = (CellId(c as u32), d);
                }
            }
            best
        }
        EndSpec::Side(side) => side_cell(shape, side),
    })
}

/// The cell at the middle of a side: among the cells with an outer wall, the one farthest
/// in that direction, ties going to the one nearest the side's middle.
fn side_cell<S: Shape>(shape: &S, side: Side) -> CellId {
    let ext = shape.extent();
    let (cx, cy) = (ext.x / 2.0, ext.y / 2.0);
    let mut best: Option<(f64, f64, CellId)> = None;
    for c in 0..shape.cell_count() {
        let cell = CellId(c);
        let p = shape.centre(cell);
        let boundary = shape.outer_door(cell, false).is_some();
        let (primary, secondary) = match side {
            Side::Top => (p.y, (p.x - cx).abs()),
            Side::Bottom => (-p.y, (p.x - cx).abs()),
            Side::Left => (p.x, (p.y - cy).abs()),
            Side::Right => (-p.x, (p.y - cy).abs()),
            Side::Outer => (-math::hypot(p.x - cx, p.y - cy), (p.x - cx).abs() + (p.y - 0.0)),
            Side::Centre => (math::hypot(p.x - cx, p.y - cy), 0.0),
        };
        if side != Side::Centre && !boundary {
            continue;
        }
        let key = ((primary * 1e6).round() / 1e6, (secondary * 1e6).round() / 1e6);
        if best.is_none_or(|(a, b, _)| (key.0, key.1) < (a, b)) {
            best = Some((key.0, key.1, cell));
        }
    }
    best.map_or(CellId(0), |(_, _, c)| c)
}

/// Moves the maze's entrance and exit where the arguments say. Random choices draw from
/// `rng` after everything else, so a maze keeps its walls whatever its ends.
///
/// A random end is drawn from the cells other than the other end once that one is settled
/// (a fixed exit is placed before a random entrance), redrawing on a hit, so random ends
/// never meet and a seed whose first draw missed keeps its cells. With MultiMaze dots the entrance
/// stays the first start and the exit the first end; a dot the new ends land on moves to
/// the cell an end left. Time O(cells) (`farthest`: one breadth-first search).
///
/// # Errors
/// A usage error when the two ends are the same cell, or random ends are asked of a maze
/// of one cell.
pub fn place_ends<S: Shape, R: Random>(
    maze: &mut Maze<S>,
    entrance: Option<EndSpec>,
    exit: Option<EndSpec>,
    rng: &mut R,
) -> Result<()> {
    let n = maze.cell_count();
    if n == 1 && (entrance == Some(EndSpec::Random) || exit == Some(EndSpec::Random)) {
        return Err(Error::Request(ONE_CELL.into()));
    }
    let (old_from, old_to) = (maze.entrance(), maze.exit());
    let (mut from, mut to) = (old_from, old_to);
    match (entrance, exit) {
        (Some(EndSpec::Farthest), Some(EndSpec::Farthest)) => {
            // The two ends of a longest route: farthest from any cell, then farthest from it.
            from = resolve(maze, EndSpec::Farthest, from, rng)?;
            to = resolve(maze, EndSpec::Farthest, from, rng)?;
        }
        (Some(EndSpec::Farthest), exit) => {
            if let Some(e) = exit {
                to = resolve(maze, e, from, rng)?;
            }
            from = resolve(maze, EndSpec::Farthest, to, rng)?;
        }
        (Some(EndSpec::Random), Some(e)) if !matches!(e, EndSpec::Random | EndSpec::Farthest) => {
            // The fixed exit first (no draws), then the entrance from the other cells.
            to = resolve(maze, e, from, rng)?;
            from = draw_other(n, to, rng);
        }
        (entrance, exit) => {
            if let Some(e) = entrance {
                // Away from the default exit only when that one stays.
                from = match (e, exit) {
                    (EndSpec::Random, None) => draw_other(n, to, rng),
                    _ => resolve(maze, e, to, rng)?,
                };
            }
            if let Some(e) = exit {
                to = match e {
                    EndSpec::Random => draw_other(n, from, rng),
                    _ => resolve(maze, e, from, rng)?,
                };
            }
        }
    }
    if from == to && n > 1 {
        return Err(Error::Request(same_cell(maze.shape(), from, [entrance, exit])));
    }
    follow_dots(maze, [old_from, old_to], [from, to]);
    let door_of = |spec: Option<EndSpec>, cell: CellId| match spec {
        Some(EndSpec::Side(side)) => facing_door(maze.shape(), cell, side),
        _ => None,
    };
    let (from_door, to_door) = (door_of(entrance, from), door_of(exit, to));
    maze.set_end(false, from, from_door);
    maze.set_end(true, to, to_door);
    Ok(())
}

/// The refusal of two ends on one cell, saying why when a side was asked that a wrapped
/// maze does not have: its joined edges are one seam, not sides, and an end asked there
/// falls on the first cell.
pub(crate) fn same_cell<S: Shape>(shape: &S, cell: CellId, ends: [Option<EndSpec>; 2]) -> String {
    let same = format!("the entrance and the exit are the same cell ({})", shape.cell_name(cell));
    let wrap = shape.spec().wrap;
    let asked =
        |sides: [Side; 2]| ends.iter().any(|e| matches!(e, Some(EndSpec::Side(s)) if sides.contains(s)));
    let mut joined = Vec::new();
    if wrap.y && asked([Side::Top, Side::Bottom]) {
        joined.push(("top and bottom", "top or bottom"));
    }
    if wrap.x && asked([Side::Left, Side::Right]) {
        joined.push(("left and right", "left or right"));
    }
    if joined.is_empty() {
        return same;
    }
    let on = if wrap.x && wrap.y {
        "on a torus (--wrap xy)".to_string()
    } else {
        format!("with --wrap {}", wrap.name())
    };
    let edges: Vec<&str> = joined.iter().map(|(e, _)| *e).collect();
    let sides: Vec<&str> = joined.iter().map(|(_, s)| *s).collect();
    format!(
        "{same}: {on} the {} edges are one seam, so the maze has no {} side and such an end falls on the first cell (give cells, such as --entrance 0,0 --exit 3,2, or farthest or random)",
        edges.join(" edges are one seam, and the "),
        sides.join(" or ").replace(" or left or right", ", left or right"),
    )
}

/// The refusal of random ends on a maze of one cell.
const ONE_CELL: &str = "the maze has a single cell: there is no other cell for a random entrance or exit";

/// The ends a new maze gets: those given, except that on a wrapped maze an end not given
/// is the farthest cell from the other (the exit, from the default entrance), since the
/// first and last cells a plain maze uses touch across the seam. A plain maze's ends are
/// returned as given. Time O(1).
pub fn ends_for_new<S: Shape>(
    shape: &S,
    entrance: Option<EndSpec>,
    exit: Option<EndSpec>,
) -> (Option<EndSpec>, Option<EndSpec>) {
    match (entrance, exit) {
        given if !shape.spec().wrap.any() => given,
        (entrance, None) => (entrance, Some(EndSpec::Farthest)),
        (None, Some(e)) => (Some(EndSpec::Farthest), Some(e)),
        given => given,
    }
}

/// A random cell of `0..n` other than `avoid` (`n` at least 2): a draw, redrawn while it
/// hits `avoid`, so a first draw that misses is kept as it was. Expected draws at most 2.
fn draw_other<R: Random>(n: u32, avoid: CellId, rng: &mut R) -> CellId {
    loop {
        let c = CellId(rng.below(u64::from(n)) as u32);
        if c != avoid || n < 2 {
            return c;
        }
    }
}

/// Keeps MultiMaze dots distinct when the ends move from `old` to `new`: the first start
/// and the first end follow the entrance and the exit, and the other dots the new ends land
/// on move, in order, to the cells the ends left. Time O(dots).
fn follow_dots<S: Shape>(maze: &mut Maze<S>, old: [CellId; 2], new: [CellId; 2]) {
    if maze.starts.is_empty() && maze.ends.is_empty() {
        return;
    }
    let mut free = old.into_iter().filter(|c| !new.contains(c));
    let others = maze.starts.iter_mut().skip(1).chain(maze.ends.iter_mut().skip(1));
    for dot in others {
        if new.contains(dot)
            && let Some(c) = free.next()
        {
            *dot = c;
        }
    }
    if let Some(s) = maze.starts.first_mut() {
        *s = new[0];
    }
    if let Some(e) = maze.ends.first_mut() {
        *e = new[1];
    }
}

/// The outer door of `cell` that faces `side` best (the outer rim: away from the maze's
/// middle), so an entrance on the left opens to the left even where the cell also has an
/// outer wall above it (a corner, or the edge of a mask).
fn facing_door<S: Shape>(shape: &S, cell: CellId, side: Side) -> Option<S::Door> {
    let c = shape.centre(cell);
    let ext = shape.extent();
    let (dx, dy) = match side {
        Side::Top => (0.0, -1.0),
        Side::Bottom => (0.0, 1.0),
        Side::Left => (-1.0, 0.0),
        Side::Right => (1.0, 0.0),
        Side::Outer => (c.x - ext.x / 2.0, c.y - ext.y / 2.0),
        Side::Centre => return None,
    };
    let mut best: Option<(f64, S::Door)> = None;
    for d in shape.doors(cell).iter().filter(|&d| shape.neighbour(cell, d).is_none()) {
        let [a, b] = shape.wall_segment(cell, d);
        let (mx, my) = ((a.x + b.x) / 2.0 - c.x, (a.y + b.y) / 2.0 - c.y);
        let score = (mx * dx + my * dy) / math::hypot(mx, my).max(1e-9);
        if best.is_none_or(|(s, _)| score > s + 1e-9) {
            best = Some((score, d));
        }
    }
    best.map(|(_, d)| d)
}

/// Checks `--entrance`/`--exit` cells against the shape before anything is generated (and
/// refuses random ends on a maze of one cell).
///
/// # Errors
/// The usage error [`resolve`] would give later.
pub fn check_ends(spec: &ShapeSpec, ends: &[Option<EndSpec>]) -> Result<()> {
    struct Check<'a>(&'a [Option<EndSpec>]);
    impl ShapeVisitor for Check<'_> {
        type Output = Result<()>;
        fn visit<S: Shape>(self, shape: S) -> Result<()> {
            let maze = Maze::new(shape);
            let mut rng = maze_core::Xoshiro::seed_from_u64(0);
            for end in self.0.iter().flatten() {
                if matches!(end, EndSpec::Cell(..) | EndSpec::Id(_)) {
                    resolve(&maze, *end, maze.entrance(), &mut rng)?;
                }
            }
            Ok(())
        }
    }
    if spec.cells() == 1 && ends.contains(&Some(EndSpec::Random)) {
        return Err(Error::Request(ONE_CELL.into()));
    }
    if ends.iter().flatten().any(|e| matches!(e, EndSpec::Cell(..) | EndSpec::Id(_))) {
        spec.visit_cold(Check(ends))?;
    }
    Ok(())
}

/// maze-dataset's endpoint rules (`deadend_start`, `deadend_end`, `allowed_start`,
/// `allowed_end` of its `endpoint_kwargs`) and a least distance between the ends: each rule
/// on an end draws that end at random among the cells that pass it, per maze, from the
/// maze's seed. [`MazeRequest::end_rules`] reads them from a request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EndRules {
    /// The entrance is a dead end (one open passage).
    pub deadend_start: bool,
    /// The exit is a dead end.
    pub deadend_end: bool,
    /// The entrance is one of these cells (empty: any cell).
    pub allowed_start: Vec<EndSpec>,
    /// The exit is one of these cells (empty: any cell).
    pub allowed_end: Vec<EndSpec>,
    /// The route from the entrance to the exit has at least this many steps.
    pub min_distance: Option<u64>,
}

impl EndRules {
    /// Whether any rule is given.
    pub fn any(&self) -> bool {
        self.deadend_start
            || self.deadend_end
            || !self.allowed_start.is_empty()
            || !self.allowed_end.is_empty()
            || self.min_distance.is_some()
    }

    /// Whether a rule draws the entrance (`exit` false) or the exit at random.
    pub fn draws(&self, exit: bool) -> bool {
        if exit {
            self.deadend_end || !self.allowed_end.is_empty()
        } else {
            self.deadend_start || !self.allowed_start.is_empty()
        }
    }
}

/// How many entrances (or exits, whichever end is drawn first) [`place_ends_by_rules`]
/// tries on one maze before it gives the maze up, when the other end must be far enough
/// from it: each try is one breadth-first search.
pub const END_DRAWS: usize = 64;

/// An end as [`place_ends_by_rules`] chooses it.
enum EndChoice {
    /// Drawn at random from these cells (ascending ids).
    Drawn(Vec<CellId>),
    /// This cell.
    Fixed(CellId),
    /// The cell farthest from the other end.
    Farthest,
}

/// The cells of `spec` (cells or ids) on `maze`, ascending and without repeats; all the
/// cells when `spec` is empty; only the dead ends with `deadend`.
fn allowed_cells<S: Shape, R: Random>(
    maze: &Maze<S>,
    spec: &[EndSpec],
    deadend: bool,
    rng: &mut R,
) -> Result<Vec<CellId>> {
    let mut cells: Vec<CellId> = if spec.is_empty() {
        (0..maze.cell_count()).map(CellId).collect()
    } else {
        let mut cells = Vec::with_capacity(spec.len());
        for &s in spec {
            cells.push(resolve(maze, s, maze.entrance(), rng)?);
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    };
    if deadend {
        cells.retain(|&c| maze.degree(c) == 1);
    }
    Ok(cells)
}

/// Places the entrance and exit by the endpoint `rules` (after [`ends_for_new`], with a
/// random end for each end a rule draws): the end drawn first (the entrance when it is
/// random, else the exit) is drawn from its cells, then the other is drawn from its cells
/// (or is its fixed cell, or the cell farthest from the first) apart from the first and,
/// with a least distance, at least that many steps from it along the passages. When no
/// other end fits, the first end is drawn again from its other cells, [`END_DRAWS`] times
/// at most. Returns `false`, the ends left as they were, when no ends fit: the maze fails
/// the rules as a maze fails `--where`. Time O(cells) a draw (a breadth-first search with a
/// least distance or a farthest end).
///
/// # Errors
/// A cell of the rules or ends outside the maze (the plan refuses them first).
pub fn place_ends_by_rules<S: Shape, R: Random>(
    maze: &mut Maze<S>,
    entrance: Option<EndSpec>,
    exit: Option<EndSpec>,
    rules: &EndRules,
    rng: &mut R,
) -> Result<bool> {
    let choice = |maze: &Maze<S>, spec: Option<EndSpec>, is_exit: bool, rng: &mut R| -> Result<EndChoice> {
        let (deadend, allowed) = if is_exit {
            (rules.deadend_end, &rules.allowed_end)
        } else {
            (rules.deadend_start, &rules.allowed_start)
        };
        let default = if is_exit { maze.exit() } else { maze.entrance() };
        Ok(match spec {
            Some(EndSpec::Random) => EndChoice::Drawn(allowed_cells(maze, allowed, deadend, rng)?),
            Some(EndSpec::Farthest) => EndChoice::Farthest,
            Some(e) => EndChoice::Fixed(resolve(maze, e, default, rng)?),
            None => EndChoice::Fixed(default),
        })
    };
    let from = choice(maze, entrance, false, rng)?;
    let to = choice(maze, exit, true, rng)?;
    // The end drawn first: a fixed end, else the random entrance, else the random exit.
    let (first, second, first_is_exit) = match (from, to) {
        (f @ EndChoice::Fixed(_), t) => (f, t, false),
        (f, t @ EndChoice::Fixed(_)) => (t, f, true),
        (f @ EndChoice::Drawn(_), t) => (f, t, false),
        (f, t) => (t, f, true),
    };
    let mut firsts = match first {
        EndChoice::Fixed(c) => vec![c],
        EndChoice::Drawn(cells) => cells,
        // Two farthest ends are no rule's (the plan asks a random end of them).
        EndChoice::Farthest => return Ok(false),
    };
    let least = rules.min_distance.unwrap_or(0);
    let far_enough = |dist: &Option<Vec<u32>>, c: CellId| match dist {
        Some(d) => d[c.index()] != u32::MAX && u64::from(d[c.index()]) >= least,
        None => true,
    };
    for _ in 0..END_DRAWS {
        if firsts.is_empty() {
            break;
        }
        let a = firsts.swap_remove(rng.below(firsts.len() as u64) as usize);
        let needs_distances = rules.min_distance.is_some() || matches!(second, EndChoice::Farthest);
        let dist = needs_distances.then(|| analyze::distances(maze, a));
        let b = match &second {
            EndChoice::Drawn(cells) => {
                let fits: Vec<CellId> =
                    cells.iter().copied().filter(|&c| c != a && far_enough(&dist, c)).collect();
                if fits.is_empty() {
                    continue;
                }
                fits[rng.below(fits.len() as u64) as usize]
            }
            EndChoice::Fixed(c) => *c,
            EndChoice::Farthest => {
                let d = dist.as_deref().unwrap_or_default();
                let mut best = a;
                let mut far = 0;
                for (c, &x) in d.iter().enumerate() {
                    if x != u32::MAX && x > far {
                        (best, far) = (CellId(c as u32), x);
                    }
                }
                best
            }
        };
        if b == a || !far_enough(&dist, b) {
            continue;
        }
        let (from, to) = if first_is_exit { (b, a) } else { (a, b) };
        let old = [maze.entrance(), maze.exit()];
        follow_dots(maze, old, [from, to]);
        let door_of = |spec: Option<EndSpec>, cell: CellId| match spec {
            Some(EndSpec::Side(side)) => facing_door(maze.shape(), cell, side),
            _ => None,
        };
        let (from_door, to_door) = (door_of(entrance, from), door_of(exit, to));
        maze.set_end(false, from, from_door);
        maze.set_end(true, to, to_door);
        return Ok(true);
    }
    Ok(false)
}
