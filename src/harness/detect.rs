//! Finding how to build and run a stdio program when `--run` is not given.
//!
//! The shallowest folder holding a known entry point wins; at one depth the order is a
//! `Makefile`, `main.py`, `main.lua`, `main.sh`, C or C++ sources, a Java class with `main`,
//! then a single `.py` or `.lua` file. Commands run with `sh -c` in the student's folder.

use std::fs;
use std::path::{Path, PathBuf};

/// How one student's program is built and run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Recipe {
    pub(crate) build: Option<String>,
    pub(crate) run: String,
    /// What was found, for the report (`main.py in Minimax/`).
    pub(crate) found: String,
    /// Programs needed, each with its Debian package.
    pub(crate) requires: Vec<(String, String)>,
}

/// How deep entry points are looked for.
const DEPTH: usize = 6;

/// javac on a quick-starting JVM (its start is most of a small build), with no annotation
/// processors: nothing of the student's runs while compiling.
const JAVAC: &str =
    "javac -J-XX:+UseSerialGC -J-XX:TieredStopAtLevel=1 -J-XX:-UsePerfData -proc:none -nowarn";

/// The binary a build makes is linked here, so that one run command fits every Makefile.
const PROGRAM: &str = ".minimax-program";

/// A folder in which no way to run a program was found.
#[derive(Debug, thiserror::Error)]
#[error("no program found (a Makefile, main.py, main.lua, main.sh, C sources or a Java class with main); give --run CMD, or --harness for code without a main")]
pub(crate) struct NoProgram;

pub(crate) fn detect(folder: &Path) -> Result<Recipe, NoProgram> {
    let mut level = vec![folder.to_path_buf()];
    for _ in 0..=DEPTH {
        let mut candidates: Vec<(u8, Recipe)> = Vec::new();
        let mut next = Vec::new();
        for dir in &level {
            let (files, dirs) = listing(dir);
            let relative = dir.strip_prefix(folder).unwrap_or(dir).to_path_buf();
            if let Some(recipe) = recipe_in(dir, &relative, &files) {
                candidates.push(recipe);
            }
            next.extend(dirs);
        }
        // At one depth: the kind's order, then a folder named src (an old copy in `backup/`
        // beside it is not the program), then by name; the others are named as passed over.
        let outside_src = |r: &Recipe| !r.found.contains("src/");
        candidates
            .sort_by(|a, b| (a.0, outside_src(&a.1), &a.1.found).cmp(&(b.0, outside_src(&b.1), &b.1.found)));
        let mut candidates = candidates.into_iter();
        if let Some((_, mut recipe)) = candidates.next() {
            let others: Vec<String> = candidates.map(|(_, other)| other.found).collect();
            if !others.is_empty() {
                recipe.found = format!("{}; passed over {}", recipe.found, others.join(", "));
            }
            return Ok(recipe);
        }
        if next.is_empty() {
            break;
        }
        level = next;
    }
    Err(NoProgram)
}

/// A folder's files and subfolders, in name order, without debris, hidden entries or links.
fn listing(dir: &Path) -> (Vec<String>, Vec<PathBuf>) {
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return (files, dirs);
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || crate::intake::unpack::is_debris(&name) {
            continue;
        }
        match entry.file_type() {
            Ok(kind) if kind.is_dir() => dirs.push(entry.path()),
            Ok(kind) if kind.is_file() => files.push(name),
            _ => {}
        }
    }
    (files, dirs)
}

/// `'text'` for `sh`.
pub(crate) fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// What a kind found among a folder's files: the name the report shows, and the file its
/// commands name, if any.
type Found = (String, Option<String>);

/// An entry point of one kind: how it is found among a folder's files, and its commands.
struct Kind {
    /// The kind's place in the order at one depth (lower wins; equal ranks go by name).
    rank: u8,
    /// What the folder's files give this kind.
    find: fn(&[String]) -> Option<Found>,
    /// The build command, `{file}` standing for the file found; `None` runs the file as it is.
    build: Option<&'static str>,
    run: &'static str,
    requires: &'static [(&'static str, &'static str)],
}

/// The newest executable the build made, whatever the Makefile named it.
const LINK_BINARY: &str = "for f in $(ls -t); do if [ -f \"$f\" ] && [ -x \"$f\" ] && [ \"$(head -c 4 \"$f\" | od -An -c | tr -d ' ')\" = '177ELF' ]; then ln -sf \"$f\" {program}; break; fi; done; [ -e {program} ] || { echo 'the build made no executable'; exit 1; }";

