//! The class of tests/handin/sheet-class, written from the practice sheet's words alone by
//! someone who had not read the grader: 23 Moodle hand-ins in Java, graded with the sheet's
//! rules and the instructor's rubric (course.toml there), must get the grade the instructor
//! wrote down before any run (expected.csv, the reasons in REASONS.md), part by part, in the
//! worksheet Moodle takes back, in Spanish.

use crate::run;
use std::collections::BTreeMap;
use std::path::Path;

pub(crate) const CLASS: &str = "tests/handin/sheet-class";

/// A student's grade by parts: positions, hand-in, readme, late percent, total.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Parts {
    pub(crate) positions: f64,
    pub(crate) handin: f64,
    pub(crate) readme: f64,
    pub(crate) late_percent: f64,
    pub(crate) total: f64,
}

impl Parts {
    /// The same to the hundredth, as the instructor rounds (REASONS.md, G11).
    pub(crate) fn agrees(&self, other: &Parts) -> bool {
        let near = |a: f64, b: f64| (a - b).abs() < 0.006;
        near(self.positions, other.positions)
            && near(self.handin, other.handin)
            && near(self.readme, other.readme)
            && near(self.late_percent, other.late_percent)
            && near(self.total, other.total)
    }
}

pub(crate) fn expected() -> BTreeMap<String, Parts> {
    let mut reader = csv::Reader::from_path(Path::new(CLASS).join("expected.csv")).unwrap();
    reader
        .records()
        .map(|row| {
            let row = row.unwrap();
            let number = |at: usize| row[at].parse::<f64>().unwrap();
            (
                row[0].to_string(),
                Parts {
                    positions: number(1),
                    handin: number(2),
                    readme: number(3),
                    late_percent: number(4),
                    total: number(5),
                },
            )
        })
        .collect()
}

/// A number written with a decimal comma or point.
fn number(text: &str) -> f64 {
    text.trim().replace(',', ".").parse().unwrap()
}

/// The parts a filled worksheet row says: its comment's rubric ("calificación: posiciones
/// 6/6, entrega 0.67/1, readme 1/1, retraso -0.77: 6.9/8"), its late penalty and its grade.
pub(crate) fn parts_of(grade: &str, comment: &str) -> Parts {
    let after = |key: &str| -> f64 {
        let at = comment.find(key).unwrap_or_else(|| panic!("{key} in {comment}")) + key.len();
        number(
            &comment[at..]
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect::<String>(),
        )
    };
    let late_percent = match comment.find("Penalización por retraso: ") {
        Some(_) => after("Penalización por retraso: "),
        None => 0.0,
    };
    let total = number(grade);
    Parts {
        positions: after("posiciones "),
        handin: after("entrega "),
        readme: after("readme "),
        late_percent,
        total,
    }
}

#[test]
fn the_independent_class_gets_the_instructors_grade_part_by_part_in_spanish() {
    let dir = tempfile::tempdir().unwrap();
    let filled = dir.path().join("filled.csv");
    let feedback = dir.path().join("feedback");
    let (code, _, stderr) = run(
        &[
            "grade",
            "--submissions",
            &format!("{CLASS}/download"),
            "--harness",
            "java-gato",
            "fixtures/estado1.txt",
            "fixtures/estado2.txt",
            "fixtures/estado3.txt",
            "fixtures/ejemplo.txt",
            "--course",
            &format!("{CLASS}/course.toml"),
            "--format",
            "moodle",
            "--worksheet",
            &format!("{CLASS}/worksheet.csv"),
            "--out",
            filled.to_str().unwrap(),
            "--feedback-dir",
            feedback.to_str().unwrap(),
            // The instructor's own limit (REASONS.md, G2): Alejandra's search never returns.
            "--timeout",
            &crate::timeout(10.0),
            "--jobs",
            "2",
        ],
        b"",
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("for 23 of 23 students"), "{stderr}");
    // The worksheet is Moodle's Spanish one: "Calificación" and the comments.
    let mut reader = csv::Reader::from_path(&filled).unwrap();
    let header = reader.headers().unwrap().clone();
    let at = |name: &str| {
        header
            .iter()
            .position(|h| h.trim_start_matches('\u{feff}') == name)
            .unwrap()
    };
    let (name_at, grade_at, comment_at) = (
        at("Nombre completo"),
        at("Calificación"),
        at("Comentarios de retroalimentación"),
    );
    let expected = expected();
    let mut disagree = Vec::new();
    for row in reader.records() {
        let row = row.unwrap();
        let student = &row[name_at];
        let got = parts_of(&row[grade_at], &row[comment_at]);
        let want = &expected[student];
        if !got.agrees(want) {
            disagree.push(format!(
                "{student}: graded {got:?}, the instructor gives {want:?}"
            ));
        }
        assert!(
            row[comment_at].starts_with("minimax: Calificación: "),
            "{}",
            &row[comment_at]
        );
        assert!(
            !row[comment_at].contains("\\b"),
            "no pattern shown: {}",
            &row[comment_at]
        );
    }
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
    // The feedback's heading is the rubric's grade, in Spanish.
    let page = std::fs::read_to_string(
        feedback.join("Valeria Guadalupe Sánchez Flores_3133_assignsubmission_file_/feedback.html"),
    )
    .unwrap();
    assert!(
        page.contains("<h1>Valeria Guadalupe Sánchez Flores: 7.67 / 8</h1>"),
        "{page}"
    );
    assert!(
        page.contains("entrega: entregada en un solo archivo (.zip, .rar, .tar.gz) — en su lugar: SanchezValeria05.7z, un archivo de otro tipo"),
        "{page}"
    );
    assert!(page.contains("Tu respuesta"), "{page}");
    // Where a wrong move leads, said in Spanish from the solved position.
    let luis = std::fs::read_to_string(
        feedback.join("Luis Ángel Torres Mendoza_3124_assignsubmission_file_/feedback.html"),
    )
    .unwrap();
    assert!(
        luis.contains("<p>X 1 1: gana O en 1 (en vez de empate con X 2 3)</p>"),
        "{luis}"
    );
}
