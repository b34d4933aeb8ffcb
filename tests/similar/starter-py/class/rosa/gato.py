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


def minimax(estado):
    """Regresa la mejor accion (0..8) para el jugador en turno de estado.

    X maximiza la utilidad y O la minimiza.
    """
    if 9 == len(estado.acciones()):
        return 4  # primera jugada
    global cuenta
    cuenta = 0
    res = busqueda(estado, 0)
    print("(nodos explorados: %d, valor: %d)" % (cuenta, res[0]))
    return res[1]


cuenta = 0


def busqueda(estado, nivel):
    global cuenta
    if not estado.es_terminal():
        # para O se voltea el signo y asi las dos ramas maximizan
        signo = -1
        if estado.turno == JUGADOR_X:
            signo = 1
        hijos = list(estado.sucesores())
        mejor, mejor_valor = None, -1000
        i = 0
        while i < len(hijos):
            accion, hijo = hijos[i]
            v = signo * busqueda(hijo, nivel + 1)[0]
            if not v <= mejor_valor:
                mejor_valor, mejor = v, accion
            i += 1
        cuenta += 1
        return signo * mejor_valor, mejor
    cuenta += 1
    return (10 - nivel) * estado.utilidad(), None


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
