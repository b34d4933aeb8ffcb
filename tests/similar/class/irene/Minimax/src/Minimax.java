import java.util.LinkedList;

/**
 * Práctica 5: Minimax. Esqueleto del gato para el laboratorio de Inteligencia Artificial.
 * Completen el método decision; no cambien la clase Gato.
 */
public class Minimax {

    /** Un estado del juego del gato. */
    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1;
        final int MARCA2 = 4;
        boolean jugador1 = false;
        int tiradas = 0;
        boolean hayGanador = false;

        Gato() {}

        /** Copia un estado. */
        Gato(Gato otro) {
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    tablero[i][j] = otro.tablero[i][j];
                }
            }
            jugador1 = otro.jugador1;
            tiradas = otro.tiradas;
            hayGanador = otro.hayGanador;
        }

        /** Tira en la columna x, renglón y (desde 0) con la marca del jugador dado. */
        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
            hayGanador = ganoAlguien(x, y);
        }

        /** Revisa si la última tirada en (x, y) completó una línea. */
        boolean ganoAlguien(int x, int y) {
            int marca = tablero[y][x];
            if (tablero[y][0] == marca && tablero[y][1] == marca && tablero[y][2] == marca) return true;
            if (tablero[0][x] == marca && tablero[1][x] == marca && tablero[2][x] == marca) return true;
            if (x == y && tablero[0][0] == marca && tablero[1][1] == marca && tablero[2][2] == marca) return true;
            if (x + y == 2 && tablero[0][2] == marca && tablero[1][1] == marca && tablero[2][0] == marca) return true;
            return false;
        }

        /** Los estados que siguen de este, uno por casilla vacía. */
        LinkedList<Gato> generaSucesores() {
            LinkedList<Gato> sucesores = new LinkedList<Gato>();
            if (hayGanador || tiradas == 9) return sucesores;
            for (int y = 0; y < 3; y++) {
                for (int x = 0; x < 3; x++) {
                    if (tablero[y][x] == 0) {
                        Gato nuevo = new Gato(this);
                        nuevo.tiraEn(x, y, !jugador1);
                        sucesores.add(nuevo);
                    }
                }
            }
            return sucesores;
        }

        /** Muestra el tablero como en la práctica. */
        public String toString() {
            String s = "";
            for (int y = 0; y < 3; y++) {
                for (int x = 0; x < 3; x++) {
                    s += tablero[y][x] == 0 ? "-   " : tablero[y][x] == MARCA1 ? "O   " : "X   ";
                }
                s += "\n";
            }
            return s;
        }
    }

    /** Una acción: la marca y la casilla (columna x, renglón y). */
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

    private boolean terminal(Gato g) {
        return g.hayGanador || g.tiradas >= 9;
    }

    private int puntaje(Gato g) {
        if (!g.hayGanador) return 0;
        return g.jugador1 ? -1 : 1;
    }

    private int valorMinimax(Gato g) {
        if (terminal(g)) return puntaje(g);
        LinkedList<Gato> sucesores = g.generaSucesores();
        int[] valores = new int[sucesores.size()];
        int i = 0;
        for (Gato s : sucesores) valores[i++] = valorMinimax(s);
        int elegido = valores[0];
        for (int v : valores) {
            if (g.jugador1) elegido = Math.max(elegido, v);
            else elegido = Math.min(elegido, v);
        }
        return elegido;
    }

    public Accion decision(Gato estado) {
        int mejorX = -1, mejorY = -1;
        Integer mejorValor = null;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (estado.tablero[y][x] == 0) {
                    Gato s = new Gato(estado);
                    s.tiraEn(x, y, !estado.jugador1);
                    int v = valorMinimax(s);
                    boolean mejora = mejorValor == null || (estado.jugador1 ? v > mejorValor : v < mejorValor);
                    if (mejora) {
                        mejorValor = v;
                        mejorX = x;
                        mejorY = y;
                    }
                }
            }
        }
        int marca = estado.jugador1 ? estado.MARCA2 : estado.MARCA1;
        return new Accion(marca, mejorX + 1, mejorY + 1);
    }
}
