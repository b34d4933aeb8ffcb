/* A student's minimax in C for the sheet (ASIGNAR-VALOR, then the slides' MAX-VALUE /
 * MIN-VALUE), one variant of it; make-class.py writes each student's main.c with VARIANT. */
#include <math.h>
#include <stdio.h>
#include "minimax_trace.h"

#define MINIMAX 0
#define SLIDES 1
#define STRICT 2
#define SWAPPED 3
#define WRONG_SIDE 4
#define DEPTH 5
#define DEPTH_DEEPER 6
#define DEPTH_SHALLOWER 7
#define VARIANT DEPTH_DEEPER

static char board[9];
static const int LINES[8][3] = {{0,1,2},{3,4,5},{6,7,8},{0,3,6},{1,4,7},{2,5,8},{0,4,8},{2,4,6}};

static char to_move(void) {
    int x = 0, o = 0;
    for (int i = 0; i < 9; i++) { x += board[i] == 'X'; o += board[i] == 'O'; }
    return x == o ? 'X' : 'O';
}

static char winner(void) {
    for (int l = 0; l < 8; l++) {
        char a = board[LINES[l][0]];
        if (a != '-' && a == board[LINES[l][1]] && a == board[LINES[l][2]]) return a;
    }
    return 0;
}

static int es_final(void) {
    if (winner()) return 1;
    for (int i = 0; i < 9; i++) if (board[i] == '-') return 0;
    return 1;
}

static double utilidad(char maximo) {
    char w = winner();
    return w == 0 ? 0 : (w == maximo ? 1 : -1);
}

/* The course's depth limit (tests/search/depth.toml), counted from the root at 0; only the
 * depth variants stop there. */
#define PROFUNDIDAD 2

static int at_limit(int prof) {
    if (VARIANT == DEPTH || VARIANT == DEPTH_SHALLOWER) return prof == PROFUNDIDAD;
    if (VARIANT == DEPTH_DEEPER) return prof > PROFUNDIDAD; /* the bug: one ply past it */
    return 0;
}

static double asignar_valor(char maximo) {
    if (es_final()) return utilidad(maximo);
    char mark = to_move();
    double v = mark == maximo ? -INFINITY : INFINITY;
    for (int i = 0; i < 9; i++) {
        if (board[i] != '-') continue;
        board[i] = mark;
        traza_enter(mark, i % 3 + 1, i / 3 + 1);
        double w = asignar_valor(maximo);
        traza_leave(w);
        board[i] = '-';
        v = mark == maximo ? fmax(v, w) : fmin(v, w);
    }
    return v;
}

static double value(char maximo, double alpha, double beta, int prof) {
    if (es_final()) return utilidad(maximo);
    if (at_limit(prof)) return 0; /* the horizon scored as a draw */
    char mark = to_move();
    int max = mark == maximo;
    double v = max ? -INFINITY : INFINITY;
    for (int i = 0; i < 9; i++) {
        if (board[i] != '-') continue;
        board[i] = mark;
        traza_enter_ab(mark, i % 3 + 1, i / 3 + 1, alpha, beta);
        double w = value(maximo, alpha, beta, prof + 1);
        traza_leave(w);
        board[i] = '-';
        if (max) {
            v = fmax(v, w);
            if (VARIANT == SWAPPED) { if (v >= alpha) return v; beta = fmax(beta, v); continue; }
            if (VARIANT == WRONG_SIDE ? v <= alpha : VARIANT == STRICT ? v > beta : v >= beta) return v;
            alpha = fmax(alpha, v);
        } else {
            v = fmin(v, w);
            if (VARIANT == SWAPPED) { if (v <= beta) return v; alpha = fmin(alpha, v); continue; }
            if (VARIANT == WRONG_SIDE ? v >= beta : VARIANT == STRICT ? v < alpha : v <= alpha) return v;
            beta = fmin(beta, v);
        }
    }
    return v;
}

int main(void) {
    int n = 0, c;
    while (n < 9 && (c = getchar()) != EOF) {
        if (c == '0') c = 'O';
        if (c == 'X' || c == 'O' || c == '-') board[n++] = (char)c;
    }
    char maximo = to_move();
    int prof = VARIANT == DEPTH_SHALLOWER; /* the bug there: the root counted as 1 */
    /* DECISION-MINIMAX: each successor's value; the first best is the action. */
    int best = -1;
    double best_v = -INFINITY, alpha = -INFINITY;
    for (int i = 0; i < 9; i++) {
        if (board[i] != '-') continue;
        board[i] = maximo;
        double w;
        if (VARIANT == MINIMAX) {
            traza_enter(maximo, i % 3 + 1, i / 3 + 1);
            w = asignar_valor(maximo);
        } else {
            traza_enter_ab(maximo, i % 3 + 1, i / 3 + 1, alpha, INFINITY);
            w = value(maximo, alpha, INFINITY, prof + 1);
        }
        traza_leave(w);
        board[i] = '-';
        if (best < 0 || w > best_v) { best = i; best_v = w; }
        alpha = fmax(alpha, w);
    }
    printf("%c %d %d\n", maximo, best % 3 + 1, best / 3 + 1);
    return 0;
}