/// The kinds of stdio program a folder may hold, in the order that wins at one depth (a Java
/// class with `main` needs its sources read and its package, so it is [`java_recipe`]).
const KINDS: &[Kind] = &[
    Kind {
        rank: 0,
        find: |files| named(files, &["Makefile", "makefile", "GNUmakefile"]),
        build: Some("make -s && { {link}; }"),
        run: "./{program}",
        requires: &[("make", "make"), ("cc", "gcc")],
    },
    Kind {
        rank: 1,
        find: |files| named(files, &["main.py"]),
        build: None,
        run: "python3 main.py",
        requires: &[("python3", "python3")],
    },
    Kind {
        rank: 2,
        find: |files| named(files, &["main.lua"]),
        build: None,
        run: "lua main.lua",
        requires: &[("lua", "lua5.4")],
    },
    Kind {
        rank: 3,
        find: |files| named(files, &["main.sh"]),
        build: None,
        run: "sh main.sh",
        requires: &[],
    },
    Kind {
        rank: 4,
        find: |files| any_with(files, &[".c"], "C sources"),
        build: Some("cc -O2 -o {program} *.c -lm"),
        run: "./{program}",
        requires: &[("cc", "gcc")],
    },
    Kind {
        rank: 4,
        find: |files| any_with(files, &[".cpp", ".cc"], "C++ sources"),
        build: Some("c++ -O2 -o {program} $(ls *.cpp *.cc 2>/dev/null)"),
        run: "./{program}",
        requires: &[("c++", "g++")],
    },
    Kind {
        rank: 6,
        find: |files| single_with(files, ".py"),
        build: None,
        run: "python3 {file}",
        requires: &[("python3", "python3")],
    },
    Kind {
        rank: 6,
        find: |files| single_with(files, ".lua"),
        build: None,
        run: "lua {file}",
        requires: &[("lua", "lua5.4")],
    },
];

/// The rank of a Java class with `main`: after C and C++, before a lone script.
const JAVA_RANK: u8 = 5;

/// The first of `names` among the files.
fn named(files: &[String], names: &[&str]) -> Option<Found> {
    let name = names.iter().find(|n| files.iter().any(|f| f == *n))?;
    Some((name.to_string(), None))
}

/// `what`, when any file ends with one of `extensions`.
fn any_with(files: &[String], extensions: &[&str], what: &str) -> Option<Found> {
    let found = files.iter().any(|f| extensions.iter().any(|e| f.ends_with(e)));
    found.then(|| (what.to_string(), None))
}

/// The one file ending with `extension`, when there is exactly one.
fn single_with(files: &[String], extension: &str) -> Option<Found> {
    match files
        .iter()
        .filter(|f| f.ends_with(extension))
        .collect::<Vec<_>>()[..]
    {
        [only] => Some((only.clone(), Some(only.clone()))),
        _ => None,
    }
}

/// `cd 'dir' && `, or nothing for the student's own folder.
fn cd_into(relative: &Path) -> String {
    if relative.as_os_str().is_empty() {
        String::new()
    } else {
        format!("cd {} && ", quote(&relative.display().to_string()))
    }
}

/// ` in dir/` for the report, or nothing for the student's own folder.
fn shown_in(relative: &Path) -> String {
    if relative.as_os_str().is_empty() {
        String::new()
    } else {
        format!(" in {}/", relative.display())
    }
}

fn requirements(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(p, k)| (p.to_string(), k.to_string()))
        .collect()
}

/// The best entry point in one folder, with its rank, if any.
fn recipe_in(dir: &Path, relative: &Path, files: &[String]) -> Option<(u8, Recipe)> {
    let cd = cd_into(relative);
    let fill = |template: &str, file: &Option<String>| {
        template
            .replace("{link}", LINK_BINARY)
            .replace("{program}", PROGRAM)
            .replace("{file}", &file.as_deref().map(quote).unwrap_or_default())
    };
    let rank_below_java = |kind: &&Kind| kind.rank < JAVA_RANK;
    let native = KINDS
        .iter()
        .filter(rank_below_java)
        .find_map(|kind| Some((kind, (kind.find)(files)?)));
    let scripts = || {
        KINDS
            .iter()
            .filter(|k| !rank_below_java(k))
            .find_map(|kind| Some((kind, (kind.find)(files)?)))
    };
    let (kind, (what, file)) = match native {
        Some(found) => found,
        None => match java_recipe(dir, relative, files) {
            Some(recipe) => return Some((JAVA_RANK, recipe)),
            None => scripts()?,
        },
    };
    Some((
        kind.rank,
        Recipe {
            build: kind.build.map(|b| format!("{cd}{}", fill(b, &file))),
            run: format!("{cd}{}", fill(kind.run, &file)),
            found: format!("{what}{}", shown_in(relative)),
            requires: requirements(kind.requires),
        },
    ))
}

