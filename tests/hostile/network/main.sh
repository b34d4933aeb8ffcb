#!/bin/sh
# Phones home: a TCP connection and a UDP datagram to the grading machine's loopback.
python3 -c '
import socket, sys
port = int(sys.argv[1])
try:
    socket.create_connection(("127.0.0.1", port), timeout=1).sendall(b"LEAK")
except OSError:
    pass
try:
    socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"LEAK", ("127.0.0.1", port))
except OSError:
    pass
print("X 2 3")
' "$PORT" "$TOKEN"
