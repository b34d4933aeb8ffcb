public class Cafeteria {
    public static void main(String[] args) {
        double cafe = 2 * 25.50;
        double pastel = 1 * 48.00;
        double galletas = 3 * 12.00;
        double subtotal = cafe + pastel + galletas;
        double iva = subtotal * 0.16;
        double total = subtotal + iva;

        System.out.println("TICKET");
        System.out.println("2 Cafe     $" + cafe);
        System.out.println("1 Pastel   $" + pastel);
        System.out.println("3 Galletas $" + galletas);
        System.out.println();
        System.out.println("Subtotal: $" + subtotal);
        System.out.println("IVA (16%): $" + iva);
        System.out.println("Total: $" + total);
    }
}
