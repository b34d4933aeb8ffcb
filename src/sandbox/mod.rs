//! The sandbox: walls around every student run, so that nothing a program does can stall,
//! crash, forge or leak the grading.
//!
//! Layers, each applied where the kernel and the grader's rights allow it:
//! - **namespaces**: a PID namespace per run (every process the run starts dies with it,
//!   however it detached; `kill -1` reaches only the run) and an empty network namespace;
//! - **user**: a grader with privileges runs programs as an unprivileged user (65534);
//! - **files**: Landlock limits a run to reading the system and writing its scratch folder;
//! - **limits**: a cgroup per run for memory and processes, resource limits for CPU time,
//!   file size, open files (and memory and processes where there are no cgroups);
//! - **session**: a new session with no controlling terminal, and a clean environment;
//! - **scratch**: each student's runs work in a copy of the submission.

pub mod cgroup;
pub mod confine;
pub mod rules;
pub mod runner;
pub mod scratch;

use cgroup::{Cgroups, Events, RunGroup};
use confine::Confinement;
use serde::Serialize;
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// How much sandbox to insist on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Every layer the kernel offers; the report names what was applied and what was not.
    #[default]
    Auto,
    /// Every layer, or no grading at all.
    Strict,
    /// No sandbox: programs run with the grader's rights, in the submission's folder.
    Off,
}

/// What the instructor asked for.
#[derive(Clone, Debug)]
pub struct Policy {
    pub mode: Mode,
    /// The user runs become when the grader has privileges: `None` is uid/gid 65534.
    pub user: Option<(u32, u32)>,
    pub memory_mib: u64,
    pub pids: u64,
    /// More folders runs may read and execute from (a JDK in /opt, shared course files).
    pub allow: Vec<PathBuf>,
    /// The time limit of a run; CPU time is capped a little above it.
    pub timeout: Duration,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            mode: Mode::Auto,
            user: None,
            memory_mib: 1024,
            pids: 64,
            allow: Vec::new(),
            timeout: Duration::from_secs(5),
        }
    }
}

/// The layers of the sandbox, by the names the report uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layer {
    PidNamespace,
    NetworkNamespace,
    User,
    Landlock,
    Cgroup,
    Rlimits,
    Session,
    Scratch,
}

impl Layer {
    pub fn name(self) -> &'static str {
        match self {
            Layer::PidNamespace => "pid-namespace",
            Layer::NetworkNamespace => "network-namespace",
            Layer::User => "user",
            Layer::Landlock => "landlock",
            Layer::Cgroup => "cgroup",
            Layer::Rlimits => "rlimits",
            Layer::Session => "session",
            Layer::Scratch => "scratch",
        }
    }
}

/// One layer as applied, or why not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LayerState {
    pub layer: Layer,
    pub applied: bool,
    /// What it does here, or why it could not be applied.
    pub detail: String,
}

/// What the sandbox did, for the report's header.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SandboxInfo {
    pub mode: Mode,
    pub layers: Vec<LayerState>,
}

impl SandboxInfo {
    /// One line for people: `sandbox auto: applied a, b; not applied: c (why)`.
    pub fn summary(&self) -> String {
        if self.mode == Mode::Off {
            return "sandbox off: programs ran with the grader's rights, in the submissions' folders".into();
        }
        let applied: Vec<&str> = self
            .layers
            .iter()
            .filter(|l| l.applied)
            .map(|l| l.layer.name())
            .collect();
        let missing: Vec<String> = self
            .layers
            .iter()
            .filter(|l| !l.applied)
            .map(|l| format!("{} ({})", l.layer.name(), l.detail))
            .collect();
        let mut line = format!("sandbox {}: {}", mode_name(self.mode), applied.join(", "));
        if !missing.is_empty() {
            line.push_str(&format!("; not applied: {}", missing.join(", ")));
        }
        line
    }
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Auto => "auto",
        Mode::Strict => "strict",
        Mode::Off => "off",
    }
}

