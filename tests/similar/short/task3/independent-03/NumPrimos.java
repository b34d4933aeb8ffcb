import java.util.Scanner;

public class NumPrimos
{
    public static void main(String[] args)
    {
        Scanner lee = new Scanner(System.in);
        int n, num, div, cuenta;
        boolean bandera;
        System.out.print("Numero: ");
        n = lee.nextInt();
        cuenta = 0;
        num = 2;
        while (num <= n)
        {
            bandera = true;
            div = 2;
            while (div < num)
            {
                if (num % div == 0)
                    bandera = false;
                div = div + 1;
            }
            if (bandera == true)
            {
                System.out.print(num + "\t");
                cuenta = cuenta + 1;
            }
            num = num + 1;
        }
        System.out.println("\nHay " + cuenta + " numeros primos");
    }
}
