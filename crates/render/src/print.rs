//! Books for print on demand (Amazon KDP's published rules): the trim size and its bleed,
//! the inside (gutter) margin by page count, the outside margins, page numbers, and the
//! answer keys set several to a page.

use maze_core::Error;

use crate::style::Length;

/// Millimetres per inch.
const IN: f64 = 25.4;

/// The most pages KDP prints in one paperback.
pub const MAX_BOOK_PAGES: usize = 828;

/// The widest bleed taken, millimetres (0.5 in).
pub const MAX_BLEED_MM: f64 = 0.5 * IN;

/// The bleed `--bleed` gives without a value (and `bleed: true` in a request), as typed.
pub const DEFAULT_BLEED: &str = "0.125in";

/// The bleed `--bleed` gives without a value, millimetres (0.125 in, KDP's).
pub const DEFAULT_BLEED_MM: f64 = 0.125 * IN;

/// The narrowest outside margin, millimetres: 0.25 in, or 0.375 in with a bleed (KDP).
pub fn min_outside_mm(bleed: bool) -> f64 {
    if bleed { 0.375 * IN } else { 0.25 * IN }
}

/// KDP's inside (gutter) margin for a book of `pages` pages, millimetres: 0.375 in up to
/// 150 pages, 0.5 in to 300, 0.625 in to 500, 0.75 in to 700, 0.875 in beyond.
pub fn kdp_gutter_mm(pages: usize) -> f64 {
    let inches = match pages {
        0..=150 => 0.375,
        151..=300 => 0.5,
        301..=500 => 0.625,
        501..=700 => 0.75,
        _ => 0.875,
    };
    inches * IN
}

/// The inside margin asked: KDP's by page count, or a length.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Gutter {
    /// [`kdp_gutter_mm`] of the book's page count.
    #[default]
    Auto,
    /// This length.
    Length(Length),
}

impl Gutter {
    /// In millimetres for a book of `pages` pages.
    pub fn mm(self, pages: usize) -> f64 {
        match self {
            Gutter::Auto => kdp_gutter_mm(pages),
            Gutter::Length(l) => l.mm(),
        }
    }
}

impl std::fmt::Display for Gutter {
    /// `auto` or the length as typed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Gutter::Auto => f.write_str("auto"),
            Gutter::Length(l) => l.fmt(f),
        }
    }
}

impl std::str::FromStr for Gutter {
    type Err = Error;

    /// `auto` or a length (`0.5in`, `12mm`; a bare number is millimetres).
    fn from_str(s: &str) -> Result<Self, Error> {
        if s.trim().eq_ignore_ascii_case("auto") {
            Ok(Gutter::Auto)
        } else {
            s.parse().map(Gutter::Length).map_err(|_| {
                Error::Parameter(format!("'{s}' is not a gutter (auto, or a length such as 0.5in)"))
            })
        }
    }
}

/// The thinnest line a printer keeps, points (KDP: thinner lines may not print).
pub const MIN_LINE_PT: f64 = 0.75;

/// Which inks a PDF may use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ink {
    /// Any colour (RGB).
    #[default]
    Colour,
    /// Black only: everything in DeviceGray.
    Black,
}

impl std::fmt::Display for Ink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Ink::Colour => "colour",
            Ink::Black => "black",
        })
    }
}

impl std::str::FromStr for Ink {
    type Err = Error;

    /// `black` or `colour` (`color`).
    fn from_str(s: &str) -> Result<Self, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "black" => Ok(Ink::Black),
            "colour" | "color" => Ok(Ink::Colour),
            _ => Err(Error::Parameter(format!("unknown ink '{s}' (expected black or colour)"))),
        }
    }
}

/// The answer keys a page may hold (`--keys-per-page`), with their grid: columns, rows.
pub const KEY_GRIDS: [(usize, (usize, usize)); 5] =
    [(1, (1, 1)), (2, (1, 2)), (4, (2, 2)), (6, (2, 3)), (9, (3, 3))];

