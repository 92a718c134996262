//! Books for print on demand (issue 51): the request's book options (`trim`, `bleed`,
//! `gutter`, `page-numbers`, `keys-per-page`, `front-page`) checked and turned into the PDF writer's
//! [`Print`] setup, and the words that tie a puzzle to its key.

use maze_render::print::{self, Print};

use crate::error::{Error, Result};
use crate::request::Draw;

/// Whether the drawing options ask for a book (any book option given).
pub fn is_book(d: &Draw) -> bool {
    d.trim.is_some()
        || d.bleed.is_some()
        || d.gutter.is_some()
        || d.page_numbers == Some(true)
        || d.keys_per_page.is_some()
        || d.front_page
        || d.per_page.is_some()
}

/// The puzzles to a page (1 without `per-page`).
pub fn per_page(d: &Draw) -> usize {
    d.per_page.map_or(1, |k| k as usize)
}

/// The answer keys to a page (1 without `keys-per-page`).
pub fn keys_per_page(d: &Draw) -> usize {
    d.keys_per_page.map_or(1, |k| k as usize)
}

/// The print setup of a book of `puzzles` puzzles (with their keys when `keys`), `None`
/// when no book option is given.
///
/// # Errors
/// [`Error::Request`] for `--paper` beside `--trim`, a bleed over 0.5in, an outside
/// margin under KDP's least, an unknown number of keys to a page, or a book of a trim
/// size (a print-on-demand paperback) of more than 828 pages.
pub fn print_setup(d: &Draw, puzzles: usize, keys: bool) -> Result<Option<Print>> {
    if !is_book(d) {
        return Ok(None);
    }
    let refuse = |m: String| Err(Error::Request(m));
    if d.trim.is_some() && d.paper.is_some() {
        return refuse("--trim is the book's page size: give it or --paper, not both".into());
    }
    let k = keys_per_page(d);
    if print::key_grid(k).is_none() {
        return refuse(format!("--keys-per-page {k}: give 1, 2, 4, 6 or 9"));
    }
    let per = per_page(d);
    if print::puzzle_grid(per).is_none() {
        return refuse(format!("--per-page {per}: give 1, 2, 4 or 6"));
    }
    let bleed = d.bleed.map_or(0.0, |b| b.mm());
    if bleed > print::MAX_BLEED_MM + 1e-9 {
        return refuse(format!(
            "--bleed {}: at most 0.5in (KDP's is 0.125in)",
            d.bleed.map(|b| b.to_string()).unwrap_or_default()
        ));
    }
    let least = print::min_outside_mm(bleed > 0.0);
    let outside = d.margin.map_or(least, |m| m.mm());
    if outside + 1e-9 < least {
        return refuse(format!(
            "--margin {outside:.2} mm is under the least outside margin a printer takes, {least:.3} mm ({} in{})",
            least / 25.4,
            if bleed > 0.0 { " with a bleed" } else { "" }
        ));
    }
    let pages = print::book_pages(d.front_page, puzzles, per, keys, k);
    // KDP's cap is on its paperbacks (a trim size); a school's booklet on --paper has none.
    if d.trim.is_some() && pages > print::MAX_BOOK_PAGES {
        return refuse(format!(
            "the book would have {pages} pages, over the {} a print-on-demand paperback may have: make fewer mazes or put more keys on a page",
            print::MAX_BOOK_PAGES
        ));
    }
    let paper = d.trim.or(d.paper).unwrap_or_default();
    Ok(Some(Print {
        trim_mm: paper.mm(),
        bleed_mm: bleed,
        inside_mm: d.gutter.unwrap_or_default().mm(pages).max(outside),
        outside_mm: outside,
        page_numbers: d.page_numbers.unwrap_or(pages > 2),
        first_back_page: usize::from(d.front_page) + puzzles.div_ceil(per) + 1,
        front_pages: usize::from(d.front_page),
        keys_per_page: k,
        puzzles_per_page: per,
    }))
}

/// The page puzzle `n` (from 1) is on.
pub fn puzzle_page(print: &Print, n: usize) -> usize {
    print.front_pages + (n - 1) / print.puzzles_per_page.max(1) + 1
}

/// The page the key of puzzle `n` (from 1) is on.
pub fn key_page(print: &Print, n: usize) -> usize {
    print.first_back_page + (n - 1) / print.keys_per_page.max(1)
}

/// The lines of a book's title page under its title: the instructions, how many mazes it
/// holds, and where their solutions begin (when it has them).
pub fn front_page_lines(d: &Draw, print: &Print, puzzles: usize, keys: bool) -> Vec<String> {
    let mut lines: Vec<String> = d.instructions.iter().filter(|i| !i.trim().is_empty()).cloned().collect();
    lines.push(match puzzles {
        1 => "1 maze".into(),
        n => format!("{n} mazes"),
    });
    if keys {
        lines.push(format!("Solutions from page {}", print.first_back_page));
    }
    lines
}
