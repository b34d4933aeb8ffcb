//! The search graded beside the move (#42): classes of Python, C, Lua and Java students (on
//! stdin, and under the java-gato and python-cs50 session harnesses), each a variant of the
//! lectures' minimax or alpha-beta writing its trace through the helper of its language, each
//! search named; without the course's `search`, graded as before.

use crate::run;
use serde_json::Value;

const POSITIONS: [&str; 4] = [
    "fixtures/estado1.txt",
    "fixtures/estado2.txt",
    "fixtures/estado3.txt",
    "fixtures/ejemplo.txt",
];

fn grade(course: Option<&str>) -> Value {
    grade_class("tests/search/python", "python3 main.py", course)
}

fn grade_class(class: &str, command: &str, course: Option<&str>) -> Value {
    grade_with(class, &["--run", command], course)
}

/// The class graded with `how` (`--run CMD`, `--harness NAME`, or nothing: each program found).
fn grade_with(class: &str, how: &[&str], course: Option<&str>) -> Value {
    let mut args = vec!["grade", "--submissions", class, "--format", "json"];
    args.extend(how);
    if let Some(course) = course {
        args.extend(["--course", course]);
    }
    args.extend(POSITIONS);
    let (status, stdout, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

/// Each student's search group per position, and the rubric's search points.
fn searches(report: &Value) -> Vec<(String, Vec<String>, f64)> {
    let students = report["students"].as_array().unwrap();
    students
        .iter()
        .map(|s| {
            let groups = s["results"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["search"]["group"].as_str().unwrap().to_string())
                .collect();
            let parts = s["rubric"]["parts"].as_array().unwrap();
            let search = parts.iter().find(|p| p["part"] == "search").unwrap()["points"]
                .as_f64()
                .unwrap();
            (s["student"].as_str().unwrap().to_string(), groups, search)
        })
        .collect()
}

#[test]
fn each_students_search_is_named() {
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_err()
    {
        return crate::skip(&["python3"], "python3 is not installed");
    }
    let report = grade(Some("tests/search/course.toml"));
    let ab = "alpha-beta (≥ cut-offs, fail-soft)";
    let strict = "alpha-beta (> cut-offs, fail-soft)";
    let expected: Vec<(&str, [&str; 4], f64)> = vec![
        // Plain minimax: where no cut-off arises in its order it is alpha-beta too.
        ("ana", [ab, ab, strict, "no pruning"], 4.5),
        ("beto", [ab; 4], 6.0),
        ("carla", [ab, ab, strict, strict], 6.0),
        ("diego", [ab, ab, ab, "alpha-beta (≥ cut-offs, fail-hard)"], 6.0),
        ("elena", ["refused"; 4], 0.0),
        // On ejemplo the first move wins and the swapped window cuts right after it: the
        // trace is the same as stopping at the first win, the lesser mistake, which is named.
        (
            "fede",
            [
                "α and β swapped",
                "α and β swapped",
                "α and β swapped",
                "stopped at the first win",
            ],
            0.0,
        ),
        ("gabi", ["cut-off on the wrong side"; 4], 0.0),
        ("hugo", ["scored from the wrong player's view"; 4], 0.0),
        // The answers looked up: the helper imported, no node entered.
        ("ines", ["no trace"; 4], 0.0),
        (
            "juan",
            [ab, "stopped at the first win", ab, "stopped at the first win"],
            3.0,
        ),
    ];
    let found = searches(&report);
    for ((name, groups, points), (student, found_groups, found_points)) in expected.iter().zip(&found) {
        assert_eq!(student, name);
        assert_eq!(found_groups, groups, "{name}");
        assert_eq!(found_points, points, "{name}");
    }
    let ana = &report["students"][0]["results"][3];
    let detail = ana["detail"].as_str().unwrap();
    assert!(detail.starts_with("X 3 1 is optimal (X wins in 1); search: no pruning: 125 nodes where alpha-beta in your order visits 32; first departure at X 1 2, O 3 1, X 2 3, O 3 3 (line 12)"), "{detail}");
    // The class grouped by search: correct ones first, then the most common.
    let groups: Vec<(&str, usize)> = report["class"]["searches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["search"].as_str().unwrap(),
                g["students"].as_array().unwrap().len(),
            )
        })
        .collect();
    assert_eq!(groups[0], (ab, 5));
    assert!(groups.contains(&("no trace", 1)) && groups.contains(&("α and β swapped", 1)));
    // The first wrong node ringed on the student's tree; none for a correct search.
    let fede = report["students"][5]["results"][0]["search"]["figure"]
        .as_str()
        .unwrap();
    assert!(
        fede.starts_with("<svg") && fede.contains("class=\"departure\""),
        "{fede}"
    );
    assert!(
        fede.contains("first departure: α = -∞, β = 0, value written 0"),
        "{fede}"
    );
    assert!(report["students"][1]["results"][0]["search"]
        .get("figure")
        .is_none());
    let elena = report["students"][4]["results"][0]["search"]["verdict"]
        .as_str()
        .unwrap();
    assert_eq!(
        elena,
        "trace refused: line 30: the root is entered once, first, and nothing follows its `leave`"
    );
}

