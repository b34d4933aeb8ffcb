//! Control groups: a run's memory and number of processes, counted for the run alone.
//!
//! Resource limits (`setrlimit`) count per process or per user, so a fork storm under a shared
//! user would starve classmates' runs. A cgroup per run counts the run's processes together,
//! tells an out-of-memory kill apart from a crash, and can end every process in it. Both
//! cgroup v2 (a delegated subtree with the memory and pids controllers) and the v1 memory and
//! pids hierarchies are used; where neither can be written, the sandbox says so.

use std::fs;
use std::io;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How a controller's files are named in one cgroup version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Version {
    V1,
    V2,
}

/// The folders under which each run's cgroups are made: one per v1 hierarchy (with the
/// controllers it carries), or the single v2 parent.
#[derive(Debug)]
pub struct Cgroups {
    version: Version,
    parents: Vec<(PathBuf, Vec<&'static str>)>,
}

/// One run's cgroups, removed (with anything left in them killed) when dropped.
#[derive(Debug)]
pub struct RunGroup {
    version: Version,
    dirs: Vec<PathBuf>,
    /// `cgroup.procs` of each folder, open for the child to join.
    pub procs: Vec<OwnedFd>,
    /// The file counting the CPU time of the run's processes, where a CPU accounting
    /// controller is there.
    cpu_usage: Option<OwnedFd>,
}

pub use crate::events::Events;

/// The controllers a run's cgroups need; CPU ones are used where they are there.
const NEEDED: [&str; 2] = ["memory", "pids"];
const CPU: [&str; 2] = ["cpu", "cpuacct"];

impl Cgroups {
    /// Finds writable hierarchies with memory and pids controllers (and CPU ones where there
    /// are) and makes this grading's parent folders in them; `None` where there are none.
    /// `jobs` runs at once share the grading's parent, which weighs as much as that many
    /// processes of anybody else's.
    pub fn create(name: &str, jobs: usize) -> Option<Cgroups> {
        let own = fs::read_to_string("/proc/self/cgroup").ok()?;
        let cgroups = v2(&own, name).or_else(|| v1(&own, name))?;
        let jobs = jobs.clamp(1, 64) as u64;
        for (dir, controllers) in &cgroups.parents {
            if controllers.contains(&"cpu") {
                let _ = match cgroups.version {
                    Version::V1 => fs::write(dir.join("cpu.shares"), (1024 * jobs).to_string()),
                    Version::V2 => fs::write(dir.join("cpu.weight"), (100 * jobs).to_string()),
                };
            }
        }
        Some(cgroups)
    }

    /// Whether runs' CPU time is counted (and shared fairly) by a CPU controller.
    pub fn has_cpu(&self) -> bool {
        let has = |c| self.parents.iter().any(|(_, cs)| cs.contains(&c));
        has("cpu") && (self.version == Version::V2 || has("cpuacct"))
    }

    /// A run's cgroups, limited to `memory` bytes and `pids` processes.
    pub fn run_group(&self, name: &str, memory: u64, pids: u64) -> io::Result<RunGroup> {
        let mut group = RunGroup {
            version: self.version,
            dirs: Vec::new(),
            procs: Vec::new(),
            cpu_usage: None,
        };
        for (parent, controllers) in &self.parents {
            let dir = parent.join(name);
            fs::create_dir(&dir)?;
            group.dirs.push(dir.clone());
            if controllers.contains(&"memory") {
                match self.version {
                    Version::V2 => {
                        fs::write(dir.join("memory.max"), memory.to_string())?;
                        let _ = fs::write(dir.join("memory.swap.max"), "0");
                    }
                    Version::V1 => {
                        fs::write(dir.join("memory.limit_in_bytes"), memory.to_string())?;
                        let _ = fs::write(dir.join("memory.memsw.limit_in_bytes"), memory.to_string());
                    }
                }
            }
            if controllers.contains(&"pids") {
                fs::write(dir.join("pids.max"), pids.to_string())?;
            }
            let usage = match self.version {
                Version::V1 if controllers.contains(&"cpuacct") => Some("cpuacct.usage"),
                Version::V2 if controllers.contains(&"cpu") => Some("cpu.stat"),
                _ => None,
            };
            if let Some(usage) = usage {
                group.cpu_usage = fs::File::open(dir.join(usage)).ok().map(OwnedFd::from);
            }
            let procs = fs::OpenOptions::new()
                .write(true)
                .open(dir.join("cgroup.procs"))?;
            group.procs.push(procs.into());
        }
        Ok(group)
    }

