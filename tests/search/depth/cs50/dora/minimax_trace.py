"""The search's trace for minimax's grader (protocol version 1, doc/grading.md).

Call enter() on entering a node and leave() on returning from it:

    import minimax_trace as traza
    traza.enter("X 3 1", alpha, beta)   # the move that led here; alpha and beta optional
    ...
    traza.leave(v)                      # the node's value, from MAX's view

A bare traza.enter() enters the root itself (ALPHA-BETA-SEARCH calling MAX-VALUE); leaving
it out, the root is the position given. Nothing is written unless the grader sets
MINIMAX_TRACE (a descriptor number such as 2, or a file name), so the program runs the same
without it. Under the python-cs50 harness the grader's driver takes the trace of each
position itself.
"""
import atexit
import os

_TARGET = os.environ.get("MINIMAX_TRACE")
_FD = None
_LINES = []
_SIZE = 0
# The driver's session mode: the lines of one position kept in memory, up to _LIMIT bytes;
# _TOTAL counts what was written, kept or not.
_KEEPING = False
_LIMIT = 0
_TOTAL = 0


def _open():
    global _FD
    if _TARGET.isdigit():
        _FD = int(_TARGET)
    else:
        _FD = os.open(_TARGET, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    _LINES.append("minimax-trace 1\n")


def _write(line):
    # Whole lines only, in chunks: what the program writes itself to the same stream falls
    # between lines, never inside one.
    global _SIZE, _TOTAL
    if _KEEPING:
        _TOTAL += len(line)
        if _TOTAL <= _LIMIT:
            _LINES.append(line)
        return
    _LINES.append(line)
    _SIZE += 1
    if _SIZE >= 4096:
        flush()


def flush():
    global _SIZE
    if _FD is not None and not _KEEPING and _LINES:
        data = "".join(_LINES).encode()
        _LINES.clear()
        _SIZE = 0
        while data:
            data = data[os.write(_FD, data):]


def _number(value):
    if value == float("inf"):
        return "inf"
    if value == float("-inf"):
        return "-inf"
    return str(value)


def enter(move=None, alpha=None, beta=None):
    """Entering the node `move` leads to ("X 3 1", or (mark, column, row)); None: the root."""
    if _FD is None:
        return
    if move is None:
        _write("enter\n")
        return
    if not isinstance(move, str):
        move = " ".join(str(part) for part in move)
    if alpha is None or beta is None:
        _write("enter %s\n" % move)
    else:
        _write("enter %s %s %s\n" % (move, _number(alpha), _number(beta)))


def leave(value):
    """Returning from the node entered last, with its value (MAX's view)."""
    if _FD is not None:
        _write("leave %s\n" % _number(value))


def _begin_position(limit):
    """For the harness's driver: keep the next position's trace in memory, up to `limit` bytes."""
    global _FD, _KEEPING, _LIMIT, _TOTAL
    flush()
    _FD, _KEEPING, _LIMIT, _TOTAL = -1, True, limit, 0
    _LINES.clear()


def _take_position():
    """For the harness's driver: the position's trace (without its header) and the bytes
    written, kept or not; nothing more is kept until the next position."""
    global _FD
    text = "".join(_LINES)
    _LINES.clear()
    _FD = None
    return text, _TOTAL


if _TARGET:
    _open()
    atexit.register(flush)
