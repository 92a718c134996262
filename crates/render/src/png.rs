//! PNG: the scene rasterised at `cell_size` pixels per cell, in as few bits per pixel as
//! its colours allow (1 bit for walls on a background, up to 8 with a heat map). Written
//! directly: rows unfiltered (maze pictures compress best that way), deflated by
//! `miniz_oxide`.

use maze_core::Error;

use crate::raster::Canvas;
use crate::scene::{Fill, Marker, Scene};
use crate::style::{Colour, Style, heat_colour};

/// The largest image `png` writes, in pixels (10,000 x 10,000).
pub const MAX_PIXELS: u64 = 100_000_000;

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
    (size(scene.width), size(scene.height))
}

/// Rasterises the scene as a PNG image: background, shaded cells, walls, the solution line,
/// start and end dots. Sizes in the style are pixels.
///
/// # Errors
/// [`Error::Parameter`] above [`MAX_PIXELS`] (checked before allocating) or for a colour
/// that does not parse.
pub fn png(scene: &Scene, style: &Style) -> Result<Vec<u8>, Error> {
    let (w, h) = image_size(scene, style);
    if w > u64::from(u32::MAX) || h > u64::from(u32::MAX) || w * h > MAX_PIXELS {
        return Err(Error::Parameter(format!(
            "a {w}x{h} image exceeds the limit of {MAX_PIXELS} pixels (use a smaller --cell-size)"
        )));
    }
    let mut palette = Palette { colours: Vec::new() };
    let background = palette.index(&style.background)?;
    let mut canvas = Canvas::new(w as u32, h as u32, background, MAX_PIXELS)?;
    let (k, m) = (style.cell_size, style.margin);
    let at = |p: maze_core::Point| maze_core::Point { x: m + p.x * k, y: m + p.y * k };
    for (poly, fill) in &scene.fills {
        let colour = match fill {
            Fill::Visited => palette.index(&style.visited)?,
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
    for &[a, b] in &scene.walls {
        canvas.stroke(at(a), at(b), style.wall_width, walls);
    }
    if scene.path.len() > 1 {
        let colour = palette.index(&style.path)?;
        let pts: Vec<_> = scene.path.iter().map(|&p| at(p)).collect();
        canvas.polyline(&pts, (k * 0.25).max(1.0), colour);
    }
    for &(p, marker) in &scene.markers {
        let colour = palette.index(match marker {
            Marker::Start => &style.start,
            Marker::End => &style.end,
        })?;
        canvas.fill_circle(at(p), (scene.cell * k * 0.3).max(1.0), colour);
    }
    Ok(encode(&canvas, &palette.colours, 6))
}

/// Encodes palette indices as an indexed-colour PNG with the smallest bit depth that holds
/// the palette, unfiltered rows, deflated at `level` (0-10).
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
    let mut out = Vec::with_capacity(raw.len() / 4 + 1024);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&canvas.width.to_be_bytes());
    ihdr.extend_from_slice(&canvas.height.to_be_bytes());
    ihdr.extend_from_slice(&[depth as u8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    let plte: Vec<u8> = palette.iter().flat_map(|c| [c.r, c.g, c.b]).collect();
    chunk(&mut out, b"PLTE", if plte.is_empty() { &[0, 0, 0] } else { &plte });
    chunk(&mut out, b"IDAT", &miniz_oxide::deflate::compress_to_vec_zlib(&raw, level));
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// CRC-32 (ISO 3309, as PNG uses), bytewise with a table built at compile time.
fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut t = [0u32; 256];
        let mut n = 0;
        while n < 256 {
            let mut c = n as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
                k += 1;
            }
            t[n] = c;
            n += 1;
        }
        t
    };
    let mut c = 0xFFFF_FFFFu32;
    for &b in bytes {
        c = TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
    }
    c ^ 0xFFFF_FFFF
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_matches_the_png_specification_example() {
        // CRC of "IEND" with no data, as found in every PNG file.
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
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
