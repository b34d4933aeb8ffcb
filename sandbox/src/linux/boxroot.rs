//! The root of a box: what a run's own mount namespace holds.
//!
//! A run sees only the system's folders (read-only), the `--allow` folders (read-only), its
//! student's copy at `/box`, a private `/tmp` and `/dev/shm`, a fresh `/proc` that shows
//! only the run's processes, and a few devices. Nothing of the grader (its files, the other
//! students' copies, the positions, the report) has a name there. Everything the run may
//! write lives on a tmpfs of its own, of `--disk` MiB and a fixed number of files, which
//! vanishes with the run's namespaces: a run's copy is an overlay whose upper layer is that
//! tmpfs, so every run (a hidden position's too) starts from the clean, built copy.
//!
//! The grader prepares each box's steps once per student as C strings
//! ([`confine::Step`]); the program's process takes them before it executes (see
//! `confine::steps::build_root`).

use super::confine::{Step, Steps};
use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// Where the student's copy is, inside the box: the runs' working folder and `HOME`.
pub const BOX_HOME: &str = "/box";

/// Files (and folders) a run may create in its tmpfs.
pub const RUN_INODES: u64 = 16_384;

/// The steps of one box, with the strings they point into.
#[derive(Debug)]
pub struct BoxPlan {
    steps: Vec<Step>,
    /// Owned here for the pointers in `steps`.
    _strings: Vec<CString>,
}

// SAFETY: the pointers in `steps` point into `_strings`, owned and never changed; the plan is
// only read once made.
unsafe impl Send for BoxPlan {}
// SAFETY: as above.
unsafe impl Sync for BoxPlan {}

impl BoxPlan {
    pub fn steps(&self) -> Steps {
        Steps {
            first: self.steps.as_ptr(),
            count: self.steps.len(),
        }
    }
}

/// What a box is made of.
#[derive(Debug)]
pub struct Layout<'a> {
    /// An empty folder of the grader's, where each run mounts its own tmpfs (in its own mount
    /// namespace, so runs at once do not meet there).
    pub mount_at: &'a Path,
    /// The student's copy (on the student's own tmpfs).
    pub cell: &'a Path,
    /// Whether the run writes into the copy itself (a build) rather than into a layer of its
    /// own over it.
    pub writes_copy: bool,
    /// Folders (or files) shown read-only, at the same path: the system's and `--allow`.
    pub readable: &'a [PathBuf],
    /// Files and folders to hide (the grader's own binary, any `minimax` on the PATH, the
    /// instructor's private files), where they lie in a readable folder.
    pub hide: &'a [PathBuf],
    pub disk_mib: u64,
}

/// Devices a box has, bound from the grader's.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// Builds the steps of a box.
pub fn plan(layout: &Layout) -> io::Result<BoxPlan> {
    let mut builder = Builder::default();
    let base = layout.mount_at;
    let root = base.join("root");
    let (nosuid, nodev) = (libc::MS_NOSUID, libc::MS_NODEV);

    // The run's own tmpfs: the overlay's layers and the new root, with /tmp and /dev/shm in it.
    builder.mount(
        Some("minimax-box"),
        base,
        Some("tmpfs"),
        nosuid | nodev,
        Some(&format!(
            "size={}m,nr_inodes={RUN_INODES},mode=0755",
            layout.disk_mib
        )),
    )?;
    for dir in ["upper", "work", "root"] {
        builder.mkdir(&base.join(dir))?;
    }
    builder.push_path(&base.join("upper"), Step::Chown)?;
    // The new root must be a mount point of its own.
    builder.bind(&root, &root, libc::MS_BIND | libc::MS_REC)?;

    show_readable(&mut builder, layout, &root)?;
    // Covered by an empty file nobody may read (or an empty folder): students do not run the
    // reference solver, nor read what is the instructor's in a folder shown to them.
    let empty = base.join("empty");
    builder.push_path(&empty, Step::Touch)?;
    let empty_folder = base.join("empty-folder");
    builder.mkdir(&empty_folder)?;
    for hide in layout.hide.iter().filter(|hide| shown(layout.readable, hide)) {
        let cover = if hide.is_dir() { &empty_folder } else { &empty };
        builder.bind(cover, &in_root(&root, hide), libc::MS_BIND)?;
    }

    home(&mut builder, layout, &root)?;
    system_folders(&mut builder, &root)?;
    let root_c = builder.path(&root)?;
    let cwd = builder.string(BOX_HOME.as_bytes())?;
    builder.steps.push(Step::Pivot { root: root_c, cwd });
    Ok(BoxPlan {
        steps: builder.steps,
        _strings: builder.strings,
    })
}

