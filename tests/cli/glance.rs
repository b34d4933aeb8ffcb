//! The class at a glance: the `class` summary of the JSON report and the HTML page that draws
//! it (`--format html`), on classes whose distributions, answer groups and mistakes are known.

use crate::run;
use serde_json::{json, Value};

/// Twelve students on the sheet's four positions, every kind of wrong answer among them.
const CLASS: &str = "fixtures/answers/class.csv";
/// Eight students on two pruning trees, with three diagnosable mistakes.
const PRUNING: &str = "fixtures/answers/pruning-class.csv";

fn summary(sheet: &str) -> Value {
    let (status, stdout, stderr) = run(&["check", "--format", "json", sheet], b"");
    assert_eq!(status, 0, "{stderr}");
    let mut report: Value = serde_json::from_str(&stdout).unwrap();
    report["class"].take()
}

fn position<'a>(summary: &'a Value, name: &str) -> &'a Value {
    summary["positions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["position"] == name)
        .unwrap_or_else(|| panic!("no position {name} in the summary"))
}

#[test]
fn the_class_summary_counts_the_points_every_student_scored() {
    let class = summary(CLASS);
    let d = &class["distribution"];
    let bars: Vec<u64> = d["bins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["students"].as_u64().unwrap())
        .collect();
    // julia 0; ivan, kike, lola 1; gus, hilda 2; eva, fran 3; ana, beto, carla, dani 4.
    assert_eq!(bars, [1, 3, 2, 2, 4]);
    assert_eq!(
        (d["out_of"].as_u64(), d["full"].as_u64(), d["zero"].as_u64()),
        (Some(4), Some(4), Some(1))
    );
    assert!((d["mean"].as_f64().unwrap() - 29.0 / 12.0).abs() < 1e-9);
    assert_eq!(d["median"], 2.5);
}

#[test]
fn identical_wrong_answers_are_grouped_with_where_they_lead() {
    let class = summary(CLASS);
    let estado3 = position(&class, "estado3.txt");
    assert_eq!(
        (estado3["answered"].as_u64(), estado3["optimal"].as_u64()),
        (Some(12), Some(6))
    );
    assert_eq!(
        estado3["verdicts"],
        json!([
            {"verdict": "optimal", "students": 6},
            {"verdict": "suboptimal", "students": 5},
            {"verdict": "illegal", "students": 1}
        ])
    );
    // Blocking at 1 1 throws X's win in 1 away: O then completes its column.
    let blockers = &estado3["groups"][0];
    assert_eq!(blockers["answer"], "X 1 1");
    assert_eq!(blockers["count"], 5);
    assert_eq!(
        blockers["students"],
        json!(["fran", "gus", "hilda", "ivan", "julia"])
    );
    assert_eq!(
        blockers["gives_up"],
        json!({"result": "win", "winner": "X", "moves": 1})
    );
    assert_eq!(
        blockers["turns_into"],
        json!({"result": "win", "winner": "O", "moves": 1})
    );
    assert_eq!(estado3["groups"][1]["answer"], "X 2 2");
    assert_eq!(estado3["groups"][1]["verdict"], "illegal");
    // estado1's 1 1 throws a draw away; what could not be read is grouped by what was written.
    let estado1 = position(&class, "estado1.txt");
    assert_eq!(estado1["groups"][0]["gives_up"], json!({"result": "draw"}));
    let estado2 = position(&class, "estado2.txt");
    let unread = estado2["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["verdict"] == "unparseable")
        .unwrap();
    assert_eq!(
        (&unread["answer"], &unread["count"]),
        (&json!("no sé"), &json!(2))
    );
}

#[test]
fn the_mistakes_across_the_class_are_counted_most_common_first() {
    let class = summary(PRUNING);
    assert_eq!(
        class["mistakes"],
        json!([
            {"mistake": "strict-cutoff", "count": 4, "students": ["beto", "carla", "eva", "hilda"]},
            {"mistake": "root-min", "count": 4, "students": ["dani", "hilda"]},
            {"mistake": "no-pruning", "count": 2, "students": ["beto", "fran"]}
        ])
    );
    let tie_pruned = position(&class, "tie.json pruned");
    assert_eq!(tie_pruned["tree"], "tie.json");
    assert_eq!(tie_pruned["groups"][0]["diagnosis"], "strict-cutoff");
    assert_eq!(tie_pruned["groups"][0]["count"], 4);
}

#[test]
fn the_class_summary_matches_its_snapshot() {
    insta::assert_json_snapshot!("class-summary", summary(CLASS));
    insta::assert_json_snapshot!("class-summary-pruning", summary(PRUNING));
}

fn page(args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("class.html");
    let mut all = vec!["check", "--format", "html", "--out", out.to_str().unwrap()];
    all.extend(args);
    let (status, stdout, stderr) = run(&all, b"");
    assert_eq!((status, stdout.as_str()), (0, ""), "{stderr}");
    std::fs::read_to_string(out).unwrap()
}

#[test]
fn the_class_page_is_one_self_contained_file_in_the_courses_language() {
    let spanish = page(&[CLASS]);
    assert!(spanish.contains("<html lang=\"es\">") && spanish.contains("La clase de un vistazo"));
    assert!(
        spanish.contains("5 estudiantes:</b> <code>X 1 1</code> — luego gana O en 1 (en vez de gana X en 1)")
    );
    let english = page(&["--lang", "en", CLASS]);
    assert!(
        english.contains("<html lang=\"en\">")
            && english.contains("O then wins in 1 (instead of X wins in 1)")
    );
    let portuguese = page(&["--lang", "pt", PRUNING]);
    assert!(
        portuguese.contains("o corte estrito v &gt; β"),
        "the mistakes are named in Portuguese"
    );
    for page in [&spanish, &english, &portuguese] {
        // Nothing is fetched: no external script, style sheet, image or font.
        for outside in ["<script src", "<link", "<img", "url(", "@import", "https://"] {
            assert!(!page.contains(outside), "{outside}");
        }
        assert!(page.contains("@page { size: A4"));
        // Every figure has an accessible name.
        let figures = page.matches("<svg").count();
        let named = page.matches("role=\"img\"").count();
        assert!(figures > 0 && page.matches("<title>").count() >= named);
    }
}

#[test]
fn names_and_answers_of_students_cannot_inject_markup_into_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("answers.csv");
    std::fs::write(
        &sheet,
        "student,position,answer\n\"<script>alert(1)</script>\",XX-/-OO/---,\"<img src=x onerror=alert(2)>\"\nana,XX-/-OO/---,X 1 3\n",
    )
    .unwrap();
    let html = page(&[sheet.to_str().unwrap()]);
    assert!(!html.contains("<script>alert") && !html.contains("<img src=x"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
}

/// A class of `students` answering `positions` inline positions, some of them wrong.
fn big_sheet(students: usize) -> tempfile::TempDir {
    let positions = [
        "XX-/-OO/---",
        "-OX/XOO/--X",
        "--X/--O/XOX",
        "--X/OXX/OO-",
        "X--/-O-/---",
        "---/-X-/---",
        "XO-/---/---",
        "X-O/---/---",
        "---/---/--X",
        "O-X/-X-/---",
    ];
    let answers = [
        "X 3 1", "X 1 3", "X 2 3", "X 1 1", "O 2 2", "no sé", "X 3 3", "O 1 1",
    ];
    let mut csv = String::from("student,position,answer\n");
    for student in 0..students {
        for (p, position) in positions.iter().enumerate() {
            let answer = answers[(student * 7 + p * 3) % answers.len()];
            csv.push_str(&format!("Estudiante Número {student:03},{position},{answer}\n"));
        }
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("answers.csv"), csv).unwrap();
    dir
}

#[test]
fn the_page_of_a_class_of_300_stays_under_2_mb() {
    let dir = big_sheet(300);
    let html = page(&[dir.path().join("answers.csv").to_str().unwrap()]);
    assert!(html.contains("Estudiante Número 299"));
    assert!(html.len() < 2 * 1024 * 1024, "{} bytes", html.len());
}

#[test]
fn similar_code_is_summarised_as_pairs_and_clusters_and_drawn_as_a_graph() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("class.html");
    let grade = |format: &str, out: Option<&str>| {
        let mut args = vec![
            "grade",
            "--submissions",
            "tests/similar/class",
            "--run",
            "echo X 2 3",
            "fixtures/estado1.txt",
        ];
        args.extend(["--similar", "--base", "tests/similar/starter", "--format", format]);
        if let Some(out) = out {
            args.extend(["--out", out]);
        }
        let (status, stdout, stderr) = run(&args, b"");
        assert_eq!(status, 0, "{stderr}");
        stdout
    };
    let report: Value = serde_json::from_str(&grade("json", None)).unwrap();
    let similar = &report["class"]["similar"];
    // Every listed pair once, whichever of the two lists it.
    let pairs = similar["pairs"].as_array().unwrap();
    let listed: usize = report["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["similar"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(pairs.len() * 2, listed);
    // The most alike pair is two of the copies of alba's solution.
    let copies = ["alba", "bruno", "carmen", "dario", "elisa"];
    assert!(
        pairs[0]["students"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| copies.contains(&s.as_str().unwrap())),
        "{:#}",
        pairs[0]
    );
    assert!(similar["clusters"][0]
        .as_array()
        .unwrap()
        .contains(&json!("alba")));
    grade("html", Some(out.to_str().unwrap()));
    let html = std::fs::read_to_string(out).unwrap();
    let graph = html
        .split("class=\"chart clusters\"")
        .nth(1)
        .expect("the clusters are drawn");
    let graph = &graph[..graph.find("</svg>").unwrap()];
    assert_eq!(graph.matches("data-similarity").count(), pairs.len());
    assert!(graph.contains("href=\"#student-"));
}
