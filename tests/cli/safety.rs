//! Safe grading: a hostile class (tests/hostile) attacks the grader, its classmates and the
//! instructor's terminal; each attack costs only its own verdict and leaves nothing running.

use crate::run;
use serde_json::Value;
use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const HOSTILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/hostile");
const POSITION: &str = "fixtures/estado1.txt";

/// A copy of the hostile class in a temporary folder, so that attacks that got through could
/// only damage the copy; plus the odd entries real class folders have.
fn hostile_class() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    let class = root.path().join("class");
    let status = Command::new("cp")
        .args(["-a", HOSTILE])
        .arg(&class)
        .status()
        .unwrap();
    assert!(status.success());
    // A folder named in Latin-1 on Windows, a hidden folder, a stray file, a link leading out.
    let latin1 = class.join(OsStr::from_bytes(b"Jos\xe9"));
    Command::new("cp")
        .arg("-a")
        .arg(class.join("honest"))
        .arg(&latin1)
        .status()
        .unwrap();
    std::fs::create_dir(class.join(".git")).unwrap();
    std::fs::write(class.join("notes.txt"), "grading notes").unwrap();
    std::os::unix::fs::symlink(root.path(), class.join("outside")).unwrap();
    root
}

/// A token unique to one test, passed to every program of the run: whatever carries it in its
/// command line was started by that test.
fn token(test: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!("minimax-hostile-{test}-{}-{nanos}", std::process::id())
}