    /// Removes this grading's parent folders (once every run's are gone).
    pub fn remove(&self) {
        for (dir, _) in &self.parents {
            let _ = fs::remove_dir(dir);
        }
    }
}

/// The CPU time a run's cgroup has counted, read from a descriptor the grader holds.
#[derive(Clone, Copy, Debug)]
pub struct CpuClock {
    fd: std::os::fd::RawFd,
    v2: bool,
}

impl CpuClock {
    /// The CPU time counted so far.
    pub fn read(self) -> Option<Duration> {
        let mut buffer = [0u8; 512];
        // SAFETY: reading into a buffer of its size from a descriptor the run group keeps open.
        let n = unsafe { libc::pread(self.fd, buffer.as_mut_ptr().cast(), buffer.len(), 0) };
        let text = std::str::from_utf8(buffer.get(..usize::try_from(n).ok()?)?).ok()?;
        if self.v2 {
            let micros = text
                .lines()
                .find_map(|line| line.strip_prefix("usage_usec "))?
                .trim()
                .parse()
                .ok()?;
            Some(Duration::from_micros(micros))
        } else {
            Some(Duration::from_nanos(text.trim().parse().ok()?))
        }
    }
}

impl RunGroup {
    /// The clock of the run's CPU time, where there is one.
    pub fn cpu_clock(&self) -> Option<CpuClock> {
        use std::os::fd::AsRawFd;
        self.cpu_usage.as_ref().map(|fd| CpuClock {
            fd: fd.as_raw_fd(),
            v2: self.version == Version::V2,
        })
    }

    /// Out-of-memory kills, refused forks and memory limit hits so far (a pooled group has
    /// had none).
    pub fn events(&self) -> Events {
        let mut events = Events::default();
        for dir in &self.dirs {
            match self.version {
                Version::V2 => {
                    events.oom_kills += counter(&dir.join("memory.events"), "oom_kill");
                    events.memory_limit_hits += counter(&dir.join("memory.events"), "max");
                }
                Version::V1 => {
                    events.oom_kills += counter(&dir.join("memory.oom_control"), "oom_kill");
                    events.memory_limit_hits += fs::read_to_string(dir.join("memory.failcnt"))
                        .ok()
                        .and_then(|n| n.trim().parse::<u64>().ok())
                        .unwrap_or(0);
                }
            }
            events.fork_refusals += counter(&dir.join("pids.events"), "max");
        }
        events
    }

