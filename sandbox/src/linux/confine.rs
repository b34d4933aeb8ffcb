//! What happens inside a run's process between `fork` and `exec`: the walls go up.
//!
//! This code runs in children of a multi-threaded grader, where only async-signal-safe calls
//! are allowed: no allocation, no locks. Everything it needs (paths opened, numbers worked
//! out, strings made) is prepared by the grader in a [`Confinement`] beforehand, and it calls
//! the kernel directly.
//!
//! With namespaces no process copies the grader's memory: see [`spawn_in_namespaces`].

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

/// A box's steps, as the child takes them: a pointer into the grader's plan and a length.
#[derive(Clone, Copy, Debug)]
pub struct Steps {
    pub first: *const Step,
    pub count: usize,
}

// SAFETY: the steps point into a plan the grader keeps, unchanged, until the run has started;
// they are only read.
unsafe impl Send for Steps {}
// SAFETY: as above.
unsafe impl Sync for Steps {}

/// One step of building a box's root, prepared by the grader (see [`super::boxroot`]) as
/// pointers into C strings it keeps alive; the program's process takes the steps in order, as
/// root, in its own mount and PID namespaces, before it becomes the run's user.
#[derive(Clone, Copy, Debug)]
pub enum Step {
    Mkdir(*const libc::c_char),
    Chmod(*const libc::c_char, libc::mode_t),
    /// Gives the path to the run's user.
    Chown(*const libc::c_char),
    /// An empty file, to mount a single file over.
    Touch(*const libc::c_char),
    Symlink {
        target: *const libc::c_char,
        path: *const libc::c_char,
    },
    /// `mount(2)`; null pointers where the call takes none.
    Mount {
        source: *const libc::c_char,
        target: *const libc::c_char,
        fstype: *const libc::c_char,
        flags: libc::c_ulong,
        data: *const libc::c_char,
    },
    /// Makes `root` the root (the old one is detached) and `cwd` the working folder.
    Pivot {
        root: *const libc::c_char,
        cwd: *const libc::c_char,
    },
}

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

/// Everything needed to start a run in namespaces, and what came of it. The grader owns it
/// (and the stacks it points to) for the whole start.
#[derive(Debug)]
pub struct Spawn {
    pub confinement: Confinement,
    pub exec: Exec,
    /// The working folder, as a C string.
    pub cwd: *const libc::c_char,
    /// The run's ends of its stdin, stdout and stderr pipes.
    pub stdio: [RawFd; 3],
    /// The tops of the stacks of the relay, the init and the program.
    pub stacks: [*mut libc::c_void; 3],
    /// Filled by the relay: the program's and the init's process ids, or the error.
    pub program: libc::pid_t,
    pub init: libc::pid_t,
    pub error: libc::c_int,
}

/// The size of each stack in [`Spawn::stacks`].
pub const STACK: usize = 64 * 1024;

/// Starts a run in new namespaces without copying the grader's memory, as `posix_spawn` does:
/// a *relay* shares the grader's memory and runs on a stack of its own while the calling
/// thread waits. It starts a new session, joins the run's cgroups and the empty network
/// namespace, unshares a PID namespace, and starts two processes as the grader's own children
/// (`CLONE_PARENT`), both sharing its memory too: the *init* (PID 1 of the namespace), which
/// reaps orphans until the grader kills it, and the *program*, which puts up its walls and
/// executes. Then the relay exits; the grader waits for the program itself, and kills the init
/// at the end, whereupon the kernel kills everything left in the namespace.
///
/// # Safety
/// The pointers in `spawn` must be valid, its stacks `STACK` bytes each and not in use.
pub unsafe fn spawn_in_namespaces(spawn: &mut Spawn) -> io::Result<(libc::pid_t, libc::pid_t)> {
    let arg = (spawn as *mut Spawn).cast();
    let flags = libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD;
    // SAFETY: the relay's stack is free and `STACK` bytes (the caller's promise); with
    // CLONE_VFORK this thread waits, so `spawn` outlives the relay's use of it.
    let relay =
        check(unsafe { libc::clone(relay, spawn.stacks[0], flags, arg) } as libc::c_long)? as libc::pid_t;
    let mut status = 0;
    // SAFETY: waits for our own child into a local; errno is this thread's.
    while unsafe { libc::waitpid(relay, &mut status, 0) < 0 && *libc::__errno_location() == libc::EINTR } {}
    if spawn.error != 0 || !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        // An init already started runs on the caller's stack: it must be gone before that is.
        if spawn.init > 0 {
            // SAFETY: the init is our own child (CLONE_PARENT), not yet reaped.
            unsafe {
                libc::kill(spawn.init, libc::SIGKILL);
                libc::waitpid(spawn.init, std::ptr::null_mut(), 0);
            }
        }
        let error = if spawn.error != 0 { spawn.error } else { libc::EIO };
        return Err(io::Error::from_raw_os_error(error));
    }
    Ok((spawn.program, spawn.init))
}

