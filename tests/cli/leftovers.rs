//! What a grading may leave on the machine, judged as what it added: a snapshot of the
//! kernel's objects before the grading and one after. A key or IPC object that another
//! program left on the machine (or that was there since boot) does not fail a test; one the
//! grading added does.
//!
//! Only the uids a grading's runs could have used are compared (the pool from
//! [`FIRST_UID`] up, and the uid an unprivileged grader runs as): the machine's own users come
//! and go as they please, and other tests of this process run gradings of their own at the
//! same time (their runs use the same pool, and add nothing either).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The first uid of the runs' range (`minimax_sandbox::FIRST_UID`).
pub const FIRST_UID: u64 = 1_900_000_000;

/// The kernel objects of the watched uids, and the machine's mounts naming minimax.
#[derive(Debug)]
pub struct Snapshot {
    /// Keys per uid, from /proc/key-users.
    keys: BTreeMap<u64, u64>,
    /// SysV IPC objects, one line of /proc/sysvipc each (kind first).
    ipc: BTreeSet<String>,
    /// Mounts of this mount namespace that name minimax.
    mounts: BTreeSet<String>,
    /// The uids besides the pool whose objects count (an unprivileged grader's).
    extra_uids: Vec<u32>,
}

impl Snapshot {
    /// The machine now, watching the pool's uids and `extra_uids`.
    pub fn take(extra_uids: &[u32]) -> Snapshot {
        let watched = |uid: u64| uid >= FIRST_UID || extra_uids.iter().any(|&extra| u64::from(extra) == uid);
        Snapshot {
            keys: key_counts()
                .into_iter()
                .filter(|(uid, _)| watched(*uid))
                .collect(),
            ipc: ipc_objects()
                .into_iter()
                .filter(|(uid, _)| watched(*uid))
                .map(|(_, line)| line)
                .collect(),
            mounts: minimax_mounts(),
            extra_uids: extra_uids.to_vec(),
        }
    }

    /// What the machine holds now that it did not hold at `self`: keys a watched uid gained,
    /// new IPC objects of watched uids, new mounts naming minimax.
    pub fn added_since(&self) -> Vec<String> {
        let now = Snapshot::take(&self.extra_uids);
        let mut added = Vec::new();
        for (uid, count) in &now.keys {
            let before = self.keys.get(uid).copied().unwrap_or(0);
            if *count > before {
                added.push(format!(
                    "keys of uid {uid}: {before} before the grading, {count} after"
                ));
            }
        }
        added.extend(
            now.ipc
                .difference(&self.ipc)
                .map(|line| format!("IPC object: {line}")),
        );
        added.extend(
            now.mounts
                .difference(&self.mounts)
                .map(|line| format!("mount: {line}")),
        );
        added
    }
}

/// Keys per uid, as /proc/key-users counts them (`uid: usage keys/...`).
fn key_counts() -> BTreeMap<u64, u64> {
    let table = std::fs::read_to_string("/proc/key-users").unwrap_or_default();
    table
        .lines()
        .filter_map(|line| {
            let (uid, rest) = line.split_once(':')?;
            let keys = rest.split_whitespace().nth(1)?.split('/').next()?;
            Some((uid.trim().parse().ok()?, keys.parse().ok()?))
        })
        .collect()
}

/// SysV shared memory, queues and semaphore sets of this IPC namespace, with their owner's uid.
fn ipc_objects() -> Vec<(u64, String)> {
    let mut found = Vec::new();
    for kind in ["shm", "msg", "sem"] {
        let table = std::fs::read_to_string(format!("/proc/sysvipc/{kind}")).unwrap_or_default();
        let header: Vec<&str> = table.lines().next().unwrap_or("").split_whitespace().collect();
        let Some(uid_at) = header.iter().position(|h| *h == "uid") else {
            continue;
        };
        for line in table.lines().skip(1) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let Some(uid) = fields.get(uid_at).and_then(|u| u.parse().ok()) else {
                continue;
            };
            // The key and id name the object; its times and counters change as it is used.
            found.push((uid, format!("{kind} {} {} uid {uid}", fields[0], fields[1])));
        }
    }
    found
}

/// Mounts of this machine naming minimax (the tests run in the machine's mount namespace).
fn minimax_mounts() -> BTreeSet<String> {
    std::fs::read_to_string("/proc/self/mountinfo")
        .unwrap_or_default()
        .lines()
        .filter(|line| line.contains("minimax"))
        .map(str::to_string)
        .collect()
}

/// The machine's cgroup folders of one grader (named after its pid), left behind.
pub fn cgroups_of(grader: u32) -> Vec<PathBuf> {
    let name = format!("minimax-{grader}");
    let mut found: Vec<PathBuf> = std::fs::read_dir("/sys/fs/cgroup")
        .into_iter()
        .flatten()
        .flatten()
        .map(|hierarchy| hierarchy.path().join(&name))
        .filter(|candidate| candidate.exists())
        .collect();
    let unified = Path::new("/sys/fs/cgroup").join(&name);
    if unified.exists() {
        found.push(unified);
    }
    found
}
