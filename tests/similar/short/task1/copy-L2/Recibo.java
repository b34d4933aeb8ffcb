public class Recibo {
    public static void main(String[] args) {
        // unit prices
        double costoCafe = 25.50;
        double costoPastel = 48.00;
        double costoGalleta = 12.00;
        int nCafe = 2, nPastel = 1, nGalleta = 3;
        double totCafe = nCafe * costoCafe;
        double totPastel = nPastel * costoPastel;
        double totGalleta = nGalleta * costoGalleta;
        // print the receipt
        System.out.println("=================================");
        System.out.println("      CAFETERIA LA ESQUINA");
        System.out.println("=================================");
        System.out.println("Cant  Producto        Importe");
        System.out.printf("%-5d %-15s $%7.2f%n", nCafe, "Cafe", totCafe);
        System.out.printf("%-5d %-15s $%7.2f%n", nPastel, "Pastel", totPastel);
        System.out.printf("%-5d %-15s $%7.2f%n", nGalleta, "Galleta", totGalleta);
        System.out.println("---------------------------------");
        double suma = totCafe + totPastel + totGalleta;
        double impuesto = suma * 0.16;
        double aPagar = suma + impuesto;
        System.out.printf("Subtotal:             $%7.2f%n", suma);
        System.out.printf("IVA (16%%):            $%7.2f%n", impuesto);
        System.out.printf("Total:                $%7.2f%n", aPagar);
        System.out.println("=================================");
        System.out.println("     Gracias por su compra!");
    }
}
