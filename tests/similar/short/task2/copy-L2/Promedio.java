import java.util.Scanner;

public class Promedio {
    public static void main(String[] args) {
        Scanner teclado = new Scanner(System.in);

        System.out.print("Calificacion del parcial 1: ");
        double parcial1 = teclado.nextDouble();
        System.out.print("Calificacion del parcial 2: ");
        double parcial2 = teclado.nextDouble();
        System.out.print("Calificacion del parcial 3: ");
        double parcial3 = teclado.nextDouble();
        System.out.print("Calificacion del examen final: ");
        double ordinario = teclado.nextDouble();

        // sacamos el promedio
        double media = (parcial1 + parcial2 + parcial3) / 3;
        // se aplica la ponderacion
        double resultado = media * 0.6 + ordinario * 0.4;

        System.out.printf("Promedio de parciales: %.2f\n", media);
        System.out.printf("Calificacion final: %.1f\n", resultado);
        if (resultado >= 6) {
            System.out.println("Aprobado");
        } else {
            System.out.println("Reprobado");
        }
        teclado.close();
    }
}
