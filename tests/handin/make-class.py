#!/usr/bin/env python3
"""Writes tests/handin/moodle/: a Moodle download of three hand-ins of Práctica 5, for the
examples of doc/course.md (the tests build their own class, tests/cli/handin.rs)."""
import os
import zipfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "moodle")
CODE = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lms", "java", "correcto", "Minimax.java"), "rb").read()


def readme(name, account):
    return (f"{name}\nNúmero de cuenta: {account}\nPráctica 5\n\n"
            "Observaciones: el caso del empate me costó; la práctica estuvo bien.\n").encode()


STUDENTS = [
    ("Luis Alfredo Lizárraga Santos_101", "LizarragaLuis05.zip",
     [("Minimax/src/Minimax.java", CODE), ("readme.txt", readme("Luis Alfredo Lizárraga Santos", "312345678"))]),
    ("Ana Pérez Gómez_102", "practica5.zip",
     [("Minimax/src/Minimax.java", CODE), ("readme.txt", readme("Ana Pérez Gómez", "(pendiente)"))]),
    ("Carla Núñez Ortiz_104", "NunezCarla05.zip", [("Minimax.java", CODE)]),
]

for folder, archive, files in STUDENTS:
    path = os.path.join(ROOT, folder + "_assignsubmission_file_")
    os.makedirs(path, exist_ok=True)
    with zipfile.ZipFile(os.path.join(path, archive), "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            z.writestr(zipfile.ZipInfo(name, date_time=(2016, 3, 23, 23, 0, 0)), data)