#[test]
fn each_c_students_search_is_named() {
    if std::process::Command::new("gcc")
        .arg("--version")
        .output()
        .is_err()
    {
        return crate::skip(&["gcc"], "gcc is not installed");
    }
    // Compiled in each run's own /tmp, with the helper's header beside main.c.
    let command = "gcc -O2 -o /tmp/minimax main.c -lm && /tmp/minimax";
    let report = grade_class("tests/search/c", command, Some("tests/search/course.toml"));
    let ab = "alpha-beta (≥ cut-offs, fail-soft)";
    let strict = "alpha-beta (> cut-offs, fail-soft)";
    let swapped = "α and β swapped";
    let wrong = "cut-off on the wrong side";
    let expected: Vec<(&str, [&str; 4], f64)> = vec![
        // The C students' DECISION-MINIMAX gives each successor a window of its own.
        ("ana", [ab, ab, ab, "no pruning"], 4.5),
        ("beto", [ab; 4], 6.0),
        ("carla", [ab, ab, ab, strict], 6.0),
        // On ejemplo the swapped window's trace is also that of stopping at the first win.
        (
            "fede",
            [swapped, swapped, swapped, "stopped at the first win"],
            0.0,
        ),
        // Where the wrong side never cuts, the search is the slides' own.
        ("gabi", [ab, wrong, ab, wrong], 3.0),
    ];
    let found = searches(&report);
    assert_eq!(found.len(), expected.len());
    for ((name, groups, points), (student, found_groups, found_points)) in expected.iter().zip(&found) {
        assert_eq!(student, name);
        assert_eq!(found_groups, groups, "{name}");
        assert_eq!(found_points, points, "{name}");
    }
}

#[test]
fn each_lua_students_search_is_named() {
    if std::process::Command::new("lua5.4").arg("-v").output().is_err() {
        return crate::skip(&["lua5.4"], "lua5.4 is not installed");
    }
    let report = grade_class(
        "tests/search/lua",
        "lua5.4 main.lua",
        Some("tests/search/course.toml"),
    );
    let ab = "alpha-beta (≥ cut-offs, fail-soft)";
    let strict = "alpha-beta (> cut-offs, fail-soft)";
    let swapped = "α and β swapped";
    // The Lua students enter the root, then loop over its successors as DECISION-MINIMAX does.
    let expected: Vec<(&str, [&str; 4], f64)> = vec![
        ("ana", [ab, ab, strict, "no pruning"], 4.5),
        ("beto", [ab; 4], 6.0),
        (
            "fede",
            [swapped, swapped, swapped, "stopped at the first win"],
            0.0,
        ),
    ];
    let found = searches(&report);
    assert_eq!(found.len(), expected.len());
    for ((name, groups, points), (student, found_groups, found_points)) in expected.iter().zip(&found) {
        assert_eq!(student, name);
        assert_eq!(found_groups, groups, "{name}");
        assert_eq!(found_points, points, "{name}");
    }
}

#[test]
fn without_the_courses_search_the_move_alone_is_graded() {
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_err()
    {
        return crate::skip(&["python3"], "python3 is not installed");
    }
    let report = grade(None);
    for student in report["students"].as_array().unwrap() {
        for result in student["results"].as_array().unwrap() {
            assert!(result.get("search").is_none());
            assert!(!result["detail"].as_str().unwrap().contains("search"));
        }
    }
}

