/* An honest student's minimax for the practice sheet, in C: reads the 3x3 grid on stdin
 * (X, O or 0, and - . _ for empty; anything else is layout) and prints the best action for
 * the side to move (X when both have as many marks), as `X c r`, column then row. Built
 * static on the host so that the test image needs no compiler; the solver service stands on
 * it too. */
#include <stdio.h>

static char board[9];

static char winner(void) {
    static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (int i = 0; i < 8; i++) {
        char a = board[lines[i][0]];
        if (a != '-' && a == board[lines[i][1]] && a == board[lines[i][2]]) return a;
    }
    return 0;
}

/* The value of the board for `me` with `turn` to move, `depth` plies down: a win (sooner is
 * better) is positive, a loss (later is better) negative, a draw 0. */
static int value(char turn, char me, int depth) {
    char w = winner();
    if (w) return w == me ? 10 - depth : depth - 10;
    int best = turn == me ? -100 : 100, moved = 0;
    for (int i = 0; i < 9; i++) {
        if (board[i] != '-') continue;
        moved = 1;
        board[i] = turn;
        int v = value(turn == 'X' ? 'O' : 'X', me, depth + 1);
        board[i] = '-';
        if (turn == me ? v > best : v < best) best = v;
    }
    return moved ? best : 0;
}

int main(void) {
    int n = 0, c, xs = 0, os = 0;
    while ((c = getchar()) != EOF && n < 9) {
        if (c == 'X' || c == 'x') { board[n++] = 'X'; xs++; }
        else if (c == 'O' || c == 'o' || c == '0') { board[n++] = 'O'; os++; }
        else if (c == '-' || c == '.' || c == '_') board[n++] = '-';
    }
    if (n != 9) { fprintf(stderr, "not a 3x3 grid\n"); return 1; }
    char me = xs == os ? 'X' : 'O';
    int best = -100, move = -1;
    for (int i = 0; i < 9; i++) {
        if (board[i] != '-') continue;
        board[i] = me;
        int v = value(me == 'X' ? 'O' : 'X', me, 1);
        board[i] = '-';
        if (v > best) { best = v; move = i; }
    }
    if (move < 0) { fprintf(stderr, "no move to make\n"); return 1; }
    printf("%c %d %d\n", me, move % 3 + 1, move / 3 + 1);
    return 0;
}
