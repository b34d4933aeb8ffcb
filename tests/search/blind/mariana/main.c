/* Mariana - Practica 5 (IA). Minimax con poda alfa-beta. */
#include <stdio.h>
#include "minimax_trace.h"

#define INF 1000

int tablero[3][3];  /* 0 libre, 1 X, -1 O */
int jugadorMax;

int hayGanador(void) {
    for (int i = 0; i < 3; i++) {
        if (tablero[i][0] && tablero[i][0] == tablero[i][1] && tablero[i][1] == tablero[i][2]) return tablero[i][0];
        if (tablero[0][i] && tablero[0][i] == tablero[1][i] && tablero[1][i] == tablero[2][i]) return tablero[0][i];
    }
    if (tablero[1][1] && tablero[0][0] == tablero[1][1] && tablero[1][1] == tablero[2][2]) return tablero[1][1];
    if (tablero[1][1] && tablero[0][2] == tablero[1][1] && tablero[1][1] == tablero[2][0]) return tablero[1][1];
    return 0;
}

int casillasLibres(void) {
    int n = 0;
    for (int f = 0; f < 3; f++) for (int c = 0; c < 3; c++) if (!tablero[f][c]) n++;
    return n;
}

char letra(int j) { return j == 1 ? 'X' : 'O'; }

int minValue(int alfa, int beta);

int maxValue(int alfa, int beta) {
    int g = hayGanador();
    if (g) return g == jugadorMax ? 1 : -1;
    if (!casillasLibres()) return 0;
    int v = -INF;
    for (int f = 0; f < 3; f++)
        for (int c = 0; c < 3; c++) {
            if (tablero[f][c]) continue;
            tablero[f][c] = jugadorMax;
            traza_enter_ab(letra(jugadorMax), c + 1, f + 1, alfa, beta);
            int w = minValue(beta, alfa);
            traza_leave(w);
            tablero[f][c] = 0;
            if (w > v) v = w;
            if (v >= beta) return v;
            if (v > alfa) alfa = v;
        }
    return v;
}

int minValue(int alfa, int beta) {
    int g = hayGanador();
    if (g) return g == jugadorMax ? 1 : -1;
    if (!casillasLibres()) return 0;
    int v = INF;
    for (int f = 0; f < 3; f++)
        for (int c = 0; c < 3; c++) {
            if (tablero[f][c]) continue;
            tablero[f][c] = -jugadorMax;
            traza_enter_ab(letra(-jugadorMax), c + 1, f + 1, alfa, beta);
            int w = maxValue(beta, alfa);
            traza_leave(w);
            tablero[f][c] = 0;
            if (w < v) v = w;
            if (v <= alfa) return v;
            if (v < beta) beta = v;
        }
    return v;
}

int main(void) {
    char buf[512];
    int n = 0, equis = 0, circulos = 0;
    while (n < 9 && fgets(buf, sizeof buf, stdin)) {
        for (char *p = buf; *p && n < 9; p++) {
            if (*p == '(') break;
            int v = (*p == 'X' || *p == 'x') ? 1 : (*p == 'O' || *p == 'o' || *p == '0') ? -1 : (*p == '-') ? 0 : 2;
            if (v == 2) continue;
            tablero[n / 3][n % 3] = v;
            if (v == 1) equis++;
            if (v == -1) circulos++;
            n++;
        }
    }
    jugadorMax = (equis == circulos) ? 1 : -1;
    int alfa = -INF, beta = INF, mejorF = -1, mejorC = -1, mejorV = -INF;
    for (int f = 0; f < 3; f++)
        for (int c = 0; c < 3; c++) {
            if (tablero[f][c]) continue;
            tablero[f][c] = jugadorMax;
            traza_enter_ab(letra(jugadorMax), c + 1, f + 1, alfa, beta);
            int w = minValue(beta, alfa);
            traza_leave(w);
            tablero[f][c] = 0;
            if (w > mejorV) { mejorV = w; mejorF = f; mejorC = c; }
            if (mejorV > alfa) alfa = mejorV;
        }
    printf("%c %d %d\n", letra(jugadorMax), mejorC + 1, mejorF + 1);
    return 0;
}
