//! The shape registry: one line per shape names it, describes it and builds it.

use super::{Hex, Shape, Square, Triangle};
use crate::Error;

/// Something to do with a concrete shape, chosen at run time (the visitor pattern): front ends
/// dispatch once, here, and everything inside `visit` is monomorphised for the shape.
pub trait ShapeVisitor {
    /// What the visit returns.
    type Output;
    /// Runs with the concrete shape.
    fn visit<S: Shape>(self, shape: S) -> Self::Output;
}

/// A shape's kind and dimensions, checked: the one value front ends and files pass around.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapeSpec {
    /// Which shape.
    pub kind: ShapeKind,
    /// Cells per row.
    pub width: u32,
    /// Number of rows.
    pub height: u32,
}

macro_rules! shapes {
    ($($variant:ident => $ty:ident, $name:literal, $about:literal;)*) => {
        /// The shapes this build knows, by name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum ShapeKind {
            $(#[doc = $about] $variant,)*
        }

        impl ShapeKind {
            /// Every shape, in listing order.
            pub const ALL: &'static [ShapeKind] = &[$(ShapeKind::$variant),*];

            /// The name used on the command line and in files.
            pub fn name(self) -> &'static str {
                match self { $(ShapeKind::$variant => $name,)* }
            }

            /// A one-line description.
            pub fn about(self) -> &'static str {
                match self { $(ShapeKind::$variant => $about,)* }
            }
        }

        impl ShapeSpec {
            /// Builds the concrete shape and runs `visitor` with it.
            pub fn visit<V: ShapeVisitor>(&self, visitor: V) -> V::Output {
                match self.kind {
                    $(ShapeKind::$variant => visitor.visit($ty::new(self.width, self.height)),)*
                }
            }
        }
    };
}

shapes! {
    Square => Square, "square", "square cells in a rectangle (4 doors)";
    Hex => Hex, "hex", "hexagonal cells in offset rows, document 000's beehive (6 doors)";
    Triangle => Triangle, "triangle", "alternating up and down triangles in rows (3 doors)";
}

impl std::str::FromStr for ShapeKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        let s = s.trim().to_ascii_lowercase();
        let alias = match s.as_str() {
            "hexagon" | "hexagonal" | "beehive" => "hex",
            "triangular" | "tri" => "triangle",
            "grid" | "orthogonal" => "square",
            other => other,
        };
        ShapeKind::ALL.iter().copied().find(|k| k.name() == alias).ok_or_else(|| {
            let names: Vec<_> = ShapeKind::ALL.iter().map(|k| k.name()).collect();
            Error::Parameter(format!("unknown shape '{s}' (expected one of: {})", names.join(", ")))
        })
    }
}

impl std::fmt::Display for ShapeKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl ShapeSpec {
    /// Checks the dimensions for this kind of shape and the cell limit, before anything is
    /// allocated.
    ///
    /// # Errors
    /// [`Error::Parameter`] for an empty or disconnected shape, [`Error::TooLarge`] above
    /// `max_cells`.
    pub fn new(kind: ShapeKind, width: u32, height: u32, max_cells: u64) -> Result<Self, Error> {
        if width == 0 || height == 0 {
            return Err(Error::Parameter(format!(
                "width and height must be at least 1 (got {width}x{height})"
            )));
        }
        let cells = u64::from(width) * u64::from(height);
        let limit = max_cells.min(crate::limits::HARD_MAX_CELLS);
        if cells > limit {
            return Err(Error::TooLarge { cells, limit });
        }
        if kind == ShapeKind::Triangle && width < 2 && height > 2 {
            return Err(Error::Parameter(
                "a triangle maze one cell wide and more than 2 rows tall is disconnected; use --width 2 or more".into(),
            ));
        }
        Ok(ShapeSpec { kind, width, height })
    }

    /// Number of cells.
    pub fn cells(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }
}
