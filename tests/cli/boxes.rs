//! A box per run: a second hostile class (tests/box) whose attacks reach past the walls of
//! tests/hostile (the grader's own memory and stack, classmates' files and kernel objects,
//! the CPU, the disk, hidden positions). Each attack must cost only its own verdict, honest
//! classmates must keep theirs, and nothing may be left on the machine afterwards.

use super::leftovers::{self, Snapshot};
use super::safety::kill_leftovers;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BOX_CLASS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/box");
const AWK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/class/minimax.awk");

/// Whether the tests run as root, which the box needs; where not, the test says it is
/// skipped (a failure under CI: see [`crate::skip`]).
fn root_or_skip() -> bool {
    // SAFETY: a query of this process's credentials.
    let root = unsafe { libc::geteuid() == 0 };
    if !root {
        crate::skip(&["root"], "boxes need a grader running as root");
    }
    root
}

/// The layers a report says were not applied, by name.
fn missing_layers(report: &Value) -> Vec<String> {
    report["sandbox"]["layers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|l| l["applied"] == false)
        .map(|l| l["layer"].as_str().unwrap_or("?").to_string())
        .collect()
}

/// Whether the grading had every layer of the sandbox; where not, the test says it is skipped
/// (a failure under CI unless the test bed names the missing layers).
fn every_layer_or_skip(graded: &Graded) -> bool {
    let missing = missing_layers(&graded.report);
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(String::as_str).collect();
        let why = format!("this machine lacks sandbox layers: {}", graded.report["sandbox"]);
        crate::skip(&names, &why);
    }
    missing.is_empty()
}

/// tests/box/tools/deny built with cc (once per test process, in cargo's folder for tests'
/// files), or `None` where there is no C compiler.
fn deny_tool() -> Option<PathBuf> {
    static BUILT: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
            compile_c(
                &Path::new(BOX_CLASS).join("tools/deny.c"),
                &dir.join("minimax-deny"),
            )
        })
        .clone()
}

/// `source` compiled with cc into `binary` (through a name of this process's own, then
/// renamed: test processes at once never see half a binary), or `None` without cc.
fn compile_c(source: &Path, binary: &Path) -> Option<PathBuf> {
    let partial = binary.with_extension(format!("{}.part", std::process::id()));
    let compiled = Command::new("cc")
        .args(["-O2", "-Wall", "-o"])
        .arg(&partial)
        .arg(source)
        .status();
    match compiled {
        Ok(status) if status.success() => {
            std::fs::rename(&partial, binary).unwrap();
            Some(binary.to_path_buf())
        }
        Ok(status) => panic!("cc could not compile {}: {status}", source.display()),
        Err(_) => None,
    }
}

/// The `deny` tool, or `None` after saying the test is skipped (no C compiler here).
fn deny_or_skip() -> Option<PathBuf> {
    let deny = deny_tool();
    if deny.is_none() {
        crate::skip(
            &["cc"],
            "tests/box/tools/deny needs a C compiler (cc: Debian's gcc)",
        );
    }
    deny
}

fn token(test: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!("minimax-box-{test}-{}-{nanos}", std::process::id())
}

/// A copy of `tests/box/<which>` with the token and the course's awk filled in, in a folder
/// every user may pass through; and the awk's own copy beside it, in a folder of its own (see
/// [`awk_dir`]: the runs may read it, and nothing else of the test's).
fn class_copy(which: &str, token: &str) -> (tempfile::TempDir, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let awk = Path::new(&awk_dir(&root)).join("minimax.awk");
    std::fs::create_dir(awk.parent().unwrap()).unwrap();
    std::fs::copy(AWK, &awk).unwrap();
    let class = root.path().join("class");
    let status = Command::new("cp")
        .arg("-a")
        .arg(Path::new(BOX_CLASS).join(which))
        .arg(&class)
        .status()
        .unwrap();
    assert!(status.success());
    for student in std::fs::read_dir(&class).unwrap() {
        let script = student.unwrap().path().join("main.sh");
        if let Ok(text) = std::fs::read_to_string(&script) {
            let text = text
                .replace("@TOKEN@", token)
                .replace("@AWK@", &awk.display().to_string())
                .replace("@GRADER@", env!("CARGO_BIN_EXE_minimax"));
            std::fs::write(&script, text).unwrap();
        }
    }
    (root, class)
}

