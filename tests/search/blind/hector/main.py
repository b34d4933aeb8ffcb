# Hector - Practica 5 (gato) con poda alfa-beta.
# ALPHA-BETA-SEARCH -> MAX-VALUE(estado, -inf, +inf); cuando hay poda regreso beta (o alfa),
# como en el libro de texto "fail-hard".
import sys
import minimax_trace as traza

INF = float("inf")
RAYAS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class Gato:
    def __init__(self, casillas):
        self.c = casillas
        self.max = "X" if casillas.count("X") == casillas.count("O") else "O"

    def turno(self):
        return "X" if self.c.count("X") == self.c.count("O") else "O"

    def ganador(self):
        for a, b, d in RAYAS:
            if self.c[a] != " " and self.c[a] == self.c[b] == self.c[d]:
                return self.c[a]
        return None

    def terminal(self):
        return self.ganador() is not None or " " not in self.c

    def utilidad(self):
        g = self.ganador()
        if g is None:
            return 0
        return 1 if g == self.max else -1

    def acciones(self):
        return [i for i in range(9) if self.c[i] == " "]

    def jugar(self, i):
        self.c[i] = self.turno()

    def deshacer(self, i):
        self.c[i] = " "

    def nombre(self, i):
        return "%s %d %d" % (self.turno(), i % 3 + 1, i // 3 + 1)


def max_value(g, alfa, beta):
    if g.terminal():
        return g.utilidad()
    for a in g.acciones():
        traza.enter(g.nombre(a), alfa, beta)
        g.jugar(a)
        v = min_value(g, alfa, beta)
        g.deshacer(a)
        traza.leave(v)
        if v >= beta:
            return beta
        if v > alfa:
            alfa = v
    return alfa


def min_value(g, alfa, beta):
    if g.terminal():
        return g.utilidad()
    for a in g.acciones():
        traza.enter(g.nombre(a), alfa, beta)
        g.jugar(a)
        v = max_value(g, alfa, beta)
        g.deshacer(a)
        traza.leave(v)
        if v <= alfa:
            return alfa
        if v < beta:
            beta = v
    return beta


def alpha_beta_search(g):
    # la raiz es un MAX-VALUE pero aqui me quedo con la accion
    traza.enter()
    alfa, beta = -INF, INF
    mejor = None
    for a in g.acciones():
        nombre = g.nombre(a)
        traza.enter(nombre, alfa, beta)
        g.jugar(a)
        v = min_value(g, alfa, beta)
        g.deshacer(a)
        traza.leave(v)
        if mejor is None or v > alfa:
            mejor = nombre
        if v > alfa:
            alfa = v
    traza.leave(alfa)
    return mejor


def leer():
    cs = []
    for linea in sys.stdin.read().splitlines():
        if "(" in linea:
            continue
        for ch in linea:
            if ch in "xX":
                cs.append("X")
            elif ch in "oO0":
                cs.append("O")
            elif ch == "-":
                cs.append(" ")
    return cs[:9]


print(alpha_beta_search(Gato(leer())))
