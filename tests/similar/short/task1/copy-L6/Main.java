public class Main {
    public static void main(String[] args) {
        String[] productos = {"Cafe", "Pastel", "Galleta"};
        int[] cantidades = {2, 1, 3};
        double[] precios = {25.50, 48.00, 12.00};
        String linea = "";
        int k = 0;
        while (k < 33) {
            linea += "=";
            k++;
        }

        System.out.println(linea);
        System.out.println("      CAFETERIA LA ESQUINA");
        System.out.println(linea);
        System.out.println("Cant  Producto        Importe");
        double subtotal = 0;
        int i = 0;
        while (i < productos.length) {
            double importe = cantidades[i] * precios[i];
            System.out.printf("%-5d %-15s $%7.2f%n", cantidades[i], productos[i], importe);
            subtotal += importe;
            i++;
        }
        System.out.println("---------------------------------");
        double iva = subtotal * 0.16;
        System.out.printf("Subtotal:             $%7.2f%n", subtotal);
        System.out.printf("IVA (16%%):            $%7.2f%n", iva);
        System.out.printf("Total:                $%7.2f%n", subtotal + iva);
        System.out.println(linea);
        System.out.println("     Gracias por su compra!");
    }
}
