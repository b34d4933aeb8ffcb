//! `minimax check`: answer sheets judged, in every report format.

use crate::run;
use serde_json::Value;

const SHEET: &str = "fixtures/answers/answers.csv";

#[test]
fn every_report_format_of_the_answer_sheet_matches_its_snapshot() {
    for format in ["table", "json", "csv", "junit"] {
        let (status, stdout, stderr) = run(&["check", "--format", format, SHEET], b"");
        assert_eq!((status, stderr.as_str()), (0, ""), "{format}");
        insta::assert_snapshot!(format!("check-{format}"), stdout);
    }
    let (status, stdout, _) = run(
        &[
            "check",
            "--format",
            "gradescope",
            "fixtures/answers/one-student.csv",
        ],
        b"",
    );
    assert_eq!(status, 0);
    insta::assert_snapshot!("check-gradescope", stdout);
}

#[test]
fn the_sheet_exercises_every_verdict_a_sheet_can_have() {
    let (_, stdout, _) = run(&["check", "--format", "json", SHEET], b"");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let mut verdicts: Vec<&str> = json["students"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| {
            s["results"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["verdict"].as_str().unwrap())
        })
        .collect();
    verdicts.sort();
    verdicts.dedup();
    assert_eq!(verdicts, ["illegal", "optimal", "suboptimal", "unparseable"]);
}

#[test]
fn any_optimal_move_scores_not_only_the_solvers_choice() {
    let (_, stdout, _) = run(&["check", "--format", "json", SHEET], b"");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let ana = &json["students"][0];
    assert_eq!(
        (
            ana["student"].as_str(),
            ana["score"].as_u64(),
            ana["max_score"].as_u64()
        ),
        (Some("ana"), Some(4), Some(4))
    );
    let ejemplo = &ana["results"][3];
    assert_eq!(ejemplo["answer"], "X 1 2");
    assert_eq!(ejemplo["optimal"], serde_json::json!(["X 3 1", "X 1 2"]));
    assert!(
        ejemplo["detail"].as_str().unwrap().contains("X 3 1 wins sooner"),
        "{ejemplo}"
    );
}

#[test]
fn fail_under_exits_1_when_a_student_scores_below() {
    let (status, _, stderr) = run(&["check", "--fail-under", "2", SHEET], b"");
    assert_eq!(status, 1, "{stderr}");
    assert!(stderr.contains("2 student(s) scored below 2"), "{stderr}");
    assert_eq!(run(&["check", "--fail-under", "0", SHEET], b"").0, 0);
}

#[test]
fn row_col_order_reads_answers_the_other_way_round() {
    let (_, stdout, _) = run(&["check", "--coords", "row-col", "--format", "csv", SHEET], b"");
    // beto's `X 2 1` on ejemplo is X in row 2, column 1 when read row first: optimal.
    assert!(stdout.contains("beto,ejemplo.txt,optimal,X 2 1,"), "{stdout}");
}

#[test]
fn out_writes_the_report_to_a_file_and_summarises_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report.json");
    let (status, stdout, stderr) = run(
        &["check", "--format", "json", "--out", out.to_str().unwrap(), SHEET],
        b"",
    );
    assert_eq!((status, stdout.as_str()), (0, ""));
    assert!(
        stderr.contains("report written to") && stderr.contains("ana 4/4"),
        "{stderr}"
    );
    let json: Value = serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap();
    assert_eq!(json["students"].as_array().map(Vec::len), Some(4));
}

#[test]
fn every_bad_row_of_a_sheet_is_reported_with_its_line() {
    let (status, stdout, stderr) = run(&["check", "fixtures/answers/broken.csv"], b"");
    assert_eq!((status, stdout.as_str()), (2, ""));
    insta::assert_snapshot!("check-broken-sheet", stderr);
}

#[test]
fn a_sheet_without_the_needed_columns_is_refused() {
    let (status, _, stderr) = run(&["check", "fixtures/answers/bad-header.csv"], b"");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("must name the columns student, position and answer"),
        "{stderr}"
    );
}

/// Writes `text` as `name` in `dir` and checks it: status, stdout, stderr.
fn check_written(dir: &std::path::Path, name: &str, text: &str) -> (i32, String, String) {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    run(&["check", &path.display().to_string()], b"")
}

#[test]
fn every_bad_line_of_an_answer_sheet_is_said_with_its_line_in_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let (status, stdout, stderr) = check_written(
        dir.path(),
        "answers.csv",
        "student,position,answer\n\
         ana,XX-/-00/---,X 3 1\n\
         ,XX-/-00/---,X 3 1\n\
         ana,XX-/-00/---,X 3 1\n\
         beto,nope.txt,X 1 1\n",
    );
    let sheet = dir.path().join("answers.csv").display().to_string();
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        format!(
            "minimax: {sheet}, line 3: the student and position columns must not be empty\n\
             minimax: {sheet}, line 4: ana answers XX-/-00/--- a second time (first on line 2); keep one answer per student and position\n\
             minimax: {sheet}, line 5: position `nope.txt`: no such file next to the sheet, and not a board such as `XX-/-00/---`\n"
        )
    );
    let (status, _, stderr) = check_written(dir.path(), "header.csv", "student,answer\n");
    let sheet = dir.path().join("header.csv").display().to_string();
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        format!(
            "minimax: {sheet}: the header row must name the columns student, position and answer; it is `student,answer`\n"
        )
    );
}

#[test]
fn a_tree_sheet_without_a_field_to_grade_or_with_a_bad_tree_is_refused_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let (status, _, stderr) = check_written(dir.path(), "fields.csv", "student,tree\nana,t.json\n");
    let sheet = dir.path().join("fields.csv").display().to_string();
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        format!("minimax: {sheet}: a tree sheet asks for at least one of value, move, pruned and visited\n")
    );
    let (status, _, stderr) = check_written(dir.path(), "trees.csv", "student,tree,value\nbeto,[1,\n");
    let sheet = dir.path().join("trees.csv").display().to_string();
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        format!(
            "minimax: {sheet}, line 2: tree `[1`: not a tree minimax reads (not valid JSON: EOF while parsing a list)\n"
        )
    );
}

#[test]
fn a_missing_sheet_is_named() {
    let (status, _, stderr) = run(&["check", "fixtures/answers/nope.csv"], b"");
    assert_eq!(status, 2);
    assert!(
        stderr.starts_with("minimax: fixtures/answers/nope.csv: cannot read"),
        "{stderr}"
    );
}
