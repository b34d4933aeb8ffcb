// Ticket de la cafeteria
public class TicketCompra {

    static final double IVA = 0.16;
    static final String LINEA = "=================================";

    public static void main(String[] args) {
        int cafes = 2;
        int pasteles = 1;
        int galletas = 3;
        double subtotal, impuesto, total;

        final double PRECIO_CAFE = 25.50;
        double importeCafe = cafes * PRECIO_CAFE;
        final double PRECIO_PASTEL = 48.00;
        double importePastel = pasteles * PRECIO_PASTEL;
        final double PRECIO_GALLETA = 12.00;
        double importeGalleta = galletas * PRECIO_GALLETA;

        System.out.println(LINEA);
        System.out.println("      CAFETERIA LA ESQUINA");
        System.out.println(LINEA);
        System.out.println("Cant  Producto        Importe");
        System.out.printf("%-5d %-15s $%7.2f%n", cafes, "Cafe", importeCafe);
        System.out.printf("%-5d %-15s $%7.2f%n", pasteles, "Pastel", importePastel);
        System.out.printf("%-5d %-15s $%7.2f%n", galletas, "Galleta", importeGalleta);
        System.out.println("---------------------------------");

        subtotal = importeCafe + importePastel + importeGalleta;
        impuesto = subtotal * IVA;
        total = subtotal + impuesto;
        System.out.printf("Subtotal:             $%7.2f%n", subtotal);
        System.out.printf("IVA (16%%):            $%7.2f%n", impuesto);
        System.out.printf("Total:                $%7.2f%n", total);
        System.out.println(LINEA);
        System.out.println("     Gracias por su compra!");
    }
}
