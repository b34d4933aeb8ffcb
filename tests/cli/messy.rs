//! A messy Moodle class: honest Java students packaging the practice every way real students
//! do (NetBeans packages, byte-order marks, 7z, backups, resubmissions, zips in zips of the
//! same name, Eclipse, Windows, macOS), one late and one wrong, graded as a careful teaching
//! assistant would: every honest student full marks, the wrong one exactly her points, and
//! every choice about a student's files written in the notes and the feedback.

use crate::archives;
use crate::run;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

const LMS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lms");
const POSITIONS: [&str; 4] = [
    "fixtures/estado1.txt",
    "fixtures/estado2.txt",
    "fixtures/estado3.txt",
    "fixtures/ejemplo.txt",
];

type Files = Vec<(String, Vec<u8>)>;
/// Year, month, day, hour, minute.
type When = (u16, u8, u8, u8, u8);

fn read(path: impl AsRef<Path>) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

/// The `.java` files of one of `tests/lms/java`'s students, each under `prefix`.
fn sources(variant: &str, prefix: &str) -> Files {
    let mut files: Files = std::fs::read_dir(format!("{LMS}/java/{variant}"))
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap();
            (format!("{prefix}{name}"), read(entry.path()))
        })
        .collect();
    files.sort();
    files
}

/// The sheet's layout: `Minimax/src/*.java` and `readme.txt`.
fn project(variant: &str) -> Files {
    let mut files = sources(variant, "Minimax/src/");
    files.push(("readme.txt".into(), b"Nombre: ...\nPractica 05\n".to_vec()));
    files
}

fn zip(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    let borrowed: Vec<(&str, &[u8])> = files.iter().map(|(n, d)| (n.as_str(), d.as_slice())).collect();
    archives::zip(&borrowed)
}

/// A zip whose entries carry dates, as Moodle's download records each file's upload time.
fn zip_dated(entries: &[(String, Vec<u8>, When)]) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, data, (year, month, day, hour, minute)) in entries {
        let time = zip::DateTime::from_date_and_time(*year, *month, *day, *hour, *minute, 0).unwrap();
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .last_modified_time(time);
        writer.start_file(name.as_str(), options).unwrap();
        writer.write_all(data).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

/// A 7z archive, written by bsdtar (libarchive), as 7-Zip would.
fn seven_zip(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    for (name, data) in files {
        let path = dir.path().join("in").join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, data).unwrap();
    }
    let out = dir.path().join("out.7z");
    let status = std::process::Command::new("bsdtar")
        .args(["--format", "7zip", "-cf"])
        .arg(&out)
        .arg("-C")
        .arg(dir.path().join("in"))
        .args(["Minimax", "readme.txt"])
        .status()
        .expect("bsdtar (libarchive-tools) writes 7z archives");
    assert!(status.success());
    read(out)
}

/// `package minimax;` on top of a source, as NetBeans writes it.
fn in_package(source: &[u8]) -> Vec<u8> {
    let mut text = b"package minimax;\n\n".to_vec();
    text.extend(source);
    text
}

fn with_bom(source: &[u8]) -> Vec<u8> {
    let mut text = b"\xEF\xBB\xBF".to_vec();
    text.extend(source);
    text
}

/// A Java 17 helper beside the starter: a record and a switch expression.
const JAVA17: &str = "record Jugada(int x, int y) {\n    String nombre() {\n        return switch (x) { case 0 -> \"izquierda\"; case 1 -> \"centro\"; default -> \"derecha\"; };\n    }\n}\n";

