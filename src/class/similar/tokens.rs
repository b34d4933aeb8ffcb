//! Source files as streams of abstract tokens, one stream per function, as JPlag normalises:
//! identifiers lose their text, a loop is a loop (for, while, do, repeat), a branch is a branch
//! (if, elif, switch, ternary), a declaration with a value is a declaration and an assignment,
//! comments, imports and code that cannot run leave no token, and each function is a unit of
//! its own so that the order of functions does not matter. Calls are calls, printing ones too:
//! a program that mostly prints is still a program. Literals keep their kind (a string, a
//! number) in the stream and their text beside it ([`Literal`]): a copy keeps its original's
//! messages and constants where it changes everything else.

use std::collections::HashMap;
use std::path::Path;
use tree_sitter::{Node, Parser, TreeCursor};

/// The languages the harnesses run, each with its tree-sitter grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Language {
    Java,
    Python,
    C,
    Cpp,
    Lua,
    Shell,
}

/// File extensions of each language.
const EXTENSIONS: &[(&str, Language)] = &[
    ("java", Language::Java),
    ("py", Language::Python),
    ("c", Language::C),
    ("h", Language::C),
    ("cpp", Language::Cpp),
    ("cc", Language::Cpp),
    ("cxx", Language::Cpp),
    ("hpp", Language::Cpp),
    ("hh", Language::Cpp),
    ("lua", Language::Lua),
    ("sh", Language::Shell),
    ("bash", Language::Shell),
];

impl Language {
    /// The language of a source file, by its extension.
    pub(crate) fn of(path: &Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        EXTENSIONS
            .iter()
            .find(|(known, _)| *known == extension)
            .map(|(_, language)| *language)
    }

    fn grammar(self) -> tree_sitter::Language {
        match self {
            Language::Java => tree_sitter_java::LANGUAGE.into(),
            Language::Python => tree_sitter_python::LANGUAGE.into(),
            Language::C => tree_sitter_c::LANGUAGE.into(),
            Language::Cpp => tree_sitter_cpp::LANGUAGE.into(),
            Language::Lua => tree_sitter_lua::LANGUAGE.into(),
            Language::Shell => tree_sitter_bash::LANGUAGE.into(),
        }
    }
}

/// One abstract token: what it is (a hashed category) and the 1-based line it starts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: u64,
    pub(crate) line: u32,
}

/// A function's tokens, or the tokens of a file outside any function, and its literals.
#[derive(Clone, Debug, Default)]
pub(crate) struct Unit {
    pub(crate) tokens: Vec<Token>,
    /// Every named node of the syntax tree as its kind under its parent's kind, as Dolos
    /// reads code: finer than `tokens`, so that near-verbatim copies stand out among
    /// solutions alike only in shape.
    pub(crate) fine: Vec<Token>,
    /// The fine tokens with every name and literal as written: a copy that changed only
    /// comments and layout matches here word for word.
    pub(crate) verbatim: Vec<Token>,
    pub(crate) literals: Vec<Literal>,
}

/// The kinds of literal the stream tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LiteralKind {
    /// A string or a character.
    Text,
    /// A number.
    Number,
    /// `true`, `false`, `null` and their kin: part of the structure, not of the text.
    Constant,
}

impl LiteralKind {
    /// The token a literal of this kind leaves in the stream. A number stands as an operand
    /// like a name does, so that a literal moved into a named constant leaves the same
    /// stream; its text stays in the literals.
    fn token(self) -> &'static str {
        match self {
            LiteralKind::Text => "text",
            LiteralKind::Number => "id",
            LiteralKind::Constant => "constant",
        }
    }
}

/// A literal's text (hashed, spelling normalised) and how much it says: a long message or an
/// odd constant is a fingerprint of its author, `0` or `""` says nothing.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Literal {
    pub(crate) hash: u64,
    pub(crate) weight: f64,
    /// The text as normalised, its first [`KEPT_CHARS`] characters: to tell a starter's
    /// message with a typo mended from a message of the student's own.
    pub(crate) text: String,
}

/// How much of a literal's text is kept beside its hash.
const KEPT_CHARS: usize = 120;

