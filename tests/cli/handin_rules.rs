//! Each rule of issue 39 in both directions: a fair variation accepted, a real break charged
//! once. A Moodle download is built per test; the course file says what the sheet says.

use crate::archives::zip;
use crate::run;
use serde_json::Value;
use std::path::Path;

const CODE: &[u8] = b"public class Minimax {}\n";

fn readme(name: &str) -> Vec<u8> {
    format!("{name}\n312345678\nPráctica 5\n").into_bytes()
}

/// The sheet's rules with `extra` lines in [handin] and `top` lines before it.
fn course(dir: &Path, top: &str, extra: &str) -> String {
    let path = dir.join("course.toml");
    std::fs::write(
        &path,
        format!(
            "{top}\n[handin]\narchive = \"{{paterno}}{{nombre}}05\"\narchive_types = [\"zip\"]\n\
             paths = [[\"Minimax/src/Minimax.java\", \"Minimax/src/*/src/**/Minimax.java\"], \"readme.txt\"]\n{extra}\n\
             [readme]\nfile = \"readme.txt\"\nfull_name = true\nfields = [\n\
             {{ name = \"account number\", pattern = '\\b\\d{{9}}\\b' }},\n\
             {{ name = \"practice number\", pattern = '(?i)\\b(pr[aá]ctica|p)\\s*(n[uú]m(ero)?\\.?|no\\.?|#)?\\s*[:#.]?\\s*0?5\\b' }},\n]\n"
        ),
    )
    .unwrap();
    path.to_str().unwrap().to_string()
}

/// A participant of a Moodle download: full name, id, the files uploaded.
type Participant<'a> = (&'a str, u32, Vec<(&'a str, Vec<u8>)>);

/// A Moodle download: each participant (full name, id) and the files they uploaded.
fn download(root: &Path, students: &[Participant]) -> String {
    for (name, id, files) in students {
        let folder = root.join(format!("{name}_{id}_assignsubmission_file_"));
        std::fs::create_dir_all(&folder).unwrap();
        for (file, bytes) in files {
            let path = folder.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, bytes).unwrap();
        }
    }
    root.to_str().unwrap().to_string()
}

/// The class graded by `course` as JSON.
fn graded(class: &str, course: &str, extra: &[&str]) -> Value {
    let mut args = vec![
        "grade",
        "--submissions",
        class,
        "--run",
        "echo X 2 3",
        "fixtures/estado1.txt",
        "--course",
        course,
        "--format",
        "json",
    ];
    args.extend(extra);
    let (code, stdout, stderr) = run(&args, b"");
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

fn student<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["students"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["student"] == name)
        .unwrap_or_else(|| panic!("{name} in {report:#}"))
}

/// Each broken rule of a student: "rule | found".
fn broken(report: &Value, name: &str) -> Vec<String> {
    student(report, name)["handin"]
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

fn notes(report: &Value, name: &str) -> String {
    student(report, name)["notes"].to_string()
}

#[test]
fn a_netbeans_project_inside_src_is_the_sheets_layout_and_a_copy_elsewhere_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let class = download(
        &dir.path().join("class"),
        &[
            (
                "Luis Alfredo Lizárraga Santos",
                1,
                vec![(
                    "LizarragaLuis05.zip",
                    zip(&[
                        ("Minimax/src/Minimax/nbproject/project.xml", b"<project/>"),
                        ("Minimax/src/Minimax/src/minimax/Minimax.java", CODE),
                        ("readme.txt", &readme("Luis Alfredo Lizárraga Santos")),
                    ]),
                )],
            ),
            (
                "Ana Pérez Gómez",
                2,
                vec![(
                    "PerezAna05.zip",
                    zip(&[
                        ("Minimax/backup/Minimax.java", CODE),
                        ("readme.txt", &readme("Ana Pérez Gómez")),
                    ]),
                )],
            ),
        ],
    );
    let report = graded(&class, &course(dir.path(), "", ""), &[]);
    assert_eq!(
        broken(&report, "Luis Alfredo Lizárraga Santos"),
        Vec::<String>::new()
    );
    assert_eq!(
        broken(&report, "Ana Pérez Gómez"),
        ["Minimax/src/Minimax.java in the archive | Minimax/backup/Minimax.java"]
    );
}

