#!/usr/bin/env python3
"""Writes tests/search/python, more, c, lua, java, java-gato and cs50: one folder per student,
each a variant of template.py (template.c, template.lua; template-search.java inside
template-stdio.java or template-gato.java; template-cs50.py) beside the harness's helper
(src/harness/trace/minimax_trace.py, .h, .lua, MinimaxTrace.java), as a starter would hand
it out (under java-gato and python-cs50 the harness's own copy replaces the student's)."""
import pathlib
import shutil

HERE = pathlib.Path(__file__).parent
STUDENTS = {
    "ana": "minimax",
    "beto": "slides",
    "carla": "strict",
    "diego": "fail-hard",
    "elena": "liar",
    "fede": "swapped",
    "gabi": "wrong-side",
    "hugo": "wrong-view",
    "ines": "lookup",
    "juan": "first-win",
}
template = (HERE / "template.py").read_text()
helper = HERE / "../../src/harness/trace/minimax_trace.py"
for name, variant in STUDENTS.items():
    folder = HERE / "python" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.py").write_text(template.replace("@VARIANT@", variant))
    shutil.copy(helper, folder / "minimax_trace.py")

# Beyond the slides: a transposition table (plain minimax), and alpha-beta with the moves
# best first, graded with `search = "alphabeta-ordered"` (tests/search/ordered.toml).
MORE_STUDENTS = {"kiko": "table", "lola": "ordered", "mara": "slides"}
for name, variant in MORE_STUDENTS.items():
    folder = HERE / "more" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.py").write_text(template.replace("@VARIANT@", variant))
    shutil.copy(helper, folder / "minimax_trace.py")

# Wins scored by depth (10 - depth: a sooner win is worth more), graded with
# tests/search/ordered.toml: the order judged with the student's own scoring, not ±1.
SCORED_STUDENTS = {"nora": "ordered-by-depth", "omar": "by-depth"}
for name, variant in SCORED_STUDENTS.items():
    folder = HERE / "scored" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.py").write_text(template.replace("@VARIANT@", variant))
    shutil.copy(helper, folder / "minimax_trace.py")

C_STUDENTS = {"ana": "MINIMAX", "beto": "SLIDES", "carla": "STRICT", "fede": "SWAPPED", "gabi": "WRONG_SIDE"}
template = (HERE / "template.c").read_text()
helper = HERE / "../../src/harness/trace/minimax_trace.h"
for name, variant in C_STUDENTS.items():
    folder = HERE / "c" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.c").write_text(template.replace("@VARIANT@", variant))
    shutil.copy(helper, folder / "minimax_trace.h")

LUA_STUDENTS = {"ana": "minimax", "beto": "slides", "fede": "swapped"}
template = (HERE / "template.lua").read_text()
helper = HERE / "../../src/harness/trace/minimax_trace.lua"
for name, variant in LUA_STUDENTS.items():
    folder = HERE / "lua" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.lua").write_text(template.replace("@VARIANT@", variant))
    shutil.copy(helper, folder / "minimax_trace.lua")

# The same seven students in each harness of the session protocol and in Java on stdin.
SESSION_STUDENTS = {
    "ana": "minimax",
    "beto": "slides",
    "carla": "strict",
    "elena": "liar",
    "fede": "swapped",
    "hugo": "wrong-view",
    "ines": "lookup",
}
search = (HERE / "template-search.java").read_text()
helper = HERE / "../../src/harness/trace/MinimaxTrace.java"
for kind, template, path in [
    ("java", "template-stdio.java", "Main.java"),
    ("java-gato", "template-gato.java", "Minimax/src/Minimax.java"),
]:
    text = (HERE / template).read_text().replace("@SEARCH@", search)
    for name, variant in SESSION_STUDENTS.items():
        file = HERE / kind / name / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text.replace("@VARIANT@", variant))
        shutil.copy(helper, file.parent / "MinimaxTrace.java")
template = (HERE / "template-cs50.py").read_text()
helper = HERE / "../../src/harness/trace/minimax_trace.py"
for name, variant in SESSION_STUDENTS.items():
    folder = HERE / "cs50" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tictactoe.py").write_text(template.replace("@VARIANT@", variant))
    shutil.copy(helper, folder / "minimax_trace.py")

# A depth limit asked (tests/search/depth.toml, depth = 2), in every language the trace is
# carried from: one student stopping where asked, one a ply deeper (`prof > PROFUNDIDAD`), one
# a ply shallower (the root counted as depth 1).
DEPTH_STUDENTS = {"dora": "depth", "dario": "depth-deeper", "delia": "depth-shallower"}
for kind, template, path in [
    ("java", "template-stdio.java", "Main.java"),
    ("java-gato", "template-gato.java", "Minimax/src/Minimax.java"),
]:
    text = (HERE / template).read_text().replace("@SEARCH@", search)
    for name, variant in DEPTH_STUDENTS.items():
        file = HERE / "depth" / kind / name / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text.replace("@VARIANT@", variant))
        shutil.copy(HERE / "../../src/harness/trace/MinimaxTrace.java", file.parent / "MinimaxTrace.java")
for kind, template, file, helper in [
    ("cs50", "template-cs50.py", "tictactoe.py", "minimax_trace.py"),
    ("c", "template.c", "main.c", "minimax_trace.h"),
    ("lua", "template.lua", "main.lua", "minimax_trace.lua"),
]:
    text = (HERE / template).read_text()
    for name, variant in DEPTH_STUDENTS.items():
        if kind == "c":
            variant = variant.upper().replace("-", "_")
        folder = HERE / "depth" / kind / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / file).write_text(text.replace("@VARIANT@", variant))
        shutil.copy(HERE / "../../src/harness/trace" / helper, folder / helper)
