import os, re, sys
root = sys.argv[1]
starter = open(os.path.join(root, 'starter/Minimax.java')).read()
stub = '''    /** Regresa la acción que minimax elige para el jugador en turno. */
    public Accion decision(Gato estado) {
        // TODO: implementar minimax
        return null;
    }
}
'''
assert stub in starter
def hand_in(name, body, starter_text=starter):
    d = os.path.join(root, 'class', name, 'Minimax', 'src')
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, 'Minimax.java'), 'w').write(starter_text.replace(stub, body + '}\n'))

MAIN = '''
    public static void main(String[] args) {
        Minimax m = new Minimax();
        Gato estado = new Gato();
        estado.tiraEn(0, 0, false);
        estado.tiraEn(1, 1, true);
        estado.tiraEn(1, 0, false);
        estado.tiraEn(2, 1, true);
        System.out.println(estado);
        Accion a = m.decision(estado);
        System.out.println((a.simbolo == estado.MARCA1 ? "O " : "X ") + (a.x) + " " + (a.y));
    }
'''

ALBA = '''    /** UTILIDAD: +1 si ganó X, -1 si ganó O, 0 en empate. */
    int utilidad(Gato estado) {
        if (estado.hayGanador) {
            return estado.jugador1 ? -1 : 1;
        }
        return 0;
    }

    /** ES-FINAL: alguien ganó o ya no hay casillas. */
    boolean esFinal(Gato estado) {
        return estado.hayGanador || estado.tiradas == 9;
    }

    /** ASIGNAR-VALOR de la práctica: max para X, min para O. */
    int asignarValor(Gato estado) {
        if (esFinal(estado)) {
            return utilidad(estado);
        }
        int v;
        if (estado.jugador1) {
            v = -100;
            for (Gato s : estado.generaSucesores()) {
                v = Math.max(v, asignarValor(s));
            }
        } else {
            v = 100;
            for (Gato s : estado.generaSucesores()) {
                v = Math.min(v, asignarValor(s));
            }
        }
        return v;
    }

    /** DECISION-MINIMAX: la acción de los sucesores con el mejor valor. */
    public Accion decision(Gato estado) {
        boolean maximiza = estado.jugador1;
        int mejorValor = maximiza ? -100 : 100;
        Accion mejor = null;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (estado.tablero[y][x] != 0) {
                    continue;
                }
                Gato hijo = new Gato(estado);
                hijo.tiraEn(x, y, !estado.jugador1);
                int valor = asignarValor(hijo);
                if (maximiza && valor > mejorValor || !maximiza && valor < mejorValor) {
                    mejorValor = valor;
                    mejor = new Accion(hijo.tablero[y][x], x + 1, y + 1);
                }
            }
        }
        return mejor;
    }
''' + MAIN

# Renamed identifiers, rewritten comments, other whitespace and literals.
BRUNO = '''  // Score of a finished game, from X's point of view
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
'''

# Methods and independent statements reordered.
CARMEN = '''    public static void main(String[] args) {
        Minimax m = new Minimax();
        Gato estado = new Gato();
        estado.tiraEn(0, 0, false);
        estado.tiraEn(1, 1, true);
        estado.tiraEn(1, 0, false);
        estado.tiraEn(2, 1, true);
        System.out.println(estado);
        Accion a = m.decision(estado);
        System.out.println((a.simbolo == estado.MARCA1 ? "O " : "X ") + (a.x) + " " + (a.y));
    }

    public Accion decision(Gato estado) {
        Accion mejor = null;
        boolean maximiza = estado.jugador1;
        int mejorValor = maximiza ? -100 : 100;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (estado.tablero[y][x] != 0) {
                    continue;
                }
                Gato hijo = new Gato(estado);
                hijo.tiraEn(x, y, !estado.jugador1);
                int valor = asignarValor(hijo);
                if (maximiza && valor > mejorValor || !maximiza && valor < mejorValor) {
                    mejor = new Accion(hijo.tablero[y][x], x + 1, y + 1);
                    mejorValor = valor;
                }
            }
        }
        return mejor;
    }

    int asignarValor(Gato estado) {
        if (esFinal(estado)) {
            return utilidad(estado);
        }
        int v;
        if (estado.jugador1) {
            v = -100;
            for (Gato s : estado.generaSucesores()) {
                v = Math.max(v, asignarValor(s));
            }
        } else {
            v = 100;
            for (Gato s : estado.generaSucesores()) {
                v = Math.min(v, asignarValor(s));
            }
        }
        return v;
    }

    boolean esFinal(Gato estado) {
        return estado.hayGanador || estado.tiradas == 9;
    }

    int utilidad(Gato estado) {
        if (estado.hayGanador) {
            return estado.jugador1 ? -1 : 1;
        }
        return 0;
    }
'''

