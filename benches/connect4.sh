#!/bin/sh
# Connect Four: this solver beside Pascal Pons' (github.com/PascalPons/connect4, `c4solver -a`,
# no opening book) on the same random positions, in three stages of the game. Each rates
# every column of every position; the scores must agree, line by line.
#
#   benches/connect4.sh [COUNT_END COUNT_MIDDLE COUNT_BEGIN COUNT_PLY8]   (make bench-connect4)
#
# Then the root's score alone (one and two threads each, 1 GiB tables), beside Christophe
# Steininger's solver (github.com/ChristopheSteininger/c4) on the begin (8-14 stones) and
# ply-8 positions; and the empty
# board, 2 threads and a 1 GiB table each: Steininger's `c4` (the root's exact score) and his
# solver solving the four columns' positions one after another (what rating every column
# takes), beside this solver's root score alone (the bench binary) and `minimax --game
# connect4 --json --stats --hash 1024 --threads 2 --book none` (every column rated).
# SKIP_EMPTY=1 leaves the empty board out (several minutes).
#
# Pons' solver is cloned and built in target/pons (or give PONS=/path/to/c4solver). Positions
# come from seeded random play (python3), so every run uses the same ones. Both solvers keep
# their table from one position to the next; Pons' start-up (clearing its table) is timed
# on an empty input and taken off.
set -eu
cd "$(dirname "$0")/.."
END=${1:-1000} MIDDLE=${2:-200} BEGIN=${3:-30} PLY8=${4:-20}
work=target/connect4-bench
mkdir -p "$work"

if [ -z "${PONS:-}" ]; then
	if [ ! -x target/pons/c4solver ] && [ -f target/pons/Makefile ]; then
		# A checkout made by hand (a copy of the repository): build it.
		make -C target/pons c4solver >/dev/null
	fi
	if [ ! -x target/pons/c4solver ]; then
		rm -rf target/pons
		if ! git clone --quiet --depth 1 https://github.com/PascalPons/connect4 target/pons; then
			echo "benches/connect4.sh: cannot clone Pons' solver; build c4solver from a copy of github.com/PascalPons/connect4 (make c4solver) and run PONS=/path/to/c4solver $0" >&2
			exit 2
		fi
		make -C target/pons c4solver >/dev/null
	fi
	PONS=target/pons/c4solver
fi
cargo build --release --quiet --bench connect4 2>/dev/null || true
cargo bench --no-run --quiet --bench connect4 2>/dev/null
ours=$(ls -t target/release/deps/connect4-* | grep -v '\.d$' | head -1)

# Random games of LEAST..MOST moves that nobody has won yet, one per line.
positions() { # LEAST MOST COUNT SEED
	/usr/bin/python3 - "$@" <<'PY'
import random, sys
least, most, count, seed = map(int, sys.argv[1:])
rng = random.Random(seed)
W, H = 7, 6
def wins(board, col, row, me):
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while 0 <= c < W and 0 <= r < H and board[c][r] == me:
                n += 1; c += sign * dc; r += sign * dr
        if n >= 4:
            return True
    return False
seen = set()
while len(seen) < count:
    length = rng.randint(least, most)
    board = [[None] * H for _ in range(W)]
    heights = [0] * W
    moves, ok = [], True
    for ply in range(length):
        col = rng.choice([c for c in range(W) if heights[c] < H])
        row = heights[col]
        board[col][row] = ply % 2
        heights[col] += 1
        moves.append(str(col + 1))
        if wins(board, col, row, ply % 2):
            ok = False
            break
    line = "".join(moves)
    if ok and line not in seen:
        seen.add(line)
        print(line)
PY
}

now() { date +%s.%N; }
# The lesser of a run's seconds (FROM TO) and the least so far (LEAST).
least() { awk "BEGIN { d = $2 - $1; print (d < $3) ? d : $3 }"; }
printf '%-8s %-9s %6s %14s %14s %8s\n' stage stones count "Pons (ms)" "minimax (ms)" ratio
# Pons' start-up (clearing its table): the least of three runs on no input.
startup=1000
for _ in 1 2 3; do
	from=$(now); "$PONS" -a </dev/null >/dev/null 2>&1; to=$(now)
	startup=$(least "$from" "$to" "$startup")
