"""A solver service on 127.0.0.1:7777, TCP and UDP, started in each test container as root: it
stands for an online solver a student's program might ask. It answers with the static solver
in its own folder (mode 0700: runs cannot call it directly)."""
import os
import socket
import socketserver
import subprocess
import threading

SOLVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "solver")


def solve(position):
    done = subprocess.run([SOLVER], input=position, capture_output=True, timeout=5)
    return done.stdout


class Tcp(socketserver.StreamRequestHandler):
    def handle(self):
        self.wfile.write(solve(self.rfile.read(4096)))


class Udp(socketserver.BaseRequestHandler):
    def handle(self):
        data, sock = self.request
        sock.sendto(solve(data), self.client_address)


socketserver.TCPServer.allow_reuse_address = True
udp = socketserver.ThreadingUDPServer(("127.0.0.1", 7777), Udp)
threading.Thread(target=udp.serve_forever, daemon=True).start()
socketserver.ThreadingTCPServer(("127.0.0.1", 7777), Tcp).serve_forever()
