import java.util.LinkedList;

/**
 * Práctica 5: Minimax. Esqueleto del gato para el laboratorio de Inteligencia Artificial.
 * Completen el método decision; no cambien la clase Gato.
 */
public class Minimax {

    /** Un estado del juego del gato. */
    static class Gato {
        int[][] tablero = new int[3][3];
        final int MARCA1 = 1;
        final int MARCA2 = 4;
        boolean jugador1 = false;
        int tiradas = 0;
        boolean hayGanador = false;

        Gato() {}

        /** Copia un estado. */
        Gato(Gato otro) {
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    tablero[i][j] = otro.tablero[i][j];
                }
            }
            jugador1 = otro.jugador1;
            tiradas = otro.tiradas;
            hayGanador = otro.hayGanador;
        }

        /** Tira en la columna x, renglón y (desde 0) con la marca del jugador dado. */
        void tiraEn(int x, int y, boolean jugador1) {
            tablero[y][x] = jugador1 ? MARCA1 : MARCA2;
            this.jugador1 = jugador1;
            tiradas++;
            hayGanador = ganoAlguien(x, y);
        }

        /** Revisa si la última tirada en (x, y) completó una línea. */
        boolean ganoAlguien(int x, int y) {
            int marca = tablero[y][x];
            if (tablero[y][0] == marca && tablero[y][1] == marca && tablero[y][2] == marca) return true;
            if (tablero[0][x] == marca && tablero[1][x] == marca && tablero[2][x] == marca) return true;
            if (x == y && tablero[0][0] == marca && tablero[1][1] == marca && tablero[2][2] == marca) return true;
            if (x + y == 2 && tablero[0][2] == marca && tablero[1][1] == marca && tablero[2][0] == marca) return true;
            return false;
        }

        /** Los estados que siguen de este, uno por casilla vacía. */
        LinkedList<Gato> generaSucesores() {
            LinkedList<Gato> sucesores = new LinkedList<Gato>();
            if (hayGanador || tiradas == 9) return sucesores;
            for (int y = 0; y < 3; y++) {
                for (int x = 0; x < 3; x++) {
                    if (tablero[y][x] == 0) {
                        Gato nuevo = new Gato(this);
                        nuevo.tiraEn(x, y, !jugador1);
                        sucesores.add(nuevo);
                    }
                }
            }
            return sucesores;
        }

        /** Muestra el tablero como en la práctica. */
        public String toString() {
            String s = "";
            for (int y = 0; y < 3; y++) {
                for (int x = 0; x < 3; x++) {
                    s += tablero[y][x] == 0 ? "-   " : tablero[y][x] == MARCA1 ? "O   " : "X   ";
                }
                s += "\n";
            }
            return s;
        }
    }

    /** Una acción: la marca y la casilla (columna x, renglón y). */
    class Accion {
        int simbolo;
        int x;
        int y;

        Accion(int simbolo, int x, int y) {
            this.simbolo = simbolo;
            this.x = x;
            this.y = y;
        }
    }

  // Score of a finished game, from X's point of view
  int payoff(Gato g){
    if(g.hayGanador){ return g.jugador1?-10:10; }
    return 0;
  }
  // is the game over?
  boolean terminado(Gato g){ return g.hayGanador||g.tiradas==9; }

  // recursive value of a state (X maximises)
  int valorDe(Gato g)
  {
    if(terminado(g)) { return payoff(g); }
    int res;
    if(g.jugador1)
    {
      res = -99999;
      for(Gato sig : g.generaSucesores()) { res = Math.max(res, valorDe(sig)); }
    }
    else
    {
      res = 99999;
      for(Gato sig : g.generaSucesores()) { res = Math.min(res, valorDe(sig)); }
    }
    return res;
  }

  // picks the best move for whoever plays next
  public Accion decision(Gato e)
  {
    boolean esX = e.jugador1;
    int top = esX ? -99999 : 99999;
    Accion jugada = null;
    for(int r = 0; r < 3; r++){
      for(int c = 0; c < 3; c++){
        if(e.tablero[r][c] != 0){ continue; }
        Gato nuevo = new Gato(e);
        nuevo.tiraEn(c, r, !e.jugador1);
        int puntos = valorDe(nuevo);
        if(esX && puntos > top || !esX && puntos < top){
          top = puntos;
          jugada = new Accion(nuevo.tablero[r][c], c + 1, r + 1);
        }
      }
    }
    return jugada;
  }

  public static void main(String[] argumentos){
    Minimax mm = new Minimax();
    Gato g = new Gato();
    g.tiraEn(0,0,false); g.tiraEn(1,1,true); g.tiraEn(1,0,false); g.tiraEn(2,1,true);
    System.out.println(g);
    Accion r = mm.decision(g);
    System.out.println((r.simbolo==g.MARCA1?"O ":"X ")+(r.x)+" "+(r.y));
  }
}