/// The grid (columns, rows) of `keys` keys to a page, if it is one of [`KEY_GRIDS`].
pub fn key_grid(keys: usize) -> Option<(usize, usize)> {
    KEY_GRIDS.iter().find(|(k, _)| *k == keys).map(|(_, g)| *g)
}

/// A book's print setup: every page is the trim size plus its bleed, with mirrored margins
/// (the inside one on the left of odd pages, which are on the right of a spread).
#[derive(Clone, Debug, PartialEq)]
pub struct Print {
    /// The trim size, width and height in millimetres.
    pub trim_mm: (f64, f64),
    /// The bleed on the top, bottom and outside edges, millimetres (0 for none).
    pub bleed_mm: f64,
    /// The inside margin, millimetres.
    pub inside_mm: f64,
    /// The top, bottom and outside margins, millimetres.
    pub outside_mm: f64,
    /// Whether pages carry their number at the bottom outside corner.
    pub page_numbers: bool,
    /// The number of the first page of the back part (the keys), so every page knows its
    /// number (and side) when it is written.
    pub first_back_page: usize,
    /// Pages before the first puzzle (a title page).
    pub front_pages: usize,
    /// Answer keys to a page (one of [`KEY_GRIDS`]).
    pub keys_per_page: usize,
    /// Puzzles to a page (one of [`PUZZLE_GRIDS`]): a worksheet's sheets.
    pub puzzles_per_page: usize,
}

/// The puzzles a worksheet's page may hold (`--per-page`), with their grid: columns, rows.
pub const PUZZLE_GRIDS: [(usize, (usize, usize)); 4] = [(1, (1, 1)), (2, (1, 2)), (4, (2, 2)), (6, (2, 3))];

/// The grid (columns, rows) of `puzzles` puzzles to a page, if it is one of [`PUZZLE_GRIDS`].
pub fn puzzle_grid(puzzles: usize) -> Option<(usize, usize)> {
    PUZZLE_GRIDS.iter().find(|(k, _)| *k == puzzles).map(|(_, g)| *g)
}

/// A book's page count: an optional title page, the puzzles `per_page` to a page, and the
/// keys `keys_per_page` to a page (none without keys).
pub fn book_pages(
    front_page: bool,
    puzzles: usize,
    per_page: usize,
    keys: bool,
    keys_per_page: usize,
) -> usize {
    let keys = if keys { puzzles.div_ceil(keys_per_page.max(1)) } else { 0 };
    usize::from(front_page) + puzzles.div_ceil(per_page.max(1)) + keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gutter_follows_kdps_table() {
        let inches = |p| (kdp_gutter_mm(p) / IN * 1000.0).round() / 1000.0;
        for (pages, expected) in
            [(24, 0.375), (150, 0.375), (151, 0.5), (300, 0.5), (301, 0.625), (500, 0.625)]
        {
            assert_eq!(inches(pages), expected, "{pages}");
        }
        assert_eq!((inches(501), inches(700), inches(701), inches(828)), (0.75, 0.75, 0.875, 0.875));
        assert_eq!("auto".parse::<Gutter>().unwrap(), Gutter::Auto);
        assert!(("0.5in".parse::<Gutter>().unwrap().mm(10) - 12.7).abs() < 1e-9);
        assert!("wide".parse::<Gutter>().is_err());
    }

    #[test]
    fn page_counts_add_up() {
        // 100 puzzles, 6 keys a page: 17 key pages, and a title page.
        assert_eq!(book_pages(true, 100, 1, true, 6), 118);
        assert_eq!(book_pages(false, 100, 1, false, 6), 100);
        assert_eq!(book_pages(false, 9, 1, true, 9), 10);
        // A worksheet of 8 mazes, 4 to a sheet, with 4 keys a page: 2 sheets and 2 key pages.
        assert_eq!(book_pages(false, 8, 4, true, 4), 4);
        assert_eq!(book_pages(false, 7, 6, false, 1), 2);
        assert_eq!(puzzle_grid(6), Some((2, 3)));
        assert_eq!(puzzle_grid(9), None);
        assert_eq!(key_grid(6), Some((2, 3)));
        assert_eq!(key_grid(5), None);
    }
}
