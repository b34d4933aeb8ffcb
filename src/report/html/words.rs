//! The class page's words in the course's languages (Spanish, as the page in web/ and the
//! practice sheet; English; Portuguese). `{n}`, `{p}`, `{w}` stand for numbers and names.

use crate::class::Verdict;
use minimax_core::figures::exercise_sheet::Lang;

/// Every phrase of the page, in one language.
pub(crate) struct Words {
    pub(crate) code: &'static str,
    pub(crate) title: &'static str,
    pub(crate) students: &'static str,
    pub(crate) student: &'static str,
    pub(crate) score: &'static str,
    pub(crate) points: &'static str,
    pub(crate) how_the_class_did: &'static str,
    pub(crate) histogram: &'static str,
    pub(crate) mean: &'static str,
    pub(crate) median: &'static str,
    pub(crate) full: &'static str,
    pub(crate) zero: &'static str,
    pub(crate) late: &'static str,
    pub(crate) hours_late: &'static str,
    pub(crate) nobody_late: &'static str,
    pub(crate) missing: &'static str,
    pub(crate) not_graded: &'static str,
    pub(crate) not_run: &'static str,
    pub(crate) unanswered: &'static str,
    pub(crate) nothing_missing: &'static str,
    pub(crate) hardest: &'static str,
    pub(crate) share_optimal: &'static str,
    pub(crate) positions: &'static str,
    pub(crate) to_move: &'static str,
    pub(crate) optimal_answers: &'static str,
    pub(crate) answers: &'static str,
    pub(crate) wrong_answers: &'static str,
    pub(crate) no_wrong_answers: &'static str,
    pub(crate) group: &'static str,
    pub(crate) then_wins: &'static str,
    pub(crate) wins: &'static str,
    pub(crate) one_student: &'static str,
    pub(crate) draw: &'static str,
    pub(crate) instead_of: &'static str,
    pub(crate) mistakes: &'static str,
    pub(crate) mistakes_chart: &'static str,
    pub(crate) times: &'static str,
    pub(crate) seconds: &'static str,
    pub(crate) limit: &'static str,
    pub(crate) near_limit: &'static str,
    pub(crate) more_positions: &'static str,
    pub(crate) table: &'static str,
    pub(crate) open_row: &'static str,
    pub(crate) similar: &'static str,
    pub(crate) similar_chart: &'static str,
    pub(crate) key: &'static str,
    pub(crate) histogram_rubric: &'static str,
    pub(crate) handin: &'static str,
    pub(crate) handin_none: &'static str,
    /// `--previous`: the regrade's heading, and "{n} unchanged".
    pub(crate) regrade: &'static str,
    pub(crate) regrade_unchanged: &'static str,
    pub(crate) by_rubric: &'static str,
    /// The class grouped by the search's verdict: its heading, and what follows a correct
    /// search's name ("alpha-beta (≥ cut-offs, fail-soft) correct").
    pub(crate) searches: &'static str,
    pub(crate) search_correct: &'static str,
    mistake_names: [(&'static str, &'static str); 8],
}

impl Words {
    /// The page's words in `lang`.
    pub(crate) fn of(lang: Lang) -> &'static Words {
        match lang {
            Lang::Es => &ES,
            Lang::En => &EN,
            Lang::Pt => &PT,
        }
    }

    /// A search's name (`no pruning`, `alpha-beta (≥ cut-offs, fail-soft), depth 3`) in the
    /// page's language (the same words as the students' feedback).
    pub(crate) fn search(&self, name: &str) -> String {
        crate::class::search_words::SearchWords::of(self.lang()).name(name)
    }

    /// The page's language.
    pub(crate) fn lang(&self) -> Lang {
        match self.code {
            "en" => Lang::En,
            "pt" => Lang::Pt,
            _ => Lang::Es,
        }
    }

    /// A verdict's name.
    pub(crate) fn verdict(&self, verdict: Verdict) -> &'static str {
        crate::report::verdict_words::verdict(self.lang(), verdict)
    }

    /// What a diagnosed mistake is, or its code where the page has no words for it.
    pub(crate) fn mistake<'a>(&self, code: &'a str) -> &'a str {
        self.mistake_names
            .iter()
            .find(|(c, _)| *c == code)
            .map_or(code, |(_, name)| name)
    }
}

/// `{n}` in `text` replaced by `value`.
pub(crate) fn fill(text: &str, value: impl std::fmt::Display) -> String {
    text.replace("{n}", &value.to_string())
}

