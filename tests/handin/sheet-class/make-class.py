#!/usr/bin/env python3
"""Builds the Moodle "Download all submissions" folder of a made-up class for
"Práctica 5: Minimax" (Inteligencia Artificial 2016-2, Facultad de Ciencias,
UNAM).

Writes download/ beside this script: one sub-folder per student named
"<Full name>_<participant id>_assignsubmission_file_" holding exactly the
files that student uploaded.  Standard library only and deterministic: every
timestamp inside the archives is fixed, there is no randomness, and running
it twice gives the same bytes.

The grading worksheet (worksheet.csv), the expected grades (expected.csv) and
the reasons (REASONS.md) live beside this script; they are written by hand,
not by this script.

    python3 make-class.py          # (re)writes download/
"""

import gzip
import io
import os
import shutil
import sys
import tarfile
import unicodedata
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "download")


# --------------------------------------------------------------------------
# encoding helpers


def enc(text, encoding="utf-8", crlf=False):
    """Text as the student's editor saved it."""
    if crlf:
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    if encoding == "utf-16":  # Windows Notepad "Unicode": UTF-16LE with BOM
        return b"\xff\xfe" + text.encode("utf-16-le")
    return text.encode(encoding)


def java(key, encoding="utf-8", crlf=False):
    return enc(JAVA[key], encoding, crlf)


# --------------------------------------------------------------------------
# archive writers (fixed timestamps, fixed order)


def zip_bytes(entries, when, dirs=(), system=3):
    """entries: list of (path, bytes); dirs: directory entries to add first.
    when: (Y, M, D, h, m, s) used for every entry.  system: 0 = made on
    Windows (no Unix permissions), 3 = made on Unix/macOS."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for d in dirs:
            zi = zipfile.ZipInfo(d.rstrip("/") + "/", date_time=when)
            zi.create_system = system
            zi.external_attr = ((0o40755 << 16) if system == 3 else 0) | 0x10
            z.writestr(zi, b"")
        for path, data in entries:
            zi = zipfile.ZipInfo(path, date_time=when)
            zi.create_system = system
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = (0o100644 << 16) if system == 3 else 0x20
            z.writestr(zi, data)
    return buf.getvalue()


def targz_bytes(entries, mtime, dirs=(), user="alumno"):
    """A .tar.gz as GNU tar on Linux makes it; mtime is a Unix time."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.GNU_FORMAT) as t:
        for d in dirs:
            ti = tarfile.TarInfo(d.rstrip("/"))
            ti.type = tarfile.DIRTYPE
            ti.mode = 0o755
            ti.mtime = mtime
            ti.uid = ti.gid = 1000
            ti.uname = ti.gname = user
            t.addfile(ti)
        for path, data in entries:
            ti = tarfile.TarInfo(path)
            ti.size = len(data)
            ti.mode = 0o644
            ti.mtime = mtime
            ti.uid = ti.gid = 1000
            ti.uname = ti.gname = user
            t.addfile(ti, io.BytesIO(data))
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=mtime) as g:
        g.write(raw.getvalue())
    return out.getvalue()


def apple_double(name):
    """The small resource-fork file macOS' Archive Utility stores under
    __MACOSX/ for every file (content is irrelevant, only realistic)."""
    head = b"\x00\x05\x16\x07\x00\x02\x00\x00" + b"Mac OS X        "
    body = (b"\x00\x02\x00\x00\x00\x09\x00\x00\x00\x32\x00\x00\x00\x20"
            b"\x00\x00\x00\x02\x00\x00\x00\x52\x00\x00\x00\x00"
            + b"com.apple.quarantine\x00" + name.encode() + b"\x00")
    return head + body + b"\x00" * (82 - len(head + body) % 82)


DS_STORE = (b"\x00\x00\x00\x01Bud1\x00\x00\x10\x00\x00\x00\x08\x00\x00\x00\x10"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            + b"\x00" * 96)


# --------------------------------------------------------------------------
# readmes (text as the students wrote them)

README = {}

README["mafer"] = """Nombre: María Fernanda López Ruiz
Número de cuenta: 313052871
Práctica 5: Minimax

Observaciones:
- La implementación sigue el pseudocódigo de la figura 4 (DECISION-MINIMAX y
  ASIGNAR-VALOR). La función SUCESORES regresa pares (acción, estado).
- La utilidad es +1 si gana X, -1 si gana O y 0 si hay empate; X es MAX.
- Para saber a quién le toca se cuentan las marcas del tablero (empieza X).
- Para compilar y correr:
      javac Minimax.java
      java Minimax
  y se imprimen X 2 3, O 2 2 y X 3 3 para los tres estados de la práctica.
- Me gustó la práctica, aunque la figura 7 se ve un poco borrosa en el PDF.
"""

README["joseluis"] = """Jose Luis Hernandez Garcia
No. de cuenta: 312198457
Practica 05 - Minimax

Observaciones:
El proyecto lo hice en NetBeans 8.1, por eso la carpeta del proyecto (Minimax)
esta dentro de Minimax/src como dice la practica. La clase es minimax.Minimax
(paquete minimax). Use minimax con poda alfa-beta y a la utilidad le resto la
profundidad para que prefiera ganar rapido. El main imprime las tiradas de
los 3 estados y del ejemplo de la figura 5 junto con los nodos visitados.
"""

README["anasofia"] = """Práctica 5 - Minimax
Ana Sofía del Valle Ortega
Número de cuenta: 314220938

Notas:
* Implementé minimax en su forma "negamax": como el gato es de suma cero,
  el valor de un estado para el que tira es el máximo de los negativos de
  los valores de sus sucesores. Es el mismo algoritmo que el de la figura 4.
* Un triunfo vale más mientras más casillas libres queden, así entre dos
  jugadas ganadoras escoge la más rápida (en el ejemplo de la figura 5 tira
  X 3 1 y no X 1 2).
* Para probar: java Minimax y escribir el tablero en tres renglones, p. ej.
      XX-
      -OO
      ---
"""

README["kenji"] = """Kenji Nakamura
Número de cuenta: 313740216
Práctica No. 5 (Minimax)

Archivos:
  Minimax/src/Minimax.java       clase que pide la práctica (Gato, Accion, decision)
  Minimax/src/ArbolMinimax.java  recorrido minimax del árbol
  Minimax/src/Utilidad.java      ganador, tablero lleno, turno, copia

Compilar: javac *.java    Ejecutar: java Minimax

Observaciones: la utilidad es +1/-1/0 como en la práctica. Para saber a quién
le toca cuento las X y las O. Me hubiera gustado que la práctica dijera si el
método debe imprimir o sólo regresar la acción.
"""

README["ximena"] = """Nombre completo: Ximena Peña Ibáñez
Número de cuenta: 314006592
Práctica 5 – Minimax

Observaciones:
Usé una tabla hash (“memo”) para guardar el valor de los tableros que ya se
calcularon, porque el mismo tablero aparece muchas veces en el árbol.
Todo funciona; para los tres estados da X 2 3, O 2 2 y X 3 3.
"""

README["diego"] = """Diego Armando Ramírez Soto
312884105
Práctica 5

Notas: implementé VALOR-MAX y VALOR-MIN por separado como en el libro de
Russell & Norvig (es el mismo algoritmo que el de la práctica). No tiene main,
solo la clase Minimax con el método decision.
"""

README["luisangel"] = """Nombre: Luis Ángel Torres Mendoza
Cuenta: 313517762
Práctica 5

Observaciones: no me dio tiempo de terminar asignarValor. Por ahora decision
regresa la primera casilla libre para que por lo menos compile y tire algo.
Si puedo la termino después.
"""

README["fernanda"] = """Fernanda Castillo Vega
314338019
P5

Notas: minimax con utilidad +10 / -10 / 0 y la profundidad restada para que
gane lo más rápido posible. El main prueba los tres estados y el ejemplo de
la figura 5.
"""

README["jorge_old"] = """Jorge Ivan Morales Cruz
312660384
Practica 5
"""

README["jorge"] = """Jorge Iván Morales Cruz
Número de cuenta: 312660384
Práctica 05: Minimax

Observaciones:
Ayer subí por error un archivo Practica5.zip con una versión vieja que no
compila; la versión buena es ésta (MoralesJorge05.zip). Perdón por la
confusión, ya no me dejó borrar el otro archivo.
minimax regresa {valor, x, y} y decision lo convierte en una Accion.
"""

README["valeria"] = """Nombre: Valeria Guadalupe Sánchez Flores
No. de cuenta: 313905147
Práctica 5 - Minimax

Observaciones:
- Para saber quién ganó sumo cada línea: como O vale 1 y X vale 4, una línea
  que suma 3 es de O y una que suma 12 es de X.
- Para saber a quién le toca uso la suma de todo el tablero módulo 5.
- La comprimí con 7-Zip.
"""

README["ricardo"] = """Ricardo Alonso Jiménez Navarro
Práctica 5 - Minimax

Lo probé con el estado 1 y el estado 3 y da X 2 3 y X 3 3.
"""

README["paola"] = """Paola Gutiérrez Rojas
Número de cuenta: 313226540
Práctica #5

Observaciones:
Negamax con poda alfa-beta. En la raíz uso la ventana completa para que el
valor de cada tirada sea exacto.
Perdón por entregar tarde, se me fue el internet en la noche.
"""

README["emilio"] = """Nombre: Emilio Vargas Domínguez
Número de cuenta: 312047395
Práctica: 05

Observaciones: seguí el pseudocódigo de la práctica; acciones() da las
tiradas legales y resultado() aplica una tirada a una copia del gato.
"""

README["alejandra"] = """Alejandra Reyes Moreno
No. cuenta 314581230
Práctica 5 Minimax

Observaciones:
En lugar de calcular todo el árbol, busco la jugada ganadora más corta
aumentando la profundidad (iterative deepening), así siempre gana lo más
rápido posible. Me faltó el caso en el que no hay jugada ganadora (hay que
bloquear); con el estado 2 y el 3 funciona bien.
Perdón por la entrega tarde.
"""

README["hector"] = """Héctor Manuel Ortiz Salazar
Número de cuenta: 31405872
Práctica 5

Observaciones: construyo el árbol completo con la clase Nodo (Nodo.java) y
luego le asigno los valores de las hojas hacia la raíz como en la figura 3.
"""

README["daniela"] = """Daniela Aguilar Ríos
Número de cuenta: 313699024
Práctica 5: Minimax

Observaciones: paso el tablero a caracteres para poder imprimirlo mientras
depuraba (poner DEPURA = true). Entregué unos minutos tarde porque la página
no me cargaba, perdón.
"""

README["carlos"] = """Carlos Eduardo Medina Herrera
Número de cuenta: 312315678
Práctica 5

Observaciones: las tiradas se aplican y se deshacen sobre el mismo Gato, así no
se copian tableros. El estado que recibe decision queda igual al final.
"""

README["sofia_md"] = """# Práctica 5: Minimax

**Nombre:** Sofía Isabel Romero Campos  
**Número de cuenta:** 314119863

## Observaciones

* El tablero se maneja como un arreglo de 9 casillas (`casilla = 3*y + x`).
* `asignarValor` es la función ASIGNAR-VALOR de la figura 4 y `decision`
  regresa la primera acción cuyo sucesor tiene el valor de la raíz.
* Resultados:

```
minimax(estado1) -> X 2 3
minimax(estado2) -> O 2 2
minimax(estado3) -> X 3 3
```
"""

README["andres"] = """Andrés Felipe Núñez Carrillo
No. de cuenta: 313464201
Práctica 5 - Minimax

Observaciones: lo hice con streams de Java 8. Entrego tarde porque estuve
enfermo toda la semana.
"""

README["miguel"] = """NOMBRE: Miguel Angel Fuentes Lara
NUM. CUENTA: 31508742-6
PRACTICA 5 - MINIMAX

OBSERVACIONES: recorro el tablero por columnas y luego por renglones. Con el
ejemplo de la figura 5 tira X 1 2 en lugar de X 3 1, pero las dos jugadas
ganan (con X 1 2 quedan dos amenazas y O no puede tapar las dos).
"""

README["itzel"] = """Itzel Martínez Cárdenas
Número de cuenta: 313802557
Práctica 4

Observaciones: el Gato tiene un constructor de copia para generar los
sucesores. La función minimax regresa +1, -1 o 0.
"""

README["rodrigo"] = """Rodrigo Salinas
Cuenta: 312990341
Práctica 5

Observaciones: el tablero se pasa a dos enteros de 9 bits (uno por jugador)
y las líneas ganadoras son máscaras. No supe comprimir desde la página, así que
subí la carpeta.
"""


# --------------------------------------------------------------------------
# NetBeans project files (José Luis)

NB_BUILD = """<?xml version="1.0" encoding="UTF-8"?>
<!-- You may freely edit this file. See commented blocks below for -->
<!-- some examples of how to customize the build. -->
<!-- (If you delete it and reopen the project it will be recreated.) -->
<!-- By default, only the Clean and Build commands use this build script. -->
<!-- Commands such as Run, Debug, and Test only use this build script if -->
<!-- the Compile on Save feature is turned off for the project. -->
<!-- You can turn off the Compile on Save (or Deploy on Save) setting -->
<!-- in the project's Project Properties dialog box.-->
<project name="Minimax" default="default" basedir=".">
    <description>Builds, tests, and runs the project Minimax.</description>
    <import file="nbproject/build-impl.xml"/>
</project>
"""