    /// Kills every process still in the run's cgroups; whether none is left.
    pub fn kill_all(&self) -> bool {
        // Every v1 hierarchy holds the same processes: the first one lists them.
        let Some(dir) = self.dirs.first() else {
            return true;
        };
        if self.version == Version::V2 && fs::write(dir.join("cgroup.kill"), "1").is_ok() {
            return self.is_empty();
        }
        // A fork storm may add processes while they are killed: a few rounds settle it.
        for _ in 0..20 {
            let pids = fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
            let pids: Vec<i32> = pids.lines().filter_map(|p| p.trim().parse().ok()).collect();
            if pids.is_empty() {
                return true;
            }
            for pid in pids {
                // SAFETY: a signal to a process inside this run's own cgroup.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
        }
        false
    }

    /// Whether no process is left in the run's cgroups.
    fn is_empty(&self) -> bool {
        self.dirs.iter().all(|dir| {
            fs::read_to_string(dir.join("cgroup.procs")).is_ok_and(|procs| procs.trim().is_empty())
        })
    }
}

impl Drop for RunGroup {
    fn drop(&mut self) {
        self.procs.clear();
        self.cpu_usage = None;
        for dir in &self.dirs {
            // Killed processes take a moment to leave; a busy folder is retried briefly.
            for attempt in 0..50 {
                if fs::remove_dir(dir).is_ok() || !dir.exists() {
                    break;
                }
                if attempt == 10 {
                    self.kill_all();
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
}

/// The number after `key` in a flat-keyed cgroup file (`oom_kill 1`).
fn counter(path: &Path, key: &str) -> u64 {
    fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.split_once(' '))
        .find(|(k, _)| *k == key)
        .and_then(|(_, v)| v.trim().parse().ok())
        .unwrap_or(0)
}

/// A cgroup v2 parent, made under the nearest of our own cgroup and its ancestors that
/// delegates memory and pids to its children (and cpu, where it does, is used too). A grader
/// in a leaf of a delegated subtree (systemd's `Delegate=yes` keeps the service's processes in
/// a leaf, since a cgroup with processes cannot enable controllers for children) makes its
/// groups beside its leaf.
fn v2(own: &str, name: &str) -> Option<Cgroups> {
    let path = own.lines().find_map(|line| line.strip_prefix("0::"))?;
    let mount = mount_point("cgroup2", None)?;
    v2_under(&mount, path, name)
}

/// [`v2`] with the cgroup2 mount and our cgroup's path given.
fn v2_under(mount: &Path, path: &str, name: &str) -> Option<Cgroups> {
    let ours = mount.join(path.trim_start_matches('/'));
    ours.ancestors()
        .take_while(|dir| dir.starts_with(mount))
        .find_map(|dir| v2_parent_in(dir, name))
}

/// The grading's parent in `dir`, where `dir` delegates memory and pids and may be written.
fn v2_parent_in(dir: &Path, name: &str) -> Option<Cgroups> {
    let delegated = fs::read_to_string(dir.join("cgroup.subtree_control")).ok()?;
    let has = |c: &str| delegated.split_whitespace().any(|d| d == c);
    if !NEEDED.iter().all(|c| has(c)) {
        return None;
    }
    let parent = dir.join(name);
    fs::create_dir(&parent).ok()?;
    if fs::write(parent.join("cgroup.subtree_control"), "+memory +pids").is_err() {
        let _ = fs::remove_dir(&parent);
        return None;
    }
    let mut controllers = NEEDED.to_vec();
    if has("cpu") && fs::write(parent.join("cgroup.subtree_control"), "+cpu").is_ok() {
        controllers.push("cpu");
    }
    Some(Cgroups {
        version: Version::V2,
        parents: vec![(parent, controllers)],
    })
}

/// cgroup v1: writable memory and pids hierarchies, and the cpu and cpuacct ones where they
/// can be written (some systems mount several controllers in one hierarchy).
fn v1(own: &str, name: &str) -> Option<Cgroups> {
    let mut parents: Vec<(PathBuf, Vec<&'static str>)> = Vec::new();
    let made = |controller: &'static str, parents: &mut Vec<(PathBuf, Vec<&'static str>)>| -> bool {
        let path = own.lines().find_map(|line| {
            let mut parts = line.splitn(3, ':');
            let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
            controllers.split(',').any(|c| c == controller).then_some(path)
        });
        let Some(path) = path else { return false };
        let Some(mount) = mount_point("cgroup", Some(controller)) else {
            return false;
        };
        let parent = mount.join(path.trim_start_matches('/')).join(name);
        if let Some((_, controllers)) = parents.iter_mut().find(|(dir, _)| *dir == parent) {
            controllers.push(controller);
            return true;
        }
        if fs::create_dir(&parent).is_err() {
            return false;
        }
        parents.push((parent, vec![controller]));
        true
    };
    let needed = NEEDED.iter().all(|c| made(c, &mut parents));
    if !needed {
        for (dir, _) in &parents {
            let _ = fs::remove_dir(dir);
        }
        return None;
    }
    for controller in CPU {
        made(controller, &mut parents);
    }
    Some(Cgroups {
        version: Version::V1,
        parents,
    })
}

/// Where a cgroup file system is mounted (for v1, the one carrying `controller`).
fn mount_point(kind: &str, controller: Option<&str>) -> Option<PathBuf> {
    let mounts = fs::read_to_string("/proc/self/mounts").ok()?;
    mounts.lines().find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (dir, fs_type, options) = (fields.get(1)?, fields.get(2)?, fields.get(3)?);
        let carries = controller.is_none_or(|c| options.split(',').any(|o| o == c));
        (*fs_type == kind && carries).then(|| PathBuf::from(dir))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cgroup2 tree as plain folders: each (path, subtree_control) pair.
    fn tree(folders: &[(&str, &str)]) -> tempfile::TempDir {
        let root = tempfile::tempdir().unwrap();
        for (path, delegated) in folders {
            let dir = root.path().join(path);
            fs::create_dir_all(&dir).unwrap();
            fs::write(dir.join("cgroup.subtree_control"), delegated).unwrap();
        }
        root
    }

    #[test]
    fn a_grader_in_a_leaf_of_a_delegated_subtree_makes_its_groups_beside_the_leaf() {
        let root = tree(&[
            ("", "cpu memory pids"),
            ("grading.service", "cpu memory pids"),
            ("grading.service/main", ""),
        ]);
        let cgroups = v2_under(root.path(), "/grading.service/main", "minimax-1").unwrap();
        let (parent, controllers) = &cgroups.parents[0];
        assert_eq!(*parent, root.path().join("grading.service/minimax-1"));
        assert_eq!(*controllers, ["memory", "pids", "cpu"]);
    }

    #[test]
    fn a_grader_whose_own_cgroup_delegates_makes_its_groups_under_it() {
        let root = tree(&[("", "memory pids"), ("box", "memory pids")]);
        let cgroups = v2_under(root.path(), "/box", "minimax-2").unwrap();
        assert_eq!(cgroups.parents[0].0, root.path().join("box/minimax-2"));
        assert_eq!(cgroups.parents[0].1, ["memory", "pids"]);
    }

    #[test]
    fn no_ancestor_delegating_memory_and_pids_means_no_cgroups() {
        let root = tree(&[("", "cpu"), ("service", "memory"), ("service/main", "")]);
        assert!(v2_under(root.path(), "/service/main", "minimax-3").is_none());
        assert!(!root.path().join("service/minimax-3").exists());
    }
}
