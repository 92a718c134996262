//! Benchmarks for maze-core: no library code lives here. Run them with
//! `cargo bench -p maze-bench --features peers` (the peer crates side by side with ours;
//! see `BENCHMARKS.md` at the workspace root).
