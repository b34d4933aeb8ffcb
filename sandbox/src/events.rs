//! What a run's walls saw (its cgroups' counters on Linux; nothing elsewhere), in a module
//! of its own below both the runner's types and the cgroups.

/// What a run's cgroups saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Events {
    pub oom_kills: u64,
    pub fork_refusals: u64,
    /// Times the memory use reached the limit (the kernel then reclaims, slowly, before it
    /// kills): a run stopped at its time limit meanwhile was stopped by its memory.
    pub memory_limit_hits: u64,
}

impl Events {
    pub fn any(self) -> bool {
        self != Events::default()
    }

    /// Whether the run was stopped, or held back, by its memory limit.
    pub fn memory_exceeded(self) -> bool {
        self.oom_kills > 0 || self.memory_limit_hits > 0
    }
}
