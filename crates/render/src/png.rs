//! PNG: the scene rasterised at `cell_size` pixels per cell, in as few bits per pixel as
//! its colours allow (1 bit for walls on a background, up to 8 with a heat map). Written
//! directly: rows unfiltered (maze pictures compress best that way), deflated by our own
//! row deflater (`deflate.rs`, level 1) for plain square mazes and by `miniz_oxide`
//! otherwise.

use maze_core::Error;

use crate::raster::Canvas;
use crate::scene::{Fill, Marker, Scene};
use crate::style::{Colour, ROUTE_COLOURS, Style, heat_colour};

/// The default limit on an image's pixels (10,000 x 10,000): front ends check it (or a
/// limit their user chose) with [`check_size`] before anything is generated or drawn.
pub const MAX_PIXELS: u64 = 100_000_000;

/// The most pixels [`png`] and [`square_walls`] ever draw (2^32, 4 GiB of canvas), whatever
/// limit a front end chose.
pub const HARD_MAX_PIXELS: u64 = 1 << 32;

/// Checks a `w` x `h` image against `max_pixels` (and [`HARD_MAX_PIXELS`]).
///
/// # Errors
/// [`Error::Parameter`] naming the size, the limit, and what to change.
pub fn check_size(w: u64, h: u64, max_pixels: u64) -> Result<(), Error> {
    let limit = max_pixels.min(HARD_MAX_PIXELS);
    if w > u64::from(u32::MAX) || h > u64::from(u32::MAX) || w.saturating_mul(h) > limit {
        return Err(Error::Parameter(format!(
            "a {w}x{h} image exceeds the limit of {limit} pixels (use a smaller --cell-size, or raise --max-pixels)"
        )));
    }
    Ok(())
}

/// Heat maps are drawn in this many shades.
const HEAT_LEVELS: u32 = 32;

/// A palette that grows as colours are used, so the bit depth fits what is drawn.
struct Palette {
    colours: Vec<Colour>,
}

impl Palette {
    fn index(&mut self, colour: &str) -> Result<u8, Error> {
        let c: Colour = colour.parse()?;
        if let Some(i) = self.colours.iter().position(|&k| k == c) {
            return Ok(i as u8);
        }
        if self.colours.len() >= 256 {
            return Err(Error::Parameter("too many colours for a PNG palette".into()));
        }
        self.colours.push(c);
        Ok((self.colours.len() - 1) as u8)
    }
}

/// The image size in pixels for a scene and style.
pub fn image_size(scene: &Scene, style: &Style) -> (u64, u64) {
    let size = |units: f64| (units * style.cell_size + 2.0 * style.margin).ceil().max(1.0) as u64;
    let w = size(scene.width);
    (w, size(scene.height) + heading_band(&heading_lines(style, w), style))
}

/// The title (and instructions) to print above the maze in the built-in 5 × 7 font: each
/// line's text (characters the font lacks become `?`) and its scale in pixels per font
/// pixel: the title up to 4, the instructions at most half the title's, both at least 1,
/// shrunk to the image's width and then wrapped at spaces (6 font pixels per character).
fn heading_lines(style: &Style, width: u64) -> Vec<(String, u32)> {
    let glyphs = |text: &str| -> String {
        text.chars().map(|c| if c == ' ' || maze_core::shape::font::has_glyph(c) { c } else { '?' }).collect()
    };
    let room = width as f64 - 2.0 * style.margin.max(0.0);
    let title = style.title.as_deref().map(glyphs);
    let instructions = style.instructions.as_deref().map(glyphs);
    crate::style::heading_lines(title.as_deref(), instructions.as_deref(), room, 6.0, (4.0, 1.0), 0.5)
        .into_iter()
        .map(|(text, size, _)| (text, size.floor().max(1.0) as u32))
        .collect()
}

/// The height of the heading band: each line and a gap of 3 font pixels, plus the margin.
fn heading_band(lines: &[(String, u32)], style: &Style) -> u64 {
    if lines.is_empty() {
        return 0;
    }
    lines.iter().map(|(_, s)| u64::from(10 * s)).sum::<u64>() + style.margin.max(0.0).ceil() as u64
}

