//! The sandbox on systems other than Linux (macOS, Windows): what they offer without a kernel
//! of Linux's — a process group (Unix) ended at the time limit, the clock, bounded output, a
//! clean environment and a scratch copy of the submission — with every other layer named as
//! missing, so that `auto` says it and `strict` refuses.
//!
//! The API is the Linux one ([`crate::Sandbox`], [`crate::runner`], ...), so that the grader
//! has one code path; only what it can do differs.

use crate::events::Events;
use crate::policy::{CellError, Layer, LayerState, Mode, Policy, SandboxError, SandboxInfo, RUN_PATH};
use crate::run::{Captured, Ending, Launch, Run, RunLimits};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The name of this system, for the report.
const SYSTEM: &str = if cfg!(target_os = "macos") {
    "macOS"
} else if cfg!(windows) {
    "Windows"
} else {
    "this system"
};

/// The layers only Linux gives, each with what its absence leaves open.
const MISSING: [(Layer, &str); 11] = [
    (
        Layer::PidNamespace,
        "a process a run leaves behind outside its group survives it",
    ),
    (Layer::NetworkNamespace, "runs may use the network"),
    (Layer::IpcNamespace, "runs may share IPC objects"),
    (
        Layer::MountNamespace,
        "runs see every file the grader's user may read",
    ),
    (Layer::User, "runs have the grader's own rights"),
    (
        Layer::Landlock,
        "runs may read and write wherever the grader's user may",
    ),
    (Layer::Cgroup, "no limit on memory or processes"),
    (Layer::Cpu, "the time limit is on the clock, not on CPU time"),
    (Layer::Disk, "a run may fill the disk"),
    (Layer::Keyrings, "nothing is refused to runs' system calls"),
    (
        Layer::Private,
        "runs may read whatever the grader's user may: the positions, the report, the reference solver",
    ),
];

/// The CPU time of a run, which no layer here counts: a value of this type never exists.
pub mod cgroup {
    pub use crate::events::Events;
    use std::time::Duration;

    /// A CPU clock of a run's group; there are none off Linux.
    #[derive(Clone, Copy, Debug)]
    pub enum CpuClock {}

    impl CpuClock {
        pub fn read(self) -> Option<Duration> {
            match self {}
        }
    }
}

/// Confinement applied to a child as it starts.
pub mod confine {
    /// What a child is confined by: off Linux, a process group of its own (Unix) alone.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct Confinement {
        /// Whether the child gets a process group of its own (ended whole at the end).
        pub group_only: bool,
    }

    impl Confinement {
        pub fn none() -> Confinement {
            Confinement { group_only: true }
        }
    }

    /// Applies `confinement` to a command about to start.
    pub fn confine_command(command: &mut std::process::Command, confinement: Confinement) {
        #[cfg(unix)]
        if confinement.group_only {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        #[cfg(not(unix))]
        let _ = (command, confinement);
    }

    /// Whether the grader runs with the system's highest rights.
    pub fn running_as_root() -> bool {
        #[cfg(unix)]
        {
            nix::unistd::geteuid().is_root()
        }
        #[cfg(not(unix))]
        {
            false
        }
    }
}

/// Running a program on one input, with the clock as its only limit.
pub mod runner {
    pub use crate::run::{Captured, Ending, Launch, Run, RunLimits, WALL_PER_CPU};

    pub fn run(
        launch: &Launch,
        input: &[u8],
        limits: RunLimits,
        interrupted: &std::sync::atomic::AtomicBool,
    ) -> Run {
        super::run(launch, input, limits, interrupted)
    }
}

/// Scratch copies of submissions.
pub mod scratch {
    use std::fs;
    use std::io;
    use std::path::Path;

    /// Most bytes copied for one student.
    pub const MAX_BYTES: u64 = 256 << 20;
    /// Most files and folders copied for one student.
    pub const MAX_ENTRIES: u64 = 20_000;

    /// Copies the folder `from` to `to` (which must not exist), charging the bytes and entries
    /// left; links are not copied (a run could follow them out of its copy).
    pub fn copy_capped(
        from: &Path,
        to: &Path,
        bytes_left: &mut u64,
        entries_left: &mut u64,
    ) -> io::Result<()> {
        fs::create_dir(to)?;
        let mut entries: Vec<_> = fs::read_dir(from)?.collect::<Result<_, _>>()?;
        entries.sort_by_key(|entry| entry.file_name());
        for entry in entries {
            *entries_left = entries_left.checked_sub(1).ok_or_else(|| {
                io::Error::other(format!(
                    "the submission has more than {MAX_ENTRIES} files and folders"
                ))
            })?;
            let target = to.join(entry.file_name());
            let kind = entry.file_type()?;
            if kind.is_dir() {
                copy_capped(&entry.path(), &target, bytes_left, entries_left)?;
            } else if kind.is_file() {
                *bytes_left = bytes_left.checked_sub(entry.metadata()?.len()).ok_or_else(|| {
                    io::Error::other(format!("the submission is larger than {} MiB", MAX_BYTES >> 20))
                })?;
                fs::copy(entry.path(), &target)?;
            }
        }
        Ok(())
    }

