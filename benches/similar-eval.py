#!/usr/bin/env python3
"""`minimax similar` beside Dolos and copydetect on classes with known copies, in one run.

Each tool sees the same files and the same starter, task by task, and is timed as a whole
process. For every labelled set it prints the ROC AUC of copy pairs against independent pairs
(ties count half, as AUC does: a tool that scores everything 0 gets 0.5, not a win) and how many
copies score at or below the most similar independent pair of their own task.

Sets:
  irplag     IR-Plag (Karnalim et al., Informatics in Education 2019): 7 Java tasks, each an
             original, 15 independent solutions and 355 copies at Faidhi and Robinson's levels
             L1-L6; (original, copy) pairs against (original, independent) pairs, pooled over
             the tasks. Not shipped (no licence to redistribute): IRPLAG=path/to/IR-Plag-Dataset.
  own        tests/similar/class, the project's Java class on the sheet's starter (--base).
  short      tests/similar/short, three short Java tasks with a copy at each level.
  starter-py tests/similar/starter-py, a Python class whose files keep the starter (--base).

Usage: benches/similar-eval.py [--tools minimax,dolos,copydetect] [--sets irplag,own,...]
Needs Node 20 with @dodona/dolos-lib 3.5 in target/dolos and copydetect 0.5 (pip); `make
bench-similar` installs both.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ["L1", "L2", "L3", "L4", "L5", "L6"]


class Task:
    """Files compared together: name -> path, an optional starter, and labelled pairs."""

    def __init__(self, name, language, files, labels, base=None):
        self.name = name
        self.language = language
        self.files = files  # {student: path}
        self.labels = labels  # {(a, b): label}, a < b
        self.base = base


def irplag_tasks():
    folder = os.environ.get("IRPLAG")
    if not folder or not Path(folder, "case-01").is_dir():
        print(
            "IR-Plag is not here, passed over: set IRPLAG to the unpacked dataset's folder (the one\n"
            "holding case-01 ... case-07). It is IR-Plag-Dataset.zip in the public repository\n"
            "oscarkarnalim/sourcecodeplagiarismdataset; unzip it anywhere outside the project."
        )
        return []
    tasks = []
    for case in sorted(Path(folder).glob("case-*")):
        files = {}
        (original,) = case.glob("original/*.java")
        files["original"] = original
        for java in sorted(case.glob("non-plagiarized/*/*.java")):
            files[f"independent-{java.parent.name}"] = java
        for java in sorted(case.glob("plagiarized/L*/*/*.java")):
            files[f"{java.parent.parent.name}-{java.parent.name}"] = java
        labels = {}
        for name in files:
            if name == "original":
                continue
            label = "independent" if name.startswith("independent") else name.split("-")[0]
            labels[tuple(sorted(("original", name)))] = label
        tasks.append(Task(case.name, "java", files, labels))
    return tasks


def own_tasks():
    """The labels of tests/cli/similar.rs."""
    folder = ROOT / "tests/similar/class"
    files = {s.name: s / "Minimax/src/Minimax.java" for s in sorted(folder.iterdir())}
    alba = {"alba", "bruno", "carmen", "dario", "elisa"}

    def origin(s):
        return "alba" if s in alba else s

    def label(a, b):
        pair = {a, b}
        if pair <= alba or pair in ({"fausto", "alba"}, {"fausto", "gloria"}):
            return "copy"
        from_fausto = {"alba", "fausto", "gloria"}
        if origin(a) != origin(b) and not (origin(a) in from_fausto and origin(b) in from_fausto):
            return "independent"  # julia ~ kevin share only the starter: apart too
        return "copy-of-copy"

    names = sorted(files)
    labels = {(a, b): label(a, b) for i, a in enumerate(names) for b in names[i + 1 :]}
    starter = ROOT / "tests/similar/starter/Minimax.java"
    return [Task("own", "java", files, labels, base=starter)]


def labelled_csv_tasks(folder, language, pattern, base=None, by_task=False):
    rows = [line.split(",") for line in (folder / "LABELS.csv").read_text().split("\n") if line.strip()]
    groups = {}
    for row in rows:
        if row[0] in ("task", "a"):
            continue
        task, a, b, label = row if by_task else ("", *row)
        groups.setdefault(task, {})[tuple(sorted((a, b)))] = label.strip()
    tasks = []
    for task, labels in sorted(groups.items()):
        place = folder / task if task else folder / "class"
        files = {}
        for student in sorted({s for pair in labels for s in pair}):
            (found,) = sorted((place / student).glob(pattern))
            files[student] = found
        tasks.append(Task(f"{folder.name}/{task}" if task else folder.name, language, files, labels, base))
    return tasks


def speed_tasks():
    """The benchmark's class of 300 students x 300 lines (SPEED=1 benches/similar-eval.sh makes
    it in target/similar-class): no labels, only the time."""
    folder = ROOT / "target/similar-class"
    files = {s.name: s / "Minimax/src/Minimax.java" for s in sorted(folder.iterdir())}
    return [Task("speed", "java", files, {}, base=ROOT / "tests/similar/starter/Minimax.java")]


def short_tasks():
    return labelled_csv_tasks(ROOT / "tests/similar/short", "java", "*.java", by_task=True)


def starter_py_tasks():
    folder = ROOT / "tests/similar/starter-py"
    return labelled_csv_tasks(folder, "python", "*.py", base=folder / "starter/gato.py")


def run_minimax(task, minimax, scratch):
    """The class laid out as minimax reads one: a folder per student."""
    klass = Path(scratch, "class")
    shutil.rmtree(klass, ignore_errors=True)
    for student, path in task.files.items():
        (klass / student).mkdir(parents=True)
        shutil.copy(path, klass / student / path.name)
    args = [minimax, "similar", "--submissions", str(klass), "--threshold", "0", "--format", "json"]
    if task.base:
        base = Path(scratch, "base")
        shutil.rmtree(base, ignore_errors=True)
        base.mkdir()
        shutil.copy(task.base, base / task.base.name)
        args += ["--base", str(base)]
    started = time.monotonic()
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    seconds = time.monotonic() - started
    scores = {}
    for pair in json.loads(out)["pairs"]:
        scores[tuple(sorted(pair["students"]))] = pair["similarity"]
    return scores, seconds


def timed_pair_scores(args, names):
    """Runs a tool that prints `[i, j, similarity]` lines (indexes into `names`): its scores
    by pair, and its whole process's time."""
    started = time.monotonic()
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    seconds = time.monotonic() - started
    scores = {}
    for line in out.split("\n"):
        if line.strip():
            i, j, similarity = json.loads(line)
            scores[tuple(sorted((names[i], names[j])))] = similarity
    return scores, seconds


