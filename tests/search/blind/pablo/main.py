# Pablo - Practica 5
# Negamax con poda alfa-beta (una sola funcion en vez de MAX-VALUE y MIN-VALUE:
# max(a, b) = -min(-a, -b)). En la traza escribo el valor desde el punto de vista del
# jugador que tira en la raiz, como pide el profe.
import sys
import minimax_trace as traza

GANADORAS = [(0,1,2),(3,4,5),(6,7,8),(0,3,6),(1,4,7),(2,5,8),(0,4,8),(2,4,6)]

def gano(b):
    for x, y, z in GANADORAS:
        if b[x] != '-' and b[x] == b[y] == b[z]:
            return b[x]
    return None

def negamax(b, turno, raiz, alfa, beta):
    """Valor de b para el jugador `turno` (el que tira en b)."""
    g = gano(b)
    if g is not None:
        return 1 if g == raiz else -1
    if '-' not in b:
        return 0
    otro = 'O' if turno == 'X' else 'X'
    mejor = -2
    for i in range(9):
        if b[i] != '-':
            continue
        b[i] = turno
        traza.enter('%s %d %d' % (turno, i % 3 + 1, i // 3 + 1))
        v = -negamax(b, otro, raiz, -beta, -alfa)
        # v es desde el punto de vista de `turno`; la traza lo quiere desde la raiz
        traza.leave(v if turno == raiz else -v)
        b[i] = '-'
        if v > mejor:
            mejor = v
        if mejor >= beta:
            return mejor
        if mejor > alfa:
            alfa = mejor
    return mejor

def main():
    s = sys.stdin.read()
    b = [('X' if c in 'xX' else 'O' if c in 'oO0' else '-') for c in s.split('(')[0] if c in 'xXoO0-'][:9]
    yo = 'X' if b.count('X') == b.count('O') else 'O'
    otro = 'O' if yo == 'X' else 'X'
    alfa, beta = -2, 2
    mejor = None
    for i in range(9):
        if b[i] != '-':
            continue
        b[i] = yo
        traza.enter('%s %d %d' % (yo, i % 3 + 1, i // 3 + 1))
        v = -negamax(b, otro, yo, -beta, -alfa)
        traza.leave(v)
        b[i] = '-'
        if mejor is None or v > alfa:
            mejor, alfa = i, v
    print(yo, mejor % 3 + 1, mejor // 3 + 1)

main()
