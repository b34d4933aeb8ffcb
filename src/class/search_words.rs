//! The search's verdict in the student's language: one table of phrases a language, the
//! lectures' own words (poda, alfa-beta, nodo, profundidad; nó, profundidade). The JSON keeps
//! the English lines (machines read them); the pages students read say them again from here.

use minimax_core::figures::exercise_sheet::Lang;

/// How a stdio run is asked for its trace, said when it wrote none.
pub(crate) const STDIO_HINT: &str = "MINIMAX_TRACE=2 asks for it on stderr";
/// How a session's program writes its trace, said when it wrote none.
pub(crate) const SESSION_HINT: &str =
    "the harness records it when the program calls its helper, MinimaxTrace.java or minimax_trace.py";

/// The phrases of the search's verdict in one language; `{…}` marks what is filled in.
pub(crate) struct SearchWords {
    pub(crate) lang: Lang,
    /// What heads a search's note in the student's notes.
    pub(crate) note: &'static str,
    /// Between thousands: `1,204` in English, `1.204` in Spanish and Portuguese.
    pub(crate) thousands: char,
    /// `{p}` the procedure, `{n}` the student's nodes, `{b}` board order's, `{f}` best first's.
    pub(crate) correct: &'static str,
    pub(crate) ordered: &'static str,
    pub(crate) not_ordered: &'static str,
    /// `{m}` what alpha-beta enters in the student's order.
    pub(crate) no_pruning: &'static str,
    /// `{bug}` the mistake's name.
    pub(crate) bug: &'static str,
    pub(crate) adds_up_wrong: &'static str,
    pub(crate) departs: &'static str,
    pub(crate) table: &'static str,
    /// `search = "alphabeta-ordered"`: `{s}` the scoring the counts used (the student's own),
    /// or none known, the order not judged.
    pub(crate) scored: &'static str,
    /// `{known}` the scorings the grader tries ([`minimax_core::replay::Scoring::KNOWN`]).
    pub(crate) unscored: &'static str,
    /// `{d}` the departure line.
    pub(crate) first_departure: &'static str,
    /// `{m}` the trace's best move.
    pub(crate) not_printed: &'static str,
    /// `{path}`, `{line}`, `{a}` α, `{b}` β, `{p}` the procedure, `{does}` what it does there.
    pub(crate) departure: &'static str,
    pub(crate) root: &'static str,
    /// What the procedure does at the departing node: `{m}` a move, `{v}` a value.
    pub(crate) enters: &'static str,
    pub(crate) pruned: &'static str,
    pub(crate) leaf: &'static str,
    pub(crate) backs_up: &'static str,
    pub(crate) terminal: &'static str,
    /// Searches that earn nothing before any replay: `{how}` how the trace is asked for,
    /// `{why}` the reader's reason (the grader's English), `{n}` a limit in bytes.
    pub(crate) no_trace: &'static str,
    pub(crate) stdio_hint: &'static str,
    pub(crate) session_hint: &'static str,
    pub(crate) no_search: &'static str,
    pub(crate) not_checked: &'static str,
    pub(crate) refused: &'static str,
    pub(crate) too_big: &'static str,
    /// The figure's heading and its note at the departing node.
    figure: [(&'static str, &'static str); 3],
    /// The searches' names, whole or in part (English first), longest first.
    names: &'static [(&'static str, &'static str)],
}

/// Every language's phrases, English first (the JSON's).
pub(crate) const ALL: [&SearchWords; 3] = [&EN, &ES, &PT];

impl SearchWords {
    /// The phrases in `lang`.
    pub(crate) fn of(lang: Lang) -> &'static SearchWords {
        match lang {
            Lang::En => &EN,
            Lang::Es => &ES,
            Lang::Pt => &PT,
        }
    }

    /// A search's name (`no pruning`, `alpha-beta (≥ cut-offs, fail-soft), depth 3`): a whole
    /// name where the table has it, else its parts replaced.
    pub(crate) fn name(&self, name: &str) -> String {
        if let Some((_, whole)) = self.names.iter().find(|(en, _)| *en == name) {
            return (*whole).to_string();
        }
        let mut said = name.to_string();
        for (en, here) in self.names {
            said = said.replace(en, here);
        }
        said
    }

    /// How a program is asked for its trace, said in this language.
    pub(crate) fn hint(&self, english: &str) -> &'static str {
        if english == EN.session_hint {
            self.session_hint
        } else {
            self.stdio_hint
        }
    }

    /// The departure figure (the grader's own SVG, drawn in English) with its heading and
    /// note in this language.
    pub(crate) fn figure(&self, svg: &str) -> String {
        let mut said = svg.to_string();
        for ((en, _), (_, here)) in EN.figure.iter().zip(self.figure) {
            said = said.replace(en, here);
        }
        said
    }

    /// 1204 as `1,204` (`1.204`).
    pub(crate) fn count(&self, n: usize) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(self.thousands);
            }
            out.push(c);
        }
        out
    }
}

