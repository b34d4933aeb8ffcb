"""Judges one test container's output (run_autograder's log, a line `@@results@@`, then
results.json): prints the submission's score line and its `auto` line (prefixed AUTO), and
exits 1 when the grading went wrong for that kind of submission."""
import json
import sys

name, kind, positions = sys.argv[1], sys.argv[2], int(sys.argv[3])
log, _, results = sys.stdin.read().partition("@@results@@\n")
problems = []
try:
    report = json.loads(results)
except ValueError:
    report, problems = {}, ["results.json is not JSON: " + results[:300] + log[-300:]]
score, tests = report.get("score"), report.get("tests", [])
LEAKS = [("FORGED", "a forged grade"), ("INSTRUCTOR-ONLY", "the instructor's solution"),
         ('SEED="', "config.sh (the hidden sample's seed)")]
for marker, what in LEAKS:
    if marker in results:
        problems.append(f"{what} in results.json")
if report and len(tests) != positions:
    problems.append(f"{len(tests)} positions graded of {positions}: " + report.get("output", "")[:300])
if kind == "honest" and score != positions:
    problems.append(f"an honest program scored {score}")
if kind == "hostile" and score != 0:
    problems.append(f"a hostile program earned {score}")
lost = [t["name"] + ": " + t.get("output", "").split("\n")[0] for t in tests if t.get("score") != t.get("max_score")]
if kind == "honest" and lost:
    problems.append("lost: " + "; ".join(lost[:3]))
verdict = "ok" if not problems else "FAILED: " + "; ".join(problems)
print(f"  {name:15} {kind:8} {score}/{positions}  {verdict}")
auto = [line for line in log.splitlines() if "sandbox auto:" in line]
print("AUTO " + (auto[0].removeprefix("minimax: ") if auto else "(no sandbox line in run_autograder's output)"))
sys.exit(1 if problems else 0)
