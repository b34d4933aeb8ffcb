//! Source files as streams of abstract tokens, one stream per function, as JPlag normalises:
//! identifiers and literals lose their text, a loop is a loop (for, while, do, repeat), a
//! branch is a branch (if, elif, switch, ternary), comments, imports, debug prints and code
//! that cannot run leave no token, and each function is a unit of its own so that the order
//! of functions does not matter.

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

/// A function's tokens, or the tokens of a file outside any function.
#[derive(Clone, Debug, Default)]
pub(crate) struct Unit {
    pub(crate) tokens: Vec<Token>,
}

/// What the walk does with a node of the syntax tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Leaves no token, nor do its children (comments, imports, debug prints, dead code).
    Skip,
    /// Leaves one token and hides its children (identifiers and literals, abstracted).
    Leaf(&'static str),
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
            Role::Through if kind == "expression_statement" && is_debug_print(node, source) => Role::Skip,
            role => *role,
        };
    }
    if kind.contains("comment") {
        Role::Skip
    } else if kind.ends_with("identifier")
        || matches!(kind, "name" | "word" | "this" | "self" | "variable_name")
    {
        Role::Leaf("id")
    } else if kind.contains("literal")
        || kind.contains("string")
        || matches!(
            kind,
            "number" | "integer" | "float" | "true" | "false" | "null" | "none" | "nil" | "char"
        )
    {
        Role::Leaf("lit")
    } else if matches!(kind, "command" | "function_call" | "call_expression" | "call")
        && is_debug_print(node, source)
    {
        Role::Skip
    } else {
        Role::Own
    }
}

/// Calls that only print (a debug trace, a student's tracing of the search): they weigh
/// nothing, so inserting or removing them changes no fingerprint.
const PRINTS: &[&str] = &[
    "System.out.print",
    "System.err.print",
    "System.out.format",
    "print(",
    "print ",
    "printf",
    "fprintf",
    "puts(",
    "std::cout",
    "std::cerr",
    "cout",
    "cerr",
    "io.write",
    "echo",
    "console.log",
];

fn is_debug_print(node: &Node, source: &[u8]) -> bool {
    let start = node.start_byte();
    let text = &source[start..node.end_byte().min(start + 40)];
    let text = String::from_utf8_lossy(text);
    PRINTS.iter().any(|print| text.trim_start().starts_with(print))
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
        let descend = match role {
            Role::Skip | Role::Leaf(_) => false,
            Role::Function => {
                units.push(Unit {
                    tokens: vec![Token {
                        kind: category("function"),
                        line,
                    }],
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
    fn comments_debug_prints_and_dead_code_leave_no_token() {
        let plain = kinds(
            Language::Java,
            "class A { int f(int x) { x = x * 2; return x; } }",
        );
        let padded = kinds(
            Language::Java,
            "class A { int f(int x) { // doubles\n int unused = 7; System.out.println(x);\n if (false) { x = 3; }\n x = x * 2; return x; } }",
        );
        assert_eq!(plain, padded);
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
