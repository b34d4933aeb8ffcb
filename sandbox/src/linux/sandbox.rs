//! The sandbox of one grading on Linux: what it hands each student (a [`Cell`]) and each run
//! (its [`RunWalls`]), and what is swept up after.

use super::boxroot;
use super::cell::{Cell, RunWalls};
use super::cgroup::{Cgroups, RunGroup};
use super::confine::Confinement;
use super::{rules, scratch};
use crate::policy::{
    CellError, Layer, Mode, Policy, SandboxError, SandboxInfo, WallsError, FIRST_UID, RUN_PATH,
};
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The sandbox, prepared for one grading.
#[derive(Debug)]
pub struct Sandbox {
    pub(super) policy: Policy,
    pub(super) info: SandboxInfo,
    pub(super) namespaces: libc::c_int,
    /// Empty network namespaces free for the next student (root only: one for each student
    /// graded at once, as uids are).
    pub(super) networks: Option<Arc<Mutex<Vec<OwnedFd>>>>,
    /// Whether the seccomp filter refuses the network's sockets (no namespace walls it in).
    pub(super) no_network: bool,
    pub(super) user: Option<(u32, u32)>,
    pub(super) landlock_abi: i32,
    pub(super) readable: Vec<PathBuf>,
    pub(super) cgroups: Option<Cgroups>,
    pub(super) scratch: Option<tempfile::TempDir>,
    /// Whether each run gets a box (a mount namespace of its own; see [`boxroot`]), and what
    /// it shows read-only.
    pub(super) boxed: bool,
    pub(super) box_readable: Vec<PathBuf>,
    /// The grader's binary and any `minimax` on the PATH: hidden in a box, left out of
    /// Landlock's rules without one.
    pub(super) hide: Vec<PathBuf>,
    /// Those and the instructor's private files (the positions, the seed's file, the report,
    /// `--private`): hidden in a box where a folder it shows holds them (`--allow`).
    pub(super) box_hide: Vec<PathBuf>,
    /// Runs' uids free for the next student (root only: students' own uids).
    pub(super) uids: Arc<Mutex<Vec<u32>>>,
    pub(super) next_uid: AtomicU32,
    /// Whether the kernel's keyrings are refused to runs.
    pub(super) no_keyrings: bool,
    /// Emptied run cgroups, ready for the next run.
    pub(super) pool: Mutex<Vec<RunGroup>>,
    pub(super) runs: AtomicU64,
    pub(super) cells: AtomicU64,
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
    pub fn walls(&self, cell: &Cell, wall: Duration, build: bool) -> Result<RunWalls<'_>, WallsError> {
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
                            .map_err(WallsError::Cgroup)?
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
pub(super) fn new_network() -> std::io::Result<OwnedFd> {
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
