#!/usr/bin/env python3
"""Reading a long dice game, as the outside probe's M1 read it (issue 41): on a process that did
not make the game's last change, CONNECTIONS client processes read a game's pad
(GET /v1/games/{id}/scoresheet) for SECONDS, while another account reads its own small game
(GET /v1/games/{id}) once every 20 ms. Two games of 8 players, both made through the other
process: a game of 40 turns and one of 1,000 (RULES §4's most); each turn ten dice that miss
phase 1 (1 to 10: no set), so that no game ends. In alternating rounds (which game goes first
alternates too). Then the history from 0 of the long game (GET …/events?after=0, an event
stream), read to its last event: how long, and the largest the server's resident memory grew.

Prints each round, then per game the median of the rounds' pad reads/s and of the other
account's p50 and p99, and long / short as the median of the rounds' ratios. The probe's
figures, before the cap and the read cache: 24 pad reads/s on an 8-player game of 5,000 turns
against 719 on a 40-turn game, and the other account's GET at 413 ms against 2.9 ms.

Usage: python3 benches/http/long_game.py BINARY [postgres|sqlite]
       CONNECTIONS=16 SECONDS=5 ROUNDS=4
"""
import http.client
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time

from server import PG, Api, free_port, percentile, serve

CONNECTIONS = int(os.environ.get("CONNECTIONS", "16"))
SECONDS = float(os.environ.get("SECONDS", "5"))
ROUNDS = int(os.environ.get("ROUNDS", "4"))
LONG, SHORT = 1000, 40
MISSES_PHASE_1 = [{"value": v} for v in range(1, 11)]


def start(binary, url, folder, name):
    log = open(os.path.join(folder, f"{name}.log"), "w")
    port = free_port()
    return serve(binary, url, port, log), port


def new_game(api, turns):
    players = [{"name": name} for name in ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]]
    game = api.call("POST", "/v1/games", {"players": players})
    for number in range(turns):
        player = game["players"][number % 8]["id"]
        api.call("POST", f"/v1/games/{game['id']}/turns", {"player_id": player, "dice": MISSES_PHASE_1})
    return game["id"]


def read_pads(port, key, game_id, seconds):
    api = Api(port, key)
    count, end = 0, time.monotonic() + seconds
    while time.monotonic() < end:
        status, _ = api.send("GET", f"/v1/games/{game_id}/scoresheet")
        if status != 200:
            raise SystemExit(f"pad read: {status}")
        count += 1
    return count


def other_account(port, key, game_id, seconds, results):
    api = Api(port, key)
    times, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        status, _ = api.send("GET", f"/v1/games/{game_id}")
        if status != 200:
            raise SystemExit(f"other account's read: {status}")
        times.append((time.perf_counter() - start) * 1000)
        time.sleep(0.02)
    results.put(times)


def one_round(port, key, game_id, other_key, other_game):
    results = multiprocessing.Queue()
    other = multiprocessing.Process(target=other_account, args=(port, other_key, other_game, SECONDS, results))
    other.start()
    with multiprocessing.Pool(CONNECTIONS) as pool:
        counts = pool.starmap(read_pads, [(port, key, game_id, SECONDS)] * CONNECTIONS)
    times = results.get()
    other.join()
    return sum(counts) / SECONDS, percentile(times, 50), percentile(times, 99)


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def history(port, key, game_id, pid):
    """Reads the events after version 0 until the game's latest: seconds, events, the most
    resident memory the server had meanwhile (KiB), and before."""
    before = resident_kib(pid)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    start = time.perf_counter()
    conn.request("GET", f"/v1/games/{game_id}/events?after=0", headers={"authorization": "Bearer " + key})
    reply = conn.getresponse()
    events, most, last = 0, before, 0
    while last < LONG + 1:
        line = reply.fp.readline()
        if not line:
            break
        if line.startswith(b"id:"):
            events += 1
            last = int(line[3:].strip())
            if events % 50 == 0:
                most = max(most, resident_kib(pid))
    took = time.perf_counter() - start
    conn.close()
    return took, events, max(most, resident_kib(pid)), before


def main():
    binary = sys.argv[1]
    backend = sys.argv[2] if len(sys.argv) > 2 else "postgres"
    folder = tempfile.mkdtemp(prefix="long-game-")
    if backend == "postgres":
        name = f"long_game_{os.getpid()}"
        subprocess.run(["psql", PG + "/postgres", "-qc", f"CREATE DATABASE {name}"], check=True)
        url = f"{PG}/{name}"
    else:
        url = f"sqlite://{folder}/games.sqlite"
    writer, writer_port = start(binary, url, folder, "writer")
    reader, reader_port = start(binary, url, folder, "reader")
    try:
        made = Api(writer_port).call("POST", "/v1/accounts", {"name": "Long"})
        writing = Api(writer_port, made["api_key"])
        print(f"recording {LONG} + {SHORT} turns through the writer…", flush=True)
        games = {"short": new_game(writing, SHORT), "long": new_game(writing, LONG)}
        other = Api(writer_port).call("POST", "/v1/accounts", {"name": "Other"})
        other_game = new_game(Api(writer_port, other["api_key"]), 8)
        figures = {"short": [], "long": []}
        for round_number in range(ROUNDS):
            order = ["short", "long"] if round_number % 2 == 0 else ["long", "short"]
            for which in order:
                figure = one_round(reader_port, made["api_key"], games[which], other["api_key"], other_game)
                figures[which].append(figure)
                print(f"round {round_number + 1} {which:5}: {figure[0]:7.0f} pad reads/s; "
                      f"the other account's read p50 {figure[1]:.1f} ms, p99 {figure[2]:.1f} ms", flush=True)
        for which in ["short", "long"]:
            rates, p50s, p99s = zip(*figures[which])
            print(f"{which:5} ({SHORT if which == 'short' else LONG} turns): {statistics.median(rates):.0f} pad reads/s, "
                  f"the other account's p50 {statistics.median(p50s):.1f} ms, p99 {statistics.median(p99s):.1f} ms")
        ratios = [l[0] / s[0] for s, l in zip(figures["short"], figures["long"])]
        p50_ratios = [l[1] / s[1] for s, l in zip(figures["short"], figures["long"])]
        print(f"long / short: pad reads/s {statistics.median(ratios):.3f}, the other account's p50 "
              f"{statistics.median(p50_ratios):.2f} (medians of the rounds' ratios)")
        took, events, most, before = history(reader_port, made["api_key"], games["long"], reader.pid)
        print(f"history from 0 of the long game: {events} events in {took * 1000:.0f} ms; the reader's "
              f"resident memory {before / 1024:.1f} MiB before, at most {most / 1024:.1f} MiB while sending")
    finally:
        for process in (writer, reader):
            process.terminate()
            process.wait()
        if backend == "postgres":
            subprocess.run(["psql", PG + "/postgres", "-qc", f"DROP DATABASE {name} WITH (FORCE)"])


if __name__ == "__main__":
    main()
