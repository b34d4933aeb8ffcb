//! `grade --previous REPORT.json`: a regrade says whose grade moved and why before anything is
//! written; an earlier report that cannot be read stops it with the reason.

use crate::run;

/// A class whose students print these answers to every position.
fn class_of(students: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (student, answer) in students {
        let folder = dir.path().join(student);
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(folder.join("main.sh"), format!("echo {answer}\n")).unwrap();
    }
    dir
}

fn grade(class: &std::path::Path, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec![
        "grade",
        "--submissions",
        class.to_str().unwrap(),
        "--run",
        "sh main.sh",
        "fixtures/estado1.txt",
    ];
    args.extend(extra);
    run(&args, b"")
}

#[test]
fn a_regrade_after_a_changed_harness_lists_exactly_the_students_who_moved() {
    // estado1's answer is X 2 3; rita writes the row first.
    let class = class_of(&[("ana", "X 2 3"), ("beto", "X 1 1"), ("rita", "X 3 2")]);
    let report = class.path().join("..").join(format!(
        "previous-{}.json",
        class.path().file_name().unwrap().to_string_lossy()
    ));
    let (status, _, stderr) = grade(
        class.path(),
        &["--format", "json", "--out", report.to_str().unwrap()],
    );
    assert_eq!(status, 0, "{stderr}");
    let (status, _, stderr) = grade(
        class.path(),
        &["--accept", "row-col", "--previous", report.to_str().unwrap()],
    );
    assert_eq!(status, 0, "{stderr}");
    std::fs::remove_file(&report).unwrap();
    assert!(
        stderr
            .contains("  accept: none -> row-col\n  rita: 0/1 -> 1/1\n    estado1.txt: illegal -> optimal\n  1 changed, 2 unchanged\n"),
        "{stderr}"
    );
    assert!(!stderr.contains("ana:") && !stderr.contains("beto:"), "{stderr}");
    // The class page says the same.
    let (status, _, stderr) = grade(
        class.path(),
        &["--format", "json", "--out", report.to_str().unwrap()],
    );
    assert_eq!(status, 0, "{stderr}");
    let (status, page, stderr) = grade(
        class.path(),
        &[
            "--accept",
            "row-col",
            "--previous",
            report.to_str().unwrap(),
            "--format",
            "html",
            "--lang",
            "en",
        ],
    );
    std::fs::remove_file(&report).unwrap();
    assert_eq!(status, 0, "{stderr}");
    assert!(
        page.contains("<section id=\"regrade\"><h2>Changes since the previous report</h2>\n<p>accept: none -&gt; row-col</p>\n<ul class=\"changes\"><li><b>rita</b>: 0/1 → 1/1<ul><li>estado1.txt: illegal -&gt; optimal</li></ul></li></ul>\n<p>2 unchanged</p></section>"),
        "{page}"
    );
}

#[test]
fn an_earlier_report_that_cannot_be_read_stops_the_regrade_with_the_reason() {
    let class = class_of(&[("ana", "X 2 3")]);
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("not-json.json", "hello\n", "not JSON"),
        (
            "cut.json",
            "{\"version\": \"minimax 0.1.0\", \"students\": [",
            "the file ends early",
        ),
        (
            "other.json",
            "{\"version\": \"otter 1\", \"students\": []}",
            "not a report of `minimax grade` (it has no \"version\" of minimax): give the JSON report an earlier grading wrote",
        ),
        (
            "older.json",
            "{\"version\": \"minimax 0.0.1\", \"students\": [{\"student\": \"ana\"}]}",
            "it was written by minimax 0.0.1",
        ),
        ("empty.json", "", "the file ends early"),
    ];
    for (name, text, said) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let (status, stdout, stderr) = grade(class.path(), &["--previous", path.to_str().unwrap()]);
        assert_eq!(status, 2, "{name}: {stderr}");
        assert_eq!(stdout, "", "{name}: nothing graded");
        assert!(stderr.contains(said), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    }
}

#[test]
fn the_json_report_of_a_regrade_carries_who_changed_and_why_and_only_then() {
    let class = class_of(&[("ana", "X 2 3"), ("beto", "X 1 1"), ("rita", "X 3 2")]);
    let report = class.path().join("..").join(format!(
        "earlier-{}.json",
        class.path().file_name().unwrap().to_string_lossy()
    ));
    let (status, stdout, stderr) = grade(class.path(), &["--format", "json"]);
    assert_eq!(status, 0, "{stderr}");
    let without: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert!(
        without.get("regrade").is_none(),
        "no --previous, no regrade object"
    );
    // An earlier version of the tool wrote the earlier report: its version is pinned here.
    let mut earlier = without.clone();
    earlier["version"] = serde_json::json!("minimax 0.0.9");
    std::fs::write(&report, earlier.to_string()).unwrap();
    let (status, stdout, stderr) = grade(
        class.path(),
        &[
            "--accept",
            "row-col",
            "--previous",
            report.to_str().unwrap(),
            "--format",
            "json",
        ],
    );
    std::fs::remove_file(&report).unwrap();
    assert_eq!(status, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    insta::assert_snapshot!(
        "regrade-json",
        serde_json::to_string_pretty(&json["regrade"]).unwrap()
    );
}

#[test]
fn a_spanish_course_reads_its_regrade_in_spanish_on_stderr_and_on_the_page() {
    let class = class_of(&[("ana", "X 2 3"), ("beto", "X 1 1"), ("rita", "X 3 2")]);
    let dir = tempfile::tempdir().unwrap();
    let (report, course) = (dir.path().join("antes.json"), dir.path().join("curso.toml"));
    std::fs::write(&course, "lang = \"es\"\n").unwrap();
    let (report, course) = (report.to_str().unwrap(), course.to_str().unwrap());
    let (status, _, stderr) = grade(
        class.path(),
        &["--course", course, "--format", "json", "--out", report],
    );
    assert_eq!(status, 0, "{stderr}");
    let regrade = ["--course", course, "--accept", "row-col", "--previous", report];
    let (status, _, stderr) = grade(class.path(), &regrade);
    assert_eq!(status, 0, "{stderr}");
    assert!(
        stderr.contains(
            "  convenciones aceptadas: ninguna -> row-col\n  rita: 0/1 -> 1/1\n    estado1.txt: ilegal -> óptima\n  1 con cambios, 2 sin cambios\n"
        ),
        "{stderr}"
    );
    let (status, page, stderr) = grade(class.path(), &[&regrade[..], &["--format", "html"]].concat());
    assert_eq!(status, 0, "{stderr}");
    assert!(
        page.contains("<section id=\"regrade\"><h2>Cambios desde el informe anterior</h2>\n<p>convenciones aceptadas: ninguna -&gt; row-col</p>\n<ul class=\"changes\"><li><b>rita</b>: 0/1 → 1/1<ul><li>estado1.txt: ilegal -&gt; óptima</li></ul></li></ul>\n<p>2 sin cambios</p></section>"),
        "{page}"
    );
    // --lang overrides the course's, as for the rest of what students read.
    let (status, _, stderr) = grade(class.path(), &[&regrade[..], &["--lang", "pt"]].concat());
    assert_eq!(status, 0, "{stderr}");
    assert!(
        stderr.contains("    estado1.txt: ilegal -> ótima\n  1 com mudanças, 2 sem mudanças\n"),
        "{stderr}"
    );
}
