//! Presenting a built maze: writing it in the request's format (pictures, text, files,
//! models), with the memory a drawing may take checked first.

use std::io::Write;
use std::sync::Mutex;

use maze_core::{Maze, Shape, Solution};
use maze_render::json::Provenance;
use maze_render::pdf::PdfPage;
use maze_render::scad::Model;
use maze_render::scene::{Overlay, try_scene};
use maze_render::style::Style;
use maze_render::{Format, compact, json, pdf, png, scad, stl, svg, tex, text};

use crate::error::{Error, Result, human};
use crate::picture::{Picture, draw_style, page_setup};
use crate::request::{Draw, PictureStyle};
use crate::rules::no_text_picture;

/// Notes for the user gathered while a job runs (an animation cut short, a PDF maze drawn
/// smaller than asked), for the front end to show as it shows notes.
#[derive(Debug, Default)]
pub struct Notes(Mutex<Vec<String>>);

impl Notes {
    /// Adds a note.
    pub fn push(&self, note: String) {
        if let Ok(mut notes) = self.0.lock() {
            notes.push(note);
        }
    }

    /// The notes, in the order they came.
    pub fn take(self) -> Vec<String> {
        self.0.into_inner().unwrap_or_default()
    }
}

/// How to present one maze.
pub(crate) struct Request<'a> {
    pub(crate) format: Format,
    pub(crate) compact: bool,
    pub(crate) draw: &'a Draw,
    /// The most memory a drawing may hold (`--max-memory`).
    pub(crate) max_memory: u64,
}

/// Writes a maze to the output as it goes.
type WriteOut = Box<dyn FnOnce(&mut dyn Write) -> std::io::Result<()> + Send>;

/// One maze, presented: bytes to write, or pages for a PDF made at the end.
pub(crate) enum Rendered {
    Bytes(Vec<u8>),
    /// Written straight to the output (a big JSON file, never held whole in memory).
    Write(WriteOut),
    Pages {
        puzzle: Box<PdfPage>,
        solution: Option<Box<PdfPage>>,
    },
}

/// Formats a maze for output, in any format.
pub(crate) fn present<S: Shape>(
    maze: &Maze<S>,
    provenance: &Provenance,
    solution: Option<(&Solution, &str)>,
    r: &Request<'_>,
) -> Result<Rendered> {
    let draw = r.draw;
    let sol = solution.map(|(s, _)| s);
    let drawn = |with_solution: bool| {
        let overlay = Overlay {
            solution: if with_solution { sol } else { None },
            visited: !draw.no_visited,
            heat: draw.heat,
            no_markers: draw.no_markers,
            no_line: draw.style == PictureStyle::Document,
            numbered: draw.numbered,
        };
        try_scene(maze, &overlay, r.max_memory).map_err(|e| over_memory(e, r.format))
    };
    let style = draw_style(draw, r.format, maze.is_multi(), &Picture::of(maze.shape()));
    let model = model(&style, draw.wall_height, draw.base);
    Ok(Rendered::Bytes(match r.format {
        Format::Json => {
            let options = json::JsonOptions { compact: r.compact, cell_walls: draw.cell_walls };
            json::to_json_with(maze, provenance, solution.map(|(s, v)| (v, s)), options).into_bytes()
        }
        Format::Maze => compact::to_bytes(maze, provenance, solution.map(|(s, v)| (v, s))),
        Format::Unicode | Format::Text if !text::has_picture(maze) => {
            return Err(Error::Request(no_text_picture(&maze.shape().spec())));
        }
        Format::Unicode => text::render(maze, sol, text::Style::Unicode).into_bytes(),
        Format::Text => text::render(maze, sol, text::Style::Ascii).into_bytes(),
        Format::Grid => {
            let (corridor, wall) = (draw.corridor_width.unwrap_or(1), draw.wall_tiles.unwrap_or(1));
            maze_core::tiles::maze_tiles(maze, corridor, wall)?.to_text().into_bytes()
        }
        Format::Tmj => {
            let (corridor, wall) = (draw.corridor_width.unwrap_or(1), draw.wall_tiles.unwrap_or(1));
            let grid = maze_core::tiles::maze_tiles(maze, corridor, wall)?;
            let mut properties =
                vec![("corridor-width", corridor.to_string()), ("wall-tiles", wall.to_string())];
            if let Some(a) = &provenance.algorithm {
                properties.push(("algorithm", serde_json::to_string(a).unwrap_or_default()));
            }
            if let Some(seed) = provenance.seed {
                // A string: Tiled's int properties are 32-bit.
                properties.push(("seed", format!("\"{seed}\"")));
            }
            maze_render::tmj::tmj(maze, &grid, &properties).into_bytes()
        }
        Format::Svg => svg::try_svg(&drawn(true)?, &style)?.into_bytes(),
        Format::Prompt | Format::Tasks => {
            let png = |m: &Maze<S>| {
                let overlay = Overlay {
                    solution: None,
                    visited: false,
                    heat: false,
                    no_markers: false,
                    no_line: false,
                    numbered: false,
                };
                let style = draw_style(draw, Format::Png, false, &Picture::of(m.shape()));
                png::maze_png(m, &overlay, &style, r.max_memory).map_err(|e| over_memory(e, Format::Png))
            };
            crate::prompt::present(maze, provenance.seed.unwrap_or(0), sol, r.format, draw, png)?
        }
        Format::Png => {
            let overlay = Overlay {
                solution: sol,
                visited: !draw.no_visited,
                heat: draw.heat,
                no_markers: draw.no_markers,
                no_line: draw.style == PictureStyle::Document,
                numbered: draw.numbered,
            };
            png::maze_png(maze, &overlay, &style, r.max_memory).map_err(|e| over_memory(e, r.format))?
        }
        Format::Tex => tex::try_tikz(&drawn(true)?, &style, !draw.tex_fragment)?.into_bytes(),
        Format::Scad => scad::try_scad(&drawn(false)?, &model)?.into_bytes(),
        Format::Stl => stl::stl(&drawn(false)?, &model)?,
        Format::Pdf => {
            // The headings are numbered when the pages are collected (Collector::add).
            let puzzle = Box::new(PdfPage { scene: drawn(false)?, heading: None });
            let solution = match sol {
                Some(_) => Some(Box::new(PdfPage { scene: drawn(true)?, heading: None })),
                None => None,
            };
            return Ok(Rendered::Pages { puzzle, solution });
        }
        Format::Gif => {
            return Err(Error::Request(
                "gif is an animation: use `maze generate --animate` or `maze solve --animate`".into(),
            ));
        }
        _ => return Err(Error::Request(format!("the {} format is not supported here", r.format.name()))),
    }))
}

