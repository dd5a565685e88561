#!/usr/bin/env python3
"""Recording digital turns, two builds in one run (issue 40: "recording a turn no slower than
before"). Both servers run side by side, each on its own fresh database (SQLite: a file; or
PostgreSQL: a database of its own on 127.0.0.1:5432), rate limits off; then, in alternating
rounds (which build goes first alternates too), CLIENTS processes each play 2-player digital
games through one build for SECONDS: a turn is its first roll (POST …/turns), one roll again of
the three lowest dice (POST …/rolls) and its score (POST …/score); a game goes on from round to
round and a finished one is followed by a new one, so that the finishes (which, after issue 40,
add the game's review to its people's figures) are counted among the turns. Prints each round, then per build the median of the
rounds' turns/s and of their p50 and p99 of a whole turn, and after / before as the median of the
rounds' ratios and as the ratio of the medians.

Usage: python3 benches/http/digital_turns.py BEFORE_BINARY AFTER_BINARY [sqlite|postgres]
       CLIENTS=8 SECONDS=5 ROUNDS=8
"""
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time

from server import PG, Api, percentile, serve

CLIENTS = int(os.environ.get("CLIENTS", "8"))
SECONDS = float(os.environ.get("SECONDS", "5"))
ROUNDS = int(os.environ.get("ROUNDS", "8"))


def lowest_three(dice):
    """The names of the three lowest dice (a wild counts highest)."""
    rank = lambda die: 99 if die["value"] == "W" else die["value"]
    return [die["die"] for die in sorted(dice, key=rank)[:3]]


# Each client process's game in play on each server: a game goes on from one round to the next,
# so that every game is played to its end and its finish falls in some round.
GAMES = {}


def play(port, key, seconds):
    """Plays digital turns for `seconds`: each scored turn's time in ms."""
    api = Api(port, key)
    times = []
    end = time.monotonic() + seconds
    game = GAMES.get(port)
    while time.monotonic() < end:
        if game is None or game["status"] == "finished":
            game = api.call("POST", "/v1/games", {"mode": "digital", "players": [{"name": "Ann"}, {"name": "Bo"}]})
        start = time.perf_counter()
        path = f"/v1/games/{game['id']}/turns"
        turn = api.call("POST", path, {"player_id": game["current_player_id"]})
        turn = api.call("POST", f"{path}/{turn['number']}/rolls", {"reroll": lowest_three(turn["rolls"][-1])})
        scored = api.call("POST", f"{path}/{turn['number']}/score", {})
        times.append((time.perf_counter() - start) * 1000)
        game = scored["game"]
    GAMES[port] = game
    return times


def start(binary, backend, port, folder):
    if backend == "sqlite":
        url = f"sqlite://{folder}/{port}.sqlite"
    else:
        name = f"phase10_digital_{os.getpid()}_{port}"
        subprocess.run(["psql", PG + "/postgres", "-qc", f"DROP DATABASE IF EXISTS {name}"], check=True)
        subprocess.run(["psql", PG + "/postgres", "-qc", f"CREATE DATABASE {name}"], check=True)
        url = f"{PG}/{name}"
    return serve(binary, url, port)


def main():
    before, after = sys.argv[1], sys.argv[2]
    backend = sys.argv[3] if len(sys.argv) > 3 else "sqlite"
    folder = tempfile.mkdtemp()
    builds = {"before": (before, 18321), "after": (after, 18322)}
    servers = [start(binary, backend, port, folder) for binary, port in builds.values()]
    try:
        keys = {name: Api(port).call("POST", "/v1/accounts", {"name": "Bench"})["api_key"]
                for name, (_, port) in builds.items()}
        rounds = {name: [] for name in builds}
        with multiprocessing.Pool(CLIENTS) as pool:
            for r in range(ROUNDS):
                order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
                for name in order:
                    port = builds[name][1]
                    parts = pool.starmap(play, [(port, keys[name], SECONDS)] * CLIENTS)
                    times = [t for part in parts for t in part]
                    figures = (len(times) / SECONDS, statistics.median(times), percentile(times, 99))
                    rounds[name].append(figures)
                    print(f"round {r + 1} {name}: {figures[0]:.0f} turns/s, p50 {figures[1]:.2f} ms, p99 {figures[2]:.2f} ms", flush=True)
        medians = {name: [statistics.median(f[i] for f in rounds[name]) for i in range(3)] for name in builds}
        for name in builds:
            tps, p50, p99 = medians[name]
            print(f"{backend} {name}: {tps:.0f} turns/s, p50 {p50:.2f} ms, p99 {p99:.2f} ms (medians of {ROUNDS} rounds)")
        of_rounds = statistics.median(a[0] / b[0] for a, b in zip(rounds["after"], rounds["before"]))
        print(f"{backend} after / before: turns/s {of_rounds:.3f} (median of the rounds' ratios), "
              f"{medians['after'][0] / medians['before'][0]:.3f} (of the medians); "
              f"p50 {medians['after'][1] / medians['before'][1]:.3f}, p99 {medians['after'][2] / medians['before'][2]:.3f}")
    finally:
        for server in servers:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
