import javax.swing.JOptionPane;

public class CalifFinal {
    public static void main(String[] args) {
        String dato;
        dato = JOptionPane.showInputDialog("Primer parcial:");
        double primero = Double.parseDouble(dato);
        dato = JOptionPane.showInputDialog("Segundo parcial:");
        double segundo = Double.parseDouble(dato);
        dato = JOptionPane.showInputDialog("Tercer parcial:");
        double tercero = Double.parseDouble(dato);
        dato = JOptionPane.showInputDialog("Examen final:");
        double examen = Double.parseDouble(dato);

        double promedio = (primero + segundo + tercero) / 3;
        double calificacion = promedio * 60 / 100 + examen * 40 / 100;
        String mensaje = "Calificacion final: " + String.format("%.1f", calificacion);
        if (calificacion >= 6) {
            mensaje = mensaje + "\nAprobado";
        } else {
            mensaje = mensaje + "\nReprobado";
        }
        JOptionPane.showMessageDialog(null, mensaje);
    }
}