#[test]
fn a_trace_whose_values_do_not_add_up_is_refused() {
    // X 3 2's MIN children are worth -1 and 0, but the trace leaves it with 0.
    let trace = "minimax-trace 1\nenter X 3 2\nenter O 2 3\nleave -1\nenter O 3 3\nenter X 2 3\nleave 0\nleave 0\nleave 0\n\
                 enter X 2 3\nenter O 3 2\nleave -1\nenter O 3 3\nenter X 3 2\nleave 0\nleave 0\nleave -1\n\
                 enter X 3 3\nenter O 3 2\nleave -1\nenter O 2 3\nleave -1\nleave -1\n";
    let dir = tempfile::tempdir().unwrap();
    let zoe = dir.path().join("zoe");
    std::fs::create_dir(&zoe).unwrap();
    std::fs::write(zoe.join("trace.txt"), trace).unwrap();
    std::fs::write(zoe.join("main.sh"), "cat trace.txt >&2; echo X 3 2\n").unwrap();
    let position = dir.path().join("position.txt");
    std::fs::write(&position, "XOX/OO-/X--\n").unwrap();
    let course = dir.path().join("course.toml");
    std::fs::write(&course, "search = \"minimax\"\n").unwrap();
    let args = [
        "grade",
        "--student",
        zoe.to_str().unwrap(),
        "--run",
        "sh main.sh",
        "--course",
        course.to_str().unwrap(),
        "--format",
        "json",
        position.to_str().unwrap(),
    ];
    let (status, stdout, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let search = &report["students"][0]["results"][0]["search"];
    assert_eq!(search["group"], "values do not add up");
    assert_eq!(search["correct"], false);
    let verdict = search["verdict"].as_str().unwrap();
    assert!(
        verdict.starts_with("trace refused: its values do not add up; first departure at X 3 2 (line 2)"),
        "{verdict}"
    );
}

/// The seven students of each Java and session class (tests/search/make-class.py), each
/// search named as the Python students of the same variant are: the grader reads the search,
/// whatever the language or harness that carried it.
fn assert_the_seven_are_named(report: &Value) {
    let ab = "alpha-beta (≥ cut-offs, fail-soft)";
    let strict = "alpha-beta (> cut-offs, fail-soft)";
    let swapped = "α and β swapped";
    let view = "scored from the wrong player's view";
    let expected: Vec<(&str, [&str; 4], f64)> = vec![
        // Plain minimax: no pruning where alpha-beta cuts in its order.
        ("ana", [ab, ab, strict, "no pruning"], 4.5),
        ("beto", [ab; 4], 6.0),
        ("carla", [ab, ab, strict, strict], 6.0),
        // A trace that lies: a second search after the root's.
        ("elena", ["refused"; 4], 0.0),
        (
            "fede",
            [swapped, swapped, swapped, "stopped at the first win"],
            0.0,
        ),
        ("hugo", [view; 4], 0.0),
        // The answers looked up: no node entered.
        ("ines", ["no trace"; 4], 0.0),
    ];
    let found = searches(report);
    assert_eq!(found.len(), expected.len());
    for ((name, groups, points), (student, found_groups, found_points)) in expected.iter().zip(&found) {
        assert_eq!(student, name);
        assert_eq!(found_groups, groups, "{name}");
        assert_eq!(found_points, points, "{name}");
    }
    let ana = report["students"][0]["results"][3]["detail"].as_str().unwrap();
    assert!(
        ana.contains("search: no pruning: 125 nodes where alpha-beta in your order visits 32; first departure at X 1 2, O 3 1, X 2 3, O 3 3 (line 12)"),
        "{ana}"
    );
    // The first wrong node ringed on the student's tree.
    let elena = report["students"][3]["results"][0]["search"]["verdict"]
        .as_str()
        .unwrap();
    assert!(
        elena.ends_with("the root is entered once, first, and nothing follows its `leave`"),
        "{elena}"
    );
    let fede = report["students"][4]["results"][0]["search"]["figure"]
        .as_str()
        .unwrap();
    assert!(
        fede.contains("class=\"departure\"")
            && fede.contains("first departure: α = -∞, β = 0, value written 0"),
        "{fede}"
    );
}

#[test]
fn each_java_students_search_is_named_through_minimax_trace_java() {
    let _alone = crate::exclusive();
    // No --run: each Main.java is found, compiled once with the helper beside it, and run.
    let report = grade_with("tests/search/java", &[], Some("tests/search/course.toml"));
    assert_the_seven_are_named(&report);
}

#[test]
fn each_java_gato_students_search_is_named_from_the_session_driver() {
    let _alone = crate::exclusive();
    let report = grade_with(
        "tests/search/java-gato",
        &["--harness", "java-gato"],
        Some("tests/search/course.toml"),
    );
    assert_the_seven_are_named(&report);
    let ines = report["students"][6]["results"][0]["search"]["verdict"]
        .as_str()
        .unwrap();
    assert_eq!(ines, "no trace: the program wrote none (the harness records it when the program calls its helper, MinimaxTrace.java or minimax_trace.py)");
}

#[test]
fn each_cs50_students_search_is_named_from_the_session_driver() {
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_err()
    {
        return crate::skip(&["python3"], "python3 is not installed");
    }
    let report = grade_with(
        "tests/search/cs50",
        &["--harness", "python-cs50"],
        Some("tests/search/course.toml"),
    );
    assert_the_seven_are_named(&report);
}

/// The three students of each class under tests/search/depth (tests/search/make-class.py),
/// graded by a course asking for alpha-beta two plies deep: dora stops where asked, dario a
/// ply deeper (`prof > PROFUNDIDAD`), delia a ply shallower (the root counted as 1). Each
/// mistake is named the same in every language and harness, its first wrong node shown.
fn assert_the_depth_students_are_named(report: &Value) {
    let found = searches(report);
    let names: Vec<&str> = found.iter().map(|(name, _, _)| name.as_str()).collect();
    assert_eq!(names, ["dario", "delia", "dora"]);
    let off = "depth off by one";
    assert_eq!(found[0].1, vec![off; 4], "dario");
    assert_eq!(found[1].1, vec![off; 4], "delia");
    assert_eq!(
        found[2].1,
        vec!["alpha-beta (≥ cut-offs, fail-soft), depth 2"; 4],
        "dora"
    );
    assert_eq!((found[0].2, found[1].2, found[2].2), (0.0, 0.0, 6.0));
    let departure = |student: usize| {
        report["students"][student]["results"][3]["search"]["departure"]
            .as_str()
            .unwrap()
            .to_string()
    };
    // On ejemplo (X to move, X 1 2 wins at once): dario enters a third ply where the course
    // stops at the second; delia scores X's first moves without entering O's answers.
    let deeper = departure(0);
    assert!(
        deeper.starts_with("X 1 2, O 3 1, X 1 3 (line ")
            && deeper.ends_with("α = 1, β = +∞: alpha-beta (≥ cut-offs, fail-soft), depth 2 goes no deeper"),
        "{deeper}"
    );
    let shallower = departure(1);
    assert!(
        shallower.starts_with("X 1 2 (line ")
            && shallower
                .ends_with("α = 1, β = +∞: alpha-beta (≥ cut-offs, fail-soft), depth 2 enters O 3 1 next"),
        "{shallower}"
    );
    let verdict = report["students"][0]["results"][3]["search"]["verdict"]
        .as_str()
        .unwrap();
    assert!(
        verdict.starts_with("depth off by one, 22 nodes; first departure at X 1 2, O 3 1, X 1 3"),
        "{verdict}"
    );
    assert!(report["students"][2]["results"][3]["search"]["departure"].is_null());
}

#[test]
fn a_java_search_a_ply_too_deep_or_too_shallow_is_named_depth_off_by_one() {
    let _alone = crate::exclusive();
    let report = grade_with("tests/search/depth/java", &[], Some("tests/search/depth.toml"));
    assert_the_depth_students_are_named(&report);
}

#[test]
fn a_java_gato_search_a_ply_too_deep_or_too_shallow_is_named_depth_off_by_one() {
    let _alone = crate::exclusive();
    let report = grade_with(
        "tests/search/depth/java-gato",
        &["--harness", "java-gato"],
        Some("tests/search/depth.toml"),
    );
    assert_the_depth_students_are_named(&report);
}

#[test]
fn a_cs50_search_a_ply_too_deep_or_too_shallow_is_named_depth_off_by_one() {
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_err()
    {
        return crate::skip(&["python3"], "python3 is not installed");
    }
    let report = grade_with(
        "tests/search/depth/cs50",
        &["--harness", "python-cs50"],
        Some("tests/search/depth.toml"),
    );
    assert_the_depth_students_are_named(&report);
}

#[test]
fn a_c_search_a_ply_too_deep_or_too_shallow_is_named_depth_off_by_one() {
    if std::process::Command::new("gcc")
        .arg("--version")
        .output()
        .is_err()
    {
        return crate::skip(&["gcc"], "gcc is not installed");
    }
    let command = "gcc -O2 -o /tmp/minimax main.c -lm && /tmp/minimax";
    let report = grade_class("tests/search/depth/c", command, Some("tests/search/depth.toml"));
    assert_the_depth_students_are_named(&report);
}

#[test]
fn a_lua_search_a_ply_too_deep_or_too_shallow_is_named_depth_off_by_one() {
    if std::process::Command::new("lua5.4").arg("-v").output().is_err() {
        return crate::skip(&["lua5.4"], "lua5.4 is not installed");
    }
    let report = grade_class(
        "tests/search/depth/lua",
        "lua5.4 main.lua",
        Some("tests/search/depth.toml"),
    );
    assert_the_depth_students_are_named(&report);
}

#[test]
fn a_session_harness_whose_driver_sends_no_trace_is_refused_when_the_course_asks_for_the_search() {
    let dir = tempfile::tempdir().unwrap();
    // An instructor's own session harness, written before drivers could send traces.
    std::fs::write(
        dir.path().join("harness.toml"),
        "protocol = \"session\"\nrun = \"sh driver.sh\"\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("driver.sh"), "exit 0\n").unwrap();
    let harness = dir.path().to_str().unwrap();
    let args = [
        "grade",
        "--student",
        "tests/lms/cs50",
        "--harness",
        harness,
        "--course",
        "tests/search/course.toml",
        "fixtures/estado1.txt",
    ];
    let (status, _, stderr) = run(&args, b"");
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains(&format!("the course asks for the search's trace, which the harness {harness} does not carry (its harness.toml does not say `traces = true`")),
        "{stderr}"
    );
}

/// EXPECTED.csv's words for a search, as the grader groups it: the blind class was written
/// from the lectures alone, without the grader's vocabulary.
fn grader_group(expected: &str) -> &'static str {
    match expected {
        "minimax correct" | "alpha-beta correct" => "correct",
        "wrong player's view" => "scored from the wrong player's view",
        "stopped at first win" => "stopped at the first win",
        "depth off by one" => "depth off by one",
        "no search" => "no trace",
        "trace refused" => "values do not add up",
        "no pruning" => "no pruning",
        "alpha/beta swapped" => "α and β swapped",
        "cutoff on the wrong side" => "cut-off on the wrong side",
        other => panic!("EXPECTED.csv names a search the test does not know: {other}"),
    }
}

