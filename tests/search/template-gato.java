/** Práctica 5 on the java-gato starter (Gato, Accion, decision), one variant of the search;
 * make-class.py writes each student's Minimax/src/Minimax.java with VARIANTE. */
public class Minimax {
    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1;
        final int MARCA2 = 4;
        boolean jugador1 = false;
        int tiradas = 0;

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
        Accion(int simbolo, int x, int y) { this.simbolo = simbolo; this.x = x; this.y = y; }
    }

@SEARCH@
    public Accion decision(Gato estado) {
        char[] b = new char[9];
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++) {
                int c = estado.tablero[y][x];
                b[y * 3 + x] = c == estado.MARCA2 ? 'X' : c == estado.MARCA1 ? 'O' : '-';
            }
        int i = decide(b);
        return new Accion(turno(b) == 'X' ? estado.MARCA2 : estado.MARCA1, i % 3, i / 3);
    }
}
