# ana's exact search, answering with columns counted from 0 ("X 3" for column 4).
import sys

rows = [line.split() for line in sys.stdin.read().splitlines() if line.strip()]
H, W = len(rows), len(rows[0])
grid = [[rows[H - 1 - r][c] for r in range(H)] for c in range(W)]  # grid[col][height]
count = sum(cell != "-" for col in grid for cell in col)
me = "X" if count % 2 == 0 else "O"

def wins(col, row, mark):
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            c, r = col + s * dc, row + s * dr
            while 0 <= c < W and 0 <= r < H and grid[c][r] == mark:
                n += 1
                c, r = c + s * dc, r + s * dr
        if n >= 4:
            return True
    return False

def height(col):
    return sum(cell != "-" for cell in grid[col])

def negamax(mark, alpha, beta, empty):
    if empty == 0:
        return 0
    other = "O" if mark == "X" else "X"
    best = -100
    for col in range(W):
        row = height(col)
        if row == H:
            continue
        grid[col][row] = mark
        score = 100 - (H * W - empty) if wins(col, row, mark) else -negamax(other, -beta, -alpha, empty - 1)
        grid[col][row] = "-"
        best = max(best, score)
        alpha = max(alpha, score)
        if alpha >= beta:
            break
    return best

empty = H * W - count
other = "O" if me == "X" else "X"
best, choice = -1000, None
for col in range(W):
    row = height(col)
    if row == H:
        continue
    grid[col][row] = me
    score = 1000 if wins(col, row, me) else -negamax(other, -1000, 1000, empty - 1)
    grid[col][row] = "-"
    if score > best:
        best, choice = score, col
print(me, choice)  # counts columns from 0
