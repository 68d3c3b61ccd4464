#!/usr/bin/env python3
"""Sends one JSON command to mpv's IPC socket, as another mpv client would. Usage: mpv_ipc.py SOCKET JSON

Prints mpv's reply (one line) and exits 0 when mpv answered "success", 1 otherwise.
"""
import json
import socket
import sys

with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
    connection.settimeout(5)
    connection.connect(sys.argv[1])
    connection.sendall(sys.argv[2].encode() + b"\n")
    reply = b""
    while not reply.endswith(b"\n"):
        chunk = connection.recv(4096)
        if not chunk:
            break
        reply += chunk
line = reply.decode().strip().splitlines()[0] if reply else ""
print(line)
sys.exit(0 if line and json.loads(line).get("error") == "success" else 1)