/// Rasterises the scene as a PNG image: background, shaded cells, walls, the solution line,
/// start and end dots. Sizes in the style are pixels.
///
/// # Errors
/// [`Error::Parameter`] above [`HARD_MAX_PIXELS`] (checked before allocating) or for a colour
/// that does not parse.
pub fn png(scene: &Scene, style: &Style) -> Result<Vec<u8>, Error> {
    let (w, h) = image_size(scene, style);
    check_size(w, h, HARD_MAX_PIXELS)?;
    let mut palette = Palette { colours: Vec::new() };
    let background = palette.index(&style.background)?;
    let mut canvas = Canvas::new(w as u32, h as u32, background, HARD_MAX_PIXELS)?;
    let (k, m) = (style.cell_size, style.margin);
    // The title and instructions, centred above the maze in the built-in font.
    let lines = heading_lines(style, w);
    let band = heading_band(&lines, style) as f64;
    if !lines.is_empty() {
        let ink = palette.index(&style.walls)?;
        let mut top = m.max(0.0).ceil();
        for (text, scale) in &lines {
            let bitmap = maze_core::shape::font::text_bitmap(text, 0).map_err(Error::Parameter)?;
            let s = f64::from(*scale);
            let left = ((w as f64 - f64::from(bitmap.width) * s) / 2.0).max(0.0).floor();
            stamp(&mut canvas, &bitmap, (left, top), s, ink);
            top += 10.0 * s;
        }
    }
    let at = |p: maze_core::Point| maze_core::Point { x: m + p.x * k, y: band + m + p.y * k };
    for (i, (poly, fill)) in scene.fills.iter().enumerate() {
        crate::scene::every(i)?;
        let colour = match fill {
            Fill::Visited => palette.index(&style.visited)?,
            Fill::Solid => palette.index(&style.walls)?,
            Fill::Path => palette.index(&style.path_cells)?,
            Fill::Heat(t) => {
                let level = (t * f64::from(HEAT_LEVELS - 1)).round() / f64::from(HEAT_LEVELS - 1);
                palette.index(&heat_colour(level))?
            }
        };
        let pts: Vec<_> = poly.iter().map(|&p| at(p)).collect();
        canvas.fill_polygon(&pts, colour);
    }
    let walls = palette.index(&style.walls)?;
    for (i, &[a, b]) in scene.straight_walls(0.1 / k.max(1e-9)).iter().enumerate() {
        crate::scene::every(i)?;
        canvas.stroke(at(a), at(b), style.wall_width, walls);
    }
    crate::scene::every(0)?;
    for piece in scene.path.iter().filter(|p| p.len() > 1) {
        let colour = palette.index(&style.path)?;
        let pts: Vec<_> = piece.iter().map(|&p| at(p)).collect();
        canvas.polyline(&pts, (k * 0.25).max(1.0), colour);
    }
    for (i, route) in scene.routes.iter().enumerate().filter(|(_, r)| r.len() > 1) {
        let colour = palette.index(ROUTE_COLOURS[i % ROUTE_COLOURS.len()])?;
        let pts: Vec<_> = route.iter().map(|&p| at(p)).collect();
        canvas.polyline(&pts, (k * scene.route_width).max(1.0), colour);
    }
    // The dots go on top of every line, each ringed in the background's colour when
    // lines are drawn (the end dot is as red as the solution line ending on it).
    let radius = (scene.cell * k * scene.dot(style) / 2.0).max(1.0);
    let ring = scene.dot_ring() * k;
    let background = palette.index(&style.background)?;
    for &(p, marker) in &scene.markers {
        let colour = palette.index(match marker {
            Marker::Start => &style.start,
            Marker::End => &style.end,
        })?;
        if ring > 0.0 {
            canvas.fill_circle(at(p), radius + ring.max(1.0), background);
        }
        canvas.fill_circle(at(p), radius, colour);
    }
    // A MultiMaze's numbers in the built-in 5 x 7 font, centred on their dots: white, at the
    // largest whole scale that fits inside the dot; in the wall colour when even the
    // smallest does not (the number then spills over the dot onto the floor).
    let diameter = scene.cell * k * scene.dot(style);
    for (p, text) in &scene.labels {
        let bitmap = maze_core::shape::font::text_bitmap(text, 0).map_err(Error::Parameter)?;
        let (bw, bh) = (f64::from(bitmap.width), f64::from(bitmap.height));
        let fit = (0.85 * diameter / bw.max(bh)).floor();
        let ink = if fit >= 1.0 { palette.index("#ffffff")? } else { palette.index(&style.walls)? };
        let s = fit.max(1.0);
        let centre = at(*p);
        let corner = ((centre.x - bw * s / 2.0).round(), (centre.y - bh * s / 2.0).round());
        stamp(&mut canvas, &bitmap, corner, s, ink);
    }
    Ok(encode(&canvas, &palette.colours, 6))
}

/// Paints the set pixels of `bitmap` (text in the built-in font) as squares of `scale`
/// pixels, its top-left corner at `corner`, in palette colour `ink`.
fn stamp(
    canvas: &mut Canvas,
    bitmap: &maze_core::shape::font::Bitmap,
    corner: (f64, f64),
    scale: f64,
    ink: u8,
) {
    let (left, top) = corner;
    for y in 0..bitmap.height {
        for x in 0..bitmap.width {
            if bitmap.get(x, y) {
                let (x0, y0) = (left + f64::from(x) * scale, top + f64::from(y) * scale);
                canvas.fill_rect(x0, y0, x0 + scale, y0 + scale, ink);
            }
        }
    }
}

/// Encodes palette indices as an indexed-colour PNG with the smallest bit depth that holds
/// the palette, unfiltered rows, deflated at `level` (0-10, as for [`square_walls`]).
pub fn encode(canvas: &Canvas, palette: &[Colour], level: u8) -> Vec<u8> {
    let depth: u32 = match palette.len() {
        0..=2 => 1,
        3..=4 => 2,
        5..=16 => 4,
        _ => 8,
    };
    let per_byte = 8 / depth;
    let row_bytes = (canvas.width as usize).div_ceil(per_byte as usize);
    let mut raw = Vec::with_capacity((row_bytes + 1) * canvas.height as usize);
    for row in canvas.pixels.chunks_exact(canvas.width as usize) {
        raw.push(0); // filter: none
        if depth == 8 {
            raw.extend_from_slice(row);
            continue;
        }
        for chunk in row.chunks(per_byte as usize) {
            let mut byte = 0u8;
            for (i, &v) in chunk.iter().enumerate() {
                byte |= v << (8 - depth * (i as u32 + 1));
            }
            raw.push(byte);
        }
    }
    encode_rows(canvas.width, canvas.height, depth as u8, &raw, palette, level)
}

