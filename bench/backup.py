#!/usr/bin/env python3
"""Offline clients and backups over HTTP (API.md "Offline clients and several devices"), on SQLite
and on PostgreSQL, with the release server:

  (a) 50 entries queued offline, sent when the connection returns: 50 turns of a tabletop game
      of two, each with its `number`, one after another on one kept-alive connection (what the
      table app's outbox does), from the first sent to the last answered. Target: under 2 s.
      Baseline, in the same run: the same 50 turns without numbers (what an online phone sends).
  (b) the export of an account of GAMES finished games (GET …/export), and
  (c) its import into a new account of a fresh server (POST /v1/imports). Target: each under 10 s.
      Baseline for both, in the same run: one page of the account's games (GET /v1/games?limit=100).

Medians of ROUNDS rounds (a: 10, b: 5, c: 3 by default), and each as a ratio to its baseline.
The account is seeded through the API by bench/people_seed.py (its games: half dice games of 1
to 4 players played to their end, half one-hand card games; 200 people).

    python3 bench/backup.py [GAMES]        (default 1000)
    BINARY=path/to/phase10 python3 bench/backup.py   (no build: measure that binary)
    BACKENDS="sqlite postgres" PG=postgres://postgres@127.0.0.1:5432 CLIENTS=4

The machine is shared and noisy: compare the ratios measured in one run, not times across runs.
"""

import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
PG = os.environ.get("PG", "postgres://postgres@127.0.0.1:5432")
CLIENTS = os.environ.get("CLIENTS", "4")
ENTRIES = 50


def binary() -> str:
    given = os.environ.get("BINARY")
    if given:
        return given
    subprocess.run(["cargo", "build", "--release", "--quiet", "--locked", "--bin", "phase10"], cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    return f"{target}/release/phase10"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The release server on a fresh database of the backend, write limits off."""

    def __init__(self, program: str, backend: str, work: Path):
        self.port = free_port()
        self.database = None
        if backend == "sqlite":
            url = f"sqlite://{work}/{uuid.uuid4().hex}.sqlite"
        else:
            self.database = f"phase10_backup_{uuid.uuid4().hex[:12]}"
            subprocess.run(["psql", f"{PG}/postgres", "-qc", f"create database {self.database}"], check=True)
            url = f"{PG}/{self.database}"
        env = dict(os.environ, DATABASE_URL=url, BIND=f"127.0.0.1:{self.port}", LOG="error")
        flags = ["--rate-limit-writes=0", "--rate-limit-accounts=0", "--rate-limit-advice=0"]
        self.process = subprocess.Popen([program, *flags], env=env)
        for _ in range(200):
            try:
                if self.call("GET", "/readyz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise SystemExit("the server did not start")

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)

    def call(self, method, path, key=None, body=None, conn=None):
        own = conn is None
        conn = conn or self.connection()
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        conn.request(method, path, body=data, headers=headers)
        reply = conn.getresponse()
        text = reply.read()
        if own:
            conn.close()
        return reply.status, (json.loads(text) if text else None), len(text)

    def account(self, name: str):
        status, made, _ = self.call("POST", "/v1/accounts", body={"name": name})
        assert status == 201, made
        return made["id"], made["api_key"]

    def stop(self):
        self.process.terminate()
        self.process.wait()
        if self.database:
            subprocess.run(["psql", f"{PG}/postgres", "-qc", f"drop database {self.database} with (force)"], check=True)


def timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def fifty_entries(server: Server, numbered: bool) -> float:
    """Plays 50 turns of a new game of two on one kept-alive connection; the seconds it took."""
    _, key = server.account("outbox")
    status, game, _ = server.call("POST", "/v1/games", key, {"players": [{"name": "Ann"}, {"name": "Bo"}]})
    assert status == 201, game
    players = [p["id"] for p in game["players"]]
    turns = []
    for number in range(1, ENTRIES + 1):
        body = {"player_id": players[(number - 1) % 2], "dice": [{"value": 1}, {"value": 2}, {"value": 3}]}
        if numbered:
            body["number"] = number
        turns.append(json.dumps(body).encode())
    conn = server.connection()

    def send():
        for body in turns:
            status, answer, _ = server.call("POST", f"/v1/games/{game['id']}/turns", key, body, conn)
            assert status == 201, answer

    took = timed(send)
    conn.close()
    return took


def seed(server: Server, key: str, work: Path) -> None:
    seeder = str(ROOT / "bench" / "people_seed.py")
    base = f"http://127.0.0.1:{server.port}"
    people = work / "people.json"
    people.write_text(subprocess.run([sys.executable, seeder, "people", base, key, "200"], capture_output=True, text=True, check=True).stdout)
    summary = subprocess.run([sys.executable, seeder, "games", base, key, str(people), "0", str(GAMES), CLIENTS],
                             capture_output=True, text=True, check=True).stdout
    print(f"  seeded: {summary.strip()[:200]}", flush=True)


def median_and_ratio(name: str, samples: list, baseline: list) -> None:
    m, b = statistics.median(samples), statistics.median(baseline)
    print(f"  {name}: median {m * 1000:.0f} ms (baseline {b * 1000:.1f} ms, {m / b:.1f}×), rounds {[round(s * 1000) for s in samples]}", flush=True)


def measure(program: str, backend: str, work: Path) -> None:
    print(f"== {backend}", flush=True)
    server = Server(program, backend, work)
    try:
        online = [fifty_entries(server, numbered=False) for _ in range(10)]
        offline = [fifty_entries(server, numbered=True) for _ in range(10)]
        median_and_ratio(f"(a) {ENTRIES} numbered entries sent on reconnecting", offline, online)
        account, key = server.account("family")
        seed(server, key, work)
        page = lambda: server.call("GET", "/v1/games?limit=100", key)
        baseline = [timed(page) for _ in range(10)]
        sizes = []
        document = None

        def export():
            nonlocal document
            status, document, size = server.call("GET", f"/v1/accounts/{account}/export", key)
            assert status == 200
            sizes.append(size)

        exports = [timed(export) for _ in range(5)]
        median_and_ratio(f"(b) export of {len(document['games'])} finished games ({sizes[-1] / 1e6:.1f} MB)", exports, baseline)
    finally:
        server.stop()
    body = json.dumps(document).encode()
    imports = []
    for _ in range(3):
        fresh = Server(program, backend, work)
        try:
            _, other = fresh.account("family, moved")
            result = {}

            def bring_in():
                status, made, _ = fresh.call("POST", "/v1/imports", other, body)
                assert status == 201, made
                result.update(made)

            imports.append(timed(bring_in))
            assert result["games"] == len(document["games"]), result
        finally:
            fresh.stop()
    median_and_ratio(f"(c) import of {len(document['games'])} games", imports, baseline)


def main() -> None:
    program = binary()
    with tempfile.TemporaryDirectory() as work:
        for backend in os.environ.get("BACKENDS", "sqlite postgres").split():
            measure(program, backend, Path(work))


if __name__ == "__main__":
    main()
