/* Práctica 5: minimax para el gato; lee el estado de stdin e imprime la acción. */
#include <stdio.h>

static const int lines[8][3] = {{0,1,2},{3,4,5},{6,7,8},{0,3,6},{1,4,7},{2,5,8},{0,4,8},{2,4,6}};

static char winner(const char *b) {
    for (int i = 0; i < 8; i++)
        if (b[lines[i][0]] != '-' && b[lines[i][0]] == b[lines[i][1]] && b[lines[i][1]] == b[lines[i][2]])
            return b[lines[i][0]];
    return 0;
}

static int value(char *b, char player) {
    char w = winner(b);
    if (w) return w == 'X' ? 1 : -1;
    int best = player == 'X' ? -2 : 2, any = 0;
    for (int i = 0; i < 9; i++) {
        if (b[i] != '-') continue;
        any = 1;
        b[i] = player;
        int v = value(b, player == 'X' ? 'O' : 'X');
        b[i] = '-';
        if (player == 'X' ? v > best : v < best) best = v;
    }
    return any ? best : 0;
}

int main(void) {
    char b[9];
    int n = 0, c, xs = 0, os = 0;
    while (n < 9 && (c = getchar()) != EOF) {
        if (c == '0') c = 'O';
        if (c == 'X' || c == 'O' || c == '-') {
            b[n++] = (char)c;
            xs += c == 'X';
            os += c == 'O';
        }
    }
    char player = xs == os ? 'X' : 'O';
    int best = -1, bestv = 0;
    for (int i = 0; i < 9; i++) {
        if (b[i] != '-') continue;
        b[i] = player;
        int v = value(b, player == 'X' ? 'O' : 'X');
        b[i] = '-';
        if (best < 0 || (player == 'X' ? v > bestv : v < bestv)) { best = i; bestv = v; }
    }
    printf("%c %d %d\n", player, best % 3 + 1, best / 3 + 1);
    return 0;
}