/// Why grading cannot start with the sandbox asked for.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    #[error("--sandbox strict: {0}; use --sandbox auto to grade with the layers available, or run the grader where the kernel allows them (see readme.txt, Safety)")]
    Missing(String),
    #[error("cannot make the scratch folder: {0}")]
    Scratch(std::io::Error),
}

/// The sandbox, prepared for one grading.
#[derive(Debug)]
pub struct Sandbox {
    policy: Policy,
    info: SandboxInfo,
    namespaces: libc::c_int,
    network: Option<OwnedFd>,
    user: Option<(u32, u32)>,
    landlock_abi: i32,
    readable: Vec<PathBuf>,
    cgroups: Option<Cgroups>,
    scratch: Option<tempfile::TempDir>,
    /// Emptied run cgroups, ready for the next run.
    pool: Mutex<Vec<RunGroup>>,
    runs: AtomicU64,
    cells: AtomicU64,
}

/// The PATH of every run: the system's programs.
pub const RUN_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// One student's part of the sandbox: the scratch copy runs work in.
#[derive(Debug)]
pub struct Cell {
    pub dir: PathBuf,
    /// Whether `dir` is a scratch copy of the grader's, removed with the cell.
    copy: bool,
    env: Vec<(String, String)>,
    /// The student's Landlock ruleset, built once: enforcing it does not use it up.
    landlock: Option<OwnedFd>,
}

