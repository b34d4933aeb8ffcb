/*
 * Ejercicio: ticket de cafeteria
 * Nombre: Fernanda Castillo
 */
public class Ticket {

    public static final double TASA_IVA = 0.16;

    public static void main(String[] args) {
        int cafes = 2, pasteles = 1, galletas = 3;
        double importeCafes = cafes * 25.50;
        double importePasteles = pasteles * 48.00;
        double importeGalletas = galletas * 12.00;

        System.out.println("\tCAFETERIA UNIVERSITARIA");
        System.out.println("Cantidad\tProducto\tImporte");
        System.out.println(cafes + "\t\tCafe\t\t" + String.format("%.2f", importeCafes));
        System.out.println(pasteles + "\t\tPastel\t\t" + String.format("%.2f", importePasteles));
        System.out.println(galletas + "\t\tGalletas\t" + String.format("%.2f", importeGalletas));

        double subtotal = importeCafes + importePasteles + importeGalletas;
        double iva = subtotal * TASA_IVA;
        System.out.println("\t\tSubtotal\t" + String.format("%.2f", subtotal));
        System.out.println("\t\tIVA (16%)\t" + String.format("%.2f", iva));
        System.out.println("\t\tTotal\t\t" + String.format("%.2f", subtotal + iva));
    }
}
