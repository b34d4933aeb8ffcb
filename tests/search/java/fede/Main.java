import java.util.Scanner;

/** A student's minimax in Java for the sheet, read on stdin and answered on stdout (1-based),
 * one variant of it; make-class.py writes each student's Main.java with VARIANTE. */
public class Main {
    // ---- The search, one variant of it (make-class.py sets VARIANTE). ----
    static final String VARIANTE = "swapped";
    static final double INF = Double.POSITIVE_INFINITY;
    static final int[][] LINEAS = {{0,1,2},{3,4,5},{6,7,8},{0,3,6},{1,4,7},{2,5,8},{0,4,8},{2,4,6}};

    static char turno(char[] b) {
        int xs = 0, os = 0;
        for (char c : b) { if (c == 'X') xs++; if (c == 'O') os++; }
        return xs == os ? 'X' : 'O';
    }

    static char ganador(char[] b) {
        for (int[] l : LINEAS)
            if (b[l[0]] != '-' && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]]) return b[l[0]];
        return 0;
    }

    static boolean esFinal(char[] b) {
        if (ganador(b) != 0) return true;
        for (char c : b) if (c == '-') return false;
        return true;
    }

    static double utilidad(char[] b, char maximo) {
        char w = ganador(b);
        if (VARIANTE.equals("wrong-view")) maximo = turno(b); // the bug: the side to move at the leaf
        if (w == 0) return 0;
        return w == maximo ? 1 : -1;
    }

    // The course's depth limit (tests/search/depth.toml), counted from the root at 0; only
    // the depth variants stop there.
    static final int PROFUNDIDAD = 2;

    static boolean enElLimite(int prof) {
        if (VARIANTE.equals("depth") || VARIANTE.equals("depth-shallower")) return prof == PROFUNDIDAD;
        if (VARIANTE.equals("depth-deeper")) return prof > PROFUNDIDAD; // the bug: one ply past it
        return false;
    }

    static char[] tira(char[] b, int i) {
        char[] s = b.clone();
        s[i] = turno(b);
        return s;
    }

    // DECISION-MINIMAX's ASIGNAR-VALOR, as on the sheet.
    static double asignarValor(char[] b, char maximo) {
        if (esFinal(b)) return utilidad(b, maximo);
        char t = turno(b);
        double v = t == maximo ? -INF : INF;
        for (int i = 0; i < 9; i++) {
            if (b[i] != '-') continue;
            MinimaxTrace.enter(t, i % 3 + 1, i / 3 + 1);
            double w = asignarValor(tira(b, i), maximo);
            MinimaxTrace.leave(w);
            v = t == maximo ? Math.max(v, w) : Math.min(v, w);
        }
        return v;
    }

    // The slides' MAX-VALUE and MIN-VALUE.
    static double maxValor(char[] b, char maximo, double alfa, double beta, int prof) {
        if (esFinal(b)) return utilidad(b, maximo);
        if (enElLimite(prof)) return 0; // F-E-ESTATICA: the horizon scored as a draw
        char t = turno(b);
        double v = -INF;
        for (int i = 0; i < 9; i++) {
            if (b[i] != '-') continue;
            MinimaxTrace.enter(t, i % 3 + 1, i / 3 + 1, alfa, beta);
            double w = minValor(tira(b, i), maximo, alfa, beta, prof + 1);
            MinimaxTrace.leave(w);
            v = Math.max(v, w);
            if (VARIANTE.equals("swapped")) {
                if (v >= alfa) return v;
                beta = Math.max(beta, v);
                continue;
            }
            if (VARIANTE.equals("strict") ? v > beta : v >= beta) return v;
            alfa = Math.max(alfa, v);
        }
        return v;
    }

    static double minValor(char[] b, char maximo, double alfa, double beta, int prof) {
        if (esFinal(b)) return utilidad(b, maximo);
        if (enElLimite(prof)) return 0; // F-E-ESTATICA: the horizon scored as a draw
        char t = turno(b);
        double v = INF;
        for (int i = 0; i < 9; i++) {
            if (b[i] != '-') continue;
            MinimaxTrace.enter(t, i % 3 + 1, i / 3 + 1, alfa, beta);
            double w = maxValor(tira(b, i), maximo, alfa, beta, prof + 1);
            MinimaxTrace.leave(w);
            v = Math.min(v, w);
            if (VARIANTE.equals("swapped")) {
                if (v <= beta) return v;
                alfa = Math.min(alfa, v);
                continue;
            }
            if (VARIANTE.equals("strict") ? v < alfa : v <= alfa) return v;
            beta = Math.min(beta, v);
        }
        return v;
    }

    // Minimax without the trace, to find the action with the value found.
    static double callado(char[] b, char maximo) {
        if (esFinal(b)) return utilidad(b, maximo);
        char t = turno(b);
        double v = t == maximo ? -INF : INF;
        for (int i = 0; i < 9; i++) {
            if (b[i] != '-') continue;
            double w = callado(tira(b, i), maximo);
            v = t == maximo ? Math.max(v, w) : Math.min(v, w);
        }
        return v;
    }

    static final String[][] RESPUESTAS = {{"-OXXOO--X", "X 2 3"}, {"XX--OO---", "X 3 1"}};

    /** The square (0-8) to play, found by the variant's search. */
    static int decide(char[] b) {
        char maximo = turno(b);
        if (VARIANTE.equals("lookup")) { // no search at all: the answers looked up
            String clave = new String(b);
            for (String[] r : RESPUESTAS) if (r[0].equals(clave)) {
                String[] p = r[1].split(" ");
                return (Integer.parseInt(p[2]) - 1) * 3 + Integer.parseInt(p[1]) - 1;
            }
            return 0;
        }
        if (VARIANTE.startsWith("depth")) return conLimite(b, maximo);
        boolean poda = !VARIANTE.equals("minimax") && !VARIANTE.equals("wrong-view");
        MinimaxTrace.enter();
        double v = poda ? maxValor(b, maximo, -INF, INF, 0) : asignarValor(b, maximo);
        MinimaxTrace.leave(v);
        if (VARIANTE.equals("liar")) { // a second search after the root's: no trace of one search
            MinimaxTrace.enter('X', 1, 1);
            MinimaxTrace.leave(1);
        }
        for (int i = 0; i < 9; i++) {
            if (b[i] != '-') continue;
            if (callado(tira(b, i), maximo) == v) return i;
        }
        return -1;
    }
    /** ALPHA-BETA-SEARCH cut at PROFUNDIDAD: the first successor of the best value found. */
    static int conLimite(char[] b, char maximo) {
        int prof = VARIANTE.equals("depth-shallower") ? 1 : 0; // the bug: the root counted as 1
        double v = -INF, alfa = -INF;
        int mejor = -1;
        MinimaxTrace.enter();
        for (int i = 0; i < 9; i++) {
            if (b[i] != '-') continue;
            MinimaxTrace.enter(maximo, i % 3 + 1, i / 3 + 1, alfa, INF);
            double w = minValor(tira(b, i), maximo, alfa, INF, prof + 1);
            MinimaxTrace.leave(w);
            if (w > v) { v = w; mejor = i; }
            alfa = Math.max(alfa, v);
        }
        MinimaxTrace.leave(v);
        return mejor;
    }
    // ---- end of the search ----

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        char[] b = new char[9];
        int n = 0;
        while (n < 9 && in.hasNext()) {
            String t = in.next().replace('0', 'O');
            if (t.equals("X") || t.equals("O") || t.equals("-")) b[n++] = t.charAt(0);
        }
        int i = decide(b);
        System.out.println(turno(b) + " " + (i % 3 + 1) + " " + (i / 3 + 1));
    }
}