#[test]
fn names_in_another_case_fit_only_where_the_course_says_case_does_not_matter() {
    let dir = tempfile::tempdir().unwrap();
    let class = download(
        &dir.path().join("class"),
        &[(
            "Ana Pérez Gómez",
            2,
            vec![(
                "PerezAna05.zip",
                zip(&[
                    ("minimax/SRC/Minimax.java", CODE),
                    ("README.TXT", &readme("Ana Pérez Gómez")),
                ]),
            )],
        )],
    );
    let strict = graded(&class, &course(dir.path(), "", ""), &[]);
    assert_eq!(
        broken(&strict, "Ana Pérez Gómez"),
        [
            "Minimax/src/Minimax.java in the archive | minimax/SRC/Minimax.java",
            "readme.txt in the archive | README.TXT"
        ]
    );
    // Its fields are read all the same: the name of the file costs the layout's item only.
    let any_case = graded(&class, &course(dir.path(), "", "ignore_case = true"), &[]);
    assert_eq!(broken(&any_case, "Ana Pérez Gómez"), Vec::<String>::new());
}

#[test]
fn an_archive_inside_the_archive_is_said_and_costs_its_item_only_where_the_course_says() {
    let dir = tempfile::tempdir().unwrap();
    let inner = zip(&[
        ("Minimax/src/Minimax.java", CODE),
        ("readme.txt", &readme("Ana Pérez Gómez")),
    ]);
    let class = download(
        &dir.path().join("class"),
        &[(
            "Ana Pérez Gómez",
            2,
            vec![("PerezAna05.zip", zip(&[("Minimax.zip", &inner)]))],
        )],
    );
    let noted = graded(&class, &course(dir.path(), "", ""), &[]);
    assert_eq!(broken(&noted, "Ana Pérez Gómez"), Vec::<String>::new());
    assert!(
        notes(&noted, "Ana Pérez Gómez")
            .contains("hand-in: the archive holds Minimax.zip; Minimax/src/Minimax.java found inside it"),
        "{noted:#}"
    );
    let costs = graded(&class, &course(dir.path(), "", "nested_archive = \"costs\""), &[]);
    assert_eq!(
        broken(&costs, "Ana Pérez Gómez"),
        [
            "Minimax/src/Minimax.java in the archive | the archive holds Minimax.zip; Minimax/src/Minimax.java found inside it",
            "readme.txt in the archive | the archive holds Minimax.zip; readme.txt found inside it"
        ]
    );
}

#[test]
fn a_misnamed_readme_costs_its_place_and_a_missing_one_its_fields_each_once() {
    let dir = tempfile::tempdir().unwrap();
    let class = download(
        &dir.path().join("class"),
        &[
            (
                "Ana Pérez Gómez",
                2,
                vec![(
                    "PerezAna05.zip",
                    zip(&[
                        ("Minimax/src/Minimax.java", CODE),
                        ("LEEME.md", &readme("Ana Pérez Gómez")),
                    ]),
                )],
            ),
            (
                "Beto Ramírez Luna",
                3,
                vec![("RamirezBeto05.zip", zip(&[("Minimax/src/Minimax.java", CODE)]))],
            ),
        ],
    );
    let report = graded(&class, &course(dir.path(), "", ""), &[]);
    assert_eq!(
        broken(&report, "Ana Pérez Gómez"),
        ["readme.txt in the archive | LEEME.md"]
    );
    assert!(student(&report, "Ana Pérez Gómez")["observations"].is_null());
    assert_eq!(
        broken(&report, "Beto Ramírez Luna"),
        [
            "readme.txt gives the full name (Beto Ramírez Luna) | no readme (readme.txt)",
            "readme.txt gives the account number | no readme (readme.txt)",
            "readme.txt gives the practice number | no readme (readme.txt)"
        ]
    );
    // Every key is there with a course file, null when there is nothing to say.
    let beto = student(&report, "Beto Ramírez Luna");
    assert!(beto.as_object().unwrap().contains_key("observations"), "{beto:#}");
}

