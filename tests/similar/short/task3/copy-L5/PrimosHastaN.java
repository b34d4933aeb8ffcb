import java.util.Scanner;

public class PrimosHastaN {
    public static void main(String[] args) {
        int cantidad = 0;
        Scanner teclado = new Scanner(System.in);
        System.out.print("Dame un numero: ");
        int tope = teclado.nextInt();
        teclado.close();
        System.out.println("Primos entre 2 y " + tope + ":");

        for (int x = 2; x <= tope; x++) {
            if (primo(x)) {
                cantidad++;
                System.out.print(x + " ");
                if (cantidad % 10 == 0) {
                    System.out.println();
                }
            }
        }
        System.out.println();
        System.out.println("Total de primos: " + cantidad);
    }

    // regresa true si x no tiene divisores entre 2 y raiz de x
    static boolean primo(int x) {
        boolean resp = true;
        for (int d = 2; d * d <= x; d++) {
            if (x % d == 0) {
                resp = false;
                break;
            }
        }
        return resp;
    }
}
