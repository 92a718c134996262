//! What both bench files share: the clock criterion reads, and the polar maze of a given size.
//!
//! By default criterion measures wall time. On a shared machine a benchmark also waits while
//! other processes hold the cores, so `MAZE_BENCH_CLOCK=cpu` switches to this thread's CPU
//! time (`CLOCK_THREAD_CPUTIME_ID`): time spent descheduled is left out. Cache and memory
//! contention with the other processes still count, so read ratios, not absolute figures.

use std::sync::OnceLock;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// The calling thread's CPU time, in nanoseconds, as a criterion measurement.
#[derive(Clone, Copy, Debug, Default)]
pub struct CpuTime;

fn thread_cpu_ns() -> u64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_ns()
    }

    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
    }

    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }

    fn zero(&self) -> u64 {
        0
    }

    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        // Nanoseconds, like wall time: reuse criterion's duration and throughput formatting.
        static WALL: WallTime = WallTime;
        WALL.formatter()
    }
}

/// Whether `MAZE_BENCH_CLOCK=cpu` asks for CPU time instead of wall time.
pub fn cpu_clock() -> bool {
    static CPU: OnceLock<bool> = OnceLock::new();
    *CPU.get_or_init(|| match std::env::var("MAZE_BENCH_CLOCK").as_deref() {
        Ok("cpu") => true,
        Ok("wall") | Err(_) => false,
        Ok(other) => panic!("MAZE_BENCH_CLOCK={other}: expected `cpu` or `wall`"),
    })
}

/// The smallest polar maze (6 cells in the inner ring) of at least `cells` cells.
pub fn polar_with(cells: u32) -> maze_core::Polar {
    use maze_core::Shape;
    let (mut lo, mut hi) = (1u32, 4096u32);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if maze_core::Polar::new(6, mid).cell_count() >= cells {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    maze_core::Polar::new(6, lo)
}
