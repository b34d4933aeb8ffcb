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
    // Under 1 MiB, but 60,000 statements: more nodes than any hand writes.
    let padded = format!("class P {{ void f() {{\n{}}} }}\n", "a = b + c;\n".repeat(60_000));
    std::fs::write(hostile.join("Padded.java"), padded).unwrap();
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
    assert!(
        stderr.contains("zoe: Padded.java: past the 200000 syntax-tree nodes compared per student"),
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
    // Her four disguised copies first, then the student who spliced her functions in.
    let mut first: Vec<&str> = alba[..4].iter().map(String::as_str).collect();
    first.sort_unstable();
    assert_eq!(first, ["bruno", "carmen", "dario", "elisa"], "{alba:?}");
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

/// A class's labelled pairs (`a,b,label` or `task,a,b,label` rows of a LABELS.csv written by
/// the hand that wrote the class), the task's rows only where `task` is given.
fn labels(file: &str, task: Option<&str>) -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let cells: Vec<&str> = line.trim().split(',').collect();
            let cells = match task {
                Some(task) if cells.first() == Some(&task) => &cells[1..],
                Some(_) => return None,
                None => &cells[..],
            };
            Some((cells[0].to_string(), cells[1].to_string(), cells[2].to_string()))
        })
        .collect()
}

/// Every pair's score in a class compared at threshold 0 (unlisted pairs score 0).
fn scores(folder: &str, base: Option<&str>) -> Value {
    let mut args = vec![
        "similar",
        "--submissions",
        folder,
        "--format",
        "json",
        "--threshold",
        "0",
    ];
    if let Some(base) = base {
        args.extend(["--base", base]);
    }
    let (code, stdout, stderr) = run(&args, b"");
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

/// The weakest copy and the closest independent pair, each with its score.
fn weakest_and_closest(
    report: &Value,
    labels: &[(String, String, String)],
) -> ((f64, String), (f64, String)) {
    let mut weakest = (f64::MAX, String::new());
    let mut closest = (f64::MIN, String::new());
    for (a, b, label) in labels {
        let s = score(report, a, b).unwrap_or(0.0);
        let name = format!("{a} ~ {b} ({label})");
        if label.starts_with("copy") && s < weakest.0 {
            weakest = (s, name);
        } else if label == "independent" && s > closest.0 {
            closest = (s, name);
        }
    }
    (weakest, closest)
}

#[test]
fn short_programs_copied_at_each_level_rank_above_every_independent_solution_of_their_task() {
    // Three short tasks (a receipt that only prints, grades read and averaged, primes in a
    // loop), each an original, a copy at each of Faidhi and Robinson's levels L1-L6 and six
    // independent solutions, written by a hand that never saw this tool (tests/similar/short).
    for task in ["task1", "task2", "task3"] {
        let report = scores(&format!("tests/similar/short/{task}"), None);
        let labels = labels("tests/similar/short/LABELS.csv", Some(task));
        assert_eq!(labels.len(), 12);
        let (weakest, closest) = weakest_and_closest(&report, &labels);
        assert!(
            weakest.0 > closest.0,
            "{task}: copy {weakest:?} at or below {closest:?}"
        );
    }
}

#[test]
fn a_program_that_only_prints_is_compared_like_any_other() {
    let report = scores("tests/similar/short/task1", None);
    let copy = score(&report, "original", "copy-L1").unwrap_or(0.0);
    assert!(
        copy > 0.9,
        "a copy that changed only comments and layout scores {copy}"
    );
    let apart = score(&report, "original", "independent-01").unwrap_or(0.0);
    assert!(apart < 0.5, "an independent receipt scores {apart}");
}

#[test]
fn copies_that_keep_the_starter_rank_above_every_independent_pair_with_the_starter_given() {
    // Every student's gato.py is the Python starter plus a search of their own; olga's search
    // copied four times under disguises, one of them inside a rewritten starter
    // (tests/similar/starter-py).
    let report = scores(
        "tests/similar/starter-py/class",
        Some("tests/similar/starter-py/starter"),
    );
    let labels = labels("tests/similar/starter-py/LABELS.csv", None);
    let (weakest, closest) = weakest_and_closest(&report, &labels);
    assert!(weakest.0 > closest.0, "copy {weakest:?} at or below {closest:?}");
    let starter_only = score(&report, "tomas", "ursula").unwrap_or(0.0);
    assert!(
        starter_only < 0.1,
        "two students who handed in the starter score {starter_only}"
    );
}

#[test]
fn every_disguised_copy_is_listed_at_the_default_threshold() {
    let classes = [
        (
            "tests/similar/starter-py/class",
            Some("tests/similar/starter-py/starter"),
            "tests/similar/starter-py/LABELS.csv",
            None,
        ),
        (
            "tests/similar/short/task1",
            None,
            "tests/similar/short/LABELS.csv",
            Some("task1"),
        ),
        (
            "tests/similar/short/task2",
            None,
            "tests/similar/short/LABELS.csv",
            Some("task2"),
        ),
        (
            "tests/similar/short/task3",
            None,
            "tests/similar/short/LABELS.csv",
            Some("task3"),
        ),
    ];
    for (folder, base, file, task) in classes {
        let mut args = vec!["similar", "--submissions", folder, "--format", "json"];
        if let Some(base) = base {
            args.extend(["--base", base]);
        }
        let (code, stdout, stderr) = run(&args, b"");
        assert_eq!(code, 0, "{stderr}");
        let report: Value = serde_json::from_str(&stdout).unwrap();
        for (a, b, label) in labels(file, task).iter().filter(|l| l.2.starts_with("copy")) {
            assert!(
                score(&report, a, b).is_some(),
                "{folder}: {a} ~ {b} ({label}) not listed"
            );
        }
    }
    let report = similar(&["--base", STARTER]);
    for (i, a) in STUDENTS.iter().enumerate() {
        for b in &STUDENTS[i + 1..] {
            if copied(a, b) {
                assert!(score(&report, a, b).is_some(), "{a} ~ {b} not listed: {report:#}");
            }
        }
    }
}

#[test]
fn a_copy_split_into_two_files_is_one_student_and_the_fragments_name_both_files() {
    let dir = tempfile::tempdir().unwrap();
    let original = include_str!("../similar/short/task2/copy-L4/Curso.java");
    let write = |student: &str, file: &str, text: &str| {
        let folder = dir.path().join(student);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join(file), text).unwrap();
    };
    write("ana", "Curso.java", original);
    // The same program, its main method moved into a class of its own in a second file.
    let cut = original
        .find("    public static void main")
        .expect("a main method");
    let (head, tail) = original.split_at(cut);
    write("beto", "Curso.java", &format!("{head}}}\n"));
    write("beto", "Principal.java", &format!("class Principal {{\n{tail}"));
    write(
        "carla",
        "Hola.java",
        "class Hola { public static void main(String[] a) { System.out.println(\"hola\"); } }\n",
    );
    let report = scores(dir.path().to_str().unwrap(), None);
    let pair = report["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["students"] == serde_json::json!(["ana", "beto"]))
        .expect("ana ~ beto listed");
    assert!(pair["similarity"].as_f64().unwrap() > 0.8, "{pair:#}");
    let files: std::collections::BTreeSet<&str> = pair["fragments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["b"]["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files.into_iter().collect::<Vec<_>>(),
        ["Curso.java", "Principal.java"],
        "{pair:#}"
    );
}

/// alba's solution disguised as the measurements found hardest on long programs: every number
/// of her own code (past the starter's 90 lines) moved into a named constant at the top of the
/// class, and every declaration that gives a value split into a declaration and an assignment.
fn numbers_named_and_declarations_split(text: &str) -> String {
    let mut constants = std::collections::BTreeSet::new();
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if i < 90 {
            lines.push(line.to_string());
            continue;
        }
        let mut named = String::new();
        let mut chars = line.chars().peekable();
        let mut previous = ' ';
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() && !(previous.is_alphanumeric() || previous == '_') {
                let mut number = c.to_string();
                while let Some(d) = chars.next_if(char::is_ascii_digit) {
                    number.push(d);
                }
                named.push_str(&format!("N{number}"));
                constants.insert(number);
                previous = '0';
            } else {
                named.push(c);
                previous = c;
            }
        }
        let indent = &named[..named.len() - named.trim_start().len()];
        let declaration = named.trim_start().split_once(" = ").filter(|(head, _)| {
            let words: Vec<&str> = head.split(' ').collect();
            words.len() == 2 && ["int", "boolean", "double"].contains(&words[0])
        });
        match declaration {
            Some((head, value)) => {
                let name = head.split(' ').nth(1).unwrap();
                lines.push(format!("{indent}{head};"));
                lines.push(format!("{indent}{name} = {value}"));
            }
            None => lines.push(named),
        }
    }
    let class = lines
        .iter()
        .position(|l| l.starts_with("public class Minimax"))
        .unwrap();
    for number in constants.iter().rev() {
        lines.insert(class + 1, format!("    static final int N{number} = {number};"));
    }
    lines.join("\n") + "\n"
}

