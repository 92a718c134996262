//! The shape registry: one line per shape names it, describes it and builds it.

use std::sync::Arc;

use super::{
    Hex, Levels, Mask, Masked, Polar, Shape, Sigma, Square, Triangle, Upsilon, Weave, WeaveLayout, Wrap,
    WrapHex, WrapSigma, WrapSquare,
};
use crate::Error;

/// Something to do with a concrete shape, chosen at run time (the visitor pattern): front ends
/// dispatch once, here, and everything inside `visit` is monomorphised for the shape.
pub trait ShapeVisitor {
    /// What the visit returns.
    type Output;
    /// Runs with the concrete shape.
    fn visit<S: Shape>(self, shape: S) -> Self::Output;
}

/// A shape's kind, dimensions and mask, checked: the one value front ends and files pass
/// around.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeSpec {
    /// Which shape.
    pub kind: ShapeKind,
    /// Cells per row (polar: cells in the innermost ring).
    pub width: u32,
    /// Number of rows (polar: rings).
    pub height: u32,
    /// The cells that exist, if not all of them.
    pub mask: Option<Arc<Mask>>,
    /// Which borders are joined (square, hex and sigma cells only; not with a mask or levels).
    pub wrap: Wrap,
    /// Number of levels stacked with stairs between them (1: a flat maze; more only for
    /// square, hex and sigma cells without a mask or wrapping).
    pub levels: u32,
    /// The crossings of a woven maze (square cells only; not with a mask, wrap or levels),
    /// placed or still to be drawn from the seed.
    pub weave: Option<WeaveLayout>,
    /// Laid out for a unicursal labyrinth ([`with_labyrinth`](Self::with_labyrinth)): polar
    /// rings in pairs ([`Polar::paired`]); square cells need nothing different.
    pub labyrinth: bool,
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
            /// Builds the concrete flat shape (the mask applied) and runs `visitor` with it.
            fn visit_flat<V: ShapeVisitor>(&self, visitor: V) -> V::Output {
                match (self.kind, &self.mask) {
                    $(
                        (ShapeKind::$variant, None) => visitor.visit($ty::new(self.width, self.height)),
                        (ShapeKind::$variant, Some(mask)) => {
                            visitor.visit(Masked::new($ty::new(self.width, self.height), mask.clone()))
                        }
                    )*
                }
            }

            /// Builds the concrete shape without its mask and runs `visitor` with it.
            pub fn visit_base<V: ShapeVisitor>(&self, visitor: V) -> V::Output {
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
    Polar => Polar, "polar", "circular: rings around an open centre, doubling outwards (4-5 doors; --rings)";
    Upsilon => Upsilon, "upsilon", "octagons and small squares alternating (8 and 4 doors)";
    Sigma => Sigma, "sigma", "flat-top hexagons in offset columns, hex turned a quarter (6 doors)";
}

