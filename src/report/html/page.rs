//! The page's sections, in reading order: how the class did, the hardest positions, the
//! mistakes, similar code, each position, the students. Everything a student controls
//! (names, answers, output) is escaped.

use super::charts;
use super::words::{fill, Words};
use crate::class::summary::{AnswerGroup, ClassSummary, MistakeCount, PositionSummary};
use crate::class::{ClassReport, PositionInfo, StudentReport};
use crate::escape::escape_html as html;
use crate::report::lms::feedback;
use crate::report::percent::percent_text;
use minimax_core::gradable::Outlook;
use std::fmt::Write;

/// Positions drawn in full; past these, the hardest are, and the others are in the table.
const SHOWN_POSITIONS: usize = 24;
/// Bars of the ranking of positions.
const RANKED: usize = 30;
/// Positions with a column each in the students' table; more are shown as one string of marks.
const COLUMNS: usize = 12;
/// Names listed under a group or a mistake before "and N more".
const NAMES: usize = 12;

const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

pub(super) fn page(report: &ClassReport, summary: &ClassSummary, words: &Words) -> String {
    let mut page = String::with_capacity(64 * 1024 + 4 * 1024 * summary.students);
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width\">\n<title>{}</title>\n<style>\n{STYLE}\n{}\n</style></head>\n<body>\n<h1>{}</h1>\n<p class=\"meta\">{} {} · {} {} · {}</p>\n",
        words.code,
        words.title,
        feedback::STYLE,
        words.title,
        summary.students,
        words.students,
        report.positions.len(),
        words.positions.to_lowercase(),
        html(&report.version)
    );
    overview(&mut page, summary, words);
    regrade(&mut page, report, words);
    rubric(&mut page, report, words);
    handin(&mut page, report, summary, words);
    searches(&mut page, summary, words);
    hardest(&mut page, summary, words);
    class_mistakes(&mut page, summary, words);
    similar(&mut page, report, summary, words);
    positions(&mut page, report, summary, words);
    students(&mut page, report, words);
    let _ = write!(page, "<script>\n{SCRIPT}\n</script>\n</body></html>\n");
    page
}

fn overview(page: &mut String, summary: &ClassSummary, words: &Words) {
    let d = &summary.distribution;
    let _ = write!(
        page,
        "<section id=\"overview\"><h2>{}</h2>\n<figure>{}</figure>\n<ul class=\"numbers\"><li data-key=\"mean\">{} <b>{}</b> / {}</li><li data-key=\"median\">{} <b>{}</b></li><li data-key=\"full\"><b>{}</b> {}</li><li data-key=\"zero\"><b>{}</b> {}</li></ul>\n",
        words.how_the_class_did,
        charts::histogram(d, words),
        words.mean,
        charts::short(d.mean),
        d.out_of,
        words.median,
        charts::short(d.median),
        d.full,
        words.full,
        d.zero,
        words.zero
    );
    let _ = write!(
        page,
        "<div class=\"two\"><div id=\"late\"><h3>{} ({})</h3>",
        words.late,
        summary.late.len()
    );
    if summary.late.is_empty() {
        let _ = write!(page, "<p>{}</p>", words.nobody_late);
    } else {
        page.push_str("<ul>");
        for late in &summary.late {
            let hours = late.hours.map_or(String::new(), |h| {
                format!(": {}", fill(words.hours_late, charts::short(h)))
            });
            let penalty = if late.penalty > 0.0 {
                format!(" (−{}%)", percent_text(late.penalty))
            } else {
                String::new()
            };
            let _ = write!(page, "<li>{}{hours}{penalty}</li>", html(&late.student));
        }
        page.push_str("</ul>");
    }
    let missing = &summary.missing;
    let _ = write!(page, "</div><div id=\"missing\"><h3>{}</h3><ul>", words.missing);
    let mut any = false;
    if missing.not_graded > 0 {
        any = true;
        let _ = write!(
            page,
            "<li><b>{}</b> {}</li>",
            missing.not_graded, words.not_graded
        );
    }
    if !missing.not_run.is_empty() {
        any = true;
        let _ = write!(
            page,
            "<li><b>{}</b> {}: {}</li>",
            missing.not_run.len(),
            words.not_run,
            names(&missing.not_run)
        );
    }
    for unanswered in &missing.unanswered {
        any = true;
        let _ = write!(
            page,
            "<li>{}: <b>{}</b> {}</li>",
            html(&unanswered.student),
            unanswered.positions,
            words.unanswered
        );
    }
    if !any {
        let _ = write!(page, "<li>{}</li>", words.nothing_missing);
    }
    page.push_str("</ul></div></div></section>\n");
}

