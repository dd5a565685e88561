#!/usr/bin/env python3
"""Seeds an account through the HTTP API for bench/people.sh: people, then finished games.

    people_seed.py people BASE KEY COUNT            prints the ids of COUNT new people (JSON)
    people_seed.py games BASE KEY PEOPLE FROM TO [CLIENTS [STEADY_UNTIL]]
                                                    plays games FROM..TO-1 to their end, prints a
                                                    summary (JSON) on stdout

Game g is the same in every run (its own random generator, seeded with g): so a run can seed
games 0..2,000, be measured, and go on with 2,000..20,000. Person 0 of PEOPLE (the "star")
plays every game g with g % 10 == 0, a tenth of them; person 1 (the "steady" one) every game g
with g % 100 == 1 below STEADY_UNTIL (default 2,000) and none after, so that their number of
games stays put while the account's grows; the others are drawn from the rest. Half the games
are dice games, half card games:

* dice: 1 player (70%), 2 (20%), 3 or 4 (5% each); a quarter with `any_colors` dice. Solitaire:
  each turn makes the player's phase with 85% (RULES §4: the game ends when phase 10 is made).
  With more players, one seat (drawn) makes every turn and finishes first; the others make
  theirs with 45% and never phase 10, so the game ends after the finisher's round (RULES §4's
  last tries): 20, 30 or 40 turns. A made turn is one of two rolls that make the phase
  (tests/api/scoresheet.rs BEST_ROLLS, or the load driver's), for varied scores.
* cards: 2 players, `"phases": [1]`: one hand ends the game; the player who went out wins, the
  other laid down phase 1 too (30%: 5 to 20 points left in hand) or not (50 to 200).

The next player is always read from the server's answer (`current_player_id`), and every game
must end `finished`. Each client is a thread with one kept-alive HTTP/1.1 connection (the load
driver's headers, as http.client sends them: no User-Agent, no Idempotency-Key); clients take the next game from
a shared counter, so games are created in about the order of g.
"""

import http.client
import json
import random
import sys
import threading
import time
from urllib.parse import urlsplit

BEST_ROLLS = ["10 10 10 10 10 10", "10 10 10 W 8 9 10", "10 10 10 10 W W 9 10", "4 5 6 7 8 9 10",
              "3 4 5 6 7 8 9 10", "2 3 4 5 6 7 8 9 10", "10 10 10 10 10 10 W W",
              "4o 9o 8o 10o 7o 8o 10o", "10 10 10 10 10 10 W", "10 10 10 10 10 4 4 4"]
DRIVER_ROLLS = ["8 8 8 10 W W", "5 5 5 1 2 3 4", "10 10 10 10 1 2 3 4", "1 2 3 4 5 6 7",
                "1 2 3 4 5 6 7 8", "2 3 4 5 6 7 8 9 10", "10 10 10 10 9 9 W W",
                "4o 7o 8o 8o 9o 10o 10o", "10 10 10 10 10 10 W", "10 10 10 10 10 4 4 4"]
COLORS = {"r": "red", "o": "orange", "b": "blue", "g": "green"}


def dice(text):
    out = []
    for token in text.split():
        color = COLORS.get(token[-1])
        face = token[:-1] if color else token
        die = {"value": int(face) if face.isdigit() else "W"}
        if color:
            die["color"] = color
        out.append(die)
    return out


class Client:
    """One kept-alive connection; every answer must have the status expected."""

    def __init__(self, base, key):
        url = urlsplit(base)
        self.conn = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=60)
        self.headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        self.requests = 0

    def call(self, method, path, body=None, expect=201):
        data = None if body is None else json.dumps(body, separators=(",", ":"))
        self.conn.request(method, path, body=data, headers=self.headers)
        answer = self.conn.getresponse()
        text = answer.read()
        self.requests += 1
        if answer.status != expect:
            raise RuntimeError(f"{method} {path} -> {answer.status}: {text[:300]!r} (body {data})")
        return json.loads(text) if text else None


def plan(g, star, steady, others, steady_until):
    """Game g: its kind, its people in seat order, and its own generator for the play."""
    rng = random.Random(f"people-bench-{g}")
    if rng.random() < 0.5:
        kind, count = "cards", 2
    else:
        kind = "dice"
        count = rng.choices([1, 2, 3, 4], weights=[70, 20, 5, 5])[0]
    people = []
    if g % 10 == 0:
        people.append(star)
    elif g % 100 == 1 and g < steady_until:
        people.append(steady)
    people += rng.sample(others, count - len(people))
    rng.shuffle(people)
    return kind, people, rng


