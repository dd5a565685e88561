#!/usr/bin/env bash
# Changing an entry after the fact (RULES §9), over HTTP, next to recording the next entry of the
# same game in the same run: p50 and p99 of
#   (a) PUT /v1/games/{id}/turns/10   in a tabletop dice game of 8 players and 300 turns
#   (b) POST /v1/games/{id}/turns     the same game's turn 301 (then undone: see below)
#   (c) PUT /v1/games/{id}/hands/2    in a card game of 6 players and 40 hands
#   (d) POST /v1/games/{id}/hands     the same game's hand 41 (then undone)
# and the ratios a/b and c/d, on SQLite and on PostgreSQL. Target: a replacement at most 3 times
# the recording, and under 10 ms p50.
#
#   bash bench/edits.sh [SAMPLES] [BACKEND]     (defaults: 1000 samples of each, both backends)
#   BINARY=path/to/phase10 bash bench/edits.sh  (no build: measure that binary)
#   WARM=50 PORT=18193 PG=postgres://postgres@127.0.0.1:5432 SSL=disable …
#   KEEP=DIR  keeps the curl configs and answers, and the SQLite file (DIR/edits.sqlite) with its
#             games as the run left them (bench/callgrind_edits.sh plays them again)
#
# What it does, for each backend (SQLite first: a file in a temp directory; PostgreSQL: a fresh
# database phase10_edits_<pid> on 127.0.0.1:5432, user postgres, trust auth, dropped after):
# starts the release server with load.sh's settings (LOG=error, no rate limits), creates an
# account and, through the API with curl on one kept-alive connection (the load driver's
# headers; no Idempotency-Key):
#  * a tabletop dice game of 8 players (given in order), 300 turns: turn t is seat (t-1) % 8's
#    in round r = (t-1) / 8, and makes the player's phase when (r + seat) % 5 == 2 (the driver's
#    dice for that phase), else fails with five shown dice that make no phase (1b 2r 5g 7r 9r);
#    61 turns make a phase, 239 fail, every player ends on phase 8 or 9: in progress. Turn 10
#    (seat 1, round 1) made phase 1 with 8 8 8 10 W W.
#  * a card game of 6 players, all ten phases, 40 hands: hand h is gone out by seat (h-1) % 6,
#    who lays down their phase in cards (RULES §7's one deck); every fifth hand a second player
#    laid down too and holds one card (points 10); everyone else holds 10 cards, given as points
#    (50 to 145). Every player ends on phase 8 or 9: in progress. Hand 2 was gone out by seat 1.
# It checks both games are in progress with 300 turns and 40 hands, then plays WARM unmeasured
# cycles and SAMPLES measured ones, all in one curl run on one kept-alive connection. A cycle:
#    PUT turns/10   (alternately 9 9 9 10 W W and 8 8 8 10 W W: phase 1 made either way, only the
#                   score changes, so every later turn keeps its outcome and the record stays valid)
#    POST turns     (turn 301: the player due, with the driver's dice for their phase: a made turn,
#                   like the one replaced), then DELETE turns/301 (undo: the game is 300 turns again)
#    PUT hands/2    (alternately seat 0 holding 65 and 75 points)
#    POST hands     (hand 41, seat 4 going out on their phase, as every hand is recorded), then
#                   DELETE hands/41
# so a replacement and a recording both find a game of 300 turns (40 hands) and the same log of
# events, growing the same way (each change appends one event; undo one more). Even cycles put
# the PUT first, odd ones the POST and its undo first, so that neither always follows the same
# request. Each request is timed by curl itself (time_total on a reused connection: from the
# request sent to the last byte of the answer read); every answer must be 200 (PUT, DELETE) or
# 201 (POST), and at the end the game must still be in progress with 300 turns, turn 10 edited
# once per cycle. Percentiles are nearest rank, as the load driver takes them.
#
# The undo (DELETE) is timed too and shown: it also works the whole game out again from its record
# (service::turns::undo replays it), without the replacement's checks and its log of edits.
#
# The machine is shared and noisy: compare the ratios, measured in the same run, not times across
# runs. Needs curl, jq, python3, psql; PostgreSQL on 127.0.0.1:5432 for the PostgreSQL half.
set -euo pipefail
cd "$(dirname "$0")/.."
samples=${1:-1000}
backends=${2:-${BACKEND:-both}}
warm=${WARM:-50}
port=${PORT:-18193}
pg=${PG:-postgres://postgres@127.0.0.1:5432}
if [ -n "${SSL:-}" ]; then export PGSSLMODE=$SSL; fi
case $backends in both) backends="sqlite postgres" ;; sqlite|postgres) ;; *) echo "BACKEND: sqlite, postgres or both" >&2; exit 2 ;; esac
for tool in curl jq python3 psql; do
  command -v $tool >/dev/null || { echo "needs $tool" >&2; exit 2; }
