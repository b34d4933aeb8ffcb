#!/usr/bin/env python3
"""Finds import cycles in the workspace's crates: between files, and between the modules of
every level (the top-level modules of a crate, the games of `games/`, ...). `make lint` runs
it; it exits 1 when a cycle is found that the allowlist does not name, 0 otherwise.

Usage: .ci/cycles.py [--tests] [--allow FILE] [CRATE_ROOT ...]

What counts as a dependency of a file: every path it names that starts with `crate::`,
`super::`, `self::`, a child module declared in that file, or a name it imported as a module
(`use crate::games::mnk; ... mnk::Position`), in `use` statements and in code alike. A path
is followed through re-exports (`pub use position::Position` in `mnk/mod.rs`) to the file that
defines the item, so a module's facade is not itself a step of a cycle; a `pub use` of a
module's own descendants is the facade and adds no edge. Comments, strings and doc links do
not count. `#[cfg(test)]` code does not count unless `--tests` is given: a test may check one
module against a sibling without that being the library's shape.

The allowlist (default .ci/cycles-allowed.txt, optional) has one cycle a line: its members
(files, or folders ending in `/` for modules) separated by spaces, then ` -- ` and the reason.
A cycle is allowed when all its members are on one line (so it may shrink); a line that
allows no cycle any more is an error, so the list only shrinks.

What it cannot see: a dependency named by no path (a method called on a value whose type
comes from another file without that file being named), and macros' expansions.
"""

import os
import re
import sys
from collections import defaultdict, deque

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_ROOTS = ["core/src/lib.rs", "src/lib.rs", "src/main.rs", "sandbox/src/lib.rs", "web/src/lib.rs"]
DEFAULT_ALLOW = ".ci/cycles-allowed.txt"

# ---------------------------------------------------------------------------------------------
# Tokens: identifiers, `::` and single punctuation, with line numbers; comments, strings,
# characters, lifetimes and numbers are dropped.

IDENT = re.compile(r"(?:r#)?[A-Za-z_][A-Za-z0-9_]*")
RAW_STRING = re.compile(r'(?:b|c)?r(#*)"')


def tokens(text):
    out, i, line, n = [], 0, 1, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    line += text[i] == "\n"
                    i += 1
        elif (m := RAW_STRING.match(text, i)) and (i == 0 or not is_ident_char(text[i - 1])):
            close = '"' + m.group(1)
            end = text.find(close, m.end())
            end = n if end < 0 else end + len(close)
            line += text.count("\n", i, end)
            i = end
        elif c == '"' or (c in "bc" and text.startswith('"', i + 1) and not is_ident_char(text[i - 1] if i else " ")):
            i = i + 1 if c == '"' else i + 2
            while i < n and text[i] != '"':
                if text[i] == "\\":
                    i += 1
                line += text[i] == "\n"
                i += 1
            i += 1
        elif c == "'" or (c == "b" and text.startswith("'", i + 1) and not is_ident_char(text[i - 1] if i else " ")):
            j = i + 1 if c == "'" else i + 2
            if text.startswith("\\", j):
                i = text.find("'", j + 2) + 1
            elif j + 1 < n and text[j + 1] == "'":
                i = j + 2
            else:  # a lifetime or a label
                m = IDENT.match(text, j)
                i = m.end() if m else j
        elif c.isdigit():
            m = re.compile(r"[0-9][0-9A-Za-z_]*(?:\.[0-9][0-9A-Za-z_]*)?").match(text, i)
            i = m.end()
        elif m := IDENT.match(text, i):
            out.append((m.group(0).removeprefix("r#"), line))
            i = m.end()
        elif text.startswith("::", i):
            out.append(("::", line))
            i += 2
        else:
            out.append((c, line))
            i += 1
    return out


def is_ident_char(c):
    return c.isalnum() or c == "_"


# ---------------------------------------------------------------------------------------------
# One pass over a file's tokens: its module declarations, its `use` trees and the paths in
# its code, each tagged with the (inline) module it sits in and whether it is test code.


class Module:
    def __init__(self, path, file):
        self.path = path  # tuple of names under the crate
        self.file = file  # the file that holds it (inline modules share their parent's)
        self.children = {}  # name -> Module
        self.reexports = {}  # name -> (tuple path, context Module), from `pub use`
        self.globs = []  # (tuple path, context Module), from `pub use ...::*`
        self.aliases = {}  # name -> (tuple path, context Module), from private `use`
        self.test = False


