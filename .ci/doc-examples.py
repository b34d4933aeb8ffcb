#!/usr/bin/env python3
"""Re-runs the commands that readme.txt and doc/*.md show, and fails with a diff when their
output drifts from what is written.

An example is a `$ COMMAND` line in a code block (indented by 4 spaces in readme.txt, fenced in
doc/*.md) followed by the output it prints (stdout and stderr together, as a terminal shows
them). A command ending in `\\` continues on the next line. In the written output:
  - a line `...`, or one that starts and ends with `...` (`... one entry per legal move ...`),
    stands for any number of lines, none included;
  - variable parts are masked on both sides before comparing (MASKS below): times, rates, and
    the sandbox's list of layers, which depends on the machine.
A Markdown comment on the line before a block, which a reader of the rendered page never sees,
says how to treat it:
  <!-- examples: skip (why) -->   never run: benchmarks, timings, whole-machine figures
  <!-- examples: slow -->         run only with --slow (searches of a minute or more)
Commands run from the repository's root with target/debug first on the PATH, one shell per
block, so a block's commands may use the files its earlier commands wrote.

Usage: .ci/doc-examples.py [--slow] [--list] [FILE...]   (default: readme.txt doc/*.md)
Exit status: 0 every example matches, 1 some drifted (the diffs are printed), 2 usage.
"""
from __future__ import annotations

import concurrent.futures
import difflib
import glob
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKER = re.compile(r"<!--\s*examples:\s*(skip|slow)\b.*-->")
# (pattern, replacement): what varies from run to run or from machine to machine.
MASKS = [
    (re.compile(r"^(time: ).*$"), r"\1<time>"),
    (re.compile(r"^((?:minimax: )?sandbox \w+: ).*$"), r"\1<layers>"),
    (re.compile(r"\d+(\.\d+)? (ms|s)\b"), "<duration>"),
]
# Lines left out of what a command prints: the grader's progress when stderr is not a terminal
# (a terminal shows a bar that vanishes), one line per student in the order they finish.
DROPPED = [re.compile(r"^minimax: graded \d+ of \d+: ")]
COMMAND_TIMEOUT = 600


@dataclass
class Example:
    command: str
    expected: list[str]
    line: int


@dataclass
class Block:
    path: str
    line: int
    mode: str  # "run", "skip" or "slow"
    examples: list[Example] = field(default_factory=list)


def code_blocks(path: str) -> list[tuple[int, str, list[str]]]:
    """(first line number, mode, lines) of every code block of a file."""
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    if path.endswith(".md"):
        return fenced_blocks(lines)
    return indented_blocks(lines)


def fenced_blocks(lines: list[str]) -> list[tuple[int, str, list[str]]]:
    blocks, i = [], 0
    while i < len(lines):
        if lines[i].strip().startswith("```"):
            marker = MARKER.search(lines[i - 1]) if i > 0 else None
            indent = len(lines[i]) - len(lines[i].lstrip())
            start, i = i + 1, i + 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                i += 1
            body = [line[indent:] for line in lines[start:i]]
            blocks.append((start + 1, marker.group(1) if marker else "run", body))
        i += 1
    return blocks


def indented_blocks(lines: list[str]) -> list[tuple[int, str, list[str]]]:
    blocks, i = [], 0
    while i < len(lines):
        if lines[i].startswith("    ") and (i == 0 or not lines[i - 1].strip()):
            start = i
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                i += 1
            body = [line[4:] for line in lines[start:i]]
            while body and not body[-1].strip():
                body.pop()
            blocks.append((start + 1, "run", body))
        else:
            i += 1
    return blocks


def examples_of(path: str) -> list[Block]:
    result = []
    for first, mode, body in code_blocks(path):
        block = Block(os.path.relpath(path, ROOT), first, mode)
        i = 0
        while i < len(body):
            if not body[i].startswith("$ "):
                i += 1
                continue
            line, command = first + i, body[i][2:]
            while command.endswith("\\") and i + 1 < len(body):
                i += 1
                command = command[:-1].rstrip() + " " + body[i].strip()
            i += 1
            expected = []
            while i < len(body) and not body[i].startswith("$ "):
                expected.append(body[i])
                i += 1
            while expected and not expected[-1].strip():
                expected.pop()
            block.examples.append(Example(command, expected, line))
        if block.examples:
            result.append(block)
    return result


