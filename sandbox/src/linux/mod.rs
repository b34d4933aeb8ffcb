//! The box on Linux: namespaces, mounts, uids, cgroups, Landlock and seccomp.

pub mod boxroot;
pub mod cgroup;
pub mod confine;
pub mod reach;
pub mod rules;
pub mod runner;
pub mod scratch;
