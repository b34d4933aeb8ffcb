/* Javier - Practica 5: gato con poda alfa-beta (ALPHA-BETA-SEARCH de las transparencias).
 * Orden de los hijos: centro, esquinas, orillas (el centro y las esquinas suelen ser mejores,
 * y la poda depende del orden). */
#include <stdio.h>
#include <math.h>
#include "minimax_trace.h"

static char T[9];
static const int ORDEN[9] = {4, 0, 2, 6, 8, 1, 3, 5, 7};
static const int L[8][3] = {{0,1,2},{3,4,5},{6,7,8},{0,3,6},{1,4,7},{2,5,8},{0,4,8},{2,4,6}};
static char MAXJ, MINJ;
static int mejor_casilla = -1;

static char linea(void) {
    for (int k = 0; k < 8; k++)
        if (T[L[k][0]] != '.' && T[L[k][0]] == T[L[k][1]] && T[L[k][1]] == T[L[k][2]])
            return T[L[k][0]];
    return 0;
}

static int terminal(double *u) {
    char g = linea();
    if (g) { *u = (g == MAXJ) ? 1 : -1; return 1; }
    for (int i = 0; i < 9; i++) if (T[i] == '.') return 0;
    *u = 0;
    return 1;
}

static double min_value(double alfa, double beta);

static double max_value(double alfa, double beta, int raiz) {
    double u, v = -INFINITY;
    if (terminal(&u)) return u;
    for (int k = 0; k < 9; k++) {
        int i = ORDEN[k];
        if (T[i] != '.') continue;
        T[i] = MAXJ;
        traza_enter_ab(MAXJ, i % 3 + 1, i / 3 + 1, alfa, beta);
        double w = min_value(alfa, beta);
        traza_leave(w);
        T[i] = '.';
        if (w > v) { v = w; if (raiz) mejor_casilla = i; }
        if (v >= beta) return v;
        if (v > alfa) alfa = v;
    }
    return v;
}

static double min_value(double alfa, double beta) {
    double u, v = INFINITY;
    if (terminal(&u)) return u;
    for (int k = 0; k < 9; k++) {
        int i = ORDEN[k];
        if (T[i] != '.') continue;
        T[i] = MINJ;
        traza_enter_ab(MINJ, i % 3 + 1, i / 3 + 1, alfa, beta);
        double w = max_value(alfa, beta, 0);
        traza_leave(w);
        T[i] = '.';
        if (w < v) v = w;
        if (v <= alfa) return v;
        if (v < beta) beta = v;
    }
    return v;
}

int main(void) {
    int n = 0, c, nx = 0, no = 0;
    while (n < 9 && (c = getchar()) != EOF) {
        if (c == '(') break;
        if (c == 'X' || c == 'x') { T[n++] = 'X'; nx++; }
        else if (c == 'O' || c == 'o' || c == '0') { T[n++] = 'O'; no++; }
        else if (c == '-') T[n++] = '.';
    }
    MAXJ = (nx == no) ? 'X' : 'O';
    MINJ = (MAXJ == 'X') ? 'O' : 'X';
    traza_root();
    double v = max_value(-INFINITY, INFINITY, 1);
    traza_leave(v);
    printf("%c %d %d\n", MAXJ, mejor_casilla % 3 + 1, mejor_casilla / 3 + 1);
    return 0;
}
