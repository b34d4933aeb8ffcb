#!/bin/sh
# Answers right, and offers the answer to any classmate for 3 s: an extended attribute on
# its folder, a socket file in its folder and in /tmp, and an abstract unix socket.
answer=$(awk -f @AWK@)
python3 - "$answer" "whisper-@TOKEN@" <<'PY'
import os, socket, sys, time
answer = sys.argv[1].encode()
try:
    os.setxattr(".", "user.answer", answer)
except OSError:
    pass
servers = []
for address in ("answer.sock", "/tmp/answer.sock", "\0minimax-answer-@TOKEN@"):
    try:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.bind(address)
        os.chmod(address, 0o777) if not address.startswith("\0") else None
        s.listen(8)
        s.settimeout(0.05)
        servers.append(s)
    except OSError:
        pass
end = time.time() + 3
while time.time() < end:
    for s in servers:
        try:
            c, _ = s.accept()
            c.sendall(answer)
            c.close()
        except OSError:
            pass
PY
echo "$answer"
