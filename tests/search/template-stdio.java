import java.util.Scanner;

/** A student's minimax in Java for the sheet, read on stdin and answered on stdout (1-based),
 * one variant of it; make-class.py writes each student's Main.java with VARIANTE. */
public class Main {
@SEARCH@
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
