# Diego  -  practica 5 minimax
# ASIGNAR-VALOR con limite de profundidad 4.
# Optimizacion mia: si ya encontre una jugada que gana, ya no sigo buscando
# (no hay nada mejor que ganar).
import sys
import minimax_trace as traza

MAX_PROF = 4
WIN = 1000

def parse(txt):
    cells = [ch for ch in txt if ch in "XxOo0-"]
    cells = ["X" if c in "Xx" else "O" if c in "Oo0" else "-" for c in cells]
    return cells[:9]

L = [(0,1,2),(3,4,5),(6,7,8),(0,3,6),(1,4,7),(2,5,8),(0,4,8),(2,4,6)]

def winner(b):
    for a, c, d in L:
        if b[a] != "-" and b[a] == b[c] == b[d]:
            return b[a]
    return None

def heur(b, me):
    opp = "O" if me == "X" else "X"
    return sum(opp not in (b[a], b[c], b[d]) for a, c, d in L) - sum(me not in (b[a], b[c], b[d]) for a, c, d in L)

def value(b, to_move, me, depth):
    w = winner(b)
    if w:
        return WIN if w == me else -WIN
    if "-" not in b:
        return 0
    if depth == 0:
        return heur(b, me)
    nxt = "O" if to_move == "X" else "X"
    is_max = to_move == me
    best = -float("inf") if is_max else float("inf")
    for i in range(9):
        if b[i] != "-":
            continue
        b[i] = to_move
        traza.enter("%s %d %d" % (to_move, i % 3 + 1, i // 3 + 1))
        v = value(b, nxt, me, depth - 1)
        traza.leave(v)
        b[i] = "-"
        if is_max:
            best = max(best, v)
            if best == WIN:
                break          # ya gane, no hace falta ver mas
        else:
            best = min(best, v)
            if best == -WIN:
                break          # el rival ya gana aqui
    return best

def minimax(b):
    me = "X" if b.count("X") == b.count("O") else "O"
    nxt = "O" if me == "X" else "X"
    best_move, best_v = None, -float("inf")
    for i in range(9):
        if b[i] != "-":
            continue
        b[i] = me
        traza.enter("%s %d %d" % (me, i % 3 + 1, i // 3 + 1))
        v = value(b, nxt, me, MAX_PROF - 1)
        traza.leave(v)
        b[i] = "-"
        if v > best_v:
            best_move, best_v = (me, i % 3 + 1, i // 3 + 1), v
        if v == WIN:
            break
    return best_move

if __name__ == "__main__":
    board = parse(sys.stdin.read())
    m = minimax(board)
    print(m[0], m[1], m[2])
