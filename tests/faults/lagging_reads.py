#!/usr/bin/env python3
"""Reads on a standby that lags: a private PostgreSQL primary and a streaming standby that
applies the log 300 ms late (recovery_min_apply_delay), two server processes with
DATABASE_READ_URL on the standby, and clients that each write a turn through one process and
read the game's pad through the other, naming the version their write answered
(If-None-Match), besides the lists and figures:

- the standby serves reads (its own count of transactions grows);
- no client ever reads a pad older than its own last write, through either process;
- then the same readers for a while with the standby, and again against processes reading from
  the primary alone: reads per second of the pads and figures, both in this run.

    python3 tests/faults/lagging_reads.py

Needs target/debug/phase10 and the PostgreSQL 15 binaries in PG_BIN.
"""

import argparse
import tempfile
import threading
import time
from pathlib import Path

import faultlib as f
from outage import PrivatePostgres

DELAY_MS = 300
WRITERS, READERS = 8, 8
LOAD_SECONDS, MEASURE_SECONDS = 6.0, 5.0


class Standby(PrivatePostgres):
    """A streaming standby of `primary`, applying its log `DELAY_MS` late."""

    def init_from(self, primary):
        self.run(f.PG_BIN / "pg_basebackup", "-h", "127.0.0.1", "-p", str(primary.port), "-U", "postgres",
                 "-D", self.data, "-R", "-X", "stream", "--checkpoint=fast")
        with open(self.data / "postgresql.auto.conf", "a") as conf:
            conf.write(f"recovery_min_apply_delay = '{DELAY_MS}ms'\nhot_standby = on\n")

    def transactions(self):
        return int(self.psql("SELECT sum(xact_commit) FROM pg_stat_database").strip())


def pad_version(answer):
    return int((answer.header("ETag") or '"0"').strip('"').split("-")[0])


def writer(ports, api_key, game, stop, seen):
    """Turns through one process, the pad through the other naming the version written."""
    current, intent, errors = game["current_player_id"], 0, seen["errors"]
    while not stop.is_set():
        intent += 1
        write_to, read_from = ports[intent % 2], ports[(intent + 1) % 2]
        sent = {"player_id": current, "dice": f.dice_for(intent)}
        answer = f.post(write_to, f"/v1/games/{game['id']}/turns", sent, api_key)
        if answer.status != 201:
            errors.append(f"a turn: {answer}")
            return
        written = int(answer.header("ETag").strip('"'))
        current = answer.json["game"]["current_player_id"]
        pad = f.call(read_from, "GET", f"/v1/games/{game['id']}/scoresheet", api_key=api_key,
                     headers={"If-None-Match": f'"{written}"'})
        seen["pads"] += 1
        if pad.status not in (200, 304) or pad_version(pad) < written:
            errors.append(f"after writing version {written}, the pad read was {pad.status} at {pad_version(pad)}")
        # Naming nothing, a pad may be a moment old: how often, counted.
        unnamed = f.call(read_from, "GET", f"/v1/games/{game['id']}/scoresheet", api_key=api_key)
        seen["unnamed"] += 1
        seen["older"] += unnamed.status == 200 and pad_version(unnamed) < written


def reader(ports, games, stop, counts, i):
    """Pads and figures, as a TV and a phone looking on read them."""
    n = 0
    while not stop.is_set():
        api_key, game = games[n % len(games)]
        port = ports[(n + i) % 2]
        path = f"/v1/games/{game['id']}/scoresheet" if n % 2 else "/v1/leaderboard"
        answer = f.call(port, "GET", path, api_key=api_key)
        if answer.status == 200:
            counts[i] += 1
        n += 1


def for_a_while(seconds, works):
    """Runs each of `works` (given the event that stops it) in a thread of its own for `seconds`."""
    stop = threading.Event()
    threads = [threading.Thread(target=work, args=(stop,), daemon=True) for work in works]
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(30)


def read_rate(ports, games):
    counts = [0] * READERS
    for_a_while(MEASURE_SECONDS, [lambda stop, i=i: reader(ports, games, stop, counts, i)
                                  for i in range(READERS)])
    return sum(counts) / MEASURE_SECONDS


def main():
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    if not f.BINARY.exists():
        raise SystemExit(f"{f.BINARY} is missing: cargo build --locked")
    work = Path(tempfile.mkdtemp(prefix="phase10-lagging-"))
    work.chmod(0o755)
    (work / "primary").mkdir()
    (work / "standby").mkdir()
    primary = PrivatePostgres(work / "primary", f.free_port())
    standby = Standby(work / "standby", f.free_port())
    url = f"postgres://postgres@127.0.0.1:{primary.port}/phase10"
    read_url = f"postgres://postgres@127.0.0.1:{standby.port}/phase10"
    servers = [f.Server(url, f.free_port(), work / f"server-{i}.log", DATABASE_READ_URL=read_url)
               for i in (1, 2)]
    alone = [f.Server(url, f.free_port(), work / f"alone-{i}.log") for i in (1, 2)]
    errors, seen, figures = [], {"errors": [], "pads": 0, "unnamed": 0, "older": 0}, ""
    try:
        primary.init()
        primary.start()
        primary.psql("CREATE DATABASE phase10")
        standby.init_from(primary)
        standby.start()
        for server in servers:
            server.start()
        ports = [server.port for server in servers]
        games = f.setup_games(ports[0], WRITERS, lambda i: 2)
        before = standby.transactions()
        for_a_while(LOAD_SECONDS, [lambda stop, key=key, game=game: writer(ports, key, game, stop, seen)
                                   for key, game in games])
        served = standby.transactions() - before
        if served < seen["pads"]:
            errors.append(f"the standby served {served} transactions for {seen['pads']} pads read: "
                          "are reads going to the primary?")
        errors += seen["errors"][:10]
        with_standby = read_rate(ports, games)
        for server in servers:
            server.stop()
        for server in alone:
            server.start()
        primary_alone = read_rate([server.port for server in alone], games)
        figures = (f"reads/s of pads and the leaderboard ({READERS} readers, two processes): "
                   f"{with_standby:.0f} with the standby, {primary_alone:.0f} on the primary alone "
                   f"(ratio {with_standby / primary_alone:.2f})")
        for server in servers + alone:
            errors += [f"server log: {line}" for line in server.log_lines("panicked", "internal error")[:5]]
    except SystemExit as stopped:
        errors.append(str(stopped))
    finally:
        for server in servers + alone:
            server.stop()
        standby.stop_if_running()
        primary.stop_if_running()

    print(f"lagging reads: pads read after a write {seen['pads']}, none older than it: "
          f"{not any('pad read' in e for e in errors)}; read naming nothing {seen['unnamed']}, "
          f"of which a moment old {seen['older']} (the standby {DELAY_MS} ms behind)")
    if figures:
        print(f"  {figures}")
    for error in errors:
        print(f"  FAIL {error}")
    f.finish("lagging reads", not errors, work)


if __name__ == "__main__":
    main()
