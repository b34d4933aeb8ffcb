/* Olga - Practica 5: Negamax con poda alfa-beta (equivale a MAX-VALUE/MIN-VALUE:
 * el valor para MIN es el negativo del valor para MAX). La traza se escribe desde el
 * punto de vista del jugador de la raiz. */
#include <stdio.h>
#include "minimax_trace.h"

static int b[9];          /* +1 el que tira en la raiz, -1 el otro, 0 libre */
static char marca[3];     /* marca[0] = la del otro, marca[2] = la de la raiz */

static int gana(int p) {
    static const int w[8][3] = {{0,1,2},{3,4,5},{6,7,8},{0,3,6},{1,4,7},{2,5,8},{0,4,8},{2,4,6}};
    for (int k = 0; k < 8; k++)
        if (b[w[k][0]] == p && b[w[k][1]] == p && b[w[k][2]] == p) return 1;
    return 0;
}

/* valor para el jugador `p` que tira ahora */
static int negamax(int p, int alfa, int beta) {
    if (gana(-p)) return -1;
    int libre = 0;
    for (int i = 0; i < 9; i++) if (!b[i]) libre = 1;
    if (!libre) return 0;
    int best = -2;
    for (int i = 0; i < 9; i++) {
        if (b[i]) continue;
        b[i] = p;
        traza_enter(marca[p + 1], i % 3 + 1, i / 3 + 1);
        int v = -negamax(-p, -beta, -alfa);
        traza_leave(p * v);   /* p = +1: ya es de la raiz; p = -1: cambio de signo */
        b[i] = 0;
        if (v > best) best = v;
        if (best >= beta) break;
        if (best > alfa) alfa = best;
    }
    return best;
}

int main(void) {
    int c, n = 0, nx = 0, no = 0;
    char cel[9];
    while (n < 9 && (c = getchar()) != EOF) {
        if (c == '(') break;
        if (c == 'X' || c == 'x') { cel[n++] = 'X'; nx++; }
        else if (c == 'O' || c == 'o' || c == '0') { cel[n++] = 'O'; no++; }
        else if (c == '-') cel[n++] = '-';
    }
    char yo = nx == no ? 'X' : 'O';
    marca[2] = yo;
    marca[0] = yo == 'X' ? 'O' : 'X';
    for (int i = 0; i < 9; i++) b[i] = cel[i] == '-' ? 0 : (cel[i] == yo ? 1 : -1);
    int alfa = -2, mejor = -1;
    for (int i = 0; i < 9; i++) {
        if (b[i]) continue;
        b[i] = 1;
        traza_enter(yo, i % 3 + 1, i / 3 + 1);
        int v = -negamax(-1, -2, -alfa);
        traza_leave(v);
        b[i] = 0;
        if (mejor < 0 || v > alfa) { alfa = v; mejor = i; }
    }
    printf("%c %d %d\n", yo, mejor % 3 + 1, mejor / 3 + 1);
    return 0;
}
