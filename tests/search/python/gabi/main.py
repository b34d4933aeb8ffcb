# A student's minimax for the sheet (DECISION-MINIMAX / ASIGNAR-VALOR, then alpha-beta as
# on the slides: MAX-VALUE / MIN-VALUE), one variant of it; make-class.py writes each
# student's main.py from this file with VARIANT set.
import sys
import minimax_trace as traza

VARIANT = "wrong-side"
INF = float("inf")


def read_board(text):
    cells = [c for c in text.split() if c in ("X", "O", "0", "-")]
    return ["O" if c == "0" else c for c in cells]


def to_move(board):
    return "X" if board.count("X") == board.count("O") else "O"


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(board):
    for a, b, c in LINES:
        if board[a] != "-" and board[a] == board[b] == board[c]:
            return board[a]
    return None


def es_final(board):
    return winner(board) is not None or "-" not in board


# The marks on the board where the search began: a finished game's depth is counted from it.
ROOT_MARKS = 0


def utilidad(board, maximo):
    w = winner(board)
    if VARIANT == "wrong-view":
        maximo = to_move(board)  # the bug: the side to move at the leaf, not MAX
    if w is None:
        return 0
    sign = 1 if w == maximo else -1
    if VARIANT in ("by-depth", "ordered-by-depth"):
        depth = sum(c != "-" for c in board) - ROOT_MARKS
        return sign * (10 - depth)  # a sooner win is worth more
    return sign


def sucesores(board):
    mark = to_move(board)
    for i in range(9):
        if board[i] == "-":
            child = list(board)
            child[i] = mark
            yield "%s %d %d" % (mark, i % 3 + 1, i // 3 + 1), child


TABLE = {}


def asignar_valor(board, maximo):
    if es_final(board):
        return utilidad(board, maximo)
    if VARIANT == "table":
        key = "".join(board)
        if key not in TABLE:
            TABLE[key] = asignar_valor_searched(board, maximo)
        return TABLE[key]
    return asignar_valor_searched(board, maximo)


def asignar_valor_searched(board, maximo):
    if to_move(board) == maximo:
        v = -INF
        for move, s in sucesores(board):
            traza.enter(move)
            w = asignar_valor(s, maximo)
            traza.leave(w)
            v = max(v, w)
            if VARIANT == "first-win" and v > 0:
                return v
        return v
    v = INF
    for move, s in sucesores(board):
        traza.enter(move)
        w = asignar_valor(s, maximo)
        traza.leave(w)
        v = min(v, w)
        if VARIANT == "first-win" and v < 0:
            return v
    return v


def in_order(board, maximo, best_high):
    """The successors, best first when the variant orders them (by their exact value)."""
    successors = list(sucesores(board))
    if VARIANT in ("ordered", "ordered-by-depth"):
        successors.sort(key=lambda ms: quiet(ms[1], maximo), reverse=best_high)
    return successors


def quiet(board, maximo):
    if es_final(board):
        return utilidad(board, maximo)
    if to_move(board) == maximo:
        return max_quiet(board, maximo)
    return min_value_quiet(board, maximo)


def max_value(board, maximo, alpha, beta):
    if es_final(board):
        return utilidad(board, maximo)
    v = -INF
    for move, s in in_order(board, maximo, True):
        traza.enter(move, alpha, beta)
        w = min_value(s, maximo, alpha, beta)
        traza.leave(w)
        v = max(v, w)
        if VARIANT == "swapped":
            if v >= alpha:
                return v
            beta = max(beta, v)
            continue
        if VARIANT == "wrong-side":
            if v <= alpha:
                return v
        elif VARIANT == "strict":
            if v > beta:
                return v
        elif v >= beta:
            return beta if VARIANT == "fail-hard" else v
        alpha = max(alpha, v)
    if VARIANT == "fail-hard":
        return max(v, alpha)
    return v


def min_value(board, maximo, alpha, beta):
    if es_final(board):
        return utilidad(board, maximo)
    v = INF
    for move, s in in_order(board, maximo, False):
        traza.enter(move, alpha, beta)
        w = max_value(s, maximo, alpha, beta)
        traza.leave(w)
        v = min(v, w)
        if VARIANT == "swapped":
            if v <= beta:
                return v
            alpha = min(alpha, v)
            continue
        if VARIANT == "wrong-side":
            if v >= beta:
                return v
        elif VARIANT == "strict":
            if v < alpha:
                return v
        elif v <= alpha:
            return alpha if VARIANT == "fail-hard" else v
        beta = min(beta, v)
    if VARIANT == "fail-hard":
        return min(v, beta)
    return v


def decision(board):
    global ROOT_MARKS
    ROOT_MARKS = sum(c != "-" for c in board)
    maximo = to_move(board)
    pruning = VARIANT not in ("minimax", "first-win", "wrong-view", "lookup", "table")
    traza.enter()
    if pruning:
        v = max_value(board, maximo, -INF, INF)
    else:
        v = asignar_valor(board, maximo)
    traza.leave(v)
    if VARIANT == "liar":
        traza.enter("X 1 1")  # a move on a taken square: the trace cannot be this search's
        traza.leave(1)
    # The action of SUCESORES(estado) with value v (searched again, without the trace).
    for move, s in sucesores(board):
        if es_final(s):
            value = utilidad(s, maximo)
        else:
            value = min_value_quiet(s, maximo)
        if value == v:
            return move


def min_value_quiet(board, maximo):
    if es_final(board):
        return utilidad(board, maximo)
    values = [max_quiet(s, maximo) for _, s in sucesores(board)]
    return min(values)


def max_quiet(board, maximo):
    if es_final(board):
        return utilidad(board, maximo)
    return max(min_value_quiet(s, maximo) for _, s in sucesores(board))


ANSWERS = {"-OXXOO--X": "X 2 3", "XX--OO---": "X 3 1"}

board = read_board(sys.stdin.read())
if VARIANT == "lookup":
    print(ANSWERS.get("".join(board), "X 1 1"))  # no search at all: the answers looked up
else:
    print(decision(board))