impl Drop for Cell {
    fn drop(&mut self) {
        if self.copy {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// One run's walls; its cgroup goes back to the pool when they are dropped.
#[derive(Debug)]
pub struct RunWalls<'s> {
    pub confinement: Confinement,
    /// The run's cgroups, taken from the sandbox's pool.
    group: Option<RunGroup>,
    pool: Option<&'s Mutex<Vec<RunGroup>>>,
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

impl Sandbox {
    /// Works out which layers this machine allows; refuses under `strict` if any is missing.
    ///
    /// Where no PID namespace can hold a run (the sandbox off, or a kernel that refuses
    /// namespaces) the grader becomes a child subreaper instead: whatever a run leaves behind
    /// becomes the grader's child, and [`Sandbox::sweep`] ends it. (With namespaces it must
    /// not be one: a program whose relay was killed would become the grader's child, and its
    /// namespace would wait for the grader to reap it.)
    pub fn prepare(policy: Policy) -> Result<Sandbox, SandboxError> {
        let mut sandbox = Sandbox {
            info: SandboxInfo {
                mode: policy.mode,
                layers: Vec::new(),
            },
            policy,
            namespaces: 0,
            network: None,
            user: None,
            landlock_abi: 0,
            readable: Vec::new(),
            cgroups: None,
            scratch: None,
            pool: Mutex::new(Vec::new()),
            runs: AtomicU64::new(0),
            cells: AtomicU64::new(0),
        };
        if sandbox.policy.mode != Mode::Off {
            sandbox.probe()?;
        } else {
            // Without walls runs work in the submission itself, unless a harness adds files
            // or builds: then in a copy, never in the instructor's own folder.
            sandbox.scratch = Some(
                tempfile::Builder::new()
                    .prefix("minimax-scratch-")
                    .tempdir()
                    .map_err(SandboxError::Scratch)?,
            );
        }
        if sandbox.namespaces == 0 {
            // SAFETY: a flag on this process.
            unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1) };
        }
        if sandbox.policy.mode == Mode::Strict {
            let missing: Vec<String> = sandbox
                .info
                .layers
                .iter()
                .filter(|l| !l.applied)
                .map(|l| format!("{}: {}", l.layer.name(), l.detail))
                .collect();
            if !missing.is_empty() {
                return Err(SandboxError::Missing(format!("missing {}", missing.join("; "))));
            }
        }
        Ok(sandbox)
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

    fn record(&mut self, layer: Layer, applied: bool, detail: impl Into<String>) {
        self.info.layers.push(LayerState {
            layer,
            applied,
            detail: detail.into(),
        });
    }

    fn probe(&mut self) -> Result<(), SandboxError> {
        // SAFETY: plain queries of this process's credentials.
        let root = unsafe { libc::geteuid() } == 0;

        // As root, one empty network namespace serves every run. Without privileges a network
        // namespace needs a user namespace of its own per run, which costs; Landlock's TCP
        // rules stand in for it where the kernel has them.
        self.landlock_abi = rules::kernel_abi();
        let network = if root { shared_network().ok() } else { None };
        let mut flags = libc::CLONE_NEWPID;
        if !root {
            flags |= libc::CLONE_NEWUSER;
            if self.landlock_abi < 4 {
                flags |= libc::CLONE_NEWNET;
            }
        }
        match probe_namespaces(flags, network.as_ref().map(AsRawFd::as_raw_fd)) {
            Ok(()) => {
                self.namespaces = flags;
                self.record(Layer::PidNamespace, true, "every process of a run ends with it");
            }
            Err(why) => {
                self.record(Layer::PidNamespace, false, format!("the kernel refused: {why}"));
            }
        }
        match (&network, flags & libc::CLONE_NEWNET != 0 && self.namespaces != 0) {
            (Some(_), _) => self.record(
                Layer::NetworkNamespace,
                true,
                "no network: one empty namespace for all runs",
            ),
            (None, true) => self.record(
                Layer::NetworkNamespace,
                true,
                "no network: an empty namespace per run",
            ),
            (None, false) if self.landlock_abi >= 4 => self.record(
                Layer::NetworkNamespace,
                false,
                "needs root; TCP is refused by Landlock instead",
            ),
            (None, false) => self.record(Layer::NetworkNamespace, false, "needs root or user namespaces"),
        }
        self.network = network;

        if root {
            let (uid, gid) = self.policy.user.unwrap_or((65534, 65534));
            if uid == 0 {
                self.record(Layer::User, false, "--user names root");
            } else {
                self.user = Some((uid, gid));
                self.record(Layer::User, true, format!("uid {uid}, gid {gid}"));
            }
        } else {
            // SAFETY: as above.
            let uid = unsafe { libc::getuid() };
            self.record(
                Layer::User,
                true,
                format!("uid {uid}: the grader's own, unprivileged"),
            );
        }

        let grader = std::env::current_exe().ok().and_then(|p| p.canonicalize().ok());
        self.readable = rules::readable(&self.policy.allow, grader.as_deref());
        if self.landlock_abi > 0 {
            self.record(Layer::Landlock, true, rules::coverage(self.landlock_abi));
        } else {
            self.record(
                Layer::Landlock,
                false,
                "the kernel has no Landlock (Linux 5.13 or later, with landlock in its LSM list)",
            );
        }

        let name = format!("minimax-{}", std::process::id());
        self.cgroups = Cgroups::create(&name);
        let (memory, pids) = (self.policy.memory_mib, self.policy.pids);
        match &self.cgroups {
            Some(_) => self.record(Layer::Cgroup, true, format!("{memory} MiB, {pids} processes per run")),
            None => self.record(
                Layer::Cgroup,
                false,
                "no writable cgroup with the memory and pids controllers; memory is capped per process instead",
            ),
        }
        self.record(
            Layer::Rlimits,
            true,
            "CPU time, file size, open files, core dumps",
        );
        self.record(
            Layer::Session,
            true,
            "no controlling terminal; a clean environment",
        );

        let scratch = tempfile::Builder::new()
            .prefix("minimax-scratch-")
            .tempdir()
            .map_err(SandboxError::Scratch)?;
        // Runs must pass through it to reach their own folder, but not list it.
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(scratch.path(), std::fs::Permissions::from_mode(0o711))
            .map_err(SandboxError::Scratch)?;
        self.record(
            Layer::Scratch,
            true,
            "each student's runs work in a copy of the submission",
        );
        self.scratch = Some(scratch);
        Ok(())
    }

    /// Prepares a student's scratch copy, in a folder numbered (not named after the student,
    /// whose name may be anything).
    /// `files` (a harness's drivers) are written beside the submission's own; `must_copy`
    /// asks for a copy even without walls (a build writes into its folder).
    pub fn cell(
        &self,
        submission: &Path,
        files: &[(String, Vec<u8>)],
        must_copy: bool,
    ) -> Result<Cell, String> {
        let scratch = self.scratch.as_ref().filter(|_| must_copy || !self.is_off());
        let Some(scratch) = scratch else {
            return Ok(Cell {
                dir: submission.to_path_buf(),
                copy: false,
                env: Vec::new(),
                landlock: None,
            });
        };
        let index = self.cells.fetch_add(1, Ordering::Relaxed);
        let dir = scratch.path().join(format!("{index:05}"));
        scratch::copy(submission, &dir, self.user)
            .map_err(|error| format!("the grader could not copy the submission: {error}"))?;
        scratch::add_files(&dir, files, self.user)
            .map_err(|error| format!("the grader could not add the harness's files: {error}"))?;
        let home = dir.display().to_string();
        let env = vec![
            ("PATH".to_string(), RUN_PATH.to_string()),
            ("HOME".to_string(), home.clone()),
            ("TMPDIR".to_string(), home),
            ("LANG".to_string(), "C.UTF-8".to_string()),
            ("LC_ALL".to_string(), "C.UTF-8".to_string()),
        ];
        let landlock = if self.landlock_abi > 0 {
            let fd = rules::ruleset(self.landlock_abi, &self.readable, &dir)
                .map_err(|error| format!("the grader could not build the Landlock rules: {error}"))?;
            Some(fd)
        } else {
            None
        };
        Ok(Cell {
            dir,
            copy: true,
            env,
            landlock,
        })
    }

    /// The environment of a student's runs (`None` with the sandbox off: the grader's own).
    pub fn env<'c>(&self, cell: &'c Cell) -> Option<&'c [(String, String)]> {
        (!self.is_off()).then_some(cell.env.as_slice())
    }

