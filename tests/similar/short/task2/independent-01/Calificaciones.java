import java.util.Scanner;

public class Calificaciones {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        System.out.print("Parcial 1: ");
        double p1 = sc.nextDouble();
        System.out.print("Parcial 2: ");
        double p2 = sc.nextDouble();
        System.out.print("Parcial 3: ");
        double p3 = sc.nextDouble();
        System.out.print("Examen final: ");
        double ef = sc.nextDouble();

        double promedio = (p1 + p2 + p3) / 3;
        double cf = 0.6 * promedio + 0.4 * ef;
        System.out.printf("Tu calificacion final es %.1f%n", cf);
        if (cf >= 6)
            System.out.println("Aprobado");
        else
            System.out.println("Reprobado");
    }
}