/// What grading a class left: its report, the grader's peak memory, and anything left behind
/// (checked, then removed).
struct Graded {
    status: i32,
    report: Value,
    stderr: String,
    peak_kib: u64,
}

/// How a test starts the grader: which binary, as whom, under which of tests/box/tools/deny's
/// options (the layers it takes away from this kernel).
#[derive(Default)]
struct Grader {
    /// The grader's binary (default: the one cargo built).
    binary: Option<PathBuf>,
    /// The uid and gid it runs as (default: the test's own).
    uid: Option<u32>,
    /// Options of `deny` (`--no-landlock`, `--no-namespaces`); none: no `deny`.
    deny: Vec<&'static str>,
}

/// Grades `class` with `args`, with TMPDIR a folder of its own (`tmp`, made by the caller),
/// and checks that nothing outlived the grading.
fn grade(class: &Path, tmp: &Path, token: &str, args: &[&str]) -> Graded {
    grade_with(&Grader::default(), class, tmp, token, args)
}

/// [`grade`], with the grader started as `grader` says.
fn grade_with(grader: &Grader, class: &Path, tmp: &Path, token: &str, args: &[&str]) -> Graded {
    use std::os::unix::process::CommandExt;
    let binary = grader
        .binary
        .clone()
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_minimax")));
    let mut command = if grader.deny.is_empty() {
        Command::new(&binary)
    } else {
        let mut command = Command::new(deny_tool().expect("deny is built before it is used"));
        command.args(&grader.deny).arg("--").arg(&binary);
        command
    };
    if let Some(uid) = grader.uid {
        command.uid(uid).gid(uid);
    }
    let before = Snapshot::take(grader.uid.as_slice());
    let mut child = command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("TMPDIR", tmp)
        .arg("grade")
        .arg("--submissions")
        .arg(class)
        .args(["--format", "json"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut peak_kib = 0;
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        if let Some(hwm) = status.lines().find_map(|l| l.strip_prefix("VmHWM:")) {
            let kib: u64 = hwm.trim().trim_end_matches("kB").trim().parse().unwrap_or(0);
            peak_kib = peak_kib.max(kib);
        }
        if started.elapsed() > Duration::from_secs_f64(300.0 * crate::slowdown()) {
            let _ = child.kill();
            panic!("grading stalled for more than 5 minutes");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let leftovers = kill_leftovers(token);
    assert!(leftovers.is_empty(), "processes outlived grading: {leftovers:#?}");
    assert_eq!(
        before.added_since(),
        Vec::<String>::new(),
        "kernel objects or mounts outlived grading"
    );
    assert_eq!(
        leftovers::cgroups_of(pid),
        Vec::<PathBuf>::new(),
        "cgroups outlived grading"
    );
    let files: Vec<PathBuf> = std::fs::read_dir(tmp)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files, Vec::<PathBuf>::new(), "files outlived grading in TMPDIR");
    let report = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    Graded {
        status: output.status.code().unwrap_or(-1),
        report,
        stderr,
        peak_kib,
    }
}

/// Each student's (verdict, detail, stderr) per position.
fn results(report: &Value) -> BTreeMap<String, Vec<(String, String, String)>> {
    report["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let rows = s["results"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| {
                    let text = |v: &Value| v.as_str().unwrap_or("").to_string();
                    (text(&r["verdict"]), text(&r["detail"]), text(&r["stderr"]))
                })
                .collect();
            (s["student"].as_str().unwrap().to_string(), rows)
        })
        .collect()
}

