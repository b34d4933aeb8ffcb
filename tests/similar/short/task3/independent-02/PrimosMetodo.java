import java.util.Scanner;

public class PrimosMetodo {

    static boolean esPrimo(int num) {
        if (num < 2) return false;
        int raiz = (int) Math.sqrt(num);
        for (int i = 2; i <= raiz; i++) {
            if (num % i == 0) return false;
        }
        return true;
    }

    public static void main(String[] args) {
        Scanner teclado = new Scanner(System.in);
        System.out.println("Escribe un numero entero:");
        int n = teclado.nextInt();
        int total = 0;
        String lista = "";
        for (int i = 2; i <= n; i++) {
            if (esPrimo(i)) {
                lista += (total == 0 ? "" : ", ") + i;
                total++;
            }
        }
        System.out.println("Primos: " + lista);
        System.out.println("Cantidad de primos: " + total);
    }
}
