import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Tarea2 {
    public static void main(String[] args) throws IOException {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        System.out.print("Parcial 1 = ");
        float a = Float.parseFloat(br.readLine());
        System.out.print("Parcial 2 = ");
        float b = Float.parseFloat(br.readLine());
        System.out.print("Parcial 3 = ");
        float c = Float.parseFloat(br.readLine());
        System.out.print("Final = ");
        float f = Float.parseFloat(br.readLine());

        float parciales = (a + b + c) / 3 * 0.6f;
        float examen = f * 0.4f;
        float total = parciales + examen;

        System.out.printf("Calificacion final: %.1f\n", total);
        if (total < 6) {
            System.out.println("Reprobado");
        } else {
            System.out.println("Aprobado");
        }
    }
}
