//! What the instructor asks of the sandbox and what it reports: the mode, the policy, the
//! layers by their report names, and the errors of setting it up. Shared by every system's
//! sandbox, below all of them.

use serde::Serialize;
use std::path::PathBuf;
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
    /// The user runs become when the grader has privileges: `None` is a uid of each
    /// student's own, from [`FIRST_UID`] up.
    pub user: Option<(u32, u32)>,
    pub memory_mib: u64,
    pub pids: u64,
    /// More folders runs may read and execute from (a JDK in /opt, shared course files).
    pub allow: Vec<PathBuf>,
    /// The time limit of a run; CPU time is capped a little above it.
    pub timeout: Duration,
    /// The disk a student's copy and each run may fill, in MiB.
    pub disk_mib: u64,
    /// Runs at once (for the grading's share of the processors).
    pub jobs: usize,
    /// Whether runs may use the network (`--allow-network`): no network namespace, no
    /// refusal of its sockets.
    pub network: bool,
    /// What of the instructor's runs must not read (the positions, the seed's file, the
    /// report, folders named private): checked before grading without a box.
    pub private: Vec<Private>,
    /// Secrets on the grader's command line (which runs without a box read in /proc), said
    /// as the option that holds them.
    pub private_arguments: Vec<String>,
}

/// A file or folder of the instructor's that runs must not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Private {
    /// What it is, for messages ("the positions").
    pub what: String,
    pub path: PathBuf,
}

/// The first uid of the range students' programs run as (one per student graded at once),
/// as isolate does; far above any real user's.
pub const FIRST_UID: u32 = 1_900_000_000;

impl Default for Policy {
    fn default() -> Self {
        Policy {
            mode: Mode::Auto,
            user: None,
            memory_mib: 1024,
            pids: 64,
            allow: Vec::new(),
            timeout: Duration::from_secs(5),
            disk_mib: 256,
            jobs: 1,
            network: false,
            private: Vec::new(),
            private_arguments: Vec::new(),
        }
    }
}

/// The layers of the sandbox, by the names the report uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layer {
    PidNamespace,
    NetworkNamespace,
    IpcNamespace,
    MountNamespace,
    User,
    Landlock,
    Cgroup,
    Cpu,
    Disk,
    Keyrings,
    Rlimits,
    Session,
    Scratch,
    /// Named as in the report's summary line.
    #[serde(rename = "private-files")]
    Private,
}

impl Layer {
    pub fn name(self) -> &'static str {
        match self {
            Layer::PidNamespace => "pid-namespace",
            Layer::NetworkNamespace => "network-namespace",
            Layer::IpcNamespace => "ipc-namespace",
            Layer::MountNamespace => "mount-namespace",
            Layer::User => "user",
            Layer::Landlock => "landlock",
            Layer::Cgroup => "cgroup",
            Layer::Cpu => "cpu",
            Layer::Disk => "disk",
            Layer::Keyrings => "keyrings",
            Layer::Rlimits => "rlimits",
            Layer::Session => "session",
            Layer::Scratch => "scratch",
            Layer::Private => "private-files",
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
    #[error("--sandbox strict: {0}; use --sandbox auto to grade with the layers available, or run the grader where the kernel allows them (see doc/sandbox.md)")]
    Missing(String),
    #[error("cannot make the scratch folder in {dir}: {0}; set TMPDIR to a folder you can write", dir = std::env::temp_dir().display())]
    Scratch(std::io::Error),
    #[error("the scratch folder {} cannot be reached by the programs' user (uid {uid}): {why}; set TMPDIR to a folder every user may pass through (for example TMPDIR=/var/tmp), or grade as root where mount namespaces are allowed", .folder.display())]
    Unreachable { folder: PathBuf, uid: u32, why: String },
}

/// Why a run's walls could not be put up (the grader's side, never the student's).
#[derive(Debug, thiserror::Error)]
pub enum WallsError {
    /// The run's cgroup could not be made.
    #[error("the grader could not make a cgroup for the run: {0}")]
    Cgroup(#[source] std::io::Error),
}

/// Why a student's copy could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CellError {
    /// The submission itself: too large, too many files, unreadable.
    #[error("{0}")]
    Student(String),
    /// The grader's side: its disk, its mounts.
    #[error("{0}")]
    Grader(String),
}

/// The PATH of every run: the system's programs.
pub const RUN_PATH: &str = "/usr/local/bin:/usr/bin:/bin";
