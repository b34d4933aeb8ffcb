import java.util.Scanner;

public class Parciales {
    public static void main(String[] args) {
        Scanner s = new Scanner(System.in);
        double suma = 0;
        int i = 1;
        while (i <= 3) {
            System.out.print("Calificacion del parcial " + i + ": ");
            suma += s.nextDouble();
            i++;
        }
        System.out.print("Calificacion del examen final: ");
        double examen = s.nextDouble();

        double prom = suma / 3;
        double fin = prom * 0.6 + examen * 0.4;
        System.out.printf("Promedio de parciales: %.2f\n", prom);
        System.out.printf("Calificacion final: %.1f\n", fin);
        String estado = fin < 6 ? "Reprobado" : "Aprobado";
        System.out.println(estado);
        s.close();
    }
}