NB_MANIFEST = """Manifest-Version: 1.0
X-COMMENT: Main-Class will be added automatically by build

"""

NB_PROJECT_XML = """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://www.netbeans.org/ns/project/1">
    <type>org.netbeans.modules.java.j2seproject</type>
    <configuration>
        <data xmlns="http://www.netbeans.org/ns/j2se-project/3">
            <name>Minimax</name>
            <source-roots>
                <root id="src.dir"/>
            </source-roots>
            <test-roots>
                <root id="test.src.dir"/>
            </test-roots>
        </data>
    </configuration>
</project>
"""

NB_PROPERTIES = """annotation.processing.enabled=true
annotation.processing.enabled.in.editor=false
annotation.processing.processors.list=
annotation.processing.run.all.processors=true
application.title=Minimax
application.vendor=joseluis
build.classes.dir=${build.dir}/classes
build.classes.excludes=**/*.java,**/*.form
build.dir=build
build.generated.dir=${build.dir}/generated
build.sysclasspath=ignore
build.test.classes.dir=${build.dir}/test/classes
build.test.results.dir=${build.dir}/test/results
debug.classpath=\\
    ${run.classpath}
dist.dir=dist
dist.jar=${dist.dir}/Minimax.jar
dist.javadoc.dir=${dist.dir}/javadoc
excludes=
includes=**
jar.compress=false
javac.classpath=
javac.compilerargs=
javac.deprecation=false
javac.source=1.8
javac.target=1.8
javac.test.classpath=\\
    ${javac.classpath}:\\
    ${build.classes.dir}
main.class=minimax.Minimax
manifest.file=manifest.mf
platform.active=default_platform
run.classpath=\\
    ${javac.classpath}:\\
    ${build.classes.dir}
source.encoding=UTF-8
src.dir=src
test.src.dir=test
"""

NB_GENFILES = """build.xml.data.CRC32=8c4b7e2f
build.xml.script.CRC32=1d2f49a0
build.xml.stylesheet.CRC32=8064a381@1.79.1.48
# This file is used by a NetBeans-based IDE to track changes in generated files such as build-impl.xml.
# Do not edit this file. You may delete it but then the IDE will never regenerate such files for you.
nbproject/build-impl.xml.data.CRC32=8c4b7e2f
nbproject/build-impl.xml.script.CRC32=3f1b6d2c
nbproject/build-impl.xml.stylesheet.CRC32=05530350@1.79.1.48
"""


# --------------------------------------------------------------------------
# the class: what each student uploaded


