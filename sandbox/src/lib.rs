//! The sandbox: walls around every student run, so that nothing a program does can stall,
//! crash, forge or leak the grading.
//!
//! Layers, each applied where the kernel and the grader's rights allow it:
//! - **namespaces**: a PID namespace per run (every process the run starts dies with it,
//!   however it detached; `kill -1` reaches only the run) and an empty network namespace;
//!   IPC and UTS namespaces per run (SysV objects die with the run);
//! - **box** (a mount namespace per run, see [`boxroot`]): a root holding only the system's
//!   folders read-only, the student's copy, a private /tmp and /dev/shm and a fresh /proc;
//! - **user**: a grader with privileges runs each student's programs as an unprivileged uid
//!   of that student's own (students graded at once never share one);
//! - **files**: Landlock limits a run to reading the system and writing its scratch folder;
//! - **limits**: a cgroup per run for memory, processes and CPU (an equal share, and the
//!   time limit judged on CPU time), a tmpfs per student and per run for disk; resource limits
//!   for CPU time, file size, open files (and memory and processes where there are no cgroups);
//! - **keyrings**: refused by a seccomp filter (keys outlive processes);
//! - **session**: a new session with no controlling terminal, and a clean environment;
//! - **scratch**: each student's runs work in a copy of the submission.

// Linux: every layer below. Other systems (macOS, Windows) get `portable`, the same API with
// what they offer, each missing layer said.
#[cfg(target_os = "linux")]
mod linux;
#[cfg(not(target_os = "linux"))]
mod portable;
#[cfg(target_os = "linux")]
pub use linux::{boxroot, cgroup, confine, reach, rules, runner, scratch};
#[cfg(not(target_os = "linux"))]
pub use portable::{cgroup, confine, runner, scratch, Cell, RunWalls, Sandbox};
pub mod events;
mod policy;
pub mod run;

pub use policy::{
    CellError, Layer, LayerState, Mode, Policy, Private, SandboxError, SandboxInfo, FIRST_UID, RUN_PATH,
};

#[cfg(target_os = "linux")]
use cgroup::{Cgroups, CpuClock, Events, RunGroup};
#[cfg(target_os = "linux")]
use confine::Confinement;
#[cfg(target_os = "linux")]
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
#[cfg(target_os = "linux")]
use std::path::Path;
#[cfg(target_os = "linux")]
use std::path::PathBuf;
#[cfg(target_os = "linux")]
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
#[cfg(target_os = "linux")]
use std::sync::{Arc, Mutex};
#[cfg(target_os = "linux")]
use std::time::Duration;

#[cfg(target_os = "linux")]
/// The sandbox, prepared for one grading.
#[derive(Debug)]
pub struct Sandbox {
    policy: Policy,
    info: SandboxInfo,
    namespaces: libc::c_int,
    /// Empty network namespaces free for the next student (root only: one for each student
    /// graded at once, as uids are).
    networks: Option<Arc<Mutex<Vec<OwnedFd>>>>,
    /// Whether the seccomp filter refuses the network's sockets (no namespace walls it in).
    no_network: bool,
    user: Option<(u32, u32)>,
    landlock_abi: i32,
    readable: Vec<PathBuf>,
    cgroups: Option<Cgroups>,
    scratch: Option<tempfile::TempDir>,
    /// Whether each run gets a box (a mount namespace of its own; see [`boxroot`]), and what
    /// it shows read-only.
    boxed: bool,
    box_readable: Vec<PathBuf>,
    /// The grader's binary and any `minimax` on the PATH: hidden in a box, left out of
    /// Landlock's rules without one.
    hide: Vec<PathBuf>,
    /// Those and the instructor's private files (the positions, the seed's file, the report,
    /// `--private`): hidden in a box where a folder it shows holds them (`--allow`).
    box_hide: Vec<PathBuf>,
    /// Runs' uids free for the next student (root only: students' own uids).
    uids: Arc<Mutex<Vec<u32>>>,
    next_uid: AtomicU32,
    /// Whether the kernel's keyrings are refused to runs.
    no_keyrings: bool,
    /// Emptied run cgroups, ready for the next run.
    pool: Mutex<Vec<RunGroup>>,
    runs: AtomicU64,
    cells: AtomicU64,
}