/// A student's search over the sheet's positions: the first mistake named on any of them, or
/// `correct` when every position's search is.
fn students_search(groups: &[String], report: &Value, name: &str) -> String {
    let student = report["students"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["student"] == name)
        .unwrap();
    let correct = student["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["search"]["correct"].as_bool().unwrap());
    match groups.iter().zip(correct).find(|(_, correct)| !correct) {
        Some((group, _)) => group.clone(),
        None => "correct".to_string(),
    }
}

#[test]
fn the_blind_class_written_from_the_lectures_is_named_as_its_author_expected() {
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_err()
    {
        return crate::skip(&["python3"], "python3 is not installed");
    }
    let _alone = crate::exclusive();
    let blind = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/search/blind");
    let expected = std::fs::read_to_string(blind.join("EXPECTED.csv")).unwrap();
    // student, course, verdict: the fields before the first quoted one.
    let rows: Vec<(String, String, String)> = expected
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            let verdict = line.rsplit(",\"").nth(1).unwrap().rsplit(',').next().unwrap();
            (fields[0].into(), fields[2].into(), verdict.into())
        })
        .collect();
    assert_eq!(rows.len(), 16);
    // Each course's students in a folder of their own, graded under it.
    let dir = tempfile::tempdir().unwrap();
    let run =
        "if [ -f main.c ]; then gcc -O2 -o /tmp/minimax main.c -lm && /tmp/minimax; else python3 main.py; fi";
    let mut agreed = Vec::new();
    for course in ["course-minimax.toml", "course-alphabeta.toml"] {
        let class = dir.path().join(course.trim_end_matches(".toml"));
        for (student, _, _) in rows.iter().filter(|r| r.1 == course) {
            let to = class.join(student);
            std::fs::create_dir_all(&to).unwrap();
            for entry in std::fs::read_dir(blind.join(student)).unwrap() {
                let entry = entry.unwrap();
                std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
            }
        }
        let course_file = blind.join(course);
        let report = grade_with(
            class.to_str().unwrap(),
            &["--run", run],
            Some(course_file.to_str().unwrap()),
        );
        for (name, groups, _) in searches(&report) {
            let (_, _, verdict) = rows.iter().find(|r| r.0 == name).unwrap();
            let found = students_search(&groups, &report, &name);
            agreed.push((name, grader_group(verdict).to_string(), found));
        }
    }
    for (name, expected, found) in &agreed {
        assert_eq!(found, expected, "{name}");
    }
    assert_eq!(agreed.len(), 16);
}

