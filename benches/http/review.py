#!/usr/bin/env python3
"""The review of a 40-turn digital game over HTTP (API.md "Game review"): a game of four played
through the API (every choice the advice's), then its review asked 30 times; prints the median
time of an answer. Usage: python3 benches/http/review.py http://127.0.0.1:PORT"""
import json, sys, time, urllib.request, statistics
B = sys.argv[1]
def call(method, path, body=None, key=None):
    req = urllib.request.Request(B + path, method=method, data=None if body is None else json.dumps(body).encode())
    req.add_header("content-type", "application/json")
    if key: req.add_header("authorization", "Bearer " + key)
    try:
        with urllib.request.urlopen(req) as r:
            return json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        sys.exit(f"{method} {path}: {e.code} {e.read().decode()}")
key = call("POST", "/v1/accounts", {"name": "Bench"})["api_key"]
game = call("POST", "/v1/games", {"players": [{"name": n} for n in ("Ann", "Bo", "Cy", "Di")], "mode": "digital"}, key)
gid = game["id"]
game = call("GET", f"/v1/games/{gid}", None, key)
for t in range(40):
    turn = call("POST", f"/v1/games/{gid}/turns", {"player_id": game["current_player_id"]}, key)
    while turn["state"] == "rolling":
        adv = call("GET", f"/v1/games/{gid}/turns/{turn['number']}/advice", None, key)
        if adv["reroll"]:
            turn = call("POST", f"/v1/games/{gid}/turns/{turn['number']}/rolls", {"reroll": adv["reroll"]}, key)
        else:
            turn = call("POST", f"/v1/games/{gid}/turns/{turn['number']}/score", {}, key)
    game = call("GET", f"/v1/games/{gid}", None, key)
times = []
for i in range(30):
    s = time.perf_counter(); r = call("GET", f"/v1/games/{gid}/review", None, key); times.append((time.perf_counter() - s) * 1000)
print(f"40 turns, {sum(len(t['rolls']) for t in r['turns'])} rolls: review p50 {statistics.median(times):.1f} ms, min {min(times):.1f}, max {max(times):.1f}")
