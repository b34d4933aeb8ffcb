//! Which layers this machine allows: each probed once, as every run will use it, and
//! recorded with what it covers or why it is missing.

use super::boxroot;
use super::cgroup::Cgroups;
use super::confine::{self, Confinement};
use super::runner::Ending;
use super::sandbox::{new_network, Sandbox};
use super::scratch::PrivateMountsError;
use super::{reach, rules, scratch};
use crate::policy::{Layer, LayerState, SandboxError, FIRST_UID};
use std::os::fd::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

impl Sandbox {
    fn record(&mut self, layer: Layer, applied: bool, detail: impl Into<String>) {
        self.info.layers.push(LayerState {
            layer,
            applied,
            detail: detail.into(),
        });
    }

    pub(super) fn probe(&mut self) -> Result<(), SandboxError> {
        let root = confine::running_as_root();
        // As root, the grader's own mounts (students' tmpfs copies) go in a mount namespace
        // of its own: nothing of them shows on the machine, and they vanish with the grader.
        let private_mounts = if root {
            scratch::private_mounts().map_err(NoBox::from)
        } else {
            Err(NoBox::NeedsRoot)
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
    fn probe_box(&mut self, private_mounts: Result<(), NoBox>, scratch: &Path) {
        self.box_readable = rules::SYSTEM
            .iter()
            .map(PathBuf::from)
            .filter(|p| std::fs::symlink_metadata(p).is_ok())
            .chain(self.policy.allow.iter().filter_map(|p| p.canonicalize().ok()))
            .collect();
        let box_works = match (private_mounts, self.namespaces) {
            (Err(why), _) => Err(why),
            (Ok(()), 0) => Err(NoBox::NeedsPidNamespace),
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
    fn try_box(&self, scratch: &Path) -> Result<(), NoBox> {
        let cell = scratch.join("probe");
        let mount_at = scratch.join(".box");
        let made = std::fs::create_dir(&cell).and_then(|()| std::fs::create_dir_all(&mount_at));
        made.map_err(NoBox::Folders)?;
        let plan = boxroot::plan(&boxroot::Layout {
            mount_at: &mount_at,
            cell: &cell,
            writes_copy: false,
            readable: &self.box_readable,
            hide: &self.box_hide,
            disk_mib: 1,
        })
        .map_err(NoBox::Plan);
        let result = plan.and_then(|plan| {
            let flags = self.namespaces | libc::CLONE_NEWNS;
            Ok(probe_namespaces(
                flags,
                self.probe_network(),
                Some(&plan),
                Filter::None,
            )?)
        });
        let _ = std::fs::remove_dir(&cell);
        result
    }

    /// A network namespace for the probes' runs (the first of the pool).
    fn probe_network(&self) -> Option<RawFd> {
        let pool = self.networks.as_ref()?.lock().unwrap_or_else(|p| p.into_inner());
        pool.first().map(AsRawFd::as_raw_fd)
    }
}

/// An I/O error again, for a second owner (the kind and the OS's code are what matter).
fn clone_error(error: &std::io::Error) -> std::io::Error {
    match error.raw_os_error() {
        Some(code) => std::io::Error::from_raw_os_error(code),
        None => std::io::Error::new(error.kind(), error.to_string()),
    }
}

/// The executable of this process, where it can be named.
fn current_grader() -> Option<PathBuf> {
    std::env::current_exe().ok().and_then(|p| p.canonicalize().ok())
}

/// Why runs get no box (a mount namespace of their own).
#[derive(Debug, thiserror::Error)]
enum NoBox {
    #[error("needs root")]
    NeedsRoot,
    #[error(transparent)]
    PrivateMounts(#[from] PrivateMountsError),
    #[error("needs a PID namespace")]
    NeedsPidNamespace,
    #[error("cannot make the box's folders: {0}")]
    Folders(#[source] std::io::Error),
    #[error("cannot plan the box: {0}")]
    Plan(#[source] std::io::Error),
    #[error(transparent)]
    Refused(#[from] ProbeFailed),
}

/// Why a probe's run did not end well: the kernel refused what it asked for.
#[derive(Debug, thiserror::Error)]
enum ProbeFailed {
    #[error("{0}")]
    NotStarted(String),
    #[error("the probe ended with {ending:?}: {stderr}")]
    Ended { ending: Ending, stderr: String },
}

/// The seccomp filter a probe's run installs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Filter {
    None,
    /// Keyrings and other architectures' calls.
    Calls,
    /// Those, and the network's sockets.
    Network,
}

/// Runs `true` in the namespaces, the way every run will start, to see whether the kernel
/// allows them here.
fn probe_namespaces(
    flags: libc::c_int,
    network: Option<std::os::fd::RawFd>,
    plan: Option<&boxroot::BoxPlan>,
    filter: Filter,
) -> Result<(), ProbeFailed> {
    use super::runner::{self, Launch, RunLimits};
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
        Ending::NotStarted(why) => Err(ProbeFailed::NotStarted(why)),
        other => Err(ProbeFailed::Ended {
            ending: other,
            stderr: String::from_utf8_lossy(&run.stderr.bytes).trim().to_string(),
        }),
    }
}