/// The rubric the grades are by, part by part ("posiciones 6, entrega 1, readme 1: 8").
fn rubric(page: &mut String, report: &ClassReport, words: &Words) {
    let Some(rubric) = report.students.first().and_then(|s| s.rubric.as_ref()) else {
        return;
    };
    let say = crate::class::course::words::Say(lang_of(words.code));
    let parts: Vec<String> = rubric
        .parts
        .iter()
        .filter(|p| p.max > 0.0)
        .map(|p| format!("{} {}", say.part(&p.part), p.max))
        .collect();
    let _ = writeln!(
        page,
        "<p class=\"rubric\">{}</p>",
        fill(words.by_rubric, format!("{}: {}", parts.join(", "), rubric.max))
    );
}

/// The language of the page's words.
fn lang_of(code: &str) -> minimax_core::figures::exercise_sheet::Lang {
    use minimax_core::figures::exercise_sheet::Lang;
    match code {
        "en" => Lang::En,
        "pt" => Lang::Pt,
        _ => Lang::Es,
    }
}

/// The hand-in and readme rules broken, each with how many students and who (a course file's).
/// `--previous`: who changed since the earlier report and why, in the page's language (as on
/// stderr in the course's); the unchanged counted.
fn regrade(page: &mut String, report: &ClassReport, words: &Words) {
    let Some(diff) = &report.regrade else {
        return;
    };
    let say = crate::report::regrade_words::Say(Some(words.lang()));
    let _ = writeln!(page, "<section id=\"regrade\"><h2>{}</h2>", words.regrade);
    if let Some(crate::class::Cause::Version { from, to }) = &diff.version {
        let _ = writeln!(page, "<p>{} → {}</p>", html(from), html(to));
    }
    for option in &diff.options {
        let _ = writeln!(page, "<p>{}</p>", html(&say.cause(option)));
    }
    page.push_str("<ul class=\"changes\">");
    for change in &diff.changes {
        let _ = write!(
            page,
            "<li><b>{}</b>: {} → {}<ul>",
            html(&change.student),
            html(&say.grade(&change.before)),
            html(&say.grade(&change.after))
        );
        for cause in &change.causes {
            let _ = write!(page, "<li>{}</li>", html(&say.cause(cause)));
        }
        page.push_str("</ul></li>");
    }
    let unchanged = words
        .regrade_unchanged
        .replace("{n}", &diff.unchanged.to_string());
    let _ = writeln!(page, "</ul>\n<p>{unchanged}</p></section>");
}

fn handin(page: &mut String, report: &ClassReport, summary: &ClassSummary, words: &Words) {
    if report.students.iter().all(|s| s.handin.is_empty()) {
        return;
    }
    let _ = writeln!(page, "<section id=\"handin\"><h2>{}</h2>", words.handin);
    if summary.handin.is_empty() {
        let _ = writeln!(page, "<p>{}</p></section>", words.handin_none);
        return;
    }
    page.push_str("<ul class=\"mistakes\">");
    for rule in &summary.handin {
        let _ = write!(
            page,
            "<li data-part=\"{}\" data-students=\"{}\"><b>{}:</b> {} <span class=\"who\">({})</span></li>",
            rule.part,
            rule.students.len(),
            count_students(rule.students.len(), words),
            html(&rule.rule),
            names(&rule.students)
        );
    }
    page.push_str("</ul></section>\n");
}

