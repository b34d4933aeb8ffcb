import java.util.ArrayList;
import java.util.List;

/** Práctica 5: minimax para el gato. */
public class Minimax {
    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1;
        final int MARCA2 = 4;
        boolean jugador1 = false;
        int tiradas = 0;

        Gato() {}

        Gato(Gato otro) {
            for (int i = 0; i < 3; i++) tablero[i] = otro.tablero[i].clone();
            jugador1 = otro.jugador1;
            tiradas = otro.tiradas;
        }

        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
        }

        int ganador() {
            int[][] lineas = {{0,0,1,0,2,0},{0,1,1,1,2,1},{0,2,1,2,2,2},{0,0,0,1,0,2},{1,0,1,1,1,2},{2,0,2,1,2,2},{0,0,1,1,2,2},{2,0,1,1,0,2}};
            for (int[] l : lineas) {
                int s = tablero[l[1]][l[0]] + tablero[l[3]][l[2]] + tablero[l[5]][l[4]];
                if (s == 3) return MARCA1;
                if (s == 12) return MARCA2;
            }
            return 0;
        }
    }

    class Accion {
        int simbolo;
        int x;
        int y;
        Accion(int simbolo, int x, int y) { this.simbolo = simbolo; this.x = x; this.y = y; }
    }

    // Value for X (MARCA2): +1 win, -1 loss.
    int valor(Gato g) {
        int w = g.ganador();
        if (w == g.MARCA2) return 1;
        if (w == g.MARCA1) return -1;
        if (g.tiradas == 9) return 0;
        boolean turnoO = !g.jugador1;
        int mejor = turnoO ? 2 : -2;
        for (int y = 0; y < 3; y++) for (int x = 0; x < 3; x++) if (g.tablero[y][x] == 0) {
            Gato h = new Gato(g);
            h.tiraEn(x, y, turnoO);
            int v = valor(h);
            mejor = turnoO ? Math.min(mejor, v) : Math.max(mejor, v);
        }
        return mejor;
    }

    public Accion decision(Gato estado) {
        Depuracion.mostrar(estado.tablero);
        System.out.println("X 1 1");
        boolean turnoO = !estado.jugador1;
        Accion mejor = null;
        int mejorValor = 0;
        for (int y = 0; y < 3; y++) for (int x = 0; x < 3; x++) if (estado.tablero[y][x] == 0) {
            Gato h = new Gato(estado);
            h.tiraEn(x, y, turnoO);
            int v = valor(h);
            if (mejor == null || (turnoO ? v < mejorValor : v > mejorValor)) {
                mejor = new Accion(turnoO ? estado.MARCA1 : estado.MARCA2, x, y);
                mejorValor = v;
            }
        }
        return mejor;
    }
}