/// The relay (see [`spawn_in_namespaces`]). It shares the memory of a grader thread that is
/// suspended until it exits, so it may use the C library as that thread would.
extern "C" fn relay(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `arg` is the grader's `Spawn`, alive while the grader waits for this relay.
    unsafe {
        let spawn = &mut *(arg as *mut Spawn);
        let failed = |spawn: &mut Spawn| {
            spawn.error = *libc::__errno_location();
            1
        };
        for (target, &fd) in spawn.stdio.iter().enumerate() {
            if libc::dup2(fd, target as libc::c_int) < 0 {
                return failed(spawn);
            }
        }
        if libc::chdir(spawn.cwd) != 0 || libc::setsid() < 0 {
            return failed(spawn);
        }
        if join_cgroups(&spawn.confinement).is_err() {
            return failed(spawn);
        }
        if let Some(network) = spawn.confinement.network {
            if libc::setns(network, libc::CLONE_NEWNET) != 0 {
                return failed(spawn);
            }
        }
        if libc::unshare(spawn.confinement.namespaces) != 0 {
            return failed(spawn);
        }
        let flags = libc::CLONE_VM | libc::CLONE_PARENT | libc::SIGCHLD;
        let init = libc::clone(reap_orphans, spawn.stacks[1], flags, std::ptr::null_mut());
        if init < 0 {
            return failed(spawn);
        }
        spawn.init = init;
        let flags = libc::CLONE_VM | libc::CLONE_VFORK | libc::CLONE_PARENT | libc::SIGCHLD;
        let program = libc::clone(become_program, spawn.stacks[2], flags, arg);
        if program < 0 {
            return failed(spawn);
        }
        spawn.program = program;
        0
    }
}

/// The program's side: its walls, then `exec`. It shares the grader's memory until then, with
/// the relay and the calling thread suspended; credentials are changed by direct system calls,
/// since the C library's wrappers would try to change them in every grader thread too.
extern "C" fn become_program(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `arg` is the grader's `Spawn`, alive while the relay waits for this exec.
    unsafe {
        let spawn = &*(arg as *const Spawn);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        // As the standard library does before exec: the grader ignores SIGPIPE, a program must
        // not inherit that, nor any blocked signal.
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
        if let Some(steps) = spawn.confinement.steps {
            let steps = std::slice::from_raw_parts(steps.first, steps.count);
            if let Err(step) = build_root(steps, spawn.confinement.user) {
                let mut message = *b"minimax: the box could not be built (step 000, error 000)\n";
                write_number(&mut message[42..45], step);
                write_number(&mut message[53..56], *libc::__errno_location() as usize);
                libc::write(2, message.as_ptr().cast(), message.len());
                libc::_exit(126);
            }
        }
        if restrict(&spawn.confinement).is_err() {
            let message = b"minimax: the sandbox could not be entered\n";
            libc::write(2, message.as_ptr().cast(), message.len());
            libc::_exit(126);
        }
        libc::execve(spawn.exec.path, spawn.exec.argv, spawn.exec.envp);
        let message = b"minimax: cannot start sh\n";
        libc::write(2, message.as_ptr().cast(), message.len());
        libc::_exit(127)
    }
}

/// Writes `n` into `digits` in decimal, right-aligned with leading zeros (no allocation).
fn write_number(digits: &mut [u8], mut n: usize) {
    for digit in digits.iter_mut().rev() {
        *digit = b'0' + (n % 10) as u8;
        n /= 10;
    }
}

