//! Harnesses: how a student's code is built and asked for its answers.
//!
//! A harness is a folder: `harness.toml` (what to build, what to run, which protocol) and the
//! driver files copied beside each student's code. The built-in ones are such folders, kept
//! inside the binary: `java-gato` (the practice's Java starter), `python-cs50` (CS50 AI's
//! `tictactoe.py`). `stdio` is the plain contract: a program that reads a position on stdin
//! and prints its answer, run by `--run CMD` or found in the submission ([`detect`]).

pub(crate) mod detect;
pub(crate) mod session;

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Why `--harness NAME|DIR` gives no harness: no such one, a folder that does not read, or a
/// `harness.toml` that says no harness.
#[derive(Debug, thiserror::Error)]
pub enum HarnessError {
    #[error("--harness {given}: not a built-in harness ({}) nor a folder holding harness.toml", built_in_names().join(", "))]
    NoSuchHarness { given: String },
    #[error("{}: {source}", .path.display())]
    Unreadable { path: PathBuf, source: std::io::Error },
    #[error("{}: the driver files add up to more than 16 MiB", .dir.display())]
    TooBig { dir: PathBuf },
    /// A folder's `harness.toml`, said with its path.
    #[error("{}: {source}", .path.display())]
    Definition { path: PathBuf, source: DefinitionError },
    /// A built-in's own definition (never, as its test shows).
    #[error(transparent)]
    BuiltIn(#[from] DefinitionError),
}

/// Why a `harness.toml` says no harness.
#[derive(Debug, thiserror::Error)]
pub enum DefinitionError {
    #[error("{0}")]
    Toml(#[from] toml::de::Error),
    #[error("`run` is empty: give the command that runs the driver")]
    EmptyRun,
}

/// How a harness's run command is talked to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Protocol {
    /// One run per position: the position on stdin, the answer on stdout.
    #[default]
    Stdio,
    /// One run per student answers every position, each under its own deadline
    /// ([`session`]); a run that dies is started again for the positions left.
    Session,
}

/// A harness, ready to use.
#[derive(Clone, Debug)]
pub struct Harness {
    /// `stdio`, a built-in's name, or the folder it was read from.
    pub(crate) name: String,
    pub(crate) protocol: Protocol,
    /// Run once per student, in the student's folder, before any position.
    pub(crate) build: Option<String>,
    /// `None` only for `stdio` without `--run`: each student's command is found.
    pub(crate) run: Option<String>,
    /// What the student's code must look like, shown when the build fails.
    pub(crate) expects: Option<String>,
    /// Programs the harness needs, and the Debian package that has each.
    pub(crate) requires: Vec<(String, String)>,
    /// Driver files written beside the student's files (replacing any of the same name).
    pub(crate) files: Vec<(String, Vec<u8>)>,
    /// A session's driver sends each position's trace when the header asks (`traces = true`).
    pub(crate) traces: bool,
}

/// `harness.toml`, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Definition {
    /// For whoever reads the file: accepted, never shown (the harness's name says what it is).
    #[serde(rename = "description")]
    _description: Option<String>,
    #[serde(default)]
    protocol: Protocol,
    build: Option<String>,
    run: String,
    expects: Option<String>,
    #[serde(default)]
    requires: BTreeMap<String, String>,
    #[serde(default)]
    traces: bool,
}

/// The built-in harnesses: name, then each file's name and text.
const BUILT_IN: [(&str, &[(&str, &str)]); 2] = [
    (
        "java-gato",
        &[
            ("harness.toml", include_str!("java-gato/harness.toml")),
            ("MinimaxDriver.java", include_str!("java-gato/MinimaxDriver.java")),
            ("minimax-build.sh", include_str!("java-gato/minimax-build.sh")),
            // The search's trace helper: the student calls it, the driver takes each
            // position's trace from it.
            ("MinimaxTrace.java", include_str!("trace/MinimaxTrace.java")),
        ],
    ),
    (
        "python-cs50",
        &[
            ("harness.toml", include_str!("python-cs50/harness.toml")),
            ("minimax_driver.py", include_str!("python-cs50/minimax_driver.py")),
            ("minimax_trace.py", include_str!("trace/minimax_trace.py")),
        ],
    ),
];

