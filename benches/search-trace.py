#!/usr/bin/env python3
"""What the search's trace costs a student's program (#42): each student of
tests/search/python named on the command line (default: ana, minimax, and beto, the slides'
alpha-beta) run on the sheet's positions and on two with more to search, without the trace
and with it (MINIMAX_TRACE=2, stderr into a pipe the bench reads, as the grader does); the
best of N runs each, and the ratio. The issue's bar: under 2x on the sheet's positions.

Usage: benches/search-trace.py [-n RUNS] [STUDENT...]
"""
import argparse
import os
import pathlib
import subprocess
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


def best(folder, text, env, runs):
    times, err = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(["python3", "main.py"], cwd=folder, input=text.encode(), env=env, capture_output=True)
        times.append(time.perf_counter() - start)
        err = len(done.stderr)
    return min(times), err


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=7)
    parser.add_argument("students", nargs="*", default=["ana", "beto"])
    args = parser.parse_args()
    plain = {k: v for k, v in os.environ.items() if k != "MINIMAX_TRACE"}
    traced = dict(plain, MINIMAX_TRACE="2")
    print(f"{'student':8} {'position':9} {'untraced':>10} {'traced':>10} {'ratio':>6} {'trace':>10}")
    for student in args.students:
        folder = ROOT / "tests/search/python" / student
        for name, text in POSITIONS.items():
            a, _ = best(folder, text, plain, args.n)
            b, size = best(folder, text, traced, args.n)
            print(f"{student:8} {name:9} {a * 1000:8.1f}ms {b * 1000:8.1f}ms {b / a:6.2f} {size:9,}B")


if __name__ == "__main__":
    main()
