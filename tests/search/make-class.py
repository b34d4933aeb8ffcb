#!/usr/bin/env python3
"""Writes tests/search/python, tests/search/more, tests/search/c and tests/search/lua: one folder per student, each a variant of
template.py (template.c, template.lua) beside the harness's helper
(src/harness/trace/minimax_trace.py, .h, .lua), as a starter would hand it out."""
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
