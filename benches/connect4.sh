#!/bin/sh
# Connect Four: this solver beside Pascal Pons' (github.com/PascalPons/connect4, `c4solver -a`,
# no opening book) on the same random positions, in three stages of the game. Each rates
# every column of every position; the scores must agree, line by line.
#
#   benches/connect4.sh [COUNT_END COUNT_MIDDLE COUNT_BEGIN COUNT_PLY8]   (make bench-connect4)
#
# Then the empty board, solved by `minimax --game connect4 --json --stats --hash 1024
# --threads 2 --book none` (every column rated) and by Christophe Steininger's solver
# (github.com/ChristopheSteininger/c4: its `c4`, the root's exact score, 2 threads and a
# 1 GB table as its settings.h ships; cloned and built in target/steininger with g++, or
# STEININGER=/path/to/c4); SKIP_EMPTY=1 leaves it out (minutes on a busy machine).
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
printf '%-8s %-9s %6s %14s %14s %8s\n' stage stones count "Pons (ms)" "minimax (ms)" ratio
# Pons' start-up (clearing its table): the least of three runs on no input.
startup=1000
for _ in 1 2 3; do
	from=$(now); "$PONS" -a </dev/null >/dev/null 2>&1; to=$(now)
	startup=$(awk "BEGIN { d = $to - $from; print (d < $startup) ? d : $startup }")
done
for stage in "end 29 38 $END 1" "middle 15 28 $MIDDLE 2" "begin 8 14 $BEGIN 3" "ply8 8 8 $PLY8 4"; do
	set -- $stage
	name=$1 least=$2 most=$3 count=$4 seed=$5
	positions "$least" "$most" "$count" "$seed" >"$work/$name.txt"
	from=$(now); "$PONS" -a <"$work/$name.txt" >"$work/$name.pons" 2>/dev/null; to=$(now)
	pons=$(awk "BEGIN { print ($to - $from - $startup) * 1000 / $count }")
	mean=$("$ours" "$work/$name.txt" 2>&1 >"$work/$name.ours" | sed -n 's/.*mean \([0-9.]*\) ms.*/\1/p')
	if ! diff -q "$work/$name.pons" "$work/$name.ours" >/dev/null; then
		echo "$name: the scores differ from Pons' (diff $work/$name.pons $work/$name.ours)" >&2
		exit 1
	fi
	printf '%-8s %-9s %6s %14.3f %14.3f %7.2fx\n' "$name" "$least-$most" "$count" "$pons" "$mean" "$(awk "BEGIN { print $mean / $pons }")"
done
echo "every score agrees with Pons' solver"

[ "${SKIP_EMPTY:-0}" = 1 ] && exit 0
if [ -z "${STEININGER:-}" ]; then
	if [ ! -x target/steininger/c4 ]; then
		rm -rf target/steininger
		if ! git clone --quiet --depth 1 https://github.com/ChristopheSteininger/c4 target/steininger; then
			echo "benches/connect4.sh: cannot clone Steininger's solver; build its c4 from a copy of github.com/ChristopheSteininger/c4 and run STEININGER=/path/to/c4 $0" >&2
			exit 2
		fi
		(cd target/steininger && g++ -std=c++20 -O3 -DNDEBUG -march=native -o c4 src/c4.cpp src/solver/*.cpp src/solver/*/*.cpp -lpthread)
	fi
	STEININGER=target/steininger/c4
fi
cargo build --release --quiet
echo
printf '%-34s %12s %14s %8s\n' "the empty board" "time (s)" nodes ratio
echo | "$STEININGER" >"$work/empty.steininger" 2>&1
st_time=$(sed -n 's/^Time to solve *= *\([0-9.]*\) s.*/\1/p' "$work/empty.steininger")
st_nodes=$(sed -n 's/^ *Total *= *\([0-9,.]*\).*/\1/p' "$work/empty.steininger" | tr -d ',.')
grep -q "Final strong score is 1 " "$work/empty.steininger" || { echo "Steininger's solver did not find X winning the empty board" >&2; exit 1; }
echo 'moves: ' | target/release/minimax --game connect4 --json --stats --hash 1024 --threads 2 --book none >"$work/empty.json" 2>"$work/empty.stats"
ours_ms=$(sed -n 's/^time: \([0-9.]*\) ms.*/\1/p' "$work/empty.stats")
ours_nodes=$(sed -n 's/^nodes: \([0-9]*\).*/\1/p' "$work/empty.stats")
grep -q '"column": 4' "$work/empty.json" || { echo "minimax did not answer column 4 on the empty board" >&2; exit 1; }
ours_s=$(awk "BEGIN { print $ours_ms / 1000 }")
printf '%-34s %12.1f %14s %8s\n' "Steininger's c4 (root score)" "$st_time" "$st_nodes" ""
printf '%-34s %12.1f %14s %7.2fx\n' "minimax (every column rated)" "$ours_s" "$ours_nodes" "$(awk "BEGIN { print $ours_s / $st_time }")"
