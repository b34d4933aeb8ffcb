// Tarea 1 - Ticket de compra
// Luis Hernandez
public class Ticket {
    public static void main(String[] args) {
        double precioCafe = 25.50;
        double precioPastel = 48.00;
        double precioGalleta = 12.00;
        int cantCafe = 2, cantPastel = 1, cantGalleta = 3;

        double impCafe = cantCafe * precioCafe;
        double impPastel = cantPastel * precioPastel;
        double impGalleta = cantGalleta * precioGalleta;

        System.out.println("=================================");
        System.out.println("      CAFETERIA LA ESQUINA");
        System.out.println("=================================");
        System.out.println("Cant  Producto        Importe");
        System.out.printf("%-5d %-15s $%7.2f%n", cantCafe, "Cafe", impCafe);
        System.out.printf("%-5d %-15s $%7.2f%n", cantPastel, "Pastel", impPastel);
        System.out.printf("%-5d %-15s $%7.2f%n", cantGalleta, "Galleta", impGalleta);
        System.out.println("---------------------------------");

        double subtotal = impCafe + impPastel + impGalleta;
        double iva = subtotal * 0.16;
        double total = subtotal + iva;
        System.out.printf("Subtotal:             $%7.2f%n", subtotal);
        System.out.printf("IVA (16%%):            $%7.2f%n", iva);
        System.out.printf("Total:                $%7.2f%n", total);
        System.out.println("=================================");
        System.out.println("     Gracias por su compra!");
    }
}
