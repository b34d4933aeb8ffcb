#!/usr/bin/env bash
# Whole games of `minimax play` against a scripted person, two binaries interleaved (the
# machine is shared, so each round runs A then B, or B then A): each game's wall time,
# processor time and peak memory, their medians, and whether A and B played the same
# moves. The person plays the first free cell in reading order (boards where pieces are
# placed) or the columns 4 3 5 2 6 1 7 over and over (Connect Four); a taken cell or a full
# column is refused and the next line read, so the person's moves follow the machine's.
# Connect Four's moves are due within 2 s (play's patience), so whether a move is proven,
# and then which, may depend on the load; its game with 30 s a move is proven throughout
# (with the machine first, its third move is not always proven in 30 s on a loaded machine).
#
#   benches/play-game.sh BEFORE AFTER [rounds]
set -euo pipefail
a="$1"
b="$2"
rounds="${3:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
for cols, rows in [(4, 4), (5, 5)]:
    cells = [f"{c} {r}" for r in range(1, rows + 1) for c in range(1, cols + 1)]
    open(f"{work}/cells-{cols}x{rows}", "w").write("\n".join(cells) + "\n")
open(f"{work}/columns", "w").write("\n".join("4 3 5 2 6 1 7".split() * 8) + "\n")
PY
games=(
    "4x4|cells-4x4|tictactoe --size 4x4"
    "4x4, machine first|cells-4x4|tictactoe --size 4x4 --machine-first"
    "5x5, k 4|cells-5x5|tictactoe --size 5x5 --k 4"
    "5x5, k 4, machine first|cells-5x5|tictactoe --size 5x5 --k 4 --machine-first"
    "Connect Four|columns|connect4"
    "Connect Four, machine first|columns|connect4 --machine-first"
    "Connect Four, 30 s a move|columns|connect4 --time-limit 30000"
)
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for game in "${games[@]}"; do
    IFS='|' read -r name input args <<<"$game"
    for round in $(seq 1 "$rounds"); do
        order=(A B)
        ((round % 2 == 0)) && order=(B A)
        for side in "${order[@]}"; do
            bin="$a"
            [[ $side == B ]] && bin="$b"
            # shellcheck disable=SC2086
            /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$bin" play $args <"$work/$input" >"$work/game-$side-$round"
            read -r seconds user system kib <"$work/time"
            echo "$seconds" >>"$work/seconds-$side"
            echo "$user $system" | awk '{ print $1 + $2 }' >>"$work/cpu-$side"
            echo "$kib" >>"$work/kib-$side"
            # The moves alone; whether each is proven in the time is counted apart (it
            # depends on the machine's load as much as on the binary).
            grep -o 'The machine [a-z]* [^ .(]*\( [0-9][0-9]*\)*' "$work/game-$side-$round" | tr '\n' ' ' >"$work/moves-$side-$round"
            grep -c 'not proven' "$work/game-$side-$round" >>"$work/unproven-$side" || true
        done
    done
    same=yes
    for round in $(seq 1 "$rounds"); do
        for side in A B; do
            cmp -s "$work/moves-A-1" "$work/moves-$side-$round" || same=no
        done
    done
    for side in A B; do
        printf -v "figures_$side" '%6s s wall %6s s cpu %7s KiB %2s unproven' \
            "$(median <"$work/seconds-$side")" "$(median <"$work/cpu-$side")" \
            "$(median <"$work/kib-$side")" "$(median <"$work/unproven-$side")"
    done
    # shellcheck disable=SC2154
    printf '%-34s A %s   B %s   same moves: %s\n' "$name" "$figures_A" "$figures_B" "$same"
    if [[ $same == no ]]; then
        for side in A B; do
            for round in $(seq 1 "$rounds"); do echo "  $side$round: $(cat "$work/moves-$side-$round")"; done
        done
    fi
    rm -f "$work"/seconds-* "$work"/cpu-* "$work"/kib-* "$work"/unproven-*
done
