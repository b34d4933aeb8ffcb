//! What happens inside a run's process between `fork` and `exec`: the walls go up.
//!
//! This code runs in children of a multi-threaded grader, where only async-signal-safe calls
//! are allowed: no allocation, no locks. Everything it needs (paths opened, numbers worked
//! out, strings made) is prepared by the grader in a [`Confinement`] beforehand, and it calls
//! the kernel directly.
//!
//! With namespaces no process copies the grader's memory: see [`spawn_in_namespaces`].
//!
//! By concern: here, the plan ([`Confinement`]) and the walls every run puts up on itself
//! (cgroups, limits, user, Landlock; [`enter`] without namespaces); `spawn.rs`, the start in
//! namespaces (the relay, the init, the program's side); `steps.rs`, the box's root built
//! step by step; `seccomp.rs`, the system-call filter.

mod seccomp;
mod spawn;
mod steps;

pub use spawn::{spawn_in_namespaces, Spawn, STACK};
pub use steps::{Step, Steps};

use seccomp::install_filter;
use std::io;
use std::os::fd::RawFd;

/// One resource limit: `RLIMIT_*` and its value (soft and hard alike).
#[derive(Clone, Copy, Debug)]
pub struct Rlimit {
    pub resource: libc::__rlimit_resource_t,
    pub value: libc::rlim_t,
}

/// The program to execute, prepared by the grader: pointers into C strings the grader keeps
/// alive until the run has started.
#[derive(Clone, Copy, Debug)]
pub struct Exec {
    pub path: *const libc::c_char,
    pub argv: *const *const libc::c_char,
    pub envp: *const *const libc::c_char,
}

/// Most limits a run gets.
pub const MAX_RLIMITS: usize = 8;
/// Most cgroup membership files a run joins (cgroup v1 has one hierarchy per controller:
/// memory, pids, cpu, cpuacct).
pub const MAX_CGROUPS: usize = 4;

/// Everything the child needs, prepared by the grader: plain numbers and open descriptors.
#[derive(Clone, Copy, Debug)]
pub struct Confinement {
    /// `CLONE_NEW*` flags to unshare (0: no namespaces, the program is the grader's child).
    pub namespaces: libc::c_int,
    /// An empty network namespace shared by every run, to join (`setns`): making one per run
    /// costs more than the run itself, and the kernel tears them down slowly.
    pub network: Option<RawFd>,

    /// `cgroup.procs` files to join, open for writing.
    pub cgroups: [RawFd; MAX_CGROUPS],
    pub cgroup_count: usize,
    /// The unprivileged user and group to become.
    pub user: Option<(libc::uid_t, libc::gid_t)>,
    pub rlimits: [Rlimit; MAX_RLIMITS],
    pub rlimit_count: usize,
    /// A Landlock ruleset to enforce.
    pub landlock: Option<RawFd>,
    /// The steps that build the box's root (`None`: the grader's own file system).
    pub steps: Option<Steps>,
    /// Refuse the kernel's keyrings (a key would outlive the run, under a uid shared with
    /// later runs).
    pub no_keyrings: bool,
    /// With `no_keyrings`, also refuse sockets of the network's families (and io_uring): for
    /// runs that no network namespace walls in.
    pub no_network: bool,
    /// No walls, only a process group of its own (the sandbox is off): the caller starts the
    /// program without `enter`.
    pub group_only: bool,
}

impl Confinement {
    /// No walls but a process group of its own.
    pub fn none() -> Confinement {
        Confinement {
            namespaces: 0,
            network: None,
            cgroups: [-1; MAX_CGROUPS],
            cgroup_count: 0,
            user: None,
            rlimits: [Rlimit {
                resource: 0,
                value: 0,
            }; MAX_RLIMITS],
            rlimit_count: 0,
            landlock: None,
            steps: None,
            no_keyrings: false,
            no_network: false,
            group_only: true,
        }
    }

    pub fn push_rlimit(&mut self, resource: libc::__rlimit_resource_t, value: libc::rlim_t) {
        if self.rlimit_count < MAX_RLIMITS {
            self.rlimits[self.rlimit_count] = Rlimit { resource, value };
            self.rlimit_count += 1;
        }
    }

    pub fn push_cgroup(&mut self, procs: RawFd) {
        if self.cgroup_count < MAX_CGROUPS {
            self.cgroups[self.cgroup_count] = procs;
            self.cgroup_count += 1;
        }
    }
}

