//! The library's error type.

use thiserror::Error as ThisError;

/// What went wrong in a library call. Messages are one line, lower case, and name the problem.
#[derive(Debug, ThisError, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The algorithm cannot run on this shape (for example, a row-based one on hexagons).
    #[error("the {algorithm} algorithm does not support the {shape} shape (it needs {needs})")]
    Unsupported {
        /// The algorithm's name.
        algorithm: &'static str,
        /// The shape's name.
        shape: &'static str,
        /// What the algorithm needs that the shape lacks.
        needs: &'static str,
    },
    /// A parameter is out of range or malformed.
    #[error("{0}")]
    Parameter(String),
    /// The maze would exceed the cell limit; nothing was allocated.
    #[error("maze too large: {cells} cells exceeds the limit of {limit}")]
    TooLarge {
        /// Cells requested.
        cells: u64,
        /// The limit in force.
        limit: u64,
    },
    /// A maze file could not be read.
    #[error("{0}")]
    Parse(String),
    /// No route exists between the two cells, or the solver cannot find one.
    #[error("{0}")]
    NoPath(String),
    /// Drawing (or another job held in memory) would need more memory than allowed; what
    /// was built so far is dropped.
    #[error("it would need more than {needed} bytes of memory, over the limit of {limit}")]
    OverMemory {
        /// Bytes needed (at least).
        needed: u64,
        /// The limit in force.
        limit: u64,
    },
    /// The job was cancelled (its requester went away or its time ran out); see
    /// [`crate::cancel`].
    #[error("cancelled: the client went away")]
    Cancelled,
}

impl Error {
    /// This error with the cells of `levels` levels when it is a [`Error::TooLarge`] of
    /// one level's shape (a shape is measured before its levels are laid on: a refusal
    /// then counts them all, as the shape with its levels would); any other error as it is.
    #[must_use]
    pub fn for_levels(self, levels: u32) -> Self {
        match self {
            Error::TooLarge { cells, limit } => {
                Error::TooLarge { cells: cells.saturating_mul(u64::from(levels.max(1))), limit }
            }
            other => other,
        }
    }
}