impl std::str::FromStr for ShapeKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        let s = s.trim().to_ascii_lowercase();
        let alias = match s.as_str() {
            "hexagon" | "hexagonal" | "beehive" => "hex",
            "flat-hex" | "flathex" | "flat-hexagon" | "hex-columns" => "sigma",
            "triangular" | "tri" => "triangle",
            "grid" | "orthogonal" => "square",
            "circular" | "circle" | "theta" | "round" => "polar",
            "octagon" | "octagonal" | "octagons" => "upsilon",
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
        let limit = max_cells.min(crate::limits::HARD_MAX_CELLS);
        if kind == ShapeKind::Polar {
            if width < 3 {
                return Err(Error::Parameter(format!(
                    "a polar maze needs at least 3 cells in its innermost ring (--width {width})"
                )));
            }
            // Count ring by ring, stopping as soon as the limit is passed: huge sizes never
            // allocate or loop long (the count reported is then a lower bound).
            let counts = super::polar::ring_counts(width, height, limit);
            let cells: u64 = counts.iter().map(|&c| u64::from(c)).sum();
            if cells > limit {
                // Counted on for the message, to the ceiling's size (quickly: rings grow),
                // so a refusal by a lower limit says the shape's real count.
                let further = limit.max(crate::limits::HARD_MAX_CELLS);
                let counts = super::polar::ring_counts(width, height, further);
                let cells = counts.iter().map(|&c| u64::from(c)).sum();
                return Err(Error::TooLarge { cells, limit });
            }
            return Ok(ShapeSpec::plain(kind, width, height));
        }
        let cells = u64::from(width) * u64::from(height);
        if cells > limit {
            return Err(Error::TooLarge { cells, limit });
        }
        if kind == ShapeKind::Triangle && width < 2 && height > 2 {
            return Err(Error::Parameter(
                "a triangle maze one cell wide and more than 2 rows tall is disconnected; use --width 2 or more".into(),
            ));
        }
        Ok(ShapeSpec::plain(kind, width, height))
    }

    /// A spec without a mask, unchecked (shapes describe themselves with it).
    pub fn plain(kind: ShapeKind, width: u32, height: u32) -> Self {
        ShapeSpec {
            kind,
            width,
            height,
            mask: None,
            wrap: Wrap::NONE,
            levels: 1,
            weave: None,
            labyrinth: false,
        }
    }

    /// Builds the concrete shape (masked if there is a mask, wrapped or stacked in levels if
    /// the spec says so) and runs `visitor` with it: the wrapped and multi-level shapes
    /// here, the flat ones through the `shapes!` list.
    pub fn visit<V: ShapeVisitor>(&self, visitor: V) -> V::Output {
        let (w, h) = (self.width, self.height);
        if let (ShapeKind::Square, Some(layout)) = (self.kind, &self.weave) {
            return visitor.visit(Weave::new(w, h, layout));
        }
        match (self.kind, self.wrap.any(), self.levels > 1) {
            (ShapeKind::Square, true, _) => visitor.visit(WrapSquare::new(w, h, self.wrap)),
            (ShapeKind::Hex, true, _) => visitor.visit(WrapHex::new(w, h, self.wrap)),
            (ShapeKind::Sigma, true, _) => visitor.visit(WrapSigma::new(w, h, self.wrap)),
            (ShapeKind::Square, false, true) => visitor.visit(Levels::new(Square::new(w, h), self.levels)),
            (ShapeKind::Hex, false, true) => visitor.visit(Levels::new(Hex::new(w, h), self.levels)),
            (ShapeKind::Sigma, false, true) => visitor.visit(Levels::new(Sigma::new(w, h), self.levels)),
            (ShapeKind::Polar, false, false) if self.labyrinth && self.mask.is_none() => {
                visitor.visit(Polar::paired(w, h))
            }
            _ => self.visit_flat(visitor),
        }
    }

    /// Like [`visit`](Self::visit), for work that is not the hot loop of making a maze
    /// (reading a saved maze, solving it, drawing it): in WebAssembly the visitor gets the
    /// shape as an [`Erased`](super::Erased), so it is compiled once rather than once per
    /// shape type (the module's size; the answers are the same); natively, the concrete
    /// shape as `visit` gives it (unless the `erase-cold` feature asks for the WebAssembly
    /// path).
    pub fn visit_cold<V: ShapeVisitor>(&self, visitor: V) -> V::Output {
        struct Cooling<V>(V);
        impl<V: ShapeVisitor> ShapeVisitor for Cooling<V> {
            type Output = V::Output;
            fn visit<S: Shape>(self, shape: S) -> V::Output {
                self.0.visit(super::erased::ColdShape::into_cold(shape))
            }
        }
        self.visit(Cooling(visitor))
    }

    /// The shape this spec lays out, as one type for every shape ([`Erased`](super::Erased)),
    /// to ask it questions (its extent, its rows, whether it halves) without writing a
    /// [`ShapeVisitor`]. Time and memory: those of laying the shape out (a mask's cells, a
    /// woven layout); its answers are those of the concrete shape.
    pub fn erased(&self) -> super::Erased {
        struct Erase;
        impl ShapeVisitor for Erase {
            type Output = super::Erased;
            fn visit<S: Shape>(self, shape: S) -> super::Erased {
                super::Erased::new(shape)
            }
        }
        self.visit(Erase)
    }

    /// The shape's name in messages such as [`Error::Unsupported`]: its kind, or for
    /// wrapped and multi-level shapes what makes them so.
    pub fn topology_name(&self) -> &'static str {
        if self.weave.is_some() {
            return "woven";
        }
        match (self.wrap.any(), self.levels > 1) {
            (true, _) => "wrapped (cylinder or torus)",
            (false, true) => "multi-level",
            _ => self.kind.name(),
        }
    }

    /// This spec with its borders joined as `wrap` says, checked ([`Wrap::check`]; not with
    /// a mask or levels).
    ///
    /// # Errors
    /// [`Error::Parameter`] naming the problem.
    pub fn with_wrap(mut self, wrap: Wrap) -> Result<Self, Error> {
        if !wrap.any() {
            return Ok(self);
        }
        wrap.check(self.kind, self.width, self.height)?;
        if self.mask.is_some() {
            return Err(Error::Parameter("--wrap does not work with a mask yet".into()));
        }
        if self.levels > 1 {
            return Err(Error::Parameter("--wrap and --levels do not work together yet".into()));
        }
        if self.weave.is_some() {
            return Err(Error::Parameter(super::weave::NOT_COMBINED.into()));
        }
        self.wrap = wrap;
        Ok(self)
    }

    /// This spec stacked in `levels` levels, checked: square, hex and sigma cells only, without a
    /// mask or wrapping, and the cells of all levels within `max_cells`.
    ///
    /// # Errors
    /// [`Error::Parameter`] naming the problem, [`Error::TooLarge`] above the limit.
    pub fn with_levels(mut self, levels: u32, max_cells: u64) -> Result<Self, Error> {
        if levels == 0 {
            return Err(Error::Parameter("--levels must be at least 1".into()));
        }
        if levels > super::levels::MAX_LEVELS {
            return Err(Error::Parameter(format!(
                "--levels {levels} is too many (at most {})",
                super::levels::MAX_LEVELS
            )));
        }
        if levels == 1 {
            return Ok(self);
        }
        if !matches!(self.kind, ShapeKind::Square | ShapeKind::Hex | ShapeKind::Sigma) {
            return Err(Error::Parameter(format!(
                "--levels works on square, hex and sigma cells, not on {} cells",
                self.kind
            )));
        }
        if self.mask.is_some() {
            return Err(Error::Parameter("--levels does not work with a mask yet".into()));
        }
        if self.wrap.any() {
            return Err(Error::Parameter("--wrap and --levels do not work together yet".into()));
        }
        if self.weave.is_some() {
            return Err(Error::Parameter(super::weave::NOT_COMBINED.into()));
        }
        let limit = max_cells.min(crate::limits::HARD_MAX_CELLS);
        let cells = self.base_cells().saturating_mul(u64::from(levels));
        if cells > limit {
            return Err(Error::TooLarge { cells, limit });
        }
        self.levels = levels;
        Ok(self)
    }

    /// This spec woven: square cells whose passages cross as `layout` says (crossings
    /// placed, or a share of the inner cells to draw them on), checked: square cells only,
    /// without a mask, wrapping or levels; placed crossings must fit the size, and all the
    /// cells, under cells included, stay within `max_cells`.
    ///
    /// # Errors
    /// [`Error::Parameter`] naming the problem, [`Error::TooLarge`] above the limit.
    pub fn with_weave(mut self, layout: WeaveLayout, max_cells: u64) -> Result<Self, Error> {
        if self.kind != ShapeKind::Square {
            return Err(Error::Parameter(format!(
                "--weave works on square cells, not on {} cells",
                self.kind
            )));
        }
        if self.mask.is_some() || self.wrap.any() || self.levels > 1 {
            return Err(Error::Parameter(super::weave::NOT_COMBINED.into()));
        }
        if let WeaveLayout::Placed(c) = &layout
            && (c.width(), c.height()) != (self.width, self.height)
        {
            return Err(Error::Parameter(format!(
                "the crossings were laid out for {}x{}, not {}x{}",
                c.width(),
                c.height(),
                self.width,
                self.height
            )));
        }
        if let WeaveLayout::Share(s) = layout
            && s > 0
            && (self.width < 3 || self.height < 3)
        {
            return Err(Error::Parameter(format!(
                "--weave needs a maze at least 3x3: crossings sit on inner cells (got {}x{})",
                self.width, self.height
            )));
        }
        self.weave = Some(layout);
        let (cells, limit) = (self.cells(), max_cells.min(crate::limits::HARD_MAX_CELLS));
        if cells > limit {
            return Err(Error::TooLarge { cells, limit });
        }
        Ok(self)
    }

    /// This spec laid out for a unicursal labyrinth (polar rings in pairs: [`Polar::paired`];
    /// other shapes unchanged, `labyrinth` staying false), its cells still within
    /// `max_cells`. Whether the shape then halves is [`Shape::halved`]'s answer.
    ///
    /// # Errors
    /// [`Error::TooLarge`] above the limit.
    pub fn with_labyrinth(mut self, max_cells: u64) -> Result<Self, Error> {
        // Only polar rings are laid out differently; other shapes keep the spec they
        // describe themselves with.
        self.labyrinth = self.kind == ShapeKind::Polar;
        let (cells, limit) = (self.cells(), max_cells.min(crate::limits::HARD_MAX_CELLS));
        if cells > limit {
            return Err(Error::TooLarge { cells, limit });
        }
        Ok(self)
    }

    /// Cells of the shape without its mask.
    pub fn base_cells(&self) -> u64 {
        match self.kind {
            ShapeKind::Polar => super::polar::polar_cells(self.width, self.height, self.labyrinth, u64::MAX)
                .unwrap_or(u64::MAX),
            _ => u64::from(self.width) * u64::from(self.height),
        }
    }

    /// Number of cells (those of the mask, if there is one; of every level).
    pub fn cells(&self) -> u64 {
        match &self.mask {
            Some(mask) => u64::from(mask.count()),
            None => {
                self.base_cells() * u64::from(self.levels.max(1))
                    + match &self.weave {
                        None => 0,
                        Some(WeaveLayout::Placed(c)) => c.len() as u64,
                        // At most this many crossings are drawn.
                        Some(WeaveLayout::Share(s)) => {
                            let inner = u64::from(self.width.saturating_sub(2))
                                * u64::from(self.height.saturating_sub(2));
                            (f64::from(*s) / 1e6 * inner as f64).round() as u64
                        }
                    }
            }
        }
    }

    /// This spec restricted to `mask`, checked: the mask must cover the base shape's cells,
    /// keep at least one and be one connected piece (with `connect`, pieces are joined
    /// instead, see [`Mask::connect_parts`]).
    ///
    /// # Errors
    /// [`Error::Parameter`] naming the problem (with the number of pieces).
    pub fn with_mask(mut self, mask: Mask, connect: bool) -> Result<Self, Error> {
        if self.wrap.any() || self.levels > 1 {
            return Err(Error::Parameter("a mask does not work with --wrap or --levels yet".into()));
        }
        if self.weave.is_some() {
            return Err(Error::Parameter(super::weave::NOT_COMBINED.into()));
        }
        if u64::from(mask.base_cells()) != self.base_cells() {
            return Err(Error::Parameter(format!(
                "the mask covers {} cells but the {} shape has {}",
                mask.base_cells(),
                self.kind,
                self.base_cells()
            )));
        }
        if mask.count() == 0 {
            return Err(Error::Parameter("the mask keeps no cell (is the picture blank?)".into()));
        }
        struct Check(Mask, bool);
        impl ShapeVisitor for Check {
            type Output = Result<Mask, Error>;
            fn visit<S: Shape>(self, shape: S) -> Self::Output {
                let (_, parts) = self.0.parts(&shape);
                match (parts, self.1) {
                    (0 | 1, _) => Ok(self.0),
                    (_, true) => self.0.connect_parts(&shape),
                    (n, false) => Err(Error::Parameter(format!(
                        "the mask has {n} separate parts; join them or pass --mask-connect to open a few cells between them"
                    ))),
                }
            }
        }
        let mask = self.visit_base(Check(mask, connect))?;
        self.mask = Some(Arc::new(mask));
        Ok(self)
    }
}