/// A .tar.gz of a few kilobytes whose GNU long-name header claims 3 GiB of name.
fn long_name_tar(path: &Path) {
    let mut block = [0u8; 512];
    block[..13].copy_from_slice(b"././@LongLink");
    block[100..107].copy_from_slice(b"0000644");
    block[124..135].copy_from_slice(format!("{:011o}", 3u64 << 30).as_bytes());
    block[156] = b'L';
    block[257..263].copy_from_slice(b"ustar ");
    block[148..156].fill(b' ');
    let sum: u32 = block.iter().map(|&b| b as u32).sum();
    block[148..155].copy_from_slice(format!("{sum:06o}\0").as_bytes());
    let file = std::fs::File::create(path).unwrap();
    let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::best());
    gz.write_all(&block).unwrap();
    gz.write_all(&vec![b'a'; 8 << 20]).unwrap();
    gz.finish().unwrap();
}

/// A folder every user may pass through, for the grader's TMPDIR; its parent too.
fn private_tmp(root: &Path, mode: u32) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let tmp = root.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(mode)).unwrap();
    tmp
}

#[test]
fn every_attack_of_the_box_class_costs_only_its_own_verdict_and_leaves_nothing() {
    if !root_or_skip() {
        return;
    }
    let _alone = crate::exclusive();
    let token = token("class");
    let (root, class) = class_copy("class", &token);
    long_name_tar(&class.join("longname/project.tar.gz"));
    let sparse = std::fs::File::create(class.join("sparse/Main.java")).unwrap();
    sparse.set_len(4 << 30).unwrap();
    drop(sparse);
    let tmp = private_tmp(root.path(), 0o755);
    let awk_dir = awk_dir(&root);
    let limits = crate::hostile_class_limits();
    let mut args = vec!["--allow", &awk_dir];
    args.extend(limits.iter().map(String::as_str));
    args.extend([
        "--disk",
        "64",
        "--sample",
        "2",
        "--seed",
        "7",
        "fixtures/estado1.txt",
    ]);
    let graded = grade(&class, &tmp, &token, &args);
    assert_eq!(graded.status, 0, "{}", graded.stderr);
    if !every_layer_or_skip(&graded) {
        return;
    }
    let results = results(&graded.report);
    let every = |student: &str, verdict: &str, detail: &str| {
        let rows = &results[student];
        assert_eq!(rows.len(), 3, "{student}: {rows:?}");
        for (v, d, _) in rows {
            assert_eq!(v, verdict, "{student}: {rows:#?}");
            assert!(d.contains(detail), "{student}: {d:?} lacks {detail:?}");
        }
    };
    // Honest classmates keep full marks, the slow one too (CPU time, not the clock).
    every("ana", "optimal", "");
    every("bruno", "optimal", "");
    // Attacks that cost nothing but leave things behind (a deep tree, kernel objects).
    every("deeptree", "optimal", "");
    every("ipc", "optimal", "");
    every("leaker", "optimal", "");
    // Attacks that cost their own verdict.
    every("cpuhog", "timeout", "no answer within");
    every("filler", "crashed", "disk limit of 64 MiB exceeded");
    every("memhog", "crashed", "memory limit of 256 MiB exceeded");
    every("longname", "build-failed", "GNU long name of 3221225472 bytes");
    every("sparse", "build-failed", "larger than 256 MiB");
    // Every run of the leaker started from a clean copy, saw no grader, and no seed.
    for (_, _, stderr) in &results["leaker"] {
        assert!(stderr.contains("runs seen: 1"), "{stderr}");
        assert!(!stderr.contains("SEED FOUND"), "{stderr}");
    }
    // The grader's memory stayed bounded (a long name of 3 GiB, a sparse 4 GiB source).
    assert!(
        graded.peak_kib < 256 << 10,
        "the grader peaked at {} MiB",
        graded.peak_kib >> 10
    );
}

