//! Printable exercise sheets: the questions with their figures, then the answer key on a page
//! of its own, in the course's language (Spanish, as the practice sheet is, or English or
//! Portuguese).

use std::fmt::Write;

/// The language of a sheet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    Es,
    En,
    Pt,
}

/// One question: its figure (SVG), what is asked, and the answer.
#[derive(Clone, Debug)]
pub struct Question {
    pub figure: String,
    pub prompt: String,
    pub key: String,
}

/// The words a sheet needs, in each language.
pub struct Words {
    pub title: &'static str,
    pub key: &'static str,
    pub best_move: &'static str,
    pub tree: &'static str,
    pub tree_chance: &'static str,
    pub tree_players: &'static str,
    pub value: &'static str,
    pub chosen: &'static str,
    pub pruned: &'static str,
    pub none: &'static str,
    pub wins_in: &'static str,
    pub draw: &'static str,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
            Lang::Pt => "pt",
        }
    }

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
