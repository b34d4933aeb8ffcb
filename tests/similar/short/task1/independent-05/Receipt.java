public class Receipt {

    static double subtotal = 0;

    static void item(int qty, String name, double unitPrice) {
        double amount = qty * unitPrice;
        subtotal += amount;
        System.out.println(String.format("%3d x %-10s %8.2f", qty, name, amount));
    }

    public static void main(String[] args) {
        System.out.println("------ Cafeteria ------");
        item(2, "Cafe", 25.50);
        item(1, "Pastel", 48.00);
        item(3, "Galletas", 12.00);
        System.out.println("-----------------------");
        double tax = subtotal * 0.16;
        double total = subtotal + tax;
        System.out.println(String.format("Subtotal %14.2f", subtotal));
        System.out.println(String.format("IVA (16%%) %13.2f", tax));
        System.out.println(String.format("Total %17.2f", total));
    }
}
