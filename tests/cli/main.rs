//! Integration tests of the `minimax` command and library, one module per area.

// The tests signal only the processes they started and probe the kernel (the package's own
// code keeps `unsafe` in sandbox/), and share helpers between their modules.
#![allow(unsafe_code, unreachable_pub)]
// A scenario test reads top to bottom, the class it builds then what the report says: the
// ~80-line rule (clippy::too_many_lines) is the grader's functions', not the scenarios'.
#![allow(clippy::too_many_lines)]
// They start processes, signal them and read their files as Unix does; Windows is tried
// through the Windows binary under wine (`make test-windows`).
#![cfg(unix)]

mod archives;
mod boards;
#[cfg(target_os = "linux")]
mod boxes;
mod chapter;
mod check;
mod connect4;
mod errors;
mod glance;
mod grade;
mod handin;
mod handin_rules;
mod inputs;
#[cfg(target_os = "linux")]
mod leftovers;
mod lms;
mod mail;
mod manual;
mod messy;
mod per_student;
mod play;
mod regrade;
#[cfg(target_os = "linux")]
mod safety;
mod search;
mod sheet_class;
mod similar;
mod solve;
mod spoofing;
mod tree;

use assert_cmd::Command;

/// How many times slower than a machine of today the tests run: `MINIMAX_TEST_SLOWDOWN`, set
/// by `make test-vm` for its emulated guest. The time limits the tests give the grader, and
/// their own guards against a stalled grading, are multiplied by it.
pub fn slowdown() -> f64 {
    std::env::var("MINIMAX_TEST_SLOWDOWN")
        .ok()
        .and_then(|factor| factor.parse().ok())
        .filter(|factor: &f64| *factor >= 1.0)
        .unwrap_or(1.0)
}

/// `seconds` times [`slowdown`], written as `--timeout` takes it.
pub fn timeout(seconds: f64) -> String {
    (seconds * slowdown()).to_string()
}

/// The limits a hostile class is graded with: 2 s of CPU a run (times [`slowdown`]), 2 jobs,
/// 256 MiB. Not 1 GiB: faulting it in costs a memory hog 0.6-1.5 s of system time on a
/// virtual machine (page faults trap to the host), too near the 2 s it may run; at 256 MiB
/// it meets the memory limit long before the time limit.
pub fn hostile_class_limits() -> [String; 6] {
    ["--timeout", &timeout(2.0), "--jobs", "2", "--memory", "256"].map(String::from)
}

/// Says that a test (or a part of one) is skipped because this machine lacks `needed` (`root`,
/// `cc`, `chromium`, or sandbox layers by their report names: `landlock`, `pid-namespace`...).
/// Under CI (`CI` set, as `.ci/run` sets it) a skipped wall is a failure, so that CI cannot
/// pass by testing nothing: unless `MINIMAX_TEST_ABSENT` names everything in `needed` (a
/// comma-separated list of what a test bed lacks on purpose, e.g. `landlock,cgroup` for a
/// kernel without them; `root` for tests run unprivileged, which implies [`ROOT_LAYERS`]). A
/// developer's run (no `CI`) says "skipped" and passes.
pub fn skip(needed: &[&str], why: &str) {
    let absent = std::env::var("MINIMAX_TEST_ABSENT").unwrap_or_default();
    let mut absent: Vec<&str> = absent.split(',').map(str::trim).collect();
    if absent.contains(&"root") {
        absent.extend(ROOT_LAYERS);
    }
    let unexpected: Vec<&&str> = needed.iter().filter(|n| !absent.contains(n)).collect();
    let ci = std::env::var("CI").is_ok_and(|ci| !ci.is_empty() && ci != "0" && ci != "false");
    if ci && !unexpected.is_empty() {
        panic!("under CI a test may not be skipped: {why} (lacking {unexpected:?}; MINIMAX_TEST_ABSENT names what a test bed lacks on purpose)");
    }
    eprintln!("skipped: {why}");
}

/// The sandbox's layers that a grader without root never has (doc/sandbox.md).
const ROOT_LAYERS: [&str; 5] = ["network-namespace", "mount-namespace", "disk", "cgroup", "cpu"];

/// The `minimax` binary, run from the repository root so fixture paths read as in the README.
pub fn minimax() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_minimax"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

/// Runs `minimax` with `args` and returns (exit status, stdout, stderr).
pub fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let output = minimax()
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .expect("minimax runs");
    (
        output
            .status
            .code()
            .expect("minimax exits with a status, not a signal"),
        String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    )
}

/// The sheet's positions and the answers the sheet gives for them.
pub const SHEET: [(&str, &str); 4] = [
    ("estado1", "X 2 3"),
    ("estado2", "O 2 2"),
    ("estado3", "X 3 3"),
    ("ejemplo", "X 3 1"),
];

/// Held by tests whose runs are timed (the hostile class) and by those that load both cores
/// for seconds (compiling a class of Java): run together, the first would see the second's
/// load as their own students' slowness.
pub fn exclusive() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// `html` printed to PDF by headless Chromium, or `None` where Chromium is not installed. The
/// browser runs in a process group of its own, with a profile folder unique to this call, and
/// is killed by that group if it does not finish within a minute.
pub fn chromium_pdf(html: &str) -> Option<Vec<u8>> {
    use std::os::unix::process::CommandExt;
    let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())?;
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("sheet.html");
    let pdf = dir.path().join("sheet.pdf");
    std::fs::write(&page, html).unwrap();
    let mut child = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
        ])
        .args([
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
        ])
        .arg(format!(
            "--user-data-dir={}",
            dir.path().join("profile").display()
        ))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg("--no-pdf-header-footer")
        .arg(format!("file://{}", page.display()))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .process_group(0)
        .spawn()
        .ok()?;
    let started = std::time::Instant::now();
    loop {
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            // SAFETY: signalling the process group this call created.
            unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
            let _ = child.wait();
            panic!("chromium did not print the sheet within a minute");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    // Its helpers share the group: none outlives the call.
    // SAFETY: as above.
    unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
    std::fs::read(&pdf).ok()
}
