//! One entry per parser that reads what students and LMSs hand in, for the fuzz targets
//! (tests/fuzz, `make fuzz`). Only with the `fuzzing` feature, and not an API: the library
//! stays private, these few functions reach into it. Each takes the fuzzer's bytes as the
//! hostile file would arrive and must return (never panic, hang or grow without bound).

use crate::class::check;
use crate::intake::unpack::{self, Budget, Kind};
use minimax_core::exercises::tree_answers::TreeRules;
use minimax_core::grading::Gato;
use minimax_core::notation::Coords;
use std::path::Path;
use std::sync::Arc;

/// The budget of a fuzzed archive: small, so that a bomb is found quickly and the fuzzer's
/// memory limit is never what stops it.
const BYTES: u64 = 4 << 20;
const ENTRIES: u64 = 500;

/// A scratch folder for one input (the parsers that read files read from here).
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

/// A student's archive unpacked: `kind` picks zip, tar or tar.gz (7z and RAR go through
/// bsdtar, a process of its own, into the same tar reader).
pub fn unpack(kind: u8, bytes: &[u8]) {
    let kind = [Kind::Zip, Kind::Tar, Kind::TarGz][usize::from(kind % 3)];
    let dir = scratch();
    let archive = dir.path().join("a");
    let into = dir.path().join("into");
    std::fs::write(&archive, bytes).expect("a scratch file");
    std::fs::create_dir(&into).expect("a scratch folder");
    let mut notes = Vec::new();
    let _ = unpack::unpack(
        &archive,
        kind,
        &into,
        &mut Budget::new(BYTES, ENTRIES),
        &mut notes,
    );
}

/// An answer sheet (`minimax check`), positions and trees written in it inline.
pub fn answer_sheet(bytes: &[u8]) {
    let dir = scratch();
    let sheet = dir.path().join("answers.csv");
    std::fs::write(&sheet, bytes).expect("a scratch file");
    // Nodes bounded: a big board named in the sheet must not take the minute the grader
    // allows a position (a Connect Four position of ten moves took 10 s unoptimised at 200,000
    // nodes); the fuzzer's time goes to the reading.
    let game = Arc::new(Gato {
        node_limit: Some(20_000),
        ..Gato::default()
    });
    let _ = check::check(
        &game,
        &sheet,
        Coords::default(),
        TreeRules {
            cutoff: Default::default(),
            root: minimax_core::tree::MAX,
        },
    );
}

/// What a program printed for a position, judged (its answer found in any of its forms),
/// and the records of a harness's session read out of it.
pub fn program_output(output: &str) {
    let game = Arc::new(Gato::default());
    let exercise = minimax_core::exercises::exercise::Exercise::new(
        &game,
        "estado1.txt".to_string(),
        "-   O   X\nX   O   O\n-   -   X\n".to_string(),
        false,
    )
    .expect("estado1 is a position");
    let _ = check::grade_output(&exercise, output, Coords::default());
    let _ = crate::harness::session::read(output, "n0nce");
}

/// Moodle's and Canvas's grade CSVs and worksheets, filled with a report of one student.
pub fn lms_csv(bytes: &[u8]) {
    use crate::report::lms::{canvas, moodle};
    let report = crate::class::ClassReport::of_sheet(
        Vec::new(),
        vec![("Ana Pérez".to_string(), Vec::new())],
        Vec::new(),
    );
    let _ = moodle::statuses(bytes);
    let _ = moodle::fill(bytes, &report);
    let _ = canvas::fill(bytes, &report, None);
    let _ = canvas::fill(bytes, &report, Some("Práctica 5"));
}

/// The course file (`grade --course`).
pub fn course(bytes: &[u8]) {
    let dir = scratch();
    let path = dir.path().join("course.toml");
    std::fs::write(&path, bytes).expect("a scratch file");
    let _ = crate::class::course::CourseRules::read(&path);
}

/// Gradescope's `submission_metadata.yml` and the names of Moodle's folders and files.
pub fn lms_names(text: &str) {
    let _ = crate::intake::layout::gradescope_submitters(text);
    for line in text.lines() {
        let _ = crate::intake::layout::moodle_name(line);
    }
    let _ = crate::intake::escape_name(std::ffi::OsStr::new(text));
}

/// A source file tokenised by `similar`'s grammar for `language` (Java, Python, C, C++, Lua,
/// shell), and compared with itself as two students' files are. One tokenizer for every input, as `similar` keeps one for a
/// class (loading a grammar costs more than most inputs).
pub fn tokens(language: u8, source: &[u8]) {
    use crate::class::similar::tokens::{Language, Tokenizer};
    thread_local! {
        static TOKENIZER: std::cell::RefCell<Tokenizer> = std::cell::RefCell::new(Tokenizer::default());
    }
    let name = ["a.java", "a.py", "a.c", "a.cpp", "a.lua", "a.sh"][usize::from(language % 6)];
    let language = Language::of(Path::new(name)).expect("a known extension");
    let units = TOKENIZER.with(|tokenizer| tokenizer.borrow_mut().units(language, source));
    if let Some(units) = units {
        let _ = crate::class::similar::self_tiled(units);
    }
}