/// A 3D model's sizes: the style's cell and wall, the asked height and base or their
/// defaults (8 and 2 mm).
pub(crate) fn model(style: &Style, height: Option<f64>, base: Option<f64>) -> Model {
    let default = Model::default();
    Model {
        cell: style.cell_size,
        wall: style.wall_width,
        height: height.unwrap_or(default.height),
        base: base.unwrap_or(default.base),
    }
}

/// A drawing refused for its memory, worded for the command line (other errors unchanged).
pub(crate) fn over_memory(e: maze_core::Error, format: Format) -> Error {
    match e {
        maze_core::Error::OverMemory { needed, limit } => Error::Request(format!(
            "drawing this maze as {} would take more than {} of memory, over the limit of {} (raise it with --max-memory)",
            format.name(),
            human(needed),
            human(limit)
        )),
        e => e.into(),
    }
}

/// Writes rendered mazes as they come: bytes, or PDF pages (puzzles in order, their
/// solutions at the back of the book, each page written as soon as it is made).
pub(crate) struct Collector {
    separator: bool,
    draw: Draw,
    /// Whether the mazes are a MultiMaze (the PDF's default title and instructions).
    multi: bool,
    /// Whether several mazes go in the file: PDF pages are then headed "Puzzle n".
    several: bool,
    /// How many mazes go in the file (a book's page numbers follow from it).
    count: u32,
    /// The PDF being written, from its first page on.
    book: Option<pdf::Book>,
    /// Puzzles written so far.
    puzzles: usize,
    /// A book's answer keys waiting to fill a page.
    keys: Vec<PdfPage>,
    /// A worksheet's puzzles waiting to fill a sheet (`per-page`).
    sheet: Vec<PdfPage>,
}

/// Runs a PDF book's write `f` on `sink`, giving back an error of the sink's as the I/O
/// error it was (the PDF writer words it as its own), so that a closed pipe ends quietly
/// as it does for every other format.
fn pdf_io<T>(
    sink: &mut dyn Write,
    f: impl FnOnce(&mut dyn Write) -> std::result::Result<T, maze_core::Error>,
) -> Result<T> {
    /// A writer that keeps the first error of the one under it.
    struct Kept<'a> {
        inner: &'a mut dyn Write,
        error: Option<std::io::Error>,
    }
    impl Kept<'_> {
        fn keep(&mut self, e: std::io::Error) -> std::io::Error {
            let copy = std::io::Error::new(e.kind(), e.to_string());
            self.error.get_or_insert(e);
            copy
        }
    }
    impl Write for Kept<'_> {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.inner.write(buf).map_err(|e| self.keep(e))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            self.inner.flush().map_err(|e| self.keep(e))
        }
    }
    let mut kept = Kept { inner: sink, error: None };
    let result = f(&mut kept);
    result.map_err(|e| kept.error.take().map_or(Error::Core(e), Error::Io))
}

impl Collector {
    pub(crate) fn new(format: Format, draw: &Draw, multi: bool, count: u32) -> Self {
        Collector {
            separator: matches!(format, Format::Text | Format::Unicode | Format::Prompt | Format::Grid),
            draw: draw.clone(),
            multi,
            several: count > 1,
            count,
            book: None,
            puzzles: 0,
            keys: Vec::new(),
            sheet: Vec::new(),
        }
    }

