/*
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
