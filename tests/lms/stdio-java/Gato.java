import java.util.Scanner;

/** Practica 5 con main: lee el estado e imprime la accion, contando desde 0. */
public class Gato {
    static final int[][] LINEAS = {{0,1,2},{3,4,5},{6,7,8},{0,3,6},{1,4,7},{2,5,8},{0,4,8},{2,4,6}};

    static char ganador(char[] b) {
        for (int[] l : LINEAS)
            if (b[l[0]] != '-' && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]]) return b[l[0]];
        return 0;
    }

    static int valor(char[] b, char jugador) {
        char g = ganador(b);
        if (g != 0) return g == 'X' ? 1 : -1;
        int mejor = jugador == 'X' ? -2 : 2;
        boolean alguna = false;
        for (int i = 0; i < 9; i++) if (b[i] == '-') {
            alguna = true;
            b[i] = jugador;
            int v = valor(b, jugador == 'X' ? 'O' : 'X');
            b[i] = '-';
            mejor = jugador == 'X' ? Math.max(mejor, v) : Math.min(mejor, v);
        }
        return alguna ? mejor : 0;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        char[] b = new char[9];
        int n = 0, xs = 0, os = 0;
        while (n < 9 && in.hasNext()) {
            String t = in.next().replace('0', 'O');
            if (t.equals("X") || t.equals("O") || t.equals("-")) {
                b[n++] = t.charAt(0);
                if (t.equals("X")) xs++;
                if (t.equals("O")) os++;
            }
        }
        char jugador = xs == os ? 'X' : 'O';
        int mejor = -1, mejorValor = 0;
        for (int i = 0; i < 9; i++) if (b[i] == '-') {
            b[i] = jugador;
            int v = valor(b, jugador == 'X' ? 'O' : 'X');
            b[i] = '-';
            if (mejor < 0 || (jugador == 'X' ? v > mejorValor : v < mejorValor)) { mejor = i; mejorValor = v; }
        }
        // Columna y fila desde 0.
        System.out.println(jugador + " " + (mejor % 3) + " " + (mejor / 3));
    }
}
