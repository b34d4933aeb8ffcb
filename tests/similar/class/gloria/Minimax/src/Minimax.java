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

    private int maxValor(Gato g) {
        if (g.hayGanador) return -1;
        if (g.tiradas == 9) return 0;
        int mejor = Integer.MIN_VALUE;
        for (Gato hijo : g.generaSucesores()) {
            int v = minValor(hijo);
            if (v > mejor) mejor = v;
        }
        return mejor;
    }

    private int minValor(Gato g) {
        if (g.hayGanador) return 1;
        if (g.tiradas == 9) return 0;
        int mejor = Integer.MAX_VALUE;
        for (Gato hijo : g.generaSucesores()) {
            int v = maxValor(hijo);
            if (v < mejor) mejor = v;
        }
        return mejor;
    }

    /** La casilla en la que difieren dos estados seguidos. */
    private int[] casillaNueva(Gato antes, Gato despues) {
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++)
                if (antes.tablero[y][x] != despues.tablero[y][x]) return new int[] {x, y};
        return null;
    }

    public Accion decision(Gato estado) {
        boolean turnoX = estado.jugador1;
        Accion accion = null;
        int mejor = turnoX ? -2 : 2;
        for (Gato s : estado.generaSucesores()) {
            int v = turnoX ? minValor(s) : maxValor(s);
            if ((turnoX && v > mejor) || (!turnoX && v < mejor)) {
                mejor = v;
                int[] c = casillaNueva(estado, s);
                accion = new Accion(turnoX ? estado.MARCA2 : estado.MARCA1, c[0] + 1, c[1] + 1);
            }
        }
        return accion;
    }

    public static void main(String[] args) {
        Gato g = new Gato();
        g.tiraEn(1, 1, false);
        System.out.println(new Minimax().decision(g).x);
    }
}