/// Takes the steps that build a box's root; on failure, the index of the step that failed
/// (`errno` says why).
///
/// # Safety
/// Between clone and exec, with the pointers of `steps` valid.
unsafe fn build_root(steps: &[Step], user: Option<(libc::uid_t, libc::gid_t)>) -> Result<(), usize> {
    for (index, step) in steps.iter().enumerate() {
        // SAFETY: the steps' pointers are C strings the grader keeps alive (the caller's
        // promise); the calls change only this process's namespaces, between clone and exec.
        let result = unsafe { take_step(*step, user) };
        if result != 0 {
            return Err(index);
        }
    }
    Ok(())
}

/// Takes one step of [`build_root`]: 0, or -1 with `errno` set.
///
/// # Safety
/// As for [`build_root`].
unsafe fn take_step(step: Step, user: Option<(libc::uid_t, libc::gid_t)>) -> libc::c_long {
    // SAFETY: each call gets the step's C strings, valid by our caller's promise.
    unsafe {
        let result = match step {
            Step::Mkdir(path) => {
                let made = libc::mkdir(path, 0o755);
                if made != 0 && *libc::__errno_location() == libc::EEXIST {
                    0
                } else {
                    made
                }
            }
            Step::Chmod(path, mode) => libc::chmod(path, mode),
            Step::Chown(path) => match user {
                Some((uid, gid)) => libc::chown(path, uid, gid),
                None => 0,
            },
            Step::Touch(path) => {
                let fd = libc::open(path, libc::O_CREAT | libc::O_WRONLY | libc::O_CLOEXEC, 0o000);
                if fd >= 0 {
                    libc::close(fd);
                }
                fd.min(0)
            }
            Step::Symlink { target, path } => libc::symlink(target, path),
            Step::Mount {
                source,
                target,
                fstype,
                flags,
                data,
            } => libc::mount(source, target, fstype, flags, data.cast()),
            Step::Pivot { root, cwd } => {
                let dot = c".".as_ptr();
                if libc::chdir(root) != 0
                    || libc::syscall(libc::SYS_pivot_root, dot, dot) != 0
                    || libc::umount2(dot, libc::MNT_DETACH) != 0
                {
                    -1
                } else {
                    libc::chdir(cwd)
                }
            }
        };
        result as libc::c_long
    }
}

/// The kernel's name for this machine's architecture in `seccomp_data.arch`: the filter
/// refuses any other (a 32-bit call, through `int 0x80`, numbers its system calls otherwise).
#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: u32 = 0xc000_003e;
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: u32 = 0xc000_00b7;

/// The bit x32 calls set in their number (they share x86-64's architecture).
const X32_SYSCALL_BIT: u32 = 0x4000_0000;

/// One instruction of a classic BPF program.
const fn op(code: u16, jt: u8, jf: u8, k: u32) -> libc::sock_filter {
    libc::sock_filter { code, jt, jf, k }
}

// BPF_LD | BPF_W | BPF_ABS, BPF_JMP | BPF_JEQ | BPF_K, BPF_JMP | BPF_JGE | BPF_K, BPF_RET | BPF_K.
const LOAD: u16 = 0x20;
const JEQ: u16 = 0x15;
const JGE: u16 = 0x35;
const RET: u16 = 0x06;
/// Offsets in `seccomp_data`: the call's number, the architecture, the low half of the first
/// argument (little-endian).
const NR: u32 = 0;
const ARCH: u32 = 4;
const ARG0: u32 = 16;
const ALLOW: u32 = libc::SECCOMP_RET_ALLOW;
const REFUSE: u32 = libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32;
const NO_FAMILY: u32 = libc::SECCOMP_RET_ERRNO | libc::EAFNOSUPPORT as u32;
const NOT_PERMITTED: u32 = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;

/// The system calls a run may not make at all: the keyrings (keys outlive processes, so a run
/// could leave one for a later run under the same uid), as Docker's default profile refuses;
/// and io_uring, which makes sockets without `socket(2)`, past the families' check below.
const REFUSED_CALLS: [u32; 4] = [
    libc::SYS_add_key as u32,
    libc::SYS_request_key as u32,
    libc::SYS_keyctl as u32,
    libc::SYS_io_uring_setup as u32,
];

