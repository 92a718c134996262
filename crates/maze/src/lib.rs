//! # maze: one request model for maze jobs
//!
//! What a maze job *means* lives here, once, for every front end (the `maze` command, the
//! web API, the terminal game, the Python module): a [`MazeRequest`] says what is asked
//! (every option of `maze generate`, named as its long flag); [`Plan::new`] checks it all
//! before any work, with typed [`Error`]s each front end words in its own terms; a
//! [`Plan`] builds the mazes (one dispatch on the shape) and writes any format to a
//! [`std::io::Write`], one maze or a batch (in parallel, the same bytes as serially).
//! [`capabilities()`] says which shape and generator supports what.
//!
//! `maze-core` (shapes, generators, solvers) and `maze-render` (pictures and files) stay
//! underneath; what a library user needs of them is re-exported here.
//!
//! ```
//! let request = maze::MazeRequest {
//!     shape: maze::ShapeKind::Hex,
//!     width: Some(6),
//!     height: Some(4),
//!     seed: Some(7),
//!     solve: Some(maze::Solver::Bfs),
//!     format: maze::Format::Svg,
//!     ..Default::default()
//! };
//! let svg = maze::generate(&request).expect("a valid request");
//! assert!(svg.starts_with(b"<svg"));
//! ```
//!
//! The maze itself, of any shape, is an [`AnyMaze`] ([`Plan::build`]):
//!
//! ```
//! let plan = maze::Plan::new(&maze::MazeRequest { shape: maze::ShapeKind::Hex, ..Default::default() })?;
//! let mut maze = plan.build(42)?;
//! let entrance = maze.maze().entrance();
//! assert_eq!(maze.solve(maze::Solver::Bfs)?.path.first(), Some(&entrance));
//! # Ok::<(), maze::Error>(())
//! ```

mod animation;
pub mod any;
pub mod api;
mod batch;
mod book;
mod budget;
mod build;
pub mod capabilities;
pub mod dungeon;
pub mod ends;
mod error;
pub mod filter;
pub mod game;
pub mod masks;
#[cfg(feature = "files")]
pub mod output;
mod parametric;
mod picture;
mod plan;
mod present;
pub mod prompt;
mod reading;
mod redraw;
mod request;
mod rules;
pub mod stage;
pub mod stream;
mod text;
pub mod verify;

pub use any::AnyMaze;
pub use batch::{Keep, Kept, Order, default_max_tries, maze_batch};
pub use budget::{MAX_PDF_MAZES, check_limits, check_stats_memory};
pub use build::{Built, build};
pub use capabilities::capabilities;
pub use error::{Context, Error, Result, echo, echo_number, file_worded, human, single_line};
pub use maze_core::{Algorithm, Maze, Shape, ShapeKind, ShapeSpec, Solver, Wrap, cancel};
pub use maze_render::Format;
pub use maze_render::json::MazeFile;
pub use picture::{
    INSTRUCTIONS, MULTI_INSTRUCTIONS, Picture, RASTER_LEAST_CELL, RASTER_LONG_SIDE, RASTER_MOST_CELL,
    RASTER_WOVEN_CELL, draw_style, page_setup, raster_cell,
};
pub use plan::{Plan, fresh_seed};
pub use reading::{file_byte_limit, read_maze_files};
pub use redraw::{FileRequest, FileSolve, Redrawn, check_file_request, file_spec, redraw};
#[cfg(feature = "clap")]
pub use request::cli;
pub use request::{
    AnimationOptions, DEFAULT_MAX_BYTES, DEFAULT_MAX_MEMORY, Draw, FIELDS, FieldGroup, FieldInfo, Limits,
    MazeRequest, PictureStyle, ShapeOptions, field_info, group,
};
pub use rules::{Applies, DRAWING_OPTIONS, check_applies, supports, text_pictured, tiled};
pub use text::switch_word;

/// The bytes of the mazes `request` asks for, checked first ([`Plan::new`]); without a
/// seed, one from the clock ([`fresh_seed`]).
///
/// # Errors
/// As [`Plan::new`] and [`Plan::write`].
pub fn generate(request: &MazeRequest) -> Result<Vec<u8>> {
    let plan = Plan::new(request)?;
    plan.to_vec(request.seed.unwrap_or_else(fresh_seed))
}

#[cfg(test)]
mod testing {
    use crate::MazeRequest;

    /// A request from command-line words (`-s hex -W 8 --solve`), for tests.
    pub fn request(words: &[&str]) -> MazeRequest {
        serde_json::from_value(maze_testkit::request_json(words)).expect("a request")
    }
}