/// Wraps filtered rows (`raw`: a filter byte then the packed pixels, row after row) as an
/// indexed-colour PNG of the given bit depth.
fn encode_rows(width: u32, height: u32, depth: u8, raw: &[u8], palette: &[Colour], level: u8) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() / 4 + 1024);
    head(&mut out, width, height, depth, palette);
    chunk(&mut out, b"IDAT", &deflate(raw, level, raw.len() / height.max(1) as usize));
    chunk(&mut out, b"IEND", &[]);
    out
}

/// `raw` as a zlib stream at `level`: 0 stored and 1 by [`crate::deflate`] (Huffman codes,
/// runs and copies of the row above, `stride` bytes back), 2-10 `miniz_oxide`'s levels.
fn deflate(raw: &[u8], level: u8, stride: usize) -> Vec<u8> {
    match level {
        0 => crate::deflate::compress(raw, crate::deflate::Mode::Stored, stride),
        1 => crate::deflate::compress(raw, crate::deflate::Mode::Rows, stride),
        _ => miniz_oxide::deflate::compress_to_vec_zlib(raw, level),
    }
}

/// The signature, `IHDR` and `PLTE` of an indexed-colour PNG.
fn head(out: &mut Vec<u8>, width: u32, height: u32, depth: u8, palette: &[Colour]) {
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[depth, 3, 0, 0, 0]);
    chunk(out, b"IHDR", &ihdr);
    let plte: Vec<u8> = palette.iter().flat_map(|c| [c.r, c.g, c.b]).collect();
    chunk(out, b"PLTE", if plte.is_empty() { &[0, 0, 0] } else { &plte });
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// CRC-32 (ISO 3309, as PNG uses), eight bytes a step: `TABLES[k][b]` is the CRC of byte
/// `b` followed by `k` zero bytes, so the eight lookups of a step are independent.
fn crc32(bytes: &[u8]) -> u32 {
    const TABLES: [[u32; 256]; 8] = {
        let mut t = [[0u32; 256]; 8];
        let mut n = 0;
        while n < 256 {
            let mut c = n as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
                k += 1;
            }
            t[0][n] = c;
            n += 1;
        }
        let mut k = 1;
        while k < 8 {
            let mut n = 0;
            while n < 256 {
                let prev = t[k - 1][n];
                t[k][n] = t[0][(prev & 0xFF) as usize] ^ (prev >> 8);
                n += 1;
            }
            k += 1;
        }
        t
    };
    let mut c = 0xFFFF_FFFFu32;
    let mut steps = bytes.chunks_exact(8);
    for s in &mut steps {
        let lo = u32::from_le_bytes([s[0], s[1], s[2], s[3]]) ^ c;
        let hi = u32::from_le_bytes([s[4], s[5], s[6], s[7]]);
        c = TABLES[7][(lo & 0xFF) as usize]
            ^ TABLES[6][(lo >> 8 & 0xFF) as usize]
            ^ TABLES[5][(lo >> 16 & 0xFF) as usize]
            ^ TABLES[4][(lo >> 24) as usize]
            ^ TABLES[3][(hi & 0xFF) as usize]
            ^ TABLES[2][(hi >> 8 & 0xFF) as usize]
            ^ TABLES[1][(hi >> 16 & 0xFF) as usize]
            ^ TABLES[0][(hi >> 24) as usize];
    }
    for &b in steps.remainder() {
        c = TABLES[0][((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
    }
    c ^ 0xFFFF_FFFF
}

/// Mazes of whole rows of square cells ([`Shape::grid`](maze_core::Shape::grid)) drawn
/// with walls alone (no solution, heat map or dots): the same picture as
/// `png(&scene(maze, overlay), style)`, pixel for pixel, drawn straight from the passages
/// into packed 1-bit rows and deflated at `level`:
///
/// - 0 stores the rows uncompressed;
/// - 1, what [`maze_png`] uses, Huffman-codes each 256 KiB block with its own tables,
///   copying runs of one byte and bytes of the row above, and, in blocks where rows repeat
///   (cells three pixels tall or more), also earlier bytes found through a hash chain:
///   within a few percent of level 6's size (1000² maze: 2 px cells 1.4% larger, 4 px 2.5%
///   smaller, 10 px 1.4% larger), several times faster;
/// - 2 to 10 are `miniz_oxide`'s levels (6 is zlib's usual default).
///
/// About ten times faster than going through the scene for big mazes.
///
/// # Errors
/// As [`png`]: too many pixels, or a colour that does not parse; a shape without rows, or
/// walls as thick as the cells ([`maze_png`] draws those through the scene), is an
/// [`Error::Parameter`].
pub fn square_walls<S: maze_core::Shape>(
    maze: &maze_core::Maze<S>,
    style: &Style,
    level: u8,
) -> Result<Vec<u8>, Error> {
    use maze_core::CellId;
    let shape = maze.shape();
    let Some(grid) = shape.grid() else {
        return Err(Error::Parameter("the 1-bit PNG path needs whole rows of square cells".into()));
    };
    let (cols, rows) = (grid.width, grid.height);
    let cell = |x: u32, y: u32| CellId(y * cols + x);
    let bands = WallBands::new(cols, rows, style)?;
    let (w, h) = bands.size();
    check_size(u64::from(w), u64::from(h), HARD_MAX_PIXELS)?;
    let palette = bands.palette(style)?;
    let mut raw = Vec::with_capacity((bands.row_bytes() + 1) * h as usize);
    let words = |bits: u32| vec![0u64; (bits as usize).div_ceil(64)];
    let (mut line, mut above, mut row) = (words(cols), words(cols + 1), words(cols + 1));
    let set = |v: &mut [u64], i: u32, on: bool| v[i as usize >> 6] |= u64::from(on) << (i & 63);
    // On a plain lattice the walls inside are read straight from their ids (east 2·id,
    // south 2·id + 1), without asking the shape; the outer ones as any grid's.
    let lattice = shape.square_lattice().is_some();
    let passages = maze.passages();
    let east_open = |x: u32, y: u32| {
        if lattice && x + 1 < cols {
            passages.is_open(maze_core::WallId(2 * u64::from(cell(x, y).0)))
        } else {
            maze.is_open(cell(x, y), grid.east)
        }
    };
    let south_open = |x: u32, y: u32| {
        if lattice && y + 1 < rows {
            passages.is_open(maze_core::WallId(2 * u64::from(cell(x, y).0) + 1))
        } else {
            maze.is_open(cell(x, y), grid.south)
        }
    };
    // On a plain lattice, a row's east and south walls alternate in the passages' bits:
    // 32 cells a word, split into the east walls and the south walls.
    let mut south = words(cols);
    let lattice_row = |y: u32, east: &mut [u64], south: &mut [u64]| {
        let first = 2 * u64::from(y) * u64::from(cols);
        for c in 0..cols.div_ceil(32) {
            let both = passages.bits_at(first + 64 * u64::from(c));
            let (e, s) = (!even_bits(both), !even_bits(both >> 1));
            let at = 32 * c as usize;
            // East walls go one column right (bit x + 1 is the wall left of column x + 1).
            or_at(east, at + 1, e);
            or_at(south, at, s);
        }
    };
    for y in 0..=rows {
        maze_core::cancel::check()?;
        // The wall above row y is the south wall of row y - 1 (the north wall of row 0).
        if lattice && y > 0 && y < rows {
            std::mem::swap(&mut line, &mut south);
        } else {
            line.fill(0);
            for x in 0..cols {
                let open = if y > 0 { south_open(x, y - 1) } else { maze.is_open(cell(x, 0), grid.north) };
                set(&mut line, x, !open);
            }
        }
        std::mem::swap(&mut above, &mut row);
        row.fill(0);
        if y < rows {
            // The wall left of column x is the east wall of column x - 1 (the west wall of
            // column 0).
            if lattice {
                south.fill(0);
                lattice_row(y, &mut row, &mut south);
                // The lattice's bits past the last column are not walls: cut them, and take
                // the outer east wall from the shape.
                clear_from(&mut row, cols as usize);
                clear_from(&mut south, cols as usize);
                set(&mut row, cols, !maze.is_open(cell(cols - 1, y), grid.east));
            } else {
                for x in 1..=cols {
                    set(&mut row, x, !east_open(x - 1, y));
                }
            }
            set(&mut row, 0, !maze.is_open(cell(0, y), grid.west));
        }
        bands.paint(y, &line, &above, &row, |pixels| {
            raw.push(0); // filter: none
            raw.extend_from_slice(pixels);
        });
    }
    Ok(encode_rows(w, h, 1, &raw, &palette, level))
}

/// The even bits of `v` (bits 0, 2, 4, …) packed into the low 32 bits, the rest clear.
fn even_bits(v: u64) -> u64 {
    let mut x = v & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x >> 4) & 0x00FF_00FF_00FF_00FF;
    x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
    (x | x >> 16) & 0xFFFF_FFFF
}

/// ORs the 32 low bits of `v` into `bits` from bit `at` on (bits past the end are dropped).
fn or_at(bits: &mut [u64], at: usize, v: u64) {
    let v = v & 0xFFFF_FFFF;
    let (i, o) = (at >> 6, at & 63);
    if let Some(w) = bits.get_mut(i) {
        *w |= v << o;
    }
    if o > 32
        && let Some(w) = bits.get_mut(i + 1)
    {
        *w |= v >> (64 - o);
    }
}

/// Clears the bits from `from` on.
fn clear_from(bits: &mut [u64], from: usize) {
    let (i, o) = (from >> 6, from & 63);
    if let Some(w) = bits.get_mut(i) {
        *w &= (1u64 << o) - 1;
    }
    for w in bits.iter_mut().skip(i + 1) {
        *w = 0;
    }
}

/// Square cells' walls as 1-bit pixel rows, drawn a band of pixel rows per row of cells from
/// the closed walls alone, so a maze made row by row can be drawn as it comes
/// ([`square_walls`], and `maze generate --stream`). Wall rectangles are those of the scene
/// path (pixels whose centres fall inside), so both draw the same picture.
#[derive(Clone, Debug)]
pub struct WallBands {
    width: u32,
    height: u32,
    cols: u32,
    rows: u32,
    lo_x: Vec<usize>,
    hi_x: Vec<usize>,
    lo_y: Vec<usize>,
    hi_y: Vec<usize>,
    /// Lookup tables for whole-pixel cells (`None` otherwise: each wall is then drawn alone).
    runs: Option<Runs>,
}

/// The walls of a row drawn by lookup: when every vertical line lies a whole `pitch` of
/// pixels after the one before it, `group` walls' bits at a time index a table of the
/// pixel runs they paint (most significant bit first), ORed in at the group's position.
#[derive(Clone, Debug)]
struct Runs {
    /// The first pixel of the wall on line 0, plus 64 (a spare word on the left takes what
    /// a margin narrower than half a wall pushes off the picture).
    origin: usize,
    /// Pixels from one line to the next.
    pitch: usize,
    /// Walls a table entry covers (8, 4, 2 or 1).
    group: usize,
    /// The runs of vertical walls (one wall thick), by `group` bits.
    vertical: Vec<u64>,
    /// The runs of horizontal walls (a cell long and a wall thick past its end).
    horizontal: Vec<u64>,
}

impl Runs {
    /// The tables for lines at `lo[i] = first + i·pitch` with walls `thick` pixels wide,
    /// as the float arithmetic gave them (`unclamped`: not yet cut at the picture's edges),
    /// when they are so for every line.
    fn new(unclamped_lo: &[i64], unclamped_hi: &[i64]) -> Option<Runs> {
        let first = *unclamped_lo.first()?;
        let pitch = unclamped_lo.get(1).map_or(1, |l| l - first);
        let thick = unclamped_hi[0] - first;
        let periodic = unclamped_lo
            .iter()
            .zip(unclamped_hi)
            .enumerate()
            .all(|(i, (&lo, &hi))| lo == first + i as i64 * pitch && hi == lo + thick);
        if !periodic || pitch < 1 || thick < 0 || thick > pitch || first < -64 {
            return None;
        }
        let (pitch, thick) = (pitch as usize, thick as usize);
        // A table entry holds the runs of `group` walls: the last one ends a cell and a
        // wall past its start.
        let group = [8, 4, 2, 1].into_iter().find(|g| g * pitch + thick <= 64)?;
        let table = |len: usize| -> Vec<u64> {
            (0..1usize << group)
                .map(|bits| {
                    (0..group).filter(|i| bits >> i & 1 != 0).fold(0u64, |acc, i| {
                        let start = i * pitch;
                        acc | ((u64::MAX >> start)
                            & !(u64::MAX.checked_shr((start + len) as u32).unwrap_or(0)))
                    })
                })
                .collect()
        };
        Some(Runs {
            origin: (first + 64) as usize,
            pitch,
            group,
            vertical: table(thick),
            horizontal: table(pitch + thick),
        })
    }

    /// ORs into `out` (pixels as big-endian words, after the spare word) the runs of the
    /// first `n` bits of `walls`.
    fn paint(&self, out: &mut [u64], walls: &[u64], n: usize, table: &[u64]) {
        let g = self.group;
        let mask = (1u64 << g) - 1;
        let step = g * self.pitch;
        let mut at = self.origin;
        for (i, &word) in walls.iter().enumerate() {
            let left = n.saturating_sub(i * 64);
            if left == 0 {
                break;
            }
            let mut word = if left < 64 { word & ((1 << left) - 1) } else { word };
            let mut pos = at;
            while word != 0 {
                let bits = (word & mask) as usize;
                if bits != 0 {
                    let run = table[bits];
                    let (w, s) = (pos >> 6, pos & 63);
                    out[w] |= run >> s;
                    if s != 0 {
                        out[w + 1] |= run << (64 - s);
                    }
                }
                word >>= g;
                pos += step;
            }
            at += 64 * self.pitch;
        }
    }
}

impl WallBands {
    /// The bands of a `cols` × `rows` grid drawn in `style` (no title). Only PNG's own
    /// limit on a side (2^31 − 1 pixels) is checked: an image drawn band by band need not
    /// fit in memory, so callers check their own pixel limits.
    ///
    /// # Errors
    /// [`Error::Parameter`] for a side over PNG's limit, walls as thick as the cells (the
    /// bands would overlap), or a title.
    pub fn new(cols: u32, rows: u32, style: &Style) -> Result<Self, Error> {
        Self::try_new(cols, rows, style)?.ok_or_else(|| {
            Error::Parameter(
                "walls as thick as the cells cannot be drawn band by band (use a thinner --wall-width)"
                    .into(),
            )
        })
    }

    /// As [`new`](Self::new), but `None` rather than an error when the walls are as thick
    /// as the cells (a band would reach into the next).
    ///
    /// # Errors
    /// As [`new`](Self::new), but for thick walls.
    pub fn try_new(cols: u32, rows: u32, style: &Style) -> Result<Option<Self>, Error> {
        if style.title.is_some() || style.instructions.is_some() {
            return Err(Error::Parameter("a banded picture has no heading".into()));
        }
        let scene = Scene { width: f64::from(cols), height: f64::from(rows), ..Scene::default() };
        let (w, h) = image_size(&scene, style);
        const PNG_SIDE: u64 = (1 << 31) - 1;
        if w > PNG_SIDE || h > PNG_SIDE {
            return Err(Error::Parameter(format!(
                "a {w}x{h} image is over PNG's limit of {PNG_SIDE} pixels a side (use a smaller --cell-size)"
            )));
        }
        let (k, m) = (style.cell_size, style.margin);
        let half = style.wall_width.max(1.0) / 2.0;
        // Pixels whose centres fall in [a, b), as in `Canvas::fill_rect`; the float work is
        // done once per grid line here, so painting is integer only.
        let first_pixel = |v: f64, max: u64| (v - 0.5).ceil().clamp(0.0, max as f64) as usize;
        let line = |i: u32| m + f64::from(i) * k;
        let ends =
            |n: u32, max: u64, d: f64| (0..=n).map(|i| first_pixel(line(i) + d, max)).collect::<Vec<_>>();
        let unclamped = |d: f64| {
            (0..=cols).map(|i| (line(i) + d - 0.5).ceil().clamp(-1e18, 1e18) as i64).collect::<Vec<_>>()
        };
        let bands = WallBands {
            runs: Runs::new(&unclamped(-half), &unclamped(half)),
            width: w as u32,
            height: h as u32,
            cols,
            rows,
            lo_x: ends(cols, w, -half),
            hi_x: ends(cols, w, half),
            lo_y: ends(rows, h, -half),
            hi_y: ends(rows, h, half),
        };
        let apart = |lo: &[usize], hi: &[usize]| hi.iter().zip(&lo[1..]).all(|(h, l)| h <= l);
        Ok((apart(&bands.lo_x, &bands.hi_x) && apart(&bands.lo_y, &bands.hi_y)).then_some(bands))
    }

    /// The image's size in pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Bytes in one row of pixels (8 pixels a byte).
    pub fn row_bytes(&self) -> usize {
        (self.width as usize).div_ceil(8)
    }

    /// The two colours: background (0) and walls (1).
    ///
    /// # Errors
    /// [`Error::Parameter`] for a colour that does not parse.
    pub fn palette(&self, style: &Style) -> Result<[Colour; 2], Error> {
        Ok([style.background.parse::<Colour>()?, style.walls.parse::<Colour>()?])
    }

    /// Calls `emit` with each pixel row (packed, most significant bit first) of band `y`:
    /// the wall line above row `y` and the row's inside, for `y` in `0..rows`, then with
    /// `y == rows` the bottom line and margin; band 0 starts with the top margin. Bits, one
    /// per wall, set when it is closed: `line` the walls above the cells of row `y` (below
    /// the last row when `y == rows`), `above` and `row` the walls left of columns `0..=cols`
    /// in rows `y - 1` and `y` (all clear when there is no such row).
    pub fn paint(&self, y: u32, line: &[u64], above: &[u64], row: &[u64], mut emit: impl FnMut(&[u8])) {
        let y = y as usize;
        let start = if y == 0 { 0 } else { self.lo_y[y] };
        let end = if y == self.rows as usize { self.height as usize } else { self.lo_y[y + 1] };
        if let Some(runs) = &self.runs {
            return self.paint_runs(runs, y, start, end, line, above, row, emit);
        }
        // Each set bit in turn, lowest first.
        let each_set = |v: &[u64], n: usize, mut f: Box<dyn FnMut(usize) + '_>| {
            for (i, &word) in v.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let x = i * 64 + word.trailing_zeros() as usize;
                    if x >= n {
                        return;
                    }
                    f(x);
                    word &= word - 1;
                }
            }
        };
        let verticals = |pixels: &mut [u8], v: &[u64]| {
            each_set(v, self.cols as usize + 1, Box::new(|x| set_bits(pixels, self.lo_x[x], self.hi_x[x])));
        };
        let mut pixels = vec![0u8; self.row_bytes()];
        // The margin above the first line: blank.
        for _ in start..self.lo_y[y].max(start) {
            emit(&pixels);
        }
        // The line: its walls, and the walls of both rows, which run through it.
        each_set(
            line,
            self.cols as usize,
            Box::new(|x| set_bits(&mut pixels, self.lo_x[x], self.hi_x[x + 1])),
        );
        verticals(&mut pixels, above);
        verticals(&mut pixels, row);
        let line_end = self.hi_y[y].min(end);
        for _ in self.lo_y[y]..line_end {
            emit(&pixels);
        }
        // The inside of the row: its vertical walls only (the bottom margin: nothing).
        pixels.fill(0);
        verticals(&mut pixels, row);
        for _ in line_end..end {
            emit(&pixels);
        }
    }
}

