//! Similar submissions across a class (`minimax similar`, `grade --similar`): every pair of
//! students' sources compared as JPlag does, by the share of their normalised token streams
//! ([`tokens`]) that greedy string tiling covers ([`tiling`]), and by the literals they share
//! (messages, constants: what a disguised copy keeps); whatever the course's starter
//! (`--base`) covers never counts.

mod pairs;
mod results;
mod stream;
mod tiling;
pub(crate) mod tokens;

use rayon::prelude::*;
pub(crate) use results::{Pair, Similarity};
use std::fs;
use std::path::{Path, PathBuf};
use stream::Stream;
use tokens::{Language, Tokenizer, Unit};

/// Which pairs are reported.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Pairs at or above this similarity are reported, and clustered.
    pub(crate) threshold: f64,
}

impl Default for Options {
    /// 0.5, measured (benches/similar-eval.py): every disguised copy of the project's
    /// classes scores above it (the weakest 0.53), most independent pairs below (up to 0.59
    /// where a short task's statement shapes every solution alike).
    fn default() -> Options {
        Options { threshold: 0.5 }
    }
}

/// A student to compare: the name reports use and the folder of their files (unpacked).
#[derive(Clone, Debug)]
pub struct Submission {
    pub name: String,
    pub folder: PathBuf,
}

/// Why the comparison cannot run: the grader's set-up, never a student's files.
#[derive(Debug, thiserror::Error)]
pub enum SimilarError {
    #[error("--base {}: {problem}", .path.display())]
    Base {
        path: PathBuf,
        #[source]
        problem: BaseProblem,
    },
    #[error("--threshold must be a number from 0 to 1, not {0}")]
    Threshold(f64),
}

/// What is wrong with the starter code given as `--base`.
#[derive(Debug, thiserror::Error)]
pub enum BaseProblem {
    #[error("no such folder or file")]
    Missing,
    #[error("not a source file of a language this tool reads (Java, Python, C, C++, Lua, shell)")]
    NotSource,
    #[error("holds no source file (.java, .py, .c, .cpp, .lua, .sh)")]
    NoSources,
}

/// Gives each student of a graded class the classmates a reported pair links them to (by
/// name, as the comparison named them), most similar first.
pub(crate) fn attach(students: &mut [crate::class::StudentReport], similarity: &Similarity) {
    for pair in &similarity.pairs {
        for (me, other) in [(0, 1), (1, 0)] {
            for student in students.iter_mut().filter(|s| s.student == pair.students[me]) {
                student.similar.push(crate::class::SimilarTo {
                    student: pair.students[other].clone(),
                    similarity: pair.similarity,
                });
            }
        }
    }
    for student in students {
        student.similar.sort_by(|a, b| {
            b.similarity
                .total_cmp(&a.similarity)
                .then_with(|| a.student.cmp(&b.student))
        });
    }
}

/// The most files read per student, and per file the most bytes: a submission is code
/// written by hand, not a data set.
const MAX_FILES: usize = 400;
const MAX_FILE_BYTES: u64 = 1 << 20;
/// The most bytes of source read per student, all files together.
const MAX_STUDENT_BYTES: u64 = 16 << 20;
/// The most syntax-tree nodes compared per student: a program a student writes by hand has a
/// few thousand (the sheet's starter and a search about 2,000); past this, generated or
/// padded code would cost every pair of the class its memory and time.
const MAX_STUDENT_NODES: usize = 200_000;

/// The starter's units (its tokens and literals), whatever a student's code it covers.
#[derive(Debug, Default)]
pub struct Base {
    units: Vec<Unit>,
}

impl Base {
    /// The starter's files: a folder (all its sources) or one source file.
    pub fn read(path: &Path) -> Result<Base, SimilarError> {
        let error = |problem: BaseProblem| SimilarError::Base {
            path: path.to_path_buf(),
            problem,
        };
        let files = if path.is_dir() {
            sources(path, &mut Vec::new())
        } else if path.is_file() {
            if Language::of(path).is_none() {
                return Err(error(BaseProblem::NotSource));
            }
            vec![(path.to_path_buf(), String::new())]
        } else {
            return Err(error(BaseProblem::Missing));
        };
        if files.is_empty() {
            return Err(error(BaseProblem::NoSources));
        }
        let mut tokenizer = Tokenizer::default();
        let mut units = Vec::new();
        for (file, _) in files {
            let (Some(language), Ok(text)) = (Language::of(&file), fs::read(&file)) else {
                continue;
            };
            units.extend(tokenizer.units(language, &text).unwrap_or_default());
        }
        Ok(Base { units })
    }
}