#[test]
fn classmates_at_the_same_time_cannot_touch_or_whisper_to_each_other() {
    if !root_or_skip() {
        return;
    }
    let _alone = crate::exclusive();
    let token = token("pairs");
    let (root, class) = class_copy("pairs", &token);
    let tmp = private_tmp(root.path(), 0o755);
    let awk_dir = awk_dir(&root);
    // Four students, one position, two at a time: copier and snoop run beside whisper and
    // victim (tasks are taken in halves, one half per worker).
    let graded = grade(
        &class,
        &tmp,
        &token,
        &[
            "--allow",
            &awk_dir,
            "--timeout",
            &crate::timeout(5.0),
            "--jobs",
            "2",
            "fixtures/estado1.txt",
        ],
    );
    assert_eq!(graded.status, 0, "{}", graded.stderr);
    let results = results(&graded.report);
    let verdict = |student: &str| results[student][0].0.clone();
    assert_eq!(verdict("victim"), "optimal", "{results:#?}");
    assert_eq!(verdict("whisper"), "optimal", "{results:#?}");
    // The copier found nothing, so it printed its own wrong move.
    assert_eq!(verdict("copier"), "suboptimal", "{results:#?}");
    assert!(!results["snoop"][0].2.contains("CHMOD"), "{results:#?}");
}

#[test]
fn a_private_tmpdir_still_grades_a_java_class() {
    // Debian's libpam-tmpdir gives each user a TMPDIR of mode 0700: programs running as
    // another user could not pass through it, and the JVM opens files by absolute path.
    let token = token("tmpdir");
    let root = tempfile::tempdir().unwrap();
    let tmp = private_tmp(root.path(), 0o700);
    let class = root.path().join("class");
    std::fs::create_dir_all(class.join("java")).unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lms/stdio-java/Gato.java"),
        class.join("java/Gato.java"),
    )
    .unwrap();
    let _alone = crate::exclusive();
    let graded = grade(
        &class,
        &tmp,
        &token,
        &["--accept", "0-based", "--timeout", "10", "fixtures/estado1.txt"],
    );
    assert_eq!(graded.status, 0, "{}", graded.stderr);
    let results = results(&graded.report);
    assert_eq!(results["java"][0].0, "optimal", "{results:#?}");
}

/// The folder of the course's awk in a class copy's `root`, which `--allow` lets runs read.
fn awk_dir(root: &tempfile::TempDir) -> String {
    root.path().join("awk").display().to_string()
}

/// A folder for the grader's TMPDIR named `name` in `root`, owned by `uid` (a grader that runs
/// as another user writes its scratch folder there).
fn tmp_for(root: &Path, name: &str, uid: Option<u32>) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let tmp = root.join(name);
    std::fs::create_dir(&tmp).unwrap();
    std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o755)).unwrap();
    if let Some(uid) = uid {
        std::os::unix::fs::chown(&tmp, Some(uid), Some(uid)).unwrap();
    }
    tmp
}

/// Whether the layer `name` was applied in a grading.
fn applied(graded: &Graded, name: &str) -> bool {
    !missing_layers(&graded.report).iter().any(|layer| layer == name)
}

/// A copy of the grader's binary installed at a fixed system path for one test, as a TA or
/// Gradescope's set-up installs it. Removed when dropped (a failing test too), with the
/// folders it made, and only while it is still the very file this guard made. A file that was
/// there already is left alone and serves as it is (a reference solver runs must not reach
/// either).
struct Installed {
    path: PathBuf,
    /// The (device, inode) of the copy this guard made.
    made: Option<(u64, u64)>,
    /// The folders it made, deepest first.
    folders: Vec<PathBuf>,
}

