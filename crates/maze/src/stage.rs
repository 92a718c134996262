//! The stages of a job as it runs (making the maze, solving it, drawing it), told to a
//! front end that shows them: the page without a server says "Generating… solving" while
//! the engine works in its Web Worker, where it cannot be asked how far it got.
//!
//! A front end runs its job inside [`watching`]; the library says when each stage starts.
//! Stages are told on the thread that runs the job only (a batch's other threads say
//! nothing), and without a watcher telling them costs two thread-local accesses.

use std::cell::RefCell;

/// A stage of a job, in the order they come (a job may skip some: a maze without a
/// solution is not solved).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The generator is making the maze (or a saved one is being read).
    Making,
    /// The solver is looking for the route.
    Solving,
    /// The picture or file is being made.
    Drawing,
}

impl Stage {
    /// The stage's name, as a front end shows it: "making", "solving", "drawing".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Stage::Making => "making",
            Stage::Solving => "solving",
            Stage::Drawing => "drawing",
        }
    }
}

/// Whom to tell, on this thread.
type Watcher = Box<dyn Fn(Stage)>;

thread_local! {
    static WATCHER: RefCell<Option<Watcher>> = const { RefCell::new(None) };
}

/// Puts the watcher that was there back when a job ends, even by a panic.
struct Restore(Option<Watcher>);

impl Drop for Restore {
    fn drop(&mut self) {
        let old = self.0.take();
        WATCHER.with(|w| *w.borrow_mut() = old);
    }
}

/// Runs `job`, telling `watcher` each stage it starts on this thread.
pub fn watching<R>(watcher: impl Fn(Stage) + 'static, job: impl FnOnce() -> R) -> R {
    let old = WATCHER.with(|w| w.borrow_mut().replace(Box::new(watcher)));
    let _restore = Restore(old);
    job()
}

/// Says that `stage` starts (to the watcher of this thread, if any).
pub(crate) fn enter(stage: Stage) {
    // The watcher is taken out while it runs (so that it may itself run a watched job) and
    // put back after, even if it panics.
    let restore = Restore(WATCHER.with(|w| w.borrow_mut().take()));
    if let Some(w) = &restore.0 {
        w(stage);
    }
}

#[cfg(test)]
mod tests {
    use super::{Stage, enter, watching};
    use std::cell::RefCell;
    use std::rc::Rc;

    #[test]
    fn a_watcher_hears_the_stages_of_its_job_only() {
        let heard = Rc::new(RefCell::new(Vec::new()));
        enter(Stage::Making);
        let h = heard.clone();
        let out = watching(
            move |s| h.borrow_mut().push(s.name()),
            || {
                enter(Stage::Making);
                enter(Stage::Drawing);
                7
            },
        );
        enter(Stage::Solving);
        assert_eq!(out, 7);
        assert_eq!(*heard.borrow(), ["making", "drawing"]);
    }

    #[test]
    fn a_generate_request_tells_its_stages() {
        let heard = Rc::new(RefCell::new(Vec::new()));
        let h = heard.clone();
        let request = crate::testing::request(&[
            "-s", "hex", "-W", "6", "-H", "4", "--seed", "1", "--solve", "-f", "svg",
        ]);
        watching(move |s| h.borrow_mut().push(s), || crate::generate(&request)).expect("an svg");
        assert_eq!(*heard.borrow(), [Stage::Making, Stage::Solving, Stage::Drawing]);
    }
}
