import java.util.Scanner;

public class Primos {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        System.out.print("Ingresa n: ");
        int n = sc.nextInt();
        int primos = 0;

        for (int i = 2; i <= n; i++) {
            int divisores = 0;
            for (int j = 1; j <= i; j++) {
                if (i % j == 0) {
                    divisores++;
                }
            }
            if (divisores == 2) {
                System.out.println(i);
                primos++;
            }
        }
        System.out.println("Se encontraron " + primos + " primos");
    }
}