#[test]
fn a_readme_saved_by_windows_notepad_gives_the_full_name_and_one_without_a_surname_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let notepad = b"Ximena Pe\xf1a Ib\xe1\xf1ez\r\n312345678\r\nPr\xe1ctica No. 5\r\n".to_vec();
    let class = download(
        &dir.path().join("class"),
        &[
            (
                "Ximena Peña Ibáñez",
                1,
                vec![(
                    "PenaXimena05.zip",
                    zip(&[("Minimax/src/Minimax.java", CODE), ("readme.txt", &notepad)]),
                )],
            ),
            (
                "Rodrigo Salinas Ponce",
                2,
                vec![(
                    "SalinasRodrigo05.zip",
                    zip(&[
                        ("Minimax/src/Minimax.java", CODE),
                        ("readme.txt", &readme("Rodrigo Salinas")),
                    ]),
                )],
            ),
        ],
    );
    let report = graded(&class, &course(dir.path(), "", ""), &[]);
    assert_eq!(broken(&report, "Ximena Peña Ibáñez"), Vec::<String>::new());
    assert_eq!(
        broken(&report, "Rodrigo Salinas Ponce"),
        ["readme.txt gives the full name (Rodrigo Salinas Ponce) | Ponce missing; it begins \"Rodrigo Salinas\""]
    );
}

#[test]
fn the_practice_number_is_read_as_spanish_speakers_write_it_and_a_wrong_number_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let ways = [
        "Práctica 5",
        "Práctica No. 5",
        "Práctica #5",
        "P5",
        "Práctica: 05",
        "PRACTICA 05",
    ];
    // One student per way, then one whose readme names the previous practice.
    let mut names: Vec<String> = (0..ways.len())
        .map(|i| format!("Ana Pérez Gómez{}", "x".repeat(i + 1)))
        .collect();
    names.push("Itzel Martínez Cárdenas".to_string());
    let readmes: Vec<Vec<u8>> = names
        .iter()
        .zip(ways.iter().chain(&["Practica 4"]))
        .map(|(name, way)| {
            zip(&[
                ("Minimax/src/Minimax.java", CODE),
                ("readme.txt", format!("{name}\n312345678\n{way}\n").as_bytes()),
            ])
        })
        .collect();
    let owned: Vec<Participant> = names
        .iter()
        .zip(readmes)
        .enumerate()
        .map(|(id, (name, archive))| (name.as_str(), id as u32, vec![("PerezAna05.zip", archive)]))
        .collect();
    let class = download(&dir.path().join("class"), &owned);
    let report = graded(&class, &course(dir.path(), "", ""), &[]);
    for (name, _, _) in &owned[..ways.len()] {
        let practice: Vec<String> = broken(&report, name)
            .into_iter()
            .filter(|rule| rule.contains("practice number"))
            .collect();
        assert!(practice.is_empty(), "{name}: {practice:?}");
    }
    let itzel: Vec<String> = broken(&report, "Itzel Martínez Cárdenas")
        .into_iter()
        .filter(|rule| rule.starts_with("readme.txt"))
        .collect();
    assert_eq!(
        itzel,
        ["readme.txt gives the practice number | nothing of the kind in it"]
    );
}

#[test]
fn the_archive_is_named_by_the_paternal_surname_and_the_given_name_written_whole_or_not() {
    let dir = tempfile::tempdir().unwrap();
    let layout = |name: &str| zip(&[("Minimax/src/Minimax.java", CODE), ("readme.txt", &readme(name))]);
    let class = download(
        &dir.path().join("class"),
        &[
            (
                "María Fernanda López Ruiz",
                1,
                vec![("LopezMariaFernanda05.zip", layout("María Fernanda López Ruiz"))],
            ),
            (
                "José Luis Hernández García",
                2,
                vec![("HernandezJose05.zip", layout("José Luis Hernández García"))],
            ),
            (
                "Ana Sofía del Valle Ortega",
                3,
                vec![("DelValleAnaSofia05.zip", layout("Ana Sofía del Valle Ortega"))],
            ),
            (
                "Diego Armando Ramírez Soto",
                4,
                vec![("SotoDiego05.zip", layout("Diego Armando Ramírez Soto"))],
            ),
            (
                "Luis Ángel Torres Mendoza",
                5,
                vec![("LuisTorres05.zip", layout("Luis Ángel Torres Mendoza"))],
            ),
        ],
    );
    let report = graded(&class, &course(dir.path(), "", ""), &[]);
    for fits in [
        "María Fernanda López Ruiz",
        "José Luis Hernández García",
        "Ana Sofía del Valle Ortega",
    ] {
        assert_eq!(broken(&report, fits), Vec::<String>::new(), "{fits}");
    }
    assert_eq!(
        broken(&report, "Diego Armando Ramírez Soto"),
        ["the archive named {paterno}{nombre}05 (RamirezDiego05.zip) | SotoDiego05.zip"]
    );
    assert_eq!(
        broken(&report, "Luis Ángel Torres Mendoza"),
        ["the archive named {paterno}{nombre}05 (TorresLuis05.zip) | LuisTorres05.zip"]
    );
}

