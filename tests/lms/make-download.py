"""Writes moodle-download.zip: what Moodle's "Download all submissions" gives for a class
on the practice's Java starter (the readme's example; the tests build their own).

Run from this folder: /usr/bin/python3 make-download.py
"""
import io
import os
import struct
import tarfile
import zipfile
import zlib


def project(variant):
    files = []
    for name in sorted(os.listdir(f"java/{variant}")):
        with open(f"java/{variant}/{name}", "rb") as source:
            files.append((f"Minimax/src/{name}", source.read()))
    return files + [("readme.txt", b"Practica 05\n")]


def zipped(files):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            archive.writestr(zipfile.ZipInfo(name, (2016, 3, 23, 23, 0, 0)), data)
    return out.getvalue()


def tar_gz(files):
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz", compresslevel=9) as archive:
        for name, data in files:
            info = tarfile.TarInfo(name)
            info.size, info.mtime = len(data), 1458774000
            archive.addfile(info, io.BytesIO(data))
    return out.getvalue()


def rar(files):
    """RAR 4 with every file stored, as WinRAR writes with the "store" method."""
    def block(kind, flags, body):
        rest = struct.pack("<BHH", kind, flags, 7 + len(body)) + body
        return struct.pack("<H", zlib.crc32(rest) & 0xFFFF) + rest
    out = b"Rar!\x1a\x07\x00" + block(0x73, 0, b"\x00" * 6)
    for name, data in files:
        raw = name.encode()
        body = struct.pack("<IIBIIBBHI", len(data), len(data), 3, zlib.crc32(data), 0x5A000000, 20, 0x30, len(raw), 0o100644)
        out += block(0x74, 0x8000, body + raw) + data
    return out + block(0x7B, 0x4000, b"")


def folder(who):
    """Moodle's name for a participant's files, trailing `_` included."""
    return f"{who}_assignsubmission_file_"


ana = project("correcto") + [("__MACOSX/Minimax/src/._Minimax.java", b"\x00\x05\x16\x07")]
gabi = project("siguiente") + [("../../evil.txt", b"escaped")]
entries = [
    (f"{folder('Ana Pérez_1001')}/PerezAna05.zip", zipped(ana)),
    (f"{folder('Beto Díaz_1002')}/DiazBeto05.zip", zipped([("DiazBeto05.tar.gz", tar_gz(project("depura")))])),
    (f"{folder('Carla Ruiz_1003')}RuizCarla05.zip", zipped(project("nulo"))),
    (f"{folder('Diego Luna_1004')}/LunaDiego05.zip", zipped(project("no-compila"))),
    (f"{folder('Elena Soto_1005')}/SotoElena05.rar", rar(project("correcto"))),
    (f"{folder('Fede Gil_1006')}/GilFede05.zip", zipped(project("excepcion"))),
    (f"{folder('Gabi Mora_1007')}/MoraGabi05.zip", zipped(gabi)),
]
with open("moodle-download.zip", "wb") as out:
    out.write(zipped(entries))
