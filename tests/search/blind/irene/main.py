#!/usr/bin/env python3
# Irene - Practica 5 - Minimax con poda alfa-beta (version de las transparencias de la UVG:
# "if v > beta return v" / "if v < alpha return v").
# Orden de los hijos: columna por columna, de arriba a abajo.
import sys
import minimax_trace as traza

def lee_tablero():
    t = [[None] * 3 for _ in range(3)]
    fila = 0
    for linea in sys.stdin.read().replace("/", "\n").splitlines():
        marcas = [ch for ch in linea if ch in "xXoO0-"]
        if len(marcas) < 3 or "(" in linea:
            continue
        for col, ch in enumerate(marcas[:3]):
            t[fila][col] = "X" if ch in "xX" else ("O" if ch in "oO0" else None)
        fila += 1
        if fila == 3:
            break
    return t

def gana(t, j):
    for i in range(3):
        if all(t[i][k] == j for k in range(3)) or all(t[k][i] == j for k in range(3)):
            return True
    return all(t[k][k] == j for k in range(3)) or all(t[k][2 - k] == j for k in range(3))

def lleno(t):
    return all(t[f][c] is not None for f in range(3) for c in range(3))

def libres(t):
    return [(c, f) for c in range(3) for f in range(3) if t[f][c] is None]

def valor_max(t, yo, tu, alfa, beta):
    if gana(t, tu):
        return -1
    if lleno(t):
        return 0
    v = float("-inf")
    for c, f in libres(t):
        t[f][c] = yo
        traza.enter((yo, c + 1, f + 1), alfa, beta)
        w = valor_min(t, yo, tu, alfa, beta)
        traza.leave(w)
        t[f][c] = None
        v = max(v, w)
        if v > beta:
            return v
        alfa = max(alfa, v)
    return v

def valor_min(t, yo, tu, alfa, beta):
    if gana(t, yo):
        return 1
    if lleno(t):
        return 0
    v = float("inf")
    for c, f in libres(t):
        t[f][c] = tu
        traza.enter((tu, c + 1, f + 1), alfa, beta)
        w = valor_max(t, yo, tu, alfa, beta)
        traza.leave(w)
        t[f][c] = None
        v = min(v, w)
        if v < alfa:
            return v
        beta = min(beta, v)
    return v

def main():
    t = lee_tablero()
    n = sum(1 for f in t for x in f if x is not None)
    yo = "X" if n % 2 == 0 else "O"
    tu = "O" if yo == "X" else "X"
    alfa = float("-inf")
    mejor = None
    for c, f in libres(t):
        t[f][c] = yo
        traza.enter((yo, c + 1, f + 1), alfa, float("inf"))
        w = valor_min(t, yo, tu, alfa, float("inf"))
        traza.leave(w)
        t[f][c] = None
        if mejor is None or w > alfa:
            mejor = (yo, c + 1, f + 1)
            alfa = w
    print(*mejor)

main()
