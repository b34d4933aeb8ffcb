"""
Inteligencia Artificial - Tarea 3: el juego del gato (tic-tac-toe).
Completa la funcion minimax(). No modifiques la clase Gato; puedes
agregar las funciones auxiliares que necesites.
"""

import sys

VACIO = ' '
JUGADOR_X = 'X'
JUGADOR_O = 'O'

# las 8 formas de hacer tres en linea
LINEAS = [
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # renglones
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columnas
    (0, 4, 8), (2, 4, 6),             # diagonales
]


class Gato:
    """Estado del juego: un tablero de 9 casillas y el jugador en turno."""

    def __init__(self, tablero=None, turno=JUGADOR_X):
        if tablero is None:
            tablero = [VACIO] * 9
        self.tablero = list(tablero)
        self.turno = turno

    def copia(self):
        return Gato(self.tablero, self.turno)

    def otro_jugador(self):
        if self.turno == JUGADOR_X:
            return JUGADOR_O
        return JUGADOR_X

    def acciones(self):
        """Regresa la lista de casillas libres (0..8)."""
        return [i for i in range(9) if self.tablero[i] == VACIO]

    def resultado(self, accion):
        """Regresa un estado nuevo despues de jugar en la casilla accion."""
        if self.tablero[accion] != VACIO:
            raise ValueError("casilla ocupada: %d" % accion)
        nuevo = self.copia()
        nuevo.tablero[accion] = self.turno
        nuevo.turno = self.otro_jugador()
        return nuevo

    def sucesores(self):
        """Genera parejas (accion, estado) para cada jugada posible."""
        for a in self.acciones():
            yield a, self.resultado(a)

    def ganador(self):
        """Regresa 'X' u 'O' si alguien hizo tres en linea, o None."""
        t = self.tablero
        for (a, b, c) in LINEAS:
            if t[a] != VACIO and t[a] == t[b] == t[c]:
                return t[a]
        return None

    def es_terminal(self):
        return self.ganador() is not None or VACIO not in self.tablero

    def utilidad(self):
        """Utlidad desde el punto de vista de X: +1 gana X, -1 gana O, 0 empate."""
        g = self.ganador()
        if g == JUGADOR_X:
            return 1
        elif g == JUGADOR_O:
            return -1
        return 0

    def imprimir(self):
        for r in range(3):
            fila = self.tablero[3 * r:3 * r + 3]
            print(' ' + ' | '.join(fila))
            if r < 2:
                print('---+---+---')
        print()


INF = float('inf')


def max_ab(estado, alfa, beta):
    if estado.es_terminal():
        return estado.utilidad()
    v = -INF
    for accion in estado.acciones():
        v = max(v, min_ab(estado.resultado(accion), alfa, beta))
        if v >= beta:
            return v  # poda beta
        alfa = max(alfa, v)
    return v


def min_ab(estado, alfa, beta):
    if estado.es_terminal():
        return estado.utilidad()
    v = INF
    for accion in estado.acciones():
        v = min(v, max_ab(estado.resultado(accion), alfa, beta))
        if v <= alfa:
            return v  # poda alfa
        beta = min(beta, v)
    return v


def minimax(estado):
    """Regresa la mejor accion (0..8) para el jugador en turno de estado.

    X maximiza la utilidad y O la minimiza.
    """
    # Minimax con poda alfa-beta (libro de Russell y Norvig, cap. 5)
    acciones = estado.acciones()
    if estado.turno == JUGADOR_X:
        valores = [min_ab(estado.resultado(a), -INF, INF) for a in acciones]
        return acciones[valores.index(max(valores))]
    valores = [max_ab(estado.resultado(a), -INF, INF) for a in acciones]
    return acciones[valores.index(min(valores))]


def pedir_jugada(estado):
    while True:
        casilla = input("Tu jugada (1-9): ")
        if casilla.isdigit() and 1 <= int(casilla) <= 9:
            if estado.tablero[int(casilla) - 1] == VACIO:
                return int(casilla) - 1
        print("Esa casilla no se puede.")


def jugar(computadora=JUGADOR_X):
    estado = Gato()
    estado.imprimir()
    while not estado.es_terminal():
        if estado.turno == computadora:
            accion = minimax(estado)
            print("La computadora juega en", accion + 1)
        else:
            accion = pedir_jugada(estado)
        estado = estado.resultado(accion)
        estado.imprimir()
    g = estado.ganador()
    if g is None:
        print("Empate.")
    else:
        print("Gana", g)


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1].lower() == 'o':
        jugar(JUGADOR_O)
    else:
        jugar()
