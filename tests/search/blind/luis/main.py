# Luis Alberto  --  Practica 5  --  Minimax con poda alfa beta
import sys
import minimax_trace as traza

MAS_INF = float('inf')
MENOS_INF = float('-inf')

def leer_estado():
    t = []
    for ln in sys.stdin:
        for c in ln.replace('/', ' ').split():
            if c in ('X', 'x'):
                t.append('X')
            elif c in ('O', 'o', '0'):
                t.append('O')
            elif c == '-':
                t.append('-')
            elif len(c) == 3 and all(ch in 'xXoO0-' for ch in c):
                t.extend('X' if ch in 'xX' else 'O' if ch in 'oO0' else '-' for ch in c)
    return t[:9]

def tres_en_raya(t):
    for a, b, c in ((0,1,2),(3,4,5),(6,7,8),(0,3,6),(1,4,7),(2,5,8),(0,4,8),(2,4,6)):
        if t[a] != '-' and t[a] == t[b] == t[c]:
            return t[a]
    return None

def test_terminal(t):
    return tres_en_raya(t) is not None or '-' not in t

def utility(t, max_j):
    g = tres_en_raya(t)
    return 0 if g is None else (1 if g == max_j else -1)

def actions(t):
    return [i for i in range(9) if t[i] == '-']

def result(t, a, j):
    n = list(t)
    n[a] = j
    return n

def mov(j, a):
    return (j, a % 3 + 1, a // 3 + 1)

def max_value(t, j, max_j, alpha, beta):
    if test_terminal(t):
        return utility(t, max_j)
    v = MENOS_INF
    for a in actions(t):
        traza.enter(mov(j, a), alpha, beta)
        r = min_value(result(t, a, j), 'O' if j == 'X' else 'X', max_j, alpha, beta)
        traza.leave(r)
        v = max(v, r)
        if v >= beta:
            continue   # poda: este valor ya no le sirve a MIN
        alpha = max(alpha, v)
    return v

def min_value(t, j, max_j, alpha, beta):
    if test_terminal(t):
        return utility(t, max_j)
    v = MAS_INF
    for a in actions(t):
        traza.enter(mov(j, a), alpha, beta)
        r = max_value(result(t, a, j), 'O' if j == 'X' else 'X', max_j, alpha, beta)
        traza.leave(r)
        v = min(v, r)
        if v <= alpha:
            continue   # poda
        beta = min(beta, v)
    return v

def alpha_beta_search(t):
    j = 'X' if t.count('X') == t.count('O') else 'O'
    otro = 'O' if j == 'X' else 'X'
    alpha = MENOS_INF
    mejor = None
    for a in actions(t):
        traza.enter(mov(j, a), alpha, MAS_INF)
        v = min_value(result(t, a, j), otro, j, alpha, MAS_INF)
        traza.leave(v)
        if mejor is None or v > alpha:
            mejor, alpha = a, v
    return mov(j, mejor)

estado = leer_estado()
print('%s %d %d' % alpha_beta_search(estado))