def play_dice(client, g, people, rng, counts):
    body = {"players": [{"person_id": p} for p in people]}
    if rng.random() < 0.25:
        body["dice_layout"] = "any_colors"
    game = client.call("POST", "/v1/games", body)
    path = f"/v1/games/{game['id']}/turns"
    finisher = rng.randrange(len(people))
    turns = 0
    while game["status"] != "finished":
        player = next(p for p in game["players"] if p["id"] == game["current_player_id"])
        phase = player["phase"]
        if len(people) == 1:
            made = rng.random() < 0.85
        elif player["seat"] == finisher:
            made = True
        else:
            made = phase < 10 and rng.random() < 0.45
        roll = (BEST_ROLLS if rng.random() < 0.5 else DRIVER_ROLLS)[phase - 1]
        game = client.call("POST", path, {"player_id": player["id"],
                                          "dice": dice(roll) if made else []})["game"]
        turns += 1
        if turns > 200:
            raise RuntimeError(f"game {g} ({game['id']}) is not over after 200 turns")
    counts["turns"] += turns
    return game


def play_cards(client, g, people, rng, counts):
    game = client.call("POST", "/v1/games", {"game": "cards", "phases": [1],
                                             "players": [{"person_id": p} for p in people]})
    ids = [p["id"] for p in game["players"]]
    out = rng.randrange(2)
    made = rng.random() < 0.3  # then 1 to 4 cards left (5 to 20 points); else 10 (50 to 200)
    other = {"player_id": ids[1 - out], "made": made,
             "points": 5 * rng.randint(1, 4) if made else 5 * rng.randint(10, 40)}
    hand = client.call("POST", f"/v1/games/{game['id']}/hands",
                       {"went_out": ids[out], "players": [{"player_id": ids[out], "made": True}, other]})
    counts["hands"] += 1
    if hand["game"]["status"] != "finished":
        raise RuntimeError(f"card game {g} ({game['id']}) is not over: {hand['game']['status']}")
    return hand["game"]


def seed_games(base, key, people, first, end, clients, steady_until):
    star, steady, others = people[0], people[1], people[2:]
    lock = threading.Lock()
    state = {"next": first, "error": None}
    totals = {"dice": 0, "cards": 0, "turns": 0, "hands": 0, "requests": 0, "star_games": 0,
              "players": {1: 0, 2: 0, 3: 0, 4: 0}}
    baseline = {}  # the star's first 2-player dice game of these: GET /v1/games/{id}'s baseline

    def work():
        client = Client(base, key)
        counts = {"turns": 0, "hands": 0, "dice": 0, "cards": 0, "star": 0,
                  "players": {1: 0, 2: 0, 3: 0, 4: 0}}
        try:
            while True:
                with lock:
                    g = state["next"]
                    if g >= end or state["error"]:
                        break
                    state["next"] += 1
                kind, seats, rng = plan(g, star, steady, others, steady_until)
                if kind == "dice":
                    game = play_dice(client, g, seats, rng, counts)
                    counts["players"][len(seats)] += 1
                    if len(seats) == 2 and star in seats:
                        with lock:
                            if "g" not in baseline or g < baseline["g"]:
                                baseline.update(g=g, id=game["id"])
                else:
                    play_cards(client, g, seats, rng, counts)
                counts[kind] += 1
                counts["star"] += star in seats
        except Exception as e:  # noqa: BLE001 - reported, and the run fails
            with lock:
                state["error"] = state["error"] or repr(e)
        with lock:
            for k in ("dice", "cards", "turns", "hands"):
                totals[k] += counts[k]
            totals["star_games"] += counts["star"]
            for n, c in counts["players"].items():
                totals["players"][n] += c
            totals["requests"] += client.requests

    started = time.monotonic()
    threads = [threading.Thread(target=work) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.monotonic() - started
    if state["error"]:
        print(f"seeding failed: {state['error']}", file=sys.stderr)
        sys.exit(5)
    totals.update(games=end - first, seconds=round(seconds, 1),
                  requests_per_s=round(totals["requests"] / seconds, 1),
                  baseline_game=baseline.get("id"))
    return totals


def main():
    what = sys.argv[1]
    if what == "people":
        base, key, count = sys.argv[2], sys.argv[3], int(sys.argv[4])
        client = Client(base, key)
        ids = [client.call("POST", "/v1/people", {"name": f"Person {i:03}"})["id"] for i in range(count)]
        print(json.dumps(ids))
    elif what == "games":
        base, key, people_file, first, end = sys.argv[2:7]
        clients = int(sys.argv[7]) if len(sys.argv) > 7 else 4
        steady_until = int(sys.argv[8]) if len(sys.argv) > 8 else 2000
        with open(people_file) as f:
            people = json.load(f)
        print(json.dumps(seed_games(base, key, people, int(first), int(end), clients, steady_until)))
    else:
        sys.exit(f"unknown {what!r}: people or games")


if __name__ == "__main__":
    main()
