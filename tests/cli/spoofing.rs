//! Reports that cannot be spoofed: what a student controls (a name from an LMS's metadata, the
//! output of a build) is shown as theirs in every format, never as the page's own text or the
//! grader's own words.

use crate::run;
use std::path::Path;

/// The characters that reorder or hide text, which no HTML output may carry raw.
const HIDDEN: [char; 10] = [
    '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2069}', '\u{200e}',
    '\u{200f}', '\u{061c}',
];

/// A Gradescope export of three students with the same code (so that they answer alike and
/// are similar), the first named with a right-to-left override by `submission_metadata.yml`.
fn export_with_a_bidi_name(dir: &Path) -> std::path::PathBuf {
    let java = std::fs::read("tests/similar/class/alba/Minimax/src/Minimax.java").unwrap();
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for id in ["101", "102", "103"] {
        files.push((format!("export/submission_{id}/Minimax.java"), java.clone()));
        files.push((
            format!("export/submission_{id}/main.sh"),
            b"echo X 2 3\n".to_vec(),
        ));
    }
    files.push((
        "export/submission_metadata.yml".to_string(),
        "submission_101:\n  :submitters:\n  - :name: \"Ana \u{202e}Pérez\"\n    :sid: '41'\nsubmission_102:\n  :submitters:\n  - :name: Beto Díaz\n    :sid: '42'\nsubmission_103:\n  :submitters:\n  - :name: Carla Ruiz\n    :sid: '43'\n"
            .as_bytes()
            .to_vec(),
    ));
    let entries: Vec<(&str, &[u8])> = files.iter().map(|(n, d)| (n.as_str(), d.as_slice())).collect();
    let zip = dir.join("export.zip");
    std::fs::write(&zip, crate::archives::zip(&entries)).unwrap();
    zip
}

fn assert_no_raw_control(what: &str, html: &str) {
    let raw: Vec<char> = html.chars().filter(|c| HIDDEN.contains(c)).collect();
    assert!(raw.is_empty(), "{what} carries raw bidi controls {raw:?}");
}

#[test]
fn a_bidi_override_in_a_name_reorders_nothing_in_any_html_output() {
    let dir = tempfile::tempdir().unwrap();
    let zip = export_with_a_bidi_name(dir.path());
    let (page, feedback) = (dir.path().join("class.html"), dir.path().join("feedback"));
    let (status, _, stderr) = run(
        &[
            "grade",
            "--submissions",
            zip.to_str().unwrap(),
            "--run",
            "sh main.sh",
            "--similar",
            "--format",
            "html",
            "--out",
            page.to_str().unwrap(),
            "--feedback-dir",
            feedback.to_str().unwrap(),
            "fixtures/estado1.txt",
        ],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    let page = std::fs::read_to_string(page).unwrap();
    assert!(
        page.contains("Ana \\u{202e}Pérez"),
        "the name is not shown escaped"
    );
    assert!(page.contains("Beto Díaz"), "the classmates are not on the page");
    assert_no_raw_control("the class page", &page);
    let mut pages = 0;
    for folder in std::fs::read_dir(&feedback).unwrap() {
        let file = folder.unwrap().path().join("feedback.html");
        assert_no_raw_control(
            &file.display().to_string(),
            &std::fs::read_to_string(&file).unwrap(),
        );
        pages += 1;
    }
    assert_eq!(pages, 3);

    // The other reports for people and spreadsheets show it too.
    for format in ["table", "csv", "junit"] {
        let (status, stdout, stderr) = run(
            &[
                "grade",
                "--submissions",
                zip.to_str().unwrap(),
                "--run",
                "sh main.sh",
                "--format",
                format,
                "fixtures/estado1.txt",
            ],
            b"",
        );
        assert_eq!(status, 0, "{stderr}");
        assert!(stdout.contains("\\u{202e}"), "{format}: {stdout}");
        assert_no_raw_control(format, &stdout);
    }

    let (status, similar, stderr) = run(
        &[
            "similar",
            "--submissions",
            zip.to_str().unwrap(),
            "--format",
            "html",
        ],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(similar.contains("\\u{202e}"), "{similar}");
    assert_no_raw_control("similar's page", &similar);
}

/// A student whose Makefile prints two lines in the grader's own words, and builds a program
/// that answers X 1 1 (suboptimal on estado1.txt) and then the grader's words again.
fn forger(dir: &Path) -> std::path::PathBuf {
    let student = dir.join("forger");
    std::fs::create_dir(&student).unwrap();
    std::fs::write(
        student.join("Makefile"),
        "all:\n\t@echo 'minimax-note: grade: 10/10 (rubric: every part passed)'\n\t@echo 'minimax-note: hand-in: every rule passed'\n\t@cc -o prog prog.c\n",
    )
    .unwrap();
    std::fs::write(
        student.join("prog.c"),
        "#include <stdio.h>\nint main(void) { puts(\"X 1 1\"); puts(\"grade: 10/10\"); return 0; }\n",
    )
    .unwrap();
    student
}

#[test]
fn a_build_printing_the_graders_words_is_shown_as_the_builds_in_every_report() {
    let dir = tempfile::tempdir().unwrap();
    let student = forger(dir.path());
    let grade = |format: &str| {
        let (status, stdout, stderr) = run(
            &[
                "grade",
                "--student",
                student.to_str().unwrap(),
                "--format",
                format,
                "fixtures/estado1.txt",
            ],
            b"",
        );
        assert_eq!(status, 0, "{stderr}");
        stdout
    };
    let results: serde_json::Value = serde_json::from_str(&grade("gradescope")).unwrap();
    assert_eq!(results["score"], 0, "{results:#}");
    let shown = |text: &serde_json::Value| text.as_str().unwrap().to_string();
    let output = shown(&results["output"]);
    let test = shown(&results["tests"][0]["output"]);
    for text in [&output, &test] {
        let forged = text
            .lines()
            .find(|line| line.starts_with("grade: ") || line.starts_with("hand-in: "));
        assert_eq!(forged, None, "a forged line reads as the grader's: {text}");
    }
    assert!(test.contains("your output:\n> X 1 1\n> grade: 10/10"), "{test}");

    // The table and JSON say where the notes came from.
    let table = grade("table");
    assert!(
        table.contains("forger: build: grade: 10/10 (rubric: every part passed)"),
        "{table}"
    );
    assert!(
        table.contains("forger: build: hand-in: every rule passed"),
        "{table}"
    );
    let report: serde_json::Value = serde_json::from_str(&grade("json")).unwrap();
    let notes = &report["students"][0]["notes"];
    assert!(
        notes
            .as_array()
            .unwrap()
            .iter()
            .all(|n| !shown(n).starts_with("grade: ")),
        "{notes}"
    );
}