def masked(line: str) -> str:
    for pattern, replacement in MASKS:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def is_ellipsis(line: str) -> bool:
    stripped = line.strip()
    return stripped == "..." or (stripped.startswith("... ") and stripped.endswith(" ..."))


def aligned(expected: list[str], actual: list[str]) -> list[str]:
    """The written lines with each ellipsis replaced by the actual lines it stands for, chosen
    so that as few lines as possible differ: equal to the actual lines when the example holds,
    and otherwise a diff against them shows only what drifted."""
    want = [None if is_ellipsis(line) else masked(line) for line in expected]
    have = [masked(line) for line in actual]
    n, m = len(want), len(have)
    changed, missing = 1, 2  # a line changed costs less than one gone and another come
    # cost[i][j]: the least cost of aligning want[i:] with have[j:].
    cost = [[0] * (m + 1) for _ in range(n + 1)]
    for j in range(m - 1, -1, -1):
        cost[n][j] = cost[n][j + 1] + missing
    for i in range(n - 1, -1, -1):
        for j in range(m, -1, -1):
            if want[i] is None:
                cost[i][j] = min(cost[i + 1][j], cost[i][j + 1] if j < m else cost[i + 1][j])
                continue
            best = cost[i + 1][j] + missing
            if j < m:
                step = 0 if want[i] == have[j] else changed
                best = min(best, cost[i][j + 1] + missing, cost[i + 1][j + 1] + step)
            cost[i][j] = best
    result, i, j = [], 0, 0
    while i < n:
        if want[i] is None:  # an ellipsis takes as few lines as it can
            if cost[i][j] == cost[i + 1][j]:
                i += 1
            else:
                result.append(have[j])
                j += 1
        elif j < m and cost[i][j] == cost[i + 1][j + 1] + (0 if want[i] == have[j] else changed):
            result.append(want[i])
            i, j = i + 1, j + 1
        elif j < m and cost[i][j] == cost[i][j + 1] + missing:
            j += 1
        else:
            result.append(want[i])
            i += 1
    return result


def run_block(block: Block) -> list[str]:
    """Runs a block's commands in one shell; returns the report of each drifted example."""
    env = dict(os.environ, PATH=os.path.join(ROOT, "target", "debug") + os.pathsep + os.environ["PATH"])
    # As from a reader's shell, not from inside `make lint`.
    for name in ("CLICOLOR_FORCE", "MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES"):
        env.pop(name, None)
    failures = []
    for example in block.examples:
        try:
            done = subprocess.run(
                ["sh", "-c", example.command], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT,
            )
            output = done.stdout.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            output = f"(no end within {COMMAND_TIMEOUT} s)\n"
        lines = output.rstrip("\n").split("\n") if output.strip() else []
        actual = [masked(line) for line in lines if not any(p.match(line) for p in DROPPED)]
        written = aligned(example.expected, actual)
        if written == actual:
            continue
        diff = difflib.unified_diff(written, actual, "written", "printed now", lineterm="", n=2)
        failures.append(f"{block.path}:{example.line}: $ {example.command}\n" + "\n".join(diff))
    return failures


def main(argv: list[str]) -> int:
    slow = "--slow" in argv
    listing = "--list" in argv
    files = [a for a in argv if not a.startswith("--")]
    if any(a.startswith("--") and a not in ("--slow", "--list") for a in argv):
        print(__doc__, file=sys.stderr)
        return 2
    if not files:
        files = [os.path.join(ROOT, "readme.txt")] + sorted(glob.glob(os.path.join(ROOT, "doc", "*.md")))
    blocks = [block for path in files for block in examples_of(path)]
    chosen = [b for b in blocks if b.mode == "run" or (b.mode == "slow" and slow)]
    if listing:
        for block in blocks:
            for example in block.examples:
                print(f"{block.mode:4}  {block.path}:{example.line}: $ {example.command}")
        return 0
    jobs = max(1, min(4, os.cpu_count() or 1))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        failures = [f for result in pool.map(run_block, chosen) for f in result]
    count = sum(len(b.examples) for b in chosen)
    left = sum(len(b.examples) for b in blocks) - count
    for failure in failures:
        print(failure + "\n")
    print(
        f"doc examples: {count - len(failures)} of {count} match"
        + (f" ({left} not run: skip or slow)" if left else ""),
        file=sys.stderr,
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