fn check(result: libc::c_long) -> io::Result<libc::c_long> {
    if result < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(result)
    }
}

/// Has `command` put up `confinement`'s walls in its child, just before `exec`: a helper
/// the grader itself starts (bsdtar) is walled in as a run is.
pub fn confine_command(command: &mut std::process::Command, confinement: Confinement) {
    use std::os::unix::process::CommandExt;
    // SAFETY: `enter` makes system calls only (no allocation, no locks): safe between fork
    // and exec. Whatever its ruleset names must outlive the spawn; callers keep it alive.
    unsafe {
        command.pre_exec(move || enter(&confinement));
    }
}

/// Whether the grader runs as root (and so can switch users and make namespaces).
pub fn running_as_root() -> bool {
    nix::unistd::geteuid().is_root()
}

/// The walls of a run without namespaces (the kernel refused them): a new session, the run's
/// cgroups, then the program's own walls. Runs in the forked child just before `exec`.
///
/// # Safety
/// Must be called between `fork` and `exec` (from `CommandExt::pre_exec`).
pub unsafe fn enter(confinement: &Confinement) -> io::Result<()> {
    // A new session: no controlling terminal, so /dev/tty and TIOCSTI lead nowhere.
    // SAFETY: no arguments; changes only this (forked) process.
    check(unsafe { libc::setsid() } as libc::c_long)?;
    // If the grader dies, so does the run.
    // SAFETY: plain numbers; changes only this process.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) };
    // SAFETY: between fork and exec, as our caller promises.
    unsafe { join_cgroups(confinement) }?;
    // SAFETY: as above.
    unsafe { restrict(confinement) }
}

/// Moves this process into the run's cgroups.
///
/// # Safety
/// For a run's process between fork (or clone) and exec: the grader itself must stay where
/// it is. The descriptors in `confinement.cgroups` must be open `cgroup.procs` files.
unsafe fn join_cgroups(confinement: &Confinement) -> io::Result<()> {
    for &procs in &confinement.cgroups[..confinement.cgroup_count] {
        // "0" is the writing process; its children are born inside.
        // SAFETY: writes one byte from a static string to a descriptor the caller vouches for.
        check(unsafe { libc::write(procs, b"0".as_ptr().cast(), 1) } as libc::c_long)?;
    }
    Ok(())
}

/// The program's own walls: limits, user, Landlock; nothing inherited but stdio.
///
/// # Safety
/// Changes this process for good (its user, limits and filters): for a run's process only,
/// between fork (or clone) and exec; `confinement.landlock` must be an open ruleset.
unsafe fn restrict(confinement: &Confinement) -> io::Result<()> {
    for limit in &confinement.rlimits[..confinement.rlimit_count] {
        let value = libc::rlimit {
            rlim_cur: limit.value,
            rlim_max: limit.value,
        };
        // SAFETY: reads a local; changes only this process.
        check(unsafe { libc::setrlimit(limit.resource, &value) } as libc::c_long)?;
    }
    if let Some((uid, gid)) = confinement.user {
        // Direct system calls: the C library's wrappers change every thread of a process.
        // SAFETY: plain numbers and a null list; they change this thread, the run's only one.
        unsafe {
            check(libc::syscall(
                libc::SYS_setgroups,
                0,
                std::ptr::null::<libc::gid_t>(),
            ))?;
            check(libc::syscall(libc::SYS_setgid, gid))?;
            check(libc::syscall(libc::SYS_setuid, uid))?;
            // Changing credentials clears the parent-death signal.
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        }
    }
    if let Some(ruleset) = confinement.landlock {
        // SAFETY: plain numbers and a ruleset descriptor (the caller's promise).
        unsafe {
            check(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) as libc::c_long)?;
            check(libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0))?;
        }
    }
    if confinement.no_keyrings {
        // SAFETY: plain numbers; then the filter, in a run's process as our caller promises.
        unsafe {
            check(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) as libc::c_long)?;
            install_filter(confinement.no_network)?;
        }
    }
    // Descriptors the grader may have inherited from its own parent are not passed on.
    // SAFETY: plain numbers; marks this process's descriptors close-on-exec.
    unsafe {
        libc::syscall(
            libc::SYS_close_range,
            3 as libc::c_uint,
            libc::c_uint::MAX,
            libc::CLOSE_RANGE_CLOEXEC,
        )
    };
    Ok(())
}