impl Literal {
    /// Whether this is `other` edited a little (a typo mended, a word's case changed): at
    /// most two characters changed, added or taken out, in texts of six characters or more.
    pub(crate) fn is_near(&self, other: &Literal) -> bool {
        let (a, b): (Vec<char>, Vec<char>) = (self.text.chars().collect(), other.text.chars().collect());
        a.len().min(b.len()) >= 6 && a.len().abs_diff(b.len()) <= 2 && edits(&a, &b) <= 2
    }
}

/// Levenshtein's distance between two short texts, or 3 as soon as it is past 2: a row's
/// least value never falls, so two texts unlike from the start cost a few rows, not all.
fn edits(a: &[char], b: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, y) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(x != y));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
        if row.iter().min().is_some_and(|least| *least > 2) {
            return 3;
        }
    }
    row[b.len()]
}

impl Literal {
    /// The literal of a node's source text; `None` for those that say nothing.
    fn read(kind: LiteralKind, text: &[u8]) -> Option<Literal> {
        let text = String::from_utf8_lossy(text);
        let (normal, weight) = match kind {
            LiteralKind::Constant => return None,
            LiteralKind::Text => {
                // Python's r"", b"", f"" and either quote: the same text.
                let body = text
                    .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                    .trim_matches(|c| c == '"' || c == '\'' || c == '`' || c == '[');
                let signs = body.chars().filter(|c| !c.is_whitespace()).count();
                (format!("t{body}"), information(signs))
            }
            LiteralKind::Number => {
                let digits: String = text
                    .to_ascii_lowercase()
                    .trim_end_matches(['l', 'f', 'd', 'u'])
                    .chars()
                    .filter(|c| *c != '_')
                    .collect();
                let small = digits
                    .parse::<f64>()
                    .is_ok_and(|v| v.abs() <= 10.0 && v.fract() == 0.0);
                let significant = digits
                    .trim_start_matches(['0', '.'])
                    .chars()
                    .filter(char::is_ascii_digit)
                    .count();
                let weight = if small { 0.0 } else { information(significant) };
                (format!("n{digits}"), weight)
            }
        };
        (weight > 0.0).then(|| Literal {
            hash: category(&normal),
            weight,
            text: normal.chars().take(KEPT_CHARS).collect(),
        })
    }
}

/// How much a literal of `signs` characters (or digits) says about who wrote it.
fn information(signs: usize) -> f64 {
    if signs <= 1 {
        0.0
    } else {
        (1.0 + signs as f64).ln()
    }
}

/// What the walk does with a node of the syntax tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Leaves no token, nor do its children (comments, imports, debug prints, dead code).
    Skip,
    /// Leaves one token and hides its children (identifiers, types, operators).
    Leaf(&'static str),
    /// Leaves its kind's token and its text among the unit's literals.
    Literal(LiteralKind),
    /// Starts a unit of its own (a function or method).
    Function,
    /// Leaves one token, then its children's.
    Mark(&'static str),
    /// Leaves its own kind as a token, then its children's.
    Own,
    /// Leaves no token; its children do (blocks, parentheses, statements' wrappers).
    Through,
}

/// Named node kinds of every grammar, by role; kinds not listed leave their own name.
const ROLES: &[(&[&str], Role)] = &[
    (
        &[
            "for_statement",
            "enhanced_for_statement",
            "while_statement",
            "do_statement",
            "for_in_statement",
            "for_range_loop",
            "c_style_for_statement",
            "repeat_statement",
        ],
        Role::Mark("loop"),
    ),
    (
        &[
            "if_statement",
            "elif_clause",
            "elseif_statement",
            "conditional_expression",
            "ternary_expression",
            "switch_statement",
            "switch_expression",
            "case_statement",
            "match_statement",
        ],
        Role::Mark("branch"),
    ),
    (
        &[
            "method_declaration",
            "constructor_declaration",
            "function_definition",
            "function_declaration",
        ],
        Role::Function,
    ),
    (
        &[
            "import_declaration",
            "package_declaration",
            "import_statement",
            "import_from_statement",
            "preproc_include",
            "using_declaration",
            "future_import_statement",
            "pass_statement",
            "empty_statement",
            "line_comment",
            "block_comment",
            "comment",
        ],
        Role::Skip,
    ),
    (
        &[
            "program",
            "module",
            "translation_unit",
            "chunk",
            "block",
            "class_body",
            "declaration_list",
            "field_declaration_list",
            "compound_statement",
            "statement_block",
            "expression_statement",
            "parenthesized_expression",
            "condition_clause",
            "else_clause",
            "else_statement",
            "do_group",
            "argument_list",
            "arguments",
            "formal_parameters",
            "parameters",
            "parameter_list",
            "modifiers",
            "switch_block",
            "switch_body",
            "body",
            "ERROR",
        ],
        Role::Through,
    ),
    (
        &[
            "integral_type",
            "floating_point_type",
            "boolean_type",
            "void_type",
            "primitive_type",
            "sized_type_specifier",
            "generic_type",
            "array_type",
            "type",
        ],
        Role::Leaf("type"),
    ),
];

/// Anonymous tokens worth keeping: operators, with comparisons and logic folded together
/// (a negated branch compares the other way round).
fn operator(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "<" | ">" | "<=" | ">=" | "==" | "!=" | "~=" | "-lt" | "-gt" | "-le" | "-ge" | "-eq" | "-ne"
        | "is" | "in" => "cmp",
        "&&" | "||" | "and" | "or" => "logic",
        "+" | "-" | "*" | "/" | "%" | "//" | ".." => "arith",
        "+=" | "-=" | "*=" | "/=" | "%=" | "++" | "--" => "update",
        "return" => "return",
        "break" => "break",
        "continue" => "continue",
        "new" => "new",
        _ => return None,
    })
}