#[test]
fn a_roster_says_which_words_are_surnames_where_the_name_alone_cannot() {
    let dir = tempfile::tempdir().unwrap();
    let class = download(
        &dir.path().join("class"),
        &[(
            "Ana María Pérez",
            1,
            vec![(
                "PerezAna05.zip",
                zip(&[
                    ("Minimax/src/Minimax.java", CODE),
                    ("readme.txt", &readme("Ana María Pérez")),
                ]),
            )],
        )],
    );
    // Read alone, three words are a given name and two surnames: "María" would be paternal.
    let guessed = graded(&class, &course(dir.path(), "", ""), &[]);
    assert_eq!(
        broken(&guessed, "Ana María Pérez"),
        ["the archive named {paterno}{nombre}05 (MariaAna05.zip) | PerezAna05.zip"]
    );
    std::fs::write(
        dir.path().join("participantes.csv"),
        "Nombre,Apellido(s),Dirección de correo\nAna María,Pérez,ana@x\n",
    )
    .unwrap();
    let rostered = graded(
        &class,
        &course(dir.path(), "[names]\nroster = \"participantes.csv\"\n", ""),
        &[],
    );
    assert_eq!(broken(&rostered, "Ana María Pérez"), Vec::<String>::new());
    // The class's roster may come on the command line, beside a course file used every term.
    let roster = dir.path().join("participantes.csv");
    let given = graded(
        &class,
        &course(dir.path(), "", ""),
        &["--roster", roster.to_str().unwrap()],
    );
    assert_eq!(broken(&given, "Ana María Pérez"), Vec::<String>::new());
}

#[test]
fn a_corrected_upload_is_the_one_archive_and_the_first_is_noted_not_charged() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("class");
    let good = zip(&[
        ("Minimax/src/Minimax.java", CODE),
        ("readme.txt", &readme("Ana Pérez Gómez")),
    ]);
    let class = download(
        &root,
        &[(
            "Ana Pérez Gómez",
            2,
            vec![
                ("Practica5.zip", zip(&[("Minimax.java", CODE)])),
                ("PerezAna05.zip", good),
            ],
        )],
    );
    // Moodle's download keeps the upload times: the corrected zip is a day newer.
    let folder = root.join("Ana Pérez Gómez_2_assignsubmission_file_");
    let day = std::time::Duration::from_secs(86_400);
    let old = std::time::SystemTime::now() - day;
    std::fs::File::options()
        .write(true)
        .open(folder.join("Practica5.zip"))
        .unwrap()
        .set_modified(old)
        .unwrap();
    let report = graded(&class, &course(dir.path(), "", ""), &[]);
    assert_eq!(broken(&report, "Ana Pérez Gómez"), Vec::<String>::new());
    assert!(
        notes(&report, "Ana Pérez Gómez")
            .contains("also uploaded, not graded and not charged: Practica5.zip"),
        "{report:#}"
    );
}

