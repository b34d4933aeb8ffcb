#!/usr/bin/env python3
"""What the search's trace costs a student's program (#42): each student of tests/search
named on the command line as LANGUAGE/NAME (default: ana, minimax, and beto, the slides'
alpha-beta, in Python, C, Lua and Java) run on the sheet's positions and on two with more to
search, without the trace and with it (MINIMAX_TRACE=2, stderr into a pipe the bench reads,
as the grader does); the best of N runs each, and the ratio. The issue's bar: under 2x on the
sheet's positions. C and Java students are compiled once (gcc -O2; javac, with the helper
MinimaxTrace.java beside Main.java) before they are timed.

Usage: benches/search-trace.py [-n RUNS] [LANGUAGE/NAME...]
"""
import argparse
import os
import pathlib
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
POSITIONS = {
    "estado1": (ROOT / "fixtures/estado1.txt").read_text(),
    "estado2": (ROOT / "fixtures/estado2.txt").read_text(),
    "estado3": (ROOT / "fixtures/estado3.txt").read_text(),
    "ejemplo": (ROOT / "fixtures/ejemplo.txt").read_text(),
    "7 empty": "X - -\n- O -\n- - -\n",
    "8 empty": "- - -\n- X -\n- - -\n",
}


def command(folder, scratch):
    """How the student runs: its interpreter, or its program compiled once."""
    if (folder / "main.py").exists():
        return ["python3", "main.py"]
    if (folder / "main.lua").exists():
        return ["lua5.4", "main.lua"]
    if (folder / "Main.java").exists():
        classes = os.path.join(scratch, "java-" + folder.name)
        os.makedirs(classes, exist_ok=True)
        subprocess.run(["javac", "-d", classes, "Main.java", "MinimaxTrace.java"], cwd=folder, check=True)
        # As the grader runs a Java class it found (harness/detect.rs).
        return ["java", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData", "-Xmx256m", "-cp", classes, "Main"]
    binary = os.path.join(scratch, folder.name)
    subprocess.run(["gcc", "-O2", "-o", binary, "main.c", "-lm"], cwd=folder, check=True)
    return [binary]


def best(folder, run, text, env, runs):
    times, err = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(run, cwd=folder, input=text.encode(), env=env, capture_output=True)
        times.append(time.perf_counter() - start)
        err = len(done.stderr)
    return min(times), err


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=7)
    every = [f"{lang}/{name}" for lang in ("python", "c", "lua", "java") for name in ("ana", "beto")]
    parser.add_argument("students", nargs="*", default=every)
    args = parser.parse_args()
    plain = {k: v for k, v in os.environ.items() if k != "MINIMAX_TRACE"}
    traced = dict(plain, MINIMAX_TRACE="2")
    print(f"{'student':12} {'position':9} {'untraced':>10} {'traced':>10} {'ratio':>6} {'trace':>11}")
    with tempfile.TemporaryDirectory() as scratch:
        for student in args.students:
            folder = ROOT / "tests/search" / student
            run = command(folder, scratch)
            for name, text in POSITIONS.items():
                a, _ = best(folder, run, text, plain, args.n)
                b, size = best(folder, run, text, traced, args.n)
                print(f"{student:12} {name:9} {a * 1000:8.1f}ms {b * 1000:8.1f}ms {b / a:6.2f} {size:10,}B")


if __name__ == "__main__":
    main()