/// The names `--harness` knows without a folder.
pub(crate) fn built_in_names() -> Vec<&'static str> {
    std::iter::once("stdio")
        .chain(BUILT_IN.iter().map(|(name, _)| *name))
        .collect()
}

/// Most bytes of driver files a harness folder may hold.
const MAX_FILES_BYTES: u64 = 16 << 20;

impl Harness {
    /// The plain contract, with `--run CMD` or with each student's command found.
    pub fn stdio(run: Option<String>) -> Harness {
        Harness {
            name: "stdio".to_string(),
            protocol: Protocol::Stdio,
            build: None,
            run,
            expects: None,
            requires: Vec::new(),
            files: Vec::new(),
            // Each run writes its own trace on stderr.
            traces: true,
        }
    }

    /// `--harness NAME|DIR`.
    pub(crate) fn load(given: &str) -> Result<Harness, HarnessError> {
        if let Some((name, files)) = BUILT_IN.iter().find(|(name, _)| *name == given) {
            let toml = files[0].1;
            let files = files[1..]
                .iter()
                .map(|(file, text)| (file.to_string(), text.as_bytes().to_vec()))
                .collect();
            return Ok(Harness::from_definition(name, toml, files)?);
        }
        let dir = Path::new(given);
        if !dir.is_dir() {
            return Err(HarnessError::NoSuchHarness {
                given: given.to_string(),
            });
        }
        let toml_path = dir.join("harness.toml");
        let unreadable = |path: &Path| {
            let path = path.to_path_buf();
            move |source| HarnessError::Unreadable { path, source }
        };
        let toml = std::fs::read_to_string(&toml_path).map_err(unreadable(&toml_path))?;
        let mut files = Vec::new();
        let mut total = 0;
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .map_err(unreadable(dir))?
            .flatten()
            .collect();
        entries.sort_by_key(|entry| entry.file_name());
        for entry in entries {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == "harness.toml" || !entry.file_type().is_ok_and(|t| t.is_file()) {
                continue;
            }
            let bytes = std::fs::read(entry.path()).map_err(unreadable(&entry.path()))?;
            total += bytes.len() as u64;
            if total > MAX_FILES_BYTES {
                return Err(HarnessError::TooBig {
                    dir: dir.to_path_buf(),
                });
            }
            files.push((name, bytes));
        }
        Harness::from_definition(&dir.display().to_string(), &toml, files).map_err(|source| {
            HarnessError::Definition {
                path: toml_path,
                source,
            }
        })
    }

    fn from_definition(
        name: &str,
        toml: &str,
        files: Vec<(String, Vec<u8>)>,
    ) -> Result<Harness, DefinitionError> {
        let definition: Definition = toml::from_str(toml)?;
        if definition.run.trim().is_empty() {
            return Err(DefinitionError::EmptyRun);
        }
        Ok(Harness {
            name: name.to_string(),
            protocol: definition.protocol,
            build: definition.build.filter(|b| !b.trim().is_empty()),
            run: Some(definition.run),
            expects: definition.expects,
            requires: definition.requires.into_iter().collect(),
            files,
            traces: definition.traces || definition.protocol == Protocol::Stdio,
        })
    }

    /// Whether students' files must be copied before use (a build writes beside them, or
    /// drivers are added).
    pub(crate) fn writes(&self) -> bool {
        self.build.is_some() || !self.files.is_empty() || self.run.is_none()
    }
}

/// Sources a UTF-8 byte-order mark is dropped from: javac refuses one ("illegal character
/// '\ufeff'"), and Windows editors write one.
const SOURCE_ENDINGS: [&str; 8] = [".java", ".py", ".c", ".h", ".cc", ".cpp", ".lua", ".sh"];
/// How many source files are looked at, at most (the copy itself is capped too).
const MAX_SOURCES: usize = 20_000;

