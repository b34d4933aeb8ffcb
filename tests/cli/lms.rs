//! A real class: platform downloads in, students' code built and called the way they wrote
//! it, grades and feedback back out in the platform's own files.

use crate::archives;
use crate::grade::{awk, token};
use crate::run;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const LMS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lms");
const POSITIONS: [&str; 4] = [
    "fixtures/estado1.txt",
    "fixtures/estado2.txt",
    "fixtures/estado3.txt",
    "fixtures/ejemplo.txt",
];

fn read(path: impl AsRef<Path>) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

/// The practice's layout (`Minimax/src/*.java` and `readme.txt`) for one of the Java
/// students of `tests/lms/java` (some keep helper classes in files of their own).
fn java_project(variant: &str) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(format!("{LMS}/java/{variant}"))
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap();
            (format!("Minimax/src/{name}"), read(entry.path()))
        })
        .collect();
    files.sort();
    files.push(("readme.txt".to_string(), b"Nombre: ...\nPractica 05\n".to_vec()));
    files
}

fn borrowed(files: &[(String, Vec<u8>)]) -> Vec<(&str, &[u8])> {
    files.iter().map(|(n, d)| (n.as_str(), d.as_slice())).collect()
}

fn zip_of(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    archives::zip(&borrowed(files))
}

/// Verdicts by student, then by position.
pub fn verdicts(report: &Value) -> BTreeMap<String, Vec<String>> {
    report["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let verdicts = s["results"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["verdict"].as_str().unwrap().to_string());
            (s["student"].as_str().unwrap().to_string(), verdicts.collect())
        })
        .collect()
}

fn student<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["students"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["student"] == name)
        .unwrap()
}

fn notes(report: &Value, name: &str) -> String {
    student(report, name)["notes"]
        .as_array()
        .map_or(String::new(), |notes| {
            notes
                .iter()
                .map(|n| n.as_str().unwrap())
                .collect::<Vec<_>>()
                .join("\n")
        })
}

/// The Moodle "Download all submissions" zip of a Java class on the practice's starter:
/// every kind of submission a teaching assistant meets.
fn moodle_download(dir: &Path, evil: &str) -> PathBuf {
    let folder = |who: &str| format!("{who}_assignsubmission_file");
    let mut ana = java_project("correcto");
    ana.push((
        "__MACOSX/Minimax/src/._Minimax.java".into(),
        b"\x00\x05\x16\x07 debris".to_vec(),
    ));
    let beto_inner = archives::tar_gz(&borrowed(&java_project("depura")));
    let mut gabi = java_project("siguiente");
    gabi.push((format!("../../../{evil}"), b"escaped".to_vec()));
    gabi.push((format!("/tmp/{evil}"), b"escaped".to_vec()));
    let mut hugo = java_project("correcto");
    let bomb = archives::zip_bomb(300 << 20);
    hugo.push(("Minimax/datos.zip".into(), bomb));
    let fede_files = java_project("excepcion");
    let fede: Vec<(Vec<u8>, &[u8])> = fede_files
        .iter()
        .map(|(name, data)| {
            // "Práctica5/" in CP437, as Windows' own zip tool writes names.
            let mut raw = b"Pr\xa0ctica5/".to_vec();
            raw.extend(name.as_bytes());
            (raw, data.as_slice())
        })
        .collect();
    let fede: Vec<(&[u8], &[u8])> = fede.iter().map(|(n, d)| (n.as_slice(), *d)).collect();

    let entries: Vec<(String, Vec<u8>)> = vec![
        (
            format!("{}/PerezAna05.zip", folder("Ana Pérez_1001")),
            zip_of(&ana),
        ),
        (
            format!("{}/DiazBeto05.zip", folder("Beto Díaz_1002")),
            archives::zip(&[("DiazBeto05.tar.gz", &beto_inner)]),
        ),
        (
            format!("{}_RuizCarla05.zip", folder("Carla Ruiz_1003")),
            zip_of(&java_project("nulo")),
        ),
        (
            format!("{}/LunaDiego05.zip", folder("Diego Luna_1004")),
            zip_of(&java_project("no-compila")),
        ),
        (
            format!("{}/SotoElena05.rar", folder("Elena Soto_1005")),
            archives::rar(&borrowed(&java_project("correcto"))),
        ),
        (
            format!("{}/GilFede05.zip", folder("Fede Gil_1006")),
            archives::zip_raw_names(&fede),
        ),
        (
            format!("{}/MoraGabi05.zip", folder("Gabi Mora_1007")),
            zip_of(&gabi),
        ),
        (
            format!("{}/PazHugo05.zip", folder("Hugo Paz_1008")),
            zip_of(&hugo),
        ),
        (
            format!("{}/VegaInes05.zip", folder("Inés Vega_1009")),
            zip_of(&java_project("cuelga")),
        ),
        (
            format!("{}/RiosJuan05.zip", folder("Juan Ríos_1010")),
            zip_of(&java_project("sale")),
        ),
    ];
    let path = dir.join("IA-2016-2-Practica 5-1234.zip");
    std::fs::write(&path, zip_of(&entries)).unwrap();
    path
}

