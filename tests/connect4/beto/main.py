# Drops in the leftmost column with room, answering as "col N".
import sys

rows = [line.split() for line in sys.stdin.read().splitlines() if line.strip()]
for col in range(len(rows[0])):
    if rows[0][col] == "-":
        print("col", col + 1)
        break
