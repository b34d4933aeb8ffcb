/* Tries a wall the network namespace and the disk limit leave to seccomp, as `./walls vsock`
 * or `./walls mount`:
 * - vsock: a socket of the AF_VSOCK family, which no network namespace walls in (it reaches
 *   the host of a virtual machine);
 * - mount: a tmpfs of its own, in a user and mount namespace of its own, and 32 MiB written
 *   into it: past --disk, counted by nothing but the memory cgroup.
 * It answers right only if the wall gave way: a channel that works earns marks. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef AF_VSOCK
#define AF_VSOCK 40
#endif

static int vsock(void) {
    int fd = socket(AF_VSOCK, SOCK_STREAM, 0);
    int pair[2];
    int paired = socketpair(AF_VSOCK, SOCK_STREAM, 0, pair);
    int pair_errno = paired < 0 ? errno : 0;
    fprintf(stderr, "vsock socket: %d; socketpair: %d\n", fd < 0 ? -errno : 0, paired < 0 ? -pair_errno : 0);
    return fd >= 0;
}

/* Writes `text` into the file `path` (a map of the new user namespace). */
static void put(const char *path, const char *text) {
    int fd = open(path, O_WRONLY);
    if (fd >= 0) {
        if (write(fd, text, strlen(text)) < 0) {}
        close(fd);
    }
}

static int own_tmpfs(void) {
    char uid[64], gid[64];
    snprintf(uid, sizeof uid, "0 %u 1\n", (unsigned)getuid());
    snprintf(gid, sizeof gid, "0 %u 1\n", (unsigned)getgid());
    long unshared = unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0 ? 0 : -errno;
    /* Root of its own namespace, so that the tmpfs's files are its own. */
    put("/proc/self/setgroups", "deny");
    put("/proc/self/uid_map", uid);
    put("/proc/self/gid_map", gid);
    mkdir("mnt", 0700);
    long mounted = mount("none", "mnt", "tmpfs", 0, "size=64m") == 0 ? 0 : -errno;
    long fs = syscall(430 /* fsopen */, "tmpfs", 0);
    long fsopen = fs >= 0 ? 0 : -errno;
    long written = 0;
    if (mounted == 0) {
        static char block[1 << 20];
        memset(block, 'x', sizeof block);
        int fd = open("mnt/fill", O_WRONLY | O_CREAT, 0600);
        while (fd >= 0 && written < 32 && write(fd, block, sizeof block) == (ssize_t)sizeof block) written++;
    }
    fprintf(stderr, "unshare: %ld; mount: %ld; fsopen: %ld; written: %ld MiB\n", unshared, mounted, fsopen, written);
    return written >= 32 || fsopen == 0;
}

int main(int argc, char **argv) {
    int through = argc > 1 && strcmp(argv[1], "vsock") == 0 ? vsock() : own_tmpfs();
    char line[256];
    while (fgets(line, sizeof line, stdin)) {}
    puts(through ? "X 2 3" : "X 1 1");
    return 0;
}