/// Moodle's "Download all submissions" (folders, each named `…_assignsubmission_file_`, as
/// Moodle names them), with the upload time of every file.
fn messy_download(dir: &Path) -> PathBuf {
    let at = |day: u8, hour: u8, minute: u8| (2016, 3, day, hour, minute);
    let on_time = at(23, 20, 0);
    let folder = |who: &str| format!("{who}_assignsubmission_file_");
    let correct = read(format!("{LMS}/java/correcto/Minimax.java"));

    // NetBeans: the project folder inside src, as the sheet asks, in package `minimax`.
    let netbeans: Files = vec![
        (
            "Minimax/src/Minimax/build.xml".into(),
            b"<project name=\"Minimax\"/>\n".to_vec(),
        ),
        (
            "Minimax/src/Minimax/nbproject/project.properties".into(),
            b"main.class=minimax.Minimax\n".to_vec(),
        ),
        (
            "Minimax/src/Minimax/src/minimax/Minimax.java".into(),
            in_package(&correct),
        ),
        ("readme.txt".into(), b"Practica 05\n".to_vec()),
    ];
    let bom: Files = vec![
        ("Minimax/src/Minimax.java".into(), with_bom(&correct)),
        ("readme.txt".into(), with_bom(b"Practica 05\n")),
    ];
    // An old copy beside the one in src: the old one does not even return a move.
    let mut backup = project("correcto");
    backup.extend(sources("nulo", "Minimax/backup/"));
    let nested = zip(&[("GilFede05.zip".into(), zip(&project("correcto")))]);
    let mut eclipse = project("correcto");
    eclipse.extend([
        ("Minimax/.project".into(), b"<projectDescription/>\n".to_vec()),
        ("Minimax/.classpath".into(), b"<classpath/>\n".to_vec()),
        (
            "Minimax/bin/Minimax.class".into(),
            b"\xCA\xFE\xBA\xBE stale".to_vec(),
        ),
        (
            "Minimax/bin/Minimax$Gato.class".into(),
            b"\xCA\xFE\xBA\xBE stale".to_vec(),
        ),
    ]);
    let backslashes: Vec<(Vec<u8>, Vec<u8>)> = project("correcto")
        .into_iter()
        .map(|(name, data)| (name.replace('/', "\\").into_bytes(), data))
        .collect();
    let backslashes: Vec<(&[u8], &[u8])> = backslashes
        .iter()
        .map(|(n, d)| (n.as_slice(), d.as_slice()))
        .collect();
    let mut mac: Files = project("correcto")
        .into_iter()
        .map(|(name, data)| (format!("Pra\u{301}ctica 5/{name}"), data))
        .collect();
    mac.extend([
        (
            "__MACOSX/Pra\u{301}ctica 5/Minimax/src/._Minimax.java".into(),
            b"\x00\x05\x16\x07".to_vec(),
        ),
        (
            "Pra\u{301}ctica 5/Minimax/src/._Minimax.java".into(),
            b"\x00\x05\x16\x07".to_vec(),
        ),
        (
            "Pra\u{301}ctica 5/.DS_Store".into(),
            b"\x00\x00\x00\x01Bud1".to_vec(),
        ),
    ]);
    let mut helpers = project("depura");
    helpers.push(("Minimax/src/Jugada.java".into(), JAVA17.as_bytes().to_vec()));

    let entries: Vec<(String, Vec<u8>, When)> = vec![
        (
            format!("{}/PerezAna05.zip", folder("Ana Pérez_1001")),
            zip(&netbeans),
            on_time,
        ),
        (
            format!("{}/DiazBeto05.zip", folder("beto Díaz_1002")),
            zip(&bom),
            on_time,
        ),
        (
            format!("{}/RuizCarla05.7z", folder("Carla Ruiz_1003")),
            seven_zip(&project("correcto")),
            on_time,
        ),
        (
            format!("{}/LunaDiego05.zip", folder("Diego Luna_1004")),
            zip(&backup),
            on_time,
        ),
        // A wrong first upload, then the corrected one: the first sorts last by name.
        (
            format!("{}/SotoElena05.zip", folder("Elena Soto_1005")),
            zip(&project("nulo")),
            at(22, 9, 0),
        ),
        (
            format!("{}/SotoElena05 (1).zip", folder("Elena Soto_1005")),
            zip(&project("correcto")),
            at(23, 21, 30),
        ),
        (
            format!("{}/GilFede05.zip", folder("Fede Gil_1006")),
            nested,
            on_time,
        ),
        (
            format!("{}/MoraGabi05.zip", folder("Gabi Mora_1007")),
            zip(&project("correcto")),
            at(24, 2, 5),
        ),
        (
            format!("{}/PazHugo05.zip", folder("Hugo Paz_1008")),
            zip(&eclipse),
            on_time,
        ),
        (
            format!("{}/VidalIrene05.zip", folder("Irene Vidal_1009")),
            zip(&project("excepcion")),
            on_time,
        ),
        (
            format!("{}/RiosJuan05.zip", folder("Juan Ríos_1010")),
            zip(&project("siguiente")),
            on_time,
        ),
        (
            format!("{}/Minimax.java", folder("Karla Núñez_1011")),
            correct.clone(),
            on_time,
        ),
        (
            format!("{}/LopezLuis05.ZIP", folder("Luis López_1012")),
            archives::zip_raw_names(&backslashes),
            on_time,
        ),
        (
            format!("{}/NavarroMarta05.zip", folder("Marta Navarro_1013")),
            zip(&mac),
            on_time,
        ),
        (
            format!("{}/OrtizOscar05.tar.gz", folder("Óscar Ortiz_1014")),
            archives::tar_gz(
                &helpers
                    .iter()
                    .map(|(n, d)| (n.as_str(), d.as_slice()))
                    .collect::<Vec<_>>(),
            ),
            on_time,
        ),
        (
            format!("{}/PinoPablo05.rar", folder("Pablo Pino_1015")),
            archives::rar(
                &project("correcto")
                    .iter()
                    .map(|(n, d)| (n.as_str(), d.as_slice()))
                    .collect::<Vec<_>>(),
            ),
            on_time,
        ),
        (
            "Rosa Rey_1016_assignsubmission_onlinetext_/onlinetext.html".into(),
            b"<p>Mi pr\xc3\xa1ctica va en el zip.</p>".to_vec(),
            on_time,
        ),
        (
            format!("{}/ReyRosa05.zip", folder("Rosa Rey_1016")),
            zip(&project("correcto")),
            on_time,
        ),
    ];
    let path = dir.join("IA-2016-2-Practica 5-5678.zip");
    std::fs::write(&path, zip_dated(&entries)).unwrap();
    path
}