#[test]
fn a_session_trace_past_its_limit_is_refused_and_the_move_still_graded() {
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_err()
    {
        return crate::skip(&["python3"], "python3 is not installed");
    }
    // 26 MB of trace: the driver keeps 24 MiB of it in memory, counts the rest and says so.
    let dir = tempfile::tempdir().unwrap();
    let zoe = dir.path().join("zoe");
    std::fs::create_dir(&zoe).unwrap();
    let student = std::fs::read_to_string("tests/lms/cs50/tictactoe.py").unwrap().replace(
        "def minimax(board):\n",
        "import minimax_trace as traza\n\n\ndef minimax(board):\n    for _ in range(1_300_000):\n        traza.enter(\"X 1 1\")\n        traza.leave(0)\n",
    );
    std::fs::write(zoe.join("tictactoe.py"), student).unwrap();
    let args = [
        "grade",
        "--student",
        zoe.to_str().unwrap(),
        "--harness",
        "python-cs50",
        "--course",
        "tests/search/course.toml",
        "--timeout",
        "20",
        "--format",
        "json",
        "fixtures/estado3.txt",
    ];
    let (status, stdout, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let result = &report["students"][0]["results"][0];
    assert_eq!(result["verdict"], "optimal");
    assert_eq!(
        result["search"]["verdict"],
        "trace refused: the trace passes its limit of 25,165,824 bytes; the rest is not read"
    );
}

/// A class of three whose programs print a fixed trace: alpha-beta as on the slides, minimax
/// scoring O's wins as X's, and a search that stops short under a cut (on `XOX/OO-/X--`,
/// where every move loses).
fn traced_class(dir: &std::path::Path) {
    let students = [
        (
            "ana",
            "minimax-trace 1\nenter\nenter X 3 2\nenter O 2 3\nleave -1\nenter O 3 3\nenter X 2 3\nleave 0\nleave 0\nleave -1\n\
             enter X 2 3\nenter O 3 2\nleave -1\nleave -1\nenter X 3 3\nenter O 3 2\nleave -1\nleave -1\nleave -1\n",
        ),
        (
            "beto",
            "minimax-trace 1\nenter X 3 2\nenter O 2 3\nleave 1\nenter O 3 3\nenter X 2 3\nleave 0\nleave 0\nleave 0\n\
             enter X 2 3\nenter O 3 2\nleave 1\nenter O 3 3\nenter X 3 2\nleave 0\nleave 0\nleave 0\n\
             enter X 3 3\nenter O 3 2\nleave 1\nenter O 2 3\nleave 1\nleave 1\n",
        ),
        (
            "carla",
            "minimax-trace 1\nenter\nenter X 3 2\nenter O 2 3\nleave -1\nenter O 3 3\nenter X 2 3\nleave 0\nleave 0\nleave -1\n\
             enter X 2 3\nenter O 3 2\nleave -1\nenter O 3 3\nleave -1\nleave -1\nenter X 3 3\nenter O 3 2\nleave -1\nleave -1\nleave -1\n",
        ),
    ];
    for (name, trace) in students {
        let folder = dir.join(name);
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(folder.join("trace.txt"), trace).unwrap();
        std::fs::write(folder.join("main.sh"), "cat trace.txt >&2; echo X 3 2\n").unwrap();
    }
    std::fs::write(dir.join("position.txt"), "XOX/OO-/X--\n").unwrap();
    std::fs::write(
        dir.join("course.toml"),
        "search = \"alphabeta\"\n[rubric]\npositions = 1\nsearch = 1\n",
    )
    .unwrap();
}

/// The class page of [`traced_class`] in `lang`.
fn traced_page(lang: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    std::fs::create_dir(&class).unwrap();
    traced_class(&class);
    let out = dir.path().join("class.html");
    let at = |name: &str| class.join(name).to_str().unwrap().to_string();
    let args = [
        "grade",
        "--submissions",
        &at("."),
        "--run",
        "sh main.sh",
        "--course",
        &at("course.toml"),
        "--format",
        "html",
        "--lang",
        lang,
        "--out",
        out.to_str().unwrap(),
        &at("position.txt"),
    ];
    let (status, _, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    std::fs::read_to_string(out).unwrap()
}

/// Each student's feedback page for [`traced_class`] in `lang`, by name.
fn traced_feedback(lang: &str) -> std::collections::BTreeMap<String, String> {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    std::fs::create_dir(&class).unwrap();
    traced_class(&class);
    let feedback = dir.path().join("feedback");
    let at = |name: &str| class.join(name).to_str().unwrap().to_string();
    let args = [
        "grade",
        "--submissions",
        &at("."),
        "--run",
        "sh main.sh",
        "--course",
        &at("course.toml"),
        "--lang",
        lang,
        "--feedback-dir",
        feedback.to_str().unwrap(),
        &at("position.txt"),
    ];
    let (status, _, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    std::fs::read_dir(&feedback)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let page = std::fs::read_to_string(entry.path().join("feedback.html")).unwrap();
            (entry.file_name().to_str().unwrap().to_string(), page)
        })
        .collect()
}

/// The part of `page` from `start` to the first `end` after it, both included.
fn piece<'a>(page: &'a str, start: &str, end: &str) -> &'a str {
    let from = page
        .find(start)
        .unwrap_or_else(|| panic!("no {start} in the page"));
    let to = page[from..].find(end).unwrap() + from + end.len();
    &page[from..to]
}