/// A file's units as one student's code, tiled against itself as a classmate's would be
/// (for the fuzz target): how many tokens the tiles cover.
#[cfg(feature = "fuzzing")]
pub(crate) fn self_tiled(units: Vec<tokens::Unit>) -> usize {
    let base = Stream::of_base(&[]);
    let mut streams = [
        Stream::new(vec![("a".to_string(), units.clone())], &base),
        Stream::new(vec![("b".to_string(), units)], &base),
    ];
    let min = stream::min_match(&streams);
    streams.iter_mut().for_each(|stream| stream.index(min));
    let pair = pairs::similarity(&["a".to_string(), "b".to_string()], &streams, 0.0);
    pair.pairs.iter().map(|p| p.fragments.len()).sum()
}

/// Compares every pair of students; `notes` says which files were passed over and why.
pub fn compare(
    students: &[Submission],
    base: &Base,
    options: &Options,
) -> Result<(Similarity, Vec<String>), SimilarError> {
    if !(0.0..=1.0).contains(&options.threshold) {
        return Err(SimilarError::Threshold(options.threshold));
    }
    let read: Vec<(Vec<SourceFile>, Vec<String>)> = students
        .par_iter()
        .map_init(Tokenizer::default, |tokenizer, student| {
            let mut notes = Vec::new();
            let units = read_units(&student.folder, tokenizer, &mut notes);
            let notes = notes
                .into_iter()
                .map(|note| format!("{}: {note}", student.name))
                .collect();
            (units, notes)
        })
        .collect();
    let notes = read.iter().flat_map(|(_, notes)| notes.clone()).collect();
    let base = Stream::of_base(&base.units);
    let mut streams: Vec<Stream> = read
        .into_par_iter()
        .map(|(files, _)| Stream::new(files, &base))
        .collect();
    let min = stream::min_match(&streams);
    streams.par_iter_mut().for_each(|stream| stream.index(min));
    let names: Vec<String> = students.iter().map(|s| s.name.clone()).collect();
    Ok((pairs::similarity(&names, &streams, options.threshold), notes))
}

/// A source file as read: its path relative to the student's folder, and its units.
type SourceFile = (String, Vec<Unit>);

/// A student's source files, each as its units, in name order.
fn read_units(folder: &Path, tokenizer: &mut Tokenizer, notes: &mut Vec<String>) -> Vec<SourceFile> {
    let mut files = Vec::new();
    let mut budget = MAX_STUDENT_BYTES;
    let mut node_budget = MAX_STUDENT_NODES;
    for (path, relative) in sources(folder, notes) {
        let Some(language) = Language::of(&path) else {
            continue;
        };
        let size = fs::metadata(&path).map_or(0, |m| m.len());
        if size > budget {
            notes.push(format!(
                "{relative}: past the {} MiB of source compared per student, not compared",
                MAX_STUDENT_BYTES >> 20
            ));
            continue;
        }
        budget -= size;
        let text = match fs::read(&path) {
            Ok(text) => text,
            Err(error) => {
                notes.push(format!("{relative}: not read ({error})"));
                continue;
            }
        };
        let Some(units) = tokenizer.units(language, &text) else {
            notes.push(format!("{relative}: could not be parsed"));
            continue;
        };
        let nodes: usize = units.iter().map(|u| u.fine.len()).sum();
        if nodes > node_budget {
            notes.push(format!(
                "{relative}: past the {MAX_STUDENT_NODES} syntax-tree nodes compared per student, not compared"
            ));
            continue;
        }
        node_budget -= nodes;
        files.push((relative, units));
    }
    files
}

/// The source files under `folder` in name order, with their paths relative to it; links,
/// hidden folders and oversized files are passed over (said in `notes`).
fn sources(folder: &Path, notes: &mut Vec<String>) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        let mut entries: Vec<_> = entries.flatten().collect();
        entries.sort_by_key(|entry| std::cmp::Reverse(entry.file_name()));
        for entry in entries {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Ok(kind) = entry.file_type() else { continue };
            let path = entry.path();
            let relative = path
                .strip_prefix(folder)
                .unwrap_or(&path)
                .to_string_lossy()
                .into_owned();
            if name.starts_with('.') || name == "__MACOSX" {
                continue;
            }
            if kind.is_dir() {
                stack.push(path);
            } else if kind.is_file() && Language::of(&path).is_some() {
                if entry.metadata().is_ok_and(|m| m.len() > MAX_FILE_BYTES) {
                    notes.push(format!(
                        "{relative}: over {} MiB, not compared",
                        MAX_FILE_BYTES >> 20
                    ));
                } else if found.len() == MAX_FILES {
                    notes.push(format!(
                        "more than {MAX_FILES} source files: the rest not compared"
                    ));
                    return found;
                } else {
                    found.push((path, relative));
                }
            }
        }
    }
    found.sort_by(|a, b| a.1.cmp(&b.1));
    found
}