    /// Writes the waiting puzzles as one sheet of a worksheet.
    fn flush_sheet(&mut self, sink: &mut dyn Write) -> Result<()> {
        let (Some(book), false) = (&mut self.book, self.sheet.is_empty()) else { return Ok(()) };
        let grid = maze_render::print::puzzle_grid(crate::book::per_page(&self.draw)).unwrap_or((1, 1));
        let puzzles: Vec<&PdfPage> = self.sheet.iter().collect();
        pdf_io(sink, |out| book.add_sheet(out, &puzzles, grid))?;
        self.sheet.clear();
        Ok(())
    }

    /// Writes the waiting answer keys as one page of a book.
    fn flush_keys(&mut self, sink: &mut dyn Write) -> Result<()> {
        let (Some(book), false) = (&mut self.book, self.keys.is_empty()) else { return Ok(()) };
        let grid = maze_render::print::key_grid(crate::book::keys_per_page(&self.draw)).unwrap_or((1, 1));
        let keys: Vec<&PdfPage> = self.keys.iter().collect();
        pdf_io(sink, |out| book.add_keys(out, &keys, grid))?;
        self.keys.clear();
        Ok(())
    }

    pub(crate) fn add(&mut self, sink: &mut dyn Write, rendered: Rendered, first: bool) -> Result<()> {
        match rendered {
            Rendered::Bytes(bytes) => {
                if !first && self.separator {
                    sink.write_all(b"\n")?;
                }
                sink.write_all(&bytes)?;
            }
            Rendered::Write(write) => {
                if !first && self.separator {
                    sink.write_all(b"\n")?;
                }
                write(sink)?;
            }
            Rendered::Pages { mut puzzle, solution } => {
                maze_core::cancel::check()?;
                let book = match &mut self.book {
                    Some(book) => book,
                    None => {
                        // Every page keeps room for a heading when any page has one: a
                        // book's pages all do, one maze's solution page does.
                        let band = self.several || solution.is_some();
                        let style = draw_style(&self.draw, Format::Pdf, self.multi, &Picture::default());
                        let setup = page_setup(&self.draw, self.count as usize, solution.is_some())?;
                        let mut book = pdf::Book::new(&setup, &style, band)?;
                        pdf_io(sink, |out| book.start(out))?;
                        if let (true, Some(print)) = (self.draw.front_page, book.print()) {
                            let keys = solution.is_some();
                            let lines =
                                crate::book::front_page_lines(&self.draw, print, self.count as usize, keys);
                            let title = self.draw.title.as_deref();
                            pdf_io(sink, |out| book.add_title_page(out, title, &lines).map(drop))?;
                        }
                        self.book.insert(book)
                    }
                };
                self.puzzles += 1;
                let n = self.puzzles;
                let print = book.print().cloned();
                puzzle.heading = match (&print, &solution) {
                    (Some(p), Some(_)) if self.several => {
                        Some(format!("Puzzle {n} · solution on page {}", crate::book::key_page(p, n)))
                    }
                    _ => self.several.then(|| format!("Puzzle {n}")),
                };
                match &print {
                    Some(p) if p.puzzles_per_page > 1 => {
                        let full = self.sheet.len() + 1 >= p.puzzles_per_page;
                        self.sheet.push(*puzzle);
                        if full {
                            self.flush_sheet(sink)?;
                        }
                    }
                    _ => {
                        pdf_io(sink, |out| book.add(out, &puzzle, pdf::Part::Front))?;
                    }
                }
                if let Some(mut s) = solution {
                    s.heading = Some(match &print {
                        Some(p) if self.several => {
                            format!("Solution {n} · puzzle on page {}", crate::book::puzzle_page(p, n))
                        }
                        _ if self.several => format!("Solution to puzzle {n}"),
                        _ => "Solution".into(),
                    });
                    match print {
                        Some(p) if p.keys_per_page > 1 => {
                            self.keys.push(*s);
                            if self.keys.len() >= p.keys_per_page {
                                self.flush_keys(sink)?;
                            }
                        }
                        _ => {
                            if let Some(book) = &mut self.book {
                                pdf_io(sink, |out| book.add(out, &s, pdf::Part::Back))?;
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    pub(crate) fn finish(mut self, sink: &mut dyn Write, notes: &Notes) -> Result<()> {
        self.flush_sheet(sink)?;
        self.flush_keys(sink)?;
        if let Some(book) = self.book {
            if book.shrunk() {
                notes.push(format!(
                    "note: the maze is drawn smaller than {} mm cells to fit the paper (--cell-size asks for an exact size, --paper for more room)",
                    draw_style(&self.draw, Format::Pdf, self.multi, &Picture::default()).cell_size
                ));
            }
            pdf_io(sink, |out| book.finish(out))?;
        }
        Ok(())
    }
}
