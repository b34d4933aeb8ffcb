# Drops in the free column nearest the centre (the left one on ties) and prints the next board.
import sys

rows = [line.split() for line in sys.stdin.read().splitlines() if line.strip()]
H, W = len(rows), len(rows[0])
me = "X" if sum(c != "-" for r in rows for c in r) % 2 == 0 else "O"
for col in sorted(range(W), key=lambda c: (abs(2 * c - (W - 1)), c)):
    if rows[0][col] == "-":
        row = max(r for r in range(H) if rows[r][col] == "-")
        rows[row][col] = me
        break
print("\n".join(" ".join(r) for r in rows))
