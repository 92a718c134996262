//! Cancelling work whose requester has gone (`maze serve`): a flag set from outside, checked
//! by the job between phases (before each maze of a batch, between generating, solving and
//! drawing) and between rows inside the long ones (joining a mask's pieces, drawing, a PDF
//! book's pages). The flag belongs to the thread running the job, so no function needs an
//! extra parameter; without a flag a check costs a thread-local read.
//!
//! Parallel work started inside a job (rayon) runs on other threads, which have no flag:
//! a job that fans out checks on its own thread between the parallel parts.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::Error;

thread_local! {
    static FLAG: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Runs `job` on this thread with `flag` as its cancellation flag (the previous flag, if
/// any, is restored afterwards, also when `job` panics).
pub fn with_flag<T>(flag: Arc<AtomicBool>, job: impl FnOnce() -> T) -> T {
    struct Restore(Option<Arc<AtomicBool>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            FLAG.with(|f| *f.borrow_mut() = previous);
        }
    }
    let _restore = Restore(FLAG.with(|f| f.borrow_mut().replace(flag)));
    job()
}

/// Whether this thread's job has been cancelled.
pub fn cancelled() -> bool {
    FLAG.with(|f| f.borrow().as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)))
}

/// The flag of this thread's job, to hand to threads it starts (see [`with_flag`]).
pub fn current() -> Option<Arc<AtomicBool>> {
    FLAG.with(|f| f.borrow().clone())
}

/// Fails with [`Error::Cancelled`] when this thread's job has been cancelled.
///
/// # Errors
/// [`Error::Cancelled`], once the flag is set.
pub fn check() -> Result<(), Error> {
    if cancelled() { Err(Error::Cancelled) } else { Ok(()) }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_cancels_only_its_own_job() {
        assert!(check().is_ok(), "no flag: never cancelled");
        let flag = Arc::new(AtomicBool::new(false));
        with_flag(flag.clone(), || {
            assert!(check().is_ok());
            drop(CancelOnDrop(Some(flag.clone())));
            assert_eq!(check(), Err(Error::Cancelled));
            let inner = Arc::new(AtomicBool::new(false));
            with_flag(inner, || assert!(check().is_ok(), "the inner job has its own flag"));
            assert_eq!(check(), Err(Error::Cancelled), "the outer flag is restored");
        });
        assert!(check().is_ok(), "the flag ends with its job");
        let kept = Arc::new(AtomicBool::new(false));
        let guard = CancelOnDrop(Some(kept.clone()));
        guard.disarm();
        assert!(!kept.load(Ordering::Relaxed), "a disarmed guard does not cancel");
    }
}
