//! The hand-in's words in the course's language (`lang` in the course file, or `--lang`):
//! what students read in their feedback and the worksheet's comments. Readme fields are
//! named by their names, never by their patterns.

use minimax_core::figures::exercise_sheet::Lang;

/// The phrases of the hand-in rules, in one language.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Say(pub(crate) Lang);

impl Say {
    fn pick(self, en: &str, es: &str, pt: &str) -> String {
        match self.0 {
            Lang::En => en,
            Lang::Es => es,
            Lang::Pt => pt,
        }
        .to_string()
    }

    pub(crate) fn one_archive(self, types: &str) -> String {
        self.pick(
            "handed in as one archive (",
            "entregada en un solo archivo (",
            "entregue num só arquivo (",
        ) + types
            + ")"
    }

    pub(crate) fn no_archive(self, handed: &str) -> String {
        self.pick(
            "no archive: ",
            "ningún archivo comprimido: ",
            "nenhum arquivo compactado: ",
        ) + handed
    }

    pub(crate) fn nothing(self) -> String {
        self.pick("nothing", "nada", "nada")
    }

    pub(crate) fn other_type(self, name: &str) -> String {
        name.to_string()
            + &self.pick(
                ", an archive of another type",
                ", un archivo de otro tipo",
                ", um arquivo de outro tipo",
            )
    }

    pub(crate) fn several(self, count: usize, list: &str) -> String {
        format!(
            "{count} {}: {list}",
            self.pick("archives", "archivos", "arquivos")
        )
    }

    pub(crate) fn named_item(self, pattern: &str) -> String {
        format!(
            "{} {pattern}",
            self.pick("the archive named", "el archivo nombrado", "o arquivo nomeado")
        )
    }

    pub(crate) fn full_name_item(self) -> String {
        self.pick("full name", "nombre completo", "nome completo")
    }

    pub(crate) fn named(self, pattern: &str, example: &str) -> String {
        format!(
            "{} {pattern} ({example})",
            self.pick("the archive named", "el archivo nombrado", "o arquivo nomeado")
        )
    }

    pub(crate) fn in_archive(self, path: &str) -> String {
        format!(
            "{path} {}",
            self.pick("in the archive", "en el archivo", "no arquivo")
        )
    }

    pub(crate) fn layout(self, paths: &[String]) -> String {
        format!(
            "{}: {}",
            self.pick("the layout", "la estructura", "a estrutura"),
            self.and(paths)
        )
    }

    /// "a and b", "a y b".
    pub(crate) fn and(self, items: &[String]) -> String {
        items.join(&self.pick(" and ", " y ", " e "))
    }

    pub(crate) fn no_file(self, name: &str) -> String {
        self.pick(
            "no file named ",
            "ningún archivo llamado ",
            "nenhum arquivo chamado ",
        ) + name
    }

    pub(crate) fn nested(self, archive: &str, path: &str) -> String {
        match self.0 {
            Lang::En => format!("the archive holds {archive}; {path} found inside it"),
            Lang::Es => format!("el archivo contiene {archive}; dentro de él: {path}"),
            Lang::Pt => format!("o arquivo contém {archive}; dentro dele: {path}"),
        }
    }

    pub(crate) fn gives(self, file: &str, what: &str) -> String {
        match self.0 {
            Lang::En => format!("{file} gives the {what}"),
            Lang::Es => format!("{file} incluye: {what}"),
            Lang::Pt => format!("{file} inclui: {what}"),
        }
    }

    pub(crate) fn full_name(self, name: &str) -> String {
        format!(
            "{} ({name})",
            self.pick("full name", "nombre completo", "nome completo")
        )
    }

    pub(crate) fn name_missing(self, words: &str, begins: &str) -> String {
        match self.0 {
            Lang::En => format!("{words} missing; it begins {begins:?}"),
            Lang::Es => format!("falta {words}; empieza «{begins}»"),
            Lang::Pt => format!("falta {words}; começa «{begins}»"),
        }
    }

    pub(crate) fn not_in_it(self) -> String {
        self.pick("nothing of the kind in it", "no aparece", "não aparece")
    }

    pub(crate) fn no_readme(self, file: &str) -> String {
        self.pick("no readme (", "no hay readme (", "não há readme (") + file + ")"
    }

    pub(crate) fn readme_charged_once(self, file: &str) -> String {
        match self.0 {
            Lang::En => format!("no {file}: charged in the readme's part only"),
            Lang::Es => format!("no hay {file}: se descuenta solo en la parte del readme"),
            Lang::Pt => format!("não há {file}: descontado só na parte do readme"),
        }
    }

    pub(crate) fn read_from(self, at: &str) -> String {
        self.pick("read from ", "leído de ", "lido de ") + at
    }

    /// A broken rule, as a note: "hand-in: RULE: found WHAT"; a readme's rule starts
    /// "readme: " and says what is missing.
    pub(crate) fn broken(self, part: &str, rule: &str, found: &str) -> String {
        let readme = part == "readme";
        let part = if readme {
            "readme".to_string()
        } else {
            self.pick("hand-in", "entrega", "entrega")
        };
        match (self.0, readme) {
            (Lang::En, _) => format!("{part}: {rule}: found {found}"),
            (_, true) => format!("{part}: {rule} — {found}"),
            (Lang::Es, false) => format!("{part}: {rule} — en su lugar: {found}"),
            (Lang::Pt, false) => format!("{part}: {rule} — em vez disso: {found}"),
        }
    }

    /// Something about the hand-in that costs nothing, as a note.
    pub(crate) fn noted(self, what: &str) -> String {
        self.pick("hand-in: ", "entrega: ", "entrega: ") + what
    }

    pub(crate) fn not_charged(self, graded: &str, names: &str) -> String {
        match self.0 {
            Lang::En => format!("also uploaded, not graded and not charged: {names}"),
            Lang::Es => format!(
                "se califica {graded}, la entrega más reciente; también subido, no calificado ni descontado: {names}"
            ),
            Lang::Pt => format!(
                "avalia-se {graded}, a entrega mais recente; também enviado, não avaliado nem descontado: {names}"
            ),
        }
    }

    /// A rubric part's name: `positions`, `hidden`, `handin`, `readme`, `late`.
    pub(crate) fn part(self, part: &str) -> String {
        match (self.0, part) {
            (Lang::En, _) => part.to_string(),
            (_, "positions") => self.pick("", "posiciones", "posições"),
            (_, "hidden") => self.pick("", "ocultas", "ocultas"),
            (_, "handin") => self.pick("", "entrega", "entrega"),
            (_, "late") => self.pick("", "retraso", "atraso"),
            (_, "search") => self.pick("", "búsqueda", "busca"),
            (_, other) => other.to_string(),
        }
    }

    pub(crate) fn grade(self) -> String {
        self.pick("grade", "calificación", "nota")
    }
}