const WORKSHEET: &str = "Identifier,\"Full name\",\"Email address\",Status,Grade,\"Maximum Grade\",\"Grade can be changed\",\"Last modified (submission)\",\"Last modified (grade)\",\"Feedback comments\"\n";

fn worksheet(dir: &Path) -> PathBuf {
    let mut text = WORKSHEET.to_string();
    let rows = [
        (1001, "Ana Pérez", "Submitted for grading"),
        (1002, "beto Díaz", "Submitted for grading"),
        (1003, "Carla Ruiz", "Submitted for grading"),
        (1004, "Diego Luna", "Submitted for grading"),
        (1005, "Elena Soto", "Submitted for grading"),
        (1006, "Fede Gil", "Submitted for grading"),
        (1007, "Gabi Mora", "Submitted for grading - 2 hours 5 mins late"),
        (1008, "Hugo Paz", "Submitted for grading"),
        (1009, "Irene Vidal", "Submitted for grading"),
        (1010, "Juan Ríos", "Submitted for grading"),
        (1011, "Karla Núñez", "Submitted for grading"),
        (1012, "Luis López", "Submitted for grading"),
        (1013, "Marta Navarro", "Submitted for grading"),
        (1014, "Óscar Ortiz", "Submitted for grading"),
        (1015, "Pablo Pino", "Submitted for grading"),
        (1016, "Rosa Rey", "Submitted for grading"),
        (1017, "Sara Sanz", "No submission"),
    ];
    for (id, name, status) in rows {
        text.push_str(&format!(
            "\"Participant {id}\",\"{name}\",x@ciencias.example,\"{status}\",,10.00,Yes,-,-,\n"
        ));
    }
    let path = dir.join("worksheet.csv");
    std::fs::write(&path, text).unwrap();
    path
}

fn student<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["students"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["student"] == name)
        .unwrap_or_else(|| panic!("{name} is in the report"))
}

