#!/usr/bin/env python3
"""Carmen - Practica 5. Minimax con MAX-VALOR / MIN-VALOR y profundidad maxima 4.
Recorro las casillas columna por columna."""
import sys
import minimax_trace as traza

LIMITE = 4
INF = float("inf")
GANAR = 10

def leer():
    celdas = []
    for renglon in sys.stdin:
        if "(" in renglon:
            continue
        for c in renglon:
            if c in "xX":
                celdas.append(1)
            elif c in "oO0":
                celdas.append(2)
            elif c == "-":
                celdas.append(0)
    return celdas[:9]

RAYAS = [[0,1,2],[3,4,5],[6,7,8],[0,3,6],[1,4,7],[2,5,8],[0,4,8],[2,4,6]]
LETRA = {1: "X", 2: "O"}

def quien_gano(b):
    for r in RAYAS:
        if b[r[0]] and b[r[0]] == b[r[1]] == b[r[2]]:
            return b[r[0]]
    return 0

def evaluar(b, jugador):
    """Funcion de evaluacion (transparencias): lineas abiertas de MAX - lineas abiertas de MIN;
    si alguien gano: +GANAR / -GANAR desde el punto de vista de `jugador`."""
    g = quien_gano(b)
    if g:
        return GANAR if g == jugador else -GANAR
    rival = 3 - jugador
    mias = sum(1 for r in RAYAS if rival not in (b[r[0]], b[r[1]], b[r[2]]))
    suyas = sum(1 for r in RAYAS if jugador not in (b[r[0]], b[r[1]], b[r[2]]))
    return mias - suyas

def terminal(b):
    return quien_gano(b) != 0 or 0 not in b

ORDEN = [0, 3, 6, 1, 4, 7, 2, 5, 8]   # columna por columna

def hijos(b, turno):
    for i in ORDEN:
        if b[i] == 0:
            nb = list(b)
            nb[i] = turno
            yield (LETRA[turno], i % 3 + 1, i // 3 + 1), nb

def max_valor(b, turno, prof):
    if terminal(b):
        return evaluar(b, turno)
    if prof == 0:
        return evaluar(b, turno)
    v = -INF
    for mov, hijo in hijos(b, turno):
        traza.enter(mov)
        w = min_valor(hijo, 3 - turno, prof - 1)
        traza.leave(w)
        v = max(v, w)
    return v

def min_valor(b, turno, prof):
    # turno = el que mueve aqui (MIN); MAX es 3 - turno
    if terminal(b):
        return evaluar(b, turno)
    if prof == 0:
        return evaluar(b, 3 - turno)
    v = INF
    for mov, hijo in hijos(b, turno):
        traza.enter(mov)
        w = max_valor(hijo, 3 - turno, prof - 1)
        traza.leave(w)
        v = min(v, w)
    return v

def main():
    b = leer()
    turno = 1 if b.count(1) == b.count(2) else 2
    mejor = None
    mejor_v = -INF
    for mov, hijo in hijos(b, turno):
        traza.enter(mov)
        v = min_valor(hijo, 3 - turno, LIMITE - 1)
        traza.leave(v)
        if mejor is None or v > mejor_v:
            mejor, mejor_v = mov, v
    print("%s %d %d" % mejor)

main()