impl Installed {
    /// Installs the copy at `path` with `mode`, making its folder with `folder_mode` (and any
    /// folders above it with 0755) where missing.
    fn at(path: &str, folder_mode: u32, mode: u32) -> Installed {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let path = Path::new(path);
        let mut installed = Installed {
            path: path.to_path_buf(),
            made: None,
            folders: Vec::new(),
        };
        let parent = path.parent().unwrap();
        let missing: Vec<&Path> = parent.ancestors().take_while(|a| !a.exists()).collect();
        for folder in missing.iter().rev() {
            match std::fs::create_dir(folder) {
                Ok(()) => installed.folders.insert(0, folder.to_path_buf()),
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(error) => panic!("cannot make {}: {error}", folder.display()),
            }
            let mode = if *folder == parent { folder_mode } else { 0o755 };
            std::fs::set_permissions(folder, std::fs::Permissions::from_mode(mode)).unwrap();
        }
        // Copied under a name of this process's own, then linked into place: a file already
        // at `path` is never replaced.
        let partial = parent.join(format!(".minimax-test-{}", std::process::id()));
        std::fs::copy(env!("CARGO_BIN_EXE_minimax"), &partial).unwrap();
        std::fs::set_permissions(&partial, std::fs::Permissions::from_mode(mode)).unwrap();
        let linked = std::fs::hard_link(&partial, path);
        let _ = std::fs::remove_file(&partial);
        match linked {
            Ok(()) => {
                let meta = std::fs::metadata(path).unwrap();
                installed.made = Some((meta.dev(), meta.ino()));
            }
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(error) => panic!("cannot install {}: {error}", path.display()),
        }
        installed
    }
}

impl Drop for Installed {
    fn drop(&mut self) {
        use std::os::unix::fs::MetadataExt;
        let ours = std::fs::symlink_metadata(&self.path)
            .is_ok_and(|meta| Some((meta.dev(), meta.ino())) == self.made);
        if ours {
            let _ = std::fs::remove_file(&self.path);
        }
        for folder in &self.folders {
            // Only while empty: whatever someone else put there stays.
            let _ = std::fs::remove_dir(folder);
        }
    }
}

/// Where a TA installs the tool (on every PATH, runs' included), and where Gradescope's set-up
/// does (gradescope/setup.sh: a folder and a binary for root alone).
const TA_COPY: &str = "/usr/local/bin/minimax";
const GRADESCOPE_COPY: &str = "/autograder/bin/minimax";

/// Grades tests/box/solver (an honest student, one whose program is `exec minimax`, one that
/// asks the solver for each position wherever it may be installed) on two positions.
fn grade_solver_class(grader: &Grader, sandbox: &str) -> Graded {
    let token = token("solver");
    let (root, class) = class_copy("solver", &token);
    let tmp = tmp_for(root.path(), "tmp", grader.uid);
    let awk_dir = awk_dir(&root);
    let args = [
        "--sandbox",
        sandbox,
        "--allow",
        &awk_dir,
        "--timeout",
        &crate::timeout(10.0),
        "--jobs",
        "2",
        "fixtures/estado1.txt",
        "fixtures/estado2.txt",
    ];
    grade_with(grader, &class, &tmp, &token, &args)
}

/// Asserts that the honest student scored in full and that the students who call the reference
/// solver scored nothing (`how`: the grading, for messages).
fn solver_earned_nothing(graded: &Graded, how: &str) {
    assert_eq!(graded.status, 0, "{how}: {}", graded.stderr);
    let results = results(&graded.report);
    let verdicts = |student: &str| -> Vec<String> { results[student].iter().map(|r| r.0.clone()).collect() };
    assert_eq!(verdicts("honest"), ["optimal", "optimal"], "{how}: {results:#?}");
    for student in ["execer", "caller"] {
        assert_eq!(verdicts(student).len(), 2, "{how}: {results:#?}");
        assert!(
            !verdicts(student).iter().any(|v| v == "optimal"),
            "{how}: {student} earned marks with the reference solver: {results:#?}"
        );
    }
    assert!(
        applied(graded, "private-files"),
        "{how}: the report says runs could reach the solver: {}",
        graded.report["sandbox"]
    );
}

