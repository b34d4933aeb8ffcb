//! The box's root, built in the program's process (as root, in its own mount and PID
//! namespaces) from the steps the grader prepared (see `boxroot`).

/// A box's steps, as the child takes them: a pointer into the grader's plan and a length.
#[derive(Clone, Copy, Debug)]
pub struct Steps {
    pub first: *const Step,
    pub count: usize,
}

// SAFETY: the steps point into a plan the grader keeps, unchanged, until the run has started;
// they are only read.
unsafe impl Send for Steps {}
// SAFETY: as above.
unsafe impl Sync for Steps {}

/// One step of building a box's root, prepared by the grader (see [`super::super::boxroot`]) as
/// pointers into C strings it keeps alive; the program's process takes the steps in order, as
/// root, in its own mount and PID namespaces, before it becomes the run's user.
#[derive(Clone, Copy, Debug)]
pub enum Step {
    Mkdir(*const libc::c_char),
    Chmod(*const libc::c_char, libc::mode_t),
    /// Gives the path to the run's user.
    Chown(*const libc::c_char),
    /// An empty file, to mount a single file over.
    Touch(*const libc::c_char),
    Symlink {
        target: *const libc::c_char,
        path: *const libc::c_char,
    },
    /// `mount(2)`; null pointers where the call takes none.
    Mount {
        source: *const libc::c_char,
        target: *const libc::c_char,
        fstype: *const libc::c_char,
        flags: libc::c_ulong,
        data: *const libc::c_char,
    },
    /// Makes `root` the root (the old one is detached) and `cwd` the working folder.
    Pivot {
        root: *const libc::c_char,
        cwd: *const libc::c_char,
    },
}
/// Takes the steps that build a box's root; on failure, the index of the step that failed
/// (`errno` says why).
///
/// # Safety
/// Between clone and exec, with the pointers of `steps` valid.
pub(super) unsafe fn build_root(
    steps: &[Step],
    user: Option<(libc::uid_t, libc::gid_t)>,
) -> Result<(), usize> {
    for (index, step) in steps.iter().enumerate() {
        // SAFETY: the steps' pointers are C strings the grader keeps alive (the caller's
        // promise); the calls change only this process's namespaces, between clone and exec.
        let result = unsafe { take_step(*step, user) };
        if result != 0 {
            return Err(index);
        }
    }
    Ok(())
}

/// Takes one step of [`build_root`]: 0, or -1 with `errno` set.
///
/// # Safety
/// As for [`build_root`].
unsafe fn take_step(step: Step, user: Option<(libc::uid_t, libc::gid_t)>) -> libc::c_long {
    // SAFETY: each call gets the step's C strings, valid by our caller's promise.
    unsafe {
        let result = match step {
            Step::Mkdir(path) => {
                let made = libc::mkdir(path, 0o755);
                if made != 0 && *libc::__errno_location() == libc::EEXIST {
                    0
                } else {
                    made
                }
            }
            Step::Chmod(path, mode) => libc::chmod(path, mode),
            Step::Chown(path) => match user {
                Some((uid, gid)) => libc::chown(path, uid, gid),
                None => 0,
            },
            Step::Touch(path) => {
                let fd = libc::open(path, libc::O_CREAT | libc::O_WRONLY | libc::O_CLOEXEC, 0o000);
                if fd >= 0 {
                    libc::close(fd);
                }
                fd.min(0)
            }
            Step::Symlink { target, path } => libc::symlink(target, path),
            Step::Mount {
                source,
                target,
                fstype,
                flags,
                data,
            } => libc::mount(source, target, fstype, flags, data.cast()),
            Step::Pivot { root, cwd } => {
                let dot = c".".as_ptr();
                if libc::chdir(root) != 0
                    || libc::syscall(libc::SYS_pivot_root, dot, dot) != 0
                    || libc::umount2(dot, libc::MNT_DETACH) != 0
                {
                    -1
                } else {
                    libc::chdir(cwd)
                }
            }
        };
        result as libc::c_long
    }
}
