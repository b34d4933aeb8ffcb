public class Compra {

    public static void main(String[] args) {

        System.out.println("Cantidad   Producto   Importe");

        System.out.println("2          Cafe       $" + (2 * 25.50));

        System.out.println("1          Pastel     $" + (1 * 48.00));

        System.out.println("3          Galletas   $" + (3 * 12.00));

        System.out.println("Subtotal   $" + (2 * 25.50 + 48.00 + 3 * 12.00));

        System.out.println("IVA (16%)  $" + (2 * 25.50 + 48.00 + 3 * 12.00) * 0.16);

        System.out.println("Total      $" + (2 * 25.50 + 48.00 + 3 * 12.00) * 1.16);

    }

}
