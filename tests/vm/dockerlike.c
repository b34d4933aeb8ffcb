/* `dockerlike COMMAND...`: runs COMMAND as a container under Docker's default seccomp profile
 * sees the kernel, for tests/vm (no Docker in the VM): the calls that profile refuses to a
 * container without CAP_SYS_ADMIN are refused (unshare, setns, mount, umount2, pivot_root, the
 * keyring; clone with a namespace flag; clone3 with ENOSYS so that libc falls back to clone),
 * every other architecture's gate is refused, and /sys/fs/cgroup is read-only (as Docker mounts
 * it). Landlock and everything else stay allowed, as in Docker's profile. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define NAMESPACE_FLAGS 0x7E020000u /* CLONE_NEWNS|NEWCGROUP|NEWUTS|NEWIPC|NEWUSER|NEWPID|NEWNET */
#define REFUSE(nr) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), \
                   BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM)

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: dockerlike COMMAND...\n");
        return 2;
    }
    /* /sys/fs/cgroup read-only, in a mount namespace of this command's own. */
    if (unshare(CLONE_NEWNS) != 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
        mount("/sys/fs/cgroup", "/sys/fs/cgroup", NULL, MS_BIND, NULL) != 0 ||
        mount(NULL, "/sys/fs/cgroup", NULL, MS_BIND | MS_REMOUNT | MS_RDONLY, NULL) != 0) {
        perror("dockerlike: a read-only /sys/fs/cgroup");
        return 2;
    }
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1), /* x32 */
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        REFUSE(SYS_unshare), REFUSE(SYS_setns), REFUSE(SYS_mount), REFUSE(SYS_umount2),
        REFUSE(SYS_pivot_root), REFUSE(SYS_add_key), REFUSE(SYS_keyctl), REFUSE(SYS_request_key),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 3),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, NAMESPACE_FLAGS, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = {sizeof filter / sizeof filter[0], filter};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
        prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) {
        perror("dockerlike: seccomp");
        return 2;
    }
    execvp(argv[1], argv + 1);
    perror("dockerlike: exec");
    return 127;
}