#[test]
fn a_long_copy_with_its_numbers_named_and_its_declarations_split_is_listed_by_default() {
    let dir = tempfile::tempdir().unwrap();
    for student in STUDENTS {
        let to = dir.path().join(student).join("Minimax/src");
        std::fs::create_dir_all(&to).unwrap();
        let from = Path::new(CLASS).join(student).join("Minimax/src/Minimax.java");
        std::fs::copy(from, to.join("Minimax.java")).unwrap();
    }
    let alba = std::fs::read_to_string(Path::new(CLASS).join("alba/Minimax/src/Minimax.java")).unwrap();
    let disguised = numbers_named_and_declarations_split(&alba);
    assert!(disguised.contains("static final int N3 = 3;") && disguised.contains("        int valor;"));
    let to = dir.path().join("zoe/Minimax/src");
    std::fs::create_dir_all(&to).unwrap();
    std::fs::write(to.join("Minimax.java"), disguised).unwrap();
    let folder = dir.path().to_str().unwrap();
    let (code, stdout, stderr) = run(
        &[
            "similar",
            "--submissions",
            folder,
            "--base",
            STARTER,
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(code, 0, "{stderr}");
    let listed: Value = serde_json::from_str(&stdout).unwrap();
    let copy = score(&listed, "alba", "zoe");
    assert!(copy.is_some(), "not listed at the default threshold: {listed:#}");
    let every = scores(folder, Some(STARTER));
    for (i, a) in STUDENTS.iter().enumerate() {
        for b in &STUDENTS[i + 1..] {
            if independent(a, b) {
                let apart = score(&every, a, b).unwrap_or(0.0);
                assert!(
                    copy.unwrap() > apart,
                    "{a} ~ {b} {apart} at or above the copy {copy:?}"
                );
            }
        }
    }
}
