#!/usr/bin/env bash
# Prints the CPU seconds (user + system) of a fixed piece of work like the box tests' runs:
# short processes started one after another (exec, page faults, pipes: what the hostile class
# does most) and a few that compute a little. tests/vm/run.sh runs it here and in the guest;
# the ratio is how much slower the guest is.
TIMEFORMAT='%3U %3S'
{ time (for _ in $(seq 100); do echo x | tr x y | grep -q y; done
        for _ in $(seq 3); do python3 -c 'sum(i * i for i in range(100000))'; done) ; } 2>&1 \
    | awk '{printf "%.3f\n", $1 + $2}'