# Loops rewritten (for -> while) and branches negated (then and else swapped).
DARIO = '''    /** UTILIDAD: +1 si ganó X, -1 si ganó O, 0 en empate. */
    int utilidad(Gato estado) {
        if (!estado.hayGanador) {
            return 0;
        }
        return estado.jugador1 ? -1 : 1;
    }

    /** ES-FINAL: alguien ganó o ya no hay casillas. */
    boolean esFinal(Gato estado) {
        return estado.hayGanador || estado.tiradas == 9;
    }

    /** ASIGNAR-VALOR de la práctica: max para X, min para O. */
    int asignarValor(Gato estado) {
        if (esFinal(estado)) {
            return utilidad(estado);
        }
        int v;
        java.util.Iterator<Gato> it = estado.generaSucesores().iterator();
        if (!estado.jugador1) {
            v = 100;
            while (it.hasNext()) {
                v = Math.min(v, asignarValor(it.next()));
            }
        } else {
            v = -100;
            while (it.hasNext()) {
                v = Math.max(v, asignarValor(it.next()));
            }
        }
        return v;
    }

    /** DECISION-MINIMAX: la acción de los sucesores con el mejor valor. */
    public Accion decision(Gato estado) {
        boolean maximiza = estado.jugador1;
        int mejorValor = maximiza ? -100 : 100;
        Accion mejor = null;
        int y = 0;
        while (y < 3) {
            int x = 0;
            while (x < 3) {
                if (estado.tablero[y][x] == 0) {
                    Gato hijo = new Gato(estado);
                    hijo.tiraEn(x, y, !estado.jugador1);
                    int valor = asignarValor(hijo);
                    if (maximiza && valor > mejorValor || !maximiza && valor < mejorValor) {
                        mejorValor = valor;
                        mejor = new Accion(hijo.tablero[y][x], x + 1, y + 1);
                    }
                }
                x++;
            }
            y++;
        }
        return mejor;
    }
''' + MAIN

# Dead code and debug prints inserted.
ELISA = '''    /** UTILIDAD: +1 si ganó X, -1 si ganó O, 0 en empate. */
    int utilidad(Gato estado) {
        int intentos = 0;
        if (estado.hayGanador) {
            System.out.println("gana alguien en " + estado.tiradas);
            return estado.jugador1 ? -1 : 1;
        }
        return 0;
    }

    /** ES-FINAL: alguien ganó o ya no hay casillas. */
    boolean esFinal(Gato estado) {
        boolean depurar = false;
        return estado.hayGanador || estado.tiradas == 9;
    }

    /** Solo para depurar: imprime un árbol (no se usa). */
    void imprimeArbol(Gato estado, int nivel) {
        String sangria = "";
        for (int i = 0; i < nivel; i++) {
            sangria += "  ";
        }
        System.out.println(sangria + estado);
        for (Gato s : estado.generaSucesores()) {
            imprimeArbol(s, nivel + 1);
        }
    }

    /** ASIGNAR-VALOR de la práctica: max para X, min para O. */
    int asignarValor(Gato estado) {
        System.out.println("asignarValor:\\n" + estado);
        if (esFinal(estado)) {
            return utilidad(estado);
        }
        int v;
        int nodos = 0;
        if (estado.jugador1) {
            v = -100;
            for (Gato s : estado.generaSucesores()) {
                System.out.println("max ve " + v);
                v = Math.max(v, asignarValor(s));
            }
        } else {
            v = 100;
            for (Gato s : estado.generaSucesores()) {
                System.out.println("min ve " + v);
                v = Math.min(v, asignarValor(s));
            }
        }
        if (false) {
            System.out.println("nunca");
            v = 0;
        }
        return v;
    }

    /** DECISION-MINIMAX: la acción de los sucesores con el mejor valor. */
    public Accion decision(Gato estado) {
        boolean maximiza = estado.jugador1;
        int revisados = 0;
        int mejorValor = maximiza ? -100 : 100;
        Accion mejor = null;
        for (int y = 0; y < 3; y++) {
            System.out.println("renglon " + y);
            for (int x = 0; x < 3; x++) {
                if (estado.tablero[y][x] != 0) {
                    continue;
                }
                Gato hijo = new Gato(estado);
                String debug = "probando " + x + "," + y;
                hijo.tiraEn(x, y, !estado.jugador1);
                int valor = asignarValor(hijo);
                System.out.println("valor " + valor);
                if (maximiza && valor > mejorValor || !maximiza && valor < mejorValor) {
                    mejorValor = valor;
                    mejor = new Accion(hijo.tablero[y][x], x + 1, y + 1);
                }
            }
        }
        return mejor;
    }
''' + MAIN

