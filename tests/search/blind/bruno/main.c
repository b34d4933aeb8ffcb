/* Bruno - Practica 5: Minimax (gato) en C.
 * DECISION-MINIMAX + ASIGNAR-VALOR con profundidad limite 4; en las hojas de la
 * profundidad uso la funcion de evaluacion de las transparencias
 * (lineas libres de MAX - lineas libres de MIN). Recorro columna por columna. */
#include <stdio.h>
#include <string.h>
#include "minimax_trace.h"

#define PROF 4
#define GANA 50

static char tab[9];
static const int lin[8][3] = {{0,1,2},{3,4,5},{6,7,8},{0,3,6},{1,4,7},{2,5,8},{0,4,8},{2,4,6}};

static char gano(void) {
    for (int k = 0; k < 8; k++) {
        char a = tab[lin[k][0]];
        if (a != '-' && a == tab[lin[k][1]] && a == tab[lin[k][2]]) return a;
    }
    return 0;
}

static int lleno(void) { return memchr(tab, '-', 9) == NULL; }

static int libres(char quien) {
    char contra = quien == 'X' ? 'O' : 'X';
    int n = 0;
    for (int k = 0; k < 8; k++)
        if (tab[lin[k][0]] != contra && tab[lin[k][1]] != contra && tab[lin[k][2]] != contra) n++;
    return n;
}

static int valor(char turno, char max, int prof) {
    char g = gano();
    if (g) return g == max ? GANA : -GANA;
    if (lleno()) return 0;
    char min = max == 'X' ? 'O' : 'X';
    if (prof == 0) return libres(max) - libres(min);
    int v = (turno == max) ? -1000 : 1000;
    for (int c = 0; c < 3; c++)
        for (int r = 0; r < 3; r++) {
            int i = r * 3 + c;
            if (tab[i] != '-') continue;
            tab[i] = turno;
            traza_enter(turno, c + 1, r + 1);
            int w = valor(turno == 'X' ? 'O' : 'X', max, prof - 1);
            traza_leave(w);
            tab[i] = '-';
            if (turno == max) { if (w > v) v = w; }
            else { if (w < v) v = w; }
        }
    return v;
}

int main(void) {
    int n = 0, ch, x = 0, o = 0;
    while (n < 9 && (ch = getchar()) != EOF) {
        if (ch == '(') { while ((ch = getchar()) != EOF && ch != '\n'); continue; }
        if (ch == 'X' || ch == 'x') { tab[n++] = 'X'; x++; }
        else if (ch == 'O' || ch == 'o' || ch == '0') { tab[n++] = 'O'; o++; }
        else if (ch == '-') tab[n++] = '-';
    }
    char yo = (x == o) ? 'X' : 'O';
    int mejor = -1000, mc = 0, mr = 0;
    for (int c = 0; c < 3; c++)
        for (int r = 0; r < 3; r++) {
            int i = r * 3 + c;
            if (tab[i] != '-') continue;
            tab[i] = yo;
            traza_enter(yo, c + 1, r + 1);
            int w = valor(yo == 'X' ? 'O' : 'X', yo, PROF - 1);
            traza_leave(w);
            tab[i] = '-';
            if (w > mejor) { mejor = w; mc = c + 1; mr = r + 1; }
        }
    printf("%c %d %d\n", yo, mc, mr);
    return 0;
}
