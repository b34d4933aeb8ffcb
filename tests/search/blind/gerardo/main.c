/* Gerardo Practica 5 - minimax gato, profundidad 4 */
#include <stdio.h>
#include "minimax_trace.h"

#define DEPTH 4
#define WIN 100
#define INF 1000

int b[9]; /* 0 vacio, 1 X, 2 O */

int lines[8][3] = {{0,1,2},{3,4,5},{6,7,8},{0,3,6},{1,4,7},{2,5,8},{0,4,8},{2,4,6}};

int winner(void) {
    int k;
    for (k = 0; k < 8; k++)
        if (b[lines[k][0]] && b[lines[k][0]] == b[lines[k][1]] && b[lines[k][1]] == b[lines[k][2]])
            return b[lines[k][0]];
    return 0;
}

int evaluate(int me) {
    int k, j, mine = 0, theirs = 0;
    for (k = 0; k < 8; k++) {
        int hasme = 0, hasthem = 0;
        for (j = 0; j < 3; j++) {
            if (b[lines[k][j]] == me) hasme = 1;
            else if (b[lines[k][j]]) hasthem = 1;
        }
        if (!hasthem) mine++;
        if (!hasme) theirs++;
    }
    return mine - theirs;
}

char mark(int p) { return p == 1 ? 'X' : 'O'; }

int minimax(int player, int me, int depth) {
    int w = winner(), i, best, val = 0, any = 0;
    if (w) return w == me ? WIN : -WIN;
    for (i = 0; i < 9; i++) if (!b[i]) any = 1;
    if (!any) return 0;
    if (depth == 0) return evaluate(me);
    best = (player == me) ? -INF : INF;
    for (i = 0; i < 9; i++) {
        if (b[i]) continue;
        b[i] = player;
        traza_enter(mark(player), i % 3 + 1, i / 3 + 1);
        val = minimax(3 - player, me, depth - 1);
        b[i] = 0;
        if (player == me && val > best) best = val;
        if (player != me && val < best) best = val;
        traza_leave(best);
    }
    return best;
}

int main(void) {
    char line[256];
    int n = 0, i, xs = 0, os = 0, me, best = -INF, bi = -1;
    while (n < 9 && fgets(line, sizeof line, stdin)) {
        if (line[0] == '(') continue;
        for (i = 0; line[i] && n < 9; i++) {
            char c = line[i];
            if (c == 'X' || c == 'x') { b[n++] = 1; xs++; }
            else if (c == 'O' || c == 'o' || c == '0') { b[n++] = 2; os++; }
            else if (c == '-') b[n++] = 0;
        }
    }
    me = (xs == os) ? 1 : 2;
    for (i = 0; i < 9; i++) {
        int v;
        if (b[i]) continue;
        b[i] = me;
        traza_enter(mark(me), i % 3 + 1, i / 3 + 1);
        v = minimax(3 - me, me, DEPTH - 1);
        b[i] = 0;
        if (v > best) { best = v; bi = i; }
        traza_leave(best);
    }
    printf("%c %d %d\n", mark(me), bi % 3 + 1, bi / 3 + 1);
    return 0;
}