/// A path of the grader's file system, inside the box's `root`.
fn in_root(root: &Path, path: &Path) -> PathBuf {
    root.join(path.strip_prefix("/").unwrap_or(path))
}

/// The system's folders and `--allow`'s, read-only at the same paths (links as links).
fn show_readable(builder: &mut Builder, layout: &Layout, root: &Path) -> io::Result<()> {
    let (nosuid, nodev) = (libc::MS_NOSUID, libc::MS_NODEV);
    for path in layout.readable {
        let inside = in_root(root, path);
        let meta = std::fs::symlink_metadata(path)?;
        if layout
            .readable
            .iter()
            .any(|other| other != path && path.starts_with(other))
        {
            continue; // Already visible through the folder that holds it.
        }
        if meta.file_type().is_symlink() {
            // /bin -> usr/bin on merged-/usr systems: the same link in the box.
            mkdir_all(builder, root, inside.parent().unwrap_or(root))?;
            let target = std::fs::read_link(path)?;
            let target = builder.string(target.as_os_str().as_bytes())?;
            let link = builder.path(&inside)?;
            builder.steps.push(Step::Symlink { target, path: link });
            continue;
        }
        if meta.is_dir() {
            mkdir_all(builder, root, &inside)?;
        } else {
            mkdir_all(builder, root, inside.parent().unwrap_or(root))?;
            builder.push_path(&inside, Step::Touch)?;
        }
        builder.bind(path, &inside, libc::MS_BIND | libc::MS_REC)?;
        builder.mount(
            None,
            &inside,
            None,
            libc::MS_BIND | libc::MS_REMOUNT | libc::MS_RDONLY | nosuid | nodev,
            None,
        )?;
    }
    Ok(())
}

/// The student's copy at [`BOX_HOME`]: an overlay over it, or the copy itself when the run
/// writes it (or overlays cannot stack on it).
fn home(builder: &mut Builder, layout: &Layout, root: &Path) -> io::Result<()> {
    let (base, (nosuid, nodev)) = (layout.mount_at, (libc::MS_NOSUID, libc::MS_NODEV));
    let home = in_root(root, Path::new(BOX_HOME));
    builder.mkdir(&home)?;
    if layout.writes_copy || !overlay_safe(layout.cell) {
        builder.bind(layout.cell, &home, libc::MS_BIND)?;
        builder.mount(
            None,
            &home,
            None,
            libc::MS_BIND | libc::MS_REMOUNT | nosuid | nodev,
            None,
        )?;
    } else {
        let data = format!(
            "lowerdir={},upperdir={},workdir={}",
            layout.cell.display(),
            base.join("upper").display(),
            base.join("work").display()
        );
        builder.mount(
            Some("overlay"),
            &home,
            Some("overlay"),
            nosuid | nodev,
            Some(&data),
        )?;
    }
    Ok(())
}

/// /tmp, /dev (its devices and links) and /proc.
fn system_folders(builder: &mut Builder, root: &Path) -> io::Result<()> {
    let (nosuid, nodev, noexec) = (libc::MS_NOSUID, libc::MS_NODEV, libc::MS_NOEXEC);
    for dir in ["tmp", "dev", "dev/shm", "proc"] {
        builder.mkdir(&root.join(dir))?;
    }
    builder.push_path(&root.join("tmp"), |p| Step::Chmod(p, 0o1777))?;
    builder.push_path(&root.join("dev/shm"), |p| Step::Chmod(p, 0o1777))?;
    for device in DEVICES {
        let inside = root.join("dev").join(device);
        builder.push_path(&inside, Step::Touch)?;
        builder.bind(&Path::new("/dev").join(device), &inside, libc::MS_BIND)?;
    }
    for (name, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        let target = builder.string(target.as_bytes())?;
        let path = builder.path(&root.join("dev").join(name))?;
        builder.steps.push(Step::Symlink { target, path });
    }
    // This process is in the run's PID namespace: the /proc it mounts shows that alone. The
    // namespace's init is a clone of the grader (its command line is the grader's, with any
    // --seed): hidepid keeps processes of other users, root's, out of the run's sight.
    builder.mount(
        Some("proc"),
        &root.join("proc"),
        Some("proc"),
        nosuid | nodev | noexec,
        Some("hidepid=2"),
    )?;
    Ok(())
}

/// Whether `path` is in the box: beneath a folder bound into it (not a link such as /bin).
fn shown(readable: &[PathBuf], path: &Path) -> bool {
    readable.iter().any(|folder| {
        path.starts_with(folder) && std::fs::symlink_metadata(folder).is_ok_and(|m| !m.is_symlink())
    })
}

