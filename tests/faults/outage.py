#!/usr/bin/env python3
"""Outage test: PostgreSQL goes away under load and comes back, and the server (not restarted)
must answer throughout with a 2xx or a 503 problem+json with Retry-After (never a 500, never a
hang), serve again within seconds once the database is back, and lose no turn, record none
twice and record none that no client saw acknowledged. A turn refused (such as a retried turn
refused as 409 not_your_turn) fails the run too.

The database is a private PostgreSQL 15 instance (initdb in a temporary directory, its own port,
trust auth), so the machine's shared cluster is never stopped. It is stopped with
`pg_ctl stop -m immediate` mid-load, left down for OUTAGE seconds, then started again.

    python3 tests/faults/outage.py

Needs target/debug/phase10 and the PostgreSQL 15 binaries in PG_BIN (/usr/lib/postgresql/15/bin).
As root, initdb and pg_ctl run as the user postgres.
"""

import argparse
import json
import os
import pwd
import random
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import faultlib as f

DB_TIMEOUT_MS = 2000
SLACK_MS = 2000  # on top of the DB timeout: slower than this is a hang
OUTAGE = 5.0  # seconds PostgreSQL stays down
LOAD_BEFORE = 2.0  # seconds of load before the outage
LOAD_AFTER = 1.5  # seconds of load after the first 2xx that follows the outage
RECOVERY_LIMIT = 10.0  # seconds from pg_isready to the first 2xx
WRITERS, READERS = 6, 3


class PrivatePostgres:
    """A throwaway PostgreSQL cluster in `directory`, owned by the user postgres when root."""

    def __init__(self, directory, port):
        self.dir, self.port, self.data = directory, port, directory / "data"
        self.as_postgres = []
        if os.geteuid() == 0:  # initdb refuses root
            owner = pwd.getpwnam("postgres")
            os.chown(directory, owner.pw_uid, owner.pw_gid)
            self.as_postgres = ["runuser", "-u", "postgres", "--"]

    def run(self, *args, check=True):
        done = subprocess.run(self.as_postgres + list(args), capture_output=True, text=True)
        if check and done.returncode != 0:
            raise SystemExit(f"{' '.join(map(str, args))} failed: {done.stderr.strip()}")
        return done

    def init(self):
        self.run(f.PG_BIN / "initdb", "-D", self.data, "-A", "trust", "-U", "postgres",
                 "--no-sync", "-E", "UTF8", "--locale=C")

    def start(self):
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
        self.run(f.PG_BIN / "pg_ctl", "-D", self.data, "-l", self.dir / "postgres.log",
                 "-o", options, "-w", "-t", "60", "start")

    def stop_immediately(self):
        self.run(f.PG_BIN / "pg_ctl", "-D", self.data, "-m", "immediate", "stop")

    def stop_if_running(self):
        if (self.data / "postmaster.pid").exists():
            self.run(f.PG_BIN / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop", check=False)

    def ready(self):
        command = [f.PG_BIN / "pg_isready", "-q", "-h", "127.0.0.1", "-p", str(self.port), "-t", "1"]
        return subprocess.run(command).returncode == 0

    def psql(self, sql, database="postgres"):
        command = [f.PG_BIN / "psql", "-XAtq", "-F", "\t", "-h", "127.0.0.1", "-p", str(self.port),
                   "-U", "postgres", "-d", database, "-c", sql]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"psql failed on {sql!r}: {done.stderr.strip()}")
        return done.stdout


class Load:
    """Writers (one game each, turns in turn order, retried with their key) and readers."""

    def __init__(self, port, games):
        self.port, self.games = port, games
        self.attempts = []  # every Answer, from every thread
        self.acks = {game["id"]: [] for _, game in games}
        self.errors = []
        self.stop = threading.Event()
        writers = [threading.Thread(target=self.write, args=g, daemon=True) for g in games[:WRITERS]]
        readers = [threading.Thread(target=self.read, daemon=True) for _ in range(READERS)]
        self.threads = writers + readers

    def write(self, api_key, game):
        def acknowledged(answer, sent):
            self.acks[game["id"]].append((answer.json["number"], sent["player_id"], sent["dice"]))

        f.play_turns(self.port, api_key, game, lambda: not self.stop.is_set(), 0.01, acknowledged,
                     self.errors, observe=self.attempts.append)

    def read(self):
        while not self.stop.is_set():
            api_key, game = random.choice(self.games)
            path = random.choice([f"/v1/games/{game['id']}", f"/v1/games/{game['id']}/turns?limit=100"])
            self.attempts.append(f.call(self.port, "GET", path, api_key=api_key))
            time.sleep(0.02)

    def first_ok_after(self, moment):
        ends = [a.ended for a in list(self.attempts) if a.status and a.status < 300 and a.ended > moment]
        return min(ends, default=None)


def kind(answer):
    """ok, 503 (problem+json with Retry-After), in_flight (409 with Retry-After), refused (another
    4xx), or other (no answer, another 5xx, a 503 without Retry-After or problem+json)."""
    problem = (answer.header("Content-Type") or "").startswith("application/problem+json")
    if answer.status is None:
        return "other"
    if 200 <= answer.status < 300:
        return "ok"
    if answer.status == 503 and problem and answer.header("Retry-After"):
        return "503"
    if answer.status == 409 and answer.code == "idempotency_key_in_flight" and answer.header("Retry-After"):
        return "in_flight"
    if 400 <= answer.status < 500:  # such as a retried turn refused (not_your_turn)
        return "refused"
    return "other"


