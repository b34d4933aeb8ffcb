//! What happens inside a run's process between `fork` and `exec`: the walls go up.
//!
//! This code runs in the child of a multi-threaded grader, where only async-signal-safe calls
//! are allowed: no allocation, no locks. Everything it needs (paths opened, numbers worked
//! out) is prepared by the grader in a [`Confinement`] beforehand, and it calls the kernel
//! directly.
//!
//! With namespaces the child starts two more and leaves:
//! - the *relay* (the grader's own child) starts a new session, joins the run's cgroups and
//!   the empty network namespace, unshares a PID namespace, starts the other two as the
//!   grader's children (`CLONE_PARENT`), tells the grader their process ids and exits;
//! - the *init* (PID 1 of the new namespace) reaps whatever is orphaned there; when the
//!   grader kills it, the kernel kills everything left in the namespace, however it detached
//!   (`setsid`, double fork);
//! - the *program* drops its privileges and rights and becomes `sh -c COMMAND`.
//!
//! Both share the relay's memory instead of copying it, and the grader waits for the program
//! itself: no process stands between them.

use std::io;
use std::os::fd::RawFd;

/// One resource limit: `RLIMIT_*` and its value (soft and hard alike).
#[derive(Clone, Copy, Debug)]
pub struct Rlimit {
    pub resource: libc::__rlimit_resource_t,
    pub value: libc::rlim_t,
}

/// The program to execute, prepared by the grader: pointers into C strings the grader keeps
/// alive until the run has started. With namespaces the program is started by `clone` with
/// shared memory and executes itself, so the grader's memory is copied once per run, not twice.
#[derive(Clone, Copy, Debug)]
pub struct Exec {
    pub path: *const libc::c_char,
    pub argv: *const *const libc::c_char,
    pub envp: *const *const libc::c_char,
}

// SAFETY: plain addresses, read only in the forked child, whose copy of the grader's memory
// holds the strings.
unsafe impl Send for Exec {}
// SAFETY: as above; nothing is written through them.
unsafe impl Sync for Exec {}

/// Most limits a run gets.
pub const MAX_RLIMITS: usize = 8;
/// Most cgroup membership files a run joins (cgroup v1 has one hierarchy per controller).
pub const MAX_CGROUPS: usize = 2;

/// Everything the child needs, prepared by the grader: plain numbers and open descriptors.
#[derive(Clone, Copy, Debug)]
pub struct Confinement {
    /// `CLONE_NEW*` flags to unshare (0: no namespaces, the program is the grader's child).
    pub namespaces: libc::c_int,
    /// An empty network namespace shared by every run, to join (`setns`): making one per run
    /// costs more than the run itself, and the kernel tears them down slowly.
    pub network: Option<RawFd>,
    /// Where the relay writes the program's and the init's process ids (with namespaces).
    pub status: RawFd,
    /// `cgroup.procs` files to join, open for writing.
    pub cgroups: [RawFd; MAX_CGROUPS],
    pub cgroup_count: usize,
    /// The unprivileged user and group to become.
    pub user: Option<(libc::uid_t, libc::gid_t)>,
    pub rlimits: [Rlimit; MAX_RLIMITS],
    pub rlimit_count: usize,
    /// A Landlock ruleset to enforce.
    pub landlock: Option<RawFd>,
    /// No walls, only a process group of its own (the sandbox is off): the caller starts the
    /// program without `enter`.
    pub group_only: bool,
    /// With namespaces: what the program executes (without, the caller's `exec` does).
    pub exec: Option<Exec>,
}