/// The class grouped by the search's verdict ("alpha-beta correct: 12 students; no pruning:
/// 3"), correct searches first, each group naming its students (a course's `search`).
fn searches(page: &mut String, summary: &ClassSummary, words: &Words) {
    if summary.searches.is_empty() {
        return;
    }
    let _ = write!(
        page,
        "<section id=\"searches\"><h2>{}</h2>\n<ul class=\"searches\">",
        words.searches
    );
    for search in &summary.searches {
        let mut name = words.search(&search.search);
        if search.correct {
            name = format!("{name} {}", words.search_correct);
        }
        let _ = write!(
            page,
            "<li data-search=\"{}\" data-correct=\"{}\" data-students=\"{}\"><b>{}:</b> {} <span class=\"who\">({})</span></li>",
            html(&search.search),
            search.correct,
            search.students.len(),
            html(&name),
            count_students(search.students.len(), words),
            names(&search.students)
        );
    }
    page.push_str("</ul></section>\n");
}

/// The positions ordered hardest first: the smallest share of optimal answers, then the
/// report's order.
fn hardest_first(summary: &ClassSummary) -> Vec<&PositionSummary> {
    let mut ranked: Vec<&PositionSummary> = summary.positions.iter().filter(|p| p.answered > 0).collect();
    ranked.sort_by(|a, b| a.share.total_cmp(&b.share));
    ranked
}

fn hardest(page: &mut String, summary: &ClassSummary, words: &Words) {
    let ranked = hardest_first(summary);
    if ranked.len() < 2 {
        return;
    }
    let shown = &ranked[..ranked.len().min(RANKED)];
    let _ = write!(
        page,
        "<section id=\"hardest\"><h2>{}</h2>\n<figure>{}</figure></section>\n",
        words.hardest,
        charts::ranked(shown, words)
    );
}

fn class_mistakes(page: &mut String, summary: &ClassSummary, words: &Words) {
    if summary.mistakes.is_empty() {
        return;
    }
    let _ = write!(
        page,
        "<section id=\"mistakes\"><h2>{}</h2>\n<figure>{}</figure>\n",
        words.mistakes,
        charts::mistakes(&summary.mistakes, summary.students, words)
    );
    mistake_list(page, &summary.mistakes, words);
    page.push_str("</section>\n");
}

fn mistake_list(page: &mut String, mistakes: &[MistakeCount], words: &Words) {
    page.push_str("<ul class=\"mistakes\">");
    for mistake in mistakes {
        let _ = write!(
            page,
            "<li data-mistake=\"{}\" data-students=\"{}\"><b>{}:</b> {} <span class=\"who\">({})</span></li>",
            html(&mistake.mistake),
            mistake.students.len(),
            count_students(mistake.students.len(), words),
            words.mistake(&mistake.mistake),
            names(&mistake.students)
        );
    }
    page.push_str("</ul>\n");
}

/// The clusters of similar code, drawn, then each pair with its similarity.
fn similar(page: &mut String, report: &ClassReport, summary: &ClassSummary, words: &Words) {
    let Some(similar) = &summary.similar else {
        return;
    };
    let row_of = |name: &str| report.students.iter().position(|s| s.student == name);
    let _ = write!(
        page,
        "<section id=\"similar\"><h2>{}</h2>\n<figure>{}</figure>\n<ul class=\"pairs\">",
        words.similar,
        charts::clusters(similar, &row_of, words)
    );
    for pair in &similar.pairs {
        let link = |name: &str| match row_of(name) {
            Some(row) => format!("<a href=\"#student-{row}\">{}</a>", html(name)),
            None => html(name),
        };
        let _ = write!(
            page,
            "<li data-similarity=\"{:.4}\">{} – {}: <b>{}%</b></li>",
            pair.similarity,
            link(&pair.students[0]),
            link(&pair.students[1]),
            percent_text(pair.similarity)
        );
    }
    page.push_str("</ul></section>\n");
}