#[test]
fn a_course_in_spanish_speaks_spanish_and_names_readme_fields_never_their_patterns() {
    let dir = tempfile::tempdir().unwrap();
    let class = download(
        &dir.path().join("class"),
        &[(
            "Ana Pérez Gómez",
            2,
            vec![(
                "PerezAna05.zip",
                zip(&[
                    ("Minimax/src/Minimax.java", CODE),
                    ("readme.txt", b"Ana Perez Gomez\nPractica 5\n"),
                ]),
            )],
        )],
    );
    let course = course(dir.path(), "lang = \"es\"", "");
    let report = graded(&class, &course, &[]);
    let said = notes(&report, "Ana Pérez Gómez");
    assert!(
        said.contains("readme: readme.txt incluye: account number — no aparece"),
        "{said}"
    );
    assert!(!said.contains("\\\\b"), "{said}");
    // --lang overrides the course's.
    let english = graded(&class, &course, &["--lang", "en"]);
    assert!(
        notes(&english, "Ana Pérez Gómez")
            .contains("readme: readme.txt gives the account number: found nothing of the kind in it"),
        "{english:#}"
    );
}

#[test]
fn a_course_file_with_an_unknown_language_or_a_roster_without_its_columns_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let grade = |course: &str| {
        run(
            &[
                "grade",
                "--submissions",
                "tests/similar/class",
                "--run",
                "echo X 2 3",
                "fixtures/estado1.txt",
                "--course",
                course,
            ],
            b"",
        )
    };
    let (code, _, stderr) = grade(&course(dir.path(), "lang = \"fr\"", ""));
    assert_eq!(code, 2);
    assert!(
        stderr.contains("lang: \"fr\" is not a language of this tool"),
        "{stderr}"
    );
    std::fs::write(dir.path().join("roster.csv"), "Email\nana@x\n").unwrap();
    let (code, _, stderr) = grade(&course(dir.path(), "[names]\nroster = \"roster.csv\"\n", ""));
    assert_eq!(code, 2);
    assert!(stderr.contains("no first-name and surname columns"), "{stderr}");
    let (code, _, stderr) = grade(&course(dir.path(), "", "nested_archive = \"maybe\""));
    assert_eq!(code, 2);
    assert!(stderr.contains("line 6") && stderr.contains("maybe"), "{stderr}");
}

#[test]
fn the_class_page_counts_every_point_by_the_rubric_and_says_who_broke_which_rule() {
    let dir = tempfile::tempdir().unwrap();
    let good = |name: &str| zip(&[("Minimax/src/Minimax.java", CODE), ("readme.txt", &readme(name))]);
    let class = download(
        &dir.path().join("class"),
        &[
            (
                "Ana Pérez Gómez",
                1,
                vec![("PerezAna05.zip", good("Ana Pérez Gómez"))],
            ),
            (
                "Beto Ramírez Luna",
                2,
                vec![("practica.zip", good("Beto Ramírez Luna"))],
            ),
            (
                "Carla Núñez Ortiz",
                3,
                vec![("tarea.zip", good("Carla Núñez Ortiz"))],
            ),
        ],
    );
    let course = course(dir.path(), "lang = \"es\"", "");
    let mut text = std::fs::read_to_string(&course).unwrap();
    text.push_str("\n[rubric]\npositions = 6\nhandin = 1\nreadme = 1\n");
    std::fs::write(&course, text).unwrap();
    let (code, page, stderr) = run(
        &[
            "grade",
            "--submissions",
            &class,
            "--run",
            "echo X 2 3",
            "fixtures/estado1.txt",
            "--course",
            &course,
            "--format",
            "html",
        ],
        b"",
    );
    assert_eq!(code, 0, "{stderr}");
    // Every position is optimal for the three; by the rubric only Ana has every point.
    assert!(
        page.contains("<li data-key=\"full\"><b>1</b> con todos los puntos</li>"),
        "{page}"
    );
    assert!(page.contains("Distribución de la calificación"), "{page}");
    assert!(
        page.contains("<p class=\"rubric\">Calificado con la rúbrica del curso: posiciones 6, entrega 1, readme 1: 8</p>"),
        "{page}"
    );
    assert!(
        page.contains("<b>2 estudiantes:</b> el archivo nombrado {paterno}{nombre}05 <span class=\"who\">(Beto Ramírez Luna, Carla Núñez Ortiz)</span>"),
        "{page}"
    );
    // Beto's feedback is headed by his grade: 6 + 3/4 of the hand-in's four rules + 1.
    assert!(page.contains("<h3>Beto Ramírez Luna: 7.75 / 8</h3>"), "{page}");
}

