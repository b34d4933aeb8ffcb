# Inteligencia Artificial - Tarea 3: el juego del gato (tic-tac-toe).
# Completa la funcion minimax(). No modifiques la clase Gato; puedes
# agregar las funciones auxiliares que necesites.

import sys

VACIO = " "
JUGADOR_X = "X"
JUGADOR_O = "O"

# las 8 formas de hacer tres en linea
LINEAS = [
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
]


class Gato:
    # Estado del juego: un tablero de 9 casillas y el jugador en turno.

    def __init__(self, tablero=None, turno=JUGADOR_X):
        if tablero is None:
            tablero = [VACIO] * 9
        self.tablero = list(tablero)
        self.turno = turno

    def clonar(self):
        return Gato(self.tablero, self.turno)

    def contrario(self):
        return JUGADOR_O if self.turno == JUGADOR_X else JUGADOR_X

    def acciones(self):
        # casillas libres (0..8)
        return [i for i in range(9) if self.tablero[i] == VACIO]

    def resultado(self, accion):
        # estado nuevo despues de jugar en la casilla accion
        if self.tablero[accion] != VACIO:
            raise ValueError("casilla ocupada: %d" % accion)
        nuevo = self.clonar()
        nuevo.tablero[accion] = self.turno
        nuevo.turno = self.contrario()
        return nuevo

    def hijos(self):
        # parejas (accion, estado) para cada jugada posible
        for a in self.acciones():
            yield a, self.resultado(a)

    def ganador(self):
        t = self.tablero
        for a, b, c in LINEAS:
            if t[a] != VACIO and t[a] == t[b] == t[c]:
                return t[a]
        return None

    def termino(self):
        return self.ganador() is not None or VACIO not in self.tablero

    def utilidad(self):
        # desde el punto de vista de X: +1 gana X, -1 gana O, 0 empate
        g = self.ganador()
        if g == JUGADOR_X:
            return 1
        elif g == JUGADOR_O:
            return -1
        return 0

    def mostrar(self):
        for r in range(3):
            print(" " + " | ".join(self.tablero[3 * r:3 * r + 3]))
            if r < 2:
                print("---+---+---")
        print()


nodos = 0


def evaluar(estado, profundidad):
    # si gana en menos jugadas vale mas
    return estado.utilidad() * (10 - profundidad)


def buscar(estado, profundidad):
    # regresa (valor, accion) de la mejor jugada
    global nodos
    nodos += 1
    if estado.termino():
        return evaluar(estado, profundidad), None
    mejor_accion = None
    if estado.turno == JUGADOR_X:
        mejor_valor = -1000
        for accion, hijo in estado.hijos():
            valor, _ = buscar(hijo, profundidad + 1)
            if valor > mejor_valor:
                mejor_valor = valor
                mejor_accion = accion
    else:
        mejor_valor = 1000
        for accion, hijo in estado.hijos():
            valor, _ = buscar(hijo, profundidad + 1)
            if valor < mejor_valor:
                mejor_valor = valor
                mejor_accion = accion
    return mejor_valor, mejor_accion


def minimax(estado):
    # X maximiza la utilidad y O la minimiza
    global nodos
    nodos = 0
    # tablero vacio: el centro (cualquier jugada empata)
    if len(estado.acciones()) == 9:
        return 4
    valor, accion = buscar(estado, 0)
    print("(nodos explorados: %d, valor: %d)" % (nodos, valor))
    return accion


def leer_jugada(estado):
    while True:
        casilla = input("Tu jugada (1-9): ")
        if casilla.isdigit() and 1 <= int(casilla) <= 9:
            if estado.tablero[int(casilla) - 1] == VACIO:
                return int(casilla) - 1
        print("Esa casilla no se puede.")


def jugar(computadora=JUGADOR_X):
    estado = Gato()
    estado.mostrar()
    while not estado.termino():
        if estado.turno == computadora:
            accion = minimax(estado)
            print("La computadora juega en", accion + 1)
        else:
            accion = leer_jugada(estado)
        estado = estado.resultado(accion)
        estado.mostrar()
    g = estado.ganador()
    if g is None:
        print("Empate.")
    else:
        print("Gana", g)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1].lower() == "o":
        jugar(JUGADOR_O)
    else:
        jugar()
