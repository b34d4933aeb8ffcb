import java.text.DecimalFormat;

public class TicketDeVenta
{
    public static void main(String[] args)
    {
        DecimalFormat dinero = new DecimalFormat("$#,##0.00");
        double precio1 = 25.50, precio2 = 48.00, precio3 = 12.00;
        int cant1 = 2, cant2 = 1, cant3 = 3;

        double total1 = precio1 * cant1;
        double total2 = precio2 * cant2;
        double total3 = precio3 * cant3;
        double subtotal = total1 + total2 + total3;
        double iva = subtotal * 16 / 100;
        double total = subtotal + iva;

        System.out.println("Ticket No. 0001");
        System.out.println("Cant. Producto Importe");
        System.out.println(cant1 + " Cafe " + dinero.format(total1));
        System.out.println(cant2 + " Pastel " + dinero.format(total2));
        System.out.println(cant3 + " Galleta " + dinero.format(total3));
        System.out.println();
        System.out.println("Subtotal " + dinero.format(subtotal));
        System.out.println("IVA (16%) " + dinero.format(iva));
        System.out.println("Total " + dinero.format(total));
        System.out.println("Vuelva pronto");
    }
}
