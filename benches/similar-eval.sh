#!/bin/sh
# minimax similar beside Dolos and copydetect in one run (benches/similar-eval.py): IR-Plag when
# IRPLAG names its unpacked folder, and the project's classes. Dolos (@dodona/dolos-lib 3.5,
# Node 20 or later) is installed from npm into target/dolos and copydetect 0.5 from PyPI into
# target/copydetect the first time. Not part of `make test`.
# SPEED=1 also times the three on the benchmark's class of 300 students x 300 lines.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ ! -d target/dolos/node_modules/@dodona/dolos-lib ]; then
	mkdir -p target/dolos
	(cd target/dolos && npm install --silent --no-audit --no-fund @dodona/dolos-lib@3.5)
fi
if [ ! -d target/copydetect/copydetect ]; then
	python3 -m pip install --quiet --disable-pip-version-check --no-warn-conflicts --root-user-action=ignore --target target/copydetect copydetect==0.5.0
fi
cargo build --quiet --release
sets=irplag,own,short,starter-py
if [ -n "${SPEED:-}" ]; then
	rm -rf target/similar-class && mkdir -p target/similar-class
	SIMILAR_CLASS="$root/target/similar-class" cargo bench --quiet --bench similar -- --sample-size 10 --warm-up-time 1 --measurement-time 1 >/dev/null
	sets=$sets,speed
fi
PYTHONPATH="$root/target/copydetect" python3 benches/similar-eval.py --sets "$sets" "$@"
