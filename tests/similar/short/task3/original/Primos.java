import java.util.Scanner;

public class Primos {
    public static void main(String[] args) {
        Scanner entrada = new Scanner(System.in);
        System.out.print("Dame un numero: ");
        int n = entrada.nextInt();
        int contador = 0;

        System.out.println("Primos entre 2 y " + n + ":");
        for (int i = 2; i <= n; i++) {
            boolean esPrimo = true;
            // basta con probar divisores hasta la raiz de i
            for (int d = 2; d * d <= i; d++) {
                if (i % d == 0) {
                    esPrimo = false;
                    break;
                }
            }
            if (esPrimo) {
                System.out.print(i + " ");
                contador++;
                // 10 primos por renglon
                if (contador % 10 == 0) {
                    System.out.println();
                }
            }
        }
        System.out.println();
        System.out.println("Total de primos: " + contador);
    }
}
