import java.util.Scanner;

/**
 * Practica 3 - numeros primos
 */
public class ListaPrimos {

  public static void main(String[] args) {
    Scanner entrada = new Scanner(System.in);
    System.out.print("Dame un numero: ");
    int n = entrada.nextInt();
    int contador = 0;
    System.out.println("Primos entre 2 y " + n + ":");

    // recorro todos los numeros de 2 a n
    for (int i = 2; i <= n; i++) {
      boolean esPrimo = true;
      for (int d = 2; d * d <= i; d++) {
        if (i % d == 0) {   // tiene un divisor, no es primo
          esPrimo = false;
          break;
        }
      }
      if (esPrimo) {
        System.out.print(i + " ");
        contador++;
        if (contador % 10 == 0) { System.out.println(); }
      }
    }

    System.out.println();
    System.out.println("Total de primos: " + contador);
  }
}