impl WallBands {
    /// [`paint`](Self::paint) by lookup tables, a group of walls at a time.
    #[allow(clippy::too_many_arguments)]
    fn paint_runs(
        &self,
        runs: &Runs,
        y: usize,
        start: usize,
        end: usize,
        line: &[u64],
        above: &[u64],
        row: &[u64],
        mut emit: impl FnMut(&[u8]),
    ) {
        let cols = self.cols as usize;
        // The spare word, the pixels, and room for a run that starts in the last word.
        let words = (runs.origin + (cols + 1) * runs.pitch) / 64 + 3;
        let row_bytes = self.row_bytes();
        // Bits past the picture's right edge (a margin narrower than half a wall) are cut.
        let tail = match self.width % 8 {
            0 => 0xFF,
            r => 0xFFu8 << (8 - r),
        };
        let bytes = |v: &[u64], out: &mut Vec<u8>| {
            out.resize(8 * (v.len() - 1), 0);
            for (o, w) in out.chunks_exact_mut(8).zip(&v[1..]) {
                o.copy_from_slice(&w.to_be_bytes());
            }
            out.truncate(row_bytes);
            if let Some(last) = out.last_mut() {
                *last &= tail;
            }
        };
        let mut inside = vec![0u64; words];
        runs.paint(&mut inside, row, cols + 1, &runs.vertical);
        let mut across = inside.clone();
        runs.paint(&mut across, above, cols + 1, &runs.vertical);
        runs.paint(&mut across, line, cols, &runs.horizontal);
        let mut pixels = Vec::with_capacity(words * 8);
        // The margin above the first line: blank.
        let blank = vec![0u8; row_bytes];
        for _ in start..self.lo_y[y].max(start) {
            emit(&blank);
        }
        let line_end = self.hi_y[y].min(end);
        bytes(&across, &mut pixels);
        for _ in self.lo_y[y]..line_end {
            emit(&pixels);
        }
        bytes(&inside, &mut pixels);
        for _ in line_end..end {
            emit(&pixels);
        }
    }
}

