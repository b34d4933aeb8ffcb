import java.util.Scanner;

// Calcula la calificacion final del curso
public class Calificacion {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);

        System.out.print("Calificacion del parcial 1: ");
        double p1 = sc.nextDouble();
        System.out.print("Calificacion del parcial 2: ");
        double p2 = sc.nextDouble();
        System.out.print("Calificacion del parcial 3: ");
        double p3 = sc.nextDouble();
        System.out.print("Calificacion del examen final: ");
        double examen = sc.nextDouble();

        // promedio de los tres parciales
        double promParciales = (p1 + p2 + p3) / 3;
        // los parciales valen 60% y el examen 40%
        double calFinal = promParciales * 0.6 + examen * 0.4;

        System.out.printf("Promedio de parciales: %.2f\n", promParciales);
        System.out.printf("Calificacion final: %.1f\n", calFinal);
        if (calFinal >= 6) {
            System.out.println("Aprobado");
        } else {
            System.out.println("Reprobado");
        }
        sc.close();
    }
}