GLORIA = '''    private int maxValor(Gato g) {
        if (g.hayGanador) return -1;
        if (g.tiradas == 9) return 0;
        int mejor = Integer.MIN_VALUE;
        for (Gato hijo : g.generaSucesores()) {
            int v = minValor(hijo);
            if (v > mejor) mejor = v;
        }
        return mejor;
    }

    private int minValor(Gato g) {
        if (g.hayGanador) return 1;
        if (g.tiradas == 9) return 0;
        int mejor = Integer.MAX_VALUE;
        for (Gato hijo : g.generaSucesores()) {
            int v = maxValor(hijo);
            if (v < mejor) mejor = v;
        }
        return mejor;
    }

    /** La casilla en la que difieren dos estados seguidos. */
    private int[] casillaNueva(Gato antes, Gato despues) {
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++)
                if (antes.tablero[y][x] != despues.tablero[y][x]) return new int[] {x, y};
        return null;
    }

    public Accion decision(Gato estado) {
        boolean turnoX = estado.jugador1;
        Accion accion = null;
        int mejor = turnoX ? -2 : 2;
        for (Gato s : estado.generaSucesores()) {
            int v = turnoX ? minValor(s) : maxValor(s);
            if ((turnoX && v > mejor) || (!turnoX && v < mejor)) {
                mejor = v;
                int[] c = casillaNueva(estado, s);
                accion = new Accion(turnoX ? estado.MARCA2 : estado.MARCA1, c[0] + 1, c[1] + 1);
            }
        }
        return accion;
    }

    public static void main(String[] args) {
        Gato g = new Gato();
        g.tiraEn(1, 1, false);
        System.out.println(new Minimax().decision(g).x);
    }
'''

HECTOR = '''    static final int INFINITO = 1000;

    /** Minimax con la profundidad: gana antes quien gana más rápido. */
    int minimax(Gato estado, boolean esMax, int profundidad) {
        if (estado.hayGanador) {
            return esMax ? profundidad - 10 : 10 - profundidad;
        }
        if (estado.tiradas == 9) {
            return 0;
        }
        int valor = esMax ? -INFINITO : INFINITO;
        LinkedList<Gato> hijos = estado.generaSucesores();
        while (!hijos.isEmpty()) {
            Gato hijo = hijos.removeFirst();
            int v = minimax(hijo, !esMax, profundidad + 1);
            valor = esMax ? Math.max(valor, v) : Math.min(valor, v);
        }
        return valor;
    }

    public Accion decision(Gato estado) {
        Accion respuesta = null;
        boolean esMax = estado.jugador1;
        int mejor = esMax ? -INFINITO : INFINITO;
        for (int i = 0; i < 9; i++) {
            int x = i % 3, y = i / 3;
            if (estado.tablero[y][x] == 0) {
                Gato copia = new Gato(estado);
                copia.tiraEn(x, y, !estado.jugador1);
                int v = minimax(copia, !esMax, 1);
                if (esMax ? v > mejor : v < mejor) {
                    mejor = v;
                    respuesta = new Accion(copia.tablero[y][x], x + 1, y + 1);
                }
            }
        }
        return respuesta;
    }
'''

