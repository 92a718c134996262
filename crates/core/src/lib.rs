//! # maze-core
//!
//! Perfect (and braided) mazes on any cell shape: every generator and solver is written once
//! over the [`Shape`] trait, as document 000's OCaml functor does, and runs on square,
//! hexagonal (pointy-top and flat-top), triangular, circular and octagonal cells alike.
//!
//! ```
//! use maze_core::{Algorithm, Hex, Maze, Solver, Xoshiro, text};
//!
//! // A 12 x 8 beehive maze, carved by Wilson's algorithm from seed 42.
//! let mut maze = Maze::new(Hex::new(12, 8));
//! let mut rng = Xoshiro::seed_from_u64(42);
//! Algorithm::Wilson.generate(&mut maze, &Default::default(), &mut rng, &mut ()).unwrap();
//! maze.open_entrance_and_exit();
//!
//! // Solve it from the entrance to the exit with breadth-first search.
//! let solution = Solver::Bfs.solve(&maze, maze.entrance(), maze.exit(), &mut ()).unwrap();
//! assert_eq!(solution.path.first(), Some(&maze.entrance()));
//!
//! // And print it, the path marked.
//! println!("{}", text::render(&maze, Some(&solution), text::Style::Ascii));
//! ```
//!
//! Determinism: the same seed and options give the same maze on every platform and release;
//! all randomness comes from [`Xoshiro`] through the draws defined in [`random`].
//!
//! Animation: generators and solvers report each step to an [`Observer`]; pass `&mut ()` to
//! ignore them at no cost, or a [`observe::Trace`] to record them.

pub mod analyze;
pub mod cancel;
pub mod cut;
pub mod error;
pub mod generate;
pub mod imperfect;
pub mod limits;
pub mod math;
pub mod maze;
pub mod moves;
pub mod observe;
pub mod random;
pub mod rooms;
pub mod routes;
pub mod shape;
pub mod solve;
pub mod spanning;
pub mod stats;
pub mod text;
pub mod tiles;
pub mod unicursal;

pub use error::Error;
pub use generate::{Algorithm, Options};
pub use maze::{Maze, Passages};
pub use observe::{Event, Observer, Trace};
pub use random::{Random, Xoshiro};
pub use shape::{
    Adjacent, AnyDoor, Bitmap, CellCursor, CellId, Cold, Cursor, Door, DoorKind, DoorSet, Erased, Hex,
    HexDoor, LevelDoor, Levels, Mask, Masked, Outline, Point, Polar, PolarDoor, Shape, ShapeKind, ShapeSpec,
    ShapeVisitor, Sigma, SigmaDoor, Square, SquareDoor, Triangle, TriangleDoor, Upsilon, UpsilonDoor, WallId,
    Weave, WeaveLayout, Wrap, WrapHex, WrapSigma, WrapSquare,
};
pub use solve::{Solution, Solver};
pub use stats::{Hardness, Stats};
