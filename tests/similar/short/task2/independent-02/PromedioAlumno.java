import java.util.Scanner;

public class PromedioAlumno {

    public static void main(String[] args) {
        Scanner scan = new Scanner(System.in);
        double[] parciales = new double[3];
        double suma = 0;

        for (int i = 0; i < parciales.length; i++) {
            System.out.println("Ingresa la calificacion del parcial " + (i + 1));
            parciales[i] = scan.nextDouble();
            suma += parciales[i];
        }
        System.out.println("Ingresa la calificacion del examen final");
        double examenFinal = scan.nextDouble();

        double calificacion = (suma / parciales.length) * 0.60 + examenFinal * 0.40;
        System.out.println("Calificacion final: " + Math.round(calificacion * 10) / 10.0);

        if (calificacion >= 6.0) {
            System.out.println("Aprobado");
        } else {
            System.out.println("Reprobado");
        }
    }
}
