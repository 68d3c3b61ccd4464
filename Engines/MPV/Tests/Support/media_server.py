#!/usr/bin/env python3
"""A local HTTP server for the engine's real-playback tests. Usage: media_server.py DIRECTORY

Prints the port it listens on (127.0.0.1, chosen by the system), a port that refuses connections
(bound, never listening) and a late port (bound, refusing until told) as its first line, then serves
files of DIRECTORY until stdin closes or it is killed. A line `listen` on stdin makes the late port
listen and serve as the first does; the server answers `listening` on stdout once it does.

  GET /file/NAME    the file, with range requests (206), as an ordinary web server does
  GET /linear/NAME  the whole file, range requests ignored (Accept-Ranges: none)
  GET /hang/NAME    nothing: the response never comes (the connection stays open for 30 s)
  GET /status/CODE/NAME  an error response with that status (404, 410, 503, ...)
  GET /flaky/NAME   503 for the first request of this path and query, then as /file/NAME
  ?at=BYTES         on either: the server dies at byte BYTES of the file: every response stops
                    there and drops its connection, and a request from there on gets 503
  ?rate=BYTES       on either: the body is sent at BYTES per second (in twentieths of a second),
                    slower than a stream's bitrate when BYTES is below it
  ?pause=BYTES:MS   on either: the body stops before byte BYTES of the file for MS milliseconds,
                    then goes on: a stall of the origin at a known place for a known time
"""
import os
import re
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

ROOT = sys.argv[1]
SEEN = set()
SEEN_LOCK = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urlparse(self.path)
        kind, _, name = url.path.lstrip("/").partition("/")
        path = os.path.join(ROOT, os.path.basename(name))
        if kind == "hang":
            time.sleep(30)
            self.close_connection = True
            return
        if kind == "status":
            code, _, name = name.partition("/")
            self.send_error(int(code))
            return
        if kind == "flaky":
            with SEEN_LOCK:
                first = self.path not in SEEN
                SEEN.add(self.path)
            if first:
                self.send_error(503)
                return
            kind = "file"
            path = os.path.join(ROOT, os.path.basename(name))
        if kind not in ("file", "linear") or not os.path.isfile(path):
            self.send_error(404)
            return
        size = os.path.getsize(path)
        first, last = 0, size - 1
        ranged = False
        match = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", ""))
        if match and kind != "linear":
            first = int(match.group(1))
            last = min(last, int(match.group(2))) if match.group(2) else last
            ranged = True
            if first > last:
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{size}")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
        query = parse_qs(url.query)
        dies_at = min(size, int(query.get("at", [str(size)])[0]))
        rate = int(query.get("rate", ["0"])[0])
        pause_at, _, pause_ms = query.get("pause", ["-1:0"])[0].partition(":")
        pause_at, pause_ms = int(pause_at), int(pause_ms or "0")
        if first >= dies_at:
            self.send_error(503)
            return
        self.send_response(206 if ranged else 200)
        self.send_header("Content-Type", "video/mp4")
        self.send_header("Content-Length", str(last - first + 1))
        self.send_header("Accept-Ranges", "none" if kind == "linear" else "bytes")
        if ranged:
            self.send_header("Content-Range", f"bytes {first}-{last}/{size}")
        self.end_headers()
        end = min(last + 1, dies_at)
        try:
            with open(path, "rb") as media:
                media.seek(first)
                if first < pause_at < end:
                    self.send(media, pause_at - first, rate)
                    self.wfile.flush()
                    time.sleep(pause_ms / 1000)
                    self.send(media, end - pause_at, rate)
                else:
                    self.send(media, end - first, rate)
            self.wfile.flush()
            if end <= last:
                self.connection.shutdown(socket.SHUT_RDWR)
                self.close_connection = True
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def send(self, media, count, rate):
        """Sends the next count bytes of media, at rate bytes per second if rate is positive."""
        if rate > 0:
            self.send_throttled(media, count, rate)
        else:
            self.wfile.write(media.read(count))

    def send_throttled(self, media, count, rate):
        """Sends count bytes of media at rate bytes per second: a twentieth of the rate every 50 ms."""
        chunk = max(1, rate // 20)
        started = time.monotonic()
        sent = 0
        while sent < count:
            data = media.read(min(chunk, count - sent))
            if not data:
                break
            self.wfile.write(data)
            self.wfile.flush()
            sent += len(data)
            delay = started + sent / rate - time.monotonic()
            if delay > 0:
                time.sleep(delay)


def bound():
    """A socket bound to a port of 127.0.0.1 and not listening: connections to it are refused, and no one else
    takes the port."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    return sock


def serve(sock):
    """Serves on a bound socket, listening from now on."""
    served = ThreadingHTTPServer(sock.getsockname(), Handler, bind_and_activate=False)
    served.daemon_threads = True
    served.socket.close()
    served.socket = sock
    served.server_activate()
    threading.Thread(target=served.serve_forever, daemon=True).start()
    return served


server = serve(bound())
refusing = bound()
late = bound()
print(server.server_address[1], refusing.getsockname()[1], late.getsockname()[1], flush=True)
servers = [server]
for line in sys.stdin:  # the test closes stdin (or exits) to stop the server
    if line.strip() == "listen" and len(servers) == 1:
        servers.append(serve(late))
        print("listening", flush=True)
for each in servers:
    each.shutdown()
