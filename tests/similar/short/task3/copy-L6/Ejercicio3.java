import java.util.Scanner;

public class Ejercicio3 {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.print("Dame un numero: ");
        int n = in.nextInt();
        int cont = 0;
        System.out.println("Primos entre 2 y " + n + ":");
        int num = 2;
        while (num <= n) {
            boolean compuesto = false;
            int d = 2;
            while (!compuesto && d * d <= num) {
                compuesto = num % d == 0;
                d++;
            }
            num++;
            if (compuesto) {
                continue;
            }
            cont++;
            System.out.print((num - 1) + (cont % 10 == 0 ? " \n" : " "));
        }
        System.out.println();
        System.out.println("Total de primos: " + cont);
    }
}
