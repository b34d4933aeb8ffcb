//! `minimax similar`: a class with known copies under each disguise, independent solutions of
//! the same starter, and two students who hand in only the starter (tests/similar/, made by
//! tests/similar/make-class.py).

use crate::run;
use serde_json::Value;
use std::path::Path;

const CLASS: &str = "tests/similar/class";
const STARTER: &str = "tests/similar/starter";

/// The copies: each disguised copy of alba's with her and with each other (bruno renamed
/// identifiers and rewrote comments, whitespace and literals; carmen reordered methods and
/// statements; dario rewrote for loops as while loops and negated branches; elisa padded it
/// with dead code and debug prints), and fausto, who spliced alba's value functions into
/// gloria's decision, with each of his two sources. (Fausto beside alba's disguised copies
/// is a copy of a copy, in part: neither a copy nor independent, and not ranked here.)
fn copied(a: &str, b: &str) -> bool {
    const ALBA: [&str; 5] = ["alba", "bruno", "carmen", "dario", "elisa"];
    let pair = |x: &str, y: &str| (a == x && b == y) || (a == y && b == x);
    (ALBA.contains(&a) && ALBA.contains(&b)) || pair("fausto", "alba") || pair("fausto", "gloria")
}

/// Students whose code shares no origin but the starter: gloria, hector and irene solved it
/// on their own; julia and kevin handed in only the starter.
fn independent(a: &str, b: &str) -> bool {
    fn origin(s: &str) -> &str {
        match s {
            "alba" | "bruno" | "carmen" | "dario" | "elisa" => "alba",
            other => other,
        }
    }
    let fausto_source = |s: &str| matches!(origin(s), "alba" | "fausto" | "gloria");
    origin(a) != origin(b) && !(fausto_source(a) && fausto_source(b))
}

fn similar(args: &[&str]) -> Value {
    let mut all = vec!["similar", "--submissions", CLASS, "--format", "json"];
    all.extend(args);
    let (code, stdout, stderr) = run(&all, b"");
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("the report is JSON")
}

fn score(report: &Value, a: &str, b: &str) -> Option<f64> {
    report["pairs"].as_array()?.iter().find_map(|pair| {
        let students = [pair["students"][0].as_str()?, pair["students"][1].as_str()?];
        (students == [a, b] || students == [b, a]).then(|| pair["similarity"].as_f64())?
    })
}

const STUDENTS: [&str; 11] = [
    "alba", "bruno", "carmen", "dario", "elisa", "fausto", "gloria", "hector", "irene", "julia", "kevin",
];

#[test]
fn every_disguised_copy_ranks_above_every_independent_pair() {
    let report = similar(&["--base", STARTER, "--threshold", "0"]);
    let mut copies = Vec::new();
    let mut apart = Vec::new();
    for (i, a) in STUDENTS.iter().enumerate() {
        for b in &STUDENTS[i + 1..] {
            let value = score(&report, a, b).unwrap_or(0.0);
            if copied(a, b) {
                copies.push((value, *a, *b));
            } else if independent(a, b) {
                apart.push((value, *a, *b));
            }
        }
    }
    let weakest_copy = copies
        .iter()
        .cloned()
        .fold((f64::MAX, "", ""), |x, y| if y.0 < x.0 { y } else { x });
    let closest_independent = apart
        .iter()
        .cloned()
        .fold((f64::MIN, "", ""), |x, y| if y.0 > x.0 { y } else { x });
    assert!(
        weakest_copy.0 > closest_independent.0,
        "the copy {weakest_copy:?} ranks at or below the independent pair {closest_independent:?}"
    );
}

#[test]
fn students_who_share_only_the_starter_are_not_flagged() {
    let report = similar(&["--base", STARTER]);
    assert_eq!(score(&report, "julia", "kevin"), None, "{report:#}");
    let clusters = report["clusters"].to_string();
    assert!(
        !clusters.contains("julia") && !clusters.contains("kevin"),
        "{clusters}"
    );
}

#[test]
fn without_the_starter_the_starter_only_pair_looks_copied() {
    let report = similar(&[]);
    assert!(
        score(&report, "julia", "kevin").is_some_and(|s| s >= 0.5),
        "{report:#}"
    );
}

#[test]
fn the_copies_form_one_cluster_with_the_source_spliced_in() {
    let report = similar(&["--base", STARTER]);
    let clusters: Vec<Vec<String>> = serde_json::from_value(report["clusters"].clone()).unwrap();
    assert_eq!(
        clusters,
        vec![vec![
            "alba", "bruno", "carmen", "dario", "elisa", "fausto", "gloria"
        ]],
        "{report:#}"
    );
    // The fragments point at the copied method in both files.
    assert!(
        score(&report, "alba", "fausto").is_some(),
        "the splice is reported with both its sources"
    );
    let pair = &report["pairs"][0];
    let fragment = &pair["fragments"][0];
    assert_eq!(fragment["a"]["file"], "Minimax/src/Minimax.java");
    assert!(
        fragment["a"]["lines"][0].as_u64().unwrap() > 90,
        "the starter's lines do not count: {pair:#}"
    );
}