IRENE = '''    private boolean terminal(Gato g) {
        return g.hayGanador || g.tiradas >= 9;
    }

    private int puntaje(Gato g) {
        if (!g.hayGanador) return 0;
        return g.jugador1 ? -1 : 1;
    }

    private int valorMinimax(Gato g) {
        if (terminal(g)) return puntaje(g);
        LinkedList<Gato> sucesores = g.generaSucesores();
        int[] valores = new int[sucesores.size()];
        int i = 0;
        for (Gato s : sucesores) valores[i++] = valorMinimax(s);
        int elegido = valores[0];
        for (int v : valores) {
            if (g.jugador1) elegido = Math.max(elegido, v);
            else elegido = Math.min(elegido, v);
        }
        return elegido;
    }

    public Accion decision(Gato estado) {
        int mejorX = -1, mejorY = -1;
        Integer mejorValor = null;
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                if (estado.tablero[y][x] == 0) {
                    Gato s = new Gato(estado);
                    s.tiraEn(x, y, !estado.jugador1);
                    int v = valorMinimax(s);
                    boolean mejora = mejorValor == null || (estado.jugador1 ? v > mejorValor : v < mejorValor);
                    if (mejora) {
                        mejorValor = v;
                        mejorX = x;
                        mejorY = y;
                    }
                }
            }
        }
        int marca = estado.jugador1 ? estado.MARCA2 : estado.MARCA1;
        return new Accion(marca, mejorX + 1, mejorY + 1);
    }
'''

# Spliced: alba's value functions (lightly renamed) with gloria's decision.
FAUSTO = '''    int utilidad(Gato e) {
        if (e.hayGanador) {
            return e.jugador1 ? -1 : 1;
        }
        return 0;
    }

    boolean esTerminal(Gato e) {
        return e.hayGanador || e.tiradas == 9;
    }

    int valor(Gato e) {
        if (esTerminal(e)) {
            return utilidad(e);
        }
        int v;
        if (e.jugador1) {
            v = -100;
            for (Gato s : e.generaSucesores()) {
                v = Math.max(v, valor(s));
            }
        } else {
            v = 100;
            for (Gato s : e.generaSucesores()) {
                v = Math.min(v, valor(s));
            }
        }
        return v;
    }

    private int[] casillaNueva(Gato antes, Gato despues) {
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++)
                if (antes.tablero[y][x] != despues.tablero[y][x]) return new int[] {x, y};
        return null;
    }

    public Accion decision(Gato estado) {
        boolean turnoX = estado.jugador1;
        Accion accion = null;
        int mejor = turnoX ? -2 : 2;
        for (Gato s : estado.generaSucesores()) {
            int v = valor(s);
            if ((turnoX && v > mejor) || (!turnoX && v < mejor)) {
                mejor = v;
                int[] c = casillaNueva(estado, s);
                accion = new Accion(turnoX ? estado.MARCA2 : estado.MARCA1, c[0] + 1, c[1] + 1);
            }
        }
        return accion;
    }
'''

JULIA = '''    /** Regresa la acción que minimax elige para el jugador en turno. */
    public Accion decision(Gato estado) {
        // No me dio tiempo de terminar: tira en el centro.
        return new Accion(estado.MARCA2, 2, 2);
    }
'''
KEVIN = '''    public Accion decision(Gato estado) {
        return null; // pendiente
    }
'''
for name, body in [('alba', ALBA), ('bruno', BRUNO), ('carmen', CARMEN), ('dario', DARIO), ('elisa', ELISA),
                   ('fausto', FAUSTO), ('gloria', GLORIA), ('hector', HECTOR), ('irene', IRENE),
                   ('julia', JULIA)]:
    hand_in(name, body)
# kevin reformats the starter's own code a little as well.
hand_in('kevin', KEVIN, re.sub(r'\n\s*/\*\*[^\n]*\*/', '', starter).replace('    ', '  '))
