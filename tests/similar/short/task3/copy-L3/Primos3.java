import java.util.Scanner;

public class Primos3 {
    static final int POR_RENGLON = 10;
    static final int PRIMER_PRIMO = 2;

    public static void main(String[] args) {
        int n, total = 0;
        int i, d;
        boolean primo;
        Scanner sc = new Scanner(System.in);

        System.out.print("Dame un numero: ");
        n = sc.nextInt();
        System.out.println("Primos entre 2 y " + n + ":");
        for (i = PRIMER_PRIMO; i <= n; i++) {
            primo = true;
            for (d = PRIMER_PRIMO; d * d <= i; d++) {
                if (i % d == 0) {
                    primo = false;
                    break;
                }
            }
            if (primo) {
                System.out.print(i + " ");
                total++;
                if (total % POR_RENGLON == 0) {
                    System.out.println();
                }
            }
        }
        System.out.println();
        System.out.println("Total de primos: " + total);
    }
}