/// The calls that mount, refused with EPERM: in a user namespace of its own a run is root
/// there and could mount a tmpfs, writing past `--disk` (only the memory cgroup would count
/// it). The box is built before the filter is installed, so no run needs them.
const MOUNT_CALLS: [u32; 10] = [
    libc::SYS_mount as u32,
    libc::SYS_umount2 as u32,
    libc::SYS_pivot_root as u32,
    libc::SYS_fsopen as u32,
    libc::SYS_fsconfig as u32,
    libc::SYS_fsmount as u32,
    libc::SYS_fspick as u32,
    libc::SYS_move_mount as u32,
    libc::SYS_open_tree as u32,
    libc::SYS_mount_setattr as u32,
];

/// The socket families a run may open in a network namespace of its own (or allowed the
/// network): unix for local needs, the internet's. Every other (vsock reaches a virtual
/// machine's host past any namespace; packet, netlink, bluetooth, ...) is refused.
const NETWORK_FAMILIES: [u32; 3] = [libc::AF_UNIX as u32, libc::AF_INET as u32, libc::AF_INET6 as u32];
/// The families of a run that no network namespace walls in: unix alone.
const LOCAL_FAMILIES: [u32; 1] = [libc::AF_UNIX as u32];

/// A jump from the instruction at `at` to `target` (jumps count from the next instruction).
const fn to(target: usize, at: usize) -> u8 {
    (target - at - 1) as u8
}

/// The seccomp filter of every run. It answers ENOSYS to any call made through another
/// architecture's gate (i386's `int 0x80`, x32's numbers: another numbering, which the checks
/// below would misread; Docker's profile refuses them too) and to [`REFUSED_CALLS`], EPERM to
/// [`MOUNT_CALLS`], and EAFNOSUPPORT to `socket(2)` and `socketpair(2)` of any family but
/// `families`. Everything else is allowed.
const fn filter<const N: usize>(families: &[u32]) -> [libc::sock_filter; N] {
    // The last four instructions answer: no such family, allow, EPERM, ENOSYS; the families'
    // checks fall through to the first of them.
    let (no_family, allow, not_permitted, refuse) = (N - 4, N - 3, N - 2, N - 1);
    let mut program = [op(RET, 0, 0, ALLOW); N];
    program[no_family] = op(RET, 0, 0, NO_FAMILY);
    program[not_permitted] = op(RET, 0, 0, NOT_PERMITTED);
    program[refuse] = op(RET, 0, 0, REFUSE);
    program[0] = op(LOAD, 0, 0, ARCH);
    program[1] = op(JEQ, 1, 0, AUDIT_ARCH);
    program[2] = op(RET, 0, 0, REFUSE);
    program[3] = op(LOAD, 0, 0, NR);
    program[4] = op(JGE, to(refuse, 4), 0, X32_SYSCALL_BIT);
    let mut at = 5;
    let mut i = 0;
    while i < REFUSED_CALLS.len() {
        program[at] = op(JEQ, to(refuse, at), 0, REFUSED_CALLS[i]);
        at += 1;
        i += 1;
    }
    i = 0;
    while i < MOUNT_CALLS.len() {
        program[at] = op(JEQ, to(not_permitted, at), 0, MOUNT_CALLS[i]);
        at += 1;
        i += 1;
    }
    // socket(2) and socketpair(2) go on to the families' checks (3 and 2 ahead); any other
    // call is allowed.
    program[at] = op(JEQ, 2, 0, libc::SYS_socket as u32);
    program[at + 1] = op(JEQ, 1, 0, libc::SYS_socketpair as u32);
    program[at + 2] = op(RET, 0, 0, ALLOW);
    program[at + 3] = op(LOAD, 0, 0, ARG0);
    at += 4;
    i = 0;
    while i < families.len() {
        program[at] = op(JEQ, to(allow, at), 0, families[i]);
        at += 1;
        i += 1;
    }
    assert!(at == no_family, "the filter's length does not match its checks");
    program
}