/// A Java class with `main`, compiled from its package's source root.
fn java_recipe(dir: &Path, relative: &Path, files: &[String]) -> Option<Recipe> {
    let sources: Vec<&String> = files.iter().filter(|f| f.ends_with(".java")).collect();
    let (class, package) = java_main(dir, &sources)?;
    // The package's folders lie between the source root and this folder.
    let depth = package.as_deref().map_or(0, |p| p.split('.').count());
    let cd = cd_into(relative.ancestors().nth(depth).unwrap_or(Path::new("")));
    let qualified = package.map_or(class.clone(), |p| format!("{p}.{class}"));
    Some(Recipe {
        build: Some(format!(
            "{cd}mkdir -p .minimax-classes && {JAVAC} -encoding UTF-8 -d .minimax-classes $(find . -name '*.java' ! -path '*/__MACOSX/*') 2>&1 || {{ echo; echo 'trying ISO-8859-1'; {JAVAC} -encoding ISO-8859-1 -d .minimax-classes $(find . -name '*.java' ! -path '*/__MACOSX/*'); }}"
        )),
        run: format!("{cd}java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData -Xmx256m -cp .minimax-classes {qualified}"),
        found: format!("{class}.java (a class with main){}", shown_in(relative)),
        requires: requirements(&[("javac", "openjdk-17-jdk-headless"), ("java", "openjdk-17-jre-headless")]),
    })
}

/// Most bytes of a file read to recognise it: a class's `main` is near its top, and a file may
/// be a sparse 4 GiB that reading whole would take the grader's memory.
const HEAD: u64 = 64 << 10;

/// The first [`HEAD`] bytes of a file.
fn head(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    fs::File::open(path)?.take(HEAD).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The first `.java` file (by name) declaring `static void main`, its class and package.
fn java_main(dir: &Path, files: &[&String]) -> Option<(String, Option<String>)> {
    files.iter().find_map(|file| {
        let text = head(&dir.join(file)).ok()?;
        let text = String::from_utf8_lossy(&text).into_owned();
        let compact: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if !compact.contains("static void main(") && !compact.contains("static void main (") {
            return None;
        }
        let package = text.lines().find_map(|line| {
            // A byte-order mark (dropped before the build) must not hide the package line.
            let line = line.trim().trim_start_matches('\u{feff}');
            line.strip_prefix("package ")
                .map(|p| p.trim_end_matches(';').trim().to_string())
        });
        Some((file.trim_end_matches(".java").to_string(), package))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let path = dir.path().join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn the_shallowest_entry_point_wins() {
        let dir = folder(&[("p/main.py", ""), ("p/deep/Makefile", "")]);
        let recipe = detect(dir.path()).unwrap();
        assert_eq!(
            (recipe.run.as_str(), recipe.found.as_str()),
            ("cd 'p' && python3 main.py", "main.py in p/")
        );
    }

    #[test]
    fn a_java_class_with_main_is_compiled_from_its_source_root() {
        let dir = folder(&[(
            "Minimax/src/gato/Main.java",
            "package gato;\npublic class Main { public static void main(String[] a) {} }",
        )]);
        let recipe = detect(dir.path()).unwrap();
        assert!(
            recipe.run.starts_with("cd 'Minimax/src' && java"),
            "{}",
            recipe.run
        );
        assert!(recipe.run.ends_with(" gato.Main"), "{}", recipe.run);
    }

    #[test]
    fn a_program_in_src_wins_over_an_old_copy_beside_it_and_the_copy_is_named() {
        let dir = folder(&[("p/backup/main.py", ""), ("p/src/main.py", "")]);
        let recipe = detect(dir.path()).unwrap();
        assert_eq!(
            (recipe.run.as_str(), recipe.found.as_str()),
            (
                "cd 'p/src' && python3 main.py",
                "main.py in p/src/; passed over main.py in p/backup/"
            )
        );
    }

    #[test]
    fn a_byte_order_mark_does_not_hide_the_package() {
        let dir = folder(&[(
            "src/gato/Main.java",
            "\u{feff}package gato;\npublic class Main { public static void main(String[] a) {} }",
        )]);
        let recipe = detect(dir.path()).unwrap();
        assert!(recipe.run.starts_with("cd 'src' && java"), "{}", recipe.run);
        assert!(recipe.run.ends_with(" gato.Main"), "{}", recipe.run);
    }

    #[test]
    fn nothing_runnable_says_what_was_looked_for() {
        let dir = folder(&[("readme.txt", "hola")]);
        assert!(detect(dir.path()).unwrap_err().to_string().contains("--run"));
    }
}
