//! `minimax grade`: running the sample class's programs, whatever they do.

use crate::run;
use serde_json::Value;
use std::collections::BTreeMap;
use std::process::Command;

/// The folder of the awk copy below, removed when the test process exits.
static AWK_DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();

extern "C" fn remove_awk_dir() {
    if let Some(dir) = AWK_DIR.get() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// The sample class shares the course's awk minimax: the sandbox lets the programs read it,
/// and the run command tells them where it is. It is copied to a world-readable folder, since
/// the programs run as an unprivileged user who may not pass through the checkout's parents;
/// the folder goes when the tests end (a static is never dropped: atexit removes it).
pub fn awk() -> &'static str {
    static COPY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    COPY.get_or_init(|| {
        use std::os::unix::fs::PermissionsExt;
        let dir = AWK_DIR
            .get_or_init(|| std::env::temp_dir().join(format!("minimax-tests-{}", std::process::id())));
        std::fs::create_dir_all(dir).unwrap();
        // SAFETY: remove_awk_dir is a plain function that stays valid until the process ends;
        // libtest leaves through exit(), which runs it once.
        unsafe { libc::atexit(remove_awk_dir) };
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        let copy = dir.join("minimax.awk");
        std::fs::copy(
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/class/minimax.awk"),
            &copy,
        )
        .unwrap();
        copy.display().to_string()
    })
}

/// The command that runs a sample student. `TOKEN` names the sleepers that fede and hugo
/// start, so that a test finds its own leftovers and nobody else's processes.
fn run_command() -> &'static str {
    static RUN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    RUN.get_or_init(|| format!("MINIMAX_AWK={} TOKEN={} sh main.sh", awk(), token()))
}

/// Unique to this test process.
pub fn token() -> &'static str {
    static TOKEN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TOKEN.get_or_init(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        format!("-minimax-class-{}-{nanos}", std::process::id())
    })
}

const SHEET_POSITIONS: [&str; 4] = [
    "fixtures/estado1.txt",
    "fixtures/estado2.txt",
    "fixtures/estado3.txt",
    "fixtures/ejemplo.txt",
];

fn grade_class(format: &str) -> (i32, String, String) {
    let mut args = vec![
        "grade",
        "--submissions",
        "tests/class",
        "--run",
        run_command(),
        "--allow",
        awk(),
        "--timeout",
        "0.5",
    ];
    args.extend(["--jobs", "4", "--format", format]);
    args.extend(SHEET_POSITIONS);
    run(&args, b"")
}