/// Instructions of a filter besides the families' checks.
const FIXED: usize = 5 + REFUSED_CALLS.len() + MOUNT_CALLS.len() + 4 + 4;
/// The filter of runs in a network namespace (or allowed the network).
const CALLS_FILTER: [libc::sock_filter; FIXED + NETWORK_FAMILIES.len()] = filter(&NETWORK_FAMILIES);
/// The filter of runs no network namespace walls in.
const NETWORK_FILTER: [libc::sock_filter; FIXED + LOCAL_FAMILIES.len()] = filter(&LOCAL_FAMILIES);

/// Installs the run's seccomp filter (no-new-privileges must be set): [`NETWORK_FILTER`]
/// when `network` is to be refused, else [`CALLS_FILTER`].
///
/// # Safety
/// Changes this process for good: for a run's process, between fork (or clone) and exec.
unsafe fn install_filter(network: bool) -> io::Result<()> {
    let filter: &[libc::sock_filter] = if network { &NETWORK_FILTER } else { &CALLS_FILTER };
    let program = libc::sock_fprog {
        len: filter.len() as u16,
        filter: filter.as_ptr().cast_mut(),
    };
    // SAFETY: `program` points to a filter that lives as long as the program (a constant).
    let result = unsafe {
        libc::prctl(
            libc::PR_SET_SECCOMP,
            libc::SECCOMP_MODE_FILTER,
            &program as *const libc::sock_fprog,
        )
    };
    check(result as libc::c_long)?;
    Ok(())
}

/// The init's whole life: reap whatever is orphaned in the namespace, until killed. It runs in
/// the grader's memory alongside the grader's threads, so it makes only raw system calls: no C
/// library, no `errno`.
extern "C" fn reap_orphans(_: *mut libc::c_void) -> libc::c_int {
    // SAFETY: system calls on this process's own descriptors, signals and children.
    unsafe {
        // Its copy of the descriptors would keep the run's pipes open.
        raw::syscall(libc::SYS_close_range, [0, libc::c_uint::MAX as usize, 0, 0]);
        raw::syscall(
            libc::SYS_prctl,
            [libc::PR_SET_PDEATHSIG as usize, libc::SIGKILL as usize, 0, 0],
        );
        let chld: u64 = 1 << (libc::SIGCHLD - 1);
        let set = &chld as *const u64 as usize;
        raw::syscall(libc::SYS_rt_sigprocmask, [libc::SIG_BLOCK as usize, set, 0, 8]);
        let no_hang = (libc::WNOHANG | libc::__WALL) as usize;
        loop {
            while raw::syscall(libc::SYS_wait4, [usize::MAX, 0, no_hang, 0]) > 0 {}
            raw::syscall(libc::SYS_rt_sigtimedwait, [set, 0, 0, 8]);
        }
    }
}

/// System calls without the C library: nothing but registers.
mod raw {
    /// # Safety
    /// As for the system call made.
    #[cfg(target_arch = "x86_64")]
    pub(crate) unsafe fn syscall(number: libc::c_long, args: [usize; 4]) -> isize {
        let result: isize;
        // SAFETY: the kernel's calling convention (rcx and r11 clobbered, no stack used); what
        // the call does is the caller's to answer for.
        unsafe {
            std::arch::asm!(
                "syscall",
                inlateout("rax") number as isize => result,
                in("rdi") args[0],
                in("rsi") args[1],
                in("rdx") args[2],
                in("r10") args[3],
                lateout("rcx") _,
                lateout("r11") _,
                options(nostack),
            );
        }
        result
    }

    /// # Safety
    /// As for the system call made.
    #[cfg(target_arch = "aarch64")]
    pub(crate) unsafe fn syscall(number: libc::c_long, args: [usize; 4]) -> isize {
        let result: isize;
        // SAFETY: the kernel's calling convention (no stack used); what the call does is the
        // caller's to answer for.
        unsafe {
            std::arch::asm!(
                "svc 0",
                in("x8") number as usize,
                inlateout("x0") args[0] as isize => result,
                in("x1") args[1],
                in("x2") args[2],
                in("x3") args[3],
                options(nostack),
            );
        }
        result
    }
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
