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

/// The folders under which each run's cgroups are made, one per hierarchy.
#[derive(Debug)]
pub struct Cgroups {
    version: Version,
    /// `(memory, pids)` parents for v1; the single parent twice for v2.
    memory: PathBuf,
    pids: PathBuf,
}

/// One run's cgroups, removed (with anything left in them killed) when dropped.
#[derive(Debug)]
pub struct RunGroup {
    version: Version,
    dirs: Vec<PathBuf>,
    /// `cgroup.procs` of each folder, open for the child to join.
    pub procs: Vec<OwnedFd>,
}

/// What a run's cgroups saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Events {
    pub oom_kills: u64,
    pub fork_refusals: u64,
}

impl Events {
    pub fn any(self) -> bool {
        self != Events::default()
    }
}

impl Cgroups {
    /// Finds writable hierarchies with memory and pids controllers and makes this grading's
    /// parent folders in them; `None` where there are none.
    pub fn create(name: &str) -> Option<Cgroups> {
        let own = fs::read_to_string("/proc/self/cgroup").ok()?;
        v2(&own, name).or_else(|| v1(&own, name))
    }

    /// A run's cgroups, limited to `memory` bytes and `pids` processes.
    pub fn run_group(&self, name: &str, memory: u64, pids: u64) -> io::Result<RunGroup> {
        let mut group = RunGroup {
            version: self.version,
            dirs: Vec::new(),
            procs: Vec::new(),
        };
        let parents: Vec<&Path> = if self.memory == self.pids {
            vec![&self.memory]
        } else {
            vec![&self.memory, &self.pids]
        };
        for parent in parents {
            let dir = parent.join(name);
            fs::create_dir(&dir)?;
            group.dirs.push(dir.clone());
            if *parent == self.memory {
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
            if *parent == self.pids {
                fs::write(dir.join("pids.max"), pids.to_string())?;
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
        let _ = fs::remove_dir(&self.memory);
        let _ = fs::remove_dir(&self.pids);
    }
}

impl RunGroup {
    /// Out-of-memory kills and refused forks so far (a pooled group has had none).
    pub fn events(&self) -> Events {
        let mut events = Events::default();
        for dir in &self.dirs {
            let memory_file = match self.version {
                Version::V2 => "memory.events",
                Version::V1 => "memory.oom_control",
            };
            events.oom_kills += counter(&dir.join(memory_file), "oom_kill");
            events.fork_refusals += counter(&dir.join("pids.events"), "max");
        }
        events
    }

    /// Kills every process still in the run's cgroups; whether none is left.
    pub fn kill_all(&self) -> bool {
        // Both v1 hierarchies hold the same processes: the first one lists them.
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

/// A cgroup v2 parent: our own cgroup must already delegate memory and pids to its children.
fn v2(own: &str, name: &str) -> Option<Cgroups> {
    let path = own.lines().find_map(|line| line.strip_prefix("0::"))?;
    let mount = mount_point("cgroup2", None)?;
    let ours = mount.join(path.trim_start_matches('/'));
    let delegated = fs::read_to_string(ours.join("cgroup.subtree_control")).ok()?;
    let has = |c: &str| delegated.split_whitespace().any(|d| d == c);
    if !(has("memory") && has("pids")) {
        return None;
    }
    let parent = ours.join(name);
    fs::create_dir(&parent).ok()?;
    if fs::write(parent.join("cgroup.subtree_control"), "+memory +pids").is_err() {
        let _ = fs::remove_dir(&parent);
        return None;
    }
    Some(Cgroups {
        version: Version::V2,
        memory: parent.clone(),
        pids: parent,
    })
}

/// cgroup v1: a writable memory hierarchy and a writable pids hierarchy.
fn v1(own: &str, name: &str) -> Option<Cgroups> {
    let parent_in = |controller: &str| -> Option<PathBuf> {
        let path = own.lines().find_map(|line| {
            let mut parts = line.splitn(3, ':');
            let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
            controllers.split(',').any(|c| c == controller).then_some(path)
        })?;
        let mount = mount_point("cgroup", Some(controller))?;
        let parent = mount.join(path.trim_start_matches('/')).join(name);
        fs::create_dir(&parent).ok()?;
        Some(parent)
    };
    let memory = parent_in("memory")?;
    let Some(pids) = parent_in("pids") else {
        let _ = fs::remove_dir(&memory);
        return None;
    };
    Some(Cgroups {
        version: Version::V1,
        memory,
        pids,
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