fn positions(page: &mut String, report: &ClassReport, summary: &ClassSummary, words: &Words) {
    let _ = writeln!(page, "<section id=\"positions\"><h2>{}</h2>", words.positions);
    // Many positions (a hidden sample): the hardest are drawn, in the report's order.
    let shown: Vec<&PositionSummary> = if summary.positions.len() <= SHOWN_POSITIONS {
        summary.positions.iter().collect()
    } else {
        let hardest: Vec<&str> = hardest_first(summary)
            .into_iter()
            .take(SHOWN_POSITIONS)
            .map(|p| p.position.as_str())
            .collect();
        summary
            .positions
            .iter()
            .filter(|p| hardest.contains(&p.position.as_str()))
            .collect()
    };
    let mut drawn_tree: Option<&str> = None;
    for position in &shown {
        let Some(info) = report.position(&position.position) else {
            continue;
        };
        // The fields of one tree share its figure: drawn above the first of them.
        if let Some(tree) = position.tree.as_deref() {
            if drawn_tree != Some(tree) {
                drawn_tree = Some(tree);
                let figure = info.solved.as_ref().and_then(|s| s.figure()).unwrap_or_default();
                let _ = writeln!(
                    page,
                    "<h3 class=\"tree\">{}</h3><figure class=\"tree\">{figure}</figure>",
                    html(tree)
                );
            }
        }
        one_position(page, info, position, words);
    }
    let left = summary.positions.len() - shown.len();
    if left > 0 {
        let _ = write!(page, "<p>{}</p>", fill(words.more_positions, left));
    }
    page.push_str("</section>\n");
}

fn one_position(page: &mut String, info: &PositionInfo, position: &PositionSummary, words: &Words) {
    let _ =
        write!(
        page,
        "<article class=\"position\" data-position=\"{}\"><h3>{} <small>{}</small></h3><div class=\"side\">",
        html(&position.position),
        html(&position.position),
        fill(words.optimal_answers, format!("{}%", percent_text(position.share)))
    );
    if position.tree.is_none() {
        if let Some(figure) = info.solved.as_ref().and_then(|s| s.figure()) {
            let _ = write!(
                page,
                "<figure class=\"board\">{figure}<figcaption>{}</figcaption></figure>",
                fill(words.to_move, html(&info.to_move))
            );
        }
    }
    let _ = write!(
        page,
        "<p class=\"key\">{}: <code>{}</code></p></div><div class=\"main\">",
        words.key,
        html(&info.optimal.join(" | "))
    );
    let _ = write!(
        page,
        "<figure>{}</figure>",
        charts::verdict_bar(&position.verdicts, position.answered, words, &position.position)
    );
    let _ = write!(page, "<h4>{}</h4>", words.wrong_answers);
    if position.groups.is_empty() {
        let _ = write!(page, "<p>{}</p>", words.no_wrong_answers);
    } else {
        page.push_str("<ol class=\"groups\">");
        for group in &position.groups {
            answer_group(page, group, words);
        }
        page.push_str("</ol>");
    }
    if !position.mistakes.is_empty() {
        let _ = write!(page, "<h4>{}</h4>", words.mistakes);
        mistake_list(page, &position.mistakes, words);
    }
    if let Some(times) = &position.times {
        let near = if times.near_limit.is_empty() {
            String::new()
        } else {
            format!(
                "<p class=\"near\">{}: {}</p>",
                words.near_limit,
                names(&times.near_limit)
            )
        };
        let _ = write!(
            page,
            "<h4>{}</h4><figure>{}</figure>{near}",
            words.times,
            charts::times(times, words, &position.position)
        );
    }
    page.push_str("</div></article>\n");
}

/// "14 students: X 1 1 — O then wins in 2 (instead of X wins in 1)".
fn answer_group(page: &mut String, group: &AnswerGroup, words: &Words) {
    let mut after = match &group.turns_into {
        Some(outlook) => format!(" — {}", outlook_words(outlook, true, words)),
        None => format!(" — {}", words.verdict(group.verdict)),
    };
    if let Some(best) = &group.gives_up {
        let _ = write!(
            after,
            " ({} {})",
            words.instead_of,
            outlook_words(best, false, words)
        );
    }
    if let Some(code) = &group.diagnosis {
        let _ = write!(after, " — {}", words.mistake(code));
    }
    let _ = write!(
        page,
        "<li data-answer=\"{}\" data-count=\"{}\"><b>{}:</b> <code>{}</code>{} <span class=\"who\">({})</span></li>",
        html(&group.answer),
        group.count,
        count_students(group.count, words),
        html(&group.answer),
        html(&after),
        names(&group.students)
    );
}

