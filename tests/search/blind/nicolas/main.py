# Nicolas  - Practica 5 - alfa-beta
# recorro las casillas de la ultima a la primera (de abajo hacia arriba)
import sys
import minimax_trace as traza

INF = float("inf")
L = [(0,1,2),(3,4,5),(6,7,8),(0,3,6),(1,4,7),(2,5,8),(0,4,8),(2,4,6)]

def ganador(t):
    for a, b, c in L:
        if t[a] and t[a] == t[b] == t[c]:
            return t[a]
    return ""

def hijos(t):
    return [i for i in range(8, -1, -1) if not t[i]]

def nombre(j, i):
    return "%s %d %d" % (j, i % 3 + 1, i // 3 + 1)

def terminal(t, yo):
    g = ganador(t)
    if g:
        return 1 if g == yo else -1
    if "" not in t:
        return 0
    return None

def max_value(t, j, yo, alfa, beta):
    u = terminal(t, yo)
    if u is not None:
        return u
    v = -INF
    op = "O" if j == "X" else "X"
    for i in hijos(t):
        t[i] = j
        traza.enter(nombre(j, i), alfa, beta)
        hv = min_value(t, op, yo, alfa, beta)
        traza.leave(hv)
        t[i] = ""
        v = max(v, hv)
        if v <= alfa:
            return v
        alfa = max(alfa, v)
    return v

def min_value(t, j, yo, alfa, beta):
    u = terminal(t, yo)
    if u is not None:
        return u
    v = INF
    op = "O" if j == "X" else "X"
    for i in hijos(t):
        t[i] = j
        traza.enter(nombre(j, i), alfa, beta)
        hv = max_value(t, op, yo, alfa, beta)
        traza.leave(hv)
        t[i] = ""
        v = min(v, hv)
        if v >= beta:
            return v
        beta = min(beta, v)
    return v

def main():
    raw = sys.stdin.read().replace("/", "\n")
    t = []
    for ch in raw:
        if ch == "(":
            break
        if ch in "xX":
            t.append("X")
        elif ch in "oO0":
            t.append("O")
        elif ch == "-":
            t.append("")
    t = t[:9]
    yo = "X" if t.count("X") == t.count("O") else "O"
    op = "O" if yo == "X" else "X"
    alfa = -INF
    mejor = None
    for i in hijos(t):
        t[i] = yo
        traza.enter(nombre(yo, i), alfa, INF)
        v = min_value(t, op, yo, alfa, INF)
        traza.leave(v)
        t[i] = ""
        if mejor is None or v > alfa:
            mejor, alfa = i, v
    print(nombre(yo, mejor))

main()