impl Confinement {
    /// No walls but a process group of its own.
    pub fn none() -> Confinement {
        Confinement {
            namespaces: 0,
            network: None,
            status: -1,
            cgroups: [-1; MAX_CGROUPS],
            cgroup_count: 0,
            user: None,
            rlimits: [Rlimit {
                resource: 0,
                value: 0,
            }; MAX_RLIMITS],
            rlimit_count: 0,
            landlock: None,
            group_only: true,
            exec: None,
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

/// Closes every descriptor from `first` on (all of them when the kernel lacks close_range).
fn close_from(first: libc::c_uint) {
    // SAFETY: plain system calls on descriptors this process owns.
    unsafe {
        if libc::syscall(libc::SYS_close_range, first, libc::c_uint::MAX, 0) != 0 {
            for fd in first..4096 {
                libc::close(fd as libc::c_int);
            }
        }
    }
}

/// Runs in the forked child just before `exec`. Returns only in the process that will become
/// the student's program; the relay and the init never return.
///
/// # Safety
/// Must be called between `fork` and `exec` (from `CommandExt::pre_exec`).
pub unsafe fn enter(confinement: &Confinement) -> io::Result<()> {
    // A new session: no controlling terminal, so /dev/tty and TIOCSTI lead nowhere.
    check(libc::setsid() as libc::c_long)?;
    // If the grader dies, so does the run.
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
    for &procs in &confinement.cgroups[..confinement.cgroup_count] {
        // "0" is the writing process; its children are born inside.
        check(libc::write(procs, b"0".as_ptr().cast(), 1) as libc::c_long)?;
    }
    if let Some(network) = confinement.network {
        check(libc::setns(network, libc::CLONE_NEWNET) as libc::c_long)?;
    }
    if confinement.namespaces != 0 {
        let Some(exec) = confinement.exec else {
            return Err(io::Error::from_raw_os_error(libc::EINVAL));
        };
        check(libc::unshare(confinement.namespaces) as libc::c_long)?;
        let init = spawn_init()?;
        let program = spawn_program(confinement, exec)?;
        hand_off(program, init, confinement.status);
    }
    restrict(confinement)
}

/// A stack for a process that shares the relay's memory.
unsafe fn stack() -> io::Result<*mut libc::c_void> {
    let stack = libc::mmap(
        std::ptr::null_mut(),
        CHILD_STACK,
        libc::PROT_READ | libc::PROT_WRITE,
        libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
        -1,
        0,
    );
    if stack == libc::MAP_FAILED {
        return Err(io::Error::last_os_error());
    }
    Ok(stack.cast::<u8>().add(CHILD_STACK).cast())
}

/// The stack of a process that shares the relay's memory (the init, the program until it
/// executes).
const CHILD_STACK: usize = 64 * 1024;

/// What the program's side of `clone` needs.
struct Start {
    confinement: *const Confinement,
    exec: Exec,
}

/// Starts the program in the namespace as the grader's child (`CLONE_PARENT`), sharing the
/// relay's memory until it executes (the relay waits meanwhile), as `posix_spawn` does.
unsafe fn spawn_program(confinement: &Confinement, exec: Exec) -> io::Result<libc::pid_t> {
    let top = stack()?;
    let start = Start { confinement, exec };
    let arg = (&start as *const Start).cast_mut().cast();
    let flags = libc::CLONE_VM | libc::CLONE_VFORK | libc::CLONE_PARENT | libc::SIGCHLD;
    let program = libc::clone(become_program, top, flags, arg);
    check(program as libc::c_long).map(|pid| pid as libc::pid_t)
}

/// The program's side of `spawn_program`: its walls, then `exec`.
extern "C" fn become_program(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `arg` is the relay's `Start`, alive while the relay waits for this exec.
    unsafe {
        let start = &*(arg as *const Start);
        let confinement = &*start.confinement;
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        libc::close(confinement.status);
        if restrict(confinement).is_err() {
            let message = b"minimax: the sandbox could not be entered\n";
            libc::write(2, message.as_ptr().cast(), message.len());
            libc::_exit(126);
        }
        libc::execve(start.exec.path, start.exec.argv, start.exec.envp);
        let message = b"minimax: cannot start sh\n";
        libc::write(2, message.as_ptr().cast(), message.len());
        libc::_exit(127)
    }
}

/// Starts PID 1 of the new namespace as the grader's child (`CLONE_PARENT`): a reaper that
/// shares the relay's memory (so starting it copies nothing) and runs on a stack of its own.
/// Being PID 1 has odd rules (signals without a handler are ignored), so the program is not
/// the init but its sibling. The grader kills it when the program is done; the kernel then
/// kills everything left in the namespace.
unsafe fn spawn_init() -> io::Result<libc::pid_t> {
    let top = stack()?;
    let flags = libc::CLONE_VM | libc::CLONE_PARENT | libc::SIGCHLD;
    let init = libc::clone(reap_orphans, top, flags, std::ptr::null_mut());
    check(init as libc::c_long).map(|pid| pid as libc::pid_t)
}

/// The init's whole life: reap whatever is orphaned in the namespace, until killed. Only
/// system calls: its memory is the relay's, which nobody else uses once the relay has gone.
extern "C" fn reap_orphans(_: *mut libc::c_void) -> libc::c_int {
    // SAFETY: system calls on this process's own descriptors, signals and children.
    unsafe {
        // Its copy of the descriptors would keep the run's pipes open.
        close_from(0);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        let mut chld: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut chld);
        libc::sigaddset(&mut chld, libc::SIGCHLD);
        libc::sigprocmask(libc::SIG_BLOCK, &chld, std::ptr::null_mut());
        loop {
            while libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG | libc::__WALL) > 0 {}
            let mut info: libc::siginfo_t = std::mem::zeroed();
            libc::sigwaitinfo(&chld, &mut info);
        }
    }
}

/// The relay's last act: tell the grader the program's and the init's process ids (both
/// the grader's children now), and go.
unsafe fn hand_off(program: libc::pid_t, init: libc::pid_t, status_fd: RawFd) -> ! {
    let mut bytes = [0u8; 8];
    bytes[..4].copy_from_slice(&program.to_ne_bytes());
    bytes[4..].copy_from_slice(&init.to_ne_bytes());
    libc::write(status_fd, bytes.as_ptr().cast(), bytes.len());
    libc::_exit(0)
}

/// The program's own walls: limits, user, Landlock; nothing inherited but stdio.
unsafe fn restrict(confinement: &Confinement) -> io::Result<()> {
    for limit in &confinement.rlimits[..confinement.rlimit_count] {
        let value = libc::rlimit {
            rlim_cur: limit.value,
            rlim_max: limit.value,
        };
        check(libc::setrlimit(limit.resource, &value) as libc::c_long)?;
    }
    if let Some((uid, gid)) = confinement.user {
        check(libc::setgroups(0, std::ptr::null()) as libc::c_long)?;
        check(libc::setgid(gid) as libc::c_long)?;
        check(libc::setuid(uid) as libc::c_long)?;
        // Changing credentials clears the parent-death signal.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
    }
    if let Some(ruleset) = confinement.landlock {
        check(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) as libc::c_long)?;
        check(libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0))?;
    }
    // Descriptors the grader may have inherited from its own parent are not passed on.
    libc::syscall(
        libc::SYS_close_range,
        3 as libc::c_uint,
        libc::c_uint::MAX,
        libc::CLOSE_RANGE_CLOEXEC,
    );
    Ok(())
}