def outage(pg, load):
    """Load, PostgreSQL stopped mid-load and started again: (down, up, first 2xx after up)."""
    for thread in load.threads:
        thread.start()
    time.sleep(LOAD_BEFORE)
    down = time.monotonic()
    pg.stop_immediately()
    time.sleep(OUTAGE)
    pg.start()
    while not pg.ready():
        if time.monotonic() > down + OUTAGE + 60:
            raise SystemExit("PostgreSQL did not come back")
        time.sleep(0.05)
    up = time.monotonic()
    while load.first_ok_after(up) is None and time.monotonic() < up + RECOVERY_LIMIT:
        time.sleep(0.05)
    first_ok = load.first_ok_after(up)
    time.sleep(LOAD_AFTER)
    load.stop.set()
    for thread in load.threads:
        thread.join(timeout=90)
        if thread.is_alive():
            load.errors.append("a load thread hangs")
    return down, up, first_ok


def answers_errors(attempts, kinds, down, up):
    """What is wrong with the answers: errors, max latency in ms."""
    errors = []
    for a, k in zip(attempts, kinds):
        # A turn refused as not_your_turn is reported by its writer (load.errors), with its intent.
        if k == "other" or (k == "refused" and a.code != "not_your_turn"):
            errors.append(f"{a.path}: {a}")
    slowest = max(attempts, key=lambda a: a.seconds)
    if slowest.seconds * 1000 > DB_TIMEOUT_MS + SLACK_MS:
        errors.append(f"a request took {slowest.seconds * 1000:.0f} ms: {slowest.path}: {slowest}")
    if not any(a.status == 503 for a in attempts if a.ended > down and a.started < up):
        errors.append("no 503 during the outage: did the database really go away?")
    return errors, slowest.seconds * 1000


def check_turns(pg, port, games, load):
    """Every game replays, and every acknowledged turn is stored once (API and database)."""
    check, stored = f.Check(), {}
    for line in pg.psql("SELECT game_id, number, player_id, dice FROM turns", "phase10").splitlines():
        game_id, number, player, dice = line.split("\t")
        stored.setdefault(game_id, []).append((int(number), player, json.loads(dice)))
    for api_key, game in games:
        answer = f.get(port, f"/v1/games/{game['id']}", api_key)
        if answer.status != 200:
            check.errors.append(f"GET game {game['id']}: {answer}")
        sources = {"api": f.http_turns(port, api_key, game["id"]), "database": stored.get(game["id"], [])}
        check.game(game["id"], load.acks[game["id"]], sources)
    return check


def main():
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    if not f.BINARY.exists():
        raise SystemExit(f"{f.BINARY} is missing: cargo build --locked")
    if not (f.PG_BIN / "initdb").exists():
        raise SystemExit(f"no PostgreSQL binaries in {f.PG_BIN} (set PG_BIN)")

    work = Path(tempfile.mkdtemp(prefix="phase10-outage-"))
    pg = PrivatePostgres(work, f.free_port())
    url = f"postgres://postgres@127.0.0.1:{pg.port}/phase10"
    server = f.Server(url, f.free_port(), work / "server.log", DB_TIMEOUT_MS=str(DB_TIMEOUT_MS))
    check, errors, load = f.Check(), [], None
    attempts, kinds, max_latency, recovery_ms, timeline = [], [], 0, None, ""
    try:
        pg.init()
        pg.start()
        pg.psql("CREATE DATABASE phase10")
        server.start()
        games = f.setup_games(server.port, WRITERS, lambda i: 2)
        load = Load(server.port, games)
        down, up, first_ok = outage(pg, load)
        attempts = list(load.attempts)
        kinds = [kind(a) for a in attempts]
        errors, max_latency = answers_errors(attempts, kinds, down, up)
        if first_ok is None:
            errors.append(f"no 2xx within {RECOVERY_LIMIT} s of pg_isready")
        else:
            recovery_ms = round((first_ok - up) * 1000)
        timeline = f"PostgreSQL down for {(up - down) * 1000:.0f} ms (stop to pg_isready)"
        errors += load.errors
        check = check_turns(pg, server.port, games, load)
        errors += [f"server log: {line}" for line in server.log_lines("internal error", "panicked")[:10]]
    except SystemExit as stop:
        errors.append(str(stop))
    finally:
        if load:
            load.stop.set()
        server.stop()
        pg.stop_if_running()

    print(
        f"outage: requests={len(attempts)} ok={kinds.count('ok')} 503={kinds.count('503')} "
        f"in_flight={kinds.count('in_flight')} refused={kinds.count('refused')} "
        f"other={kinds.count('other')} max_latency_ms={max_latency:.0f} recovery_ms={recovery_ms}"
    )
    print(f"  {timeline}; turns: acknowledged={check.acknowledged} found={check.found} "
          f"duplicated={check.duplicated} lost={check.lost} unacknowledged={check.unacknowledged}")
    for error in errors[:20]:
        print(f"  FAIL {error}")
    check.report()
    f.finish("outage", not errors and check.ok(), work)


if __name__ == "__main__":
    main()
