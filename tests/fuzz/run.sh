#!/bin/sh
# Runs each fuzz target for SECONDS, one after another, from the seeds (seed.sh) and what
# earlier runs found (target/fuzz-corpus/TARGET, kept between runs): `run.sh SECONDS
# [TARGET...]`, every target without names (FUZZ_BUILD=dev: an unoptimised build, below).
# Each run is bounded: 2 GiB of memory
# (-rss_limit_mb; an input needing more is a failure), 10 s an input (-timeout: a hang or a
# quadratic blow-up is a failure; 60 s unoptimised). A failure stops here with the input that caused it,
# saved in tests/fuzz/artifacts/TARGET/; make it a regression test (doc/architecture.md,
# "Fuzzing"). Prints the executions of each target.
set -eu
seconds=$1
shift
cd "$(dirname "$0")/../.."
targets=${*:-unpack position tree answer_sheet program_output lms_csv course lms_names similar_tokens}
corpus=target/fuzz-corpus
export CARGO_TARGET_DIR="$PWD/target/fuzz"
tests/fuzz/seed.sh "$corpus"
# No AddressSanitizer: the code fuzzed is safe Rust (the sandbox's `unsafe` is not reached),
# and it halves the build and each run. Debug assertions and overflow checks stay on.
flags="--fuzz-dir tests/fuzz --sanitizer none"
# FUZZ_BUILD=dev: unoptimised, built in a quarter of the time (CI's short runs), and 20 to 50
# times slower a run: an input has 60 s there, hangs are the optimised build's to find.
timeout=10
if [ "${FUZZ_BUILD:-release}" = dev ]; then
    flags="$flags --dev"
    timeout=60
fi
# shellcheck disable=SC2086 # flags are words
cargo +nightly fuzz build $flags
mkdir -p target/fuzz-logs
for target in $targets; do
    log=target/fuzz-logs/$target.log
    # shellcheck disable=SC2086
    if ! cargo +nightly fuzz run $flags "$target" "$corpus/$target" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout="$timeout" -print_final_stats=1 >"$log" 2>&1; then
        tail -40 "$log"
        echo "fuzz: $target failed (the input is in tests/fuzz/artifacts/$target/; the log: $log)"
        exit 1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz: $target: $runs executions in $seconds s, $(find "$corpus/$target" -type f | wc -l) inputs in its corpus, no failure"
done
