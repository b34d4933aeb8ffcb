//! RAR and 7z archives, turned into a tar stream by libarchive's `bsdtar` inside walls.

use super::error::UnpackError;
use super::filler::Filler;
use super::untar::untar;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::process::{Command, Stdio};
/// RAR through `bsdtar`, re-written as a tar stream read by [`untar`]. Reading stops (and
/// `bsdtar` is killed) as soon as the budget runs out.
///
/// bsdtar parses a stranger's file, so it runs inside walls of its own ([`bsdtar_walls`]):
/// the archive comes on stdin, its errors go to a file, and it can read only the system's
/// folders, write no file, reach no network, and runs as an unprivileged user when the
/// grader is root, with limits on CPU time, memory and descriptors.
pub(super) fn unrar(archive: &Path, filler: &mut Filler) -> Result<(), UnpackError> {
    let input = File::open(archive).map_err(|e| filler.unreadable(e))?;
    let mut errors = tempfile::tempfile().map_err(|e| filler.unreadable(e))?;
    let walls = bsdtar_walls();
    let mut command = Command::new("bsdtar");
    command
        .args(["-c", "-f", "-", "--format", "pax", "@-"])
        .stdin(Stdio::from(input))
        .stdout(Stdio::piped())
        .stderr(Stdio::from(errors.try_clone().map_err(|e| filler.unreadable(e))?));
    let confinement = walls.confinement;
    // The ruleset's descriptor lives in `walls` until the child has started.
    minimax_sandbox::confine::confine_command(&mut command, confinement);
    let mut child = command.spawn().map_err(|source| {
        let archive = filler.archive.clone();
        if source.kind() == io::ErrorKind::NotFound {
            UnpackError::NoBsdtar { archive }
        } else {
            UnpackError::BsdtarStart { archive, source }
        }
    })?;
    drop(walls);
    let stdout = child.stdout.take().expect("piped");
    let read = untar(stdout, filler);
    if read.is_err() {
        let _ = child.kill();
    }
    let status = child.wait().map_err(|e| filler.unreadable(e))?;
    read?;
    if !status.success() {
        use std::io::Seek;
        let mut said = String::new();
        let _ = errors.seek(io::SeekFrom::Start(0));
        let _ = errors.take(4096).read_to_string(&mut said);
        let first = said
            .lines()
            .next()
            .unwrap_or("bsdtar could not read it")
            .to_string();
        return Err(filler.unreadable(first));
    }
    Ok(())
}

/// What bsdtar runs inside, and what must outlive its start.
pub(super) struct BsdtarWalls {
    pub(super) confinement: minimax_sandbox::confine::Confinement,
    #[cfg(target_os = "linux")]
    pub(super) _ruleset: Option<std::os::fd::OwnedFd>,
    #[cfg(target_os = "linux")]
    pub(super) _empty: Option<tempfile::TempDir>,
}

/// Off Linux, bsdtar runs in a process group of its own, with the grader's rights.
#[cfg(not(target_os = "linux"))]
pub(super) fn bsdtar_walls() -> BsdtarWalls {
    BsdtarWalls {
        confinement: minimax_sandbox::confine::Confinement::none(),
    }
}

#[cfg(target_os = "linux")]
pub(super) fn bsdtar_walls() -> BsdtarWalls {
    use minimax_sandbox::{confine::Confinement, rules};
    use std::os::fd::AsRawFd;
    let mut confinement = Confinement::none();
    confinement.group_only = false;
    confinement.push_rlimit(libc::RLIMIT_CPU, 60);
    confinement.push_rlimit(libc::RLIMIT_DATA, 1 << 30);
    confinement.push_rlimit(libc::RLIMIT_NOFILE, 64);
    confinement.push_rlimit(libc::RLIMIT_CORE, 0);
    // Its output is a pipe, which this does not limit; its error file stays small.
    confinement.push_rlimit(libc::RLIMIT_FSIZE, 1 << 20);
    if minimax_sandbox::confine::running_as_root() {
        confinement.user = Some((65534, 65534));
    }
    let abi = rules::kernel_abi();
    let empty = tempfile::tempdir().ok();
    let ruleset = match (&empty, abi > 0) {
        (Some(empty), true) => {
            let grader = std::env::current_exe().ok().and_then(|p| p.canonicalize().ok());
            rules::ruleset(abi, &rules::readable(&[], grader.as_deref()), empty.path()).ok()
        }
        _ => None,
    };
    confinement.landlock = ruleset.as_ref().map(AsRawFd::as_raw_fd);
    BsdtarWalls {
        confinement,
        _ruleset: ruleset,
        _empty: empty,
    }
}
