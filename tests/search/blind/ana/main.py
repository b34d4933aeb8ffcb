# Ana - Practica 5: Minimax (gato) con limite de profundidad
# DECISION-MINIMAX / ASIGNAR-VALOR de la practica, cortado a PROFUNDIDAD = 4
import sys
import minimax_trace as traza

PROFUNDIDAD = 4
GANA = 100  # mas que cualquier valor de la heuristica (max 8)

LINEAS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def leer_estado(texto):
    casillas = []
    for linea in texto.splitlines():
        linea = linea.strip()
        if not linea or linea.startswith("("):
            continue
        for c in linea.replace("/", " ").split():
            for ch in c:
                if ch in "Xx":
                    casillas.append("X")
                elif ch in "Oo0":
                    casillas.append("O")
                elif ch in "-._":
                    casillas.append("-")
        if len(casillas) >= 9:
            break
    return casillas[:9]


def ganador(t):
    for a, b, c in LINEAS:
        if t[a] != "-" and t[a] == t[b] == t[c]:
            return t[a]
    return None


def es_final(t):
    return ganador(t) is not None or "-" not in t


def otro(j):
    return "O" if j == "X" else "X"


def utilidad(t, yo):
    g = ganador(t)
    if g is None:
        return 0
    return GANA if g == yo else -GANA


def heuristica(t, yo):
    # filas, columnas o diagonales libres para MAX menos las libres para MIN
    libres_yo = sum(1 for l in LINEAS if all(t[i] != otro(yo) for i in l))
    libres_el = sum(1 for l in LINEAS if all(t[i] != yo for i in l))
    return libres_yo - libres_el


def sucesores(t, turno):
    for i in range(9):  # renglon por renglon
        if t[i] == "-":
            s = t[:]
            s[i] = turno
            yield "%s %d %d" % (turno, i % 3 + 1, i // 3 + 1), s


def asignar_valor(t, turno, yo, prof):
    if es_final(t):
        return utilidad(t, yo)
    if prof == 0:
        return heuristica(t, yo)
    if turno == yo:  # MAX
        v = float("-inf")
        for accion, s in sucesores(t, turno):
            traza.enter(accion)
            w = asignar_valor(s, otro(turno), yo, prof - 1)
            traza.leave(w)
            v = max(v, w)
        return v
    else:  # MIN
        v = float("inf")
        for accion, s in sucesores(t, turno):
            traza.enter(accion)
            w = asignar_valor(s, otro(turno), yo, prof - 1)
            traza.leave(w)
            v = min(v, w)
        return v


def decision_minimax(t):
    x = t.count("X")
    o = t.count("O")
    turno = "X" if x == o else "O"
    mejor, valor = None, float("-inf")
    for accion, s in sucesores(t, turno):
        traza.enter(accion)
        v = asignar_valor(s, otro(turno), turno, PROFUNDIDAD - 1)
        traza.leave(v)
        if v > valor:
            mejor, valor = accion, v
    return mejor


if __name__ == "__main__":
    tablero = leer_estado(sys.stdin.read())
    print(decision_minimax(tablero))
