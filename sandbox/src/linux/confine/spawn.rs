//! A run started in its namespaces without copying the grader's memory: the relay, the
//! init that reaps orphans, and the program's side up to `exec`.

use super::steps::build_root;
use super::{check, join_cgroups, restrict, Confinement, Exec};
use std::io;
use std::os::fd::RawFd;

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
