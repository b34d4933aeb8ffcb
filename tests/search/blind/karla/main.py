"""Karla - Practica 5: gato con alfa-beta y ordenamiento de jugadas.

Como dicen las transparencias, "su efectividad depende del orden en que se consideren
los movimientos", asi que ordeno los hijos: primero las jugadas que ganan, luego las que
bloquean una linea del rival, luego el centro, las esquinas y al final las orillas.
"""
import sys
import minimax_trace as traza

LINEAS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
PRIORIDAD = [4, 0, 2, 6, 8, 1, 3, 5, 7]  # centro, esquinas, orillas


def hay_linea(b, j):
    return any(b[x] == b[y] == b[z] == j for x, y, z in LINEAS)


def completa_linea(b, i, j):
    """True si poner j en i hace tres en linea."""
    b[i] = j
    r = hay_linea(b, j)
    b[i] = "."
    return r


def ordenar(b, j):
    rival = "O" if j == "X" else "X"
    libres = [i for i in PRIORIDAD if b[i] == "."]
    ganan = [i for i in libres if completa_linea(b, i, j)]
    bloquean = [i for i in libres if i not in ganan and completa_linea(b, i, rival)]
    resto = [i for i in libres if i not in ganan and i not in bloquean]
    return ganan + bloquean + resto


def contrario(j):
    return "O" if j == "X" else "X"


def jugada(j, i):
    return "%s %d %d" % (j, i % 3 + 1, i // 3 + 1)


def utilidad(b, yo):
    if hay_linea(b, yo):
        return 1
    if hay_linea(b, contrario(yo)):
        return -1
    if "." not in b:
        return 0
    return None  # no es terminal


def max_value(b, j, yo, alpha, beta):
    u = utilidad(b, yo)
    if u is not None:
        return u
    v = float("-inf")
    for i in ordenar(b, j):
        b[i] = j
        traza.enter(jugada(j, i), alpha, beta)
        w = min_value(b, contrario(j), yo, alpha, beta)
        traza.leave(w)
        b[i] = "."
        v = max(v, w)
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v


def min_value(b, j, yo, alpha, beta):
    u = utilidad(b, yo)
    if u is not None:
        return u
    v = float("inf")
    for i in ordenar(b, j):
        b[i] = j
        traza.enter(jugada(j, i), alpha, beta)
        w = max_value(b, contrario(j), yo, alpha, beta)
        traza.leave(w)
        b[i] = "."
        v = min(v, w)
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def alfa_beta(b):
    yo = "X" if b.count("X") == b.count("O") else "O"
    alpha, beta = float("-inf"), float("inf")
    mejor = None
    for i in ordenar(b, yo):
        b[i] = yo
        traza.enter(jugada(yo, i), alpha, beta)
        w = min_value(b, contrario(yo), yo, alpha, beta)
        traza.leave(w)
        b[i] = "."
        if w > alpha:
            alpha, mejor = w, jugada(yo, i)
    return mejor


if __name__ == "__main__":
    texto = sys.stdin.read()
    if "/" in texto:
        filas = texto.split()[0].split("/")
    else:
        filas = [l.split() for l in texto.splitlines() if l.strip() and not l.strip().startswith("(")]
    tablero = []
    for f in filas[:3]:
        for c in f:
            tablero.append("X" if c in "xX" else "O" if c in "oO0" else ".")
    print(alfa_beta(tablero))