/// Times vary from run to run; everything else in a report must not.
pub fn without_times() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(r#""seconds": [0-9.e-]+"#, r#""seconds": "[seconds]""#);
    settings.add_filter(
        r#""execution_time": [0-9.e-]+"#,
        r#""execution_time": "[seconds]""#,
    );
    settings.add_filter(r#"time="[0-9.]+""#, r#"time="[seconds]""#);
    // The class summary's run times (the class page's figure of times).
    settings.add_filter(r#"(?s)"times": \{\n.*?\n        \}"#, r#""times": "[times]""#);
    // Which sandbox layers apply depends on the machine; the safety tests check them.
    settings.add_filter(
        r#"(?s)\n  "sandbox": \{\n.*?\n  \},?"#,
        "\n  \"sandbox\": \"[sandbox]\",",
    );
    settings.add_filter(r"(?m)^sandbox (auto|strict|off): .*$", "[sandbox]");
    // A time-out is judged on CPU time where a cgroup counts it (the clock stops a sleeper at
    // 3 times the limit), else on the clock: the words depend on the machine.
    settings.add_filter(
        r"no answer within [0-9.]+ s( on the clock \(3 times the limit of [0-9.]+ s of CPU time\), having used [0-9.]+ s of CPU time: waiting or sleeping)?; the program was stopped",
        "no answer within [the time limit]; the program was stopped",
    );
    settings
}

/// Tests that run the class's hanging or child-leaving programs take turns, so that one
/// test's running programs are never mistaken for another's leftovers.
static PROCESSES: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The sleepers of this test process's graders now running: their pids and command lines.
fn sleepers() -> Vec<(i32, String)> {
    let marker = format!("sleeper{}", token());
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().filter_map(Result::ok) {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if cmdline.windows(marker.len()).any(|w| w == marker.as_bytes()) {
            found.push((pid, String::from_utf8_lossy(&cmdline).replace('\0', " ")));
        }
    }
    found
}

/// The sleepers this test process's graders left running, if any: killed, and returned.
fn leftover_sleepers() -> Vec<String> {
    let found = sleepers();
    for (pid, _) in &found {
        // SAFETY: a signal to a process that carries this test process's own token.
        unsafe { libc::kill(*pid, libc::SIGKILL) };
    }
    found.into_iter().map(|(_, cmdline)| cmdline).collect()
}

#[test]
fn the_sample_class_gets_the_verdicts_a_careful_assistant_would_give() {
    let _turn = PROCESSES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let (status, stdout, stderr) = grade_class("json");
    assert_eq!(status, 0, "{stderr}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let verdicts = crate::lms::verdicts(&json);
    let expected = [
        ("ana", ["optimal", "optimal", "optimal", "optimal"]),
        ("beto", ["optimal", "optimal", "optimal", "optimal"]),
        ("carla", ["illegal", "optimal", "optimal", "illegal"]),
        ("diego", ["optimal", "optimal", "suboptimal", "optimal"]),
        ("elena", ["crashed", "crashed", "crashed", "crashed"]),
        ("fede", ["timeout", "timeout", "timeout", "timeout"]),
        (
            "gabi",
            ["unparseable", "unparseable", "unparseable", "unparseable"],
        ),
        ("hugo", ["optimal", "optimal", "optimal", "optimal"]),
        ("ines", ["optimal", "optimal", "optimal", "optimal"]),
        (
            "juan",
            ["unparseable", "unparseable", "unparseable", "unparseable"],
        ),
    ];
    let expected: BTreeMap<String, Vec<String>> = expected
        .iter()
        .map(|(s, v)| (s.to_string(), v.iter().map(|v| v.to_string()).collect()))
        .collect();
    assert_eq!(verdicts, expected);
    without_times().bind(|| insta::assert_snapshot!("grade-class-json", stdout));
    // The class page's times: every run that was started, against the limit; fede's
    // time-outs are at it.
    for position in json["class"]["positions"].as_array().unwrap() {
        let times = &position["times"];
        assert_eq!(times["limit"], 0.5);
        assert_eq!(times["seconds"].as_array().map(Vec::len), Some(10), "{times}");
        assert!(
            times["near_limit"]
                .as_array()
                .unwrap()
                .contains(&Value::from("fede")),
            "{times}"
        );
    }
    let juan = &json["students"][9]["results"][0]["detail"];
    assert!(
        juan.as_str().unwrap().ends_with("the output is not valid UTF-8"),
        "{juan}"
    );

    // Nothing a student started outlives its run: hugo's and fede's sleepers are gone.
    let leftovers = leftover_sleepers();
    assert!(leftovers.is_empty(), "survived grading: {leftovers:?}");

    let (status, table, _) = grade_class("table");
    assert_eq!(status, 0);
    without_times().bind(|| insta::assert_snapshot!("grade-class-table", table));
}

#[test]
fn gradescope_results_describe_one_submission() {
    let mut args = vec![
        "grade",
        "--student",
        "tests/class/diego",
        "--run",
        run_command(),
        "--allow",
        awk(),
        "--format",
        "gradescope",
    ];
    args.extend(SHEET_POSITIONS);
    let (status, stdout, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        (json["score"].as_u64(), json["max_score"].as_u64()),
        (Some(3), Some(4))
    );
    assert_eq!(json["tests"][2]["status"], "failed");
    without_times().bind(|| insta::assert_snapshot!("grade-gradescope", stdout));
}

#[test]
fn gradescope_with_a_whole_class_is_refused_before_running_anything() {
    let (status, _, stderr) = run(
        &[
            "grade",
            "--submissions",
            "tests/class",
            "--run",
            run_command(),
            "--allow",
            awk(),
            "--format",
            "gradescope",
            SHEET_POSITIONS[0],
        ],
        b"",
    );
    assert_eq!(status, 2);
    assert!(stderr.contains("grade one with --student DIR"), "{stderr}");
}

#[test]
fn a_hidden_sample_is_the_same_for_the_same_seed() {
    let names = |seed: &str| {
        let args = [
            "grade",
            "--student",
            "tests/class/ana",
            "--run",
            "echo X 1 1",
            "--sample",
            "6",
            "--seed",
            seed,
            "--format",
            "json",
        ];
        let (status, stdout, stderr) = run(&args, b"");
        assert_eq!(status, 0, "{stderr}");
        let json: Value = serde_json::from_str(&stdout).unwrap();
        assert!(json["positions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["hidden"] == true));
        json["positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let first = names("7");
    assert_eq!(first.len(), 6);
    assert_eq!(first, names("7"));
    assert_ne!(first, names("8"));
}

#[test]
fn fail_under_makes_grading_exit_1() {
    let args = [
        "grade",
        "--student",
        "tests/class/diego",
        "--run",
        run_command(),
        "--allow",
        awk(),
        "--fail-under",
        "4",
        SHEET_POSITIONS[2],
    ];
    let (status, _, stderr) = run(&args, b"");
    assert_eq!(status, 1, "{stderr}");
}

#[test]
fn ctrl_c_still_writes_the_report_of_what_finished() {
    let _turn = PROCESSES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let child = Command::new(env!("CARGO_BIN_EXE_minimax"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "grade",
            "--student",
            "tests/class/fede",
            "--run",
            run_command(),
            "--allow",
            awk(),
            "--timeout",
            "30",
            "--format",
            "json",
        ])
        .args(SHEET_POSITIONS)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Ctrl-C once a run is under way (fede's sleeper started), however loaded the machine.
    let started = std::time::Instant::now();
    while sleepers().is_empty() {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(120),
            "fede's run never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["interrupted"], true);
    let verdicts: Vec<&str> = json["students"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["skipped"; 4]);
}

#[test]
fn the_graders_own_errors_exit_2_and_say_what_is_wrong() {
    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "grade",
                "--student",
                "tests/class/ana",
                "--harness",
                "nope",
                "fixtures/estado1.txt",
            ],
            "--harness nope: not a built-in harness (stdio, java-gato, python-cs50) nor a folder holding harness.toml",
        ),
        (
            &[
                "grade",
                "--student",
                "fixtures/estado1.txt",
                "--run",
                "true",
                "fixtures/estado1.txt",
            ],
            "fixtures/estado1.txt: not a folder",
        ),
        (
            &[
                "grade",
                "--submissions",
                "tests/no-such-class",
                "--run",
                "true",
                "fixtures/estado1.txt",
            ],
            "tests/no-such-class: no such folder or archive",
        ),
        (
            &[
                "grade",
                "--student",
                "tests/class/ana",
                "--run",
                "true",
                "fixtures/nope.txt",
            ],
            "cannot read fixtures/nope.txt",
        ),
        (
            &["grade", "--student", "tests/class/ana", "--run", "true"],
            "no positions to grade on",
        ),
        (
            &[
                "grade",
                "--student",
                "tests/class/ana",
                "--run",
                "true",
                "--timeout",
                "0",
                "fixtures/estado1.txt",
            ],
            "--timeout must be a number of seconds above 0",
        ),
    ];
    for (args, message) in cases {
        let (status, stdout, stderr) = run(args, b"");
        assert_eq!((status, stdout.as_str()), (2, ""), "{args:?}");
        assert!(
            stderr.starts_with("minimax: ") && stderr.contains(message),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_class_that_cannot_be_read_is_refused_with_the_path_and_what_was_expected() {
    let root = tempfile::tempdir().unwrap();
    let at = |name: &str| root.path().join(name).display().to_string();
    std::fs::create_dir(root.path().join("empty")).unwrap();
    std::fs::write(root.path().join("notes.txt"), "not a class").unwrap();
    for folder in ["box/cur", "box/new", "box/tmp"] {
        std::fs::create_dir_all(root.path().join(folder)).unwrap();
    }
    let cases: [(String, &[&str], String); 4] = [
        (
            at("empty"),
            &[],
            format!(
                "{}: no students in it: expected one folder or archive per student, named after the student",
                at("empty")
            ),
        ),
        (
            at("notes.txt"),
            &[],
            format!(
                "{}: not a folder, nor an archive this tool reads (.zip, .tar, .tar.gz, .tgz, .rar, .7z)",
                at("notes.txt")
            ),
        ),
        (at("box"), &[], format!("{}: no mail in it", at("box"))),
        (
            at("box"),
            &["--subject", "Práctica05"],
            format!(
                "{}: no mail of the practice in it: 0 mail(s), none with the subject Práctica05",
                at("box")
            ),
        ),
    ];
    for (class, extra, message) in cases {
        let mut args = vec!["grade", "--submissions", class.as_str(), "--run", "true"];
        args.extend(extra);
        args.push("fixtures/estado1.txt");
        let (status, stdout, stderr) = run(&args, b"");
        assert_eq!((status, stdout.as_str()), (2, ""), "{args:?}");
        assert_eq!(stderr, format!("minimax: {message}\n"), "{args:?}");
    }
}

#[test]
fn a_build_that_fails_alike_for_the_whole_class_stops_grading_with_no_report() {
    let class = tempfile::tempdir().unwrap();
    for student in ["ana", "beto", "carla"] {
        let folder = class.path().join(student);
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(folder.join("Makefile"), "all:\n\texit 3\n").unwrap();
    }
    let path = class.path().display().to_string();
    let (status, stdout, stderr) = run(&["grade", "--submissions", &path, "fixtures/estado1.txt"], b"");
    assert_eq!((status, stdout.as_str()), (2, ""), "{stderr}");
    assert_eq!(
        stderr.lines().last(),
        Some(
            "minimax: nobody was graded: every student's build failed the same way, which points at \
             the grading machine rather than at them: the build failed (exit status 2): make: *** \
             [Makefile:2: all] Error 3; no report was written (fix the set-up and grade again)"
        ),
        "{stderr}"
    );
}

/// Runs gradescope/run_autograder on a fake /autograder holding this repository as its
/// source and `submission` (a sample student's folder in it) as the submission, and returns
/// results.json.
fn run_autograder(submission: Option<&str>, env: &[(&str, &str)]) -> Value {
    run_autograder_with_metadata(submission, None, env)
}

/// [`run_autograder`] with Gradescope's submission_metadata.json holding `metadata`, if any.
fn run_autograder_with_metadata(
    submission: Option<&str>,
    metadata: Option<&str>,
    env: &[(&str, &str)],
) -> Value {
    let root = tempfile::tempdir().unwrap();
    if let Some(metadata) = metadata {
        std::fs::write(root.path().join("submission_metadata.json"), metadata).unwrap();
    }
    let repo = env!("CARGO_MANIFEST_DIR");
    std::os::unix::fs::symlink(repo, root.path().join("source")).unwrap();
    if let Some(student) = submission {
        std::os::unix::fs::symlink(format!("{repo}/{student}"), root.path().join("submission")).unwrap();
    }
    let status = Command::new("bash")
        .arg(format!("{repo}/gradescope/run_autograder"))
        .env("AUTOGRADER_ROOT", root.path())
        .env("MINIMAX", env!("CARGO_BIN_EXE_minimax"))
        .envs(env.iter().copied())
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "run_autograder always exits 0");
    let results = std::fs::read_to_string(root.path().join("results/results.json")).unwrap();
    serde_json::from_str(&results).unwrap()
}

/// Gradescope's metadata of a submission by the student whose sid is `sid`.
fn metadata_of(sid: &str) -> String {
    format!(
        r#"{{"id": 123456, "created_at": "2026-11-20T10:00:00.000000-06:00", "assignment": {{"title": "Práctica 5"}},
           "users": [{{"email": "{sid}@uni.example", "id": 9{sid}, "name": "Student {sid}", "sid": "{sid}"}}]}}"#
    )
}

/// The names of the hidden tests of a Gradescope result.
fn hidden_tests(json: &Value) -> Vec<String> {
    json["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["visibility"] == "after_due_date")
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

const PER_STUDENT: [(&str, &str); 4] = [
    ("RUN_COMMAND", "echo X 1 1"),
    ("SAMPLE", "3"),
    ("PER_STUDENT", "1"),
    ("COURSE_SECRET", "a-course-secret-kept-in-config-sh"),
];

#[test]
fn the_gradescope_autograder_draws_each_students_own_positions_from_their_sid() {
    let ana = run_autograder_with_metadata(Some("tests/class/ana"), Some(&metadata_of("1001")), &PER_STUDENT);
    let again =
        run_autograder_with_metadata(Some("tests/class/ana"), Some(&metadata_of("1001")), &PER_STUDENT);
    let beto =
        run_autograder_with_metadata(Some("tests/class/ana"), Some(&metadata_of("1002")), &PER_STUDENT);
    assert_eq!(hidden_tests(&ana).len(), 3, "{ana}");
    assert_eq!(
        hidden_tests(&ana),
        hidden_tests(&again),
        "the same sid, the same set"
    );
    assert_ne!(
        hidden_tests(&ana),
        hidden_tests(&beto),
        "another sid, another set"
    );
    // The instructor lists the same set with the same secret and the sid.
    let listed = Command::new(env!("CARGO_BIN_EXE_minimax"))
        .args(["sample", "--student", "1001", "--sample", "3", "--format", "json"])
        .env("MINIMAX_COURSE_SECRET", PER_STUDENT[3].1)
        .output()
        .unwrap();
    let listed: Value = serde_json::from_slice(&listed.stdout).unwrap();
    for position in listed["positions"].as_array().unwrap() {
        let position = position["position"].as_str().unwrap();
        assert!(
            hidden_tests(&ana).iter().any(|name| name.contains(position)),
            "{position} in {:?}",
            hidden_tests(&ana)
        );
    }
}

#[test]
fn the_gradescope_autograder_without_the_submissions_metadata_says_so_instead_of_grading() {
    let json = run_autograder_with_metadata(Some("tests/class/ana"), None, &PER_STUDENT);
    let output = json["output"].as_str().unwrap();
    assert_eq!(json["score"], 0);
    assert!(
        output.starts_with("The autograder could not grade this submission:")
            && output.contains("submission_metadata.json")
            && output.contains("Gradescope writes the submission's metadata there"),
        "{output}"
    );
}

#[test]
fn the_gradescope_autograder_script_writes_results_for_a_submission() {
    let json = run_autograder(
        Some("tests/class/diego"),
        &[("RUN_COMMAND", run_command()), ("ALLOW", awk()), ("SAMPLE", "0")],
    );
    assert_eq!(
        (json["score"].as_u64(), json["tests"].as_array().map(Vec::len)),
        (Some(3), Some(4)),
        "{json}"
    );
}

#[test]
fn the_gradescope_autograder_grades_connect_four_when_told_the_game() {
    let json = run_autograder(
        Some("tests/connect4/beto"),
        &[
            ("GAME", "connect4"),
            ("RUN_COMMAND", "python3 main.py"),
            (
                "POSITIONS",
                "fixtures/connect4/c4-all-win.txt fixtures/connect4/c4-win-now.txt",
            ),
            ("SAMPLE", "0"),
        ],
    );
    assert_eq!(
        (json["score"].as_u64(), json["tests"].as_array().map(Vec::len)),
        (Some(1), Some(2)),
        "{json}"
    );
    let output = json["tests"][1]["output"].as_str().unwrap();
    assert!(output.contains("O 1 turns a win in 1 into a loss"), "{output}");
}

#[test]
fn the_gradescope_autograder_locks_the_course_away_and_logs_the_sandbox_for_instructors() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    let repo = env!("CARGO_MANIFEST_DIR");
    std::os::unix::fs::symlink(repo, root.path().join("source")).unwrap();
    std::os::unix::fs::symlink(
        format!("{repo}/tests/class/diego"),
        root.path().join("submission"),
    )
    .unwrap();
    std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let output = std::process::Command::new("bash")
        .arg(format!("{repo}/gradescope/run_autograder"))
        .env("AUTOGRADER_ROOT", root.path())
        .env("MINIMAX", env!("CARGO_BIN_EXE_minimax"))
        .envs([("RUN_COMMAND", run_command()), ("ALLOW", awk()), ("SAMPLE", "0")])
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&output.stdout);
    assert!(log.contains("minimax: sandbox auto: "), "{log}");
    let mode = std::fs::metadata(root.path()).unwrap().permissions().mode();
    let as_root = nix::unistd::geteuid().is_root();
    // As root (as on Gradescope) the runs' uids may no longer enter /autograder.
    assert_eq!(mode & 0o077 == 0, as_root, "{mode:o}");
}

#[test]
fn the_gradescope_autograder_reports_its_own_failure_as_a_result() {
    let json = run_autograder(None, &[]);
    assert_eq!(json["score"], 0);
    assert!(
        json["output"].as_str().unwrap().contains("could not grade"),
        "{json}"
    );
}

#[test]
fn all_positions_is_every_reachable_position_with_a_move_to_make() {
    let all = minimax_core::exercises::positions::hidden_exercises(
        minimax_core::games::mnk::Shape::CLASSIC,
        None,
        0,
    );
    assert_eq!(all.len(), 4520);
    assert!(all.iter().all(|e| e.hidden));
    let names: std::collections::HashSet<&str> = all.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names.len(), 4520, "each is named by its own board");
}