/// Sets bits `a..b` of packed pixels (most significant bit first).
#[inline]
fn set_bits(pixels: &mut [u8], a: usize, b: usize) {
    if a >= b {
        return;
    }
    let (first, last) = (a >> 3, (b - 1) >> 3);
    let head = 0xFFu8 >> (a & 7);
    let tail = 0xFFu8 << (7 - ((b - 1) & 7));
    if first == last {
        pixels[first] |= head & tail;
    } else {
        pixels[first] |= head;
        pixels[first + 1..last].fill(0xFF);
        pixels[last] |= tail;
    }
}

/// A PNG written a row at a time, for pictures taller than memory: the header first, then
/// each row deflated as it comes and sent in `IDAT` chunks of up to 256 KiB, and `IEND` by
/// [`finish`](PngRows::finish). Memory: one chunk and the compressor's window.
pub struct PngRows<W: std::io::Write> {
    out: W,
    compressor: Compressor,
    pending: Vec<u8>,
    row_bytes: usize,
    rows_left: u32,
}

/// The deflater behind [`PngRows`]: levels 0 and 1 our own ([`crate::deflate`]; `None`
/// once finished), the others `miniz_oxide`'s.
enum Compressor {
    Miniz(Box<miniz_oxide::deflate::core::CompressorOxide>),
    Own(Option<crate::deflate::RowDeflater>),
}

