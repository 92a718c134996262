//! A small built-in bitmap font for cutting words out of mazes (`maze generate --mask-text`),
//! and the [`Bitmap`] pictures masks are made from.
//!
//! The glyphs were drawn for this project: 5 × 7 pixels each, strokes one pixel wide, covering
//! the letters in both cases (lower case with a smaller body, ascenders and descenders
//! within the same 7 rows), the digits, space and `! ? . , - + : ' & #`. Text keeps the case
//! it is given.

/// A black-and-white picture, row-major, `true` = dark (ink).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bitmap {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The pixels, row by row from the top, each row left to right: `width * height` of them.
    pub pixels: Vec<bool>,
}

impl Bitmap {
    /// A blank (all light) picture of `width` × `height` pixels.
    pub fn new(width: u32, height: u32) -> Self {
        Bitmap { width, height, pixels: vec![false; width as usize * height as usize] }
    }

    /// Where pixel (`x`, `y`) lives in [`Bitmap::pixels`], if it is inside the picture.
    fn index(&self, x: u32, y: u32) -> Option<usize> {
        if x < self.width && y < self.height {
            (y as usize).checked_mul(self.width as usize)?.checked_add(x as usize)
        } else {
            None
        }
    }

    /// The pixel at column `x`, row `y` (from the top left); `false` outside the picture.
    pub fn get(&self, x: u32, y: u32) -> bool {
        self.index(x, y).and_then(|i| self.pixels.get(i).copied()).unwrap_or(false)
    }

    /// Sets the pixel at column `x`, row `y` to `v`; ignored outside the picture.
    pub fn set(&mut self, x: u32, y: u32, v: bool) {
        if let Some(pixel) = self.index(x, y).and_then(|i| self.pixels.get_mut(i)) {
            *pixel = v;
        }
    }
}

/// Glyph width, pixels.
const GLYPH_WIDTH: u32 = 5;
/// Glyph height, pixels.
const GLYPH_HEIGHT: u32 = 7;
/// The largest picture [`text_bitmap`] draws, in pixels (a mask bigger than the largest maze
/// would be of no use).
const MAX_PIXELS: u64 = 1 << 26;
/// The characters the font has, for messages.
const REPERTOIRE: &str = "letters, digits, space and ! ? . , - + : ' & #";

