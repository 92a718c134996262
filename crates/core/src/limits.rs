//! Size limits, checked before allocating.

/// The default largest maze, in cells (2^26 = 67,108,864: 8192 × 8192). Generation needs up to
/// about 17 bytes per cell (Kruskal's edge list), so this stays near 1 GiB. Front ends may
/// lower it; raising it is capped by [`HARD_MAX_CELLS`].
pub const MAX_CELLS: u64 = 1 << 26;

/// The absolute ceiling on cells: ids must fit in 32 bits with room for every shape's walls.
pub const HARD_MAX_CELLS: u64 = 1 << 30;