/// The size of the `IDAT` chunks [`PngRows`] writes.
const IDAT_CHUNK: usize = 256 << 10;

impl<W: std::io::Write> PngRows<W> {
    /// Writes the signature, `IHDR` and `PLTE` of an indexed-colour PNG of `width` ×
    /// `height` pixels at `depth` bits a pixel, deflated at `level` (0-10, as for
    /// [`square_walls`]).
    ///
    /// # Errors
    /// The writer's.
    pub fn new(
        mut out: W,
        width: u32,
        height: u32,
        depth: u8,
        palette: &[Colour],
        level: u8,
    ) -> std::io::Result<Self> {
        let mut start = Vec::with_capacity(64);
        head(&mut start, width, height, depth, palette);
        out.write_all(&start)?;
        let row_bytes = (width as usize * usize::from(depth)).div_ceil(8);
        let compressor = match level {
            0 | 1 => {
                let mode = if level == 0 { crate::deflate::Mode::Stored } else { crate::deflate::Mode::Rows };
                Compressor::Own(Some(crate::deflate::RowDeflater::new(mode, row_bytes + 1)))
            }
            _ => {
                let mut c = Box::<miniz_oxide::deflate::core::CompressorOxide>::default();
                c.set_format_and_level(miniz_oxide::DataFormat::Zlib, level);
                Compressor::Miniz(c)
            }
        };
        Ok(PngRows { out, compressor, pending: Vec::with_capacity(IDAT_CHUNK), row_bytes, rows_left: height })
    }

