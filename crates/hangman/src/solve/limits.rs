//! When a search must stop: a deadline, a node budget, or a stop flag that another thread
//! (a Ctrl-C handler) raises. A stopped search reports the bounds it proved.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// The search ran out of time or nodes, or was stopped; only proven bounds are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search was stopped before it finished")]
pub struct Aborted;

/// A flag that stops every search holding a clone of it (for Ctrl-C handlers).
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag that is not raised.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Raises the flag: searches stop within a node and report what they proved.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// The flag itself, for signal handlers that set an `AtomicBool`.
    pub fn shared(&self) -> Arc<AtomicBool> {
        self.0.clone()
    }

    /// Whether the flag was raised.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Nodes a thread counts locally before adding them to the shared count and checking the
/// clock (about a millisecond of work or less).
pub(super) const FLUSH_EVERY: u64 = 64;

/// The limits of one solver, checked at every node.
pub(super) struct Limits<'a> {
    pub(super) deadline: Option<Instant>,
    /// Stop once the shared node count reaches this (0: none).
    pub(super) max_nodes: u64,
    pub(super) stop: StopFlag,
    /// Raised when this solver hit its deadline or budget (not the shared flag).
    expired: AtomicBool,
    /// The shared node count: the solver's own, or a progress monitor's.
    nodes: Counter<'a>,
}

/// Where a solver counts its nodes.
pub(super) enum Counter<'a> {
    Own(AtomicU64),
    Shared(&'a AtomicU64),
}

impl Counter<'_> {
    fn get(&self) -> &AtomicU64 {
        match self {
            Counter::Own(c) => c,
            Counter::Shared(c) => c,
        }
    }
}

impl<'a> Limits<'a> {
    pub(super) fn new(
        deadline: Option<Instant>,
        max_nodes: u64,
        stop: StopFlag,
        nodes: Counter<'a>,
    ) -> Limits<'a> {
        Limits {
            deadline,
            max_nodes,
            stop,
            expired: AtomicBool::new(false),
            nodes,
        }
    }

    /// Nodes counted so far (flushed counts only).
    pub(super) fn nodes(&self) -> u64 {
        self.nodes.get().load(Ordering::Relaxed)
    }

    /// Lets an expired solver run again with a new deadline and budget.
    pub(super) fn renew(&mut self, deadline: Option<Instant>, max_nodes: u64) {
        self.deadline = deadline;
        self.max_nodes = max_nodes;
        *self.expired.get_mut() = false;
    }

    /// Counts one node; `local` is the calling thread's unflushed count.
    #[inline]
    pub(super) fn tick(&self, local: &mut u64) -> Result<(), Aborted> {
        *local += 1;
        if *local >= FLUSH_EVERY {
            self.flush(local);
        }
        if self.expired.load(Ordering::Relaxed) || self.stop.is_raised() {
            return Err(Aborted);
        }
        Ok(())
    }

    /// Adds a thread's local count to the shared one and checks the deadline and budget.
    pub(super) fn flush(&self, local: &mut u64) {
        let total = self.nodes.get().fetch_add(*local, Ordering::Relaxed) + *local;
        *local = 0;
        let over_budget = self.max_nodes > 0 && total >= self.max_nodes;
        let late = self.deadline.is_some_and(|d| Instant::now() >= d);
        if over_budget || late {
            self.expired.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the caller's limits (deadline, stop flag) rather than a node budget ended
    /// the search.
    pub(super) fn caller_stopped(&self) -> bool {
        self.stop.is_raised() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
