/**
 * Tarea 1: ticket.
 * @author Daniela Ruiz
 */
public class Tarea1 {

    public static void renglon(int cant, String producto, double importe) {
        System.out.printf("%-5d %-15s $%7.2f%n", cant, producto, importe);
    }

    public static void lineaDoble() {
        System.out.println("=================================");
    }

    public static void encabezado() {
        lineaDoble();
        System.out.println("      CAFETERIA LA ESQUINA");
        lineaDoble();
        System.out.println("Cant  Producto        Importe");
    }

    public static void main(String[] args) {
        double pCafe = 25.50, pPastel = 48.00, pGalleta = 12.00;
        int cCafe = 2, cPastel = 1, cGalleta = 3;

        encabezado();
        renglon(cCafe, "Cafe", cCafe * pCafe);
        renglon(cPastel, "Pastel", cPastel * pPastel);
        renglon(cGalleta, "Galleta", cGalleta * pGalleta);
        System.out.println("---------------------------------");

        double sub = cCafe * pCafe + cPastel * pPastel + cGalleta * pGalleta;
        double iva = sub * 0.16;
        System.out.printf("Subtotal:             $%7.2f%n", sub);
        System.out.printf("IVA (16%%):            $%7.2f%n", iva);
        System.out.printf("Total:                $%7.2f%n", sub + iva);
        lineaDoble();
        System.out.println("     Gracias por su compra!");
    }
}