def uploads():
    """[(folder name, [(relative path inside the folder, bytes), ...]), ...]"""
    S = []

    def add(name, pid, files):
        folder = unicodedata.normalize("NFC", "%s_%d_assignsubmission_file_" % (name, pid))
        S.append((folder, [(unicodedata.normalize("NFC", p), b) for p, b in files]))

    # 1. Everything as the sheet asks.
    add("María Fernanda López Ruiz", 3105, [
        ("LopezMariaFernanda05.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("mafer")),
             ("readme.txt", enc(README["mafer"]))],
            (2016, 3, 22, 21, 5, 40), dirs=["Minimax", "Minimax/src"])),
    ])

    # 2. NetBeans project inside Minimax/src, as the sheet tells NetBeans users.
    nb = "Minimax/src/Minimax/"
    add("José Luis Hernández García", 3107, [
        ("HernandezJose05.zip", zip_bytes(
            [(nb + "build.xml", enc(NB_BUILD, crlf=True)),
             (nb + "manifest.mf", enc(NB_MANIFEST, crlf=True)),
             (nb + "nbproject/genfiles.properties", enc(NB_GENFILES, crlf=True)),
             (nb + "nbproject/project.properties", enc(NB_PROPERTIES, crlf=True)),
             (nb + "nbproject/project.xml", enc(NB_PROJECT_XML, crlf=True)),
             (nb + "src/minimax/Minimax.java", java("joseluis", crlf=True)),
             ("readme.txt", enc(README["joseluis"], crlf=True))],
            (2016, 3, 23, 17, 58, 12),
            dirs=["Minimax", "Minimax/src", nb, nb + "nbproject", nb + "src",
                  nb + "src/minimax", nb + "test"], system=0)),
    ])

    # 3. .tar.gz from Linux; paternal surname "del Valle".
    add("Ana Sofía del Valle Ortega", 3112, [
        ("DelValleAnaSofia05.tar.gz", targz_bytes(
            [("Minimax/src/Minimax.java", java("anasofia")),
             ("readme.txt", enc(README["anasofia"]))],
            1458794467, dirs=["Minimax", "Minimax/src"], user="anasofia")),
    ])

    # 4. Single surname; helper classes beside Minimax.java; macOS zip.
    add("Kenji Nakamura", 3115, [
        ("NakamuraKenji05.zip", zip_bytes(
            [("Minimax/src/ArbolMinimax.java", java("kenji/ArbolMinimax")),
             ("__MACOSX/Minimax/src/._ArbolMinimax.java", apple_double("ArbolMinimax.java")),
             ("Minimax/src/Minimax.java", java("kenji/Minimax")),
             ("__MACOSX/Minimax/src/._Minimax.java", apple_double("Minimax.java")),
             ("Minimax/src/Utilidad.java", java("kenji/Utilidad")),
             ("__MACOSX/Minimax/src/._Utilidad.java", apple_double("Utilidad.java")),
             ("Minimax/.DS_Store", DS_STORE),
             ("__MACOSX/Minimax/._.DS_Store", apple_double(".DS_Store")),
             ("readme.txt", enc(README["kenji"])),
             ("__MACOSX/._readme.txt", apple_double("readme.txt"))],
            (2016, 3, 21, 16, 27, 3),
            dirs=["Minimax", "Minimax/src", "__MACOSX", "__MACOSX/Minimax",
                  "__MACOSX/Minimax/src"])),
    ])

    # 5. Archive name with ñ; readme saved by Notepad in Windows-1252.
    add("Ximena Peña Ibáñez", 3118, [
        ("PeñaXimena05.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("ximena", crlf=True)),
             ("readme.txt", enc(README["ximena"], "cp1252", crlf=True))],
            (2016, 3, 23, 12, 58, 30), dirs=["Minimax", "Minimax/src"], system=0)),
    ])

    # 6. Archive named with the maternal surname.
    add("Diego Armando Ramírez Soto", 3121, [
        ("SotoDiego05.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("diego")),
             ("readme.txt", enc(README["diego"]))],
            (2016, 3, 23, 20, 55, 2), dirs=["Minimax", "Minimax/src"])),
    ])

    # 7. Given name first; program returns the first empty cell.
    add("Luis Ángel Torres Mendoza", 3124, [
        ("LuisTorres05.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("luisangel", crlf=True)),
             ("readme.txt", enc(README["luisangel"], crlf=True))],
            (2016, 3, 23, 23, 38, 50), dirs=["Minimax", "Minimax/src"], system=0)),
    ])

    # 8. Lower-case archive name; Minimax.java saved in Latin-1; "P5".
    add("Fernanda Castillo Vega", 3127, [
        ("castillofernanda05.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("fernanda", "latin-1")),
             ("readme.txt", enc(README["fernanda"], "latin-1"))],
            (2016, 3, 22, 10, 9, 18), dirs=["Minimax", "Minimax/src"])),
    ])

    # 9. Two uploads: an old archive left by mistake and the corrected one.
    add("Jorge Iván Morales Cruz", 3130, [
        ("Practica5.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("jorge_old", crlf=True)),
             ("readme.txt", enc(README["jorge_old"], crlf=True))],
            (2016, 3, 22, 23, 2, 44), dirs=["Minimax", "Minimax/src"], system=0)),
        ("MoralesJorge05.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("jorge", crlf=True)),
             ("readme.txt", enc(README["jorge"], crlf=True))],
            (2016, 3, 23, 20, 27, 15), dirs=["Minimax", "Minimax/src"], system=0)),
    ])

    # 10. Named .7z (7-Zip dialog), although the bytes are a zip archive;
    #     readme saved by Notepad as "Unicode" (UTF-16LE with BOM).
    add("Valeria Guadalupe Sánchez Flores", 3133, [
        ("SanchezValeria05.7z", zip_bytes(
            [("Minimax/src/Minimax.java", java("valeria", crlf=True)),
             ("readme.txt", enc(README["valeria"], "utf-16", crlf=True))],
            (2016, 3, 23, 21, 20, 6), dirs=["Minimax", "Minimax/src"], system=0)),
    ])

    # 11. Minimax.java at the archive's root; wrong player's view for O;
    #     no account number in the readme.
    add("Ricardo Alonso Jiménez Navarro", 3136, [
        ("JimenezRicardo05.zip", zip_bytes(
            [("Minimax.java", java("ricardo")),
             ("readme.txt", enc(README["ricardo"]))],
            (2016, 3, 23, 19, 40, 31))),
    ])

    # 12. Underscores in the name; a few hours late.
    add("Paola Gutiérrez Rojas", 3139, [
        ("Gutierrez_Paola_05.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("paola", crlf=True)),
             ("readme.txt", enc(README["paola"], crlf=True))],
            (2016, 3, 24, 3, 14, 56), dirs=["Minimax", "Minimax/src"], system=0)),
    ])

    # 13. "5" instead of "05"; program does not compile.
    add("Emilio Vargas Domínguez", 3142, [
        ("VargasEmilio5.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("emilio")),
             ("readme.txt", enc(README["emilio"]))],
            (2016, 3, 23, 23, 9, 27), dirs=["Minimax", "Minimax/src"])),
    ])

    # 14. Practice number missing from the name; program loops forever on
    #     estado1; a day and a half late.
    add("Alejandra Reyes Moreno", 3145, [
        ("ReyesAlejandra.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("alejandra", crlf=True)),
             ("readme.txt", enc(README["alejandra"], crlf=True))],
            (2016, 3, 25, 11, 36, 40), dirs=["Minimax", "Minimax/src"], system=0)),
    ])

    # 15. Extra top folder; helper class; account number with 8 digits.
    add("Héctor Manuel Ortiz Salazar", 3148, [
        ("OrtizHector05.zip", zip_bytes(
            [("Practica05/Minimax/src/Minimax.java", java("hector/Minimax", crlf=True)),
             ("Practica05/Minimax/src/Nodo.java", java("hector/Nodo", crlf=True)),
             ("Practica05/readme.txt", enc(README["hector"], crlf=True))],
            (2016, 3, 23, 17, 16, 8),
            dirs=["Practica05", "Practica05/Minimax", "Practica05/Minimax/src"], system=0)),
    ])

    # 16. readme.txt inside Minimax/ (beside src/); a few minutes late.
    add("Daniela Aguilar Ríos", 3151, [
        ("AguilarDaniela05.zip", zip_bytes(
            [("Minimax/readme.txt", enc(README["daniela"])),
             ("Minimax/src/Minimax.java", java("daniela"))],
            (2016, 3, 23, 23, 51, 19), dirs=["Minimax", "Minimax/src"])),
    ])

    # 17. An archive inside the archive.
    inner = zip_bytes(
        [("Minimax/src/Minimax.java", java("carlos", crlf=True)),
         ("readme.txt", enc(README["carlos"], crlf=True))],
        (2016, 3, 23, 21, 48, 35), dirs=["Minimax", "Minimax/src"], system=0)
    add("Carlos Eduardo Medina Herrera", 3154, [
        ("MedinaCarlos05.zip", zip_bytes(
            [("MedinaCarlos05.zip", inner)], (2016, 3, 23, 22, 1, 2), system=0)),
    ])

    # 18. Spaces in the name; Readme.md instead of readme.txt.
    add("Sofía Isabel Romero Campos", 3157, [
        ("Romero Sofia 05.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("sofia")),
             ("Readme.md", enc(README["sofia_md"]))],
            (2016, 3, 23, 15, 44, 10), dirs=["Minimax", "Minimax/src"])),
    ])

    # 19. No archive: the two files uploaded loose; three days late.
    add("Andrés Felipe Núñez Carrillo", 3160, [
        ("Minimax.java", java("andres", crlf=True)),
        ("readme.txt", enc(README["andres"], crlf=True)),
    ])

    # 20. No readme (name and account only in a comment of Minimax.java).
    add("Gabriela Ruiz Espinoza", 3163, [
        ("RuizGabriela05.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("gabriela"))],
            (2016, 3, 23, 12, 20, 41), dirs=["Minimax", "Minimax/src"])),
    ])

    # 21. README.TXT; account number with a dash; ejemplo answered X 1 2.
    add("Miguel Ángel Fuentes Lara", 3166, [
        ("FuentesMiguelAngel05.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("miguel", crlf=True)),
             ("README.TXT", enc(README["miguel"], crlf=True))],
            (2016, 3, 23, 23, 57, 2), dirs=["Minimax", "Minimax/src"], system=0)),
    ])

    # 22. Accent in the archive name; readme copied from the previous practice.
    add("Itzel Martínez Cárdenas", 3169, [
        ("MartínezItzel05.zip", zip_bytes(
            [("Minimax/src/Minimax.java", java("itzel")),
             ("readme.txt", enc(README["itzel"]))],
            (2016, 3, 23, 16, 11, 54), dirs=["Minimax", "Minimax/src"])),
    ])

    # 23. Uncompressed: a folder built in Moodle's file manager; readme
    #     without the maternal surname.
    add("Rodrigo Salinas Ponce", 3172, [
        ("SalinasRodrigo05/Minimax/src/Minimax.java", java("rodrigo")),
        ("SalinasRodrigo05/readme.txt", enc(README["rodrigo"])),
    ])

    return S


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    for folder, files in uploads():
        for rel, data in files:
            path = os.path.join(OUT, folder, *rel.split("/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
    n = len(os.listdir(OUT))
    print("wrote %d student folders under %s" % (n, OUT), file=sys.stderr)


# --------------------------------------------------------------------------
# the students' Java sources (key -> text; encoding and line ends are chosen
# when the archive is written)

JAVA = {}
JAVA['mafer'] = r'''/*
 * Práctica 5: Minimax
 * Inteligencia Artificial 2016-2, Facultad de Ciencias UNAM
 * Autora: María Fernanda López Ruiz
 *
 * Implementación del algoritmo minimax para el juego del gato siguiendo
 * el pseudocódigo de la práctica (DECISION-MINIMAX y ASIGNAR-VALOR).
 */
import java.util.ArrayList;
import java.util.List;

public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }

        // Copia el estado para generar sucesores sin modificar el original
        Gato copia() {
            Gato g = new Gato();
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    g.tablero[i][j] = tablero[i][j];
                }
            }
            g.jugador1 = jugador1;
            g.tiradas = tiradas;
            return g;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    // Par (acción, estado) que devuelve la función sucesor
    class Sucesor {
        Accion accion;
        Gato estado;

        Sucesor(Accion accion, Gato estado) {
            this.accion = accion;
            this.estado = estado;
        }
    }

    /* Marca del jugador al que le toca tirar. Empieza X, así que si hay
     * más X que O le toca a O; en otro caso le toca a X. */
    int turno(Gato estado) {
        int equis = 0, os = 0;
        for (int[] fila : estado.tablero) {
            for (int c : fila) {
                if (c == estado.MARCA2) equis++;
                else if (c == estado.MARCA1) os++;
            }
        }
        return (equis > os) ? estado.MARCA1 : estado.MARCA2;
    }

    // Regresa la marca del ganador o 0 si nadie ha ganado
    int ganador(Gato e) {
        int[][] t = e.tablero;
        for (int i = 0; i < 3; i++) {
            if (t[i][0] != 0 && t[i][0] == t[i][1] && t[i][1] == t[i][2]) return t[i][0];
            if (t[0][i] != 0 && t[0][i] == t[1][i] && t[1][i] == t[2][i]) return t[0][i];
        }
        if (t[1][1] != 0 && t[0][0] == t[1][1] && t[1][1] == t[2][2]) return t[1][1];
        if (t[1][1] != 0 && t[0][2] == t[1][1] && t[1][1] == t[2][0]) return t[1][1];
        return 0;
    }

    // ES-FINAL: alguien ganó o ya no hay casillas libres
    boolean esFinal(Gato e) {
        if (ganador(e) != 0) return true;
        for (int[] fila : e.tablero)
            for (int c : fila)
                if (c == 0) return false;
        return true;
    }

    // UTILIDAD: +1 si gana X (max), -1 si gana O (min), 0 si es empate
    int utilidad(Gato e) {
        int g = ganador(e);
        if (g == e.MARCA2) return 1;
        if (g == e.MARCA1) return -1;
        return 0;
    }

    boolean esMax(Gato e) {
        return turno(e) == e.MARCA2;
    }

    // SUCESORES: lista de pares (acción, estado) con las tiradas legales
    List<Sucesor> sucesores(Gato e) {
        List<Sucesor> lista = new ArrayList<Sucesor>();
        int marca = turno(e);
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (e.tablero[y][x] == 0) {
                    Gato s = e.copia();
                    s.tiraEn(x, y, marca == e.MARCA1);
                    Accion a = new Accion();
                    a.simbolo = marca;
                    a.x = x;
                    a.y = y;
                    lista.add(new Sucesor(a, s));
                }
            }
        }
        return lista;
    }

    // ASIGNAR-VALOR tal cual viene en la figura 4
    int asignarValor(Gato e) {
        if (esFinal(e)) {
            return utilidad(e);
        }
        if (esMax(e)) {
            int v = Integer.MIN_VALUE;
            for (Sucesor s : sucesores(e)) {
                v = Math.max(v, asignarValor(s.estado));
            }
            return v;
        } else {
            int v = Integer.MAX_VALUE;
            for (Sucesor s : sucesores(e)) {
                v = Math.min(v, asignarValor(s.estado));
            }
            return v;
        }
    }

    // DECISION-MINIMAX: la acción de SUCESORES(estado) con valor v
    public Accion decision(Gato estado) {
        int v = asignarValor(estado);
        for (Sucesor s : sucesores(estado)) {
            if (asignarValor(s.estado) == v) {
                return s.accion;
            }
        }
        return null; // sólo pasa si el estado ya es final
    }

    static Gato crea(String tablero) {
        Gato g = new Gato();
        String[] filas = tablero.split("/");
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++) {
                char c = filas[y].charAt(x);
                if (c == 'X') g.tiraEn(x, y, false);
                else if (c == 'O') g.tiraEn(x, y, true);
            }
        return g;
    }

    public static void main(String[] args) {
        Minimax m = new Minimax();
        String[] estados = {"-OX/XOO/--X", "--X/--O/XOX", "--X/OXX/OO-"};
        for (int i = 0; i < estados.length; i++) {
            Accion a = m.decision(crea(estados[i]));
            System.out.println("minimax(estado" + (i + 1) + ") = "
                    + (a.simbolo == 4 ? "X" : "O") + " " + (a.x + 1) + " " + (a.y + 1));
        }
    }
}
'''

JAVA['joseluis'] = r'''/*
 * To change this license header, choose License Headers in Project Properties.
 * To change this template file, choose Tools | Templates
 * and open the template in the editor.
 */
package minimax;

/**
 * Practica 5 - Minimax con poda alfa-beta para el gato.
 *
 * @author jose luis hernandez garcia
 */
public class Minimax {

    static class Gato {

        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {

        int simbolo;
        int x;
        int y;
    }

    private static final int INF = 1000;
    private int nodosVisitados;

    /**
     * Revisa las 8 lineas del tablero.
     *
     * @return la marca que gano o 0
     */
    private int gana(int[][] t) {
        int[][] lineas = {
            {0, 0, 0, 1, 0, 2}, {1, 0, 1, 1, 1, 2}, {2, 0, 2, 1, 2, 2},
            {0, 0, 1, 0, 2, 0}, {0, 1, 1, 1, 2, 1}, {0, 2, 1, 2, 2, 2},
            {0, 0, 1, 1, 2, 2}, {0, 2, 1, 1, 2, 0}
        };
        for (int[] l : lineas) {
            int a = t[l[0]][l[1]], b = t[l[2]][l[3]], c = t[l[4]][l[5]];
            if (a != 0 && a == b && b == c) {
                return a;
            }
        }
        return 0;
    }

    private boolean lleno(int[][] t) {
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                if (t[i][j] == 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Minimax con poda alfa-beta. X es max, O es min. Se resta la
     * profundidad para preferir los triunfos mas cortos.
     */
    private int alfaBeta(int[][] t, boolean turnoX, int alfa, int beta, int prof) {
        nodosVisitados++;
        int g = gana(t);
        if (g == 4) {
            return 10 - prof;
        }
        if (g == 1) {
            return prof - 10;
        }
        if (lleno(t)) {
            return 0;
        }
        if (turnoX) {
            int mejor = -INF;
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    if (t[i][j] == 0) {
                        t[i][j] = 4;
                        mejor = Math.max(mejor, alfaBeta(t, false, alfa, beta, prof + 1));
                        t[i][j] = 0;
                        alfa = Math.max(alfa, mejor);
                        if (beta <= alfa) {
                            return mejor; // poda beta
                        }
                    }
                }
            }
            return mejor;
        } else {
            int mejor = INF;
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    if (t[i][j] == 0) {
                        t[i][j] = 1;
                        mejor = Math.min(mejor, alfaBeta(t, true, alfa, beta, prof + 1));
                        t[i][j] = 0;
                        beta = Math.min(beta, mejor);
                        if (beta <= alfa) {
                            return mejor; // poda alfa
                        }
                    }
                }
            }
            return mejor;
        }
    }

    public Accion decision(Gato estado) {
        int[][] t = new int[3][3];
        for (int i = 0; i < 3; i++) {
            System.arraycopy(estado.tablero[i], 0, t[i], 0, 3);
        }
        // empieza X, entonces con un numero par de tiradas le toca a X
        boolean turnoX = estado.tiradas % 2 == 0;
        int marca = turnoX ? estado.MARCA2 : estado.MARCA1;
        Accion mejor = null;
        int mejorValor = turnoX ? -INF : INF;
        nodosVisitados = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                if (t[i][j] != 0) {
                    continue;
                }
                t[i][j] = marca;
                int v = alfaBeta(t, !turnoX, -INF, INF, 1);
                t[i][j] = 0;
                if ((turnoX && v > mejorValor) || (!turnoX && v < mejorValor)) {
                    mejorValor = v;
                    mejor = new Accion();
                    mejor.simbolo = marca;
                    mejor.x = j;
                    mejor.y = i;
                }
            }
        }
        return mejor;
    }

    private static Gato estado(String s) {
        Gato g = new Gato();
        for (int k = 0; k < 9; k++) {
            if (s.charAt(k) == 'X') {
                g.tiraEn(k % 3, k / 3, false);
            } else if (s.charAt(k) == 'O') {
                g.tiraEn(k % 3, k / 3, true);
            }
        }
        return g;
    }

    /**
     * @param args the command line arguments
     */
    public static void main(String[] args) {
        Minimax m = new Minimax();
        String[] pruebas = {"-OXXOO--X", "--X--OXOX", "--XOXXOO-", "XX--OO---"};
        for (String p : pruebas) {
            Accion a = m.decision(estado(p));
            System.out.println((a.simbolo == 4 ? "X" : "O") + " " + (a.x + 1) + " " + (a.y + 1)
                    + "   (nodos: " + m.nodosVisitados + ")");
        }
    }

}
'''

JAVA['anasofia'] = r'''import java.util.Scanner;

/**
 * Práctica 5 - Minimax (versión negamax).
 *
 * Como el gato es de suma cero, max(a, b) = -min(-a, -b), entonces se puede
 * escribir minimax con una sola función: el valor de un estado para el
 * jugador que tira es el máximo de los valores negados de sus sucesores.
 *
 * Ana Sofía del Valle Ortega
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; /* O */
        final int MARCA2 = 4; /* X */
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    /** Las ocho líneas ganadoras como índices 0..8 (fila*3 + columna). */
    static final int[][] LINEAS = {
        {0, 1, 2}, {3, 4, 5}, {6, 7, 8},
        {0, 3, 6}, {1, 4, 7}, {2, 5, 8},
        {0, 4, 8}, {2, 4, 6}
    };

    static boolean gano(int[] c, int marca) {
        for (int[] l : LINEAS)
            if (c[l[0]] == marca && c[l[1]] == marca && c[l[2]] == marca)
                return true;
        return false;
    }

    /**
     * Negamax: regresa el valor del tablero visto por quien tiene el turno.
     * Un triunfo vale más mientras más pronto llegue.
     */
    static int negamax(int[] c, int yo, int otro, int libres) {
        if (gano(c, otro)) return -(libres + 1); // el rival acaba de ganar
        if (libres == 0) return 0;              // empate
        int mejor = Integer.MIN_VALUE;
        for (int i = 0; i < 9; i++) {
            if (c[i] != 0) continue;
            c[i] = yo;
            int v = -negamax(c, otro, yo, libres - 1);
            c[i] = 0;
            if (v > mejor) mejor = v;
        }
        return mejor;
    }

    public Accion decision(Gato estado) {
        int[] c = new int[9];
        int libres = 0, nx = 0, no = 0;
        for (int i = 0; i < 9; i++) {
            c[i] = estado.tablero[i / 3][i % 3];
            if (c[i] == 0) libres++;
            else if (c[i] == estado.MARCA2) nx++;
            else no++;
        }
        int yo = nx > no ? estado.MARCA1 : estado.MARCA2;
        int otro = yo == estado.MARCA1 ? estado.MARCA2 : estado.MARCA1;

        Accion res = null;
        int mejor = Integer.MIN_VALUE;
        for (int i = 0; i < 9; i++) {
            if (c[i] != 0) continue;
            c[i] = yo;
            int v = -negamax(c, otro, yo, libres - 1);
            c[i] = 0;
            if (v > mejor) {
                mejor = v;
                res = new Accion();
                res.simbolo = yo;
                res.x = i % 3;
                res.y = i / 3;
            }
        }
        return res;
    }

    /* Para probar: se escribe el tablero en tres renglones con X, O y - */
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        Gato g = new Gato();
        System.out.println("Tablero (3 renglones, por ejemplo XX- / -OO / ---):");
        for (int y = 0; y < 3 && sc.hasNext(); y++) {
            String r = sc.next();
            for (int x = 0; x < 3; x++) {
                if (r.charAt(x) == 'X') g.tiraEn(x, y, false);
                if (r.charAt(x) == 'O' || r.charAt(x) == '0') g.tiraEn(x, y, true);
            }
        }
        Accion a = new Minimax().decision(g);
        if (a == null) System.out.println("El juego ya terminó");
        else System.out.println((a.simbolo == g.MARCA2 ? "X" : "O") + " " + (a.x + 1) + " " + (a.y + 1));
    }
}
'''

JAVA['kenji/Minimax'] = r'''/**
 * Practica 5: Minimax para el gato.
 * Kenji Nakamura
 *
 * La logica del arbol esta en ArbolMinimax.java y las funciones sobre el
 * tablero (ganador, lleno, turno) en Utilidad.java. Aqui solo queda la
 * interfaz que pide la practica.
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;

        @Override
        public String toString() {
            return (simbolo == 4 ? "X" : "O") + " " + (x + 1) + " " + (y + 1);
        }
    }

    public Accion decision(Gato estado) {
        int[][] copia = Utilidad.copia(estado.tablero);
        int marca = Utilidad.turno(copia);
        int[] jugada = ArbolMinimax.mejorJugada(copia, marca);
        if (jugada == null) {
            return null;
        }
        Accion a = new Accion();
        a.simbolo = marca;
        a.x = jugada[0];
        a.y = jugada[1];
        return a;
    }

    public static void main(String[] args) {
        String[][] estados = {
            {"-OX", "XOO", "--X"},
            {"--X", "--O", "XOX"},
            {"--X", "OXX", "OO-"},
        };
        Minimax m = new Minimax();
        for (int k = 0; k < estados.length; k++) {
            Gato g = new Gato();
            for (int y = 0; y < 3; y++) {
                for (int x = 0; x < 3; x++) {
                    char c = estados[k][y].charAt(x);
                    if (c != '-') {
                        g.tiraEn(x, y, c == 'O');
                    }
                }
            }
            System.out.println("> minimax(estado" + (k + 1) + ")");
            System.out.println(m.decision(g));
        }
    }
}
'''

JAVA['kenji/Utilidad'] = r'''/**
 * Funciones auxiliares sobre el tablero del gato (int[3][3], 0 = vacia,
 * 1 = O, 4 = X). Se usan desde Minimax y ArbolMinimax.
 */
public class Utilidad {

    public static final int VACIA = 0;
    public static final int O = 1;
    public static final int X = 4;

    /** Copia profunda del tablero. */
    public static int[][] copia(int[][] t) {
        int[][] c = new int[3][3];
        for (int i = 0; i < 3; i++) {
            c[i] = t[i].clone();
        }
        return c;
    }

    /** A quien le toca: X empieza, asi que si hay mas X que O tira O. */
    public static int turno(int[][] t) {
        int nx = 0, no = 0;
        for (int[] f : t) {
            for (int v : f) {
                if (v == X) {
                    nx++;
                } else if (v == O) {
                    no++;
                }
            }
        }
        return nx > no ? O : X;
    }

    public static int contrario(int marca) {
        return marca == X ? O : X;
    }

    /**
     * Suma de cada linea: 3 = tres O, 12 = tres X. Regresa la marca
     * ganadora o VACIA.
     */
    public static int ganador(int[][] t) {
        int[] sumas = new int[8];
        for (int i = 0; i < 3; i++) {
            sumas[i] = t[i][0] + t[i][1] + t[i][2];
            sumas[3 + i] = t[0][i] + t[1][i] + t[2][i];
        }
        sumas[6] = t[0][0] + t[1][1] + t[2][2];
        sumas[7] = t[0][2] + t[1][1] + t[2][0];
        for (int s : sumas) {
            if (s == 3 * O) {
                return O;
            }
            if (s == 3 * X) {
                return X;
            }
        }
        return VACIA;
    }

    public static boolean lleno(int[][] t) {
        for (int[] f : t) {
            for (int v : f) {
                if (v == VACIA) {
                    return false;
                }
            }
        }
        return true;
    }
}
'''

JAVA['kenji/ArbolMinimax'] = r'''/**
 * Recorrido minimax del arbol de juego. X maximiza y O minimiza; la
 * utilidad de las hojas es +1 (gana X), -1 (gana O) o 0 (empate).
 */
public class ArbolMinimax {

    /** Valor minimax del tablero cuando le toca tirar a 'marca'. */
    public static int valor(int[][] t, int marca) {
        int g = Utilidad.ganador(t);
        if (g == Utilidad.X) {
            return 1;
        }
        if (g == Utilidad.O) {
            return -1;
        }
        if (Utilidad.lleno(t)) {
            return 0;
        }
        boolean max = (marca == Utilidad.X);
        int v = max ? -2 : 2;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (t[y][x] == Utilidad.VACIA) {
                    t[y][x] = marca;
                    int h = valor(t, Utilidad.contrario(marca));
                    t[y][x] = Utilidad.VACIA;
                    v = max ? Math.max(v, h) : Math.min(v, h);
                }
            }
        }
        return v;
    }

    /**
     * Regresa {x, y} de la mejor tirada para 'marca' o null si el juego ya
     * termino.
     */
    public static int[] mejorJugada(int[][] t, int marca) {
        if (Utilidad.ganador(t) != Utilidad.VACIA || Utilidad.lleno(t)) {
            return null;
        }
        boolean max = (marca == Utilidad.X);
        int[] mejor = null;
        int mejorValor = 0;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (t[y][x] != Utilidad.VACIA) {
                    continue;
                }
                t[y][x] = marca;
                int v = valor(t, Utilidad.contrario(marca));
                t[y][x] = Utilidad.VACIA;
                if (mejor == null || (max && v > mejorValor) || (!max && v < mejorValor)) {
                    mejor = new int[]{x, y};
                    mejorValor = v;
                }
            }
        }
        return mejor;
    }
}
'''

JAVA['ximena'] = r'''import java.util.HashMap;
import java.util.Map;

// Practica 5 (Minimax) - Ximena Pena Ibanez
// Minimax con una tabla (memo) para no recalcular estados repetidos:
// en el gato muchos tableros se alcanzan por distintos ordenes de tiradas.
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    private final Map<String, Integer> memo = new HashMap<String, Integer>();

    private static String llave(int[][] t, int turno) {
        StringBuilder sb = new StringBuilder();
        for (int[] fila : t)
            for (int c : fila)
                sb.append(c);
        return sb.append('/').append(turno).toString();
    }

    private static boolean tresEnLinea(int[][] t, int m) {
        for (int i = 0; i < 3; i++) {
            if (t[i][0] == m && t[i][1] == m && t[i][2] == m) return true;
            if (t[0][i] == m && t[1][i] == m && t[2][i] == m) return true;
        }
        return (t[0][0] == m && t[1][1] == m && t[2][2] == m)
            || (t[0][2] == m && t[1][1] == m && t[2][0] == m);
    }

    // valor minimax desde el punto de vista de X (+1 gana X, -1 gana O)
    private int minimax(int[][] t, int turno) {
        if (tresEnLinea(t, 4)) return 1;
        if (tresEnLinea(t, 1)) return -1;
        String k = llave(t, turno);
        Integer guardado = memo.get(k);
        if (guardado != null) return guardado;

        boolean hayLibre = false;
        int mejor = (turno == 4) ? -2 : 2;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (t[y][x] != 0) continue;
                hayLibre = true;
                t[y][x] = turno;
                int v = minimax(t, turno == 4 ? 1 : 4);
                t[y][x] = 0;
                if (turno == 4) mejor = Math.max(mejor, v);
                else mejor = Math.min(mejor, v);
            }
        }
        if (!hayLibre) mejor = 0; // tablero lleno sin ganador: empate
        memo.put(k, mejor);
        return mejor;
    }

    public Accion decision(Gato estado) {
        int[][] t = new int[3][3];
        int x4 = 0, o1 = 0;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                t[i][j] = estado.tablero[i][j];
                if (t[i][j] == 4) x4++;
                if (t[i][j] == 1) o1++;
            }
        int turno = (x4 > o1) ? 1 : 4;
        Accion mejor = null;
        int mejorV = 0;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (t[y][x] != 0) continue;
                t[y][x] = turno;
                int v = minimax(t, turno == 4 ? 1 : 4);
                t[y][x] = 0;
                boolean esMejor = (mejor == null) || (turno == 4 ? v > mejorV : v < mejorV);
                if (esMejor) {
                    mejor = new Accion();
                    mejor.simbolo = turno;
                    mejor.x = x;
                    mejor.y = y;
                    mejorV = v;
                }
            }
        }
        return mejor;
    }

    public static void main(String[] args) {
        Minimax mm = new Minimax();
        Gato e1 = new Gato(); // - O X / X O O / - - X
        e1.tiraEn(2, 0, false); e1.tiraEn(1, 0, true); e1.tiraEn(0, 1, false);
        e1.tiraEn(1, 1, true); e1.tiraEn(2, 2, false); e1.tiraEn(2, 1, true);
        Gato e2 = new Gato(); // - - X / - - O / X O X
        e2.tiraEn(2, 0, false); e2.tiraEn(2, 1, true); e2.tiraEn(0, 2, false);
        e2.tiraEn(1, 2, true); e2.tiraEn(2, 2, false);
        Gato e3 = new Gato(); // - - X / O X X / O O -
        e3.tiraEn(2, 0, false); e3.tiraEn(0, 1, true); e3.tiraEn(1, 1, false);
        e3.tiraEn(0, 2, true); e3.tiraEn(2, 1, false); e3.tiraEn(1, 2, true);
        Gato[] es = {e1, e2, e3};
        for (Gato g : es) {
            Accion a = mm.decision(g);
            System.out.println((a.simbolo == 4 ? "X " : "O ") + (a.x + 1) + " " + (a.y + 1));
        }
    }
}
'''

JAVA['diego'] = r'''import java.util.LinkedList;

/*
 * Inteligencia Artificial - Practica 5
 * Diego Armando Ramirez Soto
 *
 * Minimax escrito como en el libro de Russell y Norvig: una funcion
 * VALOR-MAX y otra VALOR-MIN que se llaman entre si.
 */
public class Minimax {

	static class Gato {
		int[][] tablero = new int[3][3];
		final int MARCA1 = 1; // O
		final int MARCA2 = 4; // X
		boolean jugador1;
		int tiradas;

		void tiraEn(int x, int y, boolean jugador1) {
			tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
			this.jugador1 = jugador1;
			tiradas++;
		}

		Gato hijo(int x, int y, boolean o) {
			Gato h = new Gato();
			for (int i = 0; i < 3; i++)
				h.tablero[i] = tablero[i].clone();
			h.tiradas = tiradas;
			h.tiraEn(x, y, o);
			return h;
		}

		// X empieza siempre, entonces le toca a O cuando hay mas X
		boolean tocaO() {
			int x = 0, o = 0;
			for (int[] r : tablero)
				for (int c : r) {
					if (c == MARCA2) x++;
					if (c == MARCA1) o++;
				}
			return x > o;
		}

		int linea(int a, int b, int c) {
			return (a != 0 && a == b && b == c) ? a : 0;
		}

		int ganador() {
			int[][] t = tablero;
			int g = 0;
			for (int i = 0; i < 3 && g == 0; i++) {
				g = linea(t[i][0], t[i][1], t[i][2]);
				if (g == 0) g = linea(t[0][i], t[1][i], t[2][i]);
			}
			if (g == 0) g = linea(t[0][0], t[1][1], t[2][2]);
			if (g == 0) g = linea(t[0][2], t[1][1], t[2][0]);
			return g;
		}

		boolean terminal() {
			return ganador() != 0 || tiradasReales() == 9;
		}

		int tiradasReales() {
			int n = 0;
			for (int[] r : tablero)
				for (int c : r)
					if (c != 0) n++;
			return n;
		}
	}

	class Accion {
		int simbolo;
		int x;
		int y;
	}

	int utilidad(Gato g) {
		int w = g.ganador();
		return w == g.MARCA2 ? 1 : (w == g.MARCA1 ? -1 : 0);
	}

	LinkedList<Gato> sucesores(Gato g) {
		LinkedList<Gato> l = new LinkedList<Gato>();
		boolean o = g.tocaO();
		for (int y = 0; y < 3; y++)
			for (int x = 0; x < 3; x++)
				if (g.tablero[y][x] == 0)
					l.add(g.hijo(x, y, o));
		return l;
	}

	int valorMax(Gato g) {
		if (g.terminal()) return utilidad(g);
		int v = -100;
		for (Gato s : sucesores(g))
			v = Math.max(v, valorMin(s));
		return v;
	}

	int valorMin(Gato g) {
		if (g.terminal()) return utilidad(g);
		int v = 100;
		for (Gato s : sucesores(g))
			v = Math.min(v, valorMax(s));
		return v;
	}

	public Accion decision(Gato estado) {
		boolean o = estado.tocaO();
		Accion elegida = null;
		int mejor = o ? 100 : -100;
		for (int y = 0; y < 3; y++) {
			for (int x = 0; x < 3; x++) {
				if (estado.tablero[y][x] != 0) continue;
				Gato s = estado.hijo(x, y, o);
				// si tira O, despues le toca a X (max) y viceversa
				int v = o ? valorMax(s) : valorMin(s);
				if ((o && v < mejor) || (!o && v > mejor)) {
					mejor = v;
					elegida = new Accion();
					elegida.simbolo = o ? estado.MARCA1 : estado.MARCA2;
					elegida.x = x;
					elegida.y = y;
				}
			}
		}
		return elegida;
	}
}
'''

JAVA['luisangel'] = r'''/*
 * Practica 5 - Minimax
 * Luis Angel Torres Mendoza
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    // regresa 4 si gano X, 1 si gano O, 0 si no
    int ganador(int[][] t) {
        for (int i = 0; i < 3; i++) {
            if (t[i][0] != 0 && t[i][0] == t[i][1] && t[i][0] == t[i][2]) return t[i][0];
            if (t[0][i] != 0 && t[0][i] == t[1][i] && t[0][i] == t[2][i]) return t[0][i];
        }
        if (t[0][0] != 0 && t[0][0] == t[1][1] && t[0][0] == t[2][2]) return t[0][0];
        if (t[0][2] != 0 && t[0][2] == t[1][1] && t[0][2] == t[2][0]) return t[0][2];
        return 0;
    }

    int utilidad(int[][] t) {
        int g = ganador(t);
        if (g == 4) return 1;
        if (g == 1) return -1;
        return 0;
    }

    // TODO: falta terminar asignarValor, por ahora no se usa
    int asignarValor(int[][] t, boolean max) {
        if (ganador(t) != 0) return utilidad(t);
        return 0;
    }

    public Accion decision(Gato estado) {
        int equis = 0, circulos = 0;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                if (estado.tablero[i][j] == estado.MARCA2) equis++;
                if (estado.tablero[i][j] == estado.MARCA1) circulos++;
            }
        Accion a = new Accion();
        a.simbolo = (equis > circulos) ? estado.MARCA1 : estado.MARCA2;
        // mientras tanto tira en la primera casilla libre
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++)
                if (estado.tablero[y][x] == 0) {
                    a.x = x;
                    a.y = y;
                    return a;
                }
        return a;
    }
}
'''

JAVA['fernanda'] = r'''import java.util.ArrayList;

/**
 * Práctica 5: Minimax.
 * Fernanda Castillo Vega
 *
 * Función de utilidad: +10 si gana X, -10 si gana O y 0 si hay empate.
 * A la utilidad se le resta (o suma) la profundidad para que la máquina
 * prefiera ganar lo más rápido posible y perder lo más tarde posible.
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    private static final int VACIO = 0;

    /** Casillas libres como pares {x, y}, recorriendo renglón por renglón. */
    private ArrayList<int[]> movimientos(int[][] t) {
        ArrayList<int[]> m = new ArrayList<int[]>();
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++)
                if (t[y][x] == VACIO) m.add(new int[]{x, y});
        return m;
    }

    /** ¿Ganó la marca m? */
    private boolean gano(int[][] t, int m) {
        for (int i = 0; i < 3; i++) {
            if (t[i][0] == m && t[i][1] == m && t[i][2] == m) return true;
            if (t[0][i] == m && t[1][i] == m && t[2][i] == m) return true;
        }
        if (t[0][0] == m && t[1][1] == m && t[2][2] == m) return true;
        return t[0][2] == m && t[1][1] == m && t[2][0] == m;
    }

    private int minimax(int[][] t, int profundidad, boolean esTurnoDeX) {
        if (gano(t, 4)) return 10 - profundidad;
        if (gano(t, 1)) return profundidad - 10;
        ArrayList<int[]> libres = movimientos(t);
        if (libres.isEmpty()) return 0;

        int mejor = esTurnoDeX ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        for (int[] mv : libres) {
            t[mv[1]][mv[0]] = esTurnoDeX ? 4 : 1;
            int valor = minimax(t, profundidad + 1, !esTurnoDeX);
            t[mv[1]][mv[0]] = VACIO;
            mejor = esTurnoDeX ? Math.max(mejor, valor) : Math.min(mejor, valor);
        }
        return mejor;
    }

    public Accion decision(Gato estado) {
        int[][] t = new int[3][3];
        int cuantasX = 0, cuantasO = 0;
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++) {
                t[y][x] = estado.tablero[y][x];
                if (t[y][x] == 4) cuantasX++;
                else if (t[y][x] == 1) cuantasO++;
            }
        boolean turnoX = cuantasX <= cuantasO;

        Accion accion = null;
        int mejor = turnoX ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        for (int[] mv : movimientos(t)) {
            t[mv[1]][mv[0]] = turnoX ? 4 : 1;
            int valor = minimax(t, 1, !turnoX);
            t[mv[1]][mv[0]] = VACIO;
            if (turnoX ? valor > mejor : valor < mejor) {
                mejor = valor;
                accion = new Accion();
                accion.simbolo = turnoX ? estado.MARCA2 : estado.MARCA1;
                accion.x = mv[0];
                accion.y = mv[1];
            }
        }
        return accion;
    }

    public static void main(String[] args) {
        Minimax m = new Minimax();
        String[] nombres = {"estado1", "estado2", "estado3", "ejemplo (figura 5)"};
        String[] tableros = {"-OXXOO--X", "--X--OXOX", "--XOXXOO-", "XX--OO---"};
        for (int i = 0; i < tableros.length; i++) {
            Gato g = new Gato();
            for (int k = 0; k < 9; k++) {
                char c = tableros[i].charAt(k);
                if (c != '-') g.tiraEn(k % 3, k / 3, c == 'O');
            }
            Accion a = m.decision(g);
            System.out.println("minimax(" + nombres[i] + ") -> "
                    + (a.simbolo == 4 ? "X" : "O") + " " + (a.x + 1) + " " + (a.y + 1)
                    + "   (posición en columna, renglón)");
        }
    }
}
'''

JAVA['jorge_old'] = r'''/**
 * IA 2016-2. Practica 5: Minimax
 * Jorge Ivan Morales Cruz
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    static final int X = 4, O = 1;

    static int ganador(int[][] b) {
        for (int i = 0; i < 3; i++) {
            if (b[i][0] != 0 && b[i][0] == b[i][1] && b[i][1] == b[i][2]) return b[i][0];
            if (b[0][i] != 0 && b[0][i] == b[1][i] && b[1][i] == b[2][i]) return b[0][i];
        }
        if (b[1][1] != 0 && b[0][0] == b[1][1] && b[1][1] == b[2][2]) return b[1][1];
        if (b[1][1] != 0 && b[0][2] == b[1][1] && b[1][1] == b[2][0]) return b[1][1]
        return 0;
    }

    static int[] minimax(int[][] b, int turno) {
        int g = ganador(b);
        if (g == X) return new int[]{1, -1, -1};
        if (g == O) return new int[]{-1, -1, -1};
        int[] mejor = null;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (b[y][x] == 0) {
                    b[y][x] = turno;
                    int v = minimax(b, turno == X ? O : X)[0];
                    b[y][x] = 0;
                    if (mejor == null || v > mejor[0]) {
                        mejor = new int[]{v, x, y};
                    }
                }
            }
        }
        if (mejor == null) return new int[]{0, -1, -1};
        return mejor;
    }

    public Accion decision(Gato estado) {
        int turno = estado.jugador1 ? X : O;
        int[] r = minimax(estado.tablero, turno);
        Accion a = new Accion();
        a.simbolo = turno;
        a.x = r[1];
        a.y = r[2];
        return a;
    }
}
'''

JAVA['jorge'] = r'''/**
 * IA 2016-2. Practica 5: Minimax
 * Jorge Ivan Morales Cruz
 *
 * minimax(...) regresa un arreglo {valor, x, y}: el valor minimax del
 * estado y la tirada con la que se alcanza.
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    static final int X = 4, O = 1;

    static int ganador(int[][] b) {
        int[][][] l = {
            {{0, 0}, {0, 1}, {0, 2}}, {{1, 0}, {1, 1}, {1, 2}}, {{2, 0}, {2, 1}, {2, 2}},
            {{0, 0}, {1, 0}, {2, 0}}, {{0, 1}, {1, 1}, {2, 1}}, {{0, 2}, {1, 2}, {2, 2}},
            {{0, 0}, {1, 1}, {2, 2}}, {{0, 2}, {1, 1}, {2, 0}}
        };
        for (int[][] c : l) {
            int v = b[c[0][0]][c[0][1]];
            if (v != 0 && v == b[c[1][0]][c[1][1]] && v == b[c[2][0]][c[2][1]]) {
                return v;
            }
        }
        return 0;
    }

    /* {valor, x, y}; x = -1 cuando el estado es terminal */
    static int[] minimax(int[][] b, int turno) {
        int g = ganador(b);
        if (g == X) {
            return new int[]{1, -1, -1};
        }
        if (g == O) {
            return new int[]{-1, -1, -1};
        }
        int[] mejor = null;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (b[y][x] == 0) {
                    b[y][x] = turno;
                    int v = minimax(b, turno == X ? O : X)[0];
                    b[y][x] = 0;
                    if (mejor == null
                            || (turno == X && v > mejor[0])
                            || (turno == O && v < mejor[0])) {
                        mejor = new int[]{v, x, y};
                    }
                }
            }
        }
        if (mejor == null) { // tablero lleno
            return new int[]{0, -1, -1};
        }
        return mejor;
    }

    public Accion decision(Gato estado) {
        int[][] b = new int[3][];
        int nx = 0, no = 0;
        for (int i = 0; i < 3; i++) {
            b[i] = estado.tablero[i].clone();
            for (int v : b[i]) {
                if (v == X) nx++;
                if (v == O) no++;
            }
        }
        int turno = nx == no ? X : (nx > no ? O : X);
        int[] r = minimax(b, turno);
        if (r[1] < 0) {
            return null;
        }
        Accion a = new Accion();
        a.simbolo = turno;
        a.x = r[1];
        a.y = r[2];
        return a;
    }

    static String muestra(Accion a) {
        return (a.simbolo == X ? "X" : "O") + " " + (a.x + 1) + " " + (a.y + 1);
    }

    public static void main(String[] args) {
        Minimax m = new Minimax();
        String[][] estados = {
            {"-OX", "XOO", "--X"}, {"--X", "--O", "XOX"}, {"--X", "OXX", "OO-"}, {"XX-", "-OO", "---"}
        };
        for (int i = 0; i < estados.length; i++) {
            Gato g = new Gato();
            for (int y = 0; y < 3; y++) {
                for (int x = 0; x < 3; x++) {
                    char c = estados[i][y].charAt(x);
                    if (c == 'X') g.tiraEn(x, y, false);
                    if (c == 'O') g.tiraEn(x, y, true);
                }
            }
            System.out.println("minimax(estado" + (i + 1) + ") = " + muestra(m.decision(g)));
        }
    }
}
'''

JAVA['valeria'] = r'''/*
 * Practica 5 - Minimax
 * Valeria Guadalupe Sanchez Flores
 *
 * Idea: como O vale 1 y X vale 4, la suma de una linea dice quien la
 * completo: 3 = tres O, 12 = tres X (ninguna otra combinacion suma eso).
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;

        Accion(int simbolo, int x, int y) {
            this.simbolo = simbolo;
            this.x = x;
            this.y = y;
        }
    }

    // utilidad de un estado final: 1 gana X, -1 gana O, 0 empate.
    // regresa 2 si el estado todavia no es final
    private int evalua(int[][] t) {
        int vacias = 0;
        int[] s = new int[8];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                if (t[i][j] == 0) vacias++;
                s[i] += t[i][j];      // renglon i
                s[3 + j] += t[i][j];  // columna j
            }
            s[6] += t[i][i];          // diagonal
            s[7] += t[i][2 - i];      // antidiagonal
        }
        for (int k = 0; k < 8; k++) {
            if (s[k] == 12) return 1;
            if (s[k] == 3) return -1;
        }
        return vacias == 0 ? 0 : 2;
    }

    private int valor(int[][] t, int marca) {
        int u = evalua(t);
        if (u != 2) return u;
        int siguiente = 5 - marca; // 4 -> 1 y 1 -> 4
        int v = (marca == 4) ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        for (int i = 0; i < 9; i++) {
            if (t[i / 3][i % 3] != 0) continue;
            t[i / 3][i % 3] = marca;
            int h = valor(t, siguiente);
            t[i / 3][i % 3] = 0;
            v = (marca == 4) ? Math.max(v, h) : Math.min(v, h);
        }
        return v;
    }

    public Accion decision(Gato estado) {
        int[][] t = new int[3][3];
        int suma = 0;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                t[i][j] = estado.tablero[i][j];
                suma += t[i][j];
            }
        // con k tiradas de cada quien la suma es 5k; si sobra una X la suma es 5k+4
        int marca = (suma % 5 == 4) ? 1 : 4;
        Accion mejor = null;
        int mejorValor = 0;
        for (int i = 0; i < 9; i++) {
            if (t[i / 3][i % 3] != 0) continue;
            t[i / 3][i % 3] = marca;
            int v = valor(t, 5 - marca);
            t[i / 3][i % 3] = 0;
            if (mejor == null || (marca == 4 ? v > mejorValor : v < mejorValor)) {
                mejor = new Accion(marca, i % 3, i / 3);
                mejorValor = v;
            }
        }
        return mejor;
    }
}
'''

JAVA['ricardo'] = r'''import java.util.ArrayList;
import java.util.List;

// Practica 5 Minimax
// Ricardo Alonso Jimenez Navarro
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    int quienTira(int[][] t) {
        int x = 0, o = 0;
        for (int[] f : t) for (int c : f) { if (c == 4) x++; else if (c == 1) o++; }
        return x > o ? 1 : 4;
    }

    int gana(int[][] t) {
        for (int i = 0; i < 3; i++) {
            if (t[i][0] != 0 && t[i][0] == t[i][1] && t[i][1] == t[i][2]) return t[i][0];
            if (t[0][i] != 0 && t[0][i] == t[1][i] && t[1][i] == t[2][i]) return t[0][i];
        }
        if (t[1][1] != 0 && ((t[0][0] == t[1][1] && t[1][1] == t[2][2]) || (t[0][2] == t[1][1] && t[1][1] == t[2][0])))
            return t[1][1];
        return 0;
    }

    List<int[]> libres(int[][] t) {
        List<int[]> l = new ArrayList<>();
        for (int y = 0; y < 3; y++) for (int x = 0; x < 3; x++) if (t[y][x] == 0) l.add(new int[]{x, y});
        return l;
    }

    // valor del tablero: +1 si gana X, -1 si gana O
    int minimax(int[][] t, int turno) {
        int g = gana(t);
        if (g == 4) return 1;
        if (g == 1) return -1;
        List<int[]> l = libres(t);
        if (l.isEmpty()) return 0;
        int mejor = turno == 4 ? -9 : 9;
        for (int[] p : l) {
            t[p[1]][p[0]] = turno;
            int v = minimax(t, turno == 4 ? 1 : 4);
            t[p[1]][p[0]] = 0;
            mejor = turno == 4 ? Math.max(mejor, v) : Math.min(mejor, v);
        }
        return mejor;
    }

    // escoge la tirada con mayor valor
    public Accion decision(Gato estado) {
        int[][] t = new int[3][3];
        for (int i = 0; i < 3; i++) t[i] = estado.tablero[i].clone();
        int turno = quienTira(t);
        Accion mejor = null;
        int valorMejor = -9;
        for (int[] p : libres(t)) {
            t[p[1]][p[0]] = turno;
            int v = minimax(t, turno == 4 ? 1 : 4);
            t[p[1]][p[0]] = 0;
            if (v > valorMejor) {
                valorMejor = v;
                mejor = new Accion();
                mejor.simbolo = turno;
                mejor.x = p[0];
                mejor.y = p[1];
            }
        }
        return mejor;
    }

    public static void main(String[] args) {
        Minimax m = new Minimax();
        Gato g = new Gato();
        // estado1
        g.tiraEn(1, 0, true); g.tiraEn(2, 0, false); g.tiraEn(0, 1, false);
        g.tiraEn(1, 1, true); g.tiraEn(2, 1, true); g.tiraEn(2, 2, false);
        Accion a = m.decision(g);
        System.out.println((a.simbolo == 4 ? "X" : "O") + " " + (a.x + 1) + " " + (a.y + 1));
        // estado3
        g = new Gato();
        g.tiraEn(2, 0, false); g.tiraEn(0, 1, true); g.tiraEn(1, 1, false);
        g.tiraEn(2, 1, false); g.tiraEn(0, 2, true); g.tiraEn(1, 2, true);
        a = m.decision(g);
        System.out.println((a.simbolo == 4 ? "X" : "O") + " " + (a.x + 1) + " " + (a.y + 1));
    }
}
'''

JAVA['paola'] = r'''/**
 * Inteligencia Artificial 2016-2
 * Práctica 5: Minimax
 *
 * @author Paola Gutiérrez Rojas
 *
 * Negamax con poda alfa-beta. El valor se calcula siempre desde el punto de
 * vista del jugador que tiene el turno, así que no hace falta distinguir
 * entre nodos MAX y MIN: v(n) = max_s -v(s).
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    private static final int[][] LINEAS = {
        {0, 0, 0, 1, 0, 2}, {1, 0, 1, 1, 1, 2}, {2, 0, 2, 1, 2, 2},
        {0, 0, 1, 0, 2, 0}, {0, 1, 1, 1, 2, 1}, {0, 2, 1, 2, 2, 2},
        {0, 0, 1, 1, 2, 2}, {0, 2, 1, 1, 2, 0}
    };

    private boolean completa(int[][] t, int m) {
        for (int[] l : LINEAS) {
            if (t[l[0]][l[1]] == m && t[l[2]][l[3]] == m && t[l[4]][l[5]] == m) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param t      tablero (se modifica y se restaura)
     * @param yo     marca del jugador en turno
     * @param rival  marca del otro jugador
     * @param vacias casillas libres
     * @return valor del tablero para 'yo' (mayor = mejor)
     */
    private int negamax(int[][] t, int yo, int rival, int vacias, int alfa, int beta) {
        if (completa(t, rival)) {
            return -(vacias + 1); // perder tarde es menos malo
        }
        if (vacias == 0) {
            return 0;
        }
        int mejor = -100;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (t[y][x] != 0) {
                    continue;
                }
                t[y][x] = yo;
                int v = -negamax(t, rival, yo, vacias - 1, -beta, -alfa);
                t[y][x] = 0;
                if (v > mejor) {
                    mejor = v;
                }
                if (mejor > alfa) {
                    alfa = mejor;
                }
                if (alfa >= beta) {
                    return mejor; // poda
                }
            }
        }
        return mejor;
    }

    public Accion decision(Gato estado) {
        int[][] t = new int[3][3];
        int vacias = 0, equis = 0, circulos = 0;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                t[y][x] = estado.tablero[y][x];
                if (t[y][x] == 0) {
                    vacias++;
                } else if (t[y][x] == estado.MARCA2) {
                    equis++;
                } else {
                    circulos++;
                }
            }
        }
        int yo = (equis > circulos) ? estado.MARCA1 : estado.MARCA2;
        int rival = (yo == estado.MARCA1) ? estado.MARCA2 : estado.MARCA1;

        Accion res = null;
        int mejor = -100;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (t[y][x] != 0) {
                    continue;
                }
                t[y][x] = yo;
                // ventana completa en la raíz para no confundir valores podados
                int v = -negamax(t, rival, yo, vacias - 1, -100, 100);
                t[y][x] = 0;
                if (v > mejor) {
                    mejor = v;
                    res = new Accion();
                    res.simbolo = yo;
                    res.x = x;
                    res.y = y;
                }
            }
        }
        return res;
    }

    public static void main(String[] args) {
        int[][][] pruebas = {
            {{0, 1, 4}, {4, 1, 1}, {0, 0, 4}},
            {{0, 0, 4}, {0, 0, 1}, {4, 1, 4}},
            {{0, 0, 4}, {1, 4, 4}, {1, 1, 0}},
            {{4, 4, 0}, {0, 1, 1}, {0, 0, 0}}
        };
        Minimax m = new Minimax();
        for (int[][] p : pruebas) {
            Gato g = new Gato();
            for (int y = 0; y < 3; y++) {
                for (int x = 0; x < 3; x++) {
                    if (p[y][x] != 0) {
                        g.tiraEn(x, y, p[y][x] == 1);
                    }
                }
            }
            Accion a = m.decision(g);
            System.out.println((a.simbolo == 4 ? "X" : "O") + " " + (a.x + 1) + " " + (a.y + 1));
        }
    }
}
'''

JAVA['emilio'] = r'''/*
 * Practica 5: Minimax
 * Emilio Vargas Dominguez
 */

public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }

        Gato copiar() {
            Gato c = new Gato();
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    c.tablero[i][j] = this.tablero[i][j];
                }
            }
            c.tiradas = this.tiradas;
            c.jugador1 = this.jugador1;
            return c;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    // turno: X si hay igual numero de X y O
    private int marcaEnTurno(Gato g) {
        int x = 0, o = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                if (g.tablero[i][j] == g.MARCA2) x++;
                if (g.tablero[i][j] == g.MARCA1) o++;
            }
        }
        return (x == o) ? g.MARCA2 : g.MARCA1;
    }

    private int ganador(Gato g) {
        int[][] t = g.tablero;
        for (int i = 0; i < 3; i++) {
            if (t[i][0] != 0 && t[i][0] == t[i][1] && t[i][1] == t[i][2]) return t[i][0];
            if (t[0][i] != 0 && t[0][i] == t[1][i] && t[1][i] == t[2][i]) return t[0][i];
        }
        if (t[1][1] != 0 && t[0][0] == t[1][1] && t[1][1] == t[2][2]) return t[1][1];
        if (t[1][1] != 0 && t[0][2] == t[1][1] && t[1][1] == t[2][0]) return t[1][1];
        return 0;
    }

    private List<Accion> acciones(Gato g) {
        List<Accion> lista = new ArrayList<Accion>();
        int m = marcaEnTurno(g);
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (g.tablero[y][x] == 0) {
                    Accion a = new Accion();
                    a.simbolo = m;
                    a.x = x;
                    a.y = y;
                    lista.add(a);
                }
            }
        }
        return lista;
    }

    private Gato resultado(Gato g, Accion a) {
        Gato s = g.copiar();
        s.tiraEn(a.x, a.y, a.simbolo == g.MARCA1);
        return s;
    }

    private int asignarValor(Gato g) {
        int w = ganador(g);
        if (w == g.MARCA2) return 1;
        if (w == g.MARCA1) return -1;
        List<Accion> acc = acciones(g);
        if (acc.isEmpty()) return 0;
        boolean max = marcaEnTurno(g) == g.MARCA2;
        int v = max ? -2 : 2;
        for (Accion a : acc) {
            int h = asignarValor(resultado(g, a));
            v = max ? Math.max(v, h) : Math.min(v, h);
        }
        return v;
    }

    public Accion decision(Gato estado) {
        int v = asignarValor(estado);
        for (Accion a : acciones(estado)) {
            if (asignarValor(resultado(estado, a)) == v) {
                return a;
            }
        }
        return null;
    }
}
'''

JAVA['alejandra'] = r'''/*
 * Practica 5: Minimax
 * Alejandra Reyes Moreno
 *
 * Primero busca si hay una tirada que gane en pocos movimientos (busqueda
 * con profundidad limitada que va creciendo, "iterative deepening") y
 * regresa la primera que encuentre, asi siempre gana lo mas rapido posible.
 * Si no puede ganar bloquea al rival.
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    static int gana(int[][] t) {
        for (int i = 0; i < 3; i++) {
            if (t[i][0] != 0 && t[i][0] == t[i][1] && t[i][1] == t[i][2]) return t[i][0];
            if (t[0][i] != 0 && t[0][i] == t[1][i] && t[1][i] == t[2][i]) return t[0][i];
        }
        if (t[1][1] != 0 && t[0][0] == t[1][1] && t[1][1] == t[2][2]) return t[1][1];
        if (t[1][1] != 0 && t[0][2] == t[1][1] && t[1][1] == t[2][0]) return t[1][1];
        return 0;
    }

    /*
     * minimax limitado: regresa 1 si 'yo' gana seguro en a lo mas 'prof'
     * tiradas, -1 si pierde seguro, 0 si no se sabe (se acabo la profundidad
     * o es empate).
     */
    static int minimax(int[][] t, int turno, int yo, int prof) {
        int g = gana(t);
        if (g != 0) return g == yo ? 1 : -1;
        if (prof == 0) return 0;
        boolean max = (turno == yo);
        int mejor = max ? -2 : 2;
        boolean hay = false;
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++)
                if (t[y][x] == 0) {
                    hay = true;
                    t[y][x] = turno;
                    int v = minimax(t, 5 - turno, yo, prof - 1);
                    t[y][x] = 0;
                    mejor = max ? Math.max(mejor, v) : Math.min(mejor, v);
                }
        return hay ? mejor : 0;
    }

    public Accion decision(Gato estado) {
        int[][] t = new int[3][3];
        int nx = 0, no = 0;
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++) {
                t[y][x] = estado.tablero[y][x];
                if (t[y][x] == 4) nx++;
                if (t[y][x] == 1) no++;
            }
        int yo = nx > no ? 1 : 4;

        Accion a = new Accion();
        a.simbolo = yo;
        int prof = 1;
        boolean encontrada = false;
        while (!encontrada) {
            for (int y = 0; y < 3 && !encontrada; y++)
                for (int x = 0; x < 3 && !encontrada; x++)
                    if (t[y][x] == 0) {
                        t[y][x] = yo;
                        if (minimax(t, 5 - yo, yo, prof - 1) == 1) {
                            a.x = x;
                            a.y = y;
                            encontrada = true;
                        }
                        t[y][x] = 0;
                    }
            prof++;
            // TODO: si nunca se encuentra jugada ganadora hay que bloquear
        }
        return a;
    }

    public static void main(String[] args) {
        Minimax m = new Minimax();
        Gato g = new Gato();
        g.tiraEn(0, 0, false); g.tiraEn(1, 1, true); g.tiraEn(1, 0, false); g.tiraEn(2, 1, true);
        Accion a = m.decision(g);
        System.out.println((a.simbolo == 4 ? "X " : "O ") + (a.x + 1) + " " + (a.y + 1));
    }
}
'''

JAVA['hector/Minimax'] = r'''/**
 * Practica 5 - Minimax
 * Hector Manuel Ortiz Salazar
 *
 * Se construye el arbol completo (clase Nodo) desde el estado actual y
 * luego se le asignan valores de las hojas hacia la raiz (figura 3).
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    // X maximiza, O minimiza
    int asignarValor(Nodo n) {
        if (n.esHoja()) {
            int g = n.ganador();
            n.valor = (g == 4) ? 1 : (g == 1 ? -1 : 0);
            return n.valor;
        }
        boolean max = n.siguienteMarca() == 4;
        int v = max ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        for (Nodo h : n.hijos) {
            int vh = asignarValor(h);
            v = max ? Math.max(v, vh) : Math.min(v, vh);
        }
        n.valor = v;
        return v;
    }

    public Accion decision(Gato estado) {
        int[][] t = new int[3][3];
        int cx = 0, co = 0;
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 3; i++) {
                t[j][i] = estado.tablero[j][i];
                if (t[j][i] == 4) cx++;
                else if (t[j][i] == 1) co++;
            }
        // la raiz "llego" con la marca del que tiro al ultimo
        int ultima = (cx > co) ? 4 : 1;
        Nodo raiz = new Nodo(t, ultima, -1, -1);
        raiz.expande();
        int v = asignarValor(raiz);
        for (Nodo h : raiz.hijos) {
            if (h.valor == v) {
                Accion a = new Accion();
                a.simbolo = h.marca;
                a.x = h.x;
                a.y = h.y;
                return a;
            }
        }
        return null;
    }
}
'''

JAVA['hector/Nodo'] = r'''import java.util.ArrayList;
import java.util.List;

/**
 * Nodo del arbol de juego: guarda el tablero, la marca de quien tiro para
 * llegar aqui, la casilla (x, y) de esa tirada y los hijos.
 *
 * Hector Manuel Ortiz Salazar - IA 2016-2
 */
public class Nodo {

    int[][] tablero;
    int marca;      // marca que se puso para llegar a este nodo
    int x, y;       // casilla donde se puso
    int valor;      // valor minimax (se llena en Minimax.asignarValor)
    List<Nodo> hijos = new ArrayList<Nodo>();

    Nodo(int[][] tablero, int marca, int x, int y) {
        this.tablero = tablero;
        this.marca = marca;
        this.x = x;
        this.y = y;
    }

    /** Marca que tira en este nodo (la contraria de la que llego). */
    int siguienteMarca() {
        return marca == 4 ? 1 : 4;
    }

    /** 4 si hay tres X en linea, 1 si hay tres O, 0 si no. */
    int ganador() {
        int[][] t = tablero;
        for (int i = 0; i < 3; i++) {
            if (t[i][0] != 0 && t[i][0] == t[i][1] && t[i][1] == t[i][2]) return t[i][0];
            if (t[0][i] != 0 && t[0][i] == t[1][i] && t[1][i] == t[2][i]) return t[0][i];
        }
        if (t[1][1] != 0 && t[0][0] == t[1][1] && t[1][1] == t[2][2]) return t[1][1];
        if (t[1][1] != 0 && t[2][0] == t[1][1] && t[1][1] == t[0][2]) return t[1][1];
        return 0;
    }

    boolean esHoja() {
        if (ganador() != 0) return true;
        for (int[] f : tablero)
            for (int c : f)
                if (c == 0) return false;
        return true;
    }

    /** Genera (una sola vez) todos los hijos de este nodo. */
    void expande() {
        if (!hijos.isEmpty() || esHoja()) return;
        int m = siguienteMarca();
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 3; i++)
                if (tablero[j][i] == 0) {
                    int[][] t = new int[3][3];
                    for (int k = 0; k < 3; k++) t[k] = tablero[k].clone();
                    t[j][i] = m;
                    Nodo h = new Nodo(t, m, i, j);
                    h.expande();
                    hijos.add(h);
                }
    }
}
'''

JAVA['daniela'] = r'''// Inteligencia Artificial, practica 5: Minimax
// Daniela Aguilar Rios
//
// Paso el tablero a caracteres ('X', 'O', ' ') porque asi se me hace mas
// facil depurar imprimiendo el tablero.
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    static final boolean DEPURA = false;

    static char[][] aCaracteres(Gato g) {
        char[][] c = new char[3][3];
        for (int r = 0; r < 3; r++)
            for (int col = 0; col < 3; col++)
                c[r][col] = g.tablero[r][col] == g.MARCA2 ? 'X'
                          : g.tablero[r][col] == g.MARCA1 ? 'O' : ' ';
        return c;
    }

    static void imprime(char[][] c) {
        for (char[] r : c) System.out.println("|" + r[0] + "|" + r[1] + "|" + r[2] + "|");
        System.out.println();
    }

    static boolean gano(char[][] c, char j) {
        for (int i = 0; i < 3; i++)
            if ((c[i][0] == j && c[i][1] == j && c[i][2] == j)
                    || (c[0][i] == j && c[1][i] == j && c[2][i] == j))
                return true;
        return (c[0][0] == j && c[1][1] == j && c[2][2] == j)
                || (c[0][2] == j && c[1][1] == j && c[2][0] == j);
    }

    static boolean lleno(char[][] c) {
        for (char[] r : c) for (char v : r) if (v == ' ') return false;
        return true;
    }

    /** valor del tablero suponiendo que tira 'j'; X es max y O es min */
    static int valor(char[][] c, char j) {
        if (gano(c, 'X')) return 1;
        if (gano(c, 'O')) return -1;
        if (lleno(c)) return 0;
        char otro = (j == 'X') ? 'O' : 'X';
        int mejor = (j == 'X') ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        for (int r = 0; r < 3; r++)
            for (int col = 0; col < 3; col++)
                if (c[r][col] == ' ') {
                    c[r][col] = j;
                    int v = valor(c, otro);
                    c[r][col] = ' ';
                    if (j == 'X' && v > mejor) mejor = v;
                    if (j == 'O' && v < mejor) mejor = v;
                }
        return mejor;
    }

    public Accion decision(Gato estado) {
        char[][] c = aCaracteres(estado);
        if (DEPURA) imprime(c);
        int x = 0, o = 0;
        for (char[] r : c) for (char v : r) { if (v == 'X') x++; if (v == 'O') o++; }
        char j = (x > o) ? 'O' : 'X';
        char otro = (j == 'X') ? 'O' : 'X';

        Accion res = null;
        int mejor = 0;
        for (int r = 0; r < 3; r++)
            for (int col = 0; col < 3; col++) {
                if (c[r][col] != ' ') continue;
                c[r][col] = j;
                int v = valor(c, otro);
                c[r][col] = ' ';
                if (res == null || (j == 'X' ? v > mejor : v < mejor)) {
                    mejor = v;
                    res = new Accion();
                    res.simbolo = (j == 'X') ? estado.MARCA2 : estado.MARCA1;
                    res.x = col;
                    res.y = r;
                }
            }
        return res;
    }
}
'''

JAVA['carlos'] = r'''import java.util.ArrayList;
import java.util.List;

/*
 * Practica 05 - Minimax
 * Carlos Eduardo Medina Herrera
 *
 * Las tiradas se aplican sobre el mismo objeto Gato y se deshacen al
 * regresar de la recursion (asi no se crean copias del tablero). Al final
 * el estado que se recibe queda igual que como llego.
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    private void aplica(Gato g, Accion a) {
        g.tablero[a.y][a.x] = a.simbolo;
        g.tiradas++;
    }

    private void deshaz(Gato g, Accion a) {
        g.tablero[a.y][a.x] = 0;
        g.tiradas--;
    }

    private int enTurno(Gato g) {
        int balance = 0;
        for (int[] f : g.tablero)
            for (int c : f) {
                if (c == g.MARCA2) balance++;
                if (c == g.MARCA1) balance--;
            }
        return balance > 0 ? g.MARCA1 : g.MARCA2;
    }

    private List<Accion> accionesLegales(Gato g) {
        List<Accion> l = new ArrayList<Accion>();
        int m = enTurno(g);
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++)
                if (g.tablero[y][x] == 0) {
                    Accion a = new Accion();
                    a.simbolo = m;
                    a.x = x;
                    a.y = y;
                    l.add(a);
                }
        return l;
    }

    private boolean tres(Gato g, int m) {
        int[][] t = g.tablero;
        return (t[0][0] == m && t[0][1] == m && t[0][2] == m)
            || (t[1][0] == m && t[1][1] == m && t[1][2] == m)
            || (t[2][0] == m && t[2][1] == m && t[2][2] == m)
            || (t[0][0] == m && t[1][0] == m && t[2][0] == m)
            || (t[0][1] == m && t[1][1] == m && t[2][1] == m)
            || (t[0][2] == m && t[1][2] == m && t[2][2] == m)
            || (t[0][0] == m && t[1][1] == m && t[2][2] == m)
            || (t[0][2] == m && t[1][1] == m && t[2][0] == m);
    }

    /** Valor minimax: X (max) gana = 1, O (min) gana = -1, empate = 0. */
    private int valor(Gato g) {
        if (tres(g, g.MARCA2)) return 1;
        if (tres(g, g.MARCA1)) return -1;
        List<Accion> acciones = accionesLegales(g);
        if (acciones.isEmpty()) return 0;
        boolean max = acciones.get(0).simbolo == g.MARCA2;
        int v = max ? -1000 : 1000;
        for (Accion a : acciones) {
            aplica(g, a);
            int w = valor(g);
            deshaz(g, a);
            if (max) v = Math.max(v, w);
            else v = Math.min(v, w);
        }
        return v;
    }

    public Accion decision(Gato estado) {
        List<Accion> acciones = accionesLegales(estado);
        if (acciones.isEmpty()) return null;
        boolean max = acciones.get(0).simbolo == estado.MARCA2;
        Accion mejor = null;
        int mejorValor = max ? -1000 : 1000;
        for (Accion a : acciones) {
            aplica(estado, a);
            int v = valor(estado);
            deshaz(estado, a);
            if (max ? v > mejorValor : v < mejorValor) {
                mejorValor = v;
                mejor = a;
            }
        }
        return mejor;
    }
}
'''

JAVA['sofia'] = r'''/*
 * Práctica 5 - Minimax
 * Sofía Isabel Romero Campos
 *
 * El tablero se maneja como un arreglo de 9 casillas:
 *   0 | 1 | 2
 *   3 | 4 | 5
 *   6 | 7 | 8
 * casilla = 3*y + x
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    private static final int O = 1, X = 4;
    private static final int[] A = {0, 3, 6, 0, 1, 2, 0, 2};
    private static final int[] B = {1, 4, 7, 3, 4, 5, 4, 4};
    private static final int[] C = {2, 5, 8, 6, 7, 8, 8, 6};

    private static int ganador(int[] c) {
        for (int k = 0; k < 8; k++) {
            if (c[A[k]] != 0 && c[A[k]] == c[B[k]] && c[B[k]] == c[C[k]]) {
                return c[A[k]];
            }
        }
        return 0;
    }

    // ASIGNAR-VALOR: X es MAX, O es MIN
    private static int asignarValor(int[] c, int turno) {
        int g = ganador(c);
        if (g == X) return 1;
        if (g == O) return -1;
        int v = (turno == X) ? -2 : 2;
        boolean final_ = true;
        for (int i = 0; i < 9; i++) {
            if (c[i] == 0) {
                final_ = false;
                c[i] = turno;
                int s = asignarValor(c, turno == X ? O : X);
                c[i] = 0;
                v = (turno == X) ? Math.max(v, s) : Math.min(v, s);
            }
        }
        return final_ ? 0 : v;
    }

    public Accion decision(Gato estado) {
        int[] c = new int[9];
        int n = 0;
        for (int i = 0; i < 9; i++) {
            c[i] = estado.tablero[i / 3][i % 3];
            if (c[i] != 0) n++;
        }
        int turno = (n % 2 == 0) ? X : O; // X siempre empieza
        int v = asignarValor(c, turno);
        for (int i = 0; i < 9; i++) {
            if (c[i] != 0) continue;
            c[i] = turno;
            int s = asignarValor(c, turno == X ? O : X);
            c[i] = 0;
            if (s == v) {
                Accion a = new Accion();
                a.simbolo = turno;
                a.x = i % 3;
                a.y = i / 3;
                return a;
            }
        }
        return null;
    }

    public static void main(String[] args) {
        Minimax m = new Minimax();
        String[] e = {"-OXXOO--X", "--X--OXOX", "--XOXXOO-"};
        for (int k = 0; k < e.length; k++) {
            Gato g = new Gato();
            for (int i = 0; i < 9; i++) {
                if (e[k].charAt(i) == 'X') g.tiraEn(i % 3, i / 3, false);
                if (e[k].charAt(i) == 'O') g.tiraEn(i % 3, i / 3, true);
            }
            Accion a = m.decision(g);
            System.out.printf("minimax(estado%d)%n%s %d %d%n", k + 1, a.simbolo == X ? "X" : "O", a.x + 1, a.y + 1);
        }
    }
}
'''

JAVA['andres'] = r'''import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Practica 5 - Minimax (IA 2016-2)
 * Andres Felipe Nunez Carrillo
 *
 * Version con streams de Java 8. Las casillas se numeran 0..8 por renglones.
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    private static final int[][] LINEAS = {
        {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}
    };

    private static int ganador(int[] c) {
        for (int[] l : LINEAS) {
            if (c[l[0]] != 0 && c[l[0]] == c[l[1]] && c[l[1]] == c[l[2]]) {
                return c[l[0]];
            }
        }
        return 0;
    }

    private static int[] tira(int[] c, int i, int marca) {
        int[] d = c.clone();
        d[i] = marca;
        return d;
    }

    /** Valor minimax del tablero c con 'marca' en turno (X=4 max, O=1 min). */
    private static int valor(int[] c, int marca) {
        int g = ganador(c);
        if (g != 0) {
            return g == 4 ? 1 : -1;
        }
        IntStream hijos = IntStream.range(0, 9)
                .filter(i -> c[i] == 0)
                .map(i -> valor(tira(c, i, marca), 5 - marca));
        if (marca == 4) {
            return hijos.max().orElse(0); // sin casillas libres: empate
        }
        return hijos.min().orElse(0);
    }

    public Accion decision(Gato estado) {
        int[] c = IntStream.range(0, 9).map(i -> estado.tablero[i / 3][i % 3]).toArray();
        long x = IntStream.of(c).filter(v -> v == 4).count();
        long o = IntStream.of(c).filter(v -> v == 1).count();
        int marca = x > o ? 1 : 4;
        // para X se busca el mayor valor y para O el menor; en empate gana
        // la casilla con el indice mas chico
        Comparator<Integer> porValor = Comparator.comparingInt(
                i -> (marca == 4 ? -1 : 1) * valor(tira(c, i, marca), 5 - marca));
        return IntStream.range(0, 9)
                .filter(i -> c[i] == 0)
                .boxed()
                .sorted(porValor.thenComparingInt(i -> i))
                .findFirst()
                .map(i -> {
                    Accion a = new Accion();
                    a.simbolo = marca;
                    a.x = i % 3;
                    a.y = i / 3;
                    return a;
                })
                .orElse(null);
    }

    public static void main(String[] args) {
        String[] estados = {"-OXXOO--X", "--X--OXOX", "--XOXXOO-"};
        Minimax m = new Minimax();
        for (String e : estados) {
            Gato g = new Gato();
            for (int i = 0; i < 9; i++) {
                if (e.charAt(i) != '-') {
                    g.tiraEn(i % 3, i / 3, e.charAt(i) == 'O');
                }
            }
            Accion a = m.decision(g);
            System.out.println((a.simbolo == 4 ? "X" : "O") + " " + (a.x + 1) + " " + (a.y + 1));
        }
    }
}
'''

JAVA['gabriela'] = r'''/*
 * ============================================================
 *  Inteligencia Artificial 2016-2 - Practica 5: Minimax
 *  Alumna: Gabriela Ruiz Espinoza
 *  No. de cuenta: 312567890
 * ============================================================
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    /** Profundidad maxima; en el gato nunca hay mas de 9 niveles. */
    static final int PROFUNDIDAD_MAX = 9;

    int lineaGanadora(int[][] t) {
        int[][] l = {
            {t[0][0], t[0][1], t[0][2]}, {t[1][0], t[1][1], t[1][2]}, {t[2][0], t[2][1], t[2][2]},
            {t[0][0], t[1][0], t[2][0]}, {t[0][1], t[1][1], t[2][1]}, {t[0][2], t[1][2], t[2][2]},
            {t[0][0], t[1][1], t[2][2]}, {t[0][2], t[1][1], t[2][0]}
        };
        for (int[] r : l)
            if (r[0] != 0 && r[0] == r[1] && r[1] == r[2]) return r[0];
        return 0;
    }

    int minimax(int[][] t, int profundidad, boolean esMax) {
        int g = lineaGanadora(t);
        if (g == 4) return 100 - profundidad;
        if (g == 1) return profundidad - 100;
        if (profundidad >= PROFUNDIDAD_MAX) return 0;

        int mejor = esMax ? -1000 : 1000;
        boolean movio = false;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (t[y][x] == 0) {
                    movio = true;
                    t[y][x] = esMax ? 4 : 1;
                    int v = minimax(t, profundidad + 1, !esMax);
                    t[y][x] = 0;
                    mejor = esMax ? Math.max(mejor, v) : Math.min(mejor, v);
                }
            }
        }
        return movio ? mejor : 0;
    }

    public Accion decision(Gato estado) {
        int[][] t = new int[3][3];
        int ocupadas = 0;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                t[y][x] = estado.tablero[y][x];
                if (t[y][x] != 0) ocupadas++;
            }
        }
        boolean esMax = (ocupadas % 2 == 0); // turno de X
        Accion mejor = null;
        int valorMejor = esMax ? -1000 : 1000;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (t[y][x] != 0) continue;
                t[y][x] = esMax ? 4 : 1;
                int v = minimax(t, ocupadas + 1, !esMax);
                t[y][x] = 0;
                if (esMax ? v > valorMejor : v < valorMejor) {
                    valorMejor = v;
                    mejor = new Accion();
                    mejor.simbolo = esMax ? 4 : 1;
                    mejor.x = x;
                    mejor.y = y;
                }
            }
        }
        return mejor;
    }
}
'''

JAVA['miguel'] = r'''/*
 * Practica 5: Minimax
 * Miguel Angel Fuentes Lara
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    // Recorro por columnas (x) y luego por renglones (y), como las
    // coordenadas (x, y) de la practica.

    private int ganador(int[][] t) {
        for (int x = 0; x < 3; x++)
            if (t[0][x] != 0 && t[0][x] == t[1][x] && t[1][x] == t[2][x]) return t[0][x];
        for (int y = 0; y < 3; y++)
            if (t[y][0] != 0 && t[y][0] == t[y][1] && t[y][1] == t[y][2]) return t[y][0];
        if (t[1][1] != 0 && t[0][0] == t[1][1] && t[1][1] == t[2][2]) return t[1][1];
        if (t[1][1] != 0 && t[0][2] == t[1][1] && t[1][1] == t[2][0]) return t[1][1];
        return 0;
    }

    private boolean hayLibres(int[][] t) {
        for (int x = 0; x < 3; x++)
            for (int y = 0; y < 3; y++)
                if (t[y][x] == 0) return true;
        return false;
    }

    // utilidad: 1 gana X, -1 gana O, 0 empate
    private int minimax(int[][] t, int marca) {
        int g = ganador(t);
        if (g == 4) return 1;
        if (g == 1) return -1;
        if (!hayLibres(t)) return 0;
        int res = (marca == 4) ? -1 : 1;
        for (int x = 0; x < 3; x++)
            for (int y = 0; y < 3; y++)
                if (t[y][x] == 0) {
                    t[y][x] = marca;
                    int v = minimax(t, marca == 4 ? 1 : 4);
                    t[y][x] = 0;
                    if (marca == 4 && v > res) res = v;
                    if (marca == 1 && v < res) res = v;
                }
        return res;
    }

    public Accion decision(Gato estado) {
        int[][] t = new int[3][3];
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++)
                t[y][x] = estado.tablero[y][x];
        int marca = (estado.tiradas % 2 == 0) ? estado.MARCA2 : estado.MARCA1;

        Accion a = null;
        int mejor = 0;
        for (int x = 0; x < 3; x++)
            for (int y = 0; y < 3; y++) {
                if (t[y][x] != 0) continue;
                t[y][x] = marca;
                int v = minimax(t, marca == 4 ? 1 : 4);
                t[y][x] = 0;
                if (a == null || (marca == 4 && v > mejor) || (marca == 1 && v < mejor)) {
                    a = new Accion();
                    a.simbolo = marca;
                    a.x = x;
                    a.y = y;
                    mejor = v;
                }
            }
        return a;
    }

    public static void main(String[] args) {
        Minimax m = new Minimax();
        int[][][] estados = {
            {{0, 1, 4}, {4, 1, 1}, {0, 0, 4}},
            {{0, 0, 4}, {0, 0, 1}, {4, 1, 4}},
            {{0, 0, 4}, {1, 4, 4}, {1, 1, 0}},
        };
        for (int[][] e : estados) {
            Gato g = new Gato();
            for (int y = 0; y < 3; y++)
                for (int x = 0; x < 3; x++)
                    if (e[y][x] != 0) g.tiraEn(x, y, e[y][x] == 1);
            Accion a = m.decision(g);
            System.out.println((a.simbolo == 4 ? "X" : "O") + " " + (a.x + 1) + " " + (a.y + 1));
        }
    }
}
'''

JAVA['itzel'] = r'''import java.util.ArrayList;

/**
 * Practica 5 - Algoritmo Minimax para el gato
 * Itzel Martinez Cardenas
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        Gato() {
        }

        // constructor de copia, para generar los sucesores
        Gato(Gato otro) {
            for (int i = 0; i < 3; i++)
                tablero[i] = otro.tablero[i].clone();
            jugador1 = otro.jugador1;
            tiradas = otro.tiradas;
        }

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }

        int cuenta(int marca) {
            int n = 0;
            for (int[] f : tablero)
                for (int c : f)
                    if (c == marca) n++;
            return n;
        }

        // true si le toca a O (jugador1)
        boolean turnoDeO() {
            return cuenta(MARCA2) > cuenta(MARCA1);
        }

        boolean gano(int m) {
            int[][] t = tablero;
            for (int i = 0; i < 3; i++) {
                if (t[i][0] == m && t[i][1] == m && t[i][2] == m) return true;
                if (t[0][i] == m && t[1][i] == m && t[2][i] == m) return true;
            }
            return (t[0][0] == m && t[1][1] == m && t[2][2] == m)
                || (t[0][2] == m && t[1][1] == m && t[2][0] == m);
        }

        boolean terminado() {
            return gano(MARCA1) || gano(MARCA2) || cuenta(0) == 0;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    class Par {
        Accion accion;
        Gato estado;
    }

    ArrayList<Par> sucesores(Gato g) {
        ArrayList<Par> res = new ArrayList<Par>();
        boolean o = g.turnoDeO();
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (g.tablero[y][x] != 0) continue;
                Par p = new Par();
                p.estado = new Gato(g);
                p.estado.tiraEn(x, y, o);
                p.accion = new Accion();
                p.accion.simbolo = o ? g.MARCA1 : g.MARCA2;
                p.accion.x = x;
                p.accion.y = y;
                res.add(p);
            }
        }
        return res;
    }

    int utilidad(Gato g) {
        if (g.gano(g.MARCA2)) return 1;
        if (g.gano(g.MARCA1)) return -1;
        return 0;
    }

    int minimax(Gato g) {
        if (g.terminado()) return utilidad(g);
        boolean max = !g.turnoDeO();
        int v = max ? -10 : 10;
        for (Par p : sucesores(g)) {
            int h = minimax(p.estado);
            v = max ? Math.max(v, h) : Math.min(v, h);
        }
        return v;
    }

    public Accion decision(Gato estado) {
        boolean max = !estado.turnoDeO();
        Par mejor = null;
        int mejorV = 0;
        for (Par p : sucesores(estado)) {
            int v = minimax(p.estado);
            if (mejor == null || (max && v > mejorV) || (!max && v < mejorV)) {
                mejor = p;
                mejorV = v;
            }
        }
        return mejor == null ? null : mejor.accion;
    }

    public static void main(String[] args) {
        Minimax mm = new Minimax();
        String[] estados = {"-OX XOO --X", "--X --O XOX", "--X OXX OO-"};
        for (String e : estados) {
            Gato g = new Gato();
            String[] r = e.split(" ");
            for (int y = 0; y < 3; y++)
                for (int x = 0; x < 3; x++) {
                    if (r[y].charAt(x) == 'X') g.tiraEn(x, y, false);
                    if (r[y].charAt(x) == 'O') g.tiraEn(x, y, true);
                }
            Accion a = mm.decision(g);
            System.out.println((a.simbolo == g.MARCA2 ? "X" : "O") + " " + (a.x + 1) + " " + (a.y + 1));
        }
    }
}
'''

JAVA['rodrigo'] = r'''/*
 * Practica 5: Minimax
 * Rodrigo Salinas
 *
 * Representacion con bits: cada jugador tiene un entero de 9 bits, el bit
 * i (i = 3*y + x) esta prendido si el jugador tiene esa casilla. Ganar es
 * que alguna de las 8 mascaras de linea este contenida en sus bits.
 */
public class Minimax {

    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1; // O
        final int MARCA2 = 4; // X
        boolean jugador1;
        int tiradas;

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
    }

    private static final int[] LINEAS = {
        0b000000111, 0b000111000, 0b111000000, // renglones
        0b001001001, 0b010010010, 0b100100100, // columnas
        0b100010001, 0b001010100               // diagonales
    };
    private static final int LLENO = 0b111111111;

    private static boolean gana(int bits) {
        for (int l : LINEAS) {
            if ((bits & l) == l) {
                return true;
            }
        }
        return false;
    }

    /** valor para X (+1/-1/0); 'x' y 'o' son los bits de cada jugador */
    private static int valor(int x, int o, boolean turnoX) {
        if (gana(x)) return 1;
        if (gana(o)) return -1;
        int libres = ~(x | o) & LLENO;
        if (libres == 0) return 0;
        int mejor = turnoX ? -2 : 2;
        for (int i = 0; i < 9; i++) {
            int b = 1 << i;
            if ((libres & b) == 0) continue;
            int v = turnoX ? valor(x | b, o, false) : valor(x, o | b, true);
            mejor = turnoX ? Math.max(mejor, v) : Math.min(mejor, v);
        }
        return mejor;
    }

    public Accion decision(Gato estado) {
        int x = 0, o = 0;
        for (int i = 0; i < 9; i++) {
            int c = estado.tablero[i / 3][i % 3];
            if (c == estado.MARCA2) x |= 1 << i;
            else if (c == estado.MARCA1) o |= 1 << i;
        }
        boolean turnoX = Integer.bitCount(x) <= Integer.bitCount(o);
        int libres = ~(x | o) & LLENO;
        Accion mejor = null;
        int mv = 0;
        for (int i = 0; i < 9; i++) {
            int b = 1 << i;
            if ((libres & b) == 0) continue;
            int v = turnoX ? valor(x | b, o, false) : valor(x, o | b, true);
            if (mejor == null || (turnoX ? v > mv : v < mv)) {
                mejor = new Accion();
                mejor.simbolo = turnoX ? estado.MARCA2 : estado.MARCA1;
                mejor.x = i % 3;
                mejor.y = i / 3;
                mv = v;
            }
        }
        return mejor;
    }
}
'''

if __name__ == "__main__":
    main()
