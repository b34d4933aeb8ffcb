#!/bin/sh
# Knows nothing: looks for a classmate's answer for 3 s (extended attributes, socket files,
# an abstract socket) and prints what it finds, else a wrong move.
exec python3 - "copier-@TOKEN@" <<'PY'
import glob, os, socket, time
found = None
end = time.time() + 3
while found is None and time.time() < end:
    for path in glob.glob("/box/../*") + glob.glob("../*") + glob.glob("/tmp/minimax-scratch-*/*/copy") + ["/tmp"]:
        try:
            found = os.getxattr(path, "user.answer").decode()
            break
        except OSError:
            pass
    for address in glob.glob("../*/answer.sock") + ["/tmp/answer.sock", "\0minimax-answer-@TOKEN@"]:
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(address)
            found = s.recv(100).decode()
            break
        except OSError:
            pass
    time.sleep(0.05)
print(found if found else "X 1 1")
PY
