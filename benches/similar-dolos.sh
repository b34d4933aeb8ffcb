#!/bin/sh
# minimax similar beside Dolos on the class with known copies (tests/similar/class): both
# rankings side by side, the starter ignored by each. Dolos (@dodona/dolos-lib 3.5, Node 20 or
# later) is installed from npm into target/dolos the first time. Not part of `make test`.
# SPEED=1 also times both on the benchmark's class of 300 students x 300 lines.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ ! -d target/dolos/node_modules/@dodona/dolos-lib ]; then
	mkdir -p target/dolos
	(cd target/dolos && npm install --silent --no-audit --no-fund @dodona/dolos-lib@3.5)
fi
cargo build --quiet --release
node benches/similar-dolos.mjs "$root" "$root/target/release/minimax"
# Both timed on the benchmark's class of 300 students x 300 lines (kept in target/similar-class).
if [ -n "${SPEED:-}" ]; then
	rm -rf target/similar-class && mkdir -p target/similar-class
	SIMILAR_CLASS="$root/target/similar-class" cargo bench --quiet --bench similar -- --sample-size 10 --warm-up-time 1 --measurement-time 1 >/dev/null
	node benches/similar-dolos.mjs "$root" "$root/target/release/minimax" "$root/target/similar-class"
fi