#[cfg(target_os = "linux")]
/// One student's part of the sandbox: the scratch copy runs work in.
#[derive(Debug)]
pub struct Cell {
    pub dir: PathBuf,
    /// Whether `dir` is a scratch copy of the grader's, removed with the cell.
    copy: bool,
    /// The student's own tmpfs, holding `dir` (unmounted whole with the cell).
    tmpfs: Option<PathBuf>,
    env: Vec<(String, String)>,
    /// The student's Landlock ruleset, built once: enforcing it does not use it up.
    landlock: Option<OwnedFd>,
    /// The uid and gid the student's programs run as, and the pool it goes back to.
    user: Option<(u32, u32)>,
    uids: Option<Arc<Mutex<Vec<u32>>>>,
    /// The box of a build (writing into the copy) and of a run (over a clean copy).
    build_box: Option<boxroot::BoxPlan>,
    run_box: Option<boxroot::BoxPlan>,
    /// The student's network namespace, and the pool it goes back to.
    network: Option<OwnedFd>,
    networks: Option<Arc<Mutex<Vec<OwnedFd>>>>,
}

#[cfg(target_os = "linux")]
impl Cell {
    /// Whether the student's copy filled its disk.
    pub fn disk_full(&self) -> bool {
        self.tmpfs.as_deref().is_some_and(scratch::is_full)
    }
}

#[cfg(target_os = "linux")]
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

#[cfg(target_os = "linux")]
/// One run's walls; its cgroup goes back to the pool when they are dropped.
#[derive(Debug)]
pub struct RunWalls<'s> {
    pub confinement: Confinement,
    /// The run's CPU time, where a cgroup counts it.
    pub cpu: Option<CpuClock>,
    /// The run's cgroups, taken from the sandbox's pool.
    group: Option<RunGroup>,
    pool: Option<&'s Mutex<Vec<RunGroup>>>,
}

#[cfg(target_os = "linux")]
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

#[cfg(target_os = "linux")]
impl Drop for RunWalls<'_> {
    fn drop(&mut self) {
        self.release();
    }
}

