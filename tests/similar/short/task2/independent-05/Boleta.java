import java.util.Scanner;

public class Boleta {

    static final double PORC_PARCIALES = 0.60;
    static final double PORC_FINAL = 0.40;

    static double pedirCalif(Scanner sc, String que) {
        double c;
        do {
            System.out.print("Calificacion de " + que + " (0-10): ");
            c = sc.nextDouble();
        } while (c < 0 || c > 10);
        return c;
    }

    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        double suma = 0;
        for (int i = 1; i <= 3; i++) {
            suma += pedirCalif(sc, "parcial " + i);
        }
        double fin = pedirCalif(sc, "examen final");
        double calificacion = suma / 3 * PORC_PARCIALES + fin * PORC_FINAL;
        System.out.printf("Calificacion final = %.1f -> %s%n", calificacion,
                calificacion >= 6 ? "Aprobado" : "Reprobado");
    }
}
