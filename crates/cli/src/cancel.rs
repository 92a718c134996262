//! Cancelling work whose requester has gone (`maze serve`): a flag set from outside, checked
//! by the job between phases (before each maze of a batch, between generating, solving and
//! drawing). The flag belongs to the thread running the job, so the commands need no extra
//! parameter; outside `maze serve` there is no flag and the checks cost a thread-local read.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

thread_local! {
    static FLAG: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// The error a cancelled job ends with.
#[derive(Debug)]
pub struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("cancelled: the client went away")
    }
}

impl std::error::Error for Cancelled {}

/// Runs `job` on this thread with `flag` as its cancellation flag.
pub fn with_flag<T>(flag: Arc<AtomicBool>, job: impl FnOnce() -> T) -> T {
    FLAG.with(|f| *f.borrow_mut() = Some(flag));
    let out = job();
    FLAG.with(|f| *f.borrow_mut() = None);
    out
}

/// Fails with [`Cancelled`] when this thread's job has been cancelled.
///
/// # Errors
/// [`Cancelled`], once the flag is set.
pub fn check() -> anyhow::Result<()> {
    let cancelled = FLAG.with(|f| f.borrow().as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)));
    if cancelled { Err(Cancelled.into()) } else { Ok(()) }
}

/// Sets a flag when dropped unless disarmed: held by a request's future, it cancels the
/// job when the future is dropped (the client disconnected or the request timed out).
pub struct CancelOnDrop(pub Option<Arc<AtomicBool>>);

impl CancelOnDrop {
    /// The request finished normally: do not cancel.
    pub fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(flag) = self.0.take() {
            flag.store(true, Ordering::Relaxed);
        }
    }
}
