//! The box on Linux: namespaces, mounts, uids, cgroups, Landlock and seccomp.

pub mod boxroot;
mod cell;
pub mod cgroup;
pub mod confine;
mod probe;
pub mod reach;
pub mod rules;
pub mod runner;
mod sandbox;
pub mod scratch;

pub use cell::{Cell, RunWalls};
pub use sandbox::Sandbox;
