import java.util.Scanner;

public class Evaluacion {
    public static void main(String[] args) {
        Scanner lector = new Scanner(System.in);
        double parcialUno, parcialDos, parcialTres, examenFinal;

        System.out.print("Calificacion del parcial 1: ");
        parcialUno = lector.nextDouble();
        System.out.print("Calificacion del parcial 2: ");
        parcialDos = lector.nextDouble();
        System.out.print("Calificacion del parcial 3: ");
        parcialTres = lector.nextDouble();
        System.out.print("Calificacion del examen final: ");
        examenFinal = lector.nextDouble();
        lector.close();

        double promedio = (parcialTres + parcialUno + parcialDos) / 3;
        System.out.printf("Promedio de parciales: %.2f\n", promedio);
        double calificacion = examenFinal * 0.4 + promedio * 0.6;
        System.out.printf("Calificacion final: %.1f\n", calificacion);
        if (calificacion >= 6) {
            System.out.println("Aprobado");
        } else {
            System.out.println("Reprobado");
        }
    }
}
