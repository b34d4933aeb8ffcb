import java.util.Scanner;

public class Practica5 {
    public static void main(String[] args) {
        Scanner s = new Scanner(System.in);
        int n;
        do {
            System.out.print("Introduce un entero mayor o igual a 2: ");
            n = s.nextInt();
        } while (n < 2);

        // el 2 es el unico primo par
        System.out.print("2");
        int c = 1;
        for (int k = 3; k <= n; k += 2) {
            int d = 3;
            while (d * d <= k && k % d != 0) {
                d += 2;
            }
            if (d * d > k) {
                System.out.print(" " + k);
                c++;
            }
        }
        System.out.println();
        System.out.println("Total: " + c);
    }
}
