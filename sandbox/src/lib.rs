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
use linux as platform;
#[cfg(target_os = "linux")]
pub use linux::{boxroot, reach, rules};
pub use platform::{cgroup, confine, runner, scratch, Cell, RunWalls, Sandbox};
#[cfg(not(target_os = "linux"))]
use portable as platform;
pub mod events;
mod policy;
pub mod run;

pub use policy::{
    CellError, Layer, LayerState, Mode, Policy, Private, SandboxError, SandboxInfo, WallsError, FIRST_UID,
    RUN_PATH,
};
