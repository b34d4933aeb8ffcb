#!/usr/bin/env bash
# Prints the CPU seconds (user + system) of a fixed piece of work like the box tests' runs:
# short processes started one after another (exec, page faults) that each compute a little.
# tests/vm/run.sh runs it here and in the guest; the ratio is how much slower the guest is.
TIMEFORMAT='%3U %3S'
{ time (for _ in $(seq 5); do python3 -c 'sum(i * i for i in range(100000))'; done) ; } 2>&1 \
    | awk '{printf "%.3f\n", $1 + $2}'
