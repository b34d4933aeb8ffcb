"""Práctica 5: minimax for the gato, reading the position on stdin (1-based, column then row)."""
import sys

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(cells):
    for a, b, c in LINES:
        if cells[a] != "-" and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def value(cells, player):
    won = winner(cells)
    if won:
        return 1 if won == "X" else -1
    if "-" not in cells:
        return 0
    other = "O" if player == "X" else "X"
    values = [value(cells[:i] + [player] + cells[i + 1:], other) for i in range(9) if cells[i] == "-"]
    return max(values) if player == "X" else min(values)


def decision(cells, player):
    other = "O" if player == "X" else "X"
    moves = [i for i in range(9) if cells[i] == "-"]
    pick = max if player == "X" else min
    return pick(moves, key=lambda i: value(cells[:i] + [player] + cells[i + 1:], other))


cells = [c.replace("0", "O") for c in sys.stdin.read().split() if c in ("X", "O", "0", "-")]
player = "X" if cells.count("X") == cells.count("O") else "O"
move = decision(cells, player)
print(f"{player} {move % 3 + 1} {move // 3 + 1}")