done

binary=${BINARY:-}
if [ -z "$binary" ]; then
  cargo build --release --quiet --locked --bin phase10
  binary="${CARGO_TARGET_DIR:-./target}/release/phase10"
fi
case $binary in /*) ;; *) binary="$(pwd)/$binary" ;; esac
[ -x "$binary" ] || { echo "no server binary at $binary" >&2; exit 2; }

db=phase10_edits_$$
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
server=""
base=http://127.0.0.1:$port

stop_server() {
  if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi
}
cleanup() {
  stop_server
  psql -X -q "$pg/postgres" -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
  [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

start_server() {  # $1 database URL
  DATABASE_URL="$1" BIND=127.0.0.1:$port LOG=error RATE_LIMIT_WRITES=0 RATE_LIMIT_ACCOUNTS=0 "$binary" &
  server=$!
  for _ in $(seq 1 200); do curl -fs "$base/healthz" >/dev/null && return; sleep 0.1; done
  echo "the server did not start" >&2; exit 4
}

# shellcheck source=bench/turns.sh
source bench/turns.sh   # post()

# Writes curl configs for one backend: build.BACKEND.cfg (the two games' entries) and
# measure.BACKEND.cfg (the cycles). $1 the backend, $2 the API key, $3 the dice game, $4 the card
# game (their JSON as created).
configs() {
  python3 - "$work" "$base" "$2" "$3" "$4" "$warm" "$samples" "$1" <<'PY'
import json, sys
work, base, key, dice_game, card_game, warm, samples, backend = sys.argv[1:9]
dice_game, card_game = json.loads(dice_game), json.loads(card_game)
warm, samples = int(warm), int(samples)

MAKE = ["8 8 8 10 W W", "5 5 5 1 2 3 4", "10 10 10 10 1 2 3 4", "1 2 3 4 5 6 7", "1 2 3 4 5 6 7 8",
        "2 3 4 5 6 7 8 9 10", "10 10 10 10 9 9 W W", "4o 7o 8o 8o 9o 10o 10o", "10 10 10 10 10 10 W",
        "10 10 10 10 10 4 4 4"]
FAIL = "1b 2r 5g 7r 9r"
DICE_COLORS = {"r": "red", "o": "orange", "b": "blue", "g": "green"}
CARD_COLORS = {"r": "red", "b": "blue", "y": "yellow", "g": "green"}
# The cards that lay down each phase (sizes 6, 7, 8, 7, 8, 9, 8, 7, 7, 8).
LAY = [["7r 7b 7g", "9g 9y 9r"], ["8r 8b 8g", "1r 2r 3r 4b"], ["5r 5b 5g 5y", "1r 2b 3g 4y"],
       ["1r 2r 3b 4b 5g 6g 7y"], ["1r 2r 3b 4b 5g 6g 7y 8y"], ["1r 2r 3b 4b 5g 6g 7y 8y 9y"],
       ["5r 5b 5g 5y", "6r 6b 6g 6y"], ["1r 2r 3r 4r 5r 6r 7r"], ["9r 9b 9g 9y 9r", "11r 11b"],
       ["10r 10b 10g 10y 10r", "12r 12b 12g"]]

def dice(text):
    out = []
    for t in text.split():
        color = DICE_COLORS.get(t[-1])
        v = t[:-1] if color else t
        d = {"value": int(v) if v.isdigit() else "W"}
        if color:
            d["color"] = color
        out.append(d)
    return out

def cards(text):
    out = []
    for t in text.split():
        if t in ("W", "S"):
            out.append({"value": t})
        else:
            out.append({"value": int(t[:-1]), "color": CARD_COLORS[t[-1]]})
    return out

def request(method, path, body=None):
    lines = [f'url = "{base}{path}"', f'request = "{method}"',
             f'header = "Authorization: Bearer {key}"', 'header = "User-Agent:"',
             'header = "Accept:"', 'header = "Expect:"']
    if body is not None:
        text = json.dumps(body, separators=(",", ":")).replace("\\", "\\\\").replace('"', '\\"')
        lines += ['header = "Content-Type: application/json"', f'data-binary = "{text}"']
    lines += ['output = "/dev/null"',
              'write-out = "%{method} %{url_effective} %{http_code} %{time_total} %{size_download}\\n"']
    return "\n".join(lines)

def write(name, requests):
    with open(f"{work}/{name}", "w") as f:
        f.write("\nnext\n".join(requests) + "\n")

# The dice game: 8 seats, 300 turns.
seats = [p["id"] for p in dice_game["players"]]
dice_path = f"/v1/games/{dice_game['id']}/turns"
phase = [1] * 8
build = []
for t in range(1, 301):
    seat, rnd = (t - 1) % 8, (t - 1) // 8
    if (rnd + seat) % 5 == 2:
        roll = MAKE[phase[seat] - 1]
        phase[seat] += 1
    else:
        roll = FAIL
    build.append(request("POST", dice_path, {"player_id": seats[seat], "dice": dice(roll)}))
turn_301 = {"player_id": seats[300 % 8], "dice": dice(MAKE[phase[300 % 8] - 1])}
assert all(p <= 10 for p in phase), phase

# The card game: 6 seats, 40 hands.
hands_seats = [p["id"] for p in card_game["players"]]
hands_path = f"/v1/games/{card_game['id']}/hands"
cphase = [1] * 6

def hand(h, seat0_points=None):
    out_seat = (h - 1) % 6
    also = h % 6 if h % 5 == 0 else None
    lines = []
    for s in range(6):
        if s == out_seat:
            line = {"player_id": hands_seats[s], "made": True, "cards": [],
                    "laid_down": [cards(g) for g in LAY[cphase[s] - 1]]}
        elif s == also:
            line = {"player_id": hands_seats[s], "made": True, "points": 10}
        else:
            points = 50 + 5 * ((h * 7 + s * 3) % 20)
            if s == 0 and seat0_points is not None:
                points = seat0_points
            line = {"player_id": hands_seats[s], "made": False, "points": points}
        lines.append(line)
    return {"went_out": hands_seats[out_seat], "players": lines}, [out_seat] + ([also] if also is not None else [])

for h in range(1, 41):
    body, made = hand(h)
    build.append(request("POST", hands_path, body))
    for s in made:
        cphase[s] += 1
assert all(p <= 10 for p in cphase), cphase
hand_41, _ = hand(41)
write(f"build.{backend}.cfg", build)

# Hand 2 as recorded, then with seat 0 holding 65 or 75 points (recorded: 50 + 5 * (14 % 20) = 120).
cphase_at_2 = [1] * 6
cphase_at_2[0] += 1  # seat 0 went out in hand 1
def hand_2_with(points):
    global cphase
    saved, cphase = cphase, cphase_at_2
    body, _ = hand(2, points)
    cphase = saved
    return body

cycles = []
for i in range(warm + samples):
    put_turn = request("PUT", f"{dice_path}/10", {"dice": dice("9 9 9 10 W W" if i % 2 == 0 else "8 8 8 10 W W")})
    record_turn = [request("POST", dice_path, turn_301), request("DELETE", f"{dice_path}/301")]
    put_hand = request("PUT", f"{hands_path}/2", hand_2_with(65 if i % 2 == 0 else 75))
    record_hand = [request("POST", hands_path, hand_41), request("DELETE", f"{hands_path}/41")]
    if i % 2 == 0:
        cycles += [put_turn] + record_turn + [put_hand] + record_hand
    else:
        cycles += record_turn + [put_turn] + record_hand + [put_hand]
write(f"measure.{backend}.cfg", cycles)
PY
}

# Reads curl's lines (method url code seconds bytes) of the measured cycles and prints the table.
report() {  # $1 backend label, $2 file of lines, $3 summary file
  python3 - "$1" "$2" "$warm" "$samples" "$3" <<'PY'
import re, sys
label, lines, warm, samples, summary = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
kinds = [("put_turn", "PUT", r"/turns/10$", 200, "(a) PUT turns/10, 300-turn 8-player dice game"),
         ("post_turn", "POST", r"/turns$", 201, "(b) POST turns (turn 301), same game"),
         ("undo_turn", "DELETE", r"/turns/301$", 200, "    DELETE turns/301 (undo; not a baseline)"),
         ("put_hand", "PUT", r"/hands/2$", 200, "(c) PUT hands/2, 40-hand 6-player card game"),
         ("post_hand", "POST", r"/hands$", 201, "(d) POST hands (hand 41), same game"),
         ("undo_hand", "DELETE", r"/hands/41$", 200, "    DELETE hands/41 (undo; not a baseline)")]
times = {k[0]: [] for k in kinds}
size = {}
bad = []
seen = {k[0]: 0 for k in kinds}
for raw in open(lines):
    method, url, code, secs, nbytes = raw.split()
    for name, m, pattern, want, _ in kinds:
        if method == m and re.search(pattern, url):
            if int(code) != want:
                bad.append(f"{method} {url} -> {code}")
            seen[name] += 1
            if seen[name] > warm:
                times[name].append(float(secs) * 1000)
                size[name] = int(nbytes)
            break
    else:
        bad.append(f"unexpected: {raw.strip()}")
if bad:
    print(f"{len(bad)} answers not as expected, e.g. {bad[:3]}", file=sys.stderr)
    sys.exit(5)
def pct(xs, p):
    xs = sorted(xs)
    return xs[round((len(xs) - 1) * p)]
stats = {}
print(f"{label}: {samples} samples of each after {warm} warm-up cycles, one kept-alive connection")
print(f"  {'request':<50} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'bytes':>7}")
for name, _, _, _, text in kinds:
    xs = times[name]
    assert len(xs) == samples, (name, len(xs))
    stats[name] = (pct(xs, .5), pct(xs, .99))
    print(f"  {text:<50} {stats[name][0]:8.2f} {stats[name][1]:8.2f} {max(xs):8.2f} {size[name]:7}")
verdicts = []
for what, a, b in (("turns", "put_turn", "post_turn"), ("hands", "put_hand", "post_hand")):
    r50, r99 = stats[a][0] / stats[b][0], stats[a][1] / stats[b][1]
    met = r50 <= 3 and stats[a][0] < 10
    verdicts.append(met)
    print(f"  ratio replacement / recording, {what}: p50 {r50:.2f}x, p99 {r99:.2f}x"
          f"   target (<= 3x and < 10 ms p50): {'met' if met else 'NOT met'}")
with open(summary, "a") as f:
    f.write(f"{label} " + " ".join(f"{n}={stats[n][0]:.2f}/{stats[n][1]:.2f}" for n, *_ in kinds)
            + f" turns_ratio={stats['put_turn'][0] / stats['post_turn'][0]:.2f}/{stats['put_turn'][1] / stats['post_turn'][1]:.2f}"
            + f" hands_ratio={stats['put_hand'][0] / stats['post_hand'][0]:.2f}/{stats['put_hand'][1] / stats['post_hand'][1]:.2f}"
            + f" target={'met' if all(verdicts) else 'not_met'}\n")
PY
}

measure() {  # $1 sqlite|postgres
  local label url key dice_game card_game game
  case $1 in
    sqlite) label="SQLite"; url="$work/edits.sqlite"; rm -f "$work"/edits.sqlite* ;;
    postgres)
      label="PostgreSQL"
      PGOPTIONS="-c client_min_messages=warning" psql -X -q "$pg/postgres" -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null
      url="$pg/$db" ;;
  esac
  start_server "$url"
  key=$(post /v1/accounts '{"name":"bench"}' | jq -er .api_key) || { echo "no account" >&2; exit 4; }
  dice_game=$(post /v1/games '{"players":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"},{"name":"E"},{"name":"F"},{"name":"G"},{"name":"H"}]}' "$key")
  card_game=$(post /v1/games '{"game":"cards","players":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"},{"name":"E"},{"name":"F"}]}' "$key")
  jq -e .id <<<"$dice_game" >/dev/null && jq -e .id <<<"$card_game" >/dev/null || { echo "no games: $dice_game $card_game" >&2; exit 4; }
  configs "$1" "$key" "$dice_game" "$card_game"
  curl -sS -K "$work/build.$1.cfg" > "$work/build.$1"
  if [ "$(awk '$3 != 201' "$work/build.$1" | wc -l)" != 0 ]; then
    echo "an entry of the games was not answered 201: $(awk '$3 != 201' "$work/build.$1" | head -3)" >&2; exit 5
  fi
  check "$key" "$(jq -r .id <<<"$dice_game")" "$(jq -r .id <<<"$card_game")" 0
  curl -sS -K "$work/measure.$1.cfg" > "$work/measure.$1"
  check "$key" "$(jq -r .id <<<"$dice_game")" "$(jq -r .id <<<"$card_game")" $((warm + samples))
  stop_server
  report "$label" "$work/measure.$1" "$work/summary"
  echo
}

check() {  # $1 key, $2 dice game, $3 card game, $4 edits expected of turn 10 and hand 2
  local dice cards
  get() { curl -sS -H "Authorization: Bearer $1" "$base$2"; }
  dice=$(get "$1" "/v1/games/$2")
  cards=$(get "$1" "/v1/games/$3")
  [ "$(jq -r .status <<<"$dice")" = in_progress ] && [ "$(jq -r .status <<<"$cards")" = in_progress ] \
    || { echo "a game is not in progress: $(jq -c '{status, players: [.players[].phase]}' <<<"$dice") $(jq -c '{status, players: [.players[].phase]}' <<<"$cards")" >&2; exit 6; }
  [ "$(get "$1" "/v1/games/$2/turns/300" | jq -r .number)" = 300 ] && [ "$(get "$1" "/v1/games/$2/turns/301" | jq -r '.number // "none"')" = none ] \
    || { echo "the dice game does not have 300 turns" >&2; exit 6; }
  [ "$(get "$1" "/v1/games/$3/hands/40" | jq -r .number)" = 40 ] && [ "$(get "$1" "/v1/games/$3/hands/41" | jq -r '.number // "none"')" = none ] \
    || { echo "the card game does not have 40 hands" >&2; exit 6; }
  [ "$(get "$1" "/v1/games/$2/turns/10" | jq -r .edited)" = "$4" ] && [ "$(get "$1" "/v1/games/$3/hands/2" | jq -r .edited)" = "$4" ] \
    || { echo "turn 10 or hand 2 was not edited $4 times" >&2; exit 6; }
  [ "$4" != 0 ] || echo "games built: dice phases $(jq -c '[.players[].phase]' <<<"$dice"), card phases $(jq -c '[.players[].phase]' <<<"$cards"), both in progress"
}

echo "replacing an entry against recording the next one: $binary, checkout $(pwd) at $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
for backend in $backends; do measure "$backend"; done
echo "summary (p50/p99 ms):"
cat "$work/summary"
