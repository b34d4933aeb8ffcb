#!/bin/sh
# The Windows binary under wine beside the Linux binary, byte for byte after CRLF -> LF
# (Windows' console writes CRLF): the sheet's positions, a check sheet and a tree.
# Usage: tests/wine/compare.sh WINDOWS_EXE LINUX_BIN. Exit 1 on any difference.
# Wine 8 (Debian 12) lacks bcryptprimitives.dll, which Rust's std calls for random bytes:
# `make test-windows` puts a stand-in (bcryptprimitives.c beside this script) next to the exe.
set -u
exe=$1 linux=$2
wine=$(command -v wine || command -v wine64) || { echo "compare.sh: no wine (make test-windows installs it)"; exit 2; }
export WINEDEBUG=-all WINEPREFIX="$PWD/target/wineprefix" WINEDLLOVERRIDES="mscoree,mshtml="
mkdir -p "$WINEPREFIX"
# Wine's server keeps its folder in TMPDIR: one of ours, removed with the server at the end.
out=$(mktemp -d) && trap 'wineserver -k 2>/dev/null; rm -rf "$out"' EXIT
mkdir "$out/tmp" && export TMPDIR="$out/tmp"
# The first start makes the prefix and says so: not part of any output compared.
"$wine" cmd /c exit >/dev/null 2>&1
tree='[[3,12,8],[2,4,6],[14,5,2]]'
failed=0
compare() { # NAME STDIN ARGS...
	name=$1 input=$2; shift 2
	printf '%s' "$input" | "$linux" "$@" >"$out/linux" 2>&1; echo "exit $?" >>"$out/linux"
	printf '%s' "$input" | "$wine" "$exe" "$@" >"$out/raw" 2>&1; status=$?
	tr -d '\r' <"$out/raw" >"$out/windows"; echo "exit $status" >>"$out/windows"
	if cmp -s "$out/linux" "$out/windows"; then
		echo "same: minimax $* ($(wc -l <"$out/linux") lines)"
	else
		echo "DIFFERENT: minimax $*"; diff "$out/linux" "$out/windows" | head -20; failed=1
	fi
}
for name in estado1 estado2 estado3 ejemplo; do compare "$name" "" "fixtures/$name.txt"; done
compare check "" check fixtures/answers/answers.csv
compare tree "$tree
" tree
[ $failed = 0 ] && echo "compare.sh: the Windows binary under wine matches the Linux binary (CRLF normalised)"
exit $failed