class Use:
    def __init__(self, module, segments, alias, glob, public, line, test):
        self.module, self.segments, self.alias, self.glob = module, segments, alias, glob
        self.public, self.line, self.test = public, line, test


def use_trees(toks, i, prefix):
    """Parses one use tree at toks[i]; returns ([(segments, alias, glob)], next index)."""
    segments = list(prefix)
    while True:
        tok = toks[i][0]
        if tok == "{":
            found, i = [], i + 1
            while toks[i][0] != "}":
                sub, i = use_trees(toks, i, segments)
                found += sub
                if toks[i][0] == ",":
                    i += 1
            return found, i + 1
        if tok == "*":
            return [(segments, None, True)], i + 1
        if tok == "::":
            i += 1
            continue
        segments.append(tok)
        i += 1
        if toks[i][0] == "::":
            continue
        alias = None
        if toks[i][0] == "as":
            alias, i = toks[i + 1][0], i + 2
        if segments[-1] == "self":
            segments = segments[:-1]
            alias = alias or segments[-1]
        return [(segments, alias or segments[-1], False)], i


def scan(file_module, toks):
    """Walks a file: declares its modules, returns (uses, paths, file module declarations)."""
    uses, paths, declared = [], [], []
    scopes = [(file_module, 0, file_module.test)]  # (module, brace depth it opened at, test)
    depth, pending_test, i = 0, False, 0
    while i < len(toks):
        tok, line = toks[i]
        module, _, test = scopes[-1]
        if tok == "#" and i + 1 < len(toks) and toks[i + 1][0] in ("[", "!"):
            j = i + 1 if toks[i + 1][0] == "[" else i + 2
            end, level = j, 0
            while True:
                level += {"[": 1, "]": -1}.get(toks[end][0], 0)
                if level == 0:
                    break
                end += 1
            words = [t for t, _ in toks[j:end]]
            if words[1:4] == ["cfg", "(", "test"] and toks[i + 1][0] == "[":
                pending_test = True
            i = end + 1
            continue
        if tok == "{":
            depth += 1
            if pending_test:
                scopes.append((module, depth, True))
                pending_test = False
        elif tok == "}":
            if scopes[-1][1] == depth and len(scopes) > 1:
                scopes.pop()
            depth -= 1
        elif tok == ";":
            pending_test = False
        elif tok == "mod" and i + 2 < len(toks) and IDENT.fullmatch(toks[i + 1][0]) and toks[i + 2][0] in "{;":
            name = toks[i + 1][0]
            child = module.children.get(name) or Module(module.path + (name,), module.file)
            child.test = test or pending_test
            module.children[name] = child
            if toks[i + 2][0] == "{":
                depth += 1
                scopes.append((child, depth, child.test))
                pending_test = False
                i += 3
                continue
            declared.append(child)
            pending_test = False
            i += 3
            continue
        elif tok == "use" and (i == 0 or toks[i - 1][0] != "::"):
            public = i > 0 and (toks[i - 1][0] == "pub" or toks[i - 1][0] == ")")
            trees, i = use_trees(toks, i + 1, [])
            for segments, alias, glob in trees:
                uses.append(Use(module, segments, alias, glob, public, line, test or pending_test))
            pending_test = False
            continue
        elif IDENT.fullmatch(tok) and i + 1 < len(toks) and toks[i + 1][0] == "::" and (
            i == 0 or toks[i - 1][0] not in ("::", "$")
        ):
            segments, j = [tok], i + 1
            while j + 1 < len(toks) and toks[j][0] == "::" and IDENT.fullmatch(toks[j + 1][0]):
                segments.append(toks[j + 1][0])
                j += 2
            paths.append((module, segments, line, test))
            i = j
            continue
        i += 1
    return uses, paths, declared


# ---------------------------------------------------------------------------------------------
# The crate: files found by following `mod name;` from the root, then every path resolved to
# the file that defines what it names.