/// The glyphs: 7 rows each, top first, bit 4 the leftmost column.
const GLYPHS: &[(char, [u8; 7])] = &[
    (' ', [0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b00000]),
    ('A', [0b00100, 0b01010, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001]),
    ('B', [0b11100, 0b10010, 0b10010, 0b11110, 0b10001, 0b10001, 0b11110]),
    ('C', [0b01111, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b01111]),
    ('D', [0b11110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b11110]),
    ('E', [0b11111, 0b10000, 0b10000, 0b11100, 0b10000, 0b10000, 0b11111]),
    ('F', [0b11111, 0b10000, 0b10000, 0b11100, 0b10000, 0b10000, 0b10000]),
    ('G', [0b01111, 0b10000, 0b10000, 0b10011, 0b10001, 0b10001, 0b01111]),
    ('H', [0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001]),
    ('I', [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b11111]),
    ('J', [0b01111, 0b00001, 0b00001, 0b00001, 0b00001, 0b10001, 0b01110]),
    ('K', [0b10001, 0b10001, 0b10010, 0b11100, 0b10010, 0b10001, 0b10001]),
    ('L', [0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b11111]),
    ('M', [0b10001, 0b11011, 0b10101, 0b10001, 0b10001, 0b10001, 0b10001]),
    ('N', [0b10001, 0b11001, 0b10101, 0b10101, 0b10011, 0b10001, 0b10001]),
    ('O', [0b01110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110]),
    ('P', [0b11110, 0b10001, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000]),
    ('Q', [0b01110, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110, 0b00011]),
    ('R', [0b11110, 0b10001, 0b10001, 0b11110, 0b10010, 0b10001, 0b10001]),
    ('S', [0b01110, 0b10001, 0b10000, 0b01110, 0b00001, 0b10001, 0b01110]),
    ('T', [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100]),
    ('U', [0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110]),
    ('V', [0b10001, 0b10001, 0b10001, 0b01010, 0b01010, 0b01010, 0b00100]),
    ('W', [0b10001, 0b10001, 0b10001, 0b10001, 0b10101, 0b11011, 0b10001]),
    ('X', [0b10001, 0b01010, 0b01010, 0b00100, 0b01010, 0b01010, 0b10001]),
    ('Y', [0b10001, 0b10001, 0b01010, 0b00100, 0b00100, 0b00100, 0b00100]),
    ('Z', [0b11111, 0b00010, 0b00010, 0b00100, 0b01000, 0b01000, 0b11111]),
    ('a', [0b00000, 0b00000, 0b01110, 0b00001, 0b01111, 0b10001, 0b01111]),
    ('b', [0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b11110]),
    ('c', [0b00000, 0b00000, 0b01110, 0b10000, 0b10000, 0b10001, 0b01110]),
    ('d', [0b00001, 0b00001, 0b01101, 0b10011, 0b10001, 0b10001, 0b01111]),
    ('e', [0b00000, 0b00000, 0b01110, 0b10001, 0b11111, 0b10000, 0b01110]),
    ('f', [0b00110, 0b01001, 0b01000, 0b11100, 0b01000, 0b01000, 0b01000]),
    ('g', [0b00000, 0b01111, 0b10001, 0b10001, 0b01111, 0b00001, 0b01110]),
    ('h', [0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001]),
    ('i', [0b00100, 0b00000, 0b01100, 0b00100, 0b00100, 0b00100, 0b01110]),
    ('j', [0b00010, 0b00000, 0b00110, 0b00010, 0b00010, 0b10010, 0b01100]),
    ('k', [0b10000, 0b10000, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010]),
    ('l', [0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110]),
    ('m', [0b00000, 0b00000, 0b11010, 0b10101, 0b10101, 0b10001, 0b10001]),
    ('n', [0b00000, 0b00000, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001]),
    ('o', [0b00000, 0b00000, 0b01110, 0b10001, 0b10001, 0b10001, 0b01110]),
    ('p', [0b00000, 0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000]),
    ('q', [0b00000, 0b01111, 0b10001, 0b10001, 0b01111, 0b00001, 0b00001]),
    ('r', [0b00000, 0b00000, 0b10110, 0b11001, 0b10000, 0b10000, 0b10000]),
    ('s', [0b00000, 0b00000, 0b01111, 0b10000, 0b01110, 0b00001, 0b11110]),
    ('t', [0b01000, 0b01000, 0b11110, 0b01000, 0b01000, 0b01001, 0b00110]),
    ('u', [0b00000, 0b00000, 0b10001, 0b10001, 0b10001, 0b10011, 0b01101]),
    ('v', [0b00000, 0b00000, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100]),
    ('w', [0b00000, 0b00000, 0b10001, 0b10001, 0b10101, 0b10101, 0b01010]),
    ('x', [0b00000, 0b00000, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001]),
    ('y', [0b00000, 0b10001, 0b10001, 0b10001, 0b01111, 0b00001, 0b01110]),
    ('z', [0b00000, 0b00000, 0b11111, 0b00010, 0b00100, 0b01000, 0b11111]),
    ('0', [0b01110, 0b10011, 0b10101, 0b11001, 0b10001, 0b10001, 0b01110]),
    ('1', [0b00100, 0b01100, 0b10100, 0b00100, 0b00100, 0b00100, 0b11111]),
    ('2', [0b01110, 0b10001, 0b00001, 0b00110, 0b01000, 0b10000, 0b11111]),
    ('3', [0b01110, 0b10001, 0b00001, 0b00110, 0b00001, 0b10001, 0b01110]),
    ('4', [0b10010, 0b10010, 0b10010, 0b10010, 0b11111, 0b00010, 0b00010]),
    ('5', [0b11111, 0b10000, 0b10000, 0b11110, 0b00001, 0b00001, 0b11110]),
    ('6', [0b01110, 0b10000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110]),
    ('7', [0b11111, 0b00001, 0b00001, 0b00010, 0b00100, 0b00100, 0b00100]),
    ('8', [0b01110, 0b10001, 0b01110, 0b10001, 0b10001, 0b10001, 0b01110]),
    ('9', [0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00001, 0b01110]),
    ('!', [0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00000, 0b00100]),
    ('?', [0b01110, 0b10001, 0b00001, 0b00110, 0b00100, 0b00000, 0b00100]),
    ('.', [0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b00100]),
    (',', [0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b00100, 0b01000]),
    ('-', [0b00000, 0b00000, 0b00000, 0b01110, 0b00000, 0b00000, 0b00000]),
    ('+', [0b00000, 0b00100, 0b00100, 0b11111, 0b00100, 0b00100, 0b00000]),
    (':', [0b00000, 0b00000, 0b00100, 0b00000, 0b00000, 0b00100, 0b00000]),
    ('\'', [0b00100, 0b00100, 0b00000, 0b00000, 0b00000, 0b00000, 0b00000]),
    ('&', [0b01000, 0b10100, 0b10100, 0b01000, 0b10101, 0b10010, 0b01101]),
    ('#', [0b00000, 0b01010, 0b11111, 0b01010, 0b11111, 0b01010, 0b00000]),
];

