"""Elena G. -- Practica 5: Minimax para el gato.

Sigo el pseudocodigo de Sevilla: DECISION-MINIMAX(NODO, PROFUNDIDAD) y VALOR-MINIMAX.
La profundidad pedida es 4.
"""
import sys
import minimax_trace as traza

PROFUNDIDAD = 4
MAXIMO_VALOR = 9999999
MINIMO_VALOR = -9999999
LINEAS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class Nodo:
    def __init__(self, estado, jugador, movimiento=None):
        self.estado = estado
        self.jugador = jugador          # a quien le toca
        self.movimiento = movimiento    # la jugada que llevo aqui

    def sucesores(self):
        res = []
        otro = "O" if self.jugador == "X" else "X"
        for i, c in enumerate(self.estado):
            if c == ".":
                e = self.estado[:i] + self.jugador + self.estado[i + 1:]
                res.append(Nodo(e, otro, "%s %d %d" % (self.jugador, i % 3 + 1, i // 3 + 1)))
        return res


def ganador(e):
    for a, b, c in LINEAS:
        if e[a] != "." and e[a] == e[b] == e[c]:
            return e[a]
    return None


def es_estado_final(e):
    return ganador(e) is not None or "." not in e


def f_e_estatica(e, max_j):
    g = ganador(e)
    if g == max_j:
        return MAXIMO_VALOR
    if g is not None:
        return MINIMO_VALOR
    if es_estado_final(e):
        return 0
    min_j = "O" if max_j == "X" else "X"
    pos_max = sum(1 for l in LINEAS if all(e[i] != min_j for i in l))
    pos_min = sum(1 for l in LINEAS if all(e[i] != max_j for i in l))
    return pos_max - pos_min


def valor_minimax(nodo, profundidad, max_j):
    if es_estado_final(nodo.estado) or profundidad <= 1 or not nodo.sucesores():
        return f_e_estatica(nodo.estado, max_j)
    if nodo.jugador == max_j:
        return maximizador(nodo.sucesores(), profundidad - 1, max_j)
    return minimizador(nodo.sucesores(), profundidad - 1, max_j)


def maximizador(sucesores, profundidad, max_j):
    max_val = MINIMO_VALOR
    for n in sucesores:
        traza.enter(n.movimiento)
        actual = valor_minimax(n, profundidad, max_j)
        traza.leave(actual)
        if actual >= max_val:
            max_val = actual
    return max_val


def minimizador(sucesores, profundidad, max_j):
    min_val = MAXIMO_VALOR
    for n in sucesores:
        traza.enter(n.movimiento)
        actual = valor_minimax(n, profundidad, max_j)
        traza.leave(actual)
        if actual <= min_val:
            min_val = actual
    return min_val


def decision_minimax(nodo, profundidad):
    max_val = None
    max_nodo = None
    for n in nodo.sucesores():
        traza.enter(n.movimiento)
        actual = valor_minimax(n, profundidad - 1, nodo.jugador)
        traza.leave(actual)
        if max_val is None or actual > max_val:
            max_val = actual
            max_nodo = n
    return max_nodo


def leer():
    s = ""
    for linea in sys.stdin:
        if "(" in linea:
            break
        for ch in linea:
            if ch in "xX":
                s += "X"
            elif ch in "oO0":
                s += "O"
            elif ch in "-.":
                s += "."
    return s[:9]


estado = leer()
jugador = "X" if estado.count("X") <= estado.count("O") else "O"
print(decision_minimax(Nodo(estado, jugador), PROFUNDIDAD).movimiento)
