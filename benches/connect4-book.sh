#!/bin/sh
# Connect Four's opening book beside Christophe Steininger's solver: COUNT positions of the
# book's deepest ply (DEPTH), drawn by seeded random play so every run checks the same ones,
# scored from the book (the bench binary's `--book`) and solved by his solver (built as
# benches/connect4.sh builds it, in target/steininger-build); every score must agree.
#
#   benches/connect4-book.sh [BOOK [DEPTH [COUNT]]]   (make check-connect4-book)
#
# BOOK defaults to the shipped one (core/src/games/connect4/book.bin), DEPTH to the book's own
# (its header's fifth byte after the magic line), COUNT to 24 (his solver takes seconds for
# each position of 4 stones).
set -eu
cd "$(dirname "$0")/.."
BOOK=${1:-core/src/games/connect4/book.bin}
# The header: "minimax-c4-book\n" (16 bytes), then version, columns, rows, k and depth.
DEPTH=${2:-$(od -An -tu1 -j20 -N1 "$BOOK" | tr -d ' ')} COUNT=${3:-24}
work=target/connect4-book
mkdir -p "$work"
. benches/steininger.sh

cargo bench --no-run --quiet --bench connect4 2>/dev/null
ours=$(ls -t target/release/deps/connect4-* | grep -v '\.d$' | head -1)
# Random games of DEPTH moves, distinct (no game is won before 7 plies).
/usr/bin/python3 - "$DEPTH" "$COUNT" >"$work/positions.txt" <<'PY'
import itertools, random, sys
depth, count = map(int, sys.argv[1:])
games = ["".join(g) for g in itertools.product("1234567", repeat=depth)]
for game in sorted(random.Random(28).sample(games, min(count, len(games)))):
    print(game)
PY
"$ours" --book="$BOOK" "$work/positions.txt" >"$work/book" 2>"$work/book.err" \
	|| { cat "$work/book.err" >&2; exit 1; }
/usr/bin/time -f '%e' -o "$work/st.time" "$st/positions" <"$work/positions.txt" >"$work/steininger" 2>"$work/st.err"
if ! diff "$work/steininger" "$work/book" >"$work/diff"; then
	echo "the book's scores differ from Steininger's on $(grep -c '^>' "$work/diff") positions (diff $work/steininger $work/book)" >&2
	exit 1
fi
echo "$BOOK: $(wc -l <"$work/book" | tr -d ' ') positions of $DEPTH plies, every score equal to Steininger's ($(cat "$work/st.time") s of his solver)"