    /// The walls of one run in `cell` that may last `wall` (its CPU time is capped a little
    /// above: a run with several threads may use more CPU than wall time).
    pub fn walls(&self, cell: &Cell, wall: Duration) -> Result<RunWalls<'_>, String> {
        let mut walls = RunWalls {
            confinement: Confinement::none(),
            group: None,
            pool: None,
        };
        if self.is_off() {
            return Ok(walls);
        }
        let confinement = &mut walls.confinement;
        confinement.group_only = false;
        confinement.namespaces = self.namespaces;
        if self.namespaces != 0 {
            confinement.network = self.network.as_ref().map(AsRawFd::as_raw_fd);
        }
        confinement.user = self.user;
        let cpu = 2 * wall.as_secs() + 2;
        confinement.push_rlimit(libc::RLIMIT_CPU, cpu);
        confinement.push_rlimit(libc::RLIMIT_FSIZE, 64 << 20);
        confinement.push_rlimit(libc::RLIMIT_NOFILE, 256);
        confinement.push_rlimit(libc::RLIMIT_CORE, 0);
        confinement.landlock = cell.landlock.as_ref().map(AsRawFd::as_raw_fd);
        match &self.cgroups {
            Some(cgroups) => {
                let pooled = self.pool.lock().unwrap_or_else(|p| p.into_inner()).pop();
                let group = match pooled {
                    Some(group) => group,
                    None => {
                        let n = self.runs.fetch_add(1, Ordering::Relaxed);
                        // The relay and the namespace's init live in the cgroup too.
                        let (memory, pids) = (self.policy.memory_mib << 20, self.policy.pids + 2);
                        cgroups
                            .run_group(&format!("run-{n}"), memory, pids)
                            .map_err(|error| {
                                format!("the grader could not make a cgroup for the run: {error}")
                            })?
                    }
                };
                for procs in &group.procs {
                    confinement.push_cgroup(procs.as_raw_fd());
                }
                walls.group = Some(group);
                walls.pool = Some(&self.pool);
            }
            None => {
                confinement.push_rlimit(libc::RLIMIT_DATA, self.policy.memory_mib << 20);
                // Counted per user: meaningful for a user of the runs' own, or in a user
                // namespace of the run's own (where the count starts afresh).
                if self.user.is_some() || self.namespaces & libc::CLONE_NEWUSER != 0 {
                    confinement.push_rlimit(libc::RLIMIT_NPROC, self.policy.pids);
                }
            }
        }
        Ok(walls)
    }
}

