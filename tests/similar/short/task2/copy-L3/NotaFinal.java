import java.util.Scanner;

public class NotaFinal {
    public static final double PESO_PARCIALES = 0.6;
    public static final double PESO_EXAMEN = 0.4;
    public static final double MINIMA = 6;

    public static void main(String[] args) {
        double a, b, c, ex;
        double promedio, nota;
        Scanner in = new Scanner(System.in);

        System.out.print("Calificacion del parcial 1: ");
        a = in.nextDouble();
        System.out.print("Calificacion del parcial 2: ");
        b = in.nextDouble();
        System.out.print("Calificacion del parcial 3: ");
        c = in.nextDouble();
        System.out.print("Calificacion del examen final: ");
        ex = in.nextDouble();

        promedio = (a + b + c) / 3;
        nota = promedio * PESO_PARCIALES + ex * PESO_EXAMEN;

        System.out.printf("Promedio de parciales: %.2f\n", promedio);
        System.out.printf("Calificacion final: %.1f\n", nota);
        if (nota >= MINIMA) {
            System.out.println("Aprobado");
        } else {
            System.out.println("Reprobado");
        }
        in.close();
    }
}