#[cfg(target_os = "linux")]
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
            networks: None,
            no_network: false,
            user: None,
            landlock_abi: 0,
            readable: Vec::new(),
            cgroups: None,
            scratch: None,
            boxed: false,
            box_readable: Vec::new(),
            hide: Vec::new(),
            box_hide: Vec::new(),
            uids: Arc::new(Mutex::new(Vec::new())),
            next_uid: AtomicU32::new(0),
            no_keyrings: false,
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
                // The instructor lifted this one on purpose.
                .filter(|l| !(l.layer == Layer::NetworkNamespace && sandbox.policy.network))
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

    pub fn disk_mib(&self) -> u64 {
        self.policy.disk_mib
    }

    /// Whether `--timeout` is judged on runs' CPU time (a cgroup counts it).
    pub fn judges_cpu_time(&self) -> bool {
        self.cgroups.as_ref().is_some_and(Cgroups::has_cpu)
    }

    fn record(&mut self, layer: Layer, applied: bool, detail: impl Into<String>) {
        self.info.layers.push(LayerState {
            layer,
            applied,
            detail: detail.into(),
        });
    }

    fn probe(&mut self) -> Result<(), SandboxError> {
        let root = confine::running_as_root();
        // As root, the grader's own mounts (students' tmpfs copies) go in a mount namespace
        // of its own: nothing of them shows on the machine, and they vanish with the grader.
        let private_mounts = if root {
            scratch::private_mounts()
        } else {
            Err("needs root".into())
        };
        self.landlock_abi = rules::kernel_abi();
        let network = self.probe_pid_and_network(root);
        self.record_network(root, network);
        self.probe_ipc();
        self.probe_user(root);
        let hidden = rules::hidden_solvers(current_grader().as_deref());
        self.readable = rules::readable_without(&self.policy.allow, &hidden);
        self.record_landlock();
        self.probe_cgroups();
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
        let scratch = self.scratch_root()?;
        let private = self
            .policy
            .private
            .iter()
            .filter_map(|p| p.path.canonicalize().ok());
        self.box_hide = hidden.iter().cloned().chain(private).collect();
        self.hide = hidden;
        self.probe_box(private_mounts, scratch.path());
        self.probe_seccomp();
        self.record(
            Layer::Scratch,
            true,
            "each student's runs work in a copy of the submission",
        );
        self.record_private();
        self.scratch = Some(scratch);
        Ok(())
    }

    /// The PID namespace every run gets and the network namespace of runs; the result of
    /// making the first network namespace (as root).
    ///
    /// As root, one empty network namespace serves the runs of each student graded at once
    /// (a pool, as for uids): runs at the same time never share one, so not even an abstract
    /// unix socket (`\0name`, which no file mode or mount hides) joins them, whatever the
    /// kernel's Landlock. Without privileges a network namespace needs a user namespace of
    /// its own per run; Landlock (ABI 6) scopes abstract sockets instead where it can.
    fn probe_pid_and_network(&mut self, root: bool) -> Option<std::io::Result<()>> {
        let mut network = None;
        if root && !self.policy.network {
            let made = new_network();
            network = Some(made.as_ref().map(|_| ()).map_err(clone_error));
            if let Ok(fd) = made {
                self.networks = Some(Arc::new(Mutex::new(vec![fd])));
            }
        }
        let mut flags = libc::CLONE_NEWPID;
        if !root {
            flags |= libc::CLONE_NEWUSER;
            if self.landlock_abi < 6 && !self.policy.network {
                flags |= libc::CLONE_NEWNET;
            }
        }
        match probe_namespaces(flags, self.probe_network(), None, Filter::None) {
            Ok(()) => {
                self.namespaces = flags;
                self.record(Layer::PidNamespace, true, "every process of a run ends with it");
            }
            Err(why) => {
                self.record(Layer::PidNamespace, false, format!("the kernel refused: {why}"));
            }
        }
        network
    }

    /// What the network namespace came to; where there is none, the seccomp filter refuses
    /// the network's sockets instead (see [`Sandbox::probe_seccomp`]).
    fn record_network(&mut self, root: bool, made: Option<std::io::Result<()>>) {
        let abstract_open = if self.landlock_abi >= 6 {
            "abstract unix sockets are scoped by Landlock"
        } else {
            "runs at the same time may meet over an abstract unix socket (Landlock scopes them from ABI 6, Linux 6.12)"
        };
        let per_run = self.namespaces & libc::CLONE_NEWNET != 0;
        if self.namespaces == 0 {
            // Runs without a PID namespace are not moved into another network either.
            self.networks = None;
        }
        self.no_network = !self.policy.network && self.networks.is_none() && !per_run;
        let (applied, detail) = match made {
            _ if self.policy.network => (
                false,
                format!("--allow-network: runs share the machine's network; {abstract_open}"),
            ),
            Some(Ok(())) if self.networks.is_some() => (
                true,
                "no network: an empty namespace for each student graded at once (abstract unix sockets cannot meet)".to_string(),
            ),
            Some(Err(error)) => (
                false,
                format!("the kernel refused it to the grader though it is root ({error}; a container's seccomp profile does so): sockets of every family but unix are refused by seccomp instead; {abstract_open}"),
            ),
            None if per_run => (true, "no network: an empty namespace per run".to_string()),
            Some(Ok(())) | None if root => (
                false,
                format!("the kernel refused the PID namespace it goes with: sockets of every family but unix are refused by seccomp instead; {abstract_open}"),
            ),
            _ => (
                false,
                format!("needs root (a namespace per run costs without it): sockets of every family but unix are refused by seccomp instead; {abstract_open}"),
            ),
        };
        self.record(Layer::NetworkNamespace, applied, detail);
    }

    fn probe_ipc(&mut self) {
        let ipc = libc::CLONE_NEWIPC | libc::CLONE_NEWUTS;
        let ipc_works = self.namespaces != 0
            && probe_namespaces(self.namespaces | ipc, self.probe_network(), None, Filter::None).is_ok();
        if ipc_works {
            self.namespaces |= ipc;
            self.record(
                Layer::IpcNamespace,
                true,
                "SysV IPC, message queues and the host name of its own, gone with the run",
            );
        } else {
            self.record(
                Layer::IpcNamespace,
                false,
                "the kernel refused: SysV shared memory, semaphores and queues a run leaves behind outlive it, and runs at once may meet there",
            );
        }
    }

    fn probe_user(&mut self, root: bool) {
        if !root {
            let uid = nix::unistd::getuid();
            self.record(
                Layer::User,
                true,
                format!("uid {uid}: the grader's own, unprivileged"),
            );
            return;
        }
        match self.policy.user {
            Some((0, _)) => self.record(Layer::User, false, "--user names root"),
            Some((uid, gid)) => {
                self.user = Some((uid, gid));
                self.record(
                    Layer::User,
                    true,
                    format!("uid {uid}, gid {gid} (--user: the same for every student)"),
                );
            }
            None => {
                self.user = Some((FIRST_UID, FIRST_UID));
                self.record(
                    Layer::User,
                    true,
                    format!("a uid of each student's own, from {FIRST_UID} up"),
                );
            }
        }
    }

    fn record_landlock(&mut self) {
        if self.landlock_abi > 0 {
            self.record(Layer::Landlock, true, rules::coverage(self.landlock_abi));
        } else {
            self.record(
                Layer::Landlock,
                false,
                "the kernel has no Landlock (Linux 5.13 or later, with landlock in its LSM list)",
            );
        }
    }

    fn probe_cgroups(&mut self) {
        let name = format!("minimax-{}", std::process::id());
        self.cgroups = Cgroups::create(&name, self.policy.jobs);
        let (memory, pids) = (self.policy.memory_mib, self.policy.pids);
        match &self.cgroups {
            Some(_) => self.record(Layer::Cgroup, true, format!("{memory} MiB, {pids} processes per run")),
            None => self.record(
                Layer::Cgroup,
                false,
                "no writable cgroup with the memory and pids controllers; memory is capped per process instead",
            ),
        }
        if self.judges_cpu_time() {
            self.record(
                Layer::Cpu,
                true,
                "--timeout is judged on the CPU time of the run's processes (a wall-clock limit of 3 times it against sleeping); each run has an equal share of the processors",
            );
        } else {
            self.record(
                Layer::Cpu,
                false,
                "no writable cgroup with the cpu controller: --timeout is judged on the clock, so a run's time depends on what runs beside it",
            );
        }
    }

    /// The box (a mount namespace per run) and the disk limit that comes with it.
    fn probe_box(&mut self, private_mounts: Result<(), String>, scratch: &Path) {
        self.box_readable = rules::SYSTEM
            .iter()
            .map(PathBuf::from)
            .filter(|p| std::fs::symlink_metadata(p).is_ok())
            .chain(self.policy.allow.iter().filter_map(|p| p.canonicalize().ok()))
            .collect();
        let box_works = match (private_mounts, self.namespaces) {
            (Err(why), _) => Err(why),
            (Ok(()), 0) => Err("needs a PID namespace".to_string()),
            (Ok(()), _) => self.try_box(scratch),
        };
        let why = match box_works {
            Ok(()) => {
                self.boxed = true;
                self.namespaces |= libc::CLONE_NEWNS;
                self.record(
                    Layer::MountNamespace,
                    true,
                    format!("a root of each run's own: the system's folders read-only, the student's copy at {} (a clean layer over it for every run), a private /tmp and /dev/shm, a fresh /proc; the grader's binary and any minimax on the PATH hidden", boxroot::BOX_HOME),
                );
                let (disk, files) = (self.policy.disk_mib, boxroot::RUN_INODES);
                let detail = format!("{disk} MiB and {files} files for each student's copy and for each run");
                self.record(Layer::Disk, true, detail);
                return;
            }
            Err(why) => why,
        };
        self.record(
            Layer::MountNamespace,
            false,
            format!("{why}: runs see the machine's files as Landlock lets them (where it is missing, all that the user may read), and a run may chmod, set extended attributes on or connect to sockets in the files it can reach"),
        );
        self.record(
            Layer::Disk,
            false,
            "needs the mount namespace: only each file's size is limited (64 MiB), so a run may fill the disk the scratch folder is on",
        );
    }

    /// The seccomp filter: the keyrings, other architectures' calls and, where no namespace
    /// walls the network in, its sockets.
    fn probe_seccomp(&mut self) {
        let filter = if self.no_network {
            Filter::Network
        } else {
            Filter::Calls
        };
        let namespaces = self.namespaces & !libc::CLONE_NEWNS;
        self.no_keyrings = probe_namespaces(namespaces, self.probe_network(), None, filter).is_ok();
        if self.no_keyrings {
            let families = if self.no_network {
                "unix"
            } else {
                "unix and the internet's"
            };
            self.record(
                Layer::Keyrings,
                true,
                format!("the kernel's keyrings, io_uring, mounts and every call through another architecture's gate (32-bit, x32) are refused to runs (seccomp), and so are sockets of every family but {families}"),
            );
        } else {
            self.no_network = false;
            self.record(
                Layer::Keyrings,
                false,
                "the kernel refused a seccomp filter: a key a run adds to its user's keyring outlives it, and runs without a network namespace reach the network",
            );
        }
    }

    /// What of the instructor's the runs could reach: nothing in a box; without one, what
    /// Landlock allows and the file modes let the runs' uid read (see [`reach`]).
    fn record_private(&mut self) {
        if self.boxed {
            self.record(
                Layer::Private,
                true,
                "the grader, any minimax on the PATH, the positions, the seed, the report and --private paths are out of the runs' view (the box hides them in folders it shows)",
            );
            return;
        }
        let uid = self.user.map(|(uid, _)| uid);
        let landlock = (self.landlock_abi > 0).then_some(self.readable.as_slice());
        let exposed = reach::exposed(&self.hide, &self.policy.private, uid, landlock);
        let mut problems: Vec<String> = exposed.iter().map(reach::Exposure::describe).collect();
        problems.extend(
            self.policy
                .private_arguments
                .iter()
                .map(|argument| format!("{argument}, which runs read in /proc")),
        );
        if problems.is_empty() {
            let how = if landlock.is_some() {
                "Landlock and the file modes"
            } else {
                "the file modes"
            };
            let detail = format!("the grader, any minimax on the PATH, the positions, the seed and the report are out of the runs' reach ({how})");
            self.record(Layer::Private, true, detail);
        } else {
            let detail = format!("runs could reach {}", problems.join("; "));
            self.record(Layer::Private, false, detail);
        }
    }

    /// The folder holding students' copies: in TMPDIR, unless the runs' user could not pass
    /// through it (a private TMPDIR of mode 0700, as libpam-tmpdir makes) and no box binds
    /// the copies into place; then in the first shared temporary folder the user can reach.
    fn scratch_root(&self) -> Result<tempfile::TempDir, SandboxError> {
        use std::os::unix::fs::PermissionsExt;
        let make = |parent: &Path| -> Result<tempfile::TempDir, SandboxError> {
            let scratch = tempfile::Builder::new()
                .prefix("minimax-scratch-")
                .tempdir_in(parent)
                .map_err(SandboxError::Scratch)?;
            // Runs must pass through it to reach their own folder, but not list it.
            std::fs::set_permissions(scratch.path(), std::fs::Permissions::from_mode(0o711))
                .map_err(SandboxError::Scratch)?;
            Ok(scratch)
        };
        let tmp = std::env::temp_dir();
        // A box is entered as root: only a grader whose runs become another user on the
        // machine's own file system needs a folder they can reach.
        let Some((uid, gid)) = self.user.filter(|_| self.namespaces & libc::CLONE_NEWNS == 0) else {
            return make(&tmp);
        };
        let mut why = String::new();
        for parent in [tmp.as_path(), Path::new("/var/tmp"), Path::new("/tmp")] {
            match scratch::unreachable(parent, uid, gid) {
                None => return make(parent),
                Some(reason) if why.is_empty() => why = reason,
                Some(_) => {}
            }
        }
        Err(SandboxError::Unreachable {
            folder: tmp,
            uid,
            why,
        })
    }

    /// Builds a box once, the way every run's will be, to see whether the kernel allows it.
    fn try_box(&self, scratch: &Path) -> Result<(), String> {
        let cell = scratch.join("probe");
        let mount_at = scratch.join(".box");
        let made = std::fs::create_dir(&cell).and_then(|()| std::fs::create_dir_all(&mount_at));
        if let Err(error) = made {
            return Err(format!("cannot make the box's folders: {error}"));
        }
        let plan = boxroot::plan(&boxroot::Layout {
            mount_at: &mount_at,
            cell: &cell,
            writes_copy: false,
            readable: &self.box_readable,
            hide: &self.box_hide,
            disk_mib: 1,
        })
        .map_err(|error| format!("cannot plan the box: {error}"));
        let result = plan.and_then(|plan| {
            let flags = self.namespaces | libc::CLONE_NEWNS;
            probe_namespaces(flags, self.probe_network(), Some(&plan), Filter::None)
        });
        let _ = std::fs::remove_dir(&cell);
        result
    }

    /// A network namespace for the probes' runs (the first of the pool).
    fn probe_network(&self) -> Option<RawFd> {
        let pool = self.networks.as_ref()?.lock().unwrap_or_else(|p| p.into_inner());
        pool.first().map(AsRawFd::as_raw_fd)
    }

    /// Prepares a student's scratch copy, in a folder numbered (not named after the student,
    /// whose name may be anything): with a box, on a tmpfs of the student's own.
    /// `files` (a harness's drivers) are written beside the submission's own; `must_copy`
    /// asks for a copy even without walls (a build writes into its folder).
    pub fn cell(
        &self,
        submission: &Path,
        files: &[(String, Vec<u8>)],
        must_copy: bool,
    ) -> Result<Cell, CellError> {
        let scratch = self.scratch.as_ref().filter(|_| must_copy || !self.is_off());
        let mut cell = Cell {
            dir: submission.to_path_buf(),
            copy: false,
            tmpfs: None,
            env: Vec::new(),
            landlock: None,
            user: None,
            uids: None,
            build_box: None,
            run_box: None,
            network: None,
            networks: None,
        };
        let Some(scratch) = scratch else {
            return Ok(cell);
        };
        self.give_identity(&mut cell)?;
        let index = self.cells.fetch_add(1, Ordering::Relaxed);
        let mut dir = scratch.path().join(format!("{index:05}"));
        if self.boxed {
            scratch::mount_tmpfs(&dir, self.policy.disk_mib, cell.user).map_err(|error| {
                CellError::Grader(format!("the grader could not make the student's disk: {error}"))
            })?;
            cell.tmpfs = Some(dir.clone());
            dir = dir.join("copy");
        }
        cell.dir = dir.clone();
        cell.copy = true;
        scratch::copy(submission, &dir, cell.user).map_err(|error| {
            if cell.disk_full() {
                CellError::Student(format!(
                    "the submission does not fit the disk limit of {} MiB (--disk)",
                    self.policy.disk_mib
                ))
            } else if error.kind() == std::io::ErrorKind::Other {
                CellError::Student(format!("the submission could not be copied: {error}"))
            } else {
                CellError::Grader(format!("the grader could not copy the submission: {error}"))
            }
        })?;
        scratch::add_files(&dir, files, cell.user).map_err(|error| {
            CellError::Grader(format!("the grader could not add the harness's files: {error}"))
        })?;
        self.put_up_walls(&mut cell, scratch.path(), &dir)?;
        Ok(cell)
    }

    /// The student's own uid and network namespace (each from its pool), when runs get them.
    fn give_identity(&self, cell: &mut Cell) -> Result<(), CellError> {
        // The student's own uid, from the pool (runs of students graded at once never share
        // one); with --user, that one.
        cell.user = match (self.user, self.policy.user) {
            (Some(_), None) => {
                let free = self.uids.lock().unwrap_or_else(|p| p.into_inner()).pop();
                let uid = free.unwrap_or_else(|| FIRST_UID + self.next_uid.fetch_add(1, Ordering::Relaxed));
                cell.uids = Some(Arc::clone(&self.uids));
                Some((uid, uid))
            }
            (user, _) => user,
        };
        if let Some(networks) = &self.networks {
            let free = networks.lock().unwrap_or_else(|p| p.into_inner()).pop();
            let network = free.map_or_else(new_network, Ok).map_err(|error| {
                CellError::Grader(format!(
                    "the grader could not make the student's network namespace: {error}"
                ))
            })?;
            cell.network = Some(network);
            cell.networks = Some(Arc::clone(networks));
        }
        Ok(())
    }

    /// The environment, the Landlock rules and the boxes (the build's and the runs') of the
    /// student's copy at `dir`, with `scratch` the grader's scratch folder.
    fn put_up_walls(&self, cell: &mut Cell, scratch: &Path, dir: &Path) -> Result<(), CellError> {
        let (home, tmp) = if self.boxed {
            (boxroot::BOX_HOME.to_string(), "/tmp".to_string())
        } else {
            (dir.display().to_string(), dir.display().to_string())
        };
        cell.env = vec![
            ("PATH".to_string(), RUN_PATH.to_string()),
            ("HOME".to_string(), home),
            ("TMPDIR".to_string(), tmp),
            ("LANG".to_string(), "C.UTF-8".to_string()),
            ("LC_ALL".to_string(), "C.UTF-8".to_string()),
        ];
        if self.landlock_abi > 0 {
            // In a box the files are the box's mounts' business; Landlock keeps TCP, signals
            // and abstract sockets in. Without one it also keeps the files.
            let fd = (if self.boxed {
                rules::scopes_only(self.landlock_abi)
            } else {
                rules::ruleset(self.landlock_abi, &self.readable, dir).map(Some)
            })
            .map_err(|error| {
                CellError::Grader(format!("the grader could not build the Landlock rules: {error}"))
            })?;
            cell.landlock = fd;
        }
        if self.boxed {
            let plan = |writes_copy| {
                boxroot::plan(&boxroot::Layout {
                    mount_at: &scratch.join(".box"),
                    cell: dir,
                    writes_copy,
                    readable: &self.box_readable,
                    hide: &self.box_hide,
                    disk_mib: self.policy.disk_mib,
                })
                .map_err(|error| CellError::Grader(format!("the grader could not plan the box: {error}")))
            };
            cell.build_box = Some(plan(true)?);
            cell.run_box = Some(plan(false)?);
        }
        Ok(())
    }

    /// The environment of a student's runs (`None` with the sandbox off: the grader's own).
    pub fn env<'c>(&self, cell: &'c Cell) -> Option<&'c [(String, String)]> {
        (!self.is_off()).then_some(cell.env.as_slice())
    }

    /// The walls of one run in `cell` that may last `wall` (its CPU time is capped a little
    /// above: a run with several threads may use more CPU than wall time). A `build` writes
    /// into the student's copy; a run writes into a layer of its own over it.
    pub fn walls(&self, cell: &Cell, wall: Duration, build: bool) -> Result<RunWalls<'_>, String> {
        let mut walls = RunWalls {
            confinement: Confinement::none(),
            cpu: None,
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
            confinement.network = cell.network.as_ref().map(AsRawFd::as_raw_fd);
        }
        confinement.no_network = self.no_network;
        confinement.user = cell.user.or(self.user);
        confinement.no_keyrings = self.no_keyrings;
        let plan = if build { &cell.build_box } else { &cell.run_box };
        confinement.steps = plan.as_ref().map(boxroot::BoxPlan::steps);
        if confinement.steps.is_none() {
            confinement.namespaces &= !libc::CLONE_NEWNS;
        }
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
                walls.cpu = group.cpu_clock();
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