    /// Adds one row of packed pixels.
    ///
    /// # Errors
    /// The writer's; [`std::io::ErrorKind::InvalidInput`] for a row of the wrong length or
    /// one row too many.
    pub fn row(&mut self, pixels: &[u8]) -> std::io::Result<()> {
        if pixels.len() != self.row_bytes || self.rows_left == 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "PNG row of the wrong size, or too many",
            ));
        }
        self.rows_left -= 1;
        self.deflate(&[0], miniz_oxide::MZFlush::None)?; // filter: none
        self.deflate(pixels, miniz_oxide::MZFlush::None)
    }

    /// Ends the image and returns the writer.
    ///
    /// # Errors
    /// The writer's; [`std::io::ErrorKind::InvalidInput`] when rows are missing.
    pub fn finish(mut self) -> std::io::Result<W> {
        if self.rows_left != 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("{} PNG rows missing", self.rows_left),
            ));
        }
        self.deflate(&[], miniz_oxide::MZFlush::Finish)?;
        flush_chunk(&mut self.out, &mut self.pending)?;
        let mut end = Vec::with_capacity(12);
        chunk(&mut end, b"IEND", &[]);
        self.out.write_all(&end)?;
        Ok(self.out)
    }

    fn deflate(&mut self, mut input: &[u8], flush: miniz_oxide::MZFlush) -> std::io::Result<()> {
        let PngRows { out, compressor, pending, .. } = self;
        let compressor = match compressor {
            Compressor::Miniz(c) => c,
            Compressor::Own(own) => {
                if flush == miniz_oxide::MZFlush::Finish {
                    if let Some(d) = own.take() {
                        pending.extend(d.finish());
                    }
                } else if let Some(d) = own {
                    d.write(input);
                    pending.append(d.output());
                }
                if pending.len() >= IDAT_CHUNK {
                    flush_chunk(out, pending)?;
                }
                return Ok(());
            }
        };
        let mut buffer = [0u8; 16 << 10];
        loop {
            let r = miniz_oxide::deflate::stream::deflate(compressor, input, &mut buffer, flush);
            input = &input[r.bytes_consumed..];
            pending.extend_from_slice(&buffer[..r.bytes_written]);
            if pending.len() >= IDAT_CHUNK {
                flush_chunk(out, pending)?;
            }
            let done = match r.status {
                Ok(miniz_oxide::MZStatus::StreamEnd) => true,
                Ok(_) => {
                    flush != miniz_oxide::MZFlush::Finish
                        && input.is_empty()
                        && r.bytes_written < buffer.len()
                }
                // No progress possible: right when all input is taken, else a failure.
                Err(miniz_oxide::MZError::Buf) if input.is_empty() => true,
                Err(e) => return Err(std::io::Error::other(format!("deflate failed: {e:?}"))),
            };
            if done {
                return Ok(());
            }
        }
    }
}

