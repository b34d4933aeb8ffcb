//! Printable exercise sheets: the questions with their figures, then the answer key on a page
//! of its own, in the course's language (Spanish, as the practice sheet is, or English or
//! Portuguese).
//!
//! ```
//! use minimax_core::figures::exercise_sheet::{html, Lang, Question};
//!
//! let question = Question {
//!     figure: "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>".to_string(),
//!     prompt: "Best move for X?".to_string(),
//!     key: "X 3 1".to_string(),
//! };
//! let page = html(&[question], Lang::En);
//! assert!(page.contains("Best move for X?"));
//! assert!(page.contains("X 3 1"));
//! ```

use std::fmt::Write;

/// The language of a sheet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    /// Spanish, the practice sheet's language.
    #[default]
    Es,
    /// English.
    En,
    /// Portuguese.
    Pt,
}

/// One question: its figure (SVG), what is asked, and the answer.
#[derive(Clone, Debug)]
pub struct Question {
    /// The figure, as an SVG document.
    pub figure: String,
    /// What is asked, in the sheet's language.
    pub prompt: String,
    /// The answer, for the key's page.
    pub key: String,
}

/// The words a sheet needs, in each language.
pub struct Words {
    pub(crate) title: &'static str,
    pub(crate) key: &'static str,
    /// The question for a position; `{P}` stands for the player to move.
    pub best_move: &'static str,
    /// The question for a MAX/MIN tree (alpha-beta).
    pub tree: &'static str,
    /// The question for a tree with chance nodes (expectiminimax).
    pub tree_chance: &'static str,
    /// The question for a tree of several players (max^n).
    pub tree_players: &'static str,
    /// "value", in a key.
    pub value: &'static str,
    /// "move" (the root's child chosen), in a key.
    pub chosen: &'static str,
    /// "pruned", in a key.
    pub pruned: &'static str,
    /// "none", for an empty list of pruned nodes.
    pub none: &'static str,
    /// "wins in", before a number of moves.
    pub wins_in: &'static str,
    /// "draw".
    pub draw: &'static str,
}

impl Lang {
    pub(crate) fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
            Lang::Pt => "pt",
        }
    }

    /// The words of this language.
    pub fn words(self) -> Words {
        match self {
            Lang::Es => Words {
                title: "Ejercicios: minimax",
                key: "Respuestas",
                best_move: "Mueve {P}. ¿Cuál es la mejor jugada? Escribe la acción: marca, columna y fila (X 3 1).",
                tree: "Aplica alfa-beta, de izquierda a derecha: ¿cuál es el valor de la raíz, qué jugada se elige y cuáles son los nodos que podemos podar?",
                tree_chance: "Aplica expectiminimax: ¿cuál es el valor de la raíz y qué jugada se elige?",
                tree_players: "Aplica max^n: ¿cuál es el vector de valores de la raíz y qué jugada se elige?",
                value: "valor",
                chosen: "jugada",
                pruned: "podados",
                none: "ninguno",
                wins_in: "gana en",
                draw: "empate",
            },
            Lang::En => Words {
                title: "Exercises: minimax",
                key: "Answer key",
                best_move: "{P} to move. What is the best move? Write the action: mark, column and row (X 3 1).",
                tree: "Apply alpha-beta, left to right: what is the root's value, which move is chosen, and which nodes are pruned?",
                tree_chance: "Apply expectiminimax: what is the root's value, and which move is chosen?",
                tree_players: "Apply max^n: what is the root's vector of values, and which move is chosen?",
                value: "value",
                chosen: "move",
                pruned: "pruned",
                none: "none",
                wins_in: "wins in",
                draw: "draw",
            },
            Lang::Pt => Words {
                title: "Exercícios: minimax",
                key: "Respostas",
                best_move: "Joga {P}. Qual é a melhor jogada? Escreva a ação: marca, coluna e linha (X 3 1).",
                tree: "Aplique alfa-beta, da esquerda para a direita: qual é o valor da raiz, qual jogada é escolhida e quais nós são podados?",
                tree_chance: "Aplique expectiminimax: qual é o valor da raiz e qual jogada é escolhida?",
                tree_players: "Aplique max^n: qual é o vetor de valores da raiz e qual jogada é escolhida?",
                value: "valor",
                chosen: "jogada",
                pruned: "podados",
                none: "nenhum",
                wins_in: "vence em",
                draw: "empate",
            },
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The whole sheet: questions first, the key on a new page.
pub fn html(questions: &[Question], lang: Lang) -> String {
    let words = lang.words();
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\nbody {{ font-family: sans-serif; max-width: 44em; margin: 2em auto; }}\n.question {{ break-inside: avoid; page-break-inside: avoid; margin-bottom: 2em; }}\n.key {{ page-break-before: always; break-before: page; }}\n</style></head><body>\n<h1>{}</h1>\n",
        lang.code(),
        escape(words.title),
        escape(words.title)
    );
    for (index, question) in questions.iter().enumerate() {
        let _ = write!(
            page,
            "<section class=\"question\"><h2>{}.</h2><p>{}</p>\n{}</section>\n",
            index + 1,
            escape(&question.prompt),
            question.figure
        );
    }
    let _ = writeln!(page, "<section class=\"key\"><h1>{}</h1><ol>", escape(words.key));
    for question in questions {
        let _ = writeln!(page, "<li>{}</li>", escape(&question.key));
    }
    page.push_str("</ol></section>\n</body></html>\n");
    page
}