static ES: Words = Words {
    code: "es",
    title: "La clase de un vistazo",
    students: "estudiantes",
    student: "Estudiante",
    score: "Puntos",
    points: "puntos",
    how_the_class_did: "Cómo le fue a la clase",
    histogram: "Distribución de los puntos: estudiantes por puntos obtenidos (antes de penalizar retrasos)",
    mean: "media",
    median: "mediana",
    full: "con todos los puntos",
    zero: "sin ningún punto",
    late: "Entregas con retraso",
    hours_late: "{n} h de retraso",
    nobody_late: "Nadie entregó tarde.",
    missing: "Lo que falta",
    not_graded: "entradas de la carpeta que no son estudiantes",
    not_run: "sin ningún programa que se pudiera ejecutar",
    unanswered: "posiciones sin respuesta",
    nothing_missing: "No falta nada.",
    hardest: "Las posiciones más difíciles",
    share_optimal: "Parte de respuestas óptimas por posición, de la más difícil a la más fácil",
    positions: "Posiciones",
    to_move: "juega {n}",
    optimal_answers: "{n} de respuestas óptimas",
    answers: "Veredictos por estudiante",
    wrong_answers: "Respuestas equivocadas, agrupadas",
    no_wrong_answers: "Ninguna respuesta equivocada.",
    group: "{n} estudiantes",
    then_wins: "luego gana {w} en {n}",
    wins: "gana {w} en {n}",
    one_student: "1 estudiante",
    draw: "empate",
    instead_of: "en vez de",
    mistakes: "Errores de la clase",
    mistakes_chart: "Errores diagnosticados: estudiantes que cometieron cada uno",
    times: "Tiempos de ejecución frente al límite",
    seconds: "segundos",
    limit: "límite",
    near_limit: "cerca del límite",
    more_positions: "{n} posiciones más, solo en la tabla",
    table: "Estudiantes",
    open_row: "Abre una fila para ver lo que verá el estudiante.",
    similar: "Código parecido",
    similar_chart: "Grupos de estudiantes con código parecido",
    key: "clave",
    histogram_rubric:
        "Distribución de la calificación: estudiantes por puntos de la rúbrica (retrasos ya descontados)",
    handin: "La entrega y el readme: reglas incumplidas",
    by_rubric: "Calificado con la rúbrica del curso: {n}",
    handin_none: "Nadie incumplió ninguna regla de la entrega ni del readme.",
    regrade: "Cambios desde el informe anterior",
    regrade_unchanged: "{n} sin cambios",
    searches: "La búsqueda de cada estudiante, por veredicto",
    search_correct: "correcto",
    mistake_names: [
        ("strict-cutoff", "el corte estricto v > β (y v < α)"),
        (
            "inclusive-cutoff",
            "el corte v ≥ β (y v ≤ α) donde se corta solo con v > β",
        ),
        ("no-pruning", "minimax sin poda: nada podado"),
        ("right-to-left", "los hijos de derecha a izquierda"),
        ("root-min", "MIN en la raíz"),
        ("alpha-beta-reset", "α y β no pasan de un hijo al siguiente"),
        ("leaves-after-cut", "las hojas podadas contadas como visitadas"),
        ("unweighted-chance", "una media simple en los nodos de azar"),
    ],
};