done
for stage in "end 29 38 $END 1" "middle 15 28 $MIDDLE 2" "begin 8 14 $BEGIN 3" "ply8 8 8 $PLY8 4"; do
	set -- $stage
	name=$1 least=$2 most=$3 count=$4 seed=$5
	positions "$least" "$most" "$count" "$seed" >"$work/$name.txt"
	# The least of three runs where one takes under 5 s: the end positions take less than
	# his start-up, whose own noise would otherwise swamp them.
	took=1000000
	for run in 1 2 3; do
		from=$(now); "$PONS" -a <"$work/$name.txt" >"$work/$name.pons" 2>/dev/null; to=$(now)
		took=$(least "$from" "$to" "$took")
		[ "$(awk "BEGIN { print ($took >= 5) }")" = 1 ] && break
	done
	pons=$(awk "BEGIN { print ($took - $startup) * 1000 / $count }")
	mean=$("$ours" "$work/$name.txt" 2>&1 >"$work/$name.ours" | sed -n 's/.*mean \([0-9.]*\) ms.*/\1/p')
	if ! diff -q "$work/$name.pons" "$work/$name.ours" >/dev/null; then
		echo "$name: the scores differ from Pons' (diff $work/$name.pons $work/$name.ours)" >&2
		exit 1
	fi
	# Where his time is lost in his start-up's noise, no figure rather than a wrong one.
	shown=$(awk "BEGIN { if ($pons > 0) printf \"%14.3f %14.3f %7.2fx\", $pons, $mean, $mean / $pons; else printf \"%14s %14.3f %8s\", \"(start-up)\", $mean, \"-\" }")
	printf '%-8s %-9s %6s %s\n' "$name" "$least-$most" "$count" "$shown"
done
echo "every score agrees with Pons' solver"

# Steininger's solver, built in target/steininger-build (benches/steininger.sh).
. benches/steininger.sh

# The root's score alone, each side's table 1 GiB (his settings.h's), on one thread and on
# two: the mean time per position (the search alone), then the whole run's processor and
# wall time (start-up and clearing the table included, on both sides).
echo
printf '%-6s %-6s %5s %3s %14s %14s %7s %17s %17s\n' root stones count thr "Steininger(ms)" "minimax (ms)" ratio "cpu/wall St (s)" "cpu/wall ours (s)"
cpu_wall() { awk '{ printf "%.1f/%.1f", $1 + $2, $3 }' "$1"; }
for stage in "begin 8-14" "ply8 8-8"; do
	set -- $stage
	name=$1 stones=$2
	count=$(wc -l <"$work/$name.txt" | tr -d ' ')
	for threads in 1 2; do
		st_bin=$st/positions
		[ "$threads" = 1 ] && st_bin=$st/positions-1
		mean_st=$(/usr/bin/time -f '%U %S %e' -o "$work/$name.st.time" "$st_bin" <"$work/$name.txt" 2>&1 >"$work/$name.steininger" | sed -n 's/.*mean \([0-9.]*\) ms.*/\1/p')
		mean=$(/usr/bin/time -f '%U %S %e' -o "$work/$name.root.time" "$ours" --root --hash=1024 --threads="$threads" "$work/$name.txt" 2>&1 >"$work/$name.root" | sed -n 's/.*mean \([0-9.]*\) ms.*/\1/p')
		if ! diff -q "$work/$name.steininger" "$work/$name.root" >/dev/null; then
			echo "$name: the root scores differ from Steininger's (diff $work/$name.steininger $work/$name.root)" >&2
			exit 1
		fi
		printf '%-6s %-6s %5s %3s %14.3f %14.3f %6.2fx %17s %17s\n' "$name" "$stones" "$count" "$threads" "$mean_st" "$mean" \
			"$(awk "BEGIN { print $mean / $mean_st }")" "$(cpu_wall "$work/$name.st.time")" "$(cpu_wall "$work/$name.root.time")"
	done
done
echo "every root score agrees with Steininger's solver (1 and 2 threads each; ratio: mean time)"