class Crate:
    def __init__(self, root_file):
        self.root = Module((), root_file)
        self.modules = {}  # file -> its file Module
        self.uses, self.paths = [], []
        self.load(self.root)

    def load(self, module):
        with open(os.path.join(ROOT, module.file), encoding="utf-8") as f:
            toks = tokens(f.read())
        self.modules[module.file] = module
        uses, paths, declared = scan(module, toks)
        self.uses += uses
        self.paths += paths
        base = os.path.dirname(module.file)
        stem = os.path.basename(module.file)[:-3]
        if stem not in ("lib", "main", "mod"):
            base = os.path.join(base, stem)
        for child in declared:
            for candidate in (f"{child.path[-1]}.rs", f"{child.path[-1]}/mod.rs"):
                path = os.path.join(base, candidate)
                if os.path.exists(os.path.join(ROOT, path)):
                    child.file = path
                    self.load(child)
                    break
        for use in uses:
            if use.public and not use.glob:
                use.module.reexports[use.alias] = (tuple(use.segments), use.module)
            elif use.public:
                use.module.globs.append((tuple(use.segments), use.module))
            elif not use.glob:
                use.module.aliases[use.alias] = (tuple(use.segments), use.module)

    def start(self, segments, module):
        """The module a path's first segment names, and the rest of the path; None if outside."""
        first, rest = segments[0], list(segments[1:])
        if first == "crate":
            return self.root, rest
        if first == "self":
            return module, rest
        if first == "super":
            up = module.path[:-1]
            while rest and rest[0] == "super":
                up, rest = up[:-1], rest[1:]
            return self.find(up), rest
        if first in module.children:
            return module.children[first], rest
        if first in module.aliases and module.aliases[first][0] != tuple(segments[:1]):
            target, context = module.aliases[first]
            return self.start(list(target) + rest, context)
        if first in module.reexports:
            target, context = module.reexports[first]
            return self.start(list(target) + rest, context)
        return None

    def find(self, path):
        module = self.root
        for name in path:
            module = module.children[name]
        return module

    def resolve(self, segments, module, seen=()):
        """The Module (and file) that defines what `segments` names from `module`."""
        if (tuple(segments), module.path) in seen or not segments:
            return None
        seen = seen + ((tuple(segments), module.path),)
        started = self.start(segments, module)
        if started is None:
            return None
        current, rest = started
        while rest:
            name = rest.pop(0)
            if name in current.children:
                current = current.children[name]
            elif name in current.reexports:
                target, context = current.reexports[name]
                found = self.resolve(list(target) + rest, context, seen)
                return found or current
            else:
                for target, context in current.globs:
                    found = self.resolve(list(target) + [name] + rest, context, seen)
                    if found:
                        return found
                return current
        return current


def file_edges(crate, with_tests):
    """file -> {file: (line, path text)}: the first place each file names each other file."""
    edges = defaultdict(dict)

    def add(module, segments, line, target):
        if target is not None and target.file != module.file:
            edges[module.file].setdefault(target.file, (line, "::".join(segments)))

    for use in crate.uses:
        if use.test and not with_tests:
            continue
        target = crate.resolve(use.segments, use.module)
        if target is None:
            continue
        is_module = target.path == tuple_path(crate, use.segments, use.module)
        if use.public and target.path[: len(use.module.path)] == use.module.path:
            continue  # a facade re-exporting its own descendants
        if is_module and not use.glob:
            continue  # a module imported by name: the paths through it count, where used
        add(use.module, use.segments, use.line, target)
        if use.glob:
            for name in list(target.reexports):
                add(use.module, use.segments + [name], use.line, crate.resolve([name], target))
    for module, segments, line, test in crate.paths:
        if test and not with_tests:
            continue
        add(module, segments, line, crate.resolve(segments, module))
    return edges


def tuple_path(crate, segments, module):
    """The module path `segments` names when it names a module, else None."""
    started = crate.start(segments, module)
    if started is None:
        return None
    current, rest = started
    for name in rest:
        if name not in current.children:
            return None
        current = current.children[name]
    return current.path


# ---------------------------------------------------------------------------------------------
# Cycles: strongly connected components, each shown as its shortest cycles.


def components(nodes, edges):
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return sorted(found)


def shortest_cycle(start, members, edges):
    previous, queue = {start: None}, deque([start])
    while queue:
        v = queue.popleft()
        for w in sorted(edges.get(v, ())):
            if w == start:
                path = [v]
                while previous[path[-1]] is not None:
                    path.append(previous[path[-1]])
                return list(reversed(path)) + [start]
            if w in members and w not in previous:
                previous[w] = v
                queue.append(w)
    return None


def cycles_of(group, edges):
    """The shortest cycle through each member of a component, each once."""
    seen, found = set(), []
    for member in group:
        cycle = shortest_cycle(member, set(group), edges)
        key = frozenset(zip(cycle, cycle[1:]))
        if key not in seen:
            seen.add(key)
            found.append(cycle)
    return found


