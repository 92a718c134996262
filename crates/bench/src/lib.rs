//! Benchmarks for maze-core: no library code lives here. Run them with
//! `cargo bench -p maze-bench` (see `BENCHMARKS.md` at the workspace root).