    /// Copies as [`copy_capped`] does, with a student's whole budget.
    pub fn copy(from: &Path, to: &Path) -> io::Result<()> {
        let (mut bytes, mut entries) = (MAX_BYTES, MAX_ENTRIES);
        copy_capped(from, to, &mut bytes, &mut entries)
    }
}

/// The sandbox, prepared for one grading.
#[derive(Debug)]
pub struct Sandbox {
    policy: Policy,
    info: SandboxInfo,
    scratch: Option<tempfile::TempDir>,
    cells: AtomicU64,
}

/// One student's part of the sandbox: the scratch copy runs work in.
#[derive(Debug)]
pub struct Cell {
    pub dir: PathBuf,
    copy: bool,
    env: Vec<(String, String)>,
}

impl Cell {
    /// Whether the student's copy filled its disk: no disk of its own is counted here.
    pub fn disk_full(&self) -> bool {
        false
    }
}

impl Drop for Cell {
    fn drop(&mut self) {
        if self.copy {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// One run's walls: a process group alone.
#[derive(Debug)]
pub struct RunWalls<'s> {
    pub confinement: confine::Confinement,
    pub cpu: Option<cgroup::CpuClock>,
    _sandbox: std::marker::PhantomData<&'s Sandbox>,
}

impl RunWalls<'_> {
    /// What the run's walls saw: nothing is counted here.
    pub fn finish(self) -> Events {
        Events::default()
    }
}

impl Sandbox {
    /// Says which layers this system lacks; refuses under `strict`, since it lacks most.
    pub fn prepare(policy: Policy) -> Result<Sandbox, SandboxError> {
        let mut layers: Vec<LayerState> = MISSING
            .iter()
            .map(|&(layer, open)| LayerState {
                layer,
                applied: false,
                detail: format!("not available on {SYSTEM}: {open}"),
            })
            .collect();
        if policy.mode == Mode::Strict {
            let missing: Vec<&str> = layers.iter().map(|l| l.layer.name()).collect();
            return Err(SandboxError::Missing(format!(
                "{SYSTEM} offers none of these layers: {}; grade students' programs on Linux",
                missing.join(", ")
            )));
        }
        let scratch = if policy.mode == Mode::Off {
            None
        } else {
            layers.extend([
                applied(
                    Layer::Session,
                    "a process group of its own, ended whole, and a clean environment",
                ),
                applied(
                    Layer::Scratch,
                    "each student's runs work in a copy of the submission",
                ),
            ]);
            let made = tempfile::Builder::new().prefix("minimax-scratch-").tempdir();
            Some(made.map_err(SandboxError::Scratch)?)
        };
        Ok(Sandbox {
            info: SandboxInfo {
                mode: policy.mode,
                layers,
            },
            policy,
            scratch,
            cells: AtomicU64::new(0),
        })
    }

    pub fn info(&self) -> &SandboxInfo {
        &self.info
    }

    pub fn is_off(&self) -> bool {
        self.policy.mode == Mode::Off
    }

    pub fn memory_mib(&self) -> u64 {
        self.policy.memory_mib
    }

    pub fn disk_mib(&self) -> u64 {
        self.policy.disk_mib
    }

    /// Whether runs are judged on CPU time: never here, the clock judges.
    pub fn judges_cpu_time(&self) -> bool {
        false
    }

    /// Prepares a student's scratch copy, with a harness's `files` beside the submission's.
    pub fn cell(
        &self,
        submission: &Path,
        files: &[(String, Vec<u8>)],
        must_copy: bool,
    ) -> Result<Cell, CellError> {
        let mut cell = Cell {
            dir: submission.to_path_buf(),
            copy: false,
            env: Vec::new(),
        };
        let Some(scratch) = self.scratch.as_ref().filter(|_| must_copy || !self.is_off()) else {
            return Ok(cell);
        };
        let index = self.cells.fetch_add(1, Ordering::Relaxed);
        let dir = scratch.path().join(format!("{index:05}"));
        scratch::copy(submission, &dir).map_err(|error| match error.kind() {
            std::io::ErrorKind::Other => {
                CellError::Student(format!("the submission could not be copied: {error}"))
            }
            _ => CellError::Grader(format!("the grader could not copy the submission: {error}")),
        })?;
        cell.dir = dir.clone();
        cell.copy = true;
        for (name, bytes) in files {
            std::fs::write(dir.join(name), bytes).map_err(|error| {
                CellError::Grader(format!("the grader could not add the harness's files: {error}"))
            })?;
        }
        let folder = dir.display().to_string();
        cell.env = vec![
            (
                "PATH".to_string(),
                std::env::var("PATH").unwrap_or_else(|_| RUN_PATH.to_string()),
            ),
            ("HOME".to_string(), folder.clone()),
            ("TMPDIR".to_string(), folder.clone()),
            ("TEMP".to_string(), folder),
            ("LANG".to_string(), "C.UTF-8".to_string()),
        ];
        Ok(cell)
    }

