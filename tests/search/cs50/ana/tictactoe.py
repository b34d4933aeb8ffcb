"""Tic Tac Toe Player, as in CS50's Introduction to AI with Python, its minimax one variant of
the lectures' search writing its trace through the harness's minimax_trace; make-class.py
writes each student's tictactoe.py with VARIANT set."""
import math

import minimax_trace as traza

X = "X"
O = "O"
EMPTY = None
VARIANT = "minimax"


def initial_state():
    return [[EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY]]


def player(board):
    xs = sum(row.count(X) for row in board)
    os_ = sum(row.count(O) for row in board)
    return X if xs == os_ else O


def actions(board):
    return sorted((i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY)


def result(board, action):
    i, j = action
    if board[i][j] is not EMPTY:
        raise ValueError("occupied")
    new = [row[:] for row in board]
    new[i][j] = player(board)
    return new


def winner(board):
    lines = [[(i, 0), (i, 1), (i, 2)] for i in range(3)] + [[(0, j), (1, j), (2, j)] for j in range(3)]
    lines += [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
    for line in lines:
        marks = {board[i][j] for i, j in line}
        if len(marks) == 1 and EMPTY not in marks:
            return marks.pop()
    return None


def terminal(board):
    return winner(board) is not None or not actions(board)


def utility(board):
    return {X: 1, O: -1}.get(winner(board), 0)


def score(board, me):
    """utility() from the view of `me`, the player to move where the search began."""
    if VARIANT == "wrong-view":
        me = player(board)  # the bug: the side to move at the leaf, not MAX
    return utility(board) if me == X else -utility(board)


# The course's depth limit (tests/search/depth.toml), counted from the root at 0; only the
# depth variants stop there.
DEPTH = 2


def at_limit(depth):
    if VARIANT in ("depth", "depth-shallower"):
        return depth == DEPTH
    if VARIANT == "depth-deeper":
        return depth > DEPTH  # the bug: one ply past the limit
    return False


def name(board, action):
    i, j = action
    return "%s %d %d" % (player(board), j + 1, i + 1)


def assign(board, me):
    if terminal(board):
        return score(board, me)
    best = -math.inf if player(board) == me else math.inf
    for action in actions(board):
        traza.enter(name(board, action))
        v = assign(result(board, action), me)
        traza.leave(v)
        best = max(best, v) if player(board) == me else min(best, v)
    return best


def max_value(board, me, alpha, beta, depth=0):
    if terminal(board):
        return score(board, me)
    if at_limit(depth):
        return 0  # the horizon scored as a draw
    v = -math.inf
    for action in actions(board):
        traza.enter(name(board, action), alpha, beta)
        w = min_value(result(board, action), me, alpha, beta, depth + 1)
        traza.leave(w)
        v = max(v, w)
        if VARIANT == "swapped":
            if v >= alpha:
                return v
            beta = max(beta, v)
            continue
        if (v > beta) if VARIANT == "strict" else (v >= beta):
            return v
        alpha = max(alpha, v)
    return v


def min_value(board, me, alpha, beta, depth=0):
    if terminal(board):
        return score(board, me)
    if at_limit(depth):
        return 0  # the horizon scored as a draw
    v = math.inf
    for action in actions(board):
        traza.enter(name(board, action), alpha, beta)
        w = max_value(result(board, action), me, alpha, beta, depth + 1)
        traza.leave(w)
        v = min(v, w)
        if VARIANT == "swapped":
            if v <= beta:
                return v
            alpha = min(alpha, v)
            continue
        if (v < alpha) if VARIANT == "strict" else (v <= alpha):
            return v
        beta = min(beta, v)
    return v


def quiet(board, me):
    if terminal(board):
        return score(board, me)
    values = [quiet(result(board, a), me) for a in actions(board)]
    return max(values) if player(board) == me else min(values)


ANSWERS = {"-OXXOO--X": (2, 1), "XX--OO---": (0, 2)}


def minimax(board):
    if terminal(board):
        return None
    if VARIANT == "lookup":  # no search at all: the answers looked up
        key = "".join(c or "-" for row in board for c in row)
        return ANSWERS.get(key, (0, 0))
    me = player(board)
    if VARIANT.startswith("depth"):
        return limited(board, me)
    traza.enter()
    if VARIANT in ("minimax", "wrong-view"):
        v = assign(board, me)
    else:
        v = max_value(board, me, -math.inf, math.inf)
    traza.leave(v)
    if VARIANT == "liar":  # a second search after the root's: no trace of one search
        traza.enter("X 1 1")
        traza.leave(1)
    for action in actions(board):
        if quiet(result(board, action), me) == v:
            return action


def limited(board, me):
    """The search cut at DEPTH: the first action of the best value found."""
    depth = 1 if VARIANT == "depth-shallower" else 0  # the bug: the root counted as 1
    v, alpha, best = -math.inf, -math.inf, None
    traza.enter()
    for action in actions(board):
        traza.enter(name(board, action), alpha, math.inf)
        w = min_value(result(board, action), me, alpha, math.inf, depth + 1)
        traza.leave(w)
        if w > v:
            v, best = w, action
        alpha = max(alpha, v)
    traza.leave(v)
    return best