/// A class of three (a copy, its source, an independent solution) in a folder of its own.
fn small_class() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for student in ["alba", "dario", "hector"] {
        let to = dir.path().join(student).join("Minimax/src");
        std::fs::create_dir_all(&to).unwrap();
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(CLASS)
                .join(student)
                .join("Minimax/src/Minimax.java"),
            to.join("Minimax.java"),
        )
        .unwrap();
    }
    dir
}

#[test]
fn each_format_reports_the_same_pairs() {
    let class = small_class();
    let path = class.path().to_str().unwrap();
    for format in ["text", "json", "csv", "html"] {
        let (code, stdout, stderr) = run(
            &[
                "similar",
                "--submissions",
                path,
                "--base",
                STARTER,
                "--format",
                format,
            ],
            b"",
        );
        assert_eq!(code, 0, "{stderr}");
        insta::assert_snapshot!(format!("similar-{format}"), stdout);
    }
}

#[test]
fn a_threshold_outside_zero_to_one_is_refused() {
    let (code, _, stderr) = run(&["similar", "--submissions", CLASS, "--threshold", "1.5"], b"");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("--threshold must be a number from 0 to 1"),
        "{stderr}"
    );
}

#[test]
fn a_missing_starter_is_the_graders_error_with_what_to_do() {
    let (code, _, stderr) = run(
        &["similar", "--submissions", CLASS, "--base", "no/such/starter"],
        b"",
    );
    assert_eq!(code, 2);
    assert!(
        stderr.contains("--base no/such/starter: no such folder or file"),
        "{stderr}"
    );
}

#[test]
fn garbage_and_oversized_sources_are_passed_over_without_failing_the_class() {
    let class = small_class();
    let hostile = class.path().join("zoe");
    std::fs::create_dir_all(&hostile).unwrap();
    let garbage: Vec<u8> = (0..200_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(hostile.join("Minimax.java"), &garbage).unwrap();
    std::fs::write(hostile.join("deep.py"), "(".repeat(100_000)).unwrap();
    std::fs::write(hostile.join("huge.c"), vec![b'x'; 2 << 20]).unwrap();
    let (code, stdout, stderr) = run(
        &[
            "similar",
            "--submissions",
            class.path().to_str().unwrap(),
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("zoe: huge.c: over 1 MiB, not compared"),
        "{stderr}"
    );
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert!(score(&report, "alba", "dario").is_some(), "{report:#}");
}

#[test]
fn grade_similar_lists_each_students_alike_classmates_but_never_in_their_feedback() {
    let feedback = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = run(
        &[
            "grade",
            "--submissions",
            CLASS,
            "--run",
            "echo X 2 3",
            "fixtures/estado1.txt",
            "--similar",
            "--base",
            STARTER,
            "--format",
            "json",
            "--feedback-dir",
            feedback.path().to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 0, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let student = |name: &str| {
        report["students"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["student"] == name)
            .cloned()
            .unwrap()
    };
    let alba: Vec<String> = student("alba")["similar"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["student"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(alba[..2], ["bruno", "elisa"], "{alba:?}");
    assert!(
        alba.contains(&"fausto".to_string()) && !alba.contains(&"hector".to_string()),
        "{alba:?}"
    );
    assert!(
        student("hector").get("similar").is_none(),
        "nobody is like hector"
    );
    let folders: Vec<_> = std::fs::read_dir(feedback.path()).unwrap().collect();
    assert_eq!(folders.len(), STUDENTS.len());
    for entry in folders {
        let folder = entry.unwrap().path();
        for file in std::fs::read_dir(&folder).unwrap() {
            let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
            let own = folder.file_name().unwrap().to_string_lossy().to_string();
            for other in STUDENTS.iter().filter(|s| !own.contains(*s)) {
                assert!(!text.contains(other), "{own}'s feedback names {other}");
            }
        }
    }
}

#[test]
fn grade_reads_the_starter_before_grading_anyone() {
    let (code, stdout, stderr) = run(
        &[
            "grade",
            "--submissions",
            CLASS,
            "--run",
            "echo X 2 3",
            "fixtures/estado1.txt",
            "--similar",
            "--base",
            "no/such/starter",
        ],
        b"",
    );
    assert_eq!(code, 2, "{stdout}");
    assert!(
        stderr.contains("--base no/such/starter: no such folder or file") && !stderr.contains("graded"),
        "{stderr}"
    );
}