/// `text` with each `{key}` replaced by its value.
pub(crate) fn fill(text: &str, values: &[(&str, &str)]) -> String {
    let mut said = text.to_string();
    for (key, value) in values {
        said = said.replace(key, value);
    }
    said
}

static EN: SearchWords = SearchWords {
    lang: Lang::En,
    note: "search",
    thousands: ',',
    correct: "{p} correct, {n} nodes",
    ordered: "{p} correct, ordered: {n} nodes where alpha-beta in board order visits {b}",
    not_ordered:
        "{p} correct but not ordered: {n} nodes where alpha-beta in board order visits {b} and best first {f}",
    no_pruning: "no pruning: {n} nodes where alpha-beta in your order visits {m}",
    bug: "{bug}, {n} nodes",
    adds_up_wrong: "trace refused: its values do not add up",
    departs: "not a search the grader knows, {n} nodes",
    table: "; transposition table: {n} repeated positions not searched again",
    scored: "; counted with your scoring, {s}",
    unscored: "; order not judged: no scoring the grader knows gives your finished games the values written ({known})",
    first_departure: "; first departure at {d}",
    not_printed: "; but the trace's best move is {m}, not the move printed",
    departure: "{path} (line {line}), α = {a}, β = {b}: {p} {does}",
    root: "root",
    enters: "enters {m} next",
    pruned: "has cut this node off",
    leaf: "goes no deeper",
    backs_up: "backs up {v}",
    terminal: "scores this finished game {v} for MAX",
    no_trace: "no trace: the program wrote none ({how})",
    stdio_hint: STDIO_HINT,
    session_hint: SESSION_HINT,
    no_search: "no search: the trace enters no node",
    not_checked: "search not checked: the position is not a board the replay plays",
    refused: "trace refused: {why}",
    too_big: "trace refused: the trace passes its limit of {n} bytes; the rest is not read",
    figure: [
        ("your search", "your search"),
        ("first departure: ", "first departure: "),
        ("value written ", "value written "),
    ],
    names: &[
        ("departs", "not a search the grader knows"),
        ("refused", "trace refused"),
    ],
};

static ES: SearchWords = SearchWords {
    lang: Lang::Es,
    note: "búsqueda",
    thousands: '.',
    correct: "{p} correcto, {n} nodos",
    ordered: "{p} correcto, ordenado: {n} nodos donde alfa-beta en el orden del tablero visita {b}",
    not_ordered: "{p} correcto pero sin ordenar: {n} nodos donde alfa-beta en el orden del tablero visita {b} y con el mejor primero {f}",
    no_pruning: "sin poda: {n} nodos donde alfa-beta en tu orden visita {m}",
    bug: "{bug}, {n} nodos",
    adds_up_wrong: "traza rechazada: sus valores no cuadran",
    departs: "ninguna búsqueda conocida, {n} nodos",
    table: "; tabla de transposición: {n} posiciones repetidas no se buscan de nuevo",
    scored: "; contado con tu valoración, {s}",
    unscored: "; orden sin juzgar: ninguna valoración conocida da a tus finales de partida los valores escritos ({known})",
    first_departure: "; primer nodo que se aparta: {d}",
    not_printed: "; pero la mejor jugada de la traza es {m}, no la que imprime el programa",
    departure: "{path} (línea {line}), α = {a}, β = {b}: {p} {does}",
    root: "raíz",
    enters: "entra después en {m}",
    pruned: "ya ha podado este nodo",
    leaf: "no baja más",
    backs_up: "devuelve {v}",
    terminal: "valora este final de partida con {v} para MAX",
    no_trace: "sin traza: el programa no escribió ninguna ({how})",
    stdio_hint: "MINIMAX_TRACE=2 la pide en stderr",
    session_hint: "el arnés la registra cuando el programa llama a su ayudante, MinimaxTrace.java o minimax_trace.py",
    no_search: "sin búsqueda: la traza no entra en ningún nodo",
    not_checked: "búsqueda sin comprobar: la posición no es un tablero que la repetición sepa jugar",
    refused: "traza rechazada: {why}",
    too_big: "traza rechazada: la traza pasa de su límite de {n} bytes; el resto no se lee",
    figure: [
        ("your search", "tu búsqueda"),
        ("first departure: ", "primer nodo que se aparta: "),
        ("value written ", "valor escrito "),
    ],
    names: &[
        ("no pruning", "sin poda"),
        ("α and β swapped", "α y β intercambiados"),
        ("cut-off on the wrong side", "el corte del lado equivocado"),
        ("depth off by one", "la profundidad desplazada en uno"),
        ("partial ply", "el último nivel a medias"),
        (
            "scored from the wrong player's view",
            "valorado desde el jugador equivocado",
        ),
        ("a finished game scored wrong", "un final de partida mal valorado"),
        ("stopped at the first win", "parada en la primera victoria"),
        ("no trace", "sin traza"),
        ("refused", "traza rechazada"),
        ("not checked", "sin comprobar"),
        ("departs", "ninguna búsqueda conocida"),
        ("values do not add up", "valores que no cuadran"),
        (", stopping at the first win", ", parando en la primera victoria"),
        (", not ordered", ", sin ordenar"),
        (", ordered", ", ordenado"),
        (", depth ", ", profundidad "),
        ("alpha-beta", "alfa-beta"),
        ("− depth)", "− profundidad)"),
        ("empty squares", "casillas vacías"),
        ("≥ cut-offs", "cortes ≥"),
        ("> cut-offs", "cortes >"),
        ("cut-offs", "cortes"),
    ],
};