static EN: Words = Words {
    code: "en",
    title: "The class at a glance",
    students: "students",
    student: "Student",
    score: "Points",
    points: "points",
    how_the_class_did: "How the class did",
    histogram: "Distribution of points: students by points scored (before any late penalty)",
    mean: "mean",
    median: "median",
    full: "with every point",
    zero: "with no point",
    late: "Late hand-ins",
    hours_late: "{n} h late",
    nobody_late: "Nobody handed in late.",
    missing: "What is missing",
    not_graded: "entries of the class folder that are not students",
    not_run: "with no program that could be run",
    unanswered: "positions left unanswered",
    nothing_missing: "Nothing is missing.",
    hardest: "The hardest positions",
    share_optimal: "Share of optimal answers per position, hardest first",
    positions: "Positions",
    to_move: "{n} to move",
    optimal_answers: "{n} optimal answers",
    answers: "Verdicts by student",
    wrong_answers: "Wrong answers, grouped",
    no_wrong_answers: "No wrong answer.",
    group: "{n} students",
    then_wins: "{w} then wins in {n}",
    wins: "{w} wins in {n}",
    one_student: "1 student",
    draw: "draw",
    instead_of: "instead of",
    mistakes: "Mistakes across the class",
    mistakes_chart: "Diagnosed mistakes: students who made each",
    times: "Run times against the limit",
    seconds: "seconds",
    limit: "limit",
    near_limit: "close to the limit",
    more_positions: "{n} more positions, in the table only",
    table: "Students",
    open_row: "Open a row to see what the student will see.",
    similar: "Similar code",
    similar_chart: "Clusters of students with similar code",
    key: "key",
    histogram_rubric: "Distribution of grades: students by the rubric's points (late penalties taken)",
    handin: "The hand-in and the readme: rules broken",
    by_rubric: "Graded by the course's rubric: {n}",
    handin_none: "Nobody broke a rule of the hand-in or the readme.",
    regrade: "Changes since the previous report",
    regrade_unchanged: "{n} unchanged",
    searches: "Each student's search, by verdict",
    search_correct: "correct",
    mistake_names: [
        ("strict-cutoff", "the strict cutoff v > β (and v < α)"),
        (
            "inclusive-cutoff",
            "cutting on v ≥ β (and v ≤ α) where only v > β cuts",
        ),
        ("no-pruning", "plain minimax: nothing pruned"),
        ("right-to-left", "the children right to left"),
        ("root-min", "MIN at the root"),
        ("alpha-beta-reset", "α and β not carried from child to child"),
        ("leaves-after-cut", "pruned leaves counted as visited"),
        ("unweighted-chance", "a plain average at chance nodes"),
    ],
};

static PT: Words = Words {
    code: "pt",
    title: "A turma num relance",
    students: "estudantes",
    student: "Estudante",
    score: "Pontos",
    points: "pontos",
    how_the_class_did: "Como foi a turma",
    histogram: "Distribuição dos pontos: estudantes por pontos obtidos (antes de penalizar atrasos)",
    mean: "média",
    median: "mediana",
    full: "com todos os pontos",
    zero: "sem nenhum ponto",
    late: "Entregas em atraso",
    hours_late: "{n} h de atraso",
    nobody_late: "Ninguém entregou em atraso.",
    missing: "O que falta",
    not_graded: "entradas da pasta que não são estudantes",
    not_run: "sem nenhum programa que pudesse ser executado",
    unanswered: "posições sem resposta",
    nothing_missing: "Não falta nada.",
    hardest: "As posições mais difíceis",
    share_optimal: "Parte de respostas ótimas por posição, da mais difícil à mais fácil",
    positions: "Posições",
    to_move: "joga {n}",
    optimal_answers: "{n} de respostas ótimas",
    answers: "Veredictos por estudante",
    wrong_answers: "Respostas erradas, agrupadas",
    no_wrong_answers: "Nenhuma resposta errada.",
    group: "{n} estudantes",
    then_wins: "depois {w} vence em {n}",
    wins: "{w} vence em {n}",
    one_student: "1 estudante",
    draw: "empate",
    instead_of: "em vez de",
    mistakes: "Erros da turma",
    mistakes_chart: "Erros diagnosticados: estudantes que cometeram cada um",
    times: "Tempos de execução frente ao limite",
    seconds: "segundos",
    limit: "limite",
    near_limit: "perto do limite",
    more_positions: "mais {n} posições, só na tabela",
    table: "Estudantes",
    open_row: "Abra uma linha para ver o que o estudante verá.",
    similar: "Código parecido",
    similar_chart: "Grupos de estudantes com código parecido",
    key: "chave",
    histogram_rubric: "Distribuição das notas: estudantes por pontos da rubrica (atrasos já descontados)",
    handin: "A entrega e o readme: regras não cumpridas",
    by_rubric: "Avaliado pela rubrica do curso: {n}",
    handin_none: "Ninguém deixou de cumprir uma regra da entrega ou do readme.",
    regrade: "Mudanças desde o relatório anterior",
    regrade_unchanged: "{n} sem mudanças",
    searches: "A busca de cada estudante, por veredicto",
    search_correct: "correto",
    mistake_names: [
        ("strict-cutoff", "o corte estrito v > β (e v < α)"),
        ("inclusive-cutoff", "o corte v ≥ β (e v ≤ α) onde só v > β corta"),
        ("no-pruning", "minimax sem poda: nada podado"),
        ("right-to-left", "os filhos da direita para a esquerda"),
        ("root-min", "MIN na raiz"),
        ("alpha-beta-reset", "α e β não passam de um filho para o seguinte"),
        ("leaves-after-cut", "folhas podadas contadas como visitadas"),
        ("unweighted-chance", "uma média simples nos nós de acaso"),
    ],
};
