#!/bin/sh
# Leaves kernel objects behind: SysV shared memory, a queue, semaphores, and a key in its
# user's keyring (which outlive processes); then answers honestly.
ipcmk -M 67108864 >/dev/null 2>&1
ipcmk -Q >/dev/null 2>&1
ipcmk -S 4 >/dev/null 2>&1
python3 -c 'import ctypes
libc = ctypes.CDLL(None, use_errno=True)
# add_key("user", name, data, len, KEY_SPEC_USER_KEYRING)
libc.syscall(248, b"user", b"minimax-@TOKEN@", b"answers", 7, -4)' "ipc-@TOKEN@"
exec awk -f @AWK@