fn outlook_words(outlook: &Outlook, then: bool, words: &Words) -> String {
    let phrase = if then { words.then_wins } else { words.wins };
    match outlook {
        Outlook::Win { winner, moves } => fill(phrase, moves).replace("{w}", winner),
        Outlook::Draw => words.draw.to_string(),
    }
}

/// "14 students", "1 student".
fn count_students(count: usize, words: &Words) -> String {
    if count == 1 {
        words.one_student.to_string()
    } else {
        fill(words.group, count)
    }
}

/// Names, escaped and joined, the first [`NAMES`] of them.
fn names(students: &[String]) -> String {
    let mut shown: Vec<String> = students.iter().take(NAMES).map(|s| html(s)).collect();
    if students.len() > NAMES {
        shown.push(format!("+{}", students.len() - NAMES));
    }
    shown.join(", ")
}

fn students(page: &mut String, report: &ClassReport, words: &Words) {
    let columns = report.positions.len() <= COLUMNS;
    let _ = write!(
        page,
        "<section id=\"students\"><h2>{}</h2><p class=\"hint\">{}</p>\n<table class=\"students\"><thead><tr><th data-sort=\"text\"><button>{}</button></th><th data-sort=\"number\"><button>{}</button></th><th data-sort=\"number\"><button>%</button></th>",
        words.table, words.open_row, words.student, words.score
    );
    if columns {
        for position in &report.positions {
            let _ = write!(
                page,
                "<th data-sort=\"text\"><button>{}</button></th>",
                html(&position.name)
            );
        }
    } else {
        let _ = write!(page, "<th>{}</th>", words.positions);
    }
    let span = 3 + if columns { report.positions.len() } else { 1 };
    page.push_str("</tr></thead>\n");
    for (index, student) in report.students.iter().enumerate() {
        student_row(page, report, student, index, columns, span, words);
    }
    page.push_str("</table></section>\n");
}

fn student_row(
    page: &mut String,
    report: &ClassReport,
    student: &StudentReport,
    index: usize,
    columns: bool,
    span: usize,
    words: &Words,
) {
    let late = if student.late.is_some() {
        " <span class=\"late\">⏰</span>"
    } else {
        ""
    };
    // The grade: the rubric's total when the course has one, else the positions.
    let (value, shown) = match &student.rubric {
        Some(rubric) => (rubric.total.to_string(), rubric.fraction()),
        None => (
            student.score.to_string(),
            format!("{}/{}", student.score, student.max_score),
        ),
    };
    let _ = write!(
        page,
        "<tbody id=\"student-{index}\"><tr class=\"row\" data-student=\"{}\" tabindex=\"0\" aria-expanded=\"false\" aria-controls=\"fb{index}\"><td>{}{late}</td><td data-value=\"{value}\">{shown}</td><td data-value=\"{:.4}\">{}</td>",
        html(&student.student),
        html(&student.student),
        student.fraction(),
        percent_text(student.fraction())
    );
    let verdict_on = |name: &str| {
        student
            .results
            .iter()
            .find(|r| r.position == name)
            .map(|r| r.verdict)
    };
    if columns {
        for position in &report.positions {
            match verdict_on(&position.name) {
                Some(verdict) => {
                    let _ = write!(
                        page,
                        "<td class=\"v v-{}\" title=\"{}\">{}</td>",
                        verdict.name(),
                        words.verdict(verdict),
                        verdict.mark()
                    );
                }
                None => page.push_str("<td></td>"),
            }
        }
    } else {
        let marks: String = report
            .positions
            .iter()
            .map(|p| verdict_on(&p.name).map_or(' ', |v| v.mark()))
            .collect();
        let _ = write!(page, "<td class=\"marks\">{}</td>", html(&marks));
    }
    let _ = writeln!(
        page,
        "</tr><tr class=\"feedback\" id=\"fb{index}\" hidden><td colspan=\"{span}\"><div class=\"sheet\"><h3>{}: {}</h3>{}</div></td></tr></tbody>",
        html(&student.student),
        feedback::heading_grade(student),
        // The instructor's page: every board, the hidden ones too, whatever students see.
        feedback::body(report, student, feedback::Reader::Instructor)
    );
}