    /// The environment of a student's runs (`None` with the sandbox off: the grader's own).
    pub fn env<'c>(&self, cell: &'c Cell) -> Option<&'c [(String, String)]> {
        (!self.is_off()).then_some(cell.env.as_slice())
    }

    /// The walls of one run: a process group of its own.
    pub fn walls(
        &self,
        _cell: &Cell,
        _wall: Duration,
        _build: bool,
    ) -> Result<RunWalls<'_>, crate::policy::WallsError> {
        Ok(RunWalls {
            confinement: confine::Confinement::none(),
            cpu: None,
            _sandbox: std::marker::PhantomData,
        })
    }

    /// Ends what runs left behind: each run's group is ended with it, so nothing is left here.
    pub fn sweep(&self) -> usize {
        0
    }
}

fn applied(layer: Layer, detail: &str) -> LayerState {
    LayerState {
        layer,
        applied: true,
        detail: detail.to_string(),
    }
}

/// How often a run is looked at while it goes on.
const POLL: Duration = Duration::from_millis(10);

/// Runs the launch with `sh -c` (`cmd /C` on Windows), writing `input` to its stdin; stops it
/// (its whole group, on Unix) at the time limit or when grading is interrupted.
fn run(launch: &Launch, input: &[u8], limits: RunLimits, interrupted: &AtomicBool) -> Run {
    let started = Instant::now();
    let mut command = shell(launch.command);
    command
        .current_dir(launch.dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(env) = launch.env {
        command.env_clear().envs(env.iter().map(|(k, v)| (k, v)));
        #[cfg(windows)]
        for name in ["SystemRoot", "COMSPEC", "PATHEXT"] {
            if let Some(value) = std::env::var_os(name) {
                command.env(name, value);
            }
        }
    }
    confine::confine_command(&mut command, launch.confinement);
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(error) => {
            return Run {
                ending: Ending::NotStarted(error.to_string()),
                stdout: Captured::default(),
                stderr: Captured::default(),
                seconds: started.elapsed().as_secs_f64(),
                cpu_seconds: None,
                disk_full: false,
            }
        }
    };
    let mut stdin = child.stdin.take();
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        if let Some(stdin) = stdin.as_mut() {
            let _ = stdin.write_all(&input);
        }
    });
    let keep = limits.output;
    let stdout = child.stdout.take().map(|s| reader(s, keep));
    let stderr = child.stderr.take().map(|s| reader(s, keep));
    let ending = loop {
        match child.try_wait() {
            Ok(Some(status)) => break ending_of(status),
            Ok(None) if interrupted.load(Ordering::Relaxed) => break Ending::Interrupted,
            Ok(None) if started.elapsed() >= limits.timeout => break Ending::TimedOut,
            Ok(None) => std::thread::sleep(POLL),
            Err(error) => break Ending::NotStarted(error.to_string()),
        }
    };
    end_group(&mut child);
    let _ = feeder.join();
    // A descendant outside the group (Windows) may hold a pipe open: it gets a moment, not
    // the grader.
    let joined = |reader: Option<std::sync::mpsc::Receiver<Captured>>| {
        reader
            .and_then(|r| r.recv_timeout(Duration::from_secs(1)).ok())
            .unwrap_or_default()
    };
    Run {
        ending,
        stdout: joined(stdout),
        stderr: joined(stderr),
        seconds: started.elapsed().as_secs_f64(),
        cpu_seconds: None,
        disk_full: false,
    }
}

fn shell(command: &str) -> Command {
    if cfg!(windows) {
        let mut shell = Command::new("cmd");
        shell.args(["/C", command]);
        shell
    } else {
        let mut shell = Command::new("sh");
        shell.args(["-c", command]);
        shell
    }
}

/// A thread reading `stream` to its end, whose capture comes through the channel.
fn reader(stream: impl Read + Send + 'static, keep: usize) -> std::sync::mpsc::Receiver<Captured> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(capture(stream, keep)));
    receive
}

/// Reads a stream to its end, keeping its first `keep` bytes and counting the rest.
fn capture(mut stream: impl Read, keep: usize) -> Captured {
    let mut captured = Captured::default();
    let mut buffer = [0u8; 8192];
    while let Ok(n) = stream.read(&mut buffer) {
        if n == 0 {
            break;
        }
        let room = keep.saturating_sub(captured.bytes.len()).min(n);
        captured.bytes.extend_from_slice(&buffer[..room]);
        captured.total += n;
    }
    captured
}

fn ending_of(status: std::process::ExitStatus) -> Ending {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return Ending::Signalled(signal);
        }
    }
    Ending::Exited(status.code().unwrap_or(-1))
}

/// Ends the run's process group (Unix), or the run's process (Windows), and reaps it.
fn end_group(child: &mut std::process::Child) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(child.id()) {
        let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}