/// Drops the UTF-8 byte-order mark from the start of every source file under `dir` (the
/// student's scratch copy, never the download itself); says which files had one.
pub(crate) fn drop_byte_order_marks(dir: &Path) -> Vec<String> {
    use std::io::Read;
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    let mut dropped = Vec::new();
    let mut seen = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        let mut entries: Vec<_> = entries.flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let Ok(kind) = entry.file_type() else { continue };
            let name = entry.file_name().to_string_lossy().to_ascii_lowercase();
            if kind.is_dir() {
                stack.push(entry.path());
                continue;
            }
            if !kind.is_file() || !SOURCE_ENDINGS.iter().any(|e| name.ends_with(e)) {
                continue;
            }
            seen += 1;
            if seen > MAX_SOURCES {
                return dropped;
            }
            let path = entry.path();
            let mut start = [0u8; 3];
            let has_bom = std::fs::File::open(&path)
                .and_then(|mut f| f.read_exact(&mut start))
                .is_ok()
                && start == BOM;
            if !has_bom {
                continue;
            }
            let rewritten = std::fs::read(&path).and_then(|bytes| std::fs::write(&path, &bytes[BOM.len()..]));
            if rewritten.is_ok() {
                dropped.push(path.strip_prefix(dir).unwrap_or(&path).display().to_string());
            }
        }
    }
    if dropped.is_empty() {
        return Vec::new();
    }
    dropped.sort();
    vec![format!(
        "dropped the UTF-8 byte-order mark at the start of {} (compilers refuse it)",
        dropped.join(", ")
    )]
}

/// The programs of `requires` missing from the runs' PATH, each with the package to install.
pub(crate) fn missing_programs(requires: &[(String, String)]) -> Vec<(String, String)> {
    requires
        .iter()
        .filter(|(program, _)| !on_path(program))
        .cloned()
        .collect()
}

/// Whether `program` is an executable in one of the folders runs search.
pub(crate) fn on_path(program: &str) -> bool {
    minimax_sandbox::RUN_PATH.split(':').any(|dir| {
        std::fs::metadata(Path::new(dir).join(program)).is_ok_and(|m| m.is_file() && executable(&m))
    })
}

#[cfg(unix)]
fn executable(metadata: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    metadata.permissions().mode() & 0o111 != 0
}

/// Windows has no execute bit: a file that is there may be run.
#[cfg(not(unix))]
fn executable(_: &std::fs::Metadata) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_harnesses_are_valid_harness_folders() {
        for name in ["java-gato", "python-cs50"] {
            let harness = Harness::load(name).unwrap();
            assert_eq!(harness.protocol, Protocol::Session, "{name}");
            assert!(
                !harness.files.is_empty() && !harness.requires.is_empty(),
                "{name}"
            );
        }
    }

    #[test]
    fn byte_order_marks_are_dropped_from_sources_only_and_named() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("Minimax/src");
        std::fs::create_dir_all(&src).unwrap();
        std::fs::write(src.join("Minimax.java"), b"\xEF\xBB\xBFpublic class Minimax {}").unwrap();
        std::fs::write(src.join("notas.txt"), b"\xEF\xBB\xBFhola").unwrap();
        std::fs::write(src.join("Accion.java"), b"class Accion {}").unwrap();
        let notes = drop_byte_order_marks(dir.path());
        assert_eq!(
            notes,
            ["dropped the UTF-8 byte-order mark at the start of Minimax/src/Minimax.java (compilers refuse it)"]
        );
        assert_eq!(
            std::fs::read(src.join("Minimax.java")).unwrap(),
            b"public class Minimax {}"
        );
        assert!(std::fs::read(src.join("notas.txt")).unwrap().starts_with(b"\xEF"));
        assert!(drop_byte_order_marks(dir.path()).is_empty());
    }

    #[test]
    fn a_harness_toml_with_a_typo_is_refused_with_its_line() {
        let error = Harness::from_definition("x", "run = \"lua d.lua\"\nbuidl = \"make\"\n", Vec::new())
            .unwrap_err()
            .to_string();
        assert!(error.contains("buidl") && error.contains('2'), "{error}");
    }

    #[test]
    fn a_harness_that_is_neither_built_in_nor_a_folder_is_refused_with_the_names() {
        let error = Harness::load("/no/such/harness").unwrap_err();
        assert_eq!(
            error.to_string(),
            "--harness /no/such/harness: not a built-in harness (stdio, java-gato, python-cs50) nor a folder holding harness.toml"
        );
    }
}
