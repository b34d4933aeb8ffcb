import java.util.Scanner;

public class BuscaPrimos {

    public static boolean esPrimo(int x) {
        for (int d = 2; d * d <= x; d++) {
            if (x % d == 0) {
                return false;
            }
        }
        return true;
    }

    public static void main(String[] args) {
        Scanner entrada = new Scanner(System.in);
        System.out.print("Dame un numero: ");
        int n = entrada.nextInt();
        int encontrados = 0;

        System.out.println("Primos entre 2 y " + n + ":");
        for (int k = 2; k <= n; k++) {
            if (esPrimo(k)) {
                System.out.print(k + " ");
                encontrados++;
                if (encontrados % 10 == 0) {
                    System.out.println();
                }
            }
        }
        System.out.println();
        System.out.println("Total de primos: " + encontrados);
    }
}