fn role(node: &Node, source: &[u8]) -> Role {
    let kind = node.kind();
    if !node.is_named() {
        return operator(kind).map_or(Role::Through, Role::Leaf);
    }
    if let Some((_, role)) = ROLES.iter().find(|(kinds, _)| kinds.contains(&kind)) {
        return match role {
            Role::Mark("loop" | "branch") if never_runs(node, source) => Role::Skip,
            role => *role,
        };
    }
    if kind.contains("comment") {
        Role::Skip
    } else if kind.ends_with("identifier")
        || matches!(kind, "name" | "word" | "this" | "self" | "variable_name")
    {
        Role::Leaf("id")
    } else if let Some(literal) = literal_kind(kind) {
        Role::Literal(literal)
    } else if is_assignment(node) {
        Role::Mark("assign")
    } else if kind == "variable_declarator" {
        // `int x;` declares only: the same tokens as the declaration part of `int x = 5;`.
        Role::Through
    } else {
        Role::Own
    }
}

/// What a literal node is, by its grammar's kind: `None` for anything else.
fn literal_kind(kind: &str) -> Option<LiteralKind> {
    Some(match kind {
        "true" | "false" | "null" | "null_literal" | "none" | "nil" => LiteralKind::Constant,
        "number" | "integer" | "float" | "number_literal" => LiteralKind::Number,
        "char" | "character_literal" | "char_literal" => LiteralKind::Text,
        _ if kind.contains("string") && !kind.contains("fragment") && !kind.contains("content") => {
            LiteralKind::Text
        }
        _ if kind.contains("integer_literal") || kind.contains("floating_point_literal") => {
            LiteralKind::Number
        }
        _ if kind.contains("literal") => LiteralKind::Constant,
        _ => return None,
    })
}

/// A declaration that gives a value (`int x = 5`, `x = 5`, `local x = 5`): one assignment
/// token, whether the declaration stands with it or at the top of the method.
fn is_assignment(node: &Node) -> bool {
    match node.kind() {
        "assignment_expression"
        | "assignment"
        | "assignment_statement"
        | "init_declarator"
        | "variable_assignment" => true,
        "variable_declarator" => node.child_by_field_name("value").is_some(),
        _ => false,
    }
}

/// A loop or branch whose condition is the constant false: code that cannot run.
fn never_runs(node: &Node, source: &[u8]) -> bool {
    let Some(condition) = node.child_by_field_name("condition") else {
        return false;
    };
    let text = condition.utf8_text(source).unwrap_or_default();
    let text = text.trim_matches(|c: char| c == '(' || c == ')' || c.is_whitespace());
    matches!(text, "false" | "False" | "0" | "nil")
}

/// A local declaration of a name used nowhere else in its function: dead code.
fn is_unused_declaration(node: &Node, source: &[u8], uses: &HashMap<&[u8], u32>) -> bool {
    if !matches!(
        node.kind(),
        "local_variable_declaration" | "declaration" | "variable_declaration"
    ) {
        return false;
    }
    let mut cursor = node.walk();
    let mut stack = vec![*node];
    while let Some(next) = stack.pop() {
        if next.kind() == "identifier" {
            let name = &source[next.byte_range()];
            return uses.get(name).copied().unwrap_or(0) <= 1;
        }
        let children: Vec<Node> = next.children(&mut cursor).collect();
        stack.extend(children.into_iter().rev());
    }
    false
}

