import java.util.Scanner;

public class NumerosPrimos {
    public static void main(String[] args) {
        Scanner leer = new Scanner(System.in);
        System.out.print("Dame un numero: ");
        int limite = leer.nextInt();
        int cuantos = 0;

        System.out.println("Primos entre 2 y " + limite + ":");
        for (int num = 2; num <= limite; num++) {
            boolean primo = true;
            // revisamos si num tiene divisores
            for (int div = 2; div * div <= num; div++) {
                if (num % div == 0) {
                    primo = false;
                    break;
                }
            }
            if (primo) {
                System.out.print(num + " ");
                cuantos++;
                if (cuantos % 10 == 0) {
                    System.out.println();
                }
            }
        }
        System.out.println();
        System.out.println("Total de primos: " + cuantos);
    }
}
