import java.util.Comparator;
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
