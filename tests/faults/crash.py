#!/usr/bin/env python3
"""Crash test: the server is killed with SIGKILL under load and started again, several times, on
SQLite and then on PostgreSQL. Clients play their own games in turn order and send each turn
with a fresh Idempotency-Key, sending the same request with the same key again on no answer,
503 or 409 idempotency_key_in_flight until a definitive answer. Then every turn a client saw
answered 201 must be stored exactly once (through the API and in the database), no turn twice,
turn numbers 1..n, and every game must replay (GET answers 200). Any other answer to a turn
(such as a retried turn refused as 409 not_your_turn) and any turn recorded that no client saw
acknowledged fail the run too.

    python3 tests/faults/crash.py [--backend sqlite|postgres]

Needs target/debug/phase10 and, for PostgreSQL, a server on PGHOST:PGPORT (127.0.0.1:5432)
where the user postgres may create databases.
"""

import argparse
import json
import os
import random
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

import faultlib as f

GAMES = 16  # one client thread each
MIN_TURNS = 30  # acknowledged per game, and the clients go on until the last restart is over
KILLS = 3
FIRST_KILL_AFTER = 2.0  # seconds of load
THINK = 0.01  # seconds between a client's turns


def seats(i):
    return 1 if i % 4 == 3 else 2 + i % 2  # solitaire games too: there turn order stops no replay


class Client(threading.Thread):
    """Plays one game's turns, in turn order, until told to finish and MIN_TURNS are in."""

    def __init__(self, server, api_key, game, kills_done):
        super().__init__(daemon=True)
        self.server, self.api_key, self.game, self.kills_done = server, api_key, game, kills_done
        self.acks, self.errors, self.replayed = [], [], 0

    def run(self):
        deadline = time.monotonic() + 120

        def keep_going():
            if time.monotonic() > deadline:
                self.errors.append("still playing after 120 s")
                return False
            return not (self.kills_done.is_set() and len(self.acks) >= MIN_TURNS)

        def acknowledged(answer, sent):
            turn = answer.json
            if (turn["player_id"], turn["dice"]) != (sent["player_id"], sent["dice"]):
                self.errors.append(f"the 201 is not the turn sent: {answer}")
            self.acks.append((turn["number"], sent["player_id"], sent["dice"]))
            self.replayed += answer.header("Idempotent-Replayed") == "true"

        f.play_turns(self.server.port, self.api_key, self.game, keep_going, THINK, acknowledged, self.errors)


def stored_turns_sqlite(path):
    with sqlite3.connect(path) as db:
        return db.execute("SELECT game_id, number, player_id, dice FROM turns").fetchall()


def stored_turns_postgres(database):
    out = f.postgres_admin("SELECT game_id, number, player_id, dice FROM turns", database)
    return [tuple(line.split("\t")) for line in out.splitlines() if line]


def run(backend, work):
    if backend == "sqlite":
        url = str(work / "crash.sqlite")
        stored = lambda: stored_turns_sqlite(url)  # noqa: E731
        drop = lambda: None  # noqa: E731
    else:
        database = f"phase10_crash_{os.getpid()}"
        f.postgres_admin(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        f.postgres_admin(f"CREATE DATABASE {database}")
        url = f.postgres_url(database)
        stored = lambda: stored_turns_postgres(database)  # noqa: E731
        drop = lambda: f.postgres_admin(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")  # noqa: E731

    server = f.Server(url, f.free_port(), work / f"server-{backend}.log")
    check, kills = f.Check(), 0
    try:
        server.start()
        games = f.setup_games(server.port, GAMES, seats)
        kills_done = threading.Event()
        clients = [Client(server, key, game, kills_done) for key, game in games]
        for client in clients:
            client.start()
        time.sleep(FIRST_KILL_AFTER)
        for _ in range(KILLS):
            server.kill9()
            kills += 1
            time.sleep(0.3)
            server.start()
            time.sleep(1.0 + random.random())  # load again before the next kill, or the end
        kills_done.set()
        for client in clients:
            client.join(timeout=150)
            if client.is_alive():
                check.errors.append(f"client of game {client.game['id']} hangs")

        # Every game replays, and its turns are the same through the API and in the database.
        rows = {}
        for game_id, number, player, dice in stored():
            rows.setdefault(game_id, []).append((int(number), player, json.loads(dice)))
        for client in clients:
            game_id = client.game["id"]
            answer = f.get(server.port, f"/v1/games/{game_id}", client.api_key)
            if answer.status != 200:
                check.errors.append(f"GET game {game_id}: {answer}")
            check.errors += [f"game {game_id}: {e}" for e in client.errors]
            sources = {
                "api": f.http_turns(server.port, client.api_key, game_id),
                "database": rows.get(game_id, []),
            }
            check.game(game_id, client.acks, sources)
        internal = server.log_lines("internal error", "panicked")
        check.errors += [f"server log: {line}" for line in internal[:10]]
        replayed = sum(c.replayed for c in clients)
    finally:
        server.stop()
        drop()

    print(
        f"crash {backend}: acknowledged={check.acknowledged} found={check.found} "
        f"duplicated={check.duplicated} lost={check.lost} kills={kills}"
    )
    print(f"  replayed answers (Idempotent-Replayed: true): {replayed}; "
          f"recorded but never acknowledged: {check.unacknowledged}")
    check.report()
    return check.ok()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=["sqlite", "postgres"], action="append")
    args = parser.parse_args()
    if not f.BINARY.exists():
        raise SystemExit(f"{f.BINARY} is missing: cargo build --locked")
    work = Path(tempfile.mkdtemp(prefix="phase10-crash-"))
    ok = True
    try:
        for backend in args.backend or ["sqlite", "postgres"]:
            ok = run(backend, work) and ok
    except SystemExit as stop:  # the run could not go on: say why, keep the logs
        print(f"crash: {stop}")
        ok = False
    f.finish("crash", ok, work)


if __name__ == "__main__":
    main()