#[test]
fn the_class_page_groups_the_class_by_search_verdict_in_the_courses_language() {
    let spanish = traced_page("es");
    let section = piece(&spanish, "<section id=\"searches\">", "</section>");
    assert!(
        section.contains("alfa-beta (cortes ≥, fail-soft) correcto:</b> 1 estudiante"),
        "{section}"
    );
    assert!(
        section.contains(
            "valorado desde el jugador equivocado:</b> 1 estudiante <span class=\"who\">(beto)</span>"
        ),
        "{section}"
    );
    insta::assert_snapshot!("search-groups-es", section);
    let english = traced_page("en");
    insta::assert_snapshot!(
        "search-groups-en",
        piece(&english, "<section id=\"searches\">", "</section>")
    );
}

#[test]
fn a_departing_search_is_drawn_around_its_first_wrong_node_in_the_feedback() {
    let page = traced_page("en");
    // beto's and carla's searches depart: a figure each, in their feedback.
    assert_eq!(page.matches("<figure class=\"search\">").count(), 2);
    let carla = piece(&page, "data-student=\"carla\"", "</tbody>");
    let figure = piece(carla, "<figure class=\"search\">", "</figure>");
    assert!(
        figure.contains("your search: -1") && !figure.contains("minimax:"),
        "{figure}"
    );
    assert!(
        figure.contains("first departure: α = -1, β = -1, value written -1"),
        "{figure}"
    );
    insta::assert_snapshot!("search-departure-figure", figure);
}

