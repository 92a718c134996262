//! The shape the command line asks for: kind, size, mask (`--mask`, `--mask-text`,
//! `--mask-connect`), and its layout; the ends are [`crate::ends`].

use std::io::Read;
use std::path::Path;

use maze_core::shape::font;
use maze_core::{Bitmap, Mask, Shape, ShapeKind, ShapeSpec, ShapeVisitor};

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
    let shown = crate::error::echo(&path.display().to_string());
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