#[cfg(target_os = "linux")]
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

#[cfg(target_os = "linux")]
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

#[cfg(target_os = "linux")]
impl Drop for Sandbox {
    fn drop(&mut self) {
        // The pooled run cgroups go first (each removes its folder), then their parents.
        self.pool.lock().unwrap_or_else(|p| p.into_inner()).clear();
        if let Some(cgroups) = &self.cgroups {
            cgroups.remove();
        }
    }
}

#[cfg(target_os = "linux")]
/// A new, empty network namespace (not even loopback is up), held by a descriptor. A thread
/// of its own moves into it, so the grader's other threads keep their network.
fn new_network() -> std::io::Result<OwnedFd> {
    std::thread::spawn(|| {
        // SAFETY: a namespace call on this thread alone, which ends right after.
        if unsafe { libc::unshare(libc::CLONE_NEWNET) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        std::fs::File::open("/proc/thread-self/ns/net").map(OwnedFd::from)
    })
    .join()
    .unwrap_or_else(|_| Err(std::io::Error::other("the namespace thread failed")))
}

#[cfg(target_os = "linux")]
/// An I/O error again, for a second owner (the kind and the OS's code are what matter).
fn clone_error(error: &std::io::Error) -> std::io::Error {
    match error.raw_os_error() {
        Some(code) => std::io::Error::from_raw_os_error(code),
        None => std::io::Error::new(error.kind(), error.to_string()),
    }
}

#[cfg(target_os = "linux")]
/// The executable of this process, where it can be named.
fn current_grader() -> Option<PathBuf> {
    std::env::current_exe().ok().and_then(|p| p.canonicalize().ok())
}

#[cfg(target_os = "linux")]
/// The seccomp filter a probe's run installs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Filter {
    None,
    /// Keyrings and other architectures' calls.
    Calls,
    /// Those, and the network's sockets.
    Network,
}