fn notes(report: &Value, name: &str) -> String {
    student(report, name)["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_messy_moodle_class_is_graded_as_a_careful_teaching_assistant_would() {
    let _alone = crate::exclusive();
    let dir = tempfile::tempdir().unwrap();
    let download = messy_download(dir.path());
    let sheet = worksheet(dir.path());
    let feedback = dir.path().join("feedback");
    let mut args = vec![
        "grade",
        "--submissions",
        download.to_str().unwrap(),
        "--harness",
        "java-gato",
        "--timeout",
        "10",
        "--worksheet",
        sheet.to_str().unwrap(),
        "--late-penalty",
        "10%/day,max=50%",
        "--format",
        "json",
        "--feedback-dir",
        feedback.to_str().unwrap(),
    ];
    args.extend(POSITIONS);
    let (status, stdout, stderr) = run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();

    // Sorted as people sort names: case and accents set aside.
    let order: Vec<&str> = report["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["student"].as_str().unwrap())
        .collect();
    assert_eq!(
        order,
        [
            "Ana Pérez",
            "beto Díaz",
            "Carla Ruiz",
            "Diego Luna",
            "Elena Soto",
            "Fede Gil",
            "Gabi Mora",
            "Hugo Paz",
            "Irene Vidal",
            "Juan Ríos",
            "Karla Núñez",
            "Luis López",
            "Marta Navarro",
            "Óscar Ortiz",
            "Pablo Pino",
            "Rosa Rey"
        ]
    );
    let scores: BTreeMap<&str, (u64, u64)> = report["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["student"].as_str().unwrap(),
                (s["score"].as_u64().unwrap(), s["max_score"].as_u64().unwrap()),
            )
        })
        .collect();
    for (name, score) in &scores {
        let expected = if *name == "Irene Vidal" { (2, 4) } else { (4, 4) };
        assert_eq!(*score, expected, "{name}: {}", notes(&report, name));
    }
    let verdicts: Vec<&str> = student(&report, "Irene Vidal")["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["crashed", "optimal", "crashed", "optimal"]);

    // Every choice about a student's files is in the notes.
    let ana = notes(&report, "Ana Pérez");
    assert!(
        ana.contains("is in package minimax: compiled and called in it"),
        "{ana}"
    );
    let beto = notes(&report, "beto Díaz");
    assert!(
        beto.contains("dropped the UTF-8 byte-order mark at the start of Minimax/src/Minimax.java"),
        "{beto}"
    );
    let diego = notes(&report, "Diego Luna");
    assert!(
        diego.contains("graded Minimax/src/Minimax.java")
            && diego.contains("passed over Minimax/backup/Minimax.java"),
        "{diego}"
    );
    let elena = notes(&report, "Elena Soto");
    assert!(
        elena.contains("2 uploads: graded SotoElena05 (1).zip (uploaded 2016-03-23 21:30")
            && elena.contains("passed over SotoElena05.zip (uploaded 2016-03-22 09:00)"),
        "{elena}"
    );
    assert!(notes(&report, "Juan Ríos").contains("compiled as Latin-1"));

    // Lateness: Moodle's Status, shown and charged as the policy says (one day begun: 10%).
    let late = &student(&report, "Gabi Mora")["late"];
    assert_eq!(late["status"], "Submitted for grading - 2 hours 5 mins late");
    assert_eq!(late["seconds"], 7500);
    assert_eq!(late["penalty"], 0.1);
    assert_eq!(student(&report, "Ana Pérez")["late"], Value::Null);
    assert_eq!(
        report["late_penalty"],
        "10% off the grade for each day or part of one late, at most 50%; applied to 1 late student(s)"
    );

    // Every documented key is there, empty or null when there is nothing to say.
    let karla = student(&report, "Karla Núñez");
    assert_eq!(karla["notes"], serde_json::json!([]));
    assert_eq!(karla["results"][0]["stderr"], Value::Null);
    assert_eq!(report["not_graded"], serde_json::json!([]));

    // Feedback goes where Moodle's download put each participant, trailing `_` and all.
    let page = std::fs::read_to_string(feedback.join("Diego Luna_1004_assignsubmission_file_/feedback.html"))
        .unwrap();
    assert!(page.contains("passed over Minimax/backup/Minimax.java"), "{page}");
    let gabi = std::fs::read_to_string(feedback.join("Gabi Mora_1007_assignsubmission_file_/feedback.html"))
        .unwrap();
    assert!(
        gabi.contains(
            "Handed in late (Submitted for grading - 2 hours 5 mins late). Late penalty: 10% off the grade."
        ),
        "{gabi}"
    );
    assert_eq!(std::fs::read_dir(&feedback).unwrap().count(), 16);

    // Without a terminal, a line per student says how far grading is.
    assert_eq!(stderr.matches("minimax: graded ").count(), 16, "{stderr}");
    assert!(stderr.contains("minimax: graded 16 of 16: "), "{stderr}");
}
