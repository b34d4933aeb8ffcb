import java.util.Scanner;

public class Curso {
    static Scanner entrada = new Scanner(System.in);

    static double leer(String mensaje) {
        System.out.print(mensaje);
        return entrada.nextDouble();
    }

    static double calcularFinal(double prom, double examen) {
        return prom * 0.6 + examen * 0.4;
    }

    public static void main(String[] args) {
        double x1 = leer("Calificacion del parcial 1: ");
        double x2 = leer("Calificacion del parcial 2: ");
        double x3 = leer("Calificacion del parcial 3: ");
        double exFinal = leer("Calificacion del examen final: ");

        double prom = (x1 + x2 + x3) / 3;
        double cal = calcularFinal(prom, exFinal);

        System.out.printf("Promedio de parciales: %.2f\n", prom);
        System.out.printf("Calificacion final: %.1f\n", cal);
        if (cal >= 6) {
            System.out.println("Aprobado");
        } else {
            System.out.println("Reprobado");
        }
        entrada.close();
    }
}
