//! `grade --sample N --per-student` and `minimax sample`: hidden positions of each student's
//! own, stable, equally hard, recoverable, and the course's secret in no output.

use crate::minimax;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

const SECRET: &str = "a-course-secret-nobody-may-read-2026";

/// A class folder holding these students (each a copy of the sample class's `ana`).
fn class_of(students: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for student in students {
        let folder = dir.path().join(student);
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(folder.join("main.sh"), "echo X 1 1\n").unwrap();
    }
    dir
}

/// `minimax ARGS` with the secret in the environment (or not): status, stdout, stderr.
fn run_with_secret(args: &[&str], secret: Option<&str>) -> (i32, String, String) {
    let mut command = minimax();
    command.args(args).env_remove("MINIMAX_COURSE_SECRET");
    if let Some(secret) = secret {
        command.env("MINIMAX_COURSE_SECRET", secret);
    }
    let output = command.output().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Each student's hidden positions in a per-student grading of `class` (JSON report).
fn sets(class: &Path, extra: &[&str]) -> BTreeMap<String, Vec<String>> {
    let class = class.to_str().unwrap();
    let mut args = vec![
        "grade",
        "--submissions",
        class,
        "--run",
        "sh main.sh",
        "--sample",
        "5",
        "--per-student",
        "--format",
        "json",
    ];
    args.extend(extra);
    let (status, stdout, stderr) = run_with_secret(&args, Some(SECRET));
    assert_eq!(status, 0, "{stderr}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    json["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|student| {
            let positions = student["results"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["position"].as_str().unwrap().to_string())
                .collect();
            (student["student"].as_str().unwrap().to_string(), positions)
        })
        .collect()
}

#[test]
fn a_student_keeps_their_positions_whatever_the_class_and_its_order() {
    let small = class_of(&["ana", "beto"]);
    let big = class_of(&["zoe", "beto", "carla", "ana"]);
    let first = sets(small.path(), &["--jobs", "1"]);
    let second = sets(big.path(), &["--jobs", "2"]);
    assert_eq!(first["ana"].len(), 5);
    assert_eq!(first["ana"], second["ana"]);
    assert_eq!(first["beto"], second["beto"]);
    assert_ne!(first["ana"], first["beto"], "two students, two sets");
}

#[test]
fn the_instructor_draws_a_students_set_again_with_its_strata() {
    let class = class_of(&["ana", "beto"]);
    let graded = sets(class.path(), &[]);
    let (status, stdout, stderr) = run_with_secret(
        &["sample", "--student", "ana", "--sample", "5", "--format", "json"],
        Some(SECRET),
    );
    assert_eq!(status, 0, "{stderr}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let listed = json["positions"].as_array().unwrap();
    let names: Vec<&str> = listed.iter().map(|p| p["position"].as_str().unwrap()).collect();
    assert_eq!(names, graded["ana"]);
    // Equally hard: another student's set has the same count per stratum.
    let strata = |id: &str| {
        let (_, stdout, _) = run_with_secret(
            &["sample", "--student", id, "--sample", "5", "--format", "json"],
            Some(SECRET),
        );
        let json: Value = serde_json::from_str(&stdout).unwrap();
        let mut counted: BTreeMap<String, usize> = BTreeMap::new();
        for p in json["positions"].as_array().unwrap() {
            *counted
                .entry(p["stratum"].as_str().unwrap().to_string())
                .or_default() += 1;
        }
        counted
    };
    assert_eq!(strata("ana"), strata("beto"));
}

/// The strata of `id`'s set as `minimax sample` lists them, with `board` (size and k).
fn strata_of(id: &str, count: &str, board: &[&str]) -> (Vec<String>, BTreeMap<String, usize>) {
    let mut args = vec!["sample", "--student", id, "--sample", count, "--format", "json"];
    args.extend(board);
    let (status, stdout, stderr) = run_with_secret(&args, Some(SECRET));
    assert_eq!(status, 0, "{stderr}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let mut names = Vec::new();
    let mut counted: BTreeMap<String, usize> = BTreeMap::new();
    for p in json["positions"].as_array().unwrap() {
        names.push(p["position"].as_str().unwrap().to_string());
        *counted
            .entry(p["stratum"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    (names, counted)
}

#[test]
fn on_a_4x4_board_with_k_3_each_student_gets_a_set_of_their_own_equally_hard_and_recoverable() {
    let class = class_of(&["ana", "beto"]);
    let board = ["--size", "4x4", "--k", "3"];
    let graded = sets(class.path(), &board);
    assert_eq!(graded["ana"].len(), 5);
    for name in &graded["ana"] {
        assert_eq!(name.split('/').count(), 4, "a 4x4 board: {name}");
    }
    assert_ne!(graded["ana"], graded["beto"]);
    let (ana, ana_strata) = strata_of("ana", "5", &board);
    let (beto, beto_strata) = strata_of("beto", "5", &board);
    assert_eq!(ana, graded["ana"], "the instructor draws the graded set again");
    assert_eq!(beto, graded["beto"]);
    assert_eq!(ana_strata, beto_strata, "equally hard");
    // Another k is another pool: the 3-in-a-row sets are not the 4-in-a-row ones.
    let (four, _) = strata_of("ana", "5", &["--size", "4x4", "--k", "4"]);
    assert_ne!(four, ana);
}

#[test]
fn a_set_bigger_than_the_pool_can_give_apart_is_refused_with_the_board() {
    let (status, stdout, stderr) = run_with_secret(
        &[
            "sample",
            "--student",
            "ana",
            "--sample",
            "500",
            "--size",
            "5x5",
            "--k",
            "4",
        ],
        Some(SECRET),
    );
    assert_eq!(status, 2, "{stderr}");
    assert_eq!(stdout, "");
    assert!(
        stderr.contains("500 positions per student is more than"),
        "{stderr}"
    );
    assert!(stderr.contains("5x5, k 4 board"), "{stderr}");
}

#[test]
fn without_the_secret_nobody_is_graded_and_the_grader_is_told_what_to_do() {
    let class = class_of(&["ana"]);
    let args = [
        "grade",
        "--submissions",
        class.path().to_str().unwrap(),
        "--run",
        "sh main.sh",
        "--sample",
        "3",
        "--per-student",
    ];
    let (status, stdout, stderr) = run_with_secret(&args, None);
    assert_eq!(status, 2);
    assert_eq!(stdout, "", "no column of zeros");
    assert!(stderr.contains("set MINIMAX_COURSE_SECRET"), "{stderr}");
}

#[test]
fn the_secret_is_in_no_report_of_any_format() {
    let class = class_of(&["ana", "beto"]);
    let course = class.path().join("..").join(format!(
        "course-{}.toml",
        class.path().file_name().unwrap().to_string_lossy()
    ));
    std::fs::write(
        &course,
        format!("[sample]\nper_student = true\nsecret = \"{SECRET}\"\n"),
    )
    .unwrap();
    for format in ["table", "json", "csv", "junit", "html"] {
        let args = [
            "grade",
            "--submissions",
            class.path().to_str().unwrap(),
            "--run",
            "sh main.sh",
            "--sample",
            "3",
            "--course",
            course.to_str().unwrap(),
            "--format",
            format,
        ];
        let (status, stdout, stderr) = run_with_secret(&args, None);
        assert_eq!(status, 0, "{format}: {stderr}");
        assert!(!stdout.contains(SECRET) && !stderr.contains(SECRET), "{format}");
        assert!(!stdout.is_empty(), "{format}");
    }
    std::fs::remove_file(course).unwrap();
}

/// One student's feedback page (`--feedback-dir`) and Gradescope output, graded on a visible
/// position and 3 hidden ones, in `lang`, with `course` (TOML) as the course file.
fn feedback(lang: &str, course: &str) -> (String, Value) {
    let dir = tempfile::tempdir().unwrap();
    let course_file = dir.path().join("course.toml");
    std::fs::write(&course_file, course).unwrap();
    let feedback = dir.path().join("feedback");
    let base = [
        "grade",
        "--student",
        "tests/class/ana",
        "--run",
        "echo X 1 1",
        "fixtures/estado1.txt",
        "--sample",
        "3",
        "--seed",
        "4",
        "--lang",
        lang,
        "--course",
        course_file.to_str().unwrap(),
    ];
    let mut args = base.to_vec();
    args.extend(["--feedback-dir", feedback.to_str().unwrap()]);
    let (status, _, stderr) = run_with_secret(&args, None);
    assert_eq!(status, 0, "{stderr}");
    let page = std::fs::read_dir(&feedback)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let page = std::fs::read_dir(page).unwrap().next().unwrap().unwrap().path();
    let page = std::fs::read_to_string(page).unwrap();
    let mut args = base.to_vec();
    args.extend(["--format", "gradescope"]);
    let (status, stdout, stderr) = run_with_secret(&args, None);
    assert_eq!(status, 0, "{stderr}");
    (page, serde_json::from_str(&stdout).unwrap())
}

#[test]
fn feedback_counts_hidden_positions_in_each_language_and_never_says_all_passed() {
    let said = [
        ("en", "0 of 1 shown positions optimal; 3 hidden positions graded after the deadline."),
        ("es", "0 de 1 posiciones mostradas respondidas de forma óptima; 3 posiciones ocultas se califican después de la fecha límite."),
        ("pt", "0 de 1 posições mostradas respondidas de forma ótima; 3 posições ocultas avaliadas após o prazo."),
    ];
    for (lang, words) in said {
        let (page, results) = feedback(lang, "");
        assert!(page.contains(words), "{lang}: {page}");
        // Only the visible position is drawn: a hidden board would reach the class.
        assert_eq!(
            page.matches("<table class=\"board\"").count(),
            1,
            "{lang}: {page}"
        );
        assert_eq!(results["output"], words, "{lang}");
        let tests = results["tests"].as_array().unwrap();
        assert_eq!(
            tests
                .iter()
                .filter(|t| t["visibility"] == "after_due_date")
                .count(),
            3
        );
    }
}

#[test]
fn released_hidden_positions_are_drawn_in_the_feedback() {
    let (page, results) = feedback("en", "[sample]\nrelease = \"after-deadline\"\n");
    assert_eq!(page.matches("<table class=\"board\"").count(), 4, "{page}");
    assert_eq!(results["output"], "2 of 4 positions answered optimally.");
}

#[test]
fn the_instructors_class_page_draws_the_hidden_boards_the_students_feedback_withholds() {
    let (feedback_page, _) = feedback("en", "");
    assert_eq!(feedback_page.matches("<table class=\"board\"").count(), 1);
    let dir = tempfile::tempdir().unwrap();
    let course_file = dir.path().join("course.toml");
    std::fs::write(&course_file, "").unwrap();
    let (status, class_page, stderr) = run_with_secret(
        &[
            "grade",
            "--student",
            "tests/class/ana",
            "--run",
            "echo X 1 1",
            "fixtures/estado1.txt",
            "--sample",
            "3",
            "--seed",
            "4",
            "--lang",
            "en",
            "--course",
            course_file.to_str().unwrap(),
            "--format",
            "html",
        ],
        None,
    );
    assert_eq!(status, 0, "{stderr}");
    // The same grading: the instructor sees the visible board and the 3 hidden ones.
    assert_eq!(
        class_page.matches("<table class=\"board\"").count(),
        4,
        "{class_page}"
    );
    assert!(
        !class_page.contains("hidden positions graded after the deadline"),
        "the instructor is not told what is withheld as if they were the student"
    );
}

#[test]
fn the_table_gives_each_student_one_column_of_their_own_positions_not_one_per_position() {
    let class = class_of(&["ana", "beto", "carla"]);
    let (status, table, stderr) = run_with_secret(
        &[
            "grade",
            "--submissions",
            class.path().to_str().unwrap(),
            "--run",
            "sh main.sh",
            "fixtures/estado1.txt",
            "--sample",
            "4",
            "--per-student",
        ],
        Some(SECRET),
    );
    assert_eq!(status, 0, "{stderr}");
    let header = table.lines().find(|line| line.starts_with("student")).unwrap();
    let columns: Vec<&str> = header.split_whitespace().collect();
    assert_eq!(columns, ["student", "estado1.txt", "own", "score"], "{table}");
    for student in ["ana", "beto", "carla"] {
        let (own, _) = strata_of(student, "4", &[]);
        let row = table.lines().find(|line| line.starts_with(student)).unwrap();
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells.len(), 4, "{row}");
        assert_eq!(cells[2].chars().count(), 4, "four marks of their own: {row}");
        // The table is the instructor's; no hidden position is given a column of its own.
        for position in &own {
            assert!(!header.contains(position.as_str()), "{header}");
        }
    }
    assert!(
        table.contains("+ optimal  - suboptimal"),
        "the marks' legend: {table}"
    );
}
