//! A small built-in bitmap font (5 × 7 pixels a glyph, designed for this project) for
//! cutting words out of mazes (`maze generate --mask-text`), and the [`Bitmap`] pictures
//! masks are made from.

/// A black-and-white picture, row-major, `true` = dark (ink).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bitmap {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Pixels, row by row, `width * height` of them.
    pub pixels: Vec<bool>,
}

impl Bitmap {
    /// A blank (all light) picture.
    pub fn new(width: u32, height: u32) -> Self {
        Bitmap { width, height, pixels: vec![false; width as usize * height as usize] }
    }

    /// The pixel at column `x`, row `y`; `false` outside the picture.
    pub fn get(&self, x: u32, y: u32) -> bool {
        x < self.width && y < self.height && self.pixels[y as usize * self.width as usize + x as usize]
    }

    /// Sets a pixel (ignored outside the picture).
    pub fn set(&mut self, x: u32, y: u32, v: bool) {
        if x < self.width && y < self.height {
            self.pixels[y as usize * self.width as usize + x as usize] = v;
        }
    }
}

/// Glyph width, pixels.
pub const GLYPH_WIDTH: u32 = 5;
/// Glyph height, pixels.
pub const GLYPH_HEIGHT: u32 = 7;

/// The glyphs: 7 rows each, bit 4 the leftmost column.
const GLYPHS: &[(char, [u8; 7])] = &[
    (' ', [0; 7]),
    ('A', [0b01110, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001]),
    ('B', [0b11110, 0b10001, 0b10001, 0b11110, 0b10001, 0b10001, 0b11110]),
    ('C', [0b01110, 0b10001, 0b10000, 0b10000, 0b10000, 0b10001, 0b01110]),
    ('D', [0b11100, 0b10010, 0b10001, 0b10001, 0b10001, 0b10010, 0b11100]),
    ('E', [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111]),
    ('F', [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b10000]),
    ('G', [0b01110, 0b10001, 0b10000, 0b10111, 0b10001, 0b10001, 0b01111]),
    ('H', [0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001]),
    ('I', [0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110]),
    ('J', [0b00111, 0b00010, 0b00010, 0b00010, 0b00010, 0b10010, 0b01100]),
    ('K', [0b10001, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010, 0b10001]),
    ('L', [0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b11111]),
    ('M', [0b10001, 0b11011, 0b10101, 0b10101, 0b10001, 0b10001, 0b10001]),
    ('N', [0b10001, 0b11001, 0b10101, 0b10011, 0b10001, 0b10001, 0b10001]),
    ('O', [0b01110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110]),
    ('P', [0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000]),
    ('Q', [0b01110, 0b10001, 0b10001, 0b10001, 0b10101, 0b10010, 0b01101]),
    ('R', [0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001]),
    ('S', [0b01111, 0b10000, 0b10000, 0b01110, 0b00001, 0b00001, 0b11110]),
    ('T', [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100]),
    ('U', [0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110]),
    ('V', [0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100]),
    ('W', [0b10001, 0b10001, 0b10001, 0b10101, 0b10101, 0b10101, 0b01010]),
    ('X', [0b10001, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001, 0b10001]),
    ('Y', [0b10001, 0b10001, 0b01010, 0b00100, 0b00100, 0b00100, 0b00100]),
    ('Z', [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b11111]),
    ('0', [0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110]),
    ('1', [0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110]),
    ('2', [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111]),
    ('3', [0b11110, 0b00001, 0b00001, 0b01110, 0b00001, 0b00001, 0b11110]),
    ('4', [0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010]),
    ('5', [0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110]),
    ('6', [0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110]),
    ('7', [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000]),
    ('8', [0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110]),
    ('9', [0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100]),
    ('!', [0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00000, 0b00100]),
    ('?', [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b00000, 0b00100]),
    ('.', [0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b01100, 0b01100]),
    (',', [0b00000, 0b00000, 0b00000, 0b00000, 0b01100, 0b00100, 0b01000]),
    ('-', [0b00000, 0b00000, 0b00000, 0b11111, 0b00000, 0b00000, 0b00000]),
    ('+', [0b00000, 0b00100, 0b00100, 0b11111, 0b00100, 0b00100, 0b00000]),
    (':', [0b00000, 0b01100, 0b01100, 0b00000, 0b01100, 0b01100, 0b00000]),
    ('\'', [0b00100, 0b00100, 0b01000, 0b00000, 0b00000, 0b00000, 0b00000]),
    ('&', [0b01100, 0b10010, 0b10100, 0b01000, 0b10101, 0b10010, 0b01101]),
    ('#', [0b01010, 0b01010, 0b11111, 0b01010, 0b11111, 0b01010, 0b01010]),
];

