import java.util.Scanner;
/* Tarea 2
   Programa que lee las calificaciones y dice si el alumno aprobo */
public class CalificacionFinal
{
    public static void main(String[] args)
    {
        Scanner sc = new Scanner(System.in);
        // pedir los datos
        System.out.print("Calificacion del parcial 1: ");
        double p1 = sc.nextDouble();
        System.out.print("Calificacion del parcial 2: ");
        double p2 = sc.nextDouble();
        System.out.print("Calificacion del parcial 3: ");
        double p3 = sc.nextDouble();
        System.out.print("Calificacion del examen final: ");
        double examen = sc.nextDouble();
        double promParciales = (p1 + p2 + p3) / 3;   //promedio
        double calFinal = promParciales * 0.6 + examen * 0.4;   //60% y 40%
        // resultados
        System.out.printf("Promedio de parciales: %.2f\n", promParciales);
        System.out.printf("Calificacion final: %.1f\n", calFinal);
        if (calFinal >= 6)
        {
            System.out.println("Aprobado");
        }
        else
        {
            System.out.println("Reprobado");
        }
        sc.close();
    }
}
