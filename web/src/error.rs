//! Why the page's request is not answered, and how the page is told: an answer with
//! `"ok": false` and the CLI's words, never an exception.

use minimax_core::exercises::tree_answers::FIELDS;
use minimax_core::exercises::trees::TreeSpecError;
use minimax_core::notation::diagnostic::Report;
use minimax_core::tree::solve::TreeSearchError;
use serde_json::json;

/// How a report names what the page was given (then left out: the page shows where it is).
pub(crate) const SOURCE: &str = "<page>";

/// Why the page's request is not answered; the page shows its text as the `report` (or
/// `message`) of an answer with `"ok": false`, turned into a string only there.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PageError {
    /// The request is not the JSON the function reads.
    #[error("request: {0}")]
    Request(serde_json::Error),
    /// `first` names no side.
    #[error("first: `{0}` is not X or O")]
    First(String),
    /// The position or tree does not read: the CLI's report, without the source it names.
    #[error("{}", report(.0))]
    Unreadable(Report),
    /// The search ended before every move was valued.
    #[error("the search stopped before valuing every move")]
    Stopped,
    /// `cutoff` is neither `inclusive` nor `strict`.
    #[error("cutoff: `{0}` is inclusive or strict")]
    Cutoff(String),
    /// `root` is neither `max` nor `min`.
    #[error("root: `{0}` is max or min")]
    Root(String),
    /// `algorithm` is neither `alphabeta` nor `minimax`.
    #[error("algorithm: `{0}` is alphabeta or minimax")]
    Algorithm(String),
    /// `field` is not an answer a tree exercise asks for.
    #[error("field: `{0}` is one of {fields}", fields = FIELDS.join(", "))]
    Field(String),
    /// The tree is not searched with the algorithm asked.
    #[error(transparent)]
    Search(#[from] TreeSearchError),
    /// No tree is generated with these options.
    #[error(transparent)]
    Generate(#[from] TreeSpecError),
}

/// A report as the CLI prints it after `minimax: <file>: `.
fn report(report: &Report) -> String {
    let text = report.to_string();
    text.strip_prefix(&format!("{SOURCE}: "))
        .map(str::to_string)
        .unwrap_or(text)
}

/// A request not answered, as the page reads it: the error's text is the `report`.
pub(crate) fn failure(error: &PageError) -> String {
    json!({ "ok": false, "report": error.to_string() }).to_string()
}

/// A new exercise not drawn, as the page reads it: the error's text is the `message`.
pub(crate) fn refusal(error: &PageError) -> String {
    json!({ "ok": false, "message": error.to_string() }).to_string()
}

#[cfg(test)]
mod tests {
    use crate::{diagnose_tree_answer, generate_tree, solve_tree, tree_figure, PositionSearch};
    use serde_json::{json, Value};

    fn parsed(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn what_the_page_cannot_answer_is_said_in_the_same_words() {
        let tree = r#""tree": "[[3,12,8],[2,4,6],[14,5,2]]""#;
        let refused = |answer: String| parsed(&answer)["report"].as_str().unwrap().to_string();
        assert_eq!(
            refused(solve_tree(&format!(r#"{{{tree}, "cutoff": "loose"}}"#))),
            "cutoff: `loose` is inclusive or strict"
        );
        assert_eq!(
            refused(tree_figure(&format!(r#"{{{tree}, "root": "mid"}}"#))),
            "root: `mid` is max or min"
        );
        assert_eq!(
            refused(diagnose_tree_answer(&format!(r#"{{{tree}, "field": "best"}}"#))),
            "field: `best` is one of value, move, pruned, visited"
        );
        assert!(refused(solve_tree(r#"{"tree": "[[3,"}"#)).starts_with("bad tree"));
        assert_eq!(
            refused(PositionSearch::new(r#"{"position": "---/---/---", "first": "Z"}"#).finish()),
            "first: `Z` is not X or O"
        );
        let drawn = parsed(&generate_tree(
            r#"{"depth": 2, "branching": 3, "values": [0, 5], "distinct": true, "seed": 1}"#,
        ));
        assert_eq!(
            drawn,
            json!({ "ok": false, "message": "9 distinct leaf values do not fit in 0..5: widen --values or drop --distinct" })
        );
    }
}
