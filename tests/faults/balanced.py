#!/usr/bin/env python3
"""Three server processes on one PostgreSQL behind a real HAProxy (deploy/haproxy.cfg), under a
load of tabletop games played through HAProxy, with followers of the games' event streams:

1. kill -9 of one process: every turn a client saw answered 201 is stored exactly once; a turn
   that got no answer, sent again with its Idempotency-Key through HAProxy, is applied once; the
   followers reconnect through HAProxy with Last-Event-ID and receive every event of their game
   from the one they started at, in order, with no gap and none twice.
2. SIGTERM to another process under the same load: it exits within 10 s, every request sent
   to it is answered (the clients' checks above), and its event streams end with a `retry:`.
3. A real Prometheus scrapes every process's metrics; a query over its HTTP API returns the
   turns a quiet load then recorded.

    python3 tests/faults/balanced.py

Needs target/debug/phase10, haproxy and prometheus on PATH, and PostgreSQL on PGHOST:PGPORT.
"""

import http.client
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import faultlib as f
from crash import seats, stored_turns_postgres

GAMES = 12
THINK = 0.02
FOLLOWED = 4  # games whose event stream a follower reads through HAProxy
QUIET_TURNS = 20


class Follower(threading.Thread):
    """Reads one game's event stream through HAProxy, reconnecting with Last-Event-ID whenever
    the stream ends or breaks, and keeps every event id it received, in order."""

    def __init__(self, port, api_key, game_id):
        super().__init__(daemon=True)
        self.port, self.api_key, self.game_id = port, api_key, game_id
        self.ids, self.ended_with_retry, self.reconnects = [], 0, 0
        self.received_at = {}  # event id -> when it arrived
        self.connections = []  # (Last-Event-ID sent, status, first id received), for a report
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            headers = {"Authorization": f"Bearer {self.api_key}", "Accept": "text/event-stream"}
            if self.ids:
                headers["Last-Event-ID"] = str(self.ids[-1])
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
            try:
                conn.request("GET", f"/v1/games/{self.game_id}/events", headers=headers)
                response = conn.getresponse()
                self.connections.append([headers.get("Last-Event-ID"), response.status, None])
                if response.status != 200:
                    time.sleep(0.2)
                    continue
                last = ""
                while not self.stop.is_set():
                    line = response.readline()
                    if not line:
                        # the server's last word before it ended the stream
                        self.ended_with_retry += last.startswith("retry: ")
                        break
                    line = line.decode().rstrip("\n")
                    if line.startswith("id: "):
                        self.ids.append(int(line[4:]))
                        self.received_at.setdefault(self.ids[-1], time.monotonic())
                        if self.connections[-1][2] is None:
                            self.connections[-1][2] = self.ids[-1]
                    if line:
                        last = line
            except (OSError, http.client.HTTPException):
                pass
            finally:
                conn.close()
            if not self.stop.is_set():
                self.reconnects += 1
                time.sleep(0.1)


class Client(threading.Thread):
    def __init__(self, port, api_key, game, done):
        super().__init__(daemon=True)
        self.port, self.api_key, self.game, self.done = port, api_key, game, done
        self.acks, self.errors, self.replayed, self.unanswered = [], [], 0, 0
        self.answers = []  # every attempt's answer
        self.unanswered_at = []  # when each attempt that got no answer from a process ended
        self.pending_since = None  # when the first attempt of the turn in hand was sent
        self.latencies = []  # (answered at, seconds from the first attempt to the 201)
        self.sent_at = {}  # the game's version after a turn -> when its first attempt was sent

    def run(self):
        def observe(answer):
            self.answers.append(answer)
            if self.pending_since is None:
                self.pending_since = answer.started
            if answer.status in (None, 502, 504):
                self.unanswered += 1
                self.unanswered_at.append(answer.ended)

        def acknowledged(answer, sent):
            self.acks.append((answer.json["number"], sent["player_id"], sent["dice"]))
            self.replayed += answer.header("Idempotent-Replayed") == "true"
            self.latencies.append((answer.ended, answer.ended - self.pending_since))
            self.sent_at[answer.json["game"]["version"]] = self.pending_since
            self.pending_since = None

        f.play_turns(self.port, self.api_key, self.game, lambda: not self.done.is_set(), THINK,
                     acknowledged, self.errors, observe)


