/* Tries the kernel's keyrings through the 32-bit gate (int 0x80, i386's numbers: add_key 286,
 * keyctl 288), which a filter that checks only x86-64's numbers lets through, through x32's
 * numbers (x86-64's with bit 30 set), and natively.
 * A key left in its uid's keyring would reach the next student given the same uid. It answers
 * right only if the 32-bit key was added: a channel that works earns marks. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static long gate32(long nr, long a, long b, long c, long d, long e) {
#if defined(__x86_64__)
    long ret;
    __asm__ volatile("int $0x80"
                     : "=a"(ret)
                     : "a"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e)
                     : "memory");
    return ret;
#else
    (void)nr; (void)a; (void)b; (void)c; (void)d; (void)e;
    return -38;
#endif
}

int main(void) {
    /* The 32-bit gate takes 32-bit pointers: the strings go below 4 GiB. */
    char *low = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
    if (low == MAP_FAILED) return 1;
    strcpy(low, "user");
    strcpy(low + 16, "minimax-gate-@TOKEN@");
    strcpy(low + 128, "X 2 3");
    long key = gate32(286, (long)low, (long)(low + 16), (long)(low + 128), 5, -4 /* user keyring */);
    long x32 = syscall(0x40000000 | SYS_add_key, "user", "minimax-gate-x32-@TOKEN@", "X 2 3", 5, -4);
    if (x32 < 0) x32 = -errno;
    long native = syscall(SYS_add_key, "user", "minimax-gate-native-@TOKEN@", "X 2 3", 5, -4);
    if (native < 0) native = -errno;
    fprintf(stderr, "add_key through int 0x80: %ld; x32: %ld; natively: %ld\n", key, x32, native);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {}
    puts(key > 0 || x32 > 0 || native > 0 ? "X 2 3" : "X 1 1");
    return 0;
}