/// Whether a path can be named in overlayfs's options (which commas and colons separate).
fn overlay_safe(path: &Path) -> bool {
    !path
        .as_os_str()
        .as_bytes()
        .iter()
        .any(|b| matches!(b, b',' | b':' | b'\\'))
}

/// Steps making every folder from `root` down to `dir`.
fn mkdir_all(builder: &mut Builder, root: &Path, dir: &Path) -> io::Result<()> {
    let Ok(rest) = dir.strip_prefix(root) else {
        return Ok(());
    };
    let mut path = root.to_path_buf();
    for part in rest.components() {
        path.push(part);
        builder.mkdir(&path)?;
    }
    Ok(())
}

#[derive(Default)]
struct Builder {
    steps: Vec<Step>,
    strings: Vec<CString>,
}

impl Builder {
    /// A C string kept alive by the plan (its heap buffer does not move when the vector does).
    fn string(&mut self, bytes: &[u8]) -> io::Result<*const libc::c_char> {
        let string = CString::new(bytes).map_err(|_| io::Error::other("a path holds a NUL byte"))?;
        let pointer = string.as_ptr();
        self.strings.push(string);
        Ok(pointer)
    }

    fn path(&mut self, path: &Path) -> io::Result<*const libc::c_char> {
        self.string(path.as_os_str().as_bytes())
    }

    fn push_path(&mut self, path: &Path, step: impl FnOnce(*const libc::c_char) -> Step) -> io::Result<()> {
        let pointer = self.path(path)?;
        self.steps.push(step(pointer));
        Ok(())
    }

    fn mkdir(&mut self, path: &Path) -> io::Result<()> {
        self.push_path(path, Step::Mkdir)
    }

    fn bind(&mut self, source: &Path, target: &Path, flags: libc::c_ulong) -> io::Result<()> {
        let (source, target) = (self.path(source)?, self.path(target)?);
        self.steps.push(Step::Mount {
            source,
            target,
            fstype: std::ptr::null(),
            flags,
            data: std::ptr::null(),
        });
        Ok(())
    }

    fn mount(
        &mut self,
        source: Option<&str>,
        target: &Path,
        fstype: Option<&str>,
        flags: libc::c_ulong,
        data: Option<&str>,
    ) -> io::Result<()> {
        let mut text = |s: Option<&str>| -> io::Result<*const libc::c_char> {
            match s {
                Some(s) => self.string(s.as_bytes()),
                None => Ok(std::ptr::null()),
            }
        };
        let (source, fstype, data) = (text(source)?, text(fstype)?, text(data)?);
        let target = self.path(target)?;
        self.steps.push(Step::Mount {
            source,
            target,
            fstype,
            flags,
            data,
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_hides_the_grader_and_shows_the_copy_at_box() {
        let dir = tempfile::tempdir().unwrap();
        let cell = dir.path().join("00000");
        std::fs::create_dir(&cell).unwrap();
        let readable = vec![PathBuf::from("/usr"), PathBuf::from("/etc")];
        let grader = [PathBuf::from("/usr/bin/true")];
        let plan = plan(&Layout {
            mount_at: &dir.path().join(".box"),
            cell: &cell,
            writes_copy: false,
            readable: &readable,
            hide: &grader,
            disk_mib: 8,
        })
        .unwrap();
        let text = |p: *const libc::c_char| -> String {
            if p.is_null() {
                String::new()
            } else {
                // SAFETY: a pointer into the plan's own strings.
                unsafe { std::ffi::CStr::from_ptr(p) }
                    .to_string_lossy()
                    .into_owned()
            }
        };
        let mounts: Vec<(String, String, String)> = plan
            .steps
            .iter()
            .filter_map(|step| match *step {
                Step::Mount {
                    target, fstype, data, ..
                } => Some((text(target), text(fstype), text(data))),
                _ => None,
            })
            .collect();
        let root = dir.path().join(".box/root").display().to_string();
        assert!(mounts.iter().any(|(t, f, d)| *t == format!("{root}/box")
            && f == "overlay"
            && d.contains(&format!("lowerdir={}", cell.display()))));
        assert!(mounts
            .iter()
            .any(|(t, _, _)| *t == format!("{root}/usr/bin/true")));
        assert!(mounts
            .iter()
            .any(|(t, f, _)| *t == format!("{root}/proc") && f == "proc"));
        assert!(matches!(plan.steps.last(), Some(Step::Pivot { .. })));
    }
}
