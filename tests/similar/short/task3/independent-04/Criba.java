import java.util.Scanner;

// Criba de Eratostenes
public class Criba {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        System.out.print("n = ");
        int n = sc.nextInt();
        boolean[] tachado = new boolean[n + 1];
        int cuantos = 0;

        for (int i = 2; i <= n; i++) {
            if (!tachado[i]) {
                System.out.print(i + " ");
                cuantos++;
                for (int m = i * 2; m <= n; m += i) {
                    tachado[m] = true;
                }
            }
        }
        System.out.println();
        System.out.println("Cuantos primos: " + cuantos);
    }
}