#[test]
fn a_moodle_download_of_java_starter_projects_is_graded_in_one_command() {
    let _alone = crate::exclusive();
    let dir = tempfile::tempdir().unwrap();
    let evil = format!("evil{}.txt", token());
    let download = moodle_download(dir.path(), &evil);
    let feedback = dir.path().join("feedback");
    let mut args = vec![
        "grade",
        "--submissions",
        download.to_str().unwrap(),
        "--harness",
        "java-gato",
        "--timeout",
        "1",
        "--format",
        "json",
        "--feedback-dir",
        feedback.to_str().unwrap(),
    ];
    args.extend(POSITIONS);
    let (status, stdout, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["layout"], "moodle");
    assert_eq!(report["harness"], "java-gato");

    let all = |verdict: &str| vec![verdict.to_string(); 4];
    let expected: BTreeMap<String, Vec<String>> = [
        ("Ana Pérez", all("optimal")),
        ("Beto Díaz", all("optimal")),
        ("Carla Ruiz", all("unparseable")),
        ("Diego Luna", all("build-failed")),
        ("Elena Soto", all("optimal")),
        (
            "Fede Gil",
            vec![
                "crashed".into(),
                "optimal".into(),
                "crashed".into(),
                "optimal".into(),
            ],
        ),
        ("Gabi Mora", all("optimal")),
        ("Hugo Paz", all("build-failed")),
        (
            "Inés Vega",
            vec![
                "optimal".into(),
                "optimal".into(),
                "optimal".into(),
                "timeout".into(),
            ],
        ),
        (
            "Juan Ríos",
            vec![
                "optimal".into(),
                "optimal".into(),
                "optimal".into(),
                "crashed".into(),
            ],
        ),
    ]
    .into_iter()
    .map(|(name, verdicts)| (name.to_string(), verdicts))
    .collect();
    assert_eq!(verdicts(&report), expected);
    // Ordered by name, with Moodle's participant ids.
    let ids: Vec<&str> = report["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        ["1001", "1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009", "1010"]
    );

    let detail = |name: &str, index: usize| {
        student(&report, name)["results"][index]["detail"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(detail("Carla Ruiz", 0), "decision returned null");
    assert!(
        detail("Diego Luna", 0).contains("decision(Gato estado)"),
        "{}",
        detail("Diego Luna", 0)
    );
    let diego_log = student(&report, "Diego Luna")["results"][0]["stderr"]
        .as_str()
        .unwrap();
    assert!(diego_log.contains("error:"), "javac's own words: {diego_log}");
    assert!(detail("Fede Gil", 0).contains("IllegalStateException: demasiadas tiradas"));
    let trace = student(&report, "Fede Gil")["results"][0]["stderr"]
        .as_str()
        .unwrap();
    assert!(trace.contains("at Minimax.decision(Minimax.java"), "{trace}");
    assert!(
        detail("Hugo Paz", 0).contains("more than the 256 MiB allowed"),
        "{}",
        detail("Hugo Paz", 0)
    );
    assert!(detail("Juan Ríos", 3).contains("System.exit"));
    // Beto printed a decoy action inside decision: his answers are what decision returned.
    assert_eq!(student(&report, "Beto Díaz")["results"][0]["answer"], "X 2 3");
    // Gabi's hostile entries were refused, said so, and nothing landed outside.
    let gabi = notes(&report, "Gabi Mora");
    assert!(
        gabi.contains("climbs out with `..`") && gabi.contains("an absolute path"),
        "{gabi}"
    );
    for place in [
        std::env::temp_dir(),
        dir.path().to_path_buf(),
        PathBuf::from("/tmp"),
    ] {
        assert!(
            !place.join(&evil).exists(),
            "{} escaped into {}",
            evil,
            place.display()
        );
    }

    let page =
        std::fs::read_to_string(feedback.join("Fede Gil_1006_assignsubmission_file/feedback.html")).unwrap();
    assert!(
        page.contains("<h1>Fede Gil: 2 / 4</h1>") && page.contains("<table class=\"board\">"),
        "{page}"
    );
    assert!(page.contains("IllegalStateException"), "{page}");
    assert_eq!(std::fs::read_dir(&feedback).unwrap().count(), 10);
}

/// A class whose folders are named as Moodle names them, each running the course's awk
/// minimax (correct) or printing a greeting (unparseable).
fn moodle_folders(dir: &Path, students: &[(&str, bool)]) -> PathBuf {
    let class = dir.join("class");
    for (who, correct) in students {
        let folder = class.join(format!("{who}_assignsubmission_file"));
        std::fs::create_dir_all(&folder).unwrap();
        let script = if *correct {
            "exec awk -f \"$MINIMAX_AWK\"\n"
        } else {
            "echo hola\n"
        };
        std::fs::write(folder.join("main.sh"), script).unwrap();
    }
    class
}

fn grade_into_sheet(class: &Path, format: &str, sheet: &str, out: &Path, extra: &[&str]) -> (i32, String) {
    let run_command = format!("MINIMAX_AWK={} sh main.sh", awk());
    let mut args = vec![
        "grade",
        "--submissions",
        class.to_str().unwrap(),
        "--run",
        &run_command,
        "--allow",
        awk(),
        "--format",
        format,
        "--worksheet",
        sheet,
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    args.extend(POSITIONS);
    let (status, _, stderr) = run(&args, b"");
    (status, stderr)
}

/// Grades `submissions` (students running the course's awk minimax, or not) to JSON.
fn grade_awk_students(submissions: &Path, positions: &[&str]) -> Value {
    let run_command = format!("MINIMAX_AWK={} sh main.sh", awk());
    let submissions = submissions.to_str().unwrap();
    let mut args = vec![
        "grade",
        "--submissions",
        submissions,
        "--run",
        &run_command,
        "--allow",
        awk(),
    ];
    args.extend(["--format", "json"]);
    args.extend(positions);
    let (status, stdout, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

/// The lines of `after` that differ from `before`'s.
fn changed_lines(before: &[u8], after: &[u8]) -> Vec<(usize, String)> {
    let before = String::from_utf8_lossy(before);
    let after = String::from_utf8_lossy(after);
    assert_eq!(before.lines().count(), after.lines().count());
    before
        .lines()
        .zip(after.lines())
        .enumerate()
        .filter(|(_, (b, a))| b != a)
        .map(|(i, (_, a))| (i, a.to_string()))
        .collect()
}

#[test]
fn the_moodle_worksheet_gets_grades_and_feedback_and_keeps_every_other_byte() {
    let dir = tempfile::tempdir().unwrap();
    let class = moodle_folders(
        dir.path(),
        &[
            ("Ana Pérez_2001", true),
            ("Beto Díaz_2002", false),
            ("Carla Ruiz_2003", true),
        ],
    );
    let sheet = format!("{LMS}/worksheet-en.csv");
    let out = dir.path().join("filled.csv");
    let (status, stderr) = grade_into_sheet(&class, "moodle", &sheet, &out, &[]);
    assert_eq!(status, 0, "{stderr}");
    let before = read(&sheet);
    let after = read(&out);
    let changed = changed_lines(&before, &after);
    assert_eq!(
        changed.iter().map(|(i, _)| *i).collect::<Vec<_>>(),
        [1, 2],
        "{changed:?}"
    );
    // Only the Grade and Feedback comments cells of the matched rows changed.
    let ana = &changed[0].1;
    let expected_start = "\"Participant 2001\",\"Ana Pérez\",ana@ciencias.example,\"Submitted for grading\",10.00,10.00,Yes,\"Wednesday, 23 March 2016, 11:40 PM\",-,";
    assert!(ana.starts_with(expected_start), "{ana}");
    assert!(
        ana.ends_with("minimax: 4 of 4 positions answered optimally.\r")
            || ana.ends_with("minimax: 4 of 4 positions answered optimally."),
        "{ana}"
    );
    let beto = &changed[1].1;
    assert!(
        beto.contains(",0.00,10.00,") && beto.contains("estado1.txt: unparseable"),
        "{beto}"
    );
    assert!(
        stderr.contains("Diego Luna (Participant 2004): no submission graded"),
        "{stderr}"
    );
    assert!(
        stderr.contains("Carla Ruiz (participant 2003): graded, but no row of the worksheet is theirs"),
        "{stderr}"
    );
    assert!(stderr.contains("filled for 2 of 3 students"), "{stderr}");
}

#[test]
fn a_spanish_worksheet_is_read_by_its_spanish_headers_and_decimal_commas() {
    let dir = tempfile::tempdir().unwrap();
    let class = moodle_folders(dir.path(), &[("Ana Pérez_2001", true), ("Beto Díaz_2002", false)]);
    let sheet = format!("{LMS}/worksheet-es.csv");
    let out = dir.path().join("relleno.csv");
    let (status, stderr) = grade_into_sheet(&class, "moodle", &sheet, &out, &[]);
    assert_eq!(status, 0, "{stderr}");
    let after = String::from_utf8(read(&out)).unwrap();
    assert!(after.starts_with('\u{feff}'), "the byte-order mark stays");
    let changed = changed_lines(&read(&sheet), after.as_bytes());
    assert_eq!(changed.len(), 2);
    assert!(changed[0].1.starts_with("Participante2001,\"Ana Pérez\",ana@ciencias.example,\"Enviado para calificar\",\"10,00\",\"10,00\","), "{}", changed[0].1);
    assert!(changed[1].1.contains(",\"0,00\",\"10,00\","), "{}", changed[1].1);
}

#[test]
fn a_canvas_gradebook_gets_the_chosen_assignment_column_filled() {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("submissions");
    std::fs::create_dir_all(&class).unwrap();
    std::fs::write(
        class.join("anaperez_3001_9001_main.sh"),
        "exec awk -f \"$MINIMAX_AWK\"\n",
    )
    .unwrap();
    std::fs::write(class.join("betodiaz_late_3002_9002_main.sh"), "echo hola\n").unwrap();
    let sheet = format!("{LMS}/canvas-gradebook.csv");
    let out = dir.path().join("gradebook.csv");

    let (status, stderr) = grade_into_sheet(&class, "canvas", &sheet, &out, &[]);
    assert_eq!(status, 2, "two assignment columns: one must be chosen");
    assert!(
        stderr.contains("--column") && stderr.contains("Práctica 5: Minimax (555)"),
        "{stderr}"
    );

    let (status, stderr) = grade_into_sheet(
        &class,
        "canvas",
        &sheet,
        &out,
        &["--column", "Práctica 5: Minimax"],
    );
    assert_eq!(status, 0, "{stderr}");
    let changed = changed_lines(&read(&sheet), &read(&out));
    assert_eq!(
        changed,
        [
            (
                2,
                "\"Pérez, Ana\",3001,A3001,anaperez,IA 2016-2,100.00,8.00,80.00,80.00".to_string()
            ),
            (
                3,
                "\"Díaz, Beto\",3002,A3002,betodiaz,IA 2016-2,0.00,9.00,90.00,90.00".to_string()
            ),
        ]
    );
    assert!(stderr.contains("(ID 3004): no submission graded"), "{stderr}");
}

#[test]
fn programs_in_python_c_and_java_are_found_built_and_run_without_a_run_command() {
    let _alone = crate::exclusive();
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    for kind in ["python", "c", "stdio-java"] {
        let to = class.join(kind);
        std::fs::create_dir_all(&to).unwrap();
        for entry in std::fs::read_dir(format!("{LMS}/{kind}")).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
    // A zip made on Windows: "Práctica/main.py" in CP437.
    let main_py = read(format!("{LMS}/python/main.py"));
    std::fs::write(
        class.join("zeta.zip"),
        archives::zip_raw_names(&[(b"Pr\xa0ctica/main.py", &main_py)]),
    )
    .unwrap();

    let grade = |extra: &[&str]| {
        let mut args = vec![
            "grade",
            "--submissions",
            class.to_str().unwrap(),
            "--format",
            "json",
        ];
        args.extend(extra);
        args.extend(POSITIONS);
        let (status, stdout, stderr) = run(&args, b"");
        assert_eq!(status, 0, "{stderr}");
        serde_json::from_str::<Value>(&stdout).unwrap()
    };
    let report = grade(&[]);
    let all = |verdict: &str| vec![verdict.to_string(); 4];
    let got = verdicts(&report);
    assert_eq!(got["python"], all("optimal"));
    assert_eq!(got["c"], all("optimal"));
    assert_eq!(got["zeta"], all("optimal"));
    assert_ne!(
        got["stdio-java"],
        all("optimal"),
        "0-based answers are not the course's"
    );
    assert!(notes(&report, "c").contains("(found Makefile)"));
    assert!(
        notes(&report, "zeta").contains("cd 'Práctica' && python3 main.py"),
        "{}",
        notes(&report, "zeta")
    );
    let java = notes(&report, "stdio-java");
    assert!(
        java.contains("every answer reads as optimal if the numbers are 0-based"),
        "{java}"
    );

    let accepted = grade(&["--accept", "0-based"]);
    assert_eq!(verdicts(&accepted)["stdio-java"], all("optimal"));
    assert_eq!(accepted["accept"], serde_json::json!(["0-based"]));
    let detail = student(&accepted, "stdio-java")["results"][0]["detail"]
        .as_str()
        .unwrap();
    assert!(detail.starts_with("accepted as written with 0-based"), "{detail}");
}

#[test]
fn cs50_and_an_instructors_own_lua_harness_call_the_students_functions() {
    let grade = |student: &str, harness: &str| {
        let mut args = vec![
            "grade",
            "--student",
            student,
            "--harness",
            harness,
            "--format",
            "json",
        ];
        args.extend(POSITIONS);
        let (status, stdout, stderr) = run(&args, b"");
        assert_eq!(status, 0, "{stderr}");
        verdicts(&serde_json::from_str(&stdout).unwrap())
    };
    let optimal = vec!["optimal".to_string(); 4];
    assert_eq!(grade(&format!("{LMS}/cs50"), "python-cs50")["cs50"], optimal);
    assert_eq!(
        grade(&format!("{LMS}/lua"), &format!("{LMS}/lua-harness"))["lua"],
        optimal
    );
}

#[test]
fn a_harness_whose_toolchain_is_missing_is_refused_up_front_with_what_to_install() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("harness.toml"),
        "run = \"gato-imaginario driver\"\n[requires]\ngato-imaginario = \"gato-imaginario-tools\"\n",
    )
    .unwrap();
    let (status, _, stderr) = run(
        &[
            "grade",
            "--student",
            "tests/lms/python",
            "--harness",
            dir.path().to_str().unwrap(),
            "fixtures/estado1.txt",
        ],
        b"",
    );
    assert_eq!(status, 2);
    assert!(
        stderr.contains("gato-imaginario (Debian package gato-imaginario-tools)"),
        "{stderr}"
    );
}

#[test]
fn a_gradescope_export_names_each_submission_by_its_metadata() {
    let dir = tempfile::tempdir().unwrap();
    let export = dir.path().join("assignment_1_export");
    for (folder, correct) in [("submission_101", true), ("submission_102", false)] {
        std::fs::create_dir_all(export.join(folder)).unwrap();
        let script = if correct {
            "exec awk -f \"$MINIMAX_AWK\"\n"
        } else {
            "echo hola\n"
        };
        std::fs::write(export.join(folder).join("main.sh"), script).unwrap();
    }
    std::fs::write(
        export.join("submission_metadata.yml"),
        "submission_101:\n  :submitters:\n  - :name: Ana Pérez\n    :sid: '42'\nsubmission_102:\n  :submitters:\n  - :name: Beto Díaz\n    :sid: '43'\n",
    )
    .unwrap();
    let zip = dir.path().join("export.zip");
    let mut files = Vec::new();
    for entry in [
        "submission_101/main.sh",
        "submission_102/main.sh",
        "submission_metadata.yml",
    ] {
        files.push((format!("assignment_1_export/{entry}"), read(export.join(entry))));
    }
    std::fs::write(&zip, zip_of(&files)).unwrap();
    let report = grade_awk_students(&zip, &["fixtures/estado1.txt"]);
    assert_eq!(report["layout"], "gradescope");
    assert_eq!(student(&report, "Ana Pérez")["id"], "42");
    assert_eq!(verdicts(&report)["Beto Díaz"], ["unparseable"]);
}

#[test]
fn an_archive_that_cannot_be_read_costs_only_its_student() {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    std::fs::create_dir_all(&class).unwrap();
    std::fs::write(class.join("roto.zip"), b"PK\x03\x04 this is not a zip").unwrap();
    std::fs::write(
        class.join("bueno.zip"),
        zip_of(&[("main.sh".into(), b"exec awk -f \"$MINIMAX_AWK\"\n".to_vec())]),
    )
    .unwrap();
    let report = grade_awk_students(&class, &["fixtures/estado1.txt"]);
    assert_eq!(verdicts(&report)["bueno"], ["optimal"]);
    assert_eq!(verdicts(&report)["roto"], ["build-failed"]);
    let detail = student(&report, "roto")["results"][0]["detail"].as_str().unwrap();
    assert!(detail.starts_with("roto.zip: cannot be read"), "{detail}");
}

#[test]
fn a_build_that_outlasts_build_timeout_is_build_failed_and_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let harness = dir.path().join("harness");
    std::fs::create_dir_all(&harness).unwrap();
    let marker = format!("build{}", token());
    std::fs::write(
        harness.join("harness.toml"),
        format!("build = \"sh -c 'sleep 30' {marker}\"\nrun = \"echo X 2 3\"\n"),
    )
    .unwrap();
    let started = std::time::Instant::now();
    let (status, stdout, stderr) = run(
        &[
            "grade",
            "--student",
            &format!("{LMS}/python"),
            "--harness",
            harness.to_str().unwrap(),
            "--build-timeout",
            "1",
            "--format",
            "json",
            "fixtures/estado1.txt",
        ],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(25),
        "the build was not stopped"
    );
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let result = &report["students"][0]["results"][0];
    assert_eq!(result["verdict"], "build-failed");
    let detail = result["detail"].as_str().unwrap();
    assert!(
        detail.contains("took longer than 1 s (--build-timeout)"),
        "{detail}"
    );
    let left = std::process::Command::new("pgrep")
        .args(["-f", &marker])
        .output()
        .unwrap();
    assert!(left.stdout.is_empty(), "the build's sleep outlived it");
}

#[test]
fn a_late_student_in_the_spanish_worksheet_loses_the_stated_penalty_and_is_told_why() {
    let dir = tempfile::tempdir().unwrap();
    let class = moodle_folders(dir.path(), &[("Ana Pérez_2001", true), ("Beto Díaz_2002", true)]);
    let sheet = dir.path().join("hoja.csv");
    let text = String::from_utf8(read(format!("{LMS}/worksheet-es.csv"))).unwrap().replace(
        "Participante2002,\"Beto Díaz\",beto@ciencias.example,\"Enviado para calificar\"",
        "Participante2002,\"Beto Díaz\",beto@ciencias.example,\"Enviado para calificar - 1 día 2 horas tarde\"",
    );
    std::fs::write(&sheet, text).unwrap();
    let out = dir.path().join("relleno.csv");
    let (status, stderr) = grade_into_sheet(
        &class,
        "moodle",
        sheet.to_str().unwrap(),
        &out,
        &["--late-penalty", "10%/day,max=50%"],
    );
    assert_eq!(status, 0, "{stderr}");
    let after = String::from_utf8(read(&out)).unwrap();
    let beto = after.lines().find(|l| l.starts_with("Participante2002")).unwrap();
    // Late by one day and two hours: two days begun, 20% off 10.
    assert!(beto.contains(",\"8,00\",\"10,00\","), "{beto}");
    assert!(
        beto.contains(
            "Handed in late (Enviado para calificar - 1 día 2 horas tarde). Late penalty: 20% off the grade."
        ),
        "{beto}"
    );
    let ana = after.lines().find(|l| l.starts_with("Participante2001")).unwrap();
    assert!(
        ana.contains(",\"10,00\",\"10,00\",") && !ana.contains("late"),
        "{ana}"
    );

    // Read for lateness with any format: the table says it, and what the policy did.
    let run_command = format!("MINIMAX_AWK={} sh main.sh", awk());
    let (status, table, stderr) = run(
        &[
            "grade",
            "--submissions",
            class.to_str().unwrap(),
            "--run",
            &run_command,
            "--allow",
            awk(),
            "--worksheet",
            sheet.to_str().unwrap(),
            "--late-penalty",
            "10%/day,max=50%",
            "fixtures/estado1.txt",
        ],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(
        table.contains("late penalty: 10% off the grade for each day or part of one late, at most 50%; applied to 1 late student(s)"),
        "{table}"
    );
    let row = table.lines().find(|l| l.starts_with("Beto Díaz")).unwrap();
    assert!(
        row.ends_with("1/1    Enviado para calificar - 1 día 2 horas tarde (-20%)"),
        "{row}"
    );
}

#[test]
fn a_late_penalty_that_cannot_be_read_is_refused_with_the_syntax() {
    let (status, _, stderr) = run(
        &[
            "grade",
            "--student",
            "tests/lms/python",
            "--late-penalty",
            "10 per day",
            "fixtures/estado1.txt",
        ],
        b"",
    );
    assert_eq!(status, 2);
    assert!(
        stderr.contains("--late-penalty 10 per day") && stderr.contains("10%/day,max=50%"),
        "{stderr}"
    );
}

#[test]
fn a_canvas_late_flag_is_shown_in_every_report_format() {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("submissions");
    std::fs::create_dir_all(&class).unwrap();
    std::fs::write(
        class.join("betodiaz_late_3002_9002_main.sh"),
        "exec awk -f \"$MINIMAX_AWK\"\n",
    )
    .unwrap();
    let run_command = format!("MINIMAX_AWK={} sh main.sh", awk());
    let grade = |format: &str| {
        let (status, stdout, stderr) = run(
            &[
                "grade",
                "--submissions",
                class.to_str().unwrap(),
                "--run",
                &run_command,
                "--allow",
                awk(),
                "--format",
                format,
                "fixtures/estado1.txt",
            ],
            b"",
        );
        assert_eq!(status, 0, "{stderr}");
        stdout
    };
    let said = "late (as its file name says)";
    let json: Value = serde_json::from_str(&grade("json")).unwrap();
    assert_eq!(json["students"][0]["late"]["status"], said);
    assert_eq!(json["students"][0]["late"]["seconds"], Value::Null);
    assert!(grade("table").contains(said));
    assert!(grade("csv")
        .lines()
        .nth(1)
        .unwrap()
        .ends_with(&format!("{said},0")));
    assert!(grade("junit").contains(&format!("<property name=\"late\" value=\"{said}\"/>")));
}

#[test]
fn a_tree_sheet_names_inline_trees_by_short_labels_with_a_legend() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("poda.csv");
    std::fs::write(
        &sheet,
        "student,tree,value\nana,\"[[3, 12, 8], [2, 4, 6]]\",3\nbeto,\"[[3, 12, 8], [2, 4, 6]]\",2\nana,\"[[1, 5], [7, 2]]\",2\n",
    )
    .unwrap();
    let (status, table, stderr) = run(&["check", sheet.to_str().unwrap()], b"");
    assert_eq!(status, 0, "{stderr}");
    let header = table.lines().next().unwrap();
    assert_eq!(header, "student  T1 value  T2 value  score");
    assert!(
        table.contains("\nT1: [[3, 12, 8], [2, 4, 6]]\nT2: [[1, 5], [7, 2]]\n"),
        "{table}"
    );

    // The sheet's own names, when it has an `exercise` column.
    std::fs::write(
        &sheet,
        "student,exercise,tree,value\nana,Ejercicio 1,\"[[3, 12, 8], [2, 4, 6]]\",3\n",
    )
    .unwrap();
    let (status, json, stderr) = run(&["check", "--format", "json", sheet.to_str().unwrap()], b"");
    assert_eq!(status, 0, "{stderr}");
    let report: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["positions"][0]["name"], "Ejercicio 1 value");
    assert_eq!(
        report["legend"],
        serde_json::json!([{"label": "Ejercicio 1", "stands_for": "[[3, 12, 8], [2, 4, 6]]"}])
    );
}

#[test]
fn what_the_harness_expects_is_said_only_when_the_code_does_not_fit_its_driver() {
    let _alone = crate::exclusive();
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    let put = |student: &str, path: &str, text: &str| {
        let path = class.join(student).join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    put(
        "sintaxis",
        "Minimax/src/Minimax.java",
        "public class Minimax { int x = ; }\n",
    );
    put("vacio", "readme.txt", "Practica 05\n");
    put(
        "firma",
        "Minimax/src/Minimax.java",
        &String::from_utf8(read(format!("{LMS}/java/no-compila/Minimax.java"))).unwrap(),
    );
    let (status, stdout, stderr) = run(
        &[
            "grade",
            "--submissions",
            class.to_str().unwrap(),
            "--harness",
            "java-gato",
            "--format",
            "json",
            "fixtures/estado1.txt",
        ],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let detail = |name: &str| {
        student(&report, name)["results"][0]["detail"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(
        detail("sintaxis").contains("Minimax.java:1: error"),
        "{}",
        detail("sintaxis")
    );
    assert!(!detail("sintaxis").contains("expects"), "{}", detail("sintaxis"));
    assert!(
        detail("vacio")
            .contains("no Minimax.java in the submission (the harness looks for Minimax/src/Minimax.java"),
        "{}",
        detail("vacio")
    );
    assert!(
        !detail("vacio").contains("the harness java-gato expects"),
        "{}",
        detail("vacio")
    );
    assert!(
        detail("firma").contains("the harness java-gato expects"),
        "{}",
        detail("firma")
    );
}

#[test]
fn a_7z_hand_in_is_read_with_the_same_refusals_as_any_archive() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir_all(&input).unwrap();
    std::fs::write(input.join("main.sh"), "exec awk -f \"$MINIMAX_AWK\"\n").unwrap();
    std::fs::write(input.join("evil.txt"), "escaped").unwrap();
    let class = dir.path().join("class");
    std::fs::create_dir_all(&class).unwrap();
    // bsdtar writes 7z as 7-Zip does; `-s` gives one entry a name that climbs out.
    let status = std::process::Command::new("bsdtar")
        .args(["--format", "7zip", "-cf"])
        .arg(class.join("siete.7z"))
        .arg("-C")
        .arg(&input)
        .args(["-s", ",^evil,../evil,", "main.sh", "evil.txt"])
        .status()
        .unwrap();
    assert!(status.success());
    let report = grade_awk_students(&class, &["fixtures/estado1.txt"]);
    assert_eq!(verdicts(&report)["siete"], ["optimal"]);
    let said = notes(&report, "siete");
    assert!(
        said.contains("siete.7z: entry `../evil.txt` not unpacked: a path that climbs out with `..`"),
        "{said}"
    );
    assert!(!dir.path().join("evil.txt").exists() && !class.join("evil.txt").exists());
}

#[test]
fn a_regrade_with_changed_only_fills_the_rows_of_the_students_whose_grade_moved() {
    let dir = tempfile::tempdir().unwrap();
    let class = moodle_folders(dir.path(), &[("Ana Pérez_2001", true), ("Beto Díaz_2002", false)]);
    let sheet = format!("{LMS}/worksheet-en.csv");
    let previous = dir.path().join("previous.json");
    let run_command = format!("MINIMAX_AWK={} sh main.sh", awk());
    let mut args = vec![
        "grade",
        "--submissions",
        class.to_str().unwrap(),
        "--run",
        &run_command,
        "--allow",
        awk(),
        "--format",
        "json",
        "--out",
        previous.to_str().unwrap(),
    ];
    args.extend(POSITIONS);
    let (status, _, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    // Beto's program is corrected (a late fix accepted): his grade moves, Ana's does not.
    std::fs::write(
        class.join("Beto Díaz_2002_assignsubmission_file/main.sh"),
        "exec awk -f \"$MINIMAX_AWK\"\n",
    )
    .unwrap();
    let out = dir.path().join("filled.csv");
    let (status, stderr) = grade_into_sheet(
        &class,
        "moodle",
        &sheet,
        &out,
        &["--previous", previous.to_str().unwrap(), "--changed-only"],
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(stderr.contains("  Beto Díaz: 0/4 -> 4/4\n"), "{stderr}");
    assert!(stderr.contains("  1 changed, 1 unchanged\n"), "{stderr}");
    assert!(
        !stderr.contains("Ana Pérez (Participant 2001): no submission graded"),
        "{stderr}"
    );
    let changed = changed_lines(&read(&sheet), &read(&out));
    assert_eq!(
        changed.iter().map(|(i, _)| *i).collect::<Vec<_>>(),
        [2],
        "{changed:?}"
    );
    assert!(
        changed[0].1.contains(",4.00,10.00,") || changed[0].1.contains(",10.00,10.00,"),
        "{changed:?}"
    );
}

#[test]
fn a_worksheet_that_is_not_moodles_is_refused_with_its_path_and_what_it_lacks() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, problem) in [
        (
            "names.csv",
            "Name,Grade\nAna,1\n",
            "no `Identifier` column: is this Moodle's grading worksheet (Grades → Download grading worksheet)?",
        ),
        ("empty.csv", "", "the worksheet is empty"),
    ] {
        let sheet = dir.path().join(name);
        std::fs::write(&sheet, text).unwrap();
        let sheet = sheet.display().to_string();
        let args = [
            "grade",
            "--submissions",
            "tests/class",
            "--run",
            "true",
            "--format",
            "moodle",
            "--worksheet",
            &sheet,
            "fixtures/estado1.txt",
        ];
        let (status, stdout, stderr) = run(&args, b"");
        assert_eq!((status, stdout.as_str()), (2, ""), "{name}");
        assert_eq!(
            stderr.lines().last(),
            Some(format!("minimax: {sheet}: {problem}").as_str()),
            "{name}"
        );
    }
}