#[test]
fn a_folder_handed_in_stands_for_the_archive_and_loose_files_for_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let class = download(
        &dir.path().join("class"),
        &[
            (
                "Rodrigo Salinas Ponce",
                1,
                vec![
                    ("SalinasRodrigo05/Minimax/src/Minimax.java", CODE.to_vec()),
                    ("SalinasRodrigo05/readme.txt", readme("Rodrigo Salinas Ponce")),
                ],
            ),
            (
                "Andrés Felipe Núñez Carrillo",
                2,
                vec![
                    ("Minimax.java", CODE.to_vec()),
                    ("readme.txt", readme("Andrés Felipe Núñez Carrillo")),
                ],
            ),
        ],
    );
    let report = graded(&class, &course(dir.path(), "", "paths_together = true"), &[]);
    // Nothing compressed: the one rule the folder breaks.
    assert_eq!(
        broken(&report, "Rodrigo Salinas Ponce"),
        ["handed in as one archive (.zip) | no archive: SalinasRodrigo05"]
    );
    assert_eq!(
        broken(&report, "Andrés Felipe Núñez Carrillo"),
        [
            "handed in as one archive (.zip) | no archive: Minimax.java, readme.txt",
            "the archive named {paterno}{nombre}05 (NunezAndres05.zip) | no archive: Minimax.java, readme.txt",
            "the layout: Minimax/src/Minimax.java and readme.txt | Minimax/src/Minimax.java: Minimax.java"
        ]
    );
}

#[test]
fn separators_in_the_archives_name_matter_only_where_the_course_says_and_points_stay_points() {
    let dir = tempfile::tempdir().unwrap();
    let layout = zip(&[
        ("Minimax/src/Minimax.java", CODE),
        ("readme.txt", &readme("Paola Gutiérrez Rojas")),
    ]);
    let class = download(
        &dir.path().join("class"),
        &[(
            "Paola Gutiérrez Rojas",
            3139,
            vec![("Gutierrez_Paola_05.zip", layout)],
        )],
    );
    let lenient = graded(&class, &course(dir.path(), "", ""), &[]);
    assert_eq!(broken(&lenient, "Paola Gutiérrez Rojas"), Vec::<String>::new());
    let course = course(dir.path(), "", "exact_separators = true");
    let strict = graded(&class, &course, &[]);
    assert_eq!(
        broken(&strict, "Paola Gutiérrez Rojas"),
        ["the archive named {paterno}{nombre}05 (GutierrezPaola05.zip) | Gutierrez_Paola_05.zip"]
    );
    // A rubric of 8 in a course graded out of 10: scaled by default, the points when asked.
    let worksheet = dir.path().join("worksheet.csv");
    std::fs::write(
        &worksheet,
        "Identifier,\"Full name\",Status,Grade,\"Maximum Grade\",\"Feedback comments\"\n\
         \"Participant 3139\",\"Paola Gutiérrez Rojas\",\"Submitted for grading\",,10.00,\n",
    )
    .unwrap();
    let filled = |rubric: &str| {
        let with_rubric = dir.path().join("rubric.toml");
        let text = std::fs::read_to_string(&course).unwrap();
        std::fs::write(
            &with_rubric,
            format!("{text}\n[rubric]\npositions = 6\nhandin = 1\nreadme = 1\n{rubric}"),
        )
        .unwrap();
        let out = dir.path().join("filled.csv");
        let (code, _, stderr) = run(
            &[
                "grade",
                "--submissions",
                &class,
                "--run",
                "echo X 2 3",
                "fixtures/estado1.txt",
                "--course",
                with_rubric.to_str().unwrap(),
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
        std::fs::read_to_string(out).unwrap()
    };
    // 6 + 3/4 of the hand-in's four rules + 1 = 7.75 of 8, or 9.69 of 10.
    assert!(filled("").contains(",9.69,10.00,"), "{}", filled(""));
    assert!(filled("worksheet = \"points\"\n").contains(",7.75,10.00,"));
}