/// Processes whose command line holds `token`; any found are killed, and returned.
pub(crate) fn kill_leftovers(token: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().filter_map(Result::ok) {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if cmdline.windows(token.len()).any(|w| w == token.as_bytes()) {
            found.push(format!(
                "{pid}: {}",
                String::from_utf8_lossy(&cmdline).replace('\0', " ")
            ));
            // SAFETY: a signal to a process that carries this test's own token.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
    found
}

/// Loopback listeners the `network` student tries to reach: TCP and UDP on one port.
struct Listeners {
    tcp: std::net::TcpListener,
    udp: std::net::UdpSocket,
}

impl Listeners {
    fn open() -> Listeners {
        for _ in 0..20 {
            let tcp = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            let port = tcp.local_addr().unwrap().port();
            if let Ok(udp) = std::net::UdpSocket::bind(("127.0.0.1", port)) {
                tcp.set_nonblocking(true).unwrap();
                udp.set_nonblocking(true).unwrap();
                return Listeners { tcp, udp };
            }
        }
        panic!("no free port for both TCP and UDP");
    }

    fn port(&self) -> u16 {
        self.tcp.local_addr().unwrap().port()
    }

    /// Whether anything arrived over TCP, and over UDP.
    fn reached(&self) -> (bool, bool) {
        let mut buffer = [0u8; 16];
        (self.tcp.accept().is_ok(), self.udp.recv(&mut buffer).is_ok())
    }
}

/// `minimax grade` on `class` with the hostile run command, not yet started.
fn grading(class: &Path, token: &str, port: u16, extra: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_minimax"));
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("grade")
        .arg("--submissions")
        .arg(class)
        .arg("--run")
        .arg(format!(
            "CLASS='{}' TOKEN={token} PORT={port} sh main.sh",
            class.display()
        ))
        .args(crate::hostile_class_limits())
        .args(extra)
        .arg(POSITION)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Starts `minimax grade` on `class` with the hostile run command.
fn start_grading(class: &Path, token: &str, extra: &[&str]) -> Child {
    grading(class, token, 9, extra).spawn().unwrap()
}

/// Waits for the grader, killing it (and failing) if it stalls.
fn finish(mut child: Child, limit: Duration) -> (i32, String, String) {
    let limit = limit.mul_f64(crate::slowdown());
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("grading stalled for more than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn text(value: &Value) -> &str {
    value.as_str().unwrap_or("")
}

/// The layers the report says were not applied.
fn missing_layers(report: &Value) -> Vec<String> {
    report["sandbox"]["layers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["applied"] == false)
        .map(|l| format!("{}: {}", l["layer"].as_str().unwrap_or("?"), l["detail"]))
        .collect()
}

/// Whether this machine lets the grader's user make the namespaces the grader uses: PID and
/// network as root, user and PID otherwise (asked of util-linux's `unshare`, independently of
/// the grader).
fn namespaces_work(user: Option<u32>) -> bool {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new("unshare");
    match user {
        None => command.args(["--pid", "--fork", "--net", "true"]),
        Some(uid) => command
            .uid(uid)
            .gid(uid)
            .args(["--user", "--pid", "--fork", "true"]),
    };
    command.stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// Whether this kernel has Landlock (asked directly, independently of the grader).
fn landlock_works() -> bool {
    // SAFETY: the version query of landlock_create_ruleset takes no buffer.
    unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32,
        ) > 0
    }
}

/// The verdict each hostile student gets when every attack is contained.
const CONTAINED: [(&str, &str); 16] = [
    // Classmates answer as they would in a class of honest students.
    ("honest", "optimal"),
    ("Jos\\xe9", "optimal"),
    // Detached processes die with the run, which still counts.
    ("daemon", "optimal"),
    ("group", "optimal"),
    ("doublefork", "optimal"),
    // A fork storm hits the run's own process limit.
    ("forkstorm", "crashed"),
    ("hog", "crashed"),
    ("burner", "timeout"),
    // Attacks on classmates and the grader fail; the fallback answer is judged.
    ("reader", "suboptimal"),
    ("vandal", "suboptimal"),
    ("forger", "suboptimal"),
    // Signals reach only the run's own processes, itself included.
    ("killer", "crashed"),
    ("escapes", "unparseable"),
    ("longline", "unparseable"),
    ("tty", "optimal"),
    ("network", "optimal"),
];

/// Grades the hostile class (as `user`, when given) and checks that every attack cost only
/// its own verdict and left nothing running; returns the report, or `None` when a layer
/// in `needed` is missing here (the test then says it is skipped).
fn grade_hostile_class(user: Option<u32>, needed: &[&str]) -> Option<(Value, Listeners, String)> {
    let _alone = crate::exclusive();
    let root = hostile_class();
    let class = root.path().join("class");
    let token = token(&format!("class-{}", user.unwrap_or(0)));
    let listeners = Listeners::open();
    let mut command = grading(&class, &token, listeners.port(), &["--format", "json"]);
    if let Some(uid) = user {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        use std::os::unix::process::CommandExt;
        command.uid(uid).gid(uid);
    }
    let before = crate::leftovers::Snapshot::take(user.as_slice());
    let child = match command.spawn() {
        Ok(child) => child,
        Err(error) if user.is_some() => {
            let why = format!("the grader cannot be started as uid {user:?} here: {error}");
            crate::skip(&["unprivileged-grader"], &why);
            return None;
        }
        Err(error) => panic!("cannot start the grader: {error}"),
    };
    let (status, stdout, stderr) = finish(child, Duration::from_secs(120));
    let leftovers = kill_leftovers(&token);
    if status != 0 && user.is_some() {
        let why = format!("the grader cannot run as uid {user:?} here: {stderr}");
        crate::skip(&["unprivileged-grader"], &why);
        return None;
    }
    assert_eq!(status, 0, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let missing: Vec<String> = missing_layers(&report)
        .into_iter()
        .filter(|layer| needed.iter().any(|n| layer.contains(n)))
        .collect();
    if !missing.is_empty() {
        // A layer may be missing only where the machine really lacks it.
        let lacks = |layer: &str| missing.iter().any(|m| m.contains(layer));
        assert!(
            !(lacks("pid-namespace") && namespaces_work(user)),
            "the grader did not apply PID namespaces, which this machine allows: {missing:?}"
        );
        assert!(
            !(lacks("landlock") && landlock_works()),
            "the grader did not apply Landlock, which this kernel has: {missing:?}"
        );
        let names: Vec<&str> = missing.iter().filter_map(|m| m.split(':').next()).collect();
        let why = format!("this kernel does not allow every sandbox layer: {missing:?}");
        crate::skip(&names, &why);
        return None;
    }
    assert!(leftovers.is_empty(), "processes outlived grading: {leftovers:#?}");
    assert_eq!(
        before.added_since(),
        Vec::<String>::new(),
        "kernel objects or mounts outlived grading"
    );

    let results: BTreeMap<&str, (&str, &str, &str)> = report["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let r = &s["results"][0];
            (
                s["student"].as_str().unwrap(),
                (text(&r["verdict"]), text(&r["detail"]), text(&r["output"])),
            )
        })
        .collect();
    let verdict = |student: &str| results.get(student).map(|r| r.0).unwrap_or("missing");
    for (student, wanted) in CONTAINED {
        assert_eq!(verdict(student), wanted, "{student}: {:?}", results.get(student));
    }
    assert_eq!(results.len(), CONTAINED.len(), "{results:#?}");
    assert_eq!(results["hog"].1, "memory limit of 256 MiB exceeded");
    assert!(!results["reader"].2.contains("LEAKED"), "{:?}", results["reader"]);
    let honest_program = std::fs::read_to_string(class.join("honest/main.sh")).unwrap();
    assert!(
        honest_program.contains("cat answer.txt"),
        "the vandal rewrote honest/main.sh"
    );
    assert!(
        !Path::new("/tmp/pwned").exists(),
        "the tty attack typed into a terminal"
    );
    Some((report, listeners, stderr))
}

#[test]
fn every_attack_of_the_hostile_class_costs_only_its_own_verdict() {
    let Some((report, listeners, stderr)) = grade_hostile_class(None, &[""]) else {
        return;
    };
    assert_eq!(
        listeners.reached(),
        (false, false),
        "the network student got through"
    );
    let forkstorm = report["students"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["student"] == "forkstorm")
        .map(|s| text(&s["results"][0]["detail"]).to_string())
        .unwrap();
    assert!(forkstorm.contains("refused new processes"), "{forkstorm}");

    // Nobody goes missing: each entry that is not a student is listed with its reason.
    let not_graded: Vec<&str> = report["not_graded"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["entry"].as_str().unwrap())
        .collect();
    assert_eq!(not_graded, [".git", "notes.txt", "outside"]);
    assert!(stderr.contains("not graded: outside: a link"), "{stderr}");
}

#[test]
fn an_unprivileged_grader_still_contains_every_attack() {
    // SAFETY: a query of this process's credentials.
    if unsafe { libc::geteuid() } != 0 {
        crate::skip(
            &["root"],
            "a grader started by root as another uid needs root (the test above already grades unprivileged)",
        );
        return;
    }
    // Without root there is no cgroup and no shared network namespace: the run's own user
    // namespace and resource limits stand in, and Landlock refuses TCP.
    let Some((_, listeners, _)) = grade_hostile_class(Some(65534), &["pid-namespace", "landlock"]) else {
        return;
    };
    assert!(!listeners.reached().0, "the network student got through over TCP");
}

#[test]
fn the_table_shows_escape_sequences_and_odd_names_as_text() {
    let root = hostile_class();
    let class = root.path().join("class");
    // Only the students whose output or name could disturb a terminal.
    for entry in std::fs::read_dir(&class).unwrap().filter_map(Result::ok) {
        let keep = [
            OsStr::new("escapes"),
            OsStr::new("honest"),
            OsStr::from_bytes(b"Jos\xe9"),
        ];
        if entry.path().is_dir() && !keep.contains(&entry.file_name().as_os_str()) {
            std::fs::remove_dir_all(entry.path()).unwrap();
        }
    }
    std::fs::create_dir(class.join("line\nbreak")).unwrap();
    std::fs::copy(class.join("honest/main.sh"), class.join("line\nbreak/main.sh")).unwrap();
    let token = token("table");
    let (status, stdout, stderr) = finish(start_grading(&class, &token, &[]), Duration::from_secs(60));
    kill_leftovers(&token);
    assert_eq!(status, 0, "{stderr}");
    assert!(
        !stdout.contains('\x1b'),
        "a raw escape reached the terminal:\n{stdout}"
    );
    assert!(stdout.contains(r"\x1b[2J\x1b[1A\r  honest  2/2"), "{stdout}");
    let rows: Vec<&str> = stdout.lines().filter(|l| l.ends_with("/1")).collect();
    assert_eq!(rows.len(), 4, "one row per student:\n{stdout}");
    assert!(rows.iter().any(|r| r.starts_with(r"Jos\xe9 ")), "{stdout}");
    assert!(rows.iter().any(|r| r.starts_with(r"line\nbreak ")), "{stdout}");
}

#[test]
fn csv_cells_that_a_spreadsheet_would_run_are_written_as_text() {
    let root = tempfile::tempdir().unwrap();
    std::fs::create_dir(root.path().join("=HYPERLINK(\"http:\")")).unwrap();
    let args = [
        "grade",
        "--submissions",
        root.path().to_str().unwrap(),
        "--run",
        "echo '@SUM(A1)'",
        "--format",
        "csv",
        POSITION,
    ];
    let (status, stdout, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    let row = stdout.lines().nth(1).unwrap();
    assert!(
        row.starts_with(r#""'=HYPERLINK(""http:"")",estado1.txt,unparseable,"#),
        "{row}"
    );
    assert!(!stdout
        .lines()
        .skip(1)
        .any(|l| l.starts_with('=') || l.contains(",=") || l.contains(",@")));
}

#[test]
fn sigterm_and_sighup_stop_grading_and_still_write_the_report() {
    for (signal, name, code) in [(libc::SIGTERM, "TERM", 143), (libc::SIGHUP, "HUP", 129)] {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir(root.path().join("slow")).unwrap();
        let out = root.path().join("report.json");
        let token = token(name);
        let child = Command::new(env!("CARGO_BIN_EXE_minimax"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["grade", "--submissions"])
            .arg(root.path())
            .args([
                "--run",
                &format!("exec sh -c 'sleep 30' {token}"),
                "--timeout",
                "60",
            ])
            .args(["--format", "json", "--out"])
            .arg(&out)
            .args([POSITION, "fixtures/estado2.txt"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_secs_f64(0.8 * crate::slowdown()));
        // SAFETY: a signal to the grader this test started.
        unsafe { libc::kill(child.id() as i32, signal) };
        let (status, _, stderr) = finish(child, Duration::from_secs(30));
        assert!(kill_leftovers(&token).is_empty(), "a run outlived SIG{name}");
        assert_eq!(status, code, "SIG{name}: {stderr}");
        let report: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        assert_eq!(report["interrupted"], true);
        let verdicts: Vec<&str> = report["students"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["verdict"].as_str().unwrap())
            .collect();
        assert_eq!(verdicts, ["skipped", "skipped"], "SIG{name}");
    }
}

/// Grades one trivial student with `--out out` and returns (status, stderr).
fn grade_to(out: &Path) -> (i32, String) {
    let args = [
        "grade",
        "--student",
        "tests/hostile/honest",
        "--run",
        "echo X 2 3",
        "--format",
        "csv",
        "--out",
        out.to_str().unwrap(),
        POSITION,
    ];
    let (status, _, stderr) = run(&args, b"");
    (status, stderr)
}

#[test]
fn the_report_replaces_a_link_or_fifo_at_out_and_never_writes_through_it() {
    let root = tempfile::tempdir().unwrap();
    let victim = root.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    let link = root.path().join("report.csv");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let (status, stderr) = grade_to(&link);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(std::fs::symlink_metadata(&link).unwrap().is_file());
    assert!(std::fs::read_to_string(&link)
        .unwrap()
        .contains("estado1.txt,optimal"));

    let fifo = root.path().join("fifo.csv");
    let path = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid path for mkfifo.
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
    let (status, stderr) = grade_to(&fifo);
    assert_eq!(status, 0, "{stderr}");
    assert!(std::fs::symlink_metadata(&fifo).unwrap().is_file());
}

#[test]
fn a_report_that_cannot_be_written_is_an_error_with_the_reason() {
    let (status, stderr) = grade_to(&PathBuf::from("/no/such/folder/report.csv"));
    assert_eq!(status, 2);
    assert!(
        stderr.contains("cannot write /no/such/folder/report.csv"),
        "{stderr}"
    );
    let root = tempfile::tempdir().unwrap();
    let (status, stderr) = grade_to(root.path());
    assert_eq!(status, 2);
    assert!(stderr.contains("it is a folder"), "{stderr}");
}

#[test]
fn timeouts_and_jobs_out_of_range_are_usage_errors() {
    for (flag, value, message) in [
        (
            "--timeout",
            "1e20",
            "--timeout must be a number of seconds above 0 and at most 3600",
        ),
        ("--timeout", "NaN", "--timeout must be"),
        ("--jobs", "10000", "--jobs must be between 1 and 256"),
        ("--jobs", "0", "--jobs must be between 1 and 256"),
        ("--memory", "0", "--memory"),
        (
            "--allow",
            "/no/such/path",
            "--allow /no/such/path: no such file or folder",
        ),
        ("--pids", "0", "--pids"),
    ] {
        let args = [
            "grade",
            "--student",
            "tests/hostile/honest",
            "--run",
            "true",
            flag,
            value,
            POSITION,
        ];
        let (status, _, stderr) = run(&args, b"");
        assert_eq!(status, 2, "{flag} {value}");
        assert!(stderr.contains(message), "{flag} {value}: {stderr}");
    }
}

/// Grades the honest student with `--sandbox mode`, its program also printing its working
/// folder on stderr: (status, stdout, stderr).
fn grade_honest(mode: &str, format: &str) -> (i32, String, String) {
    let args = [
        "grade",
        "--student",
        "tests/hostile/honest",
        "--run",
        "cat answer.txt; pwd >&2",
        "--sandbox",
        mode,
        "--format",
        format,
        POSITION,
    ];
    run(&args, b"")
}

#[test]
fn strict_refuses_to_grade_without_every_layer_and_says_which() {
    // As an ordinary user with no namespaces allowed, strict must refuse; here, as root with
    // every layer, it must grade. Either way the answer is about the layers, never a panic.
    let (status, stdout, stderr) = grade_honest("strict", "table");
    match status {
        0 => assert!(stdout.starts_with("sandbox strict: "), "{stdout}"),
        2 => assert!(stderr.contains("--sandbox strict: missing"), "{stderr}"),
        other => panic!("exit {other}: {stderr}"),
    }
}

#[test]
fn sandbox_off_warns_and_runs_in_the_submission_itself() {
    let (status, stdout, stderr) = grade_honest("off", "table");
    assert_eq!(status, 0, "{stderr}");
    assert!(stderr.contains("warning: --sandbox off"), "{stderr}");
    assert!(stdout.starts_with("sandbox off: "), "{stdout}");
    let folder = |mode| {
        let (_, stdout, _) = grade_honest(mode, "json");
        let report: Value = serde_json::from_str(&stdout).unwrap();
        text(&report["students"][0]["results"][0]["stderr"]).to_string()
    };
    assert!(
        folder("off").ends_with("tests/hostile/honest"),
        "{}",
        folder("off")
    );
    // In a box the copy is at /box; without one, in the grader's scratch folder.
    let auto = folder("auto");
    assert!(auto == "/box" || auto.contains("minimax-scratch-"), "{auto}");
}

/// Well above what the binary itself needs, far below what a copy of a long line per
/// character would cost (4 GB for one 64 KiB line).
const FEW_MEGABYTES: u64 = 48 << 20;

/// Runs `minimax args` on `input` with its data segment (heap) capped at [`FEW_MEGABYTES`]:
/// a reader that needs more fails to allocate and aborts. Returns (exit status, stderr).
fn within_few_megabytes(args: &[&str], input: &[u8]) -> (i32, String) {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(env!("CARGO_BIN_EXE_minimax"));
    command.current_dir(env!("CARGO_MANIFEST_DIR")).args(args);
    // SAFETY: setrlimit is async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: FEW_MEGABYTES,
                rlim_max: FEW_MEGABYTES,
            };
            libc::setrlimit(libc::RLIMIT_DATA, &limit);
            Ok(())
        });
    }
    let output = assert_cmd::Command::from_std(command)
        .write_stdin(input.to_vec())
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_one_line_position_of_1_mib_is_refused_in_linear_memory() {
    for line in [vec![b'X'; 1 << 20], b"X 2 3\r".repeat((1 << 20) / 6)] {
        let (status, stderr) = within_few_megabytes(&[], &line);
        assert_eq!(status, 2, "{stderr}");
        assert!(
            stderr.contains("characters long; a position's lines have at most 512"),
            "{stderr}"
        );
    }
}

#[test]
fn a_long_line_in_a_tree_or_an_answer_sheet_costs_linear_memory() {
    // A tree whose JSON is one 1 MiB line with a mistake at its end.
    let tree = format!(
        r#"{{"label": "{}", "children": [1, 2]"#,
        "a".repeat((1 << 20) - 100)
    );
    let (status, stderr) = within_few_megabytes(&["tree"], tree.as_bytes());
    assert_eq!(status, 2, "{stderr}");
    assert!(stderr.contains("line 1, column"), "{stderr}");

    // An answer sheet whose answer cell is 4 MiB on one line.
    let root = tempfile::tempdir().unwrap();
    let sheet = root.path().join("answers.csv");
    let huge = "X 2 3\r".repeat((4 << 20) / 6);
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");
    std::fs::write(
        &sheet,
        format!("student,position,answer\nana,{fixtures}/estado1.txt,\"{huge}\"\n"),
    )
    .unwrap();
    let (status, stderr) = within_few_megabytes(&["check", "--format", "csv", sheet.to_str().unwrap()], b"");
    assert_eq!(status, 0, "{stderr}");
}

#[test]
fn a_student_answering_a_position_twice_in_a_sheet_is_reported() {
    let root = tempfile::tempdir().unwrap();
    let sheet = root.path().join("answers.csv");
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");
    let rows = format!(
        "student,position,answer\nana,{fixtures}/estado1.txt,X 2 3\nbea,{fixtures}/estado1.txt,X 2 3\nana,{fixtures}/estado1.txt,X 1 1\n"
    );
    std::fs::write(&sheet, rows).unwrap();
    let (status, _, stderr) = run(&["check", sheet.to_str().unwrap()], b"");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("line 4: ana answers") && stderr.contains("a second time (first on line 2)"),
        "{stderr}"
    );
}

#[test]
fn a_sheet_of_a_hundred_thousand_students_is_read_in_linear_time() {
    // Found by feeding long inputs to the answer_sheet fuzz target (tests/fuzz): each line
    // looked its student up in the list of those seen: 100,000 students took 64 s here; with
    // a map, 2 s. A tree sheet groups its students the same way. Judged on the processor
    // time of the grader alone, four times the students against a quarter: linear costs
    // about 4 times as much, the old quadratic lookup 16; the clock and the machine's load
    // do not enter it.
    let root = tempfile::tempdir().unwrap();
    let cpu = |students: usize| {
        let sheet = root.path().join(format!("answers-{students}.csv"));
        let rows: String = (0..students)
            .map(|i| format!("s{i},X--/-O-/---,X 1 1\n"))
            .collect();
        std::fs::write(&sheet, format!("student,position,answer\n{rows}")).unwrap();
        processor_seconds(&["check", "--format", "csv", sheet.to_str().unwrap()])
    };
    let (quarter, whole) = (cpu(25_000), cpu(100_000));
    assert!(
        whole < 9.0 * quarter.max(0.05),
        "100,000 students took {whole:.2} s of processor time, 25,000 took {quarter:.2} s"
    );
}

/// The processor time (user and system) one `minimax` run with `args` takes, read from the
/// shell's `times` for its own child only, so that other tests' processes do not count.
fn processor_seconds(args: &[&str]) -> f64 {
    let binary = env!("CARGO_BIN_EXE_minimax");
    let output = Command::new("bash")
        .arg("-c")
        .arg(r#""$0" "$@" > /dev/null || exit 3; times"#)
        .arg(binary)
        .args(args)
        .output()
        .expect("bash runs");
    let times = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{times}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // `times` prints the shell's own user and system time, then its children's: `0m1.5s 0m0.2s`.
    let children = times.lines().last().expect("times prints two lines");
    children
        .split_whitespace()
        .map(|field| {
            let (minutes, seconds) = field.trim_end_matches('s').split_once('m').expect("XmY.Ys");
            minutes.parse::<f64>().unwrap() * 60.0 + seconds.parse::<f64>().unwrap()
        })
        .sum()
}