static PT: SearchWords = SearchWords {
    lang: Lang::Pt,
    note: "busca",
    thousands: '.',
    correct: "{p} correto, {n} nós",
    ordered: "{p} correto, ordenado: {n} nós onde alfa-beta na ordem do tabuleiro visita {b}",
    not_ordered: "{p} correto mas sem ordenar: {n} nós onde alfa-beta na ordem do tabuleiro visita {b} e com o melhor primeiro {f}",
    no_pruning: "sem poda: {n} nós onde alfa-beta na tua ordem visita {m}",
    bug: "{bug}, {n} nós",
    adds_up_wrong: "traço recusado: os seus valores não batem",
    departs: "nenhuma busca conhecida, {n} nós",
    table: "; tabela de transposição: {n} posições repetidas não são buscadas de novo",
    scored: "; contado com a tua avaliação, {s}",
    unscored: "; ordem não julgada: nenhuma avaliação conhecida dá aos teus fins de jogo os valores escritos ({known})",
    first_departure: "; primeiro nó que se afasta: {d}",
    not_printed: "; mas a melhor jogada do traço é {m}, não a que o programa imprime",
    departure: "{path} (linha {line}), α = {a}, β = {b}: {p} {does}",
    root: "raiz",
    enters: "entra a seguir em {m}",
    pruned: "já podou este nó",
    leaf: "não desce mais",
    backs_up: "devolve {v}",
    terminal: "avalia este fim de jogo com {v} para MAX",
    no_trace: "sem traço: o programa não escreveu nenhum ({how})",
    stdio_hint: "MINIMAX_TRACE=2 pede-o no stderr",
    session_hint: "o arnês regista-o quando o programa chama o seu ajudante, MinimaxTrace.java ou minimax_trace.py",
    no_search: "sem busca: o traço não entra em nenhum nó",
    not_checked: "busca não verificada: a posição não é um tabuleiro que a repetição saiba jogar",
    refused: "traço recusado: {why}",
    too_big: "traço recusado: o traço passa o seu limite de {n} bytes; o resto não é lido",
    figure: [
        ("your search", "a tua busca"),
        ("first departure: ", "primeiro nó que se afasta: "),
        ("value written ", "valor escrito "),
    ],
    names: &[
        ("no pruning", "sem poda"),
        ("α and β swapped", "α e β trocados"),
        ("cut-off on the wrong side", "o corte do lado errado"),
        ("depth off by one", "a profundidade errada por um"),
        ("partial ply", "o último nível pela metade"),
        (
            "scored from the wrong player's view",
            "avaliado do ponto de vista do jogador errado",
        ),
        ("a finished game scored wrong", "um fim de jogo mal avaliado"),
        ("stopped at the first win", "parada na primeira vitória"),
        ("no trace", "sem traço"),
        ("refused", "traço recusado"),
        ("not checked", "não verificada"),
        ("departs", "nenhuma busca conhecida"),
        ("values do not add up", "valores que não batem"),
        (", stopping at the first win", ", parando na primeira vitória"),
        (", not ordered", ", sem ordenar"),
        (", ordered", ", ordenado"),
        (", depth ", ", profundidade "),
        ("alpha-beta", "alfa-beta"),
        ("− depth)", "− profundidade)"),
        ("empty squares", "casas vazias"),
        ("≥ cut-offs", "cortes ≥"),
        ("> cut-offs", "cortes >"),
        ("cut-offs", "cortes"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_procedures_name_reads_as_the_lectures_write_it() {
        let name = "alpha-beta (≥ cut-offs, fail-soft), depth 2";
        assert_eq!(ES.name(name), "alfa-beta (cortes ≥, fail-soft), profundidad 2");
        assert_eq!(PT.name(name), "alfa-beta (cortes ≥, fail-soft), profundidade 2");
        assert_eq!(EN.name(name), name);
        assert_eq!(ES.name("no pruning"), "sin poda");
    }

    #[test]
    fn counts_have_the_languages_thousands_separator() {
        assert_eq!(
            (EN.count(1204), ES.count(1204), PT.count(549946)),
            ("1,204".into(), "1.204".into(), "549.946".into())
        );
        assert_eq!(ES.count(7), "7");
    }
}
