//! Landlock: what a run may touch in the file system and on the network.
//!
//! A run may read and execute the system (interpreters, compilers, libraries), read `/proc`
//! and `/sys` (runtimes such as the JVM look there), use a few devices, and write only in its
//! own scratch folder. Everything else — classmates' folders, the original submission, the
//! positions, the report, the grader's binary — is out of reach. TCP is refused where the
//! kernel's Landlock has network rules, and so are signals to processes outside the run.

use landlock::{
    path_beneath_rules, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreatedAttr, Scope, ABI,
};
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};

/// System folders a program may read and execute from.
pub const SYSTEM: [&str; 10] = [
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/etc",
    "/opt",
    "/nix/store",
];
/// Read-only, no execution: what runtimes inspect.
pub const INSPECT: [&str; 2] = ["/proc", "/sys"];
/// Devices a program may read (and write, for /dev/null).
pub const DEVICES: [&str; 5] = [
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// The Landlock ABI this kernel speaks (0 where it has none).
pub fn kernel_abi() -> i32 {
    // SAFETY: the version query of landlock_create_ruleset takes no buffer.
    let version = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32, // LANDLOCK_CREATE_RULESET_VERSION
        )
    };
    version.max(0) as i32
}

/// What this kernel's Landlock covers, for the report.
pub fn coverage(abi: i32) -> String {
    let mut covered = vec!["files"];
    if abi >= 4 {
        covered.push("TCP");
    }
    if abi >= 6 {
        covered.push("signals");
    }
    format!("Landlock ABI {abi}: {}", covered.join(", "))
}

/// The folders a run may read and execute from: the system's and the instructor's (`--allow`),
/// with the grader's own binary and any `minimax` on the PATH cut out of them.
pub fn readable(allow: &[PathBuf], grader: Option<&Path>) -> Vec<PathBuf> {
    readable_without(allow, &hidden_solvers(grader))
}

/// The folders a run may read and execute from, with the `hidden` files cut out.
pub fn readable_without(allow: &[PathBuf], hidden: &[PathBuf]) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = SYSTEM
        .iter()
        .map(PathBuf::from)
        .chain(allow.iter().cloned())
        .filter_map(|path| path.canonicalize().ok())
        .collect();
    roots.sort();
    roots.dedup();
    for excluded in hidden {
        roots = roots
            .into_iter()
            .flat_map(|root| without(&root, excluded))
            .collect();
    }
    roots
}

/// The name the reference solver is installed under.
const SOLVER: &str = "minimax";

/// The reference solver wherever a run could find it: the grader's own binary and every
/// `minimax` in the folders of the grader's PATH and the runs' (as a TA or Gradescope's set-up
/// installs it), as real paths, sorted. A student whose program called it would score
/// without writing a line of search.
pub fn hidden_solvers(grader: Option<&Path>) -> Vec<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let folders = std::env::split_paths(&path).chain(std::env::split_paths(crate::policy::RUN_PATH));
    let mut found: Vec<PathBuf> = folders
        .filter(|folder| folder.is_absolute())
        .filter_map(|folder| folder.join(SOLVER).canonicalize().ok())
        .filter(|path| path.is_file())
        .chain(grader.map(Path::to_path_buf))
        .collect();
    found.sort();
    found.dedup();
    found
}

/// `root` as a list of paths that together cover everything beneath it except `excluded`.
fn without(root: &Path, excluded: &Path) -> Vec<PathBuf> {
    if root == excluded {
        return Vec::new();
    }
    let Ok(rest) = excluded.strip_prefix(root) else {
        return vec![root.to_path_buf()];
    };
    let Some(next) = rest.components().next() else {
        return vec![root.to_path_buf()];
    };
    let step = root.join(next);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| *path != step)
                .collect()
        })
        .unwrap_or_default();
    paths.extend(without(&step, excluded));
    paths
}

/// A ruleset for one student's runs, ready to be enforced in the child.
pub fn ruleset(abi: i32, readable: &[PathBuf], scratch: &Path) -> Result<OwnedFd, landlock::RulesetError> {
    let abi = ABI::from(abi);
    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(abi))?;
    if abi >= ABI::V4 {
        ruleset = ruleset.handle_access(AccessNet::from_all(abi))?;
    }
    if abi >= ABI::V6 {
        ruleset = ruleset.scope(Scope::Signal | Scope::AbstractUnixSocket)?;
    }
    let read = AccessFs::from_read(abi);
    let inspect = AccessFs::ReadFile | AccessFs::ReadDir;
    let created = ruleset
        .create()?
        .add_rules(path_beneath_rules(readable, read))?
        .add_rules(path_beneath_rules(INSPECT, inspect))?
        .add_rules(path_beneath_rules(
            DEVICES,
            AccessFs::ReadFile | AccessFs::WriteFile,
        ))?
        .add_rules(path_beneath_rules([scratch], AccessFs::from_all(abi)))?;
    let fd: Option<OwnedFd> = created.into();
    fd.ok_or_else(|| landlock::RulesetError::from(landlock::CreateRulesetError::MissingHandledAccess))
}

/// A ruleset for runs in a box, whose mounts already decide what files they see: TCP,
/// signals and abstract unix sockets only (`None` where this Landlock has none of them).
pub fn scopes_only(abi: i32) -> Result<Option<OwnedFd>, landlock::RulesetError> {
    let abi = ABI::from(abi);
    if abi < ABI::V4 {
        return Ok(None);
    }
    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessNet::from_all(abi))?;
    if abi >= ABI::V6 {
        ruleset = ruleset.scope(Scope::Signal | Scope::AbstractUnixSocket)?;
    }
    let fd: Option<OwnedFd> = ruleset.create()?.into();
    Ok(fd)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_binary_inside_an_allowed_folder_is_cut_out_of_it() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        for name in ["minimax", "python3", "lua"] {
            std::fs::write(bin.join(name), "").unwrap();
        }
        std::fs::create_dir(dir.path().join("lib")).unwrap();
        let mut kept = without(dir.path(), &bin.join("minimax"));
        kept.sort();
        assert_eq!(
            kept,
            vec![bin.join("lua"), bin.join("python3"), dir.path().join("lib")]
        );
    }
}