#[cfg(target_os = "linux")]
/// Runs `true` in the namespaces, the way every run will start, to see whether the kernel
/// allows them here.
fn probe_namespaces(
    flags: libc::c_int,
    network: Option<std::os::fd::RawFd>,
    plan: Option<&boxroot::BoxPlan>,
    filter: Filter,
) -> Result<(), String> {
    use self::runner::{self, Ending, Launch, RunLimits};
    let mut confinement = Confinement::none();
    confinement.group_only = false;
    confinement.namespaces = flags;
    confinement.network = network;
    confinement.steps = plan.map(boxroot::BoxPlan::steps);
    confinement.no_keyrings = filter != Filter::None;
    confinement.no_network = filter == Filter::Network;
    // In a box, the probe also checks that /proc shows the run alone and that the system's
    // folders cannot be written.
    let command = if plan.is_some() {
        "test -d /proc/1 && ! test -d /proc/3 && ! touch /usr/minimax-probe 2>/dev/null && test -w /tmp"
    } else {
        "true"
    };
    let launch = Launch {
        command,
        dir: Path::new("/"),
        env: Some(&[]),
        confinement,
        cpu: None,
    };
    let limits = RunLimits {
        timeout: Duration::from_secs(10),
        output: 4096,
        cpu: None,
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
