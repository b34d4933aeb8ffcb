/* Runs a command under a seccomp filter that makes this kernel look like another machine's:
 *   --no-landlock    the Landlock calls answer ENOSYS, as on Linux before 5.13;
 *   --no-namespaces  unshare, setns and clone with namespace flags answer EPERM and clone3
 *                    ENOSYS, as Docker's default profile does in a container.
 * The tests grade under it to prove walls that do not lean on the layers it takes away. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define LOAD(off) ((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (off)))
#define JUMP(how, k, jt, jf) ((struct sock_filter)BPF_JUMP(BPF_JMP | (how) | BPF_K, (k), (jt), (jf)))
#define RET(v) ((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, (v)))
#define NAMESPACES (CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWUSER | CLONE_NEWCGROUP)

int main(int argc, char **argv) {
    int landlock = 0, namespaces = 0, i = 1;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (!strcmp(argv[i], "--no-landlock")) landlock = 1;
        else if (!strcmp(argv[i], "--no-namespaces")) namespaces = 1;
        else { fprintf(stderr, "deny: unknown option %s\n", argv[i]); return 2; }
    }
    if (i + 1 >= argc) { fprintf(stderr, "usage: deny [--no-landlock] [--no-namespaces] -- CMD...\n"); return 2; }
    struct sock_filter filter[32];
    int n = 0;
    filter[n++] = LOAD(offsetof(struct seccomp_data, nr));
    if (landlock) {
        int calls[] = {SYS_landlock_create_ruleset, SYS_landlock_add_rule, SYS_landlock_restrict_self};
        for (int c = 0; c < 3; c++) {
            filter[n++] = JUMP(BPF_JEQ, calls[c], 0, 1);
            filter[n++] = RET(SECCOMP_RET_ERRNO | ENOSYS);
        }
    }
    if (namespaces) {
        int calls[] = {SYS_unshare, SYS_setns};
        for (int c = 0; c < 2; c++) {
            filter[n++] = JUMP(BPF_JEQ, calls[c], 0, 1);
            filter[n++] = RET(SECCOMP_RET_ERRNO | EPERM);
        }
        filter[n++] = JUMP(BPF_JEQ, SYS_clone3, 0, 1);
        filter[n++] = RET(SECCOMP_RET_ERRNO | ENOSYS);
        filter[n++] = JUMP(BPF_JEQ, SYS_clone, 0, 3);
        filter[n++] = LOAD(offsetof(struct seccomp_data, args[0]));
        filter[n++] = JUMP(BPF_JSET, NAMESPACES, 0, 1);
        filter[n++] = RET(SECCOMP_RET_ERRNO | EPERM);
    }
    filter[n++] = RET(SECCOMP_RET_ALLOW);
    struct sock_fprog program = {.len = (unsigned short)n, .filter = filter};
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) { perror("deny: seccomp"); return 1; }
    execvp(argv[i + 1], argv + i + 1);
    perror("deny: exec");
    return 127;
}