[ "${SKIP_EMPTY:-0}" = 1 ] && exit 0
# The empty board, 2 threads and a 1 GiB table each: processor time, then wall time.
cargo build --release --quiet
cpu() { sed -n 's/^cpu \([0-9.]*\) \([0-9.]*\) \([0-9.]*\)$/\1 \2 \3/p' "$1" | awk '{ print $1 + $2, $3 }'; }
echo
printf '%-44s %9s %9s %14s %8s\n' "the empty board" "cpu (s)" "wall (s)" nodes ratio
echo | /usr/bin/time -f 'cpu %U %S %e' -o "$work/empty.st.time" "$st/c4" >"$work/empty.steininger" 2>&1
grep -q "Final strong score is 1 " "$work/empty.steininger" || { echo "Steininger's solver did not find X winning the empty board" >&2; exit 1; }
st_nodes=$(sed -n 's/^ *Total *= *\([0-9,.]*\).*/\1/p' "$work/empty.steininger" | head -1 | tr -d ',.')
set -- $(cpu "$work/empty.st.time")
st_cpu=$1 st_wall=$2
printf '%-44s %9.1f %9.1f %14s\n' "Steininger's c4, the root's score" "$st_cpu" "$st_wall" "$st_nodes"
# Every column: the four columns' positions (the other three are their mirror images).
printf '4\n3\n2\n1\n' >"$work/columns.txt"
/usr/bin/time -f 'cpu %U %S %e' -o "$work/columns.st.time" "$st/positions" <"$work/columns.txt" >"$work/columns.steininger" 2>"$work/columns.st.err"
set -- $(cpu "$work/columns.st.time")
stc_cpu=$1 stc_wall=$2
printf '%-44s %9.1f %9.1f %14s\n' "Steininger's, columns 4 3 2 1 each solved" "$stc_cpu" "$stc_wall" "$(sed -n 's/.*ms, \([0-9]*\) nodes.*/\1/p' "$work/columns.st.err")"
# This solver on the same task: the root's score alone (the bench binary, `-` the empty board).
echo - >"$work/empty.txt"
/usr/bin/time -f 'cpu %U %S %e' -o "$work/empty.root.time" "$ours" --root --hash=1024 --threads=2 "$work/empty.txt" >"$work/empty.root" 2>"$work/empty.root.err"
grep -qx -- '- 1' "$work/empty.root" || { echo "minimax did not find X winning the empty board" >&2; exit 1; }
set -- $(cpu "$work/empty.root.time")
printf '%-44s %9.1f %9.1f %14s %7.2fx\n' "minimax, the root's score" "$1" "$2" "$(sed -n 's/.*ms, \([0-9]*\) nodes.*/\1/p' "$work/empty.root.err")" "$(awk "BEGIN { print $1 / $st_cpu }")"
root_wall=$2
echo 'moves: ' | /usr/bin/time -f 'cpu %U %S %e' -o "$work/empty.time" target/release/minimax --game connect4 --json --stats --hash 1024 --threads 2 --book none >"$work/empty.json" 2>"$work/empty.stats"
grep -q '"column": 4' "$work/empty.json" || { echo "minimax did not answer column 4 on the empty board" >&2; exit 1; }
ours_nodes=$(sed -n 's/^nodes: \([0-9]*\).*/\1/p' "$work/empty.stats")
set -- $(cpu "$work/empty.time")
printf '%-44s %9.1f %9.1f %14s %7.2fx\n' "minimax, every column rated (no book)" "$1" "$2" "$ours_nodes" "$(awk "BEGIN { print $1 / $st_cpu }")"
echo "(ratio: processor time over Steininger's root score; wall time: $(awk "BEGIN { printf \"%.2f\", $root_wall / $st_wall }")x the root's, $(awk "BEGIN { printf \"%.2f\", $2 / $st_wall }")x every column's;"
echo " every column over his columns solved: processor $(awk "BEGIN { printf \"%.2f\", $1 / $stc_cpu }")x, wall $(awk "BEGIN { printf \"%.2f\", $2 / $stc_wall }")x)"
