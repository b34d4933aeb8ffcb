/** Ayuda para depurar: imprime el tablero (en otro archivo, como muchas entregas). */
class Depuracion {
    static void mostrar(int[][] tablero) {
        for (int[] fila : tablero) {
            System.out.println(java.util.Arrays.toString(fila));
        }
    }
}
