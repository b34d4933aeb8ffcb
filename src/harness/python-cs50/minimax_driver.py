"""The grader's driver for CS50 AI's tictactoe.py (not the student's code).

Imports the shallowest tictactoe.py once, then for each position builds the board, calls
minimax(board) under a deadline and writes one record to the grader's own channel: a copy
of the original stdout, taken before fd 1 is pointed at stderr. Nothing the student prints
is taken for an answer.

With `trace` at the end of the session's header (the course asks for the search), the
harness's minimax_trace is imported first, so the student's `import minimax_trace` gets it,
and each position's trace is kept in memory and sent as a `trace` record before the answer.
"""
import importlib.util
import os
import sys
import threading
import time
import traceback

channel = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
os.dup2(2, 1)
sys.stdout = sys.stderr
header = sys.stdin.readline().split()
nonce, timeout = header[2], int(header[3]) / 1000
tracing = header[4:5] == ["trace"]
# What one position's trace may hold (the grader's limit for a run's trace output).
TRACE_BYTES = 24 << 20
positions = [line.split() for line in sys.stdin if line.strip()]
sys.stdin = open(os.devnull)


def record(kind, index, ms, text=""):
    flat = text.replace("\\", "\\\\").replace("\r", "").replace("\n", "\\n")
    channel.write(f"{nonce} {kind} {index} {ms} {flat}\n")
    channel.flush()


def find_module():
    found = []
    for folder, dirs, files in os.walk("."):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__MACOSX")
        if "tictactoe.py" in files:
            found.append((folder.count(os.sep), folder))
    return os.path.join(min(found)[1], "tictactoe.py") if found else None


traza = None
if tracing:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import minimax_trace as traza

path = find_module()
if path is None:
    record("fatal", 0, 0, "no tictactoe.py in the submission")
    sys.exit(0)
sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
try:
    spec = importlib.util.spec_from_file_location("tictactoe", path)
    student = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(student)
    minimax = student.minimax
except BaseException:
    record("fatal", 0, 0, "importing tictactoe.py failed:\n" + traceback.format_exc())
    sys.exit(0)

marks = {"X": getattr(student, "X", "X"), "O": getattr(student, "O", "O")}
empty = getattr(student, "EMPTY", None)

for index, rows, to_move in positions:
    board = [[marks.get(c, empty) for c in row] for row in rows.split("/")]
    outcome = {}

    def call():
        try:
            outcome["value"] = minimax(board)
        except BaseException:
            outcome["error"] = traceback.format_exc()

    record("begin", index, 0)
    if traza is not None:
        traza._begin_position(TRACE_BYTES)
    start = time.monotonic()
    cpu_start = time.process_time()
    worker = threading.Thread(target=call, daemon=True)
    worker.start()
    # The limit is on CPU time (what the program itself spent, whatever ran beside it), with
    # a limit on the clock of three times it against sleeping and blocking.
    while worker.is_alive():
        worker.join(0.02)
        if time.process_time() - cpu_start >= timeout or time.monotonic() - start >= 3 * timeout:
            break
    ms = int((time.monotonic() - start) * 1000)
    if worker.is_alive():
        record("timeout", index, ms)
        os._exit(3)
    if traza is not None:
        # The bytes written ride in the time's place: more than the text holds means cut.
        text, written = traza._take_position()
        record("trace", index, written, "minimax-trace 1\n" + text if written else "")
    if "error" in outcome:
        record("crashed", index, ms, outcome["error"])
        continue
    action = outcome.get("value")
    if action is None:
        record("null", index, ms, "minimax returned None")
        continue
    try:
        row, column = action
        record("answer", index, ms, f"{to_move} {int(column) + 1} {int(row) + 1}")
    except (TypeError, ValueError):
        record("answer", index, ms, f"minimax returned {action!r}, not a (row, column) pair")
channel.flush()
os._exit(0)