/// How often each identifier occurs in a function (to find declarations nothing uses).
fn identifier_uses<'s>(function: &Node, source: &'s [u8]) -> HashMap<&'s [u8], u32> {
    let mut uses = HashMap::new();
    let mut cursor = function.walk();
    loop {
        let node = cursor.node();
        if node.kind().ends_with("identifier") {
            *uses.entry(&source[node.byte_range()]).or_insert(0) += 1;
        }
        if !advance(&mut cursor, true, function) {
            return uses;
        }
    }
}

/// Moves to the next node in document order (into the children when `descend`); false once
/// the walk has left `root`.
fn advance(cursor: &mut TreeCursor, descend: bool, root: &Node) -> bool {
    if descend && cursor.goto_first_child() {
        return true;
    }
    loop {
        if cursor.node() == *root {
            return false;
        }
        if cursor.goto_next_sibling() {
            return true;
        }
        if !cursor.goto_parent() {
            return false;
        }
    }
}

/// A stable number for a token's category.
fn category(name: &str) -> u64 {
    // FNV-1a: the same number on every machine and every run.
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
    })
}

/// A reusable parser per language.
#[derive(Default)]
pub(crate) struct Tokenizer {
    parsers: HashMap<Language, Parser>,
}

impl Tokenizer {
    /// The units of one source file: its top level first, then each function in order.
    /// `None` when the grammar cannot be loaded (never for the built-in ones).
    pub(crate) fn units(&mut self, language: Language, source: &[u8]) -> Option<Vec<Unit>> {
        let parser = match self.parsers.entry(language) {
            std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::hash_map::Entry::Vacant(entry) => {
                let mut parser = Parser::new();
                parser.set_language(&language.grammar()).ok()?;
                entry.insert(parser)
            }
        };
        let tree = parser.parse(source, None)?;
        Some(walk(tree.root_node(), source))
    }
}

/// A function being walked: its node, its unit, and how often each identifier occurs in it.
type OpenFunction<'t, 's> = (Node<'t>, usize, HashMap<&'s [u8], u32>);

/// The tokens of a syntax tree, unit by unit.
fn walk(root: Node, source: &[u8]) -> Vec<Unit> {
    let mut units = vec![Unit::default()];
    // The units being filled, innermost last, each with the node that opened it.
    let mut open: Vec<OpenFunction> = Vec::new();
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        while open
            .last()
            .is_some_and(|(function, _, _)| !encloses(function, &node))
        {
            open.pop();
        }
        let current = open.last().map_or(0, |(_, unit, _)| *unit);
        let line = node.start_position().row as u32 + 1;
        let dead = open
            .last()
            .is_some_and(|(_, _, uses)| is_unused_declaration(&node, source, uses));
        let role = if dead { Role::Skip } else { role(&node, source) };
        if role != Role::Skip && node.is_named() {
            let parent = node.parent().map_or(0, |p| category(p.kind()));
            let kind = category(node.kind()) ^ parent.rotate_left(17);
            units[current].fine.push(Token { kind, line });
            let written = if matches!(role, Role::Leaf("id") | Role::Literal(_)) {
                kind ^ category(&String::from_utf8_lossy(&source[node.byte_range()]))
            } else {
                kind
            };
            units[current].verbatim.push(Token { kind: written, line });
        }
        let descend = match role {
            Role::Skip | Role::Leaf(_) | Role::Literal(_) => false,
            Role::Function => {
                units.push(Unit {
                    tokens: vec![Token {
                        kind: category("function"),
                        line,
                    }],
                    fine: Vec::new(),
                    verbatim: Vec::new(),
                    literals: Vec::new(),
                });
                open.push((node, units.len() - 1, identifier_uses(&node, source)));
                true
            }
            Role::Mark(name) => {
                units[current].tokens.push(Token {
                    kind: category(name),
                    line,
                });
                true
            }
            Role::Own => {
                units[current].tokens.push(Token {
                    kind: category(node.kind()),
                    line,
                });
                true
            }
            Role::Through => true,
        };
        if let Role::Leaf(name) = role {
            units[current].tokens.push(Token {
                kind: category(name),
                line,
            });
        }
        if let Role::Literal(kind) = role {
            units[current].tokens.push(Token {
                kind: category(kind.token()),
                line,
            });
            let text = &source[node.byte_range()];
            units[current].literals.extend(Literal::read(kind, text));
        }
        if !advance(&mut cursor, descend, &root) {
            return units;
        }
    }
}