#[test]
fn the_reference_solver_installed_by_a_ta_or_by_gradescope_earns_nothing_as_root() {
    if !root_or_skip() {
        return;
    }
    let Some(_) = deny_or_skip() else {
        return;
    };
    let _alone = crate::exclusive();
    let ta = Installed::at(TA_COPY, 0o755, 0o755);
    let _gradescope = Installed::at(GRADESCOPE_COPY, 0o700, 0o700);
    if ta.made.is_some() {
        // Without a sandbox the attack works: the copy is the reference solver, within reach.
        let off = grade_solver_class(&Grader::default(), "off");
        let unboxed = results(&off.report);
        for student in ["execer", "caller"] {
            let verdicts: Vec<&str> = unboxed[student].iter().map(|r| r.0.as_str()).collect();
            assert_eq!(verdicts, ["optimal", "optimal"], "sandbox off: {unboxed:#?}");
        }
    }
    // As Gradescope runs it (the copy in /autograder/bin grading): in a box; under Docker's
    // profile (no namespaces: Landlock and the file modes alone). And with the box alone.
    let gradescope = || Some(PathBuf::from(GRADESCOPE_COPY));
    let gradings = [
        ("in a box", gradescope(), vec![], "mount-namespace"),
        (
            "without namespaces",
            gradescope(),
            vec!["--no-namespaces"],
            "landlock",
        ),
        (
            "in a box without Landlock",
            None,
            vec!["--no-landlock"],
            "mount-namespace",
        ),
    ];
    for (how, binary, deny, needed) in gradings {
        let grader = Grader {
            binary,
            uid: None,
            deny,
        };
        let graded = grade_solver_class(&grader, "auto");
        if !applied(&graded, needed) {
            crate::skip(&[needed], &format!("{how}: {}", graded.report["sandbox"]));
            continue;
        }
        solver_earned_nothing(&graded, how);
    }
    if ta.made.is_some() {
        an_open_copy_is_named_with_its_fix(gradescope());
    }
}

