#!/usr/bin/env bash
# A correct student who needs 3 s of CPU time per position, under a limit of 5 s, graded
# ten times beside busy classmates (each starts 8 busy processes for 4 s of its own), on
# 4 positions, 2 jobs: prints her score each time. The time limit is judged on CPU time,
# so the score must be 4/4 every time, however loaded the machine is.
#
#   benches/fair-time.sh [path/to/minimax] [runs]
set -euo pipefail
minimax="${1:-target/release/minimax}"
runs="${2:-10}"
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
cp "$here/tests/class/minimax.awk" "$work/minimax.awk"
mkdir -p "$work/class/steady"
cat > "$work/class/steady/main.sh" <<SH
#!/bin/sh
python3 -c 'import time
end = time.process_time() + 3
while time.process_time() < end: pass'
exec awk -f $work/minimax.awk
SH
for name in busy1 busy2 busy3; do
    mkdir -p "$work/class/$name"
    cat > "$work/class/$name/main.sh" <<SH
#!/bin/sh
for i in 1 2 3 4 5 6 7 8; do python3 -c 'import time
end = time.time() + 4
while time.time() < end: pass' & done
wait
exec awk -f $work/minimax.awk
SH
done
for run in $(seq "$runs"); do
    score=$("$minimax" grade --submissions "$work/class" --allow "$work" --timeout 5 --jobs 2 \
        --format json fixtures/estado1.txt fixtures/estado2.txt fixtures/estado3.txt fixtures/ejemplo.txt \
        | python3 -c 'import json, sys
report = json.load(sys.stdin)
for s in report["students"]:
    if s["student"] == "steady":
        verdicts = [r["verdict"] for r in s["results"]]
        print("%d/%d" % (verdicts.count("optimal"), len(verdicts)), " ".join(verdicts))')
    echo "run $run: steady $score (load $(cut -d' ' -f1 /proc/loadavg))"
done