/// The glyph for `c`, in the case given.
fn glyph(c: char) -> Option<&'static [u8; 7]> {
    GLYPHS.iter().find(|(g, _)| *g == c).map(|(_, rows)| rows)
}

/// Whether the font has a glyph for `c`.
pub fn has_glyph(c: char) -> bool {
    glyph(c).is_some()
}

/// Lays out `text` in the built-in font and returns the picture, ink `true`.
///
/// The text is one line; `\n` (or `\r\n`) starts a new line, and line breaks at the very start
/// or end are ignored. Glyphs are set with one blank column between them, lines with one blank
/// row between them and each line centred (an odd leftover column goes to the right), and the
/// whole is surrounded by a blank margin `margin` pixels wide. So `"HI"` with margin 2 is
/// 2 + 5 + 1 + 5 + 2 = 15 pixels wide and 2 + 7 + 2 = 11 high.
///
/// # Errors
/// `"the text is empty"` if `text` is empty or only whitespace; a message naming the first
/// character the font has no glyph for, such as
/// `no glyph for 'é' in the built-in font (letters, digits, space and ! ? . , - + : ' & #)`;
/// and a message saying the text is too long if the picture would exceed 2^26 pixels.
pub fn text_bitmap(text: &str, margin: u32) -> Result<Bitmap, String> {
    if text.trim().is_empty() {
        return Err("the text is empty".to_string());
    }
    let lines: Vec<&str> = text
        .trim_matches(['\r', '\n'])
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    let mut glyph_lines: Vec<Vec<&[u8; 7]>> = Vec::with_capacity(lines.len());
    for line in &lines {
        let mut glyphs = Vec::with_capacity(line.len());
        for c in line.chars() {
            match glyph(c) {
                Some(g) => glyphs.push(g),
                None => {
                    let shown = if c.is_control() { c.escape_default().to_string() } else { c.to_string() };
                    return Err(format!("no glyph for '{shown}' in the built-in font ({REPERTOIRE})"));
                }
            }
        }
        glyph_lines.push(glyphs);
    }

    // Sizes in u64, so that no input can overflow them.
    let line_width = |glyphs: usize| (glyphs as u64 * u64::from(GLYPH_WIDTH + 1)).saturating_sub(1);
    let inner_width = glyph_lines.iter().map(|l| line_width(l.len())).max().unwrap_or(0);
    let inner_height = (glyph_lines.len() as u64 * u64::from(GLYPH_HEIGHT + 1)).saturating_sub(1);
    let width = inner_width + 2 * u64::from(margin);
    let height = inner_height + 2 * u64::from(margin);
    if width.saturating_mul(height) > MAX_PIXELS {
        return Err(format!(
            "the text is too long: its picture would be {width} × {height} pixels, more than {MAX_PIXELS}"
        ));
    }
    // Both fit in u32 now, as their product is at most 2^26 and neither is 0.
    let (Ok(width), Ok(height)) = (u32::try_from(width), u32::try_from(height)) else {
        return Err(format!("the text is too long: its picture would be {width} × {height} pixels"));
    };

    let mut bitmap = Bitmap::new(width, height);
    let mut top = margin;
    for glyphs in &glyph_lines {
        // `line_width(..) <= inner_width < width`, so these fit in u32.
        let slack = (inner_width - line_width(glyphs.len())) as u32;
        let mut left = margin + slack / 2;
        for rows in glyphs {
            for (dy, bits) in (0..GLYPH_HEIGHT).zip(rows.iter()) {
                for dx in 0..GLYPH_WIDTH {
                    if bits >> (GLYPH_WIDTH - 1 - dx) & 1 == 1 {
                        bitmap.set(left + dx, top + dy, true);
                    }
                }
            }
            left += GLYPH_WIDTH + 1;
        }
        top += GLYPH_HEIGHT + 1;
    }
    Ok(bitmap)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The letters of both cases and the digits.
    fn alphanumerics() -> Vec<char> {
        ('A'..='Z').chain('a'..='z').chain('0'..='9').collect()
    }

    /// Whether glyph pixel (`x`, `y`) is inked.
    fn ink(rows: &[u8; 7], x: i32, y: i32) -> bool {
        (0..5).contains(&x) && (0..7).contains(&y) && rows[y as usize] >> (4 - x) & 1 == 1
    }

    /// Draws a picture as text, `#` for ink, for failure messages.
    fn show(b: &Bitmap) -> String {
        (0..b.height)
            .map(|y| (0..b.width).map(|x| if b.get(x, y) { '#' } else { '.' }).collect::<String>() + "\n")
            .collect()
    }

    #[test]
    fn every_listed_character_has_a_five_pixel_wide_glyph() {
        for c in alphanumerics().into_iter().chain(" !?.,-+:'&#".chars()) {
            assert!(has_glyph(c), "{c:?} missing");
            assert!(glyph(c).is_some_and(|g| g.iter().all(|&r| r < 1 << 5)), "{c:?} is wider than 5");
        }
        assert_eq!(GLYPHS.len(), 26 + 26 + 10 + 11, "a glyph is listed twice");
        for c in ['é', '\n', '\t', '*', '@', '\u{0}'] {
            assert!(!has_glyph(c), "{c:?} should have no glyph");
        }
    }

    #[test]
    fn letters_and_digits_are_inked_and_all_different() {
        let chars = alphanumerics();
        for (i, &c) in chars.iter().enumerate() {
            let g = glyph(c).expect("glyph");
            assert!(g.iter().any(|&r| r != 0), "{c} is blank");
            for &d in &chars[i + 1..] {
                assert_ne!(g, glyph(d).expect("glyph"), "{c} and {d} look the same");
            }
        }
    }

    #[test]
    fn letters_and_digits_are_one_thin_stroke() {
        for c in alphanumerics() {
            let g = glyph(c).expect("glyph");
            // Strokes one pixel wide: no 2 × 2 square of ink.
            for y in 0..6 {
                for x in 0..4 {
                    let square = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)];
                    assert!(!square.iter().all(|&(x, y)| ink(g, x, y)), "{c} has a blob at ({x}, {y})");
                }
            }
            // One piece: every inked pixel reachable from the first through inked neighbours
            // (diagonals count, as diagonal strokes are drawn that way); i and j have a dot.
            let inked: Vec<(i32, i32)> =
                (0..7).flat_map(|y| (0..5).map(move |x| (x, y))).filter(|&(x, y)| ink(g, x, y)).collect();
            let mut seen = vec![inked[0]];
            let mut next = 0;
            while let Some(&(x, y)) = seen.get(next) {
                next += 1;
                for (dx, dy) in (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy))) {
                    let p = (x + dx, y + dy);
                    if ink(g, p.0, p.1) && !seen.contains(&p) {
                        seen.push(p);
                    }
                }
            }
            let pieces = if matches!(c, 'i' | 'j') { 2 } else { 1 };
            if pieces == 1 {
                assert_eq!(seen.len(), inked.len(), "{c} is in more than one piece");
            } else {
                assert_eq!(seen.len(), 1, "{c}'s dot stands alone");
                assert!(inked.len() > 1, "{c} has a stem");
            }
        }
    }

    #[test]
    fn bitmap_get_and_set_ignore_the_outside() {
        let mut b = Bitmap::new(3, 2);
        assert_eq!(b.pixels.len(), 6);
        b.set(2, 1, true);
        b.set(3, 0, true);
        b.set(0, 2, true);
        b.set(u32::MAX, u32::MAX, true);
        assert!(b.get(2, 1));
        assert_eq!(b.pixels.iter().filter(|&&p| p).count(), 1);
        assert!(!b.get(3, 1) && !b.get(2, 2) && !b.get(u32::MAX, 0));
        // A picture whose pixels were cut short by hand does not panic either.
        b.pixels.clear();
        assert!(!b.get(2, 1));
        b.set(2, 1, true);
    }

    #[test]
    fn hi_is_laid_out_with_gap_and_margin() {
        let b = text_bitmap("HI", 2).expect("layout");
        assert_eq!((b.width, b.height), (15, 11), "\n{}", show(&b));
        // The margin is blank.
        for (x, y) in (0..15).flat_map(|x| (0..11).map(move |y| (x, y))) {
            if !(2..13).contains(&x) || !(2..9).contains(&y) {
                assert!(!b.get(x, y), "ink in the margin at ({x}, {y})");
            }
        }
        // H fills columns 2 to 6, the gap is column 7, I fills columns 8 to 12.
        let column = |x: u32| (2..9).map(|y| b.get(x, y)).collect::<Vec<_>>();
        let all = vec![true; 7];
        let serifs = vec![true, false, false, false, false, false, true];
        assert_eq!(column(2), all, "H's left stem\n{}", show(&b));
        assert_eq!(column(6), all, "H's right stem");
        assert_eq!(column(7), vec![false; 7], "the gap");
        assert_eq!(
            [column(8), column(9), column(10), column(11), column(12)],
            [serifs.clone(), serifs.clone(), all, serifs.clone(), serifs]
        );
        assert_eq!(b.pixels.iter().filter(|&&p| p).count(), 17 + 15);
    }

    #[test]
    fn text_keeps_the_case_given() {
        let lower = text_bitmap("hello, world!", 1).expect("lower case");
        let upper = text_bitmap("HELLO, WORLD!", 1).expect("upper case");
        assert_eq!((lower.width, lower.height), (upper.width, upper.height), "same layout");
        assert_ne!(lower, upper, "\n{}\n{}", show(&lower), show(&upper));
        for c in 'a'..='z' {
            assert!(has_glyph(c), "{c}");
            assert_ne!(glyph(c), glyph(c.to_ascii_uppercase()), "{c} has a glyph of its own");
            // A lower-case body: ink in the x-height rows (2 to 4).
            let g = glyph(c).expect("glyph");
            assert!((2..5).any(|y| g[y] != 0), "{c} has a body");
        }
        // Ascenders reach the top row, descenders the bottom one, below the body's floor.
        for c in ['b', 'd', 'f', 'h', 'k', 'l', 't'] {
            assert_ne!(glyph(c).expect("glyph")[0], 0, "{c} rises");
        }
        for c in ['a', 'c', 'e', 'm', 'n', 'o', 'r', 's', 'u', 'v', 'w', 'x', 'z'] {
            assert_eq!(glyph(c).expect("glyph")[..2], [0, 0], "{c} is short");
        }
    }

    #[test]
    fn lines_are_stacked_and_centred() {
        // Widest line 3 glyphs = 17 pixels; 2 lines = 7 + 1 + 7 = 15 pixels; margin 1.
        let b = text_bitmap("ABC\nI", 1).expect("two lines");
        assert_eq!((b.width, b.height), (19, 17), "\n{}", show(&b));
        // The I is centred under the B: its stem in the middle column, rows 9 to 15.
        assert!((9..16).all(|y| b.get(9, y)), "\n{}", show(&b));
        assert!((9..16).all(|y| !b.get(1, y) && !b.get(17, y)));
        // The blank row between the lines.
        assert!((0..19).all(|x| !b.get(x, 8)));
        // Three lines, the middle one blank; CRLF and outer line breaks.
        let c = text_bitmap("\nAB\r\n\r\nC\n", 0).expect("three lines");
        assert_eq!((c.width, c.height), (11, 7 * 3 + 2));
        assert!((0..11).all(|x| (7..16).all(|y| !c.get(x, y))));
        // Uneven slack: a one-glyph line under a two-glyph one starts at column 3.
        let d = text_bitmap("HH\nL", 0).expect("two lines");
        assert!((8..15).all(|y| d.get(3, y)) && !d.get(2, 14) && d.get(7, 14));
    }

    #[test]
    fn bad_text_is_refused_with_a_reason() {
        let e = text_bitmap("caf\u{e9}", 1).unwrap_err();
        assert_eq!(
            e,
            "no glyph for '\u{e9}' in the built-in font (letters, digits, space and ! ? . , - + : ' & #)"
        );
        assert!(text_bitmap("A*B@", 0).unwrap_err().starts_with("no glyph for '*'"));
        assert!(text_bitmap("A\tB", 0).unwrap_err().starts_with("no glyph for '\\t'"));
        assert!(text_bitmap("A\rB", 0).unwrap_err().starts_with("no glyph for '\\r'"));
        for empty in ["", " ", "  \n \t", "\n\n", "\r\n"] {
            assert_eq!(text_bitmap(empty, 1), Err("the text is empty".to_string()), "{empty:?}");
        }
        // Huge inputs are refused, not allocated.
        assert!(text_bitmap("A", u32::MAX).unwrap_err().starts_with("the text is too long"));
        assert!(text_bitmap(&"W".repeat(2_000_000), 0).unwrap_err().starts_with("the text is too long"));
        assert!(text_bitmap(&"W\n".repeat(2_000_000), 0).unwrap_err().starts_with("the text is too long"));
    }

    #[test]
    fn spaces_and_punctuation_lay_out() {
        let b = text_bitmap(" A B ", 0).expect("spaces");
        assert_eq!(b.width, 5 * 6 - 1);
        assert!((0..7).all(|y| (0..5).all(|x| !b.get(x, y))));
        let p = text_bitmap("! ? . , - + : ' & #", 3).expect("punctuation");
        assert_eq!((p.width, p.height), (19 * 6 - 1 + 6, 13));
    }
}
