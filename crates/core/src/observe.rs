//! Events for animation: every generator, solver and post-processor reports what it does.
//!
//! Pass `&mut ()` when nobody watches: its [`Observer::on`] is an empty inline function and
//! the event construction compiles away. [`Trace`] records events (up to a limit) so a front
//! end can replay a generation or a solve forwards and backwards.

use crate::shape::CellId;

/// One step of an algorithm. Doors are given by index (`Door::index`), so events are the same
/// type for every shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Every wall was set closed (`open == false`) or every inner wall open (`open == true`):
    /// the starting state. Wall adders start from an open field.
    Reset {
        /// Whether the inner walls start open.
        open: bool,
    },
    /// A cell was reached (generators: added to the maze; solvers: explored).
    Visit(CellId),
    /// A wall was opened: the door `door` of `cell`.
    Carve(CellId, u8),
    /// A wall was closed: the door `door` of `cell`.
    Wall(CellId, u8),
    /// A cell joined the frontier / the set of candidates.
    Frontier(CellId),
    /// The algorithm gave up on a cell and stepped back from it.
    Backtrack(CellId),
    /// A cell is on the solution path (solvers report the path in order at the end).
    OnPath(CellId),
    /// A cell was ruled out (dead-end filling).
    Dead(CellId),
}

/// Receives events. Implementations should be cheap; `()` ignores everything for free.
pub trait Observer {
    /// Whether anyone listens. Algorithms may take faster paths that report no steps when
    /// this is false (it is a constant, so the choice costs nothing at run time); the maze
    /// they make is the same either way.
    const ACTIVE: bool = true;

    /// Called for each event, in order.
    fn on(&mut self, event: Event);
}

impl Observer for () {
    const ACTIVE: bool = false;

    #[inline(always)]
    fn on(&mut self, _event: Event) {}
}

/// The observer of work nobody watches (generating or solving without a recording), for
/// callers that want one type everywhere. Natively `()`: the algorithms' reporting compiles
/// away and their quiet fast paths run. In WebAssembly a [`Trace`] that keeps no event:
/// every algorithm is then compiled once per shape for the recorded and the unrecorded
/// case alike, which halves the module the page downloads (the maze is the same either
/// way; the module's tests check the output-hash table's bytes).
#[cfg(not(target_arch = "wasm32"))]
pub type Quiet = ();
/// See the native definition: in WebAssembly, a [`Trace`] that keeps no event.
#[cfg(target_arch = "wasm32")]
pub type Quiet = Trace;

/// Records events up to a limit; beyond it, counts them and marks the trace truncated.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The recorded events, in order.
    pub events: Vec<Event>,
    /// How many events may be recorded.
    pub limit: usize,
    /// How many events were seen in all (recorded or not).
    pub seen: u64,
}

impl Trace {
    /// A trace that keeps at most `limit` events.
    pub fn with_limit(limit: usize) -> Self {
        Trace { events: Vec::new(), limit, seen: 0 }
    }

    /// Whether events were dropped for want of room.
    pub fn truncated(&self) -> bool {
        self.seen > self.events.len() as u64
    }
}

impl Observer for Trace {
    #[inline]
    fn on(&mut self, event: Event) {
        self.seen += 1;
        if self.events.len() < self.limit {
            self.events.push(event);
        }
    }
}

impl<O: Observer + ?Sized> Observer for &mut O {
    const ACTIVE: bool = O::ACTIVE;

    #[inline(always)]
    fn on(&mut self, event: Event) {
        (**self).on(event);
    }
}