/// Writes `pending` as an `IDAT` chunk (nothing when it is empty) and empties it.
fn flush_chunk(out: &mut impl std::io::Write, pending: &mut Vec<u8>) -> std::io::Result<()> {
    if pending.is_empty() {
        return Ok(());
    }
    let mut bytes = Vec::with_capacity(pending.len() + 12);
    chunk(&mut bytes, b"IDAT", pending);
    pending.clear();
    out.write_all(&bytes)
}

/// A maze as a PNG: the direct 1-bit path of [`square_walls`] when it draws the same picture
/// (square cells, walls alone), otherwise the scene (in at most about `max_memory` bytes,
/// see [`try_scene`](crate::scene::try_scene)) and [`png`].
///
/// # Errors
/// As [`png`], and as [`try_scene`](crate::scene::try_scene).
pub fn maze_png<S: maze_core::Shape>(
    maze: &maze_core::Maze<S>,
    overlay: &crate::scene::Overlay<'_>,
    style: &Style,
    max_memory: u64,
) -> Result<Vec<u8>, Error> {
    let plain = overlay.solution.is_none() && !overlay.heat && overlay.no_markers && style.title.is_none();
    // Walls as thick as the cells overlap the next band: those take the scene path.
    if plain
        && let Some(g) = maze.shape().grid()
        && WallBands::try_new(g.width, g.height, style)?.is_some()
    {
        return square_walls(maze, style, 1);
    }
    png(&crate::scene::try_scene(maze, overlay, max_memory)?, style)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_matches_the_png_specification_example() {
        // CRC of "IEND" with no data, as found in every PNG file.
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        // Past eight bytes the eight-byte steps take over: the same as a bit at a time.
        let long: Vec<u8> = (0..1000u32).map(|i| (i * 7919 % 251) as u8).collect();
        let mut slow = 0xFFFF_FFFFu32;
        for &b in &long {
            slow ^= u32::from(b);
            for _ in 0..8 {
                slow = if slow & 1 != 0 { 0xEDB8_8320 ^ (slow >> 1) } else { slow >> 1 };
            }
        }
        for n in [8, 9, 15, 16, 17, 1000] {
            let mut c = 0xFFFF_FFFFu32;
            for &b in &long[..n] {
                c ^= u32::from(b);
                for _ in 0..8 {
                    c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
                }
            }
            assert_eq!(crc32(&long[..n]), c ^ 0xFFFF_FFFF, "{n} bytes");
        }
        assert_eq!(crc32(&long), slow ^ 0xFFFF_FFFF);
    }

    #[test]
    fn bit_depth_follows_the_palette() {
        let canvas = Canvas::new(9, 2, 1, 100).expect("fits");
        let two = [Colour { r: 0, g: 0, b: 0 }, Colour { r: 255, g: 255, b: 255 }];
        let png = encode(&canvas, &two, 6);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(png[24], 1, "bit depth byte of IHDR");
        let five = [two[0]; 5];
        assert_eq!(encode(&canvas, &five, 6)[24], 4);
    }
}
