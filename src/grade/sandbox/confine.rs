//! What happens inside a run's process between `fork` and `exec`: the walls go up.
//!
//! This code runs in the child of a multi-threaded grader, where only async-signal-safe calls
//! are allowed: no allocation, no locks. Everything it needs (paths opened, numbers worked
//! out) is prepared by the grader in a [`Confinement`] beforehand, and it calls the kernel
//! directly.
//!
//! With namespaces the child splits in three:
//! - the *relay* (the grader's own child) starts a new session, joins the run's cgroups and
//!   the empty network namespace, unshares a PID namespace, and waits for the program; then
//!   it writes the program's wait status to the grader and kills the init;
//! - the *init* (PID 1 of the new namespace) reaps whatever is orphaned there; when it dies
//!   the kernel kills everything left in the namespace, however it detached (`setsid`,
//!   double fork);
//! - the *program* drops its privileges and rights and becomes `sh -c COMMAND`.
//!
//! Killing the relay kills the init (parent-death signal), and with it the whole namespace.

use std::io;
use std::os::fd::RawFd;
use std::sync::atomic::{AtomicI32, Ordering};

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
    /// Where the init writes the program's wait status (with namespaces).
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
    /// Only a new process group (the sandbox is off): today's behaviour.
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
    if confinement.group_only {
        check(libc::setpgid(0, 0) as libc::c_long)?;
        return Ok(());
    }
    // A new session: no controlling terminal, so /dev/tty and TIOCSTI lead nowhere.
    check(libc::setsid() as libc::c_long)?;
    // If the grader dies, so does the run (the relay ends it in order: see `relay`).
    let death = if confinement.namespaces != 0 {
        libc::SIGTERM
    } else {
        libc::SIGKILL
    };
    libc::prctl(libc::PR_SET_PDEATHSIG, death);
    for &procs in &confinement.cgroups[..confinement.cgroup_count] {
        // "0" is the writing process; its children are born inside.
        check(libc::write(procs, b"0".as_ptr().cast(), 1) as libc::c_long)?;
    }
    if let Some(network) = confinement.network {
        check(libc::setns(network, libc::CLONE_NEWNET) as libc::c_long)?;
    }
    if confinement.namespaces != 0 {
        check(libc::unshare(confinement.namespaces) as libc::c_long)?;
        let init = spawn_init()?;
        INIT.store(init, Ordering::Relaxed);
        let mut on_term: libc::sigaction = std::mem::zeroed();
        on_term.sa_sigaction = end_namespace as *const () as usize;
        libc::sigaction(libc::SIGTERM, &on_term, std::ptr::null_mut());
        let program = match confinement.exec {
            Some(_) => spawn_program(confinement)?,
            None => check(libc::fork() as libc::c_long)? as libc::pid_t,
        };
        if program > 0 {
            relay(program, init, confinement.status);
        }
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        libc::close(confinement.status);
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

/// Starts the program as the relay's child, sharing its memory until it executes (the relay
/// waits meanwhile), as `posix_spawn` does: no copy of the grader's memory.
unsafe fn spawn_program(confinement: &Confinement) -> io::Result<libc::pid_t> {
    let top = stack()?;
    let arg = (confinement as *const Confinement).cast_mut().cast();
    let flags = libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD;
    let program = libc::clone(become_program, top, flags, arg);
    check(program as libc::c_long).map(|pid| pid as libc::pid_t)
}

/// The program's side of `spawn_program`: its walls, then `exec`.
extern "C" fn become_program(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `arg` is the relay's confinement, alive while the relay waits for this exec.
    unsafe {
        let confinement = &*(arg as *const Confinement);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        libc::close(confinement.status);
        let Some(exec) = confinement.exec else {
            libc::_exit(127)
        };
        if restrict(confinement).is_err() {
            let message = b"minimax: the sandbox could not be entered\n";
            libc::write(2, message.as_ptr().cast(), message.len());
            libc::_exit(126);
        }
        libc::execve(exec.path, exec.argv, exec.envp);
        let message = b"minimax: cannot start sh\n";
        libc::write(2, message.as_ptr().cast(), message.len());
        libc::_exit(127)
    }
}

/// The stack of a process that shares the relay's memory (the init, the program until it
/// executes).
const CHILD_STACK: usize = 64 * 1024;

/// Starts PID 1 of the new namespace: a reaper that shares the relay's memory (so starting it
/// copies nothing) and runs on a stack of its own. Being PID 1 has odd rules (signals without
/// a handler are ignored), so the program is not the init but its sibling.
unsafe fn spawn_init() -> io::Result<libc::pid_t> {
    let top = stack()?;
    let init = libc::clone(
        reap_orphans,
        top,
        libc::CLONE_VM | libc::SIGCHLD,
        std::ptr::null_mut(),
    );
    check(init as libc::c_long).map(|pid| pid as libc::pid_t)
}

/// The init's whole life: reap whatever is orphaned in the namespace, until killed. Only
/// system calls: it shares memory with the relay.
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

/// The namespace's init, as the relay knows it.
static INIT: AtomicI32 = AtomicI32::new(0);

/// The relay's SIGTERM handler: the grader's way to end a run (time-out, interruption). The
/// init is killed first, which kills everything in the namespace; the relay still reaps the
/// program and reports. Were the relay killed first, the program would be orphaned to the
/// machine's init, and the namespace would wait until that init reaped it — which some
/// container inits never do.
extern "C" fn end_namespace(_: libc::c_int) {
    // SAFETY: a signal to this relay's own child.
    unsafe { libc::kill(INIT.load(Ordering::Relaxed), libc::SIGKILL) };
}

/// The relay: holds nothing of the run's, waits for the program, reports its wait status,
/// then ends the namespace's init, which takes everything left in the namespace with it.
unsafe fn relay(program: libc::pid_t, init: libc::pid_t, status_fd: RawFd) -> ! {
    for fd in 0..status_fd {
        libc::close(fd);
    }
    close_from(status_fd as libc::c_uint + 1);
    let mut status = 0;
    while libc::waitpid(program, &mut status, 0) < 0 && *libc::__errno_location() == libc::EINTR {}
    let bytes = status.to_ne_bytes();
    libc::write(status_fd, bytes.as_ptr().cast(), bytes.len());
    libc::kill(init, libc::SIGKILL);
    libc::waitpid(init, std::ptr::null_mut(), 0);
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
