import java.util.Scanner;

public class Grades {
    public static void main(String[] args) {
        Scanner input = new Scanner(System.in);
        System.out.println("Enter the three partial grades and the final exam grade:");
        double g1 = input.nextDouble();
        double g2 = input.nextDouble();
        double g3 = input.nextDouble();
        double exam = input.nextDouble();

        double grade = (g1 + g2 + g3) / 3.0 * 0.6 + exam * 0.4;
        System.out.println(String.format("Final grade: %.1f", grade));
        System.out.println(grade >= 6 ? "Aprobado" : "Reprobado");
    }
}
