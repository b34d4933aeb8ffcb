//! `grade --course`: the practice sheet's hand-in rules (gradescope/practica5.toml) judged per
//! student, on a Moodle download in which each student breaks one rule, and the readme's
//! observations collected.

use crate::archives::zip;
use crate::run;
use serde_json::Value;
use std::path::{Path, PathBuf};

const COURSE: &str = "gradescope/practica5.toml";
const CODE: &[u8] = b"public class Minimax {}\n";

fn readme(name: &str, account: &str, practice: &str) -> Vec<u8> {
    format!(
        "{name}\nNúmero de cuenta: {account}\n{practice}\n\nObservaciones: me costó el caso del empate.\n"
    )
    .into_bytes()
}

fn tar(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    for (name, data) in entries {
        let mut header = tar::Header::new_gnu();
        header.set_size(data.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        builder.append_data(&mut header, name, *data).unwrap();
    }
    builder.into_inner().unwrap()
}

/// A participant's Moodle folder name (less Moodle's suffix) and the files they uploaded.
type Participant<'a> = (&'a str, Vec<(&'a str, Vec<u8>)>);

/// A Moodle download: a folder per participant, holding what they uploaded.
fn download(root: &Path) {
    let good = |name: &str| readme(name, "312345678", "Práctica 5");
    let students: Vec<Participant> = vec![
        // Follows every rule.
        (
            "Luis Alfredo Lizárraga Santos_101",
            vec![(
                "LizarragaLuis05.zip",
                zip(&[
                    ("Minimax/src/Minimax.java", CODE),
                    ("readme.txt", &good("Luis Alfredo Lizárraga Santos")),
                ]),
            )],
        ),
        // The archive misnamed.
        (
            "Ana Pérez Gómez_102",
            vec![(
                "practica5.zip",
                zip(&[
                    ("Minimax/src/Minimax.java", CODE),
                    ("readme.txt", &good("Ana Pérez Gómez")),
                ]),
            )],
        ),
        // A type the sheet does not accept.
        (
            "Beto Ramírez Luna_103",
            vec![(
                "RamirezBeto05.tar",
                tar(&[
                    ("Minimax/src/Minimax.java", CODE),
                    ("readme.txt", &good("Beto Ramírez Luna")),
                ]),
            )],
        ),
        // The code outside Minimax/src.
        (
            "Carla Núñez Ortiz_104",
            vec![(
                "NunezCarla05.zip",
                zip(&[("Minimax.java", CODE), ("readme.txt", &good("Carla Núñez Ortiz"))]),
            )],
        ),
        // No readme.
        (
            "Diego Soto Vega_105",
            vec![("SotoDiego05.zip", zip(&[("Minimax/src/Minimax.java", CODE)]))],
        ),
        // The readme without the account number.
        (
            "Elena Cruz Díaz_106",
            vec![(
                "CruzElena05.zip",
                zip(&[
                    ("Minimax/src/Minimax.java", CODE),
                    (
                        "readme.txt",
                        &readme("Elena Cruz Díaz", "pendiente", "Práctica 5"),
                    ),
                ]),
            )],
        ),
        // The readme without the practice number.
        (
            "Fede Mora Ruiz_107",
            vec![(
                "MoraFede05.zip",
                zip(&[
                    ("Minimax/src/Minimax.java", CODE),
                    ("readme.txt", &readme("Fede Mora Ruiz", "312345678", "Minimax")),
                ]),
            )],
        ),
        // The readme without the full name.
        (
            "Gabi León Paz_108",
            vec![(
                "LeonGabi05.zip",
                zip(&[("Minimax/src/Minimax.java", CODE), ("readme.txt", &good("Gabi"))]),
            )],
        ),
    ];
    for (who, files) in students {
        let folder = root.join(format!("{who}_assignsubmission_file_"));
        std::fs::create_dir_all(&folder).unwrap();
        for (name, bytes) in files {
            std::fs::write(folder.join(name), bytes).unwrap();
        }
    }
}

fn graded(format: &str, extra: &[&str]) -> (tempfile::TempDir, String, String) {
    let root = tempfile::tempdir().unwrap();
    let class = root.path().join("class");
    download(&class);
    let mut args = vec![
        "grade",
        "--submissions",
        class.to_str().unwrap(),
        "--run",
        "echo X 2 3",
        "fixtures/estado1.txt",
        "--course",
        COURSE,
        "--format",
        format,
    ];
    args.extend(extra);
    let (code, stdout, stderr) = run(&args, b"");
    assert_eq!(code, 0, "{stderr}");
    (root, stdout, stderr)
}

/// Each student's broken rules, by the start of the rule's words.
fn broken(report: &Value, student: &str) -> Vec<String> {
    let entry = report["students"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["student"] == student)
        .unwrap();
    entry["handin"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["passed"] == false)
        .map(|c| {
            format!(
                "{} | {}",
                c["rule"].as_str().unwrap(),
                c["found"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn each_broken_hand_in_rule_is_said_with_what_was_found_instead() {
    let (_root, stdout, _) = graded("json", &[]);
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let expected: &[(&str, &[&str])] = &[
        ("Luis Alfredo Lizárraga Santos", &[]),
        ("Ana Pérez Gómez", &["el archivo nombrado {paterno}{nombre}05 (PerezAna05.zip) | practica5.zip"]),
        (
            "Beto Ramírez Luna",
            &["entregada en un solo archivo (.zip, .rar, .tar.gz) | RamirezBeto05.tar, un archivo de otro tipo"],
        ),
        ("Carla Núñez Ortiz", &["Minimax/src/Minimax.java en el archivo | Minimax.java"]),
        // No readme: charged in the readme's part only, each of its items.
        (
            "Diego Soto Vega",
            &[
                "readme.txt incluye: nombre completo (Diego Soto Vega) | no hay readme (readme.txt)",
                "readme.txt incluye: número de cuenta | no hay readme (readme.txt)",
                "readme.txt incluye: número de la práctica | no hay readme (readme.txt)",
            ],
        ),
        ("Elena Cruz Díaz", &["readme.txt incluye: número de cuenta | no aparece"]),
        ("Fede Mora Ruiz", &["readme.txt incluye: número de la práctica | no aparece"]),
        (
            "Gabi León Paz",
            &["readme.txt incluye: nombre completo (Gabi León Paz) | falta León Paz; empieza «Gabi»"],
        ),
    ];
    for (student, rules) in expected {
        assert_eq!(broken(&report, student), *rules, "{student}");
    }
    let luis = report["students"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["student"] == "Luis Alfredo Lizárraga Santos")
        .unwrap();
    assert_eq!(luis["observations"], "me costó el caso del empate.");
    assert_eq!(luis["handin"].as_array().unwrap().len(), 7, "{luis:#}");
}

#[test]
fn the_table_and_the_feedback_say_which_rule_broke() {
    let feedback = tempfile::tempdir().unwrap();
    let (_root, stdout, _) = graded("table", &["--feedback-dir", feedback.path().to_str().unwrap()]);
    assert!(
        stdout.contains(
            "entrega: el archivo nombrado {paterno}{nombre}05 (PerezAna05.zip) — en su lugar: practica5.zip"
        ),
        "{stdout}"
    );
    let page = std::fs::read_dir(feedback.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains("Carla"))
        .and_then(|folder| std::fs::read_dir(folder).unwrap().next())
        .map(|file| std::fs::read_to_string(file.unwrap().path()).unwrap())
        .expect("Carla's feedback");
    assert!(
        page.contains("entrega: Minimax/src/Minimax.java en el archivo — en su lugar: Minimax.java"),
        "{page}"
    );
}

#[test]
fn a_course_file_with_an_unknown_part_of_a_name_is_refused_before_grading() {
    let dir = tempfile::tempdir().unwrap();
    let course = dir.path().join("course.toml");
    std::fs::write(&course, "[handin]\narchive = \"{apellido}{nombre}05\"\n").unwrap();
    let (code, _, stderr) = run(
        &[
            "grade",
            "--submissions",
            "tests/similar/class",
            "--run",
            "echo X 2 3",
            "fixtures/estado1.txt",
            "--course",
            course.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(
        stderr.contains("handin.archive: {apellido} is not a part of a name"),
        "{stderr}"
    );
}

#[test]
fn a_course_file_that_is_not_toml_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let course = dir.path().join("course.toml");
    std::fs::write(&course, "[handin]\narchive = \n").unwrap();
    let (code, _, stderr) = run(
        &[
            "grade",
            "--submissions",
            "tests/similar/class",
            "--run",
            "echo X 2 3",
            "fixtures/estado1.txt",
            "--course",
            course.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("line 2"), "{stderr}");
}

#[test]
fn a_course_file_naming_an_unknown_archive_type_or_verdict_lists_the_known_ones() {
    let dir = tempfile::tempdir().unwrap();
    let course = dir.path().join("course.toml");
    for (text, said) in [
        (
            "[handin]\narchive_types = [\"zap\"]\n",
            "handin.archive_types: \"zap\" is not an archive type this tool reads (zip, rar, tar.gz, tgz, tar, 7z)",
        ),
        (
            "[rubric]\npositions = 10\ncredit = { great = 1 }\n",
            "rubric.credit: \"great\" is not a verdict (optimal, right, suboptimal, wrong, illegal, unparseable, crashed, timeout, build-failed, skipped)",
        ),
    ] {
        std::fs::write(&course, text).unwrap();
        let path = course.display().to_string();
        let (code, stdout, stderr) = run(
            &[
                "grade",
                "--submissions",
                "tests/similar/class",
                "--run",
                "echo X 2 3",
                "fixtures/estado1.txt",
                "--course",
                &path,
            ],
            b"",
        );
        assert_eq!((code, stdout.as_str()), (2, ""), "{text}");
        assert_eq!(stderr, format!("minimax: --course {path}: {said}\n"));
    }
}

/// The sheet's course file with a rubric of 10 points (positions 6, hand-in 2, readme 2; a
/// suboptimal answer worth half), written in `dir`.
fn course_with_rubric(dir: &Path) -> PathBuf {
    let course = dir.join("course.toml");
    let sheet = std::fs::read_to_string(COURSE).unwrap();
    std::fs::write(
        &course,
        format!(
            "{sheet}\n[rubric]\npositions = 6\nhandin = 2\nreadme = 2\ncredit = {{ suboptimal = 0.5 }}\n"
        ),
    )
    .unwrap();
    course
}

#[test]
fn a_rubric_grades_by_parts_with_partial_credit_as_worked_out_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let course = course_with_rubric(dir.path());
    let root = tempfile::tempdir().unwrap();
    download(root.path());
    let (code, stdout, stderr) = run(
        &[
            "grade",
            "--submissions",
            root.path().to_str().unwrap(),
            "--run",
            "echo X 1 1",
            "fixtures/estado1.txt",
            "fixtures/estado2.txt",
            "fixtures/estado3.txt",
            "--course",
            course.to_str().unwrap(),
            "--format",
            "json",
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
            .unwrap()
            .clone()
    };
    // X 1 1 is suboptimal on estado1 and estado3 and illegal on estado2 (O moves there):
    // 6 × (0.5 + 0 + 0.5) / 3 = 2 points of positions for everyone.
    let ana = student("Ana Pérez Gómez");
    let verdicts: Vec<&str> = ana["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["suboptimal", "illegal", "suboptimal"]);
    // (student, hand-in of 2 over 4 rules, readme of 2 over its rules, total of 10)
    let by_hand = [
        ("Luis Alfredo Lizárraga Santos", 2.0, 2.0, 6.0),
        ("Ana Pérez Gómez", 1.5, 2.0, 5.5),
        // No readme: its three items lost, the layout not charged again.
        ("Diego Soto Vega", 2.0, 0.0, 4.0),
        ("Elena Cruz Díaz", 2.0, 1.333333, 5.333333),
    ];
    for (name, handin, readme, total) in by_hand {
        let rubric = &student(name)["rubric"];
        let part = |p: &str| {
            rubric["parts"]
                .as_array()
                .unwrap()
                .iter()
                .find(|x| x["part"] == p)
                .unwrap()["points"]
                .as_f64()
                .unwrap()
        };
        assert_eq!(part("positions"), 2.0, "{name}: {rubric}");
        assert_eq!(part("handin"), handin, "{name}: {rubric}");
        assert_eq!(part("readme"), readme, "{name}: {rubric}");
        assert_eq!(rubric["total"].as_f64().unwrap(), total, "{name}: {rubric}");
        assert_eq!(rubric["max"].as_f64().unwrap(), 10.0);
    }
    let notes = student("Ana Pérez Gómez")["notes"].to_string();
    assert!(
        notes.contains("calificación: posiciones 2/6, entrega 1.5/2, readme 2/2: 5.5/10"),
        "{notes}"
    );
}

#[test]
fn the_late_penalty_is_given_once() {
    let dir = tempfile::tempdir().unwrap();
    let course = dir.path().join("course.toml");
    std::fs::write(&course, "[rubric]\npositions = 1\nlate = \"10%\"\n").unwrap();
    let (code, _, stderr) = run(
        &[
            "grade",
            "--submissions",
            "tests/similar/class",
            "--run",
            "echo X 2 3",
            "fixtures/estado1.txt",
            "--course",
            course.to_str().unwrap(),
            "--late-penalty",
            "20%",
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("the late penalty is given twice"), "{stderr}");
}

#[test]
fn the_moodle_worksheet_gets_the_rubrics_total_and_its_parts_in_the_comments() {
    let dir = tempfile::tempdir().unwrap();
    let course = course_with_rubric(dir.path());
    let class = dir.path().join("class");
    download(&class);
    let worksheet = dir.path().join("worksheet.csv");
    std::fs::write(
        &worksheet,
        "Identifier,\"Full name\",\"Email address\",Status,Grade,\"Maximum Grade\",\"Grade can be changed\",\"Last modified (submission)\",\"Last modified (grade)\",\"Feedback comments\"\n\
         \"Participant 102\",\"Ana Pérez Gómez\",ana@ciencias.example,\"Submitted for grading\",,10.00,Yes,\"Wednesday, 23 March 2016, 11:40 PM\",-,\n",
    )
    .unwrap();
    let out = dir.path().join("filled.csv");
    let (code, _, stderr) = run(
        &[
            "grade",
            "--submissions",
            class.to_str().unwrap(),
            "--run",
            "echo X 1 1",
            "fixtures/estado1.txt",
            "fixtures/estado2.txt",
            "fixtures/estado3.txt",
            "--course",
            course.to_str().unwrap(),
            "--format",
            "moodle",
            "--worksheet",
            worksheet.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 0, "{stderr}");
    let filled = std::fs::read_to_string(&out).unwrap();
    let ana = filled.lines().nth(1).unwrap();
    assert!(ana.contains(",5.50,10.00,"), "{ana}");
    assert!(
        ana.contains("minimax: Calificación: posiciones 2/6, entrega 1.5/2, readme 2/2: 5.5/10."),
        "{ana}"
    );
    assert!(
        ana.contains("entrega: el archivo nombrado {paterno}{nombre}05 (PerezAna05.zip)"),
        "{ana}"
    );
}

#[test]
fn each_format_shows_the_hand_in_and_the_rubric() {
    let dir = tempfile::tempdir().unwrap();
    let course = course_with_rubric(dir.path());
    let class = dir.path().join("class");
    download(&class);
    for format in ["table", "json", "csv", "junit"] {
        let (code, stdout, stderr) = run(
            &[
                "grade",
                "--submissions",
                class.to_str().unwrap(),
                "--run",
                "echo X 1 1",
                "fixtures/estado1.txt",
                "fixtures/estado3.txt",
                "--course",
                course.to_str().unwrap(),
                "--format",
                format,
                "--jobs",
                "2",
            ],
            b"",
        );
        assert_eq!(code, 0, "{stderr}");
        let mut settings = crate::grade::without_times();
        // CSV's seconds column (three decimals; no other cell has them).
        settings.add_filter(r",[0-9]+\.[0-9]{3},", ",[seconds],");
        settings.bind(|| insta::assert_snapshot!(format!("handin-{format}"), stdout));
    }
}

#[test]
fn fail_under_judges_the_rubrics_points_when_the_course_has_a_rubric() {
    let dir = tempfile::tempdir().unwrap();
    let course = course_with_rubric(dir.path());
    let class = dir.path().join("class");
    download(&class);
    // Every answer is suboptimal (0 positions each), but the rubric gives 4.5 to 7 points.
    let grade = |threshold: &str| {
        run(
            &[
                "grade",
                "--submissions",
                class.to_str().unwrap(),
                "--run",
                "echo X 1 1",
                "fixtures/estado1.txt",
                "fixtures/estado3.txt",
                "--course",
                course.to_str().unwrap(),
                "--fail-under",
                threshold,
                "--jobs",
                "2",
            ],
            b"",
        )
    };
    let (code, _, stderr) = grade("4.5");
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = grade("6.4");
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("4 student(s) scored below 6.4"), "{stderr}");
}