impl Sandbox {
    /// Kills and reaps every child of this process: what runs left behind, adopted by the
    /// subreaper. Only for a process that is the grader alone, once no run is under way.
    pub fn sweep(&self) -> usize {
        let me = std::process::id();
        let mut swept = 0;
        // An orphan's own children come to the grader when it dies: a few rounds find them.
        for _ in 0..100 {
            let orphans = children_of(me);
            if orphans.is_empty() {
                break;
            }
            for &pid in &orphans {
                // SAFETY: signalling the grader's own children.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
            // Reaped without blocking: a dying process may wait for another to be reaped first.
            // SAFETY: reaping the grader's own children.
            while unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) } > 0 {
                swept += 1;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        swept
    }
}

/// The processes whose parent is `parent`, from /proc.
fn children_of(parent: u32) -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            // The parent is the 2nd field after the command, which is in parentheses.
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            stat.rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<u32>().ok())
                == Some(parent)
        })
        .collect()
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        // The pooled run cgroups go first (each removes its folder), then their parents.
        self.pool.lock().unwrap_or_else(|p| p.into_inner()).clear();
        if let Some(cgroups) = &self.cgroups {
            cgroups.remove();
        }
    }
}

/// A new, empty network namespace (not even loopback is up), held by a descriptor. A thread
/// of its own moves into it, so the grader's other threads keep their network.
fn shared_network() -> std::io::Result<OwnedFd> {
    std::thread::spawn(|| {
        // SAFETY: namespace calls on this thread alone; the descriptor is new and ours.
        unsafe {
            if libc::unshare(libc::CLONE_NEWNET) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            let fd = libc::open(
                c"/proc/thread-self/ns/net".as_ptr(),
                libc::O_RDONLY | libc::O_CLOEXEC,
            );
            if fd < 0 {
                return Err(std::io::Error::last_os_error());
            }
            use std::os::fd::FromRawFd;
            Ok(OwnedFd::from_raw_fd(fd))
        }
    })
    .join()
    .unwrap_or_else(|_| Err(std::io::Error::other("the namespace thread failed")))
}

/// Runs `true` in the namespaces, the way every run will start, to see whether the kernel
/// allows them here.
fn probe_namespaces(flags: libc::c_int, network: Option<std::os::fd::RawFd>) -> Result<(), String> {
    use self::runner::{self, Ending, Launch, RunLimits};
    let mut confinement = Confinement::none();
    confinement.group_only = false;
    confinement.namespaces = flags;
    confinement.network = network;
    let launch = Launch {
        command: "true",
        dir: Path::new("/"),
        env: Some(&[]),
        confinement,
    };
    let limits = RunLimits {
        timeout: Duration::from_secs(10),
        output: 4096,
    };
    let run = runner::run(&launch, b"", limits, &std::sync::atomic::AtomicBool::new(false));
    match run.ending {
        Ending::Exited(0) => Ok(()),
        Ending::NotStarted(why) => Err(why),
        other => Err(format!(
            "the probe ended with {other:?}: {}",
            String::from_utf8_lossy(&run.stderr.bytes).trim()
        )),
    }
}
