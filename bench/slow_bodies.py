#!/usr/bin/env python3
"""Slow bodies: what many clients that stop sending half-way through a body cost the server.

Opens CONNECTIONS connections to `POST /v1/evaluate` (open, no rate limit), each sending its
head with `Content-Length: 100` and half the body, then nothing. Spread over ADDRESSES loopback
addresses (127.0.0.2, 127.0.0.3, …), so that both one address and many can be tried. Reports,
for the server binary given (so that two builds can be measured in the same run):

- how many of those connections the server still holds open 1 s, 6 s and 12 s after they were
  opened (a connection counts as held until the server closes it or answers it);
- what each was answered (408 problem, 429 problem, nothing);
- the server's resident memory (VmRSS) before, at the peak, and 15 s after;
- how long `/healthz` takes from 127.0.0.1 meanwhile (median and worst of 20).

    cargo build && python3 bench/slow_bodies.py [BINARY] [CONNECTIONS] [ADDRESSES] [FILES]
    (defaults: target/debug/phase10, 1000 connections, 1 address, the server's file limit as
    inherited; FILES sets the server's limit of open files, as a small container would)

Python 3.11 standard library only; loopback only; every socket is closed at the end.
"""

import http.client
import os
import resource
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAD = (
    b"POST /v1/evaluate HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
    b"Content-Length: 100\r\n\r\n"
)
HALF_A_BODY = b'{"phase": 1, "dice": [{"value": 8}, {"val'


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def healthz_ms(port):
    started = time.monotonic()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/healthz")
        status = conn.getresponse().status
        conn.close()
    except OSError:
        status = None
    elapsed = (time.monotonic() - started) * 1000
    return elapsed if status == 200 else float("inf")


def main():
    binary = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "target" / "debug" / "phase10"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    addresses = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    files = int(sys.argv[4]) if len(sys.argv) > 4 else None
    scratch = tempfile.mkdtemp()
    port = free_port()
    env = dict(os.environ, DATABASE_URL=f"{scratch}/bench.sqlite", BIND=f"127.0.0.1:{port}",
               LOG="warn", WORKERS="1")
    def limit_files():
        if files:
            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    server = subprocess.Popen([str(binary)], env=env, stderr=subprocess.DEVNULL,
                              preexec_fn=limit_files)
    try:
        for _ in range(200):
            if healthz_ms(port) != float("inf"):
                break
            time.sleep(0.05)
        before = rss_kib(server.pid)
        sockets, answers = [], {}
        selector = selectors.DefaultSelector()
        opened = time.monotonic()
        for i in range(count):
            s = socket.socket()
            s.bind((f"127.0.0.{2 + i % addresses}", 0))
            try:
                s.connect(("127.0.0.1", port))
                s.sendall(HEAD + HALF_A_BODY)
            except OSError as error:
                answers[s] = f"connect failed ({error.errno})"
                s.close()
                continue
            s.setblocking(False)
            selector.register(s, selectors.EVENT_READ)
            sockets.append(s)
            answers[s] = b""
        open_sockets = set(sockets)
        peak = rss_kib(server.pid)
        latencies = []
        held_at = {}
        marks = [1, 6, 12]
        while marks:
            for key, _ in selector.select(timeout=0.1):
                s = key.fileobj
                try:
                    data = s.recv(65536)
                except OSError:
                    data = b""
                if data:
                    answers[s] += data
                else:
                    selector.unregister(s)
                    open_sockets.discard(s)
            peak = max(peak, rss_kib(server.pid))
            if len(latencies) < 20:
                latencies.append(healthz_ms(port))
            if time.monotonic() - opened >= marks[0]:
                held_at[marks.pop(0)] = sum(
                    1 for s in open_sockets if not answers[s])
        time.sleep(3)
        after = rss_kib(server.pid)
        kinds = {}
        for s, answer in answers.items():
            if isinstance(answer, str):
                kind = answer
            elif not answer:
                kind = "no answer" + (" (still open)" if s in open_sockets else " (closed)")
            else:
                status = answer.split(b" ", 2)[1].decode()
                problem = b"application/problem+json" in answer
                kind = f"{status}" + (" problem+json" if problem else " (bare)")
            kinds[kind] = kinds.get(kind, 0) + 1
        finite = [l for l in latencies if l != float("inf")]
        print(f"binary: {binary}")
        limit = f", server limited to {files} open files" if files else ""
        print(f"{count} slow bodies from {addresses} address(es){limit}")
        for mark, held in held_at.items():
            print(f"  held open, unanswered, {mark:>2} s after: {held}")
        for kind, n in sorted(kinds.items()):
            print(f"  answered {kind}: {n}")
        print(f"  server RSS: before {before / 1024:.1f} MiB, peak {peak / 1024:.1f} MiB, "
              f"15 s after {after / 1024:.1f} MiB")
        if finite:
            print(f"  /healthz meanwhile: median {statistics.median(finite):.1f} ms, "
                  f"worst {max(finite):.1f} ms, failed {len(latencies) - len(finite)} of "
                  f"{len(latencies)}")
        else:
            print(f"  /healthz meanwhile: failed {len(latencies)} of {len(latencies)}")
        for s in sockets:
            s.close()
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
