//! A box per run: a second hostile class (tests/box) whose attacks reach past the walls of
//! tests/hostile (the grader's own memory and stack, classmates' files and kernel objects,
//! the CPU, the disk, hidden positions). Each attack must cost only its own verdict, honest
//! classmates must keep theirs, and nothing may be left on the machine afterwards.

use super::safety::kill_leftovers;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BOX_CLASS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/box");
const AWK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/class/minimax.awk");
/// The first uid of the runs' range (`sandbox::FIRST_UID`).
const FIRST_UID: u64 = 1_900_000_000;

/// Whether every layer of the box is applied here (root, a kernel that allows mount
/// namespaces and cgroups): where not, the tests say they are skipped.
fn boxes_work() -> bool {
    // SAFETY: a query of this process's credentials.
    unsafe { libc::geteuid() == 0 }
}

fn token(test: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!("minimax-box-{test}-{}-{nanos}", std::process::id())
}

/// A copy of `tests/box/<which>` with the token and the course's awk filled in, in a folder
/// every user may pass through; and the awk's own copy beside it.
fn class_copy(which: &str, token: &str) -> (tempfile::TempDir, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let awk = root.path().join("minimax.awk");
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
                .replace("@AWK@", &awk.display().to_string());
            std::fs::write(&script, text).unwrap();
        }
    }
    (root, class)
}

/// SysV IPC objects and keys owned by the runs' uids, as the machine sees them.
fn kernel_leftovers() -> Vec<String> {
    let mut found = Vec::new();
    for kind in ["shm", "msg", "sem"] {
        let table = std::fs::read_to_string(format!("/proc/sysvipc/{kind}")).unwrap_or_default();
        let header: Vec<&str> = table.lines().next().unwrap_or("").split_whitespace().collect();
        let Some(uid_at) = header.iter().position(|h| *h == "uid") else {
            continue;
        };
        for line in table.lines().skip(1) {
            let uid: u64 = line
                .split_whitespace()
                .nth(uid_at)
                .and_then(|u| u.parse().ok())
                .unwrap_or(0);
            if uid >= FIRST_UID {
                found.push(format!("{kind}: {line}"));
            }
        }
    }
    let keys = std::fs::read_to_string("/proc/key-users").unwrap_or_default();
    for line in keys.lines() {
        let uid: u64 = line
            .split(':')
            .next()
            .and_then(|u| u.trim().parse().ok())
            .unwrap_or(0);
        if uid >= FIRST_UID {
            found.push(format!("keys: {line}"));
        }
    }
    found
}

/// The machine's cgroup folders of one grader, left behind.
fn cgroup_leftovers(grader: u32) -> Vec<PathBuf> {
    let name = format!("minimax-{grader}");
    let mut found = Vec::new();
    for hierarchy in std::fs::read_dir("/sys/fs/cgroup")
        .into_iter()
        .flatten()
        .flatten()
    {
        let candidate = hierarchy.path().join(&name);
        if candidate.exists() {
            found.push(candidate);
        }
    }
    let unified = Path::new("/sys/fs/cgroup").join(&name);
    if unified.exists() {
        found.push(unified);
    }
    found
}

/// Mounts of this machine naming minimax (the test runs in the machine's mount namespace).
fn mount_leftovers() -> Vec<String> {
    std::fs::read_to_string("/proc/self/mountinfo")
        .unwrap_or_default()
        .lines()
        .filter(|line| line.contains("minimax"))
        .map(str::to_string)
        .collect()
}

/// What grading a class left: its report, the grader's peak memory, and anything left behind
/// (checked, then removed).
struct Graded {
    status: i32,
    report: Value,
    stderr: String,
    peak_kib: u64,
}

/// Grades `class` with `args`, with TMPDIR a folder of its own (`tmp`, made by the caller),
/// and checks that nothing outlived the grading.
fn grade(class: &Path, tmp: &Path, token: &str, args: &[&str]) -> Graded {
    let mut child = Command::new(env!("CARGO_BIN_EXE_minimax"))
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
        kernel_leftovers(),
        Vec::<String>::new(),
        "kernel objects outlived grading"
    );
    assert_eq!(
        cgroup_leftovers(pid),
        Vec::<PathBuf>::new(),
        "cgroups outlived grading"
    );
    assert_eq!(mount_leftovers(), Vec::<String>::new(), "mounts outlived grading");
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
    if !boxes_work() {
        eprintln!("skipped: boxes need a grader running as root");
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
    let awk_dir = root.path().display().to_string();
    let graded = grade(
        &class,
        &tmp,
        &token,
        &[
            "--allow",
            &awk_dir,
            "--timeout",
            &crate::timeout(2.0),
            "--jobs",
            "2",
            "--memory",
            "256",
            "--disk",
            "64",
            "--sample",
            "2",
            "--seed",
            "7",
            "fixtures/estado1.txt",
        ],
    );
    assert_eq!(graded.status, 0, "{}", graded.stderr);
    let sandbox = graded.report["sandbox"]["layers"].as_array().unwrap();
    let missing: Vec<&Value> = sandbox.iter().filter(|l| l["applied"] == false).collect();
    if !missing.is_empty() {
        eprintln!("skipped: this machine lacks sandbox layers: {missing:?}");
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
    if !boxes_work() {
        eprintln!("skipped: boxes need a grader running as root");
        return;
    }
    let _alone = crate::exclusive();
    let token = token("pairs");
    let (root, class) = class_copy("pairs", &token);
    let tmp = private_tmp(root.path(), 0o755);
    let awk_dir = root.path().display().to_string();
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
