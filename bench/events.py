#!/usr/bin/env python3
"""How a change made through one server process reaches a subscriber of another: LISTEN/NOTIFY
against reading the log on a timer, measured in the same run on the same PostgreSQL database.

For each way, two server processes (A and B) share one fresh database. A subscriber follows a
game on B while turns are started and scored through A; the delay is from sending the score to
A until B's stream delivers it (so it includes A's own answer). Then 50 more subscribers follow
50 idle games on B for 30 s, and PostgreSQL's count of transactions on the database says what
following costs the database when nothing happens.

    cargo build && python3 bench/events.py [TURNS]        (default 30 turns a way)

Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth) and psql. Python standard library.
"""

import http.client
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "faults"))
from faultlib import Server, call, free_port  # noqa: E402

DB = "phase10_bench_events"
ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
URL = f"postgres://postgres@127.0.0.1:5432/{DB}"
WAYS = [
    ("LISTEN/NOTIFY (the default)", {}),
    ("reading the log every 250 ms", {"EVENTS_LISTEN": "false", "EVENTS_POLL_MS": "250"}),
    ("reading the log every 1000 ms", {"EVENTS_LISTEN": "false", "EVENTS_POLL_MS": "1000"}),
]
IDLE_GAMES = 50
IDLE_SECONDS = 30


def psql(sql, url=ADMIN):
    return subprocess.run(
        ["psql", url, "-qAtc", sql], check=True, capture_output=True, text=True
    ).stdout.strip()


def transactions():
    return int(psql(f"SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = '{DB}'"))


class Subscriber(threading.Thread):
    """Follows a game's events; `arrived` maps (kind, id) to when it came."""

    def __init__(self, port, key, game_id):
        super().__init__(daemon=True)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.conn.request("GET", f"/v1/games/{game_id}/events", headers={"Authorization": f"Bearer {key}"})
        self.response = self.conn.getresponse()
        assert self.response.status == 200, self.response.status
        self.arrived, self.cond = {}, threading.Condition()
        self.start()

    def run(self):
        kind = ident = None
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("id: "):
                    ident = int(line[4:])
                elif line == "":
                    if kind:
                        with self.cond:
                            self.arrived[(kind, ident)] = time.monotonic()
                            self.cond.notify_all()
                    kind = ident = None
        except (OSError, ValueError, AttributeError):  # closed under the reader
            pass

    def wait_for(self, kind, ident, timeout=10.0):
        with self.cond:
            self.cond.wait_for(lambda: (kind, ident) in self.arrived, timeout)
            return self.arrived.get((kind, ident))

    def close(self):
        self.conn.close()


def one_way(name, env, turns, work):
    psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    psql(f"CREATE DATABASE {DB}")
    a = Server(URL, free_port(), work / "a.log", **env)
    b = Server(URL, free_port(), work / "b.log", **env)
    subscribers = []
    try:
        a.start()
        b.start()
        key = call(a.port, "POST", "/v1/accounts", {"name": "bench"}).json["api_key"]
        game = call(a.port, "POST", "/v1/games", {"players": [{"name": "Ann"}], "mode": "digital"}, key).json
        watcher = Subscriber(b.port, key, game["id"])
        subscribers.append(watcher)
        watcher.wait_for("game_created", 1)
        delays = []
        player = game["players"][0]["id"]
        for _ in range(turns):
            turn = call(a.port, "POST", f"/v1/games/{game['id']}/turns", {"player_id": player}, key).json
            sent = time.monotonic()
            scored = call(a.port, "POST", f"/v1/games/{game['id']}/turns/{turn['number']}/score", {}, key).json
            version = scored["game"]["version"]
            kind = "game_finished" if scored["game"]["status"] == "finished" else "turn_scored"
            came = watcher.wait_for(kind, version)
            if came is None:
                raise SystemExit(f"{name}: event {version} never came")
            delays.append((came - sent) * 1000)
        for _ in range(IDLE_GAMES):
            idle = call(a.port, "POST", "/v1/games", {"players": [{"name": "Bo"}], "mode": "digital"}, key).json
            subscribers.append(Subscriber(b.port, key, idle["id"]))
        # PostgreSQL counts an idle connection's transactions up to 10 s late: let the setup's
        # be counted before the window starts.
        time.sleep(12)
        before = transactions()
        time.sleep(IDLE_SECONDS)
        idle_rate = (transactions() - before) / IDLE_SECONDS
        return delays, idle_rate
    finally:
        for s in subscribers:
            s.close()
        a.stop()
        b.stop()


def main():
    import tempfile

    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    work = Path(tempfile.mkdtemp())
    rows = []
    for name, env in WAYS:
        delays, idle_rate = one_way(name, env, turns, work)
        q = statistics.quantiles(delays, n=10)
        rows.append((name, statistics.median(delays), q[8], max(delays), idle_rate))
        print(f"{name}: median {rows[-1][1]:.1f} ms, p90 {q[8]:.1f} ms, max {max(delays):.1f} ms; "
              f"idle: {idle_rate:.1f} transactions/s with {IDLE_GAMES + 1} subscribers", flush=True)
    psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    base = rows[0][1]
    print("\n| way | median | p90 | max | ratio of medians to LISTEN | idle transactions/s |")
    print("|---|---|---|---|---|---|")
    for name, median, p90, top, idle in rows:
        print(f"| {name} | {median:.1f} ms | {p90:.1f} ms | {top:.1f} ms | {median / base:.1f}x | {idle:.1f} |")


if __name__ == "__main__":
    main()