#[test]
fn a_transposition_table_and_move_ordering_are_judged_by_the_course() {
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_err()
    {
        return crate::skip(&["python3"], "python3 is not installed");
    }
    let report = grade_class(
        "tests/search/more",
        "python3 main.py",
        Some("tests/search/ordered.toml"),
    );
    let found = searches(&report);
    let names: Vec<&str> = found.iter().map(|(name, _, _)| name.as_str()).collect();
    assert_eq!(names, ["kiko", "lola", "mara"]);
    let verdict = |student: usize, position: usize| {
        report["students"][student]["results"][position]["search"]["verdict"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let ab = "alpha-beta (≥ cut-offs, fail-soft)";
    let ordered = format!("{ab}, ordered");
    let unordered = format!("{ab}, not ordered");
    let groups = |i: usize| found[i].1.clone();
    // lola orders best first: fewer nodes than the board's order on every position.
    assert_eq!(groups(1), vec![ordered.clone(); 4]);
    assert_eq!(found[1].2, 6.0);
    // mara is the slides' alpha-beta, correct node for node, in the board's order.
    assert_eq!(groups(2), vec![unordered.clone(); 4]);
    assert_eq!(found[2].2, 0.0);
    assert_eq!(
        verdict(2, 3),
        format!("{ab} correct but not ordered: 32 nodes where alpha-beta in board order visits 32 and best first 27")
    );
    assert_eq!(
        verdict(1, 3),
        format!("{ab} correct, ordered: 27 nodes where alpha-beta in board order visits 32")
    );
    // kiko: plain minimax with a table. The repeats are not departures, and are said; the
    // nodes the table saves are not an order.
    assert_eq!(groups(0)[1], unordered);
    assert!(verdict(0, 1).ends_with("; transposition table: 5 repeated positions not searched again"));
    assert_eq!(groups(0)[3], "no pruning");
    assert!(verdict(0, 3).starts_with("no pruning: 89 nodes where alpha-beta in your order visits 27; transposition table: 16 repeated positions not searched again; first departure at"));
}

#[test]
fn a_spanish_speaking_student_reads_the_search_verdict_in_spanish() {
    let pages = traced_feedback("es");
    let ana = piece(&pages["ana"], "<p class=\"search\">", "</p>");
    assert_eq!(
        ana,
        "<p class=\"search\">Búsqueda: alfa-beta (cortes ≥, fail-soft) correcto, 9 nodos</p>"
    );
    let beto = piece(&pages["beto"], "<p class=\"search\">", "</p>");
    assert!(
        beto.contains("valorado desde el jugador equivocado, 12 nodos; primer nodo que se aparta: X 3 2, O 2 3 (línea 3), α = -∞, β = +∞: minimax valora este final de partida con -1 para MAX"),
        "{beto}"
    );
    // The note on the search part lost, above the results, in Spanish as well.
    assert!(
        pages["carla"].contains("<p class=\"note\">búsqueda, position.txt: ninguna búsqueda conocida, 10 nodos; primer nodo que se aparta: X 2 3, O 3 3 (línea 14)"),
        "{}",
        pages["carla"]
    );
    // The departing node, its caption and the figure's own words in Spanish too.
    let carla = piece(&pages["carla"], "<section", "</section>");
    assert!(
        !carla.contains("first departure") && !carla.contains("your search"),
        "{carla}"
    );
    insta::assert_snapshot!("search-feedback-es", carla);
}

#[test]
fn a_portuguese_speaking_student_reads_the_search_verdict_in_portuguese() {
    let pages = traced_feedback("pt");
    let ana = piece(&pages["ana"], "<p class=\"search\">", "</p>");
    assert_eq!(
        ana,
        "<p class=\"search\">Busca: alfa-beta (cortes ≥, fail-soft) correto, 9 nós</p>"
    );
    let carla = piece(&pages["carla"], "<section", "</section>");
    assert!(carla.contains("primeiro nó que se afasta: "), "{carla}");
    insta::assert_snapshot!("search-feedback-pt", carla);
}

#[test]
fn move_ordering_is_judged_with_the_students_own_scoring_of_a_win() {
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_err()
    {
        return crate::skip(&["python3"], "python3 is not installed");
    }
    // nora and omar score a win 10 − depth; nora orders best first, omar keeps board order.
    let args = [
        "grade",
        "--submissions",
        "tests/search/scored",
        "--run",
        "python3 main.py",
        "--course",
        "tests/search/ordered.toml",
        "--format",
        "json",
        "fixtures/estado2.txt",
        "fixtures/ejemplo.txt",
        "tests/search/ordering-by-depth.txt",
    ];
    let (status, stdout, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let found = searches(&report);
    let names: Vec<&str> = found.iter().map(|(name, _, _)| name.as_str()).collect();
    assert_eq!(names, ["nora", "omar"]);
    let ab = "alpha-beta (≥ cut-offs, fail-soft)";
    assert_eq!(found[0].1, vec![format!("{ab}, ordered"); 3]);
    assert_eq!(found[0].2, 6.0);
    // On the last position, counted with ±1 ordering could not help (alpha-beta enters 20
    // nodes in board order and best first alike) and omar's board order passed; counted
    // with his own scoring, best first enters 16.
    assert_eq!(found[1].1, vec![format!("{ab}, not ordered"); 3]);
    assert_eq!(found[1].2, 0.0);
    let verdict = |student: usize, position: usize| {
        report["students"][student]["results"][position]["search"]["verdict"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        verdict(1, 2),
        format!("{ab} correct but not ordered: 20 nodes where alpha-beta in board order visits 20 and best first 16; counted with your scoring, ±(10 − depth)")
    );
    assert_eq!(
        verdict(0, 1),
        format!("{ab} correct, ordered: 15 nodes where alpha-beta in board order visits 32; counted with your scoring, ±(10 − depth)")
    );
}

#[test]
fn an_order_scored_in_a_way_the_grader_does_not_know_is_not_judged_and_said_so() {
    // The slides' alpha-beta on XOX/OO-/X--, each of O's wins two plies down written as -7:
    // neither ±1, nor 10 − depth, nor the empty squares + 1.
    let trace = "minimax-trace 1\nenter\n\
                 enter X 3 2\nenter O 2 3\nleave -7\nenter O 3 3\nenter X 2 3\nleave 0\nleave 0\nleave -7\n\
                 enter X 2 3\nenter O 3 2\nleave -7\nleave -7\n\
                 enter X 3 3\nenter O 3 2\nleave -7\nleave -7\nleave -7\n";
    let dir = tempfile::tempdir().unwrap();
    let zoe = dir.path().join("zoe");
    std::fs::create_dir(&zoe).unwrap();
    std::fs::write(zoe.join("trace.txt"), trace).unwrap();
    std::fs::write(zoe.join("main.sh"), "cat trace.txt >&2; echo X 3 2\n").unwrap();
    let position = dir.path().join("position.txt");
    std::fs::write(&position, "XOX/OO-/X--\n").unwrap();
    let args = [
        "grade",
        "--student",
        zoe.to_str().unwrap(),
        "--run",
        "sh main.sh",
        "--course",
        "tests/search/ordered.toml",
        "--format",
        "json",
        position.to_str().unwrap(),
    ];
    let (status, stdout, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let search = &report["students"][0]["results"][0]["search"];
    assert_eq!(search["group"], "alpha-beta (≥ cut-offs, fail-soft)");
    assert_eq!(search["correct"], true);
    assert_eq!(
        search["verdict"],
        "alpha-beta (≥ cut-offs, fail-soft) correct, 9 nodes; order not judged: no scoring the grader knows gives your finished games the values written (±1, ±(10 − depth), ±(empty squares + 1), ±(100 − depth), ±(1000 − depth), ±10, ±100, ±1000)"
    );
}