/// The characters the font has, for messages.
const REPERTOIRE: &str = "letters, digits, space and ! ? . , - + : ' & #";

fn glyph(c: char) -> Option<&'static [u8; 7]> {
    let c = c.to_ascii_uppercase();
    GLYPHS.iter().find(|(g, _)| *g == c).map(|(_, rows)| rows)
}

/// Whether the font has a glyph for `c` (lower case is drawn as upper case).
pub fn has_glyph(c: char) -> bool {
    glyph(c).is_some()
}

/// Lays out `text` in the font: one blank column between glyphs, one blank row between
/// lines (`\n` starts a new line; lines are centred), and `margin` blank pixels all round.
///
/// # Errors
/// A message naming the first character the font lacks, or saying the text is empty.
pub fn text_bitmap(text: &str, margin: u32) -> Result<Bitmap, String> {
    if text.trim().is_empty() {
        return Err("the text is empty".into());
    }
    if let Some(bad) = text.chars().find(|&c| c != '\n' && c != '\r' && !has_glyph(c)) {
        return Err(format!("no glyph for '{}' in the built-in font ({REPERTOIRE})", bad.escape_default()));
    }
    let lines: Vec<Vec<&[u8; 7]>> =
        text.trim_matches('\n').lines().map(|l| l.chars().filter_map(glyph).collect()).collect();
    let line_width = |n: usize| if n == 0 { 0 } else { n as u32 * (GLYPH_WIDTH + 1) - 1 };
    let inner_w = lines.iter().map(|l| line_width(l.len())).max().unwrap_or(0);
    let inner_h = lines.len() as u32 * (GLYPH_HEIGHT + 1) - 1;
    let margin = margin.min(1000);
    let mut bitmap = Bitmap::new(inner_w + 2 * margin, inner_h + 2 * margin);
    for (row, line) in lines.iter().enumerate() {
        let left = margin + (inner_w - line_width(line.len())) / 2;
        let top = margin + row as u32 * (GLYPH_HEIGHT + 1);
        for (k, rows) in line.iter().enumerate() {
            let x0 = left + k as u32 * (GLYPH_WIDTH + 1);
            for (dy, bits) in rows.iter().enumerate() {
                for dx in 0..GLYPH_WIDTH {
                    if bits & (1 << (GLYPH_WIDTH - 1 - dx)) != 0 {
                        bitmap.set(x0 + dx, top + dy as u32, true);
                    }
                }
            }
        }
    }
    Ok(bitmap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_digits_are_distinct_and_inked() {
        let chars: Vec<char> = ('A'..='Z').chain('0'..='9').collect();
        for &c in &chars {
            let g = glyph(c).expect("glyph");
            assert!(g.iter().any(|&r| r != 0), "{c} is blank");
            assert!(g.iter().all(|&r| r < 32), "{c} is wider than 5");
            for &d in &chars {
                if c != d {
                    assert_ne!(g, glyph(d).expect("glyph"), "{c} and {d} look alike");
                }
            }
        }
    }

    #[test]
    fn layout_has_the_expected_size_and_ink() {
        let b = text_bitmap("HI", 2).expect("layout");
        assert_eq!((b.width, b.height), (15, 11));
        // The I's stem is column 2 of the second glyph, rows 1 to 5.
        let stem = 2 + 6 + 2;
        assert!((3..8).all(|y| b.get(stem, y)), "I stem");
        assert!(!b.get(0, 0) && !b.get(14, 10), "margins are blank");
        assert_eq!(text_bitmap("hi", 2), Ok(b));
        let two = text_bitmap("AB\nC", 0).expect("two lines");
        assert_eq!((two.width, two.height), (11, 15));
    }

    #[test]
    fn unsupported_characters_and_empty_text_are_named() {
        assert!(text_bitmap("caf\u{e9}", 1).unwrap_err().contains("'\\u{e9}'"));
        assert_eq!(text_bitmap("  ", 1).unwrap_err(), "the text is empty");
    }
}
