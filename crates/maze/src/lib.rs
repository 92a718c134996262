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

pub mod api;
mod budget;
pub mod capabilities;
mod error;
pub mod filter;
mod job;
pub mod masks;
#[cfg(feature = "files")]
pub mod output;
mod plan;
mod reading;
mod request;
pub mod stage;
pub mod stream;
mod text;
pub mod verify;

pub use budget::{MAX_PDF_MAZES, check_limits, check_stats_memory, human};
pub use capabilities::capabilities;
pub use error::{Context, Error, Result, echo, echo_number, file_worded, single_line};
pub use job::{
    Built, FileRequest, FileSolve, INSTRUCTIONS, Keep, Kept, MULTI_INSTRUCTIONS, Picture, RASTER_LEAST_CELL,
    RASTER_LONG_SIDE, RASTER_MOST_CELL, RASTER_WOVEN_CELL, Redrawn, build, check_file_request,
    default_max_tries, draw_style, file_spec, maze_batch, page_setup, raster_cell, redraw, supports,
    text_pictured,
};
pub use maze_core::{Algorithm, Maze, Shape, ShapeKind, ShapeSpec, Solver, Wrap, cancel};
pub use maze_render::Format;
pub use maze_render::json::MazeFile;
pub use plan::{Applies, DRAWING_OPTIONS, Plan, check_applies};
pub use reading::{file_byte_limit, read_maze_files};
#[cfg(feature = "clap")]
pub use request::cli;
pub use request::{
    AnimationOptions, DEFAULT_MAX_BYTES, DEFAULT_MAX_MEMORY, Draw, FIELDS, FieldGroup, FieldInfo, Limits,
    MazeRequest, PictureStyle, ShapeOptions, field_info, group,
};
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

/// A seed from the clock, for runs without one (a front end shows it, so that the maze
/// can be made again). In WebAssembly (no clock, no process: both would trap) a count of
/// calls instead: a front end there passes its own seed (crates/web draws one in JavaScript).
pub fn fresh_seed() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    let (nanos, id) = (
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()),
        std::process::id(),
    );
    #[cfg(target_arch = "wasm32")]
    let (nanos, id) = {
        static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        (u128::from(CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)), 0u32)
    };
    let mut state = (nanos as u64) ^ u64::from(id).rotate_left(32);
    maze_core::random::splitmix64(&mut state) % 1_000_000_000
}

#[cfg(test)]
mod testing {
    use crate::MazeRequest;

    /// A request from command-line words (`-s hex -W 8 --solve`), for tests.
    pub fn request(words: &[&str]) -> MazeRequest {
        serde_json::from_value(maze_testkit::request_json(words)).expect("a request")
    }
}