def unit(file_module_path, level, crate):
    """The child of module `level` that holds a file of module path `file_module_path`: its
    folder (`games/mnk/`) or file (`games/nim.rs`), or the level's own file."""
    if file_module_path == level:
        return crate.find(level).file
    child = crate.find(file_module_path[: len(level) + 1])
    if any(m.file != child.file for m in walk(child)):
        return os.path.dirname(child.file) + "/" if child.file.endswith("mod.rs") else child.file[:-3] + "/"
    return child.file


def walk(module):
    yield module
    for child in module.children.values():
        yield from walk(child)


def report(crates, with_tests):
    """Every cycle found: [(members, [text lines])]."""
    found = []
    for crate in crates:
        edges = file_edges(crate, with_tests)
        simple = {v: set(ws) for v, ws in edges.items()}
        for group in components(crate.modules, simple):
            lines = []
            for cycle in cycles_of(group, simple):
                lines.append("    " + " -> ".join(cycle))
                for a, b in zip(cycle, cycle[1:]):
                    line, text = edges[a][b]
                    lines.append(f"        {a}:{line} names {text} ({b})")
            found.append((group, "files", lines))
        file_paths = {m.file: m.path for m in crate.modules.values()}
        for level_module in walk(crate.root):
            if level_module.test or not level_module.children:
                continue
            level = level_module.path
            graph, evidence = defaultdict(set), {}
            for a, targets in edges.items():
                for b, (line, text) in targets.items():
                    pa, pb = file_paths[a], file_paths[b]
                    if pa[: len(level)] != level or pb[: len(level)] != level:
                        continue
                    ua, ub = unit(pa, level, crate), unit(pb, level, crate)
                    if ua != ub:
                        graph[ua].add(ub)
                        evidence.setdefault((ua, ub), f"{a}:{line} names {text} ({b})")
            for group in components(set(graph), graph):
                if not any(member.endswith("/") for member in group):
                    continue  # only files: already reported as a cycle of files
                lines = []
                for cycle in cycles_of(group, graph):
                    lines.append("    " + " -> ".join(cycle))
                    for a, b in zip(cycle, cycle[1:]):
                        lines.append(f"        {evidence[(a, b)]}")
                name = "::".join(("crate",) + level)
                found.append((group, f"modules of {name} ({level_module.file})", lines))
    return found


def read_allowlist(path):
    allowed, problems = {}, []
    if not os.path.exists(os.path.join(ROOT, path)):
        return allowed, problems
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            members, _, reason = line.partition(" -- ")
            if not reason.strip():
                problems.append(f"{path}:{number}: no reason given (members -- reason)")
                continue
            allowed[frozenset(members.split())] = (number, reason.strip())
    return allowed, problems


def main(argv):
    with_tests = "--tests" in argv
    argv = [a for a in argv if a != "--tests"]
    allow = DEFAULT_ALLOW
    if "--allow" in argv:
        at = argv.index("--allow")
        allow = argv[at + 1]
        argv = argv[:at] + argv[at + 2 :]
    roots = argv or [r for r in DEFAULT_ROOTS if os.path.exists(os.path.join(ROOT, r))]
    crates = [Crate(os.path.relpath(os.path.join(ROOT, r), ROOT) if os.path.isabs(r) else r) for r in roots]
    allowed, problems = read_allowlist(allow)
    used, failing = set(), 0
    for members, kind, lines in report(crates, with_tests):
        key = next((entry for entry in allowed if frozenset(members) <= entry), None)
        if key is not None:
            used.add(key)
            number, _ = allowed[key]
            print(f"allowed by {allow}:{number}: a cycle of {kind}: {' '.join(members)}")
            continue
        failing += 1
        print(f"cycle of {kind}: {' '.join(members)}")
        print("\n".join(lines))
    for key, (number, _) in sorted(allowed.items(), key=lambda item: item[1][0]):
        if key not in used:
            problems.append(f"{allow}:{number}: no such cycle any more: remove the line")
    for problem in problems:
        print(problem)
    files = sum(len(c.modules) for c in crates)
    if failing or problems:
        print(f"{failing} cycle(s) in {files} files of {len(crates)} crate roots (.ci/cycles.py)")
        return 1
    print(f"no cycles in {files} files of {len(crates)} crate roots but the {len(used)} the allowlist names")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
