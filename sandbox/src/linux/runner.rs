//! Running one student program on one input, whatever the program does.
//!
//! The program runs inside the walls the sandbox prepared (see [`super::sandbox`]); this
//! module starts it, feeds it, reads it and ends it. One thread does all of that with
//! `poll`: the input is written as the program reads it, stdout and stderr are read as they
//! come (only the first [`RunLimits::output`] bytes of each are kept), and the program's exit
//! is seen through a pidfd. Reading stops at the run's deadline, or as soon as the program has
//! exited and what it wrote is drained: a descendant still holding a pipe can never stall the
//! grader.

use super::cgroup::CpuClock;
use super::confine;
use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub use crate::run::{Captured, Ending, Launch, Run, RunLimits, WALL_PER_CPU};

/// How often a waiting run looks at the interruption flag.
const POLL: Duration = Duration::from_millis(50);

/// Runs the launch, writing `input` to its stdin.
pub fn run(launch: &Launch, input: &[u8], limits: RunLimits, interrupted: &AtomicBool) -> Run {
    let started = Instant::now();
    let not_started = |why: String| Run {
        ending: Ending::NotStarted(why),
        stdout: Captured::default(),
        stderr: Captured::default(),
        seconds: started.elapsed().as_secs_f64(),
        cpu_seconds: None,
        disk_full: false,
    };
    let cpu = launch.cpu.filter(|_| limits.cpu.is_some());
    let cpu_before = cpu.and_then(CpuClock::read).unwrap_or_default();
    let cpu_used = || {
        cpu.and_then(CpuClock::read)
            .map(|now| now.saturating_sub(cpu_before))
    };
    let started_run = if launch.confinement.namespaces != 0 {
        start_in_namespaces(launch)
    } else {
        start_directly(launch)
    };
    let (stdio, target) = match started_run {
        Ok(started_run) => started_run,
        Err(why) => return not_started(why.to_string()),
    };
    let mut streams = Streams::new(stdio, input, limits.output);
    let pid = target.pid();
    let pidfd = pidfd_open(pid);

    let deadline = started + limits.timeout;
    let ending = loop {
        if interrupted.load(Ordering::Relaxed) {
            break Ending::Interrupted;
        }
        let now = Instant::now();
        if now >= deadline {
            break Ending::TimedOut;
        }
        if let (Some(limit), Some(used)) = (limits.cpu, cpu_used()) {
            if used >= limit {
                break Ending::TimedOut;
            }
        }
        // Without a pidfd the exit is noticed by polling for it often.
        let slice = if pidfd.is_some() {
            POLL
        } else {
            Duration::from_millis(2)
        };
        streams.exchange(
            pidfd.as_ref().map(AsRawFd::as_raw_fd),
            (deadline - now).min(slice),
        );
        if has_exited(pid) {
            break Ending::Exited(0);
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let cpu_seconds = cpu_used().map(|used| used.as_secs_f64());
    let disk_full = launch.confinement.steps.is_some() && target.box_disk_full();
    let status = target.end();
    let ending = match (ending, status) {
        (Ending::Exited(_), Ok(status)) => ending_of(status),
        (Ending::Exited(_), Err(error)) => Ending::NotStarted(error.to_string()),
        (ending, _) => ending,
    };
    streams.drain();
    Run {
        ending,
        stdout: streams.stdout.captured,
        stderr: streams.stderr.captured,
        seconds,
        cpu_seconds,
        disk_full,
    }
}

/// The process whose exit ends the run.
enum Target {
    /// The program is the grader's child (no namespaces).
    Direct(Child),
    /// The program and its namespace's init, both the grader's children; the init runs on a
    /// stack of the grader's, freed once the init is reaped.
    Namespace {
        program: libc::pid_t,
        init: libc::pid_t,
        init_stack: Vec<u8>,
    },
}

impl Target {
    fn pid(&self) -> libc::pid_t {
        match self {
            Target::Direct(child) => child.id() as libc::pid_t,
            Target::Namespace { program, .. } => *program,
        }
    }

    /// Whether the box's disk (its tmpfs, which its /tmp is on) is full; looked at through the
    /// init, which lives in the box until it is killed.
    fn box_disk_full(&self) -> bool {
        match self {
            Target::Direct(_) => false,
            Target::Namespace { init, .. } => {
                super::scratch::is_full(Path::new(&format!("/proc/{init}/root/tmp")))
            }
        }
    }

    /// Ends what is left of the run and reaps the program: its wait status.
    ///
    /// Without namespaces the program's process group is killed before the program is
    /// reaped (while the group's id cannot be reused). With them the init is killed, which
    /// kills everything in the namespace; the program is reaped first, since the dying init
    /// waits for it to be.
    fn end(self) -> io::Result<ExitStatus> {
        match self {
            Target::Direct(mut child) => {
                let pid = child.id() as libc::pid_t;
                // SAFETY: signalling processes this run started, not yet reaped.
                unsafe {
                    libc::kill(-pid, libc::SIGKILL);
                    libc::kill(pid, libc::SIGKILL);
                }
                child.wait()
            }
            Target::Namespace {
                program,
                init,
                init_stack,
            } => {
                // SAFETY: signals to, and reaping of, this run's own two processes.
                unsafe {
                    if !has_exited(program) {
                        libc::kill(init, libc::SIGKILL);
                    }
                    let status = reap(program);
                    libc::kill(init, libc::SIGKILL);
                    if reap(init).is_err() {
                        // Never free a stack something might still run on.
                        std::mem::forget(init_stack);
                    }
                    status
                }
            }
        }
    }
}

/// Waits for a child of this process; its wait status.
fn reap(pid: libc::pid_t) -> io::Result<ExitStatus> {
    let mut status = 0;
    loop {
        // SAFETY: waiting for a child of this process.
        if unsafe { libc::waitpid(pid, &mut status, 0) } == pid {
            return Ok(ExitStatus::from_raw(status));
        }
        let error = io::Error::last_os_error();
        if error.raw_os_error() != Some(libc::EINTR) {
            return Err(error);
        }
    }
}

/// Why a run could not be started; its words are what `Ending::NotStarted` carries.
#[derive(Debug, thiserror::Error)]
enum StartError {
    /// The standard library could not spawn the shell.
    #[error("{0}")]
    Spawn(#[source] io::Error),
    /// A pipe, or the spawn into namespaces, failed.
    #[error("cannot start the run: {0}")]
    Namespaces(#[source] io::Error),
    /// The run's folder cannot be given to `chdir`.
    #[error("{} holds a NUL byte", .0.display())]
    NulInFolder(std::path::PathBuf),
    /// The command or its environment cannot be given to `execve`.
    #[error("{0:?} holds a NUL byte")]
    NulInText(String),
}

/// The grader's ends of a run's stdin, stdout and stderr.
type Stdio3 = [Option<OwnedFd>; 3];

/// Starts a run as the grader's direct child, by the standard library: with `posix_spawn`
/// when there are no walls, else through `confine::enter` between fork and exec.
fn start_directly(launch: &Launch) -> Result<(Stdio3, Target), StartError> {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(launch.command)
        .current_dir(launch.dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(env) = launch.env {
        command.env_clear().envs(env.iter().map(|(k, v)| (k, v)));
    }
    let confinement = launch.confinement;
    if confinement.group_only {
        command.process_group(0);
    } else {
        // SAFETY: `enter` makes only async-signal-safe system calls on prepared values.
        unsafe {
            command.pre_exec(move || confine::enter(&confinement));
        }
    }
    let mut child = command.spawn().map_err(StartError::Spawn)?;
    let stdio = [
        child.stdin.take().map(OwnedFd::from),
        child.stdout.take().map(OwnedFd::from),
        child.stderr.take().map(OwnedFd::from),
    ];
    Ok((stdio, Target::Direct(child)))
}

/// Starts a run in its namespaces (see `confine::spawn_in_namespaces`).
fn start_in_namespaces(launch: &Launch) -> Result<(Stdio3, Target), StartError> {
    let cannot = StartError::Namespaces;
    let program = Program::new(launch)?;
    let cwd = CString::new(launch.dir.as_os_str().as_bytes())
        .map_err(|_| StartError::NulInFolder(launch.dir.to_path_buf()))?;
    let (stdin_read, stdin_write) = pipe().map_err(cannot)?;
    let (stdout_read, stdout_write) = pipe().map_err(cannot)?;
    let (stderr_read, stderr_write) = pipe().map_err(cannot)?;
    // Stacks need no zeroing: nothing is read from one before it is written.
    let mut stacks: [Vec<u8>; 3] = std::array::from_fn(|_| Vec::with_capacity(confine::STACK));
    // Stacks grow down: each process starts at the top of its own, 16-byte aligned.
    let tops = stacks.each_mut().map(|stack| {
        let top = stack.as_mut_ptr() as usize + stack.capacity();
        (top & !15) as *mut libc::c_void
    });
    let mut spawn = confine::Spawn {
        confinement: launch.confinement,
        exec: program.exec(),
        cwd: cwd.as_ptr(),
        stdio: [
            stdin_read.as_raw_fd(),
            stdout_write.as_raw_fd(),
            stderr_write.as_raw_fd(),
        ],
        stacks: tops,
        program: 0,
        init: 0,
        error: 0,
    };
    // SAFETY: every pointer in `spawn` points into values alive until this returns, and the
    // stacks are not in use; the init's stack is kept until the init is reaped.
    let (program_pid, init) = unsafe { confine::spawn_in_namespaces(&mut spawn) }.map_err(cannot)?;
    // The relay has exited and the program has executed: only the init's stack is in use.
    let [_, init_stack, _] = stacks;
    Ok((
        [Some(stdin_write), Some(stdout_read), Some(stderr_read)],
        Target::Namespace {
            program: program_pid,
            init,
            init_stack,
        },
    ))
}

/// Whether the process has ended, without reaping it.
fn has_exited(pid: libc::pid_t) -> bool {
    // SAFETY: `info` is a valid siginfo for waitid to fill.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) == 0 && info.si_pid() != 0
    }
}

/// `sh -c COMMAND` with its environment, as the C strings `execve` takes.
struct Program {
    path: CString,
    /// Owned here for the pointers below.
    _argv: Vec<CString>,
    _envp: Vec<CString>,
    argv_ptrs: Vec<*const libc::c_char>,
    envp_ptrs: Vec<*const libc::c_char>,
}

impl Program {
    fn new(launch: &Launch) -> Result<Program, StartError> {
        let text = |s: &str| CString::new(s).map_err(|_| StartError::NulInText(s.to_string()));
        let env: Vec<(String, String)> = match launch.env {
            Some(env) => env.to_vec(),
            None => std::env::vars().collect(),
        };
        let argv = vec![text("sh")?, text("-c")?, text(launch.command)?];
        let envp = env
            .iter()
            .map(|(k, v)| text(&format!("{k}={v}")))
            .collect::<Result<Vec<_>, _>>()?;
        let pointers = |strings: &[CString]| -> Vec<*const libc::c_char> {
            strings
                .iter()
                .map(|s| s.as_ptr())
                .chain([std::ptr::null()])
                .collect()
        };
        Ok(Program {
            path: text(SHELL)?,
            argv_ptrs: pointers(&argv),
            envp_ptrs: pointers(&envp),
            _argv: argv,
            _envp: envp,
        })
    }

    fn exec(&self) -> confine::Exec {
        confine::Exec {
            path: self.path.as_ptr(),
            argv: self.argv_ptrs.as_ptr(),
            envp: self.envp_ptrs.as_ptr(),
        }
    }
}

/// The shell every command runs in.
const SHELL: &str = "/bin/sh";

/// How the program ended, from its wait status.
fn ending_of(status: ExitStatus) -> Ending {
    match (status.code(), status.signal()) {
        (Some(code), _) => Ending::Exited(code),
        (None, Some(signal)) => Ending::Signalled(signal),
        (None, None) => Ending::Exited(-1),
    }
}

/// One output stream being read.
struct Reader {
    fd: Option<OwnedFd>,
    captured: Captured,
    limit: usize,
}

impl Reader {
    fn new(fd: Option<OwnedFd>, limit: usize) -> Reader {
        if let Some(fd) = &fd {
            set_nonblocking(fd.as_raw_fd());
        }
        Reader {
            fd,
            captured: Captured::default(),
            limit,
        }
    }

    /// Reads what is there now; closes the stream at its end.
    fn read_available(&mut self) {
        let Some(fd) = &self.fd else { return };
        let mut buffer = [0u8; 16384];
        loop {
            // SAFETY: reading into a buffer of the given size.
            let n = unsafe { libc::read(fd.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len()) };
            if n > 0 {
                let n = n as usize;
                let keep = n.min(self.limit.saturating_sub(self.captured.bytes.len()));
                self.captured.bytes.extend_from_slice(&buffer[..keep]);
                self.captured.total += n;
                continue;
            }
            let error = io::Error::last_os_error().raw_os_error();
            if n < 0 && error == Some(libc::EINTR) {
                continue;
            }
            if n == 0 || error != Some(libc::EAGAIN) {
                self.fd = None;
            }
            return;
        }
    }
}

/// The three pipes of a run.
struct Streams<'i> {
    stdin: Option<OwnedFd>,
    input: &'i [u8],
    stdout: Reader,
    stderr: Reader,
}

impl<'i> Streams<'i> {
    fn new(stdio: Stdio3, input: &'i [u8], limit: usize) -> Streams<'i> {
        let [stdin, stdout, stderr] = stdio;
        if let Some(fd) = &stdin {
            set_nonblocking(fd.as_raw_fd());
        }
        Streams {
            stdin,
            input,
            stdout: Reader::new(stdout, limit),
            stderr: Reader::new(stderr, limit),
        }
    }

    /// Waits up to `wait` for something to happen, then writes and reads what it can.
    fn exchange(&mut self, pidfd: Option<RawFd>, wait: Duration) {
        let mut fds = Vec::with_capacity(4);
        let mut watch = |fd: Option<RawFd>, events: libc::c_short| {
            if let Some(fd) = fd {
                fds.push(libc::pollfd {
                    fd,
                    events,
                    revents: 0,
                });
            }
        };
        watch(self.stdin.as_ref().map(AsRawFd::as_raw_fd), libc::POLLOUT);
        watch(self.stdout.fd.as_ref().map(AsRawFd::as_raw_fd), libc::POLLIN);
        watch(self.stderr.fd.as_ref().map(AsRawFd::as_raw_fd), libc::POLLIN);
        watch(pidfd, libc::POLLIN);
        let millis = wait.as_millis().clamp(1, i32::MAX as u128) as libc::c_int;
        // SAFETY: `fds` is a valid array of its length.
        unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, millis) };
        self.write_input();
        self.stdout.read_available();
        self.stderr.read_available();
    }

    /// Writes as much of the input as the pipe takes; closes stdin when all is written or the
    /// program stopped reading.
    fn write_input(&mut self) {
        let Some(fd) = &self.stdin else { return };
        while !self.input.is_empty() {
            // SAFETY: writing from a buffer of the given size.
            let n = unsafe { libc::write(fd.as_raw_fd(), self.input.as_ptr().cast(), self.input.len()) };
            if n > 0 {
                self.input = &self.input[n as usize..];
                continue;
            }
            let error = io::Error::last_os_error().raw_os_error();
            if n < 0 && error == Some(libc::EINTR) {
                continue;
            }
            if n < 0 && error == Some(libc::EAGAIN) {
                return;
            }
            break;
        }
        self.stdin = None;
    }

    /// After the run: what was written before it ended is read; nothing is waited for.
    fn drain(&mut self) {
        self.stdin = None;
        self.stdout.read_available();
        self.stderr.read_available();
        self.stdout.fd = None;
        self.stderr.fd = None;
    }
}

fn set_nonblocking(fd: RawFd) {
    // SAFETY: flag changes on a descriptor this process owns.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
}

/// A pipe whose ends are closed on exec.
fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just opened and are owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// A descriptor that becomes readable when the process exits (Linux 5.3 and later).
fn pidfd_open(pid: libc::pid_t) -> Option<OwnedFd> {
    // SAFETY: a system call that returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    // SAFETY: a new descriptor, owned by nobody else.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quick(command: &str) -> Run {
        let limits = RunLimits {
            timeout: Duration::from_secs(2),
            output: 1000,
            cpu: None,
        };
        run(
            &Launch::plain(command, Path::new(".")),
            b"hello\n",
            limits,
            &AtomicBool::new(false),
        )
    }

    #[test]
    fn output_status_and_input_are_passed_through() {
        let run = quick("cat; echo oops >&2; exit 3");
        assert_eq!(run.ending, Ending::Exited(3));
        assert_eq!(run.stdout.bytes, b"hello\n");
        assert_eq!(run.stderr.bytes, b"oops\n");
    }

    #[test]
    fn a_flood_is_kept_to_the_limit_and_counted() {
        let run = quick("head -c 300000 /dev/zero");
        assert_eq!(run.ending, Ending::Exited(0));
        assert_eq!((run.stdout.bytes.len(), run.stdout.total), (1000, 300_000));
        assert!(run.stdout.was_cut());
    }

    #[test]
    fn a_large_input_reaches_a_program_that_reads_it_all() {
        let input = vec![b'x'; 1 << 20];
        let run = run(
            &Launch::plain("wc -c", Path::new(".")),
            &input,
            RunLimits::default(),
            &AtomicBool::new(false),
        );
        assert_eq!(String::from_utf8_lossy(&run.stdout.bytes).trim(), "1048576");
    }

    #[test]
    fn a_hanging_program_is_stopped_at_the_time_limit() {
        let limits = RunLimits {
            timeout: Duration::from_millis(300),
            output: 1000,
            cpu: None,
        };
        let run = run(
            &Launch::plain("sleep 30", Path::new(".")),
            b"",
            limits,
            &AtomicBool::new(false),
        );
        assert_eq!(run.ending, Ending::TimedOut);
    }

    #[test]
    fn an_interrupted_run_stops_promptly() {
        let run = run(
            &Launch::plain("sleep 30", Path::new(".")),
            b"",
            RunLimits::default(),
            &AtomicBool::new(true),
        );
        assert_eq!(run.ending, Ending::Interrupted);
    }

    #[test]
    fn a_child_holding_the_pipe_open_does_not_keep_the_run_alive() {
        let started = Instant::now();
        let run = quick("sleep 20 & echo done");
        assert_eq!(run.ending, Ending::Exited(0));
        assert_eq!(run.stdout.bytes, b"done\n");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "waited for the child"
        );
    }

    #[test]
    fn a_detached_daemon_holding_the_pipe_cannot_stall_the_run() {
        // Even without a sandbox, reading stops once the program has exited.
        let started = Instant::now();
        let run = quick("setsid sleep 7.31 & echo $!");
        assert_eq!(run.ending, Ending::Exited(0));
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "waited for the daemon"
        );
        // The daemon escaped (no sandbox here): end it, making sure it is the one we started.
        let pid: i32 = String::from_utf8_lossy(&run.stdout.bytes).trim().parse().unwrap();
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if cmdline.windows(4).any(|w| w == b"7.31") {
            // SAFETY: a signal to the process this test started.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
}
