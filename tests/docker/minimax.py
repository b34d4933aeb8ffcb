"""An honest student's minimax for the practice sheet, in Python (the same rules as solver.c):
the 3x3 grid on stdin, the best action for the side to move on stdout as `X c r`."""
import sys

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
MARKS = {"X": "X", "x": "X", "O": "O", "o": "O", "0": "O", "-": "-", ".": "-", "_": "-"}


def winner(board):
    for a, b, c in LINES:
        if board[a] != "-" and board[a] == board[b] == board[c]:
            return board[a]
    return None


def value(board, turn, me, depth):
    """The value for `me`, `depth` plies down: sooner wins and later losses are better."""
    won = winner(board)
    if won:
        return 10 - depth if won == me else depth - 10
    empty = [i for i, cell in enumerate(board) if cell == "-"]
    if not empty:
        return 0
    other = "O" if turn == "X" else "X"
    values = []
    for i in empty:
        board[i] = turn
        values.append(value(board, other, me, depth + 1))
        board[i] = "-"
    return max(values) if turn == me else min(values)


def best_action(text):
    board = [MARKS[c] for c in text if c in MARKS][:9]
    me = "X" if board.count("X") == board.count("O") else "O"
    other = "O" if me == "X" else "X"
    best, move = -100, None
    for i, cell in enumerate(board):
        if cell == "-":
            board[i] = me
            v = value(board, other, me, 1)
            board[i] = "-"
            if v > best:
                best, move = v, i
    return f"{me} {move % 3 + 1} {move // 3 + 1}"


if __name__ == "__main__":
    print(best_action(sys.stdin.read()))
