/*
 * Programacion I
 * Tarea 1: imprimir el ticket de la cafeteria
 */
public class TicketCafeteria
{
	public static void main(String[] args)
	{
		// precios unitarios
		double precioCafe = 25.50;
		double precioPastel = 48.00;
		double precioGalleta = 12.00;
		// cuantos se compraron de cada cosa
		int cantCafe = 2, cantPastel = 1, cantGalleta = 3;
		// importe = cantidad * precio
		double impCafe = cantCafe * precioCafe;
		double impPastel = cantPastel * precioPastel;
		double impGalleta = cantGalleta * precioGalleta;

		// encabezado del ticket
		System.out.println("=================================");
		System.out.println("      CAFETERIA LA ESQUINA");
		System.out.println("=================================");
		System.out.println("Cant  Producto        Importe");
		// un renglon por producto
		System.out.printf("%-5d %-15s $%7.2f%n", cantCafe, "Cafe", impCafe);
		System.out.printf("%-5d %-15s $%7.2f%n", cantPastel, "Pastel", impPastel);
		System.out.printf("%-5d %-15s $%7.2f%n", cantGalleta, "Galleta", impGalleta);
		System.out.println("---------------------------------");
		// totales
		double subtotal = impCafe + impPastel + impGalleta;
		double iva = subtotal * 0.16;   // 16 por ciento
		double total = subtotal + iva;
		System.out.printf("Subtotal:             $%7.2f%n", subtotal);
		System.out.printf("IVA (16%%):            $%7.2f%n", iva);
		System.out.printf("Total:                $%7.2f%n", total);
		System.out.println("=================================");
		System.out.println("     Gracias por su compra!");
	} // fin main
}
