// Alumno: Jose Manuel Ortiz   Grupo 1B
public class TicketArreglos {
    public static void main(String[] args) {
        String[] nombre = {"Cafe americano", "Pastel de chocolate", "Galleta"};
        int[] cant = {2, 1, 3};
        double[] precio = {25.5, 48.0, 12.0};
        double subtotal = 0;

        System.out.println("**************** TICKET DE COMPRA ****************");
        System.out.printf("%4s  %-22s %9s %9s\n", "Cant", "Descripcion", "P.Unit", "Importe");
        for (int i = 0; i < nombre.length; i++) {
            double imp = cant[i] * precio[i];
            subtotal = subtotal + imp;
            System.out.printf("%4d  %-22s %9.2f %9.2f\n", cant[i], nombre[i], precio[i], imp);
        }
        System.out.println("--------------------------------------------------");
        double iva = subtotal * 0.16;
        System.out.printf("%38s %9.2f\n", "Subtotal", subtotal);
        System.out.printf("%38s %9.2f\n", "IVA (16%)", iva);
        System.out.printf("%38s %9.2f\n", "Total", subtotal + iva);
        System.out.println("**************************************************");
    }
}