def start_haproxy(work, port, backends):
    env = dict(os.environ, PUBLIC_BIND=f"127.0.0.1:{port}")
    for i, backend in enumerate(backends, 1):
        env[f"BACKEND_{i}"] = f"127.0.0.1:{backend}"
    log = open(work / "haproxy.log", "wb")
    proc = subprocess.Popen(["haproxy", "-db", "-f", str(f.ROOT / "deploy/haproxy.cfg")],
                            env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 20
    while f.call(port, "GET", "/readyz", timeout=1).status != 200:
        if time.monotonic() > deadline or proc.poll() is not None:
            raise SystemExit(f"HAProxy did not come up; see {work / 'haproxy.log'}")
        time.sleep(0.1)
    return proc


def start_prometheus(work, port, targets):
    config = work / "prometheus.yml"
    config.write_text(
        "global:\n  scrape_interval: 1s\n"
        "scrape_configs:\n  - job_name: phase10\n    static_configs:\n"
        f"      - targets: {json.dumps([f'127.0.0.1:{t}' for t in targets])}\n"
    )
    log = open(work / "prometheus.log", "wb")
    return subprocess.Popen(
        ["prometheus", f"--config.file={config}", f"--storage.tsdb.path={work / 'tsdb'}",
         f"--web.listen-address=127.0.0.1:{port}"],
        stdout=log, stderr=subprocess.STDOUT)


def main():
    for tool in ("haproxy", "prometheus"):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is missing (apt-get install {tool})")
    if not f.BINARY.exists():
        raise SystemExit(f"{f.BINARY} is missing: cargo build --locked")
    work = Path(tempfile.mkdtemp(prefix="phase10-balanced-"))
    database = f"phase10_balanced_{os.getpid()}"
    f.postgres_admin(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
    f.postgres_admin(f"CREATE DATABASE {database}")
    url = f.postgres_url(database)
    ports = [f.free_port() for _ in range(3)]
    metrics = [f.free_port() for _ in range(3)]
    public, prom_port = f.free_port(), f.free_port()
    servers = [
        f.Server(url, port, work / f"server-{i}.log", METRICS_BIND=f"127.0.0.1:{m}",
                 TRUSTED_PROXIES="127.0.0.1", DRAIN_MS="1500", RATE_LIMIT_ADVICE="0")
        for i, (port, m) in enumerate(zip(ports, metrics), 1)
    ]
    check, haproxy, prometheus = f.Check(), None, None
    # What the report says, as far as the run got.
    clients, stopped_in, heard, costs = [], None, None, ""
    try:
        servers[0].start()  # migrates first
        for server in servers[1:]:
            server.start()
        haproxy = start_haproxy(work, public, ports)
        prometheus = start_prometheus(work, prom_port, metrics)
        games = f.setup_games(public, GAMES, seats)
        followers = [Follower(public, key, game["id"]) for key, game in games[:FOLLOWED]]
        for follower in followers:
            follower.start()
        done = threading.Event()
        clients = [Client(public, key, game, done) for key, game in games]
        for client in clients:
            client.start()
        time.sleep(2.0)
        killed_at = time.monotonic()
        servers[0].kill9()
        time.sleep(2.0)
        terminated_at = time.monotonic()
        servers[1].proc.terminate()
        try:
            servers[1].proc.wait(10)
            stopped_in = time.monotonic() - killed_at - 2.0
        except subprocess.TimeoutExpired:
            check.errors.append("a process told to stop (SIGTERM) was still running after 10 s")
            stopped_in = None
        time.sleep(1.5)
        done.set()
        for client in clients:
            client.join(timeout=60)
        time.sleep(1.0)  # the followers catch up with the last turns
        for follower in followers:
            follower.stop.set()

        # The process told to stop answered every request it had: none went unanswered since.
        cut = [t - terminated_at for c in clients for t in c.unanswered_at if t >= terminated_at]
        if cut:
            check.errors.append(f"{len(cut)} request(s) got no answer after SIGTERM, at {cut[:5]} s")
        rows = {}
        for game_id, number, player, dice in stored_turns_postgres(database):
            rows.setdefault(game_id, []).append((int(number), player, json.loads(dice)))
        for client in clients:
            game_id = client.game["id"]
            check.errors += [f"game {game_id}: {e}" for e in client.errors]
            sources = {"api": f.http_turns(public, client.api_key, game_id),
                       "database": rows.get(game_id, [])}
            check.game(game_id, client.acks, sources)
        for follower in followers:
            events = f.postgres_admin(
                f"SELECT version FROM events WHERE game_id = '{follower.game_id}' ORDER BY version",
                database).split()
            # A new follower starts from the game as it is (its latest event), then every one.
            first = follower.ids[0] if follower.ids else 1
            expected = [int(v) for v in events if int(v) >= first]
            if follower.ids != expected:
                check.errors.append(
                    f"follower of {follower.game_id}: got {len(follower.ids)} events, "
                    f"{len(expected)} stored; first difference at "
                    f"{next((i for i, (a, b) in enumerate(zip(follower.ids, expected)) if a != b), min(len(follower.ids), len(expected)))}: "
                    f"received {follower.ids[:5]}…{follower.ids[-3:]}, stored {expected[:5]}…{expected[-3:]}; "
                    f"connections (Last-Event-ID, status, first id): {follower.connections}")
        # What the faults cost: each turn's time from its first attempt to its 201, over the run
        # and in the 3 s after the kill; and each followed turn's time from its first attempt
        # to its event on a follower's stream (through HAProxy: mostly another process's).
        def spread(values):
            values = sorted(values)
            at = lambda q: values[min(len(values) - 1, int(q * len(values)))] * 1000  # noqa: E731
            return f"p50 {at(0.5):.1f} ms, p99 {at(0.99):.1f} ms, max {values[-1] * 1000:.1f} ms" if values else "none"
        turns = [took for c in clients for _, took in c.latencies]
        after_kill = [took for c in clients for at, took in c.latencies if 0 <= at - killed_at <= 3]
        by_game = {c.game["id"]: c for c in clients}
        delays = [fl.received_at[v] - sent for fl in followers
                  for v, sent in by_game[fl.game_id].sent_at.items() if v in fl.received_at]
        costs = (f"turn latency {spread(turns)}; in the 3 s after the kill {spread(after_kill)}; "
                 f"event delay to followers {spread(delays)} ({len(delays)} events)")
        heard = sum(fl.ended_with_retry for fl in followers)
        if not any(fl.reconnects for fl in followers):
            check.errors.append("no follower had to reconnect: the faults missed the streams")
        if heard == 0:
            check.errors.append("no stream of the process told to stop ended with a retry:")

        # A quiet load, then what Prometheus says the processes recorded.
        servers[0].start()
        servers[1].start()
        time.sleep(1.5)  # HAProxy sees them ready again
        before = f.prometheus_query(prom_port, "sum(phase10_turns_recorded_total)") or 0.0
        key, game = games[-1]
        game = f.get(public, f"/v1/games/{game['id']}", key).json
        quiet = []
        f.play_turns(public, key, game, lambda: len(quiet) < QUIET_TURNS, 0.0,
                     lambda answer, sent: quiet.append(answer), check.errors)
        deadline = time.monotonic() + 20
        after = None
        while time.monotonic() < deadline:
            time.sleep(1.0)
            after = f.prometheus_query(prom_port, "sum(phase10_turns_recorded_total)")
            if after is not None and after - before >= QUIET_TURNS:
                break
        if after is None or after - before != QUIET_TURNS:
            check.errors.append(f"Prometheus counted {after} - {before} turns, not {QUIET_TURNS}")
        for server in servers:
            check.errors += [f"server log: {line}" for line in server.log_lines("panicked")[:5]]
    except SystemExit as stop:
        check.errors.append(str(stop))
    finally:
        for proc in (haproxy, prometheus):
            if proc:
                proc.terminate()
                proc.wait(10)
        for server in servers:
            server.stop()
        f.postgres_admin(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")

    unanswered = sum(c.unanswered for c in clients)
    replayed = sum(c.replayed for c in clients)
    print(f"balanced: acknowledged={check.acknowledged} found={check.found} "
          f"duplicated={check.duplicated} lost={check.lost}; unanswered attempts retried={unanswered}, "
          f"replayed answers={replayed}; SIGTERM exit after {stopped_in} s; "
          f"streams ended with a retry={heard}")
    print(f"  {costs}")
    check.report()
    f.finish("balanced", check.ok(), work)


if __name__ == "__main__":
    main()