/// Whether `inner` lies within `outer` (or is it).
fn encloses(outer: &Node, inner: &Node) -> bool {
    outer.start_byte() <= inner.start_byte() && inner.end_byte() <= outer.end_byte()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(language: Language, source: &str) -> Vec<Vec<u64>> {
        Tokenizer::default()
            .units(language, source.as_bytes())
            .expect("built-in grammar")
            .into_iter()
            .map(|unit| unit.tokens.iter().map(|t| t.kind).collect())
            .collect()
    }

    #[test]
    fn renamed_identifiers_and_literals_leave_the_same_tokens() {
        let a = kinds(Language::Java, "class A { int f(int x) { return x + 1; } }");
        let b = kinds(Language::Java, "class Zeta { int g(int y) { return y + 42; } }");
        assert_eq!(a, b);
    }

    #[test]
    fn comments_and_dead_code_leave_no_token() {
        let plain = kinds(
            Language::Java,
            "class A { int f(int x) { x = x * 2; return x; } }",
        );
        let padded = kinds(
            Language::Java,
            "class A { int f(int x) { // doubles\n int unused = 7;\n if (false) { x = 3; }\n x = x * 2; return x; } }",
        );
        assert_eq!(plain, padded);
    }

    #[test]
    fn a_program_that_only_prints_still_has_tokens() {
        let units = kinds(
            Language::Java,
            "class A { public static void main(String[] a) { System.out.println(\"Hola\"); } }",
        );
        assert!(units[1].len() > 5, "{units:?}");
    }

    #[test]
    fn a_declaration_moved_to_the_top_of_its_method_changes_one_token() {
        let together = kinds(Language::Java, "class A { void f() { g(); int x = 5; h(x); } }");
        let apart = kinds(
            Language::Java,
            "class A { void f() { int x; g(); x = 5; h(x); } }",
        );
        assert_eq!(together[1].len() + 1, apart[1].len());
    }

    fn literals(language: Language, source: &str) -> Vec<Literal> {
        Tokenizer::default()
            .units(language, source.as_bytes())
            .expect("built-in grammar")
            .into_iter()
            .flat_map(|unit| unit.literals)
            .collect()
    }

    #[test]
    fn messages_and_odd_constants_are_kept_small_numbers_and_empty_strings_are_not() {
        let found = literals(
            Language::Java,
            r#"class A { double f() { s = ""; t = "x"; u = "Enter weight"; return 0.45359237 * 2 + 10; } }"#,
        );
        let texts: Vec<&str> = found.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, vec!["tEnter weight", "n0.45359237"]);
    }

    #[test]
    fn either_quote_writes_the_same_text() {
        let single = literals(Language::Python, "print('Gana X')\n");
        let double = literals(Language::Python, "print(\"Gana X\")\n");
        assert_eq!(single[0].hash, double[0].hash);
    }

    #[test]
    fn a_mended_typo_is_near_the_message_it_mends() {
        let starter = &literals(Language::Python, "print('Utlidad del estado')\n")[0];
        let mended = &literals(Language::Python, "print('Utilidad del estado')\n")[0];
        let other = &literals(Language::Python, "print('Gana el jugador X')\n")[0];
        assert!(mended.is_near(starter));
        assert!(!other.is_near(starter));
    }

    #[test]
    fn for_and_while_are_both_a_loop() {
        let java = kinds(Language::Java, "class A { void f() { while (a) { b(); } } }");
        let java_for = kinds(Language::Java, "class A { void f() { for (;a;) { b(); } } }");
        assert_eq!(java, java_for);
    }

    #[test]
    fn each_function_is_a_unit_of_its_own() {
        let units = kinds(
            Language::Python,
            "x = 1\ndef f():\n    return 1\ndef g(a):\n    return a\n",
        );
        assert_eq!(units.len(), 3);
    }
}
