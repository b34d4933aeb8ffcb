public class TicketCafe {
    public static void main(String[] args) {
        // encabezado
        System.out.println("=================================");
        System.out.println("      CAFETERIA LA ESQUINA");
        System.out.println("=================================");
        System.out.println("Cant  Producto        Importe");

        int galleta = 3;
        int pastel = 1;
        int cafe = 2;
        double costoGalleta = galleta * 12.00;
        double costoPastel = pastel * 48.00;
        double costoCafe = cafe * 25.50;
        double subtotal = costoCafe + costoGalleta + costoPastel;
        double iva = subtotal * 0.16;
        double total = iva + subtotal;

        System.out.printf("%-5d %-15s $%7.2f%n", cafe, "Cafe", costoCafe);
        System.out.printf("%-5d %-15s $%7.2f%n", pastel, "Pastel", costoPastel);
        System.out.printf("%-5d %-15s $%7.2f%n", galleta, "Galleta", costoGalleta);
        System.out.println("---------------------------------");
        System.out.printf("Subtotal:             $%7.2f%n", subtotal);
        System.out.printf("IVA (16%%):            $%7.2f%n", iva);
        System.out.printf("Total:                $%7.2f%n", total);
        System.out.println("=================================");
        System.out.println("     Gracias por su compra!");
    }
}
