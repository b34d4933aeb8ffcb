//! A student's part of the sandbox (the scratch copy, its uid, network and boxes) and one
//! run's walls.

use super::boxroot;
use super::cgroup::{CpuClock, Events, RunGroup};
use super::confine::Confinement;
use super::scratch;
use std::os::fd::OwnedFd;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// One student's part of the sandbox: the scratch copy runs work in.
#[derive(Debug)]
pub struct Cell {
    pub dir: PathBuf,
    /// Whether `dir` is a scratch copy of the grader's, removed with the cell.
    pub(super) copy: bool,
    /// The student's own tmpfs, holding `dir` (unmounted whole with the cell).
    pub(super) tmpfs: Option<PathBuf>,
    pub(super) env: Vec<(String, String)>,
    /// The student's Landlock ruleset, built once: enforcing it does not use it up.
    pub(super) landlock: Option<OwnedFd>,
    /// The uid and gid the student's programs run as, and the pool it goes back to.
    pub(super) user: Option<(u32, u32)>,
    pub(super) uids: Option<Arc<Mutex<Vec<u32>>>>,
    /// The box of a build (writing into the copy) and of a run (over a clean copy).
    pub(super) build_box: Option<boxroot::BoxPlan>,
    pub(super) run_box: Option<boxroot::BoxPlan>,
    /// The student's network namespace, and the pool it goes back to.
    pub(super) network: Option<OwnedFd>,
    pub(super) networks: Option<Arc<Mutex<Vec<OwnedFd>>>>,
}

impl Cell {
    /// Whether the student's copy filled its disk.
    pub fn disk_full(&self) -> bool {
        self.tmpfs.as_deref().is_some_and(scratch::is_full)
    }
}

impl Drop for Cell {
    fn drop(&mut self) {
        if let Some(root) = &self.tmpfs {
            // Discarded whole, however deep or large it grew.
            scratch::unmount(root);
        } else if self.copy {
            let _ = scratch::remove_tree(&self.dir);
        }
        if let (Some((uid, _)), Some(uids)) = (self.user, &self.uids) {
            uids.lock().unwrap_or_else(|p| p.into_inner()).push(uid);
        }
        if let (Some(network), Some(networks)) = (self.network.take(), &self.networks) {
            networks.lock().unwrap_or_else(|p| p.into_inner()).push(network);
        }
    }
}

/// One run's walls; its cgroup goes back to the pool when they are dropped.
#[derive(Debug)]
pub struct RunWalls<'s> {
    pub confinement: Confinement,
    /// The run's CPU time, where a cgroup counts it.
    pub cpu: Option<CpuClock>,
    /// The run's cgroups, taken from the sandbox's pool.
    pub(super) group: Option<RunGroup>,
    pub(super) pool: Option<&'s Mutex<Vec<RunGroup>>>,
}

impl RunWalls<'_> {
    /// Ends anything still alive in the run's cgroups and says what they saw. A cgroup that
    /// saw nothing goes back to the pool for the next run (making and removing cgroups costs
    /// more than a trivial run itself); one that did is removed, so that a pooled cgroup's
    /// counters are always zero.
    pub fn finish(mut self) -> Events {
        self.release()
    }

    fn release(&mut self) -> Events {
        let (Some(group), Some(pool)) = (self.group.take(), self.pool) else {
            return Events::default();
        };
        let emptied = group.kill_all();
        let events = group.events();
        if emptied && !events.any() {
            pool.lock().unwrap_or_else(|p| p.into_inner()).push(group);
        }
        events
    }
}

impl Drop for RunWalls<'_> {
    fn drop(&mut self) {
        self.release();
    }
}