/// Without Landlock and namespaces (Docker on Linux before 5.13) only the file modes stand
/// between runs and a file: the report names the TA's copy, open to every user (mode 0755),
/// with its fix; Gradescope's, for root alone, is out of reach.
fn an_open_copy_is_named_with_its_fix(binary: Option<PathBuf>) {
    let grader = Grader {
        binary,
        uid: None,
        deny: vec!["--no-namespaces", "--no-landlock"],
    };
    let graded = grade_solver_class(&grader, "auto");
    assert_eq!(graded.status, 0, "{}", graded.stderr);
    let private = graded.report["sandbox"]["layers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["layer"] == "private-files")
        .unwrap();
    let detail = private["detail"].as_str().unwrap();
    assert_eq!(private["applied"], false, "{detail}");
    assert!(
        detail.contains(&format!("the reference solver {TA_COPY} (chmod 700 {TA_COPY}")),
        "{detail}"
    );
    assert!(!detail.contains(GRADESCOPE_COPY), "{detail}");
    let results = results(&graded.report);
    assert!(
        results["caller"].iter().all(|r| r.0 == "optimal"),
        "the TA's copy, named in the report, is within reach there: {results:#?}"
    );
}

#[test]
fn the_reference_solver_on_the_path_earns_nothing_under_an_unprivileged_grader() {
    if !root_or_skip() {
        return;
    }
    let _alone = crate::exclusive();
    let _ta = Installed::at(TA_COPY, 0o755, 0o755);
    let _gradescope = Installed::at(GRADESCOPE_COPY, 0o700, 0o700);
    // No box without root: Landlock keeps the copy on the PATH and the grader's binary out.
    let grader = Grader {
        uid: Some(65534),
        ..Grader::default()
    };
    let graded = grade_solver_class(&grader, "auto");
    if !applied(&graded, "landlock") {
        crate::skip(
            &["landlock"],
            &format!("unprivileged: {}", graded.report["sandbox"]),
        );
        return;
    }
    solver_earned_nothing(&graded, "as uid 65534");
}

#[test]
fn a_key_added_through_another_architectures_gate_is_refused_and_leaves_nothing() {
    if !root_or_skip() {
        return;
    }
    let Some(_) = deny_or_skip() else {
        return;
    };
    let _alone = crate::exclusive();
    let token = token("gate");
    let (root, class) = class_copy("gate", &token);
    // Built here, with the token in its keys' names; the class holds the binary alone.
    let student = class.join("gate");
    let source = student.join("main.c");
    let text = std::fs::read_to_string(&source)
        .unwrap()
        .replace("@TOKEN@", &token);
    std::fs::write(&source, text).unwrap();
    compile_c(&source, &student.join("gate")).expect("cc was found for deny");
    std::fs::remove_file(&source).unwrap();
    std::fs::write(
        student.join("main.sh"),
        format!("#!/bin/sh\nexec ./gate {token}\n"),
    )
    .unwrap();
    let gradings = [
        ("in a box", None, vec![]),
        ("without namespaces", None, vec!["--no-namespaces"]),
        ("as uid 65534", Some(65534), vec![]),
    ];
    for (n, (how, uid, deny)) in gradings.into_iter().enumerate() {
        let tmp = tmp_for(root.path(), &format!("tmp{n}"), uid);
        let grader = Grader {
            binary: None,
            uid,
            deny,
        };
        let args = ["--timeout", &crate::timeout(5.0), "fixtures/estado1.txt"];
        // The snapshot in grade_with finds any key the run left in its uid's keyrings.
        let graded = grade_with(&grader, &class, &tmp, &token, &args);
        assert_eq!(graded.status, 0, "{how}: {}", graded.stderr);
        assert!(
            applied(&graded, "keyrings"),
            "{how}: {}",
            graded.report["sandbox"]
        );
        let (verdict, _, stderr) = &results(&graded.report)["gate"][0];
        assert!(
            stderr.contains("add_key through int 0x80: -38; x32: -38; natively: -38"),
            "{how}: a call was not refused: {stderr}"
        );
        assert_eq!(verdict, "suboptimal", "{how}: {stderr}");
    }
}

#[test]
fn an_abstract_socket_between_classmates_at_once_is_walled_by_the_network_namespace_alone() {
    // Landlock scopes abstract unix sockets from ABI 6 (Linux 6.12) only: graded with
    // Landlock taken away, only the network namespace of each student stands between the
    // whisper's `\0name` and the copier.
    if !root_or_skip() {
        return;
    }
    let Some(_) = deny_or_skip() else {
        return;
    };
    let _alone = crate::exclusive();
    let token = token("abstract");
    let (root, class) = class_copy("pairs", &token);
    let tmp = tmp_for(root.path(), "tmp", None);
    let awk_dir = awk_dir(&root);
    let grader = Grader {
        deny: vec!["--no-landlock"],
        ..Grader::default()
    };
    let args = [
        "--allow",
        &awk_dir,
        "--timeout",
        &crate::timeout(5.0),
        "--jobs",
        "2",
        "fixtures/estado1.txt",
    ];
    let graded = grade_with(&grader, &class, &tmp, &token, &args);
    assert_eq!(graded.status, 0, "{}", graded.stderr);
    assert!(!applied(&graded, "landlock"), "{}", graded.report["sandbox"]);
    if !applied(&graded, "network-namespace") {
        crate::skip(&["network-namespace"], &graded.report["sandbox"].to_string());
        return;
    }
    let results = results(&graded.report);
    assert_eq!(results["whisper"][0].0, "optimal", "{results:#?}");
    assert_eq!(results["copier"][0].0, "suboptimal", "{results:#?}");
}

#[test]
fn a_course_folder_runs_may_read_still_hides_the_positions_and_the_private_key() {
    // An instructor lets runs read the course's folder (--allow: shared files, a library) and
    // keeps in it the positions graded and an answer key named --private.
    if !root_or_skip() {
        return;
    }
    let _alone = crate::exclusive();
    let token = token("course");
    let root = tempfile::tempdir().unwrap();
    let course = root.path().join("course");
    let key = course.join("solutions/key.txt");
    let position = course.join("positions/estado1.txt");
    for folder in [key.parent().unwrap(), position.parent().unwrap()] {
        std::fs::create_dir_all(folder).unwrap();
    }
    std::fs::write(&key, "X 2 3\n").unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/estado1.txt"),
        &position,
    )
    .unwrap();
    let student = root.path().join("class/peeker");
    std::fs::create_dir_all(&student).unwrap();
    let course_path = course.display();
    std::fs::write(
        student.join("main.sh"),
        format!(
            "#!/bin/sh\n# Copies the answer key, and says what of the course it can read. {token}\n\
             for f in {course_path}/solutions/* {course_path}/positions/*; do\n\
             [ -r \"$f\" ] && [ -s \"$f\" ] && echo \"READ $f\" >&2\n\
             done\n\
             cat {course_path}/solutions/key.txt 2>/dev/null | grep . || echo X 1 1\n"
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    for path in [root.path(), &course, &root.path().join("class")] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let tmp = tmp_for(root.path(), "tmp", None);
    let args = [
        "--allow",
        course.to_str().unwrap(),
        "--private",
        key.parent().unwrap().to_str().unwrap(),
        "--timeout",
        &crate::timeout(5.0),
        position.to_str().unwrap(),
    ];
    let graded = grade_with(
        &Grader::default(),
        &root.path().join("class"),
        &tmp,
        &token,
        &args,
    );
    assert_eq!(graded.status, 0, "{}", graded.stderr);
    if !every_layer_or_skip(&graded) {
        return;
    }
    let (verdict, _, stderr) = &results(&graded.report)["peeker"][0];
    assert!(
        !stderr.contains("READ"),
        "a run read the course's private files: {stderr}"
    );
    assert_eq!(verdict, "suboptimal", "{stderr}");
}

/// tests/box/walls built here and graded as `./walls MODE`, in a box and without namespaces
/// (seccomp's other filter); each grading's verdict and the program's report on stderr.
fn grade_walls(test: &str, mode: &str, extra: &[&str]) -> Option<Vec<(&'static str, String, String)>> {
    if !root_or_skip() {
        return None;
    }
    deny_or_skip()?;
    let _alone = crate::exclusive();
    let token = token(test);
    let (root, class) = class_copy("walls", &token);
    let student = class.join("walls");
    let source = student.join("main.c");
    compile_c(&source, &student.join("walls")).expect("cc was found for deny");
    std::fs::remove_file(&source).unwrap();
    std::fs::write(
        student.join("main.sh"),
        format!("#!/bin/sh\nexec ./walls {mode} {token}\n"),
    )
    .unwrap();
    let gradings = [
        ("in a box", vec![]),
        ("without namespaces", vec!["--no-namespaces"]),
    ];
    let mut seen = Vec::new();
    for (n, (how, deny)) in gradings.into_iter().enumerate() {
        let tmp = tmp_for(root.path(), &format!("tmp{n}"), None);
        let grader = Grader {
            deny,
            ..Grader::default()
        };
        let mut args = vec!["--timeout", &crate::timeout(5.0) as &str]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>();
        args.extend(extra.iter().map(|a| a.to_string()));
        args.push("fixtures/estado1.txt".to_string());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let graded = grade_with(&grader, &class, &tmp, &token, &args);
        assert_eq!(graded.status, 0, "{how}: {}", graded.stderr);
        assert!(
            applied(&graded, "keyrings"),
            "{how}: {}",
            graded.report["sandbox"]
        );
        let (verdict, _, stderr) = results(&graded.report)["walls"][0].clone();
        seen.push((how, verdict, stderr));
    }
    Some(seen)
}

#[test]
fn a_vsock_socket_is_refused_in_a_box_and_without_one() {
    let Some(gradings) = grade_walls("vsock", "vsock", &[]) else {
        return;
    };
    for (how, verdict, stderr) in gradings {
        assert!(
            stderr.contains("vsock socket: -97; socketpair: -97"),
            "{how}: the vsock family was not refused: {stderr}"
        );
        assert_eq!(verdict, "suboptimal", "{how}: {stderr}");
    }
}

#[test]
fn a_tmpfs_of_the_runs_own_cannot_be_mounted_to_write_past_the_disk_limit() {
    let Some(gradings) = grade_walls("mount", "mount", &["--disk", "16"]) else {
        return;
    };
    for (how, verdict, stderr) in gradings {
        assert!(
            stderr.contains("mount: -1; fsopen: -1; written: 0 MiB"),
            "{how}: a mount was not refused: {stderr}"
        );
        assert_eq!(verdict, "suboptimal", "{how}: {stderr}");
    }
}