def run_dolos(task, _minimax, _scratch):
    names = list(task.files)
    args = ["node", str(ROOT / "benches/dolos-scores.mjs"), str(ROOT), task.language]
    if task.base:
        args += ["--base", str(task.base)]
    return timed_pair_scores(args + [str(task.files[n]) for n in names], names)


def run_copydetect(task, _minimax, _scratch):
    names = list(task.files)
    args = [sys.executable, __file__, "--copydetect-worker", str(task.base or "")]
    return timed_pair_scores(args + [str(task.files[n]) for n in names], names)


def copydetect_worker(base, files):
    """copydetect 0.5 with its command line's defaults (noise 25, guarantee 30): the mean of the
    two sides' shares of overlapping tokens."""
    from copydetect import CodeFingerprint, compare_files

    k, window = 25, 30 - 25 + 1
    boilerplate = sorted(CodeFingerprint(base, k, window).hashes) if base else []
    prints = [CodeFingerprint(f, k, window, boilerplate=boilerplate) for f in files]
    for i in range(len(files)):
        for j in range(i + 1, len(files)):
            _, (a, b), _ = compare_files(prints[i], prints[j])
            print(json.dumps([i, j, (float(a) + float(b)) / 2]))


def auc(positives, negatives):
    if not positives or not negatives:
        return float("nan")
    wins = sum((p > n) + 0.5 * (p == n) for p in positives for n in negatives)
    return wins / (len(positives) * len(negatives))


def evaluate(tasks, results, groups):
    """AUC per group of copy labels (pooled over tasks) and copies at or below the closest
    independent pair of their task."""
    table = {}
    negatives = [
        results[t.name].get(pair, 0.0) for t in tasks for pair, label in t.labels.items() if label == "independent"
    ]
    for group, members in groups.items():
        positives = [
            results[t.name].get(pair, 0.0) for t in tasks for pair, label in t.labels.items() if label in members
        ]
        table[group] = auc(positives, negatives)
    below = 0
    copies = 0
    for t in tasks:
        scores = results[t.name]
        apart = [scores.get(p, 0.0) for p, label in t.labels.items() if label == "independent"]
        closest = max(apart, default=0.0)
        for pair, label in t.labels.items():
            if label not in ("independent", "copy-of-copy", "starter-only"):
                copies += 1
                below += scores.get(pair, 0.0) <= closest
    return table, below, copies


RUNNERS = {"minimax": run_minimax, "dolos": run_dolos, "copydetect": run_copydetect}
SETS = {
    "irplag": (irplag_tasks, {**{level: [level] for level in LEVELS}, "all": LEVELS}),
    "own": (own_tasks, {"copies": ["copy"]}),  # tests/similar/class
    "short": (short_tasks, {**{level: [f"copy-{level}"] for level in LEVELS}, "all": [f"copy-{l}" for l in LEVELS]}),
    "starter-py": (starter_py_tasks, {"copies": ["copy"]}),
    "speed": (speed_tasks, {}),
}


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--copydetect-worker":
        copydetect_worker(sys.argv[2] or None, sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools", default="minimax,dolos,copydetect")
    parser.add_argument("--sets", default="irplag,own,short,starter-py")
    parser.add_argument("--minimax", default=str(ROOT / "target/release/minimax"))
    parser.add_argument("--dump", help="write every pair's scores as JSON to this file")
    args = parser.parse_args()
    tools = args.tools.split(",")
    dump = {}
    for set_name in args.sets.split(","):
        make, groups = SETS[set_name]
        if set_name in ("short", "starter-py") and not (ROOT / "tests/similar" / set_name).is_dir():
            print(f"{set_name}: not here, passed over")
            continue
        tasks = make()
        if not tasks:
            continue
        print(f"\n{set_name}: {len(tasks)} task(s), {sum(len(t.files) for t in tasks)} files")
        header = f"{'tool':<12}" + "".join(f"{g:>8}" for g in groups) + f"{'at/below':>10}{'time (s)':>10}"
        print(header)
        for tool in tools:
            results = {}
            seconds = 0.0
            with tempfile.TemporaryDirectory(prefix="similar-eval-") as scratch:
                for task in tasks:
                    results[task.name], spent = RUNNERS[tool](task, args.minimax, scratch)
                    seconds += spent
            table, below, copies = evaluate(tasks, results, groups)
            dump[f"{set_name}/{tool}"] = {t: {" ~ ".join(p): s for p, s in r.items()} for t, r in results.items()}
            cells = "".join(f"{table[g]:>8.2f}" for g in groups)
            print(f"{tool:<12}{cells}{f'{below}/{copies}':>10}{seconds:>10.1f}")
    if args.dump:
        Path(args.dump).write_text(json.dumps(dump, indent=1))


if __name__ == "__main__":
    main()
