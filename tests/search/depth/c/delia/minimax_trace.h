/* The search's trace for minimax's grader (protocol version 1, doc/grading.md), for C.
 *
 *   #include "minimax_trace.h"
 *   traza_root();                          optional: the root itself (MAX-VALUE at the top)
 *   traza_enter('X', 3, 1);                the node the move X 3 1 leads to
 *   traza_enter_ab('X', 3, 1, alpha, beta);  the same, with alpha and beta
 *   traza_leave(v);                        its value, from MAX's view
 *
 * Nothing is written unless the grader sets MINIMAX_TRACE (a descriptor number such as 2, or
 * a file name). Lines are kept in a buffer and written whole, so what the program writes to
 * stderr itself falls between lines, never inside one. */
#ifndef MINIMAX_TRACE_H
#define MINIMAX_TRACE_H

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int traza_fd = -2; /* -2: not looked at yet; -1: no trace asked */
static char traza_buf[1 << 16];
static size_t traza_len;

static inline void traza_flush(void) {
    size_t done = 0;
    while (traza_fd >= 0 && done < traza_len) {
        ssize_t n = write(traza_fd, traza_buf + done, traza_len - done);
        if (n <= 0) break;
        done += (size_t)n;
    }
    traza_len = 0;
}

static inline void traza_line(const char *line) {
    size_t n = strlen(line);
    if (traza_len + n > sizeof traza_buf) traza_flush();
    memcpy(traza_buf + traza_len, line, n);
    traza_len += n;
}

static inline int traza_on(void) {
    if (traza_fd == -2) {
        const char *target = getenv("MINIMAX_TRACE");
        traza_fd = -1;
        if (target && *target) {
            if (strspn(target, "0123456789") == strlen(target))
                traza_fd = atoi(target);
            else
                traza_fd = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0600);
            if (traza_fd >= 0) {
                atexit(traza_flush);
                traza_line("minimax-trace 1\n");
            }
        }
    }
    return traza_fd >= 0;
}

/* Appends v to out; integers (the usual values, and α and β) without printf, which would
 * cost more than a fast search's own work. Returns the end. */
static inline char *traza_number(char *out, double v) {
    if (isinf(v)) return out + sprintf(out, v > 0 ? "inf" : "-inf");
    if (v == (double)(long long)v && fabs(v) < 1e15) {
        long long n = (long long)v;
        char digits[24];
        int len = 0;
        if (n < 0) { *out++ = '-'; n = -n; }
        do { digits[len++] = (char)('0' + n % 10); n /= 10; } while (n);
        while (len) *out++ = digits[--len];
        return out;
    }
    return out + sprintf(out, "%.17g", v);
}

/* "enter X 3 1" into out (columns and rows up to 99); returns the end. */
static inline char *traza_move(char *out, char mark, int col, int row) {
    memcpy(out, "enter ", 6);
    out += 6;
    *out++ = mark;
    *out++ = ' ';
    out = traza_number(out, col);
    *out++ = ' ';
    return traza_number(out, row);
}

static inline void traza_root(void) {
    if (traza_on()) traza_line("enter\n");
}

static inline void traza_enter(char mark, int col, int row) {
    char line[64], *end;
    if (!traza_on()) return;
    end = traza_move(line, mark, col, row);
    *end++ = '\n';
    *end = 0;
    traza_line(line);
}

static inline void traza_enter_ab(char mark, int col, int row, double alpha, double beta) {
    char line[128], *end;
    if (!traza_on()) return;
    end = traza_move(line, mark, col, row);
    *end++ = ' ';
    end = traza_number(end, alpha);
    *end++ = ' ';
    end = traza_number(end, beta);
    *end++ = '\n';
    *end = 0;
    traza_line(line);
}

static inline void traza_leave(double value) {
    char line[64], *end;
    if (!traza_on()) return;
    memcpy(line, "leave ", 6);
    end = traza_number(line + 6, value);
    *end++ = '\n';
    *end = 0;
    traza_line(line);
}

#endif
