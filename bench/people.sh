#!/usr/bin/env bash
# People across games (RULES §10) over HTTP, as the account's games grow: p50 and p99 of
#   (a) GET /v1/people/{id}/stats            the figures of the "star", who plays a tenth of the games
#   (a2) the same for the "steady" person, whose games stop at the first size (20 by default)
#   (b) GET /v1/leaderboard?game=dice         every figures row of the account's people (dice)
#   (c) GET /v1/leaderboard?game=cards        the same, cards
#   (d) GET /v1/people/{id}/games?limit=20    the star's newest 20 games (each replayed)
#   (d2) the same for the steady person
#   (e) GET /v1/games/{id}                    one finished 2-player dice game of the star's: the baseline
# each as a ratio to (e), measured in the same run, on SQLite and on PostgreSQL, at two numbers
# of finished games in one account of 200 people (2,000, then 20,000: the second size is the first
# seeded further), to show how each grows: with the person's games (the star's grow with the
# account's, the steady person's do not), with the account's or with neither. Target: (a), (b)
# and (c) under 20 ms p50 on both backends, whatever the number of games.
#
#   bash bench/people.sh [SIZES] [BACKEND]   (defaults: "2000 20000" games, both backends)
#   QUICK=1 bash bench/people.sh             (sizes "200 2000": minutes instead of tens of them)
#   BINARY=path/to/phase10 bash bench/people.sh …   (no build: measure that binary)
#   SAMPLES=1000 WARM=50 CLIENTS=4 PEOPLE=200 PORT=18194 PG=postgres://postgres@127.0.0.1:5432 SSL=disable
#   KEEP=DIR  keeps the curl configs, the answers' timings, the seeding summaries, the query plans
#             and the SQLite file
#
# Recording a turn, before and after (the load driver of bench/load.sh, both builds in one run):
#   BEFORE=path/to/old/phase10 bash bench/people.sh …   also compares recording a turn
#   BEFORE=… TURNS_ONLY=1 bash bench/people.sh          only that
#   TURN_CLIENTS=16 TURN_SECONDS=5 TURN_ROUNDS=12
#
# What it does, for each backend (SQLite: a file in a temp directory; PostgreSQL: a fresh database
# phase10_people_<pid> on 127.0.0.1:5432, user postgres, trust auth, dropped after): starts the
# release server with load.sh's settings (LOG=error, POOL_SIZE 8) and its write and account rate
# limits off (--rate-limit-writes=0 --rate-limit-accounts=0), creates an account and PEOPLE
# people (POST /v1/people), then for each size seeds the games up to it through the API
# (bench/people_seed.py: CLIENTS threads, each on a kept-alive connection; every game played to
# its end: half dice games of 1 to 4 players, a quarter of them with any_colors dice, half card
# games of 2 players with "phases": [1]; person 0, "the star", plays every tenth game; person 1,
# "the steady one", every hundredth game below the first size and none after), checks the two
# people's figures count every game of theirs and nothing is in progress, and measures: WARM
# unmeasured cycles and SAMPLES measured ones, all in one curl run on one kept-alive connection
# (the load driver's headers), a cycle being (a) to (e) once each, starting one further along
# each cycle, so that none always follows the same request. Each request is timed by curl
# (time_total on the reused connection); every answer must be 200. Percentiles are nearest rank,
# as the load driver takes them. On PostgreSQL, each size also leaves EXPLAIN (ANALYZE, BUFFERS)
# of the statements behind (a), (b) and (d) (written here as diesel writes them, with the
# values inlined), as the database stands after the measurement and again after an ANALYZE of
# the tables read (autovacuum may not have caught up with the seeding), and on SQLite EXPLAIN
# QUERY PLAN, in the work directory (see KEEP); PostgreSQL's execution times are printed.
#
# With BEFORE, for each backend: the server of this checkout and the server BEFORE run side by
# side (each on its own database and port, idle while the other is measured), and the load
# driver (examples/load_driver.rs: TURN_CLIENTS clients playing 2-player tabletop games of 20
# turns, each game finished, for TURN_SECONDS) drives them in turn, TURN_ROUNDS rounds each
# (defaults: 16 clients, 12 rounds of 5 s: short rounds, so that the machine's bursts fall on both),
# alternating which goes first (before-after, after-before, …) to cancel the machine's drift.
# It prints each round, the medians, and after / before: the median of the rounds' ratios and
# the ratio of the medians. PostgreSQL is not pinned (the machine's PostgreSQL is shared): both
# builds see the same machine, in alternating rounds.
#
# The machine is shared and noisy: compare the ratios, measured in the same run, not times across
# runs. Needs curl, jq, python3, psql (and sqlite3 for SQLite's plans); PostgreSQL on
# 127.0.0.1:5432 for the PostgreSQL half.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${QUICK:-}" ]; then default_sizes="200 2000"; else default_sizes="2000 20000"; fi
sizes=${1:-${SIZES:-$default_sizes}}
backends=${2:-${BACKEND:-both}}
samples=${SAMPLES:-1000}
warm=${WARM:-50}
clients=${CLIENTS:-4}
people=${PEOPLE:-200}
port=${PORT:-18194}
pg=${PG:-postgres://postgres@127.0.0.1:5432}
before=${BEFORE:-}
turn_clients=${TURN_CLIENTS:-16}
turn_seconds=${TURN_SECONDS:-5}
turn_rounds=${TURN_ROUNDS:-12}
if [ -n "${SSL:-}" ]; then export PGSSLMODE=$SSL; fi
case $backends in both) backends="sqlite postgres" ;; sqlite|postgres) ;; *) echo "BACKEND: sqlite, postgres or both" >&2; exit 2 ;; esac
for tool in curl jq python3 psql; do
  command -v $tool >/dev/null || { echo "needs $tool" >&2; exit 2; }
done
previous=0
first_size=""
for size in $sizes; do
  first_size=${first_size:-$size}
  [ "$size" -gt "$previous" ] 2>/dev/null || { echo "SIZES: increasing numbers of games" >&2; exit 2; }
  previous=$size
done

binary=${BINARY:-}
driver=${DRIVER:-}
if [ -z "$binary" ]; then
  if [ -n "$before" ] && [ -z "$driver" ]; then
    cargo build --release --quiet --locked --bin phase10 --example load_driver
  else
    cargo build --release --quiet --locked --bin phase10
  fi
  binary="${CARGO_TARGET_DIR:-./target}/release/phase10"
fi
if [ -n "$before" ] && [ -z "$driver" ]; then
  driver="${CARGO_TARGET_DIR:-./target}/release/examples/load_driver"
  [ -x "$driver" ] || cargo build --release --quiet --locked --example load_driver
fi
absolute() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
binary=$(absolute "$binary")
[ -x "$binary" ] || { echo "no server binary at $binary" >&2; exit 2; }
if [ -n "$before" ]; then
  before=$(absolute "$before"); driver=$(absolute "$driver")
  [ -x "$before" ] || { echo "no server binary at BEFORE=$before" >&2; exit 2; }
  [ -x "$driver" ] || { echo "no load driver at $driver" >&2; exit 2; }
fi

db=phase10_people_$$
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
servers=()
base=http://127.0.0.1:$port

stop_servers() {
  local pid
  for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  servers=()
}
drop_databases() {
  psql -X -q "$pg/postgres" -c "DROP DATABASE IF EXISTS $db" -c "DROP DATABASE IF EXISTS ${db}_before" \
    -c "DROP DATABASE IF EXISTS ${db}_after" >/dev/null 2>&1 || true
}
cleanup() {
  stop_servers
  drop_databases
  [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

fresh_database() {  # $1 name
  PGOPTIONS="-c client_min_messages=warning" psql -X -q "$pg/postgres" -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1" >/dev/null
}

start_server() {  # $1 binary, $2 database URL, $3 port
  DATABASE_URL="$2" BIND=127.0.0.1:$3 LOG=error "$1" --rate-limit-writes=0 --rate-limit-accounts=0 &
  servers+=($!)
  for _ in $(seq 1 300); do curl -fs "http://127.0.0.1:$3/healthz" >/dev/null && return; sleep 0.1; done
  echo "the server $1 did not start" >&2; exit 4
}

# shellcheck source=bench/turns.sh
source bench/turns.sh   # post()

get() {  # $1 key, $2 path
  curl -sS -H "Authorization: Bearer $1" "$base$2"
}

# The curl config of the measured cycles: $1 file, $2 key, $3 star, $4 steady one, $5 baseline game.
configs() {
  python3 - "$1" "$base" "$2" "$3" "$4" "$5" "$warm" "$samples" <<'PY'
import sys
out, base, key, star, steady, game, warm, samples = sys.argv[1:9]
paths = [f"/v1/people/{star}/stats", f"/v1/people/{steady}/stats", "/v1/leaderboard?game=dice",
         "/v1/leaderboard?game=cards", f"/v1/people/{star}/games?limit=20",
         f"/v1/people/{steady}/games?limit=20", f"/v1/games/{game}"]
def request(path):
    return "\n".join([f'url = "{base}{path}"', f'header = "Authorization: Bearer {key}"',
                      'header = "User-Agent:"', 'header = "Accept:"', 'output = "/dev/null"',
                      'write-out = "%{url_effective} %{http_code} %{time_total} %{size_download}\\n"'])
cycles = []
for i in range(int(warm) + int(samples)):
    for j in range(len(paths)):
        cycles.append(request(paths[(i + j) % len(paths)]))
with open(out, "w") as f:
    f.write("\nnext\n".join(cycles) + "\n")
PY
}

# Reads curl's lines (url code seconds bytes) and prints the table of one size.
report() {  # $1 label, $2 size, $3 file of lines, $4 summary file, $5 star, $6 star's games, $7 steady one, $8 theirs
  python3 - "$1" "$2" "$3" "$warm" "$samples" "$4" "$5" "$6" "$7" "$8" <<'PY'
import re, sys
label, size, lines, warm, samples, summary, star, star_games, steady, steady_games = sys.argv[1:11]
warm, samples = int(warm), int(samples)
kinds = [("stats", f"/people/{star}/stats$", f"(a) GET people/{{id}}/stats, star ({star_games} games)"),
         ("stats_steady", f"/people/{steady}/stats$", f"(a2) the same, steady one ({steady_games} games)"),
         ("board_dice", r"/leaderboard\?game=dice$", "(b) GET leaderboard?game=dice"),
         ("board_cards", r"/leaderboard\?game=cards$", "(c) GET leaderboard?game=cards"),
         ("page", f"/people/{star}/games\\?limit=20$", "(d) GET people/{id}/games?limit=20, star"),
         ("page_steady", f"/people/{steady}/games\\?limit=20$", "(d2) the same, steady one"),
         ("game", r"/v1/games/[^/?]+$", "(e) GET games/{id} (baseline)")]
times = {k[0]: [] for k in kinds}
seen = {k[0]: 0 for k in kinds}
size_of = {}
bad = []
for raw in open(lines):
    url, code, secs, nbytes = raw.split()
    for name, pattern, _ in kinds:
        if re.search(pattern, url):
            if code != "200":
                bad.append(f"{url} -> {code}")
            seen[name] += 1
            if seen[name] > warm:
                times[name].append(float(secs) * 1000)
                size_of[name] = int(nbytes)
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
for name, _, _ in kinds:
    assert len(times[name]) == samples, (name, len(times[name]))
    stats[name] = (pct(times[name], .5), pct(times[name], .99), max(times[name]))
b50, b99, _ = stats["game"]
print(f"{label}, {int(size):,} finished games, {samples} samples of each after {warm} warm-up cycles, one kept-alive connection")
print(f"  {'request':<48} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'bytes':>7}  {'p50 / (e)':>9} {'p99 / (e)':>9}")
for name, _, text in kinds:
    p50, p99, top = stats[name]
    print(f"  {text:<48} {p50:8.2f} {p99:8.2f} {top:8.2f} {size_of[name]:7}  {p50 / b50:8.2f}x {p99 / b99:8.2f}x")
met = all(stats[n][0] < 20 for n in ("stats", "stats_steady", "board_dice", "board_cards"))
print(f"  target (a), (b), (c) under 20 ms p50: {'met' if met else 'NOT met'}")
with open(summary, "a") as f:
    f.write(f"{label} {size} " + " ".join(f"{n}={stats[n][0]:.2f}/{stats[n][1]:.2f}" for n, *_ in kinds)
            + f" target={'met' if met else 'not_met'}\n")
PY
}

# The statements behind (a), (b) and (d), as diesel sends them (values inlined), explained at
# this size: on PostgreSQL as the database stands, then after an ANALYZE of the tables read.
plans() {  # $1 backend, $2 size, $3 database (URL or file), $4 star, $5 steady one, $6 account
  local out="$work/plans.$1.$2.txt" star=$4 steady=$5 account=$6 name sql pass
  local figures="SELECT game, dice_layout, games, wins, total_sum, attempts_1, made_1 FROM figures WHERE person_id = '$star'"
  local best="SELECT MAX(total) FROM results WHERE person_id = '$star' AND game = 'dice'"
  local in_progress="SELECT COUNT(*) FROM players INNER JOIN games ON players.game_id = games.id WHERE players.person_id = '$star' AND games.status != 'finished'"
  local in_progress_steady=${in_progress//$star/$steady}
  local board="SELECT figures.person_id, people.name, figures.games, figures.wins FROM figures INNER JOIN people ON figures.person_id = people.id WHERE figures.account_id = '$account' AND figures.game = 'dice' ORDER BY figures.person_id"
  local page="SELECT games.id, games.created_at FROM games WHERE games.id IN (SELECT players.game_id FROM players WHERE players.person_id = '$star') ORDER BY games.created_at DESC, games.id DESC LIMIT 21"
  local page_steady=${page//$star/$steady}
  : > "$out"
  for pass in "as measured" "after ANALYZE"; do
    if [ "$pass" = "after ANALYZE" ]; then
      [ "$1" = postgres ] || break
      psql -X -q "$3" -c "ANALYZE games, players, results, figures, people"
    fi
    echo "#### $pass" >> "$out"
    for name in figures best in_progress in_progress_steady board page page_steady; do
      sql=${!name}
      echo "== $name: $sql" >> "$out"
      case $1 in
        postgres) psql -X -q "$3" -c "EXPLAIN (ANALYZE, BUFFERS) $sql" >> "$out" ;;
        sqlite) if command -v sqlite3 >/dev/null; then sqlite3 "$3" "EXPLAIN QUERY PLAN $sql" >> "$out"; fi ;;
      esac
    done
  done
  if [ "$1" = postgres ]; then
    echo "  PostgreSQL's execution times (EXPLAIN ANALYZE, as measured | after ANALYZE; plans in $out):"
    awk 'BEGIN {after = 0} /^#### after/ {after = 1} /^== / {name=$2} /Execution Time/ {t[name, after] = $3}
         END {n = split("figures: best: in_progress: in_progress_steady: board: page: page_steady:", k, " ")
              for (i = 1; i <= n; i++) printf "    %-20s %8s ms | %8s ms\n", k[i], t[k[i], 0], t[k[i], 1]}' "$out"
  fi
}

measure_reads() {  # $1 sqlite|postgres
  local label url key star steady seeded from=0 baseline="" summary account star_games steady_games
  case $1 in
    sqlite) label="SQLite"; url="$work/people.sqlite"; rm -f "$work"/people.sqlite* ;;
    postgres) label="PostgreSQL"; fresh_database "$db"; url="$pg/$db" ;;
  esac
  start_server "$binary" "$url" "$port"
  account=$(post /v1/accounts '{"name":"bench"}')
  key=$(jq -er .api_key <<<"$account") || { echo "no account: $account" >&2; exit 4; }
  account=$(jq -er .id <<<"$account")
  python3 bench/people_seed.py people "$base" "$key" "$people" > "$work/people.$1.json"
  star=$(jq -er '.[0]' "$work/people.$1.json")
  steady=$(jq -er '.[1]' "$work/people.$1.json")
  echo "$label: $people people; seeding through the API with $clients clients"
  for size in $sizes; do
    summary="$work/seed.$1.$size.json"
    python3 bench/people_seed.py games "$base" "$key" "$work/people.$1.json" "$from" "$size" "$clients" "$first_size" > "$summary"
    jq -r --arg from "$from" --arg to "$size" '"  games \($from) to \($to): \(.games) games (\(.dice) dice: \(.players."1") solitaire, \(.players."2") of 2, \(.players."3") of 3, \(.players."4") of 4; \(.cards) cards), \(.turns) turns, \(.hands) hands, \(.requests) requests in \(.seconds) s (\(.requests_per_s)/s)"' "$summary"
    echo "seed $label $from-$size $(jq -c . "$summary")" >> "$work/summary"
    [ -n "$baseline" ] || baseline=$(jq -r '.baseline_game // empty' "$summary")
    [ -n "$baseline" ] || baseline=$(get "$key" "/v1/people/$star/games?game=dice&limit=1" | jq -er '.items[0].id')
    from=$size
    # Every game of the star's and of the steady one's is counted, none is left in progress.
    seeded=$(get "$key" "/v1/people/$star/stats")
    star_games=$(jq -r '.dice.games + .cards.games' <<<"$seeded")
    [ "$star_games" = "$(((size + 9) / 10))" ] && [ "$(jq -r .in_progress <<<"$seeded")" = 0 ] \
      || { echo "the star's figures do not count their $(((size + 9) / 10)) games: $(jq -c '{in_progress, dice: .dice.games, cards: .cards.games}' <<<"$seeded")" >&2; exit 6; }
    seeded=$(get "$key" "/v1/people/$steady/stats")
    steady_games=$(jq -r '.dice.games + .cards.games' <<<"$seeded")
    [ "$steady_games" = "$(((first_size + 98) / 100))" ] && [ "$(jq -r .in_progress <<<"$seeded")" = 0 ] \
      || { echo "the steady one's figures do not count their $(((first_size + 98) / 100)) games: $(jq -c '{in_progress, dice: .dice.games, cards: .cards.games}' <<<"$seeded")" >&2; exit 6; }
    configs "$work/measure.$1.$size.cfg" "$key" "$star" "$steady" "$baseline"
    curl -sS -K "$work/measure.$1.$size.cfg" > "$work/measure.$1.$size"
    report "$label" "$size" "$work/measure.$1.$size" "$work/summary" "$star" "$star_games" "$steady" "$steady_games"
    plans "$1" "$size" "$url" "$star" "$steady" "$account"
    echo
  done
  stop_servers
}

# Recording a turn: this build and BEFORE, alternating rounds of the load driver.
measure_turns() {  # $1 sqlite|postgres
  local label url_before url_after round first second result
  case $1 in
    sqlite) label="SQLite"; rm -f "$work"/turns_*.sqlite*; url_before="$work/turns_before.sqlite"; url_after="$work/turns_after.sqlite" ;;
    postgres) label="PostgreSQL"; fresh_database "${db}_before"; fresh_database "${db}_after"
      url_before="$pg/${db}_before"; url_after="$pg/${db}_after" ;;
  esac
  start_server "$before" "$url_before" $((port + 1))
  start_server "$binary" "$url_after" $((port + 2))
  echo "$label, recording a turn: $turn_clients clients, $turn_seconds s a round, $turn_rounds rounds of each build, alternating"
  : > "$work/turns.$1.before"; : > "$work/turns.$1.after"; : > "$work/turns.$1.ratios"
  for round in $(seq 1 "$turn_rounds"); do
    if ((round % 2)); then first=before; second=after; else first=after; second=before; fi
    for which in $first $second; do
      if [ "$which" = before ]; then result=$("$driver" "http://127.0.0.1:$((port + 1))" "$turn_clients" "$turn_seconds")
      else result=$("$driver" "http://127.0.0.1:$((port + 2))" "$turn_clients" "$turn_seconds"); fi
      echo "$result" >> "$work/turns.$1.$which"
      printf '  round %s %-6s %s\n' "$round" "$which:" "$result"
    done
    awk -v a="$(tail -1 "$work/turns.$1.after" | field turns_per_s)" -v b="$(tail -1 "$work/turns.$1.before" | field turns_per_s)" \
      'BEGIN {printf "%.3f\n", a / b}' >> "$work/turns.$1.ratios"
  done
  stop_servers
  local b50 a50 b99 a99 btps atps
  btps=$(field turns_per_s < "$work/turns.$1.before" | median); atps=$(field turns_per_s < "$work/turns.$1.after" | median)
  b50=$(field p50_ms < "$work/turns.$1.before" | median); a50=$(field p50_ms < "$work/turns.$1.after" | median)
  b99=$(field p99_ms < "$work/turns.$1.before" | median); a99=$(field p99_ms < "$work/turns.$1.after" | median)
  echo "  medians: before $btps turns/s, p50 $b50 ms, p99 $b99 ms | after $atps turns/s, p50 $a50 ms, p99 $a99 ms"
  echo "  after / before: turns/s $(median < "$work/turns.$1.ratios") (median of the rounds' ratios; of the medians $(awk -v a="$atps" -v b="$btps" 'BEGIN {printf "%.3f", a / b}')), p50 $(awk -v a="$a50" -v b="$b50" 'BEGIN {printf "%.3f", a / b}'), p99 $(awk -v a="$a99" -v b="$b99" 'BEGIN {printf "%.3f", a / b}')"
  echo "  errors: $(cat "$work/turns.$1.before" "$work/turns.$1.after" | field errors | paste -sd+ | bc)"
  echo "turns $label before=$btps/$b50/$b99 after=$atps/$a50/$a99 ratio_tps=$(median < "$work/turns.$1.ratios")" >> "$work/summary"
  echo
}

. bench/figures.sh

: > "$work/summary"
echo "people across games: $binary, checkout $(pwd) at $(git rev-parse --short HEAD 2>/dev/null || echo '?'); sizes $sizes; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
started=$(date +%s)
if [ -z "${TURNS_ONLY:-}" ]; then
  for backend in $backends; do measure_reads "$backend"; done
fi
if [ -n "$before" ]; then
  echo "recording a turn: before $before, after $binary, load driver $driver"
  for backend in $backends; do measure_turns "$backend"; done
fi
echo "summary (p50/p99 ms; turns: turns/s/p50/p99), $(( $(date +%s) - started )) s in all:"
cat "$work/summary"
# How each p50 grows from the first size to the last, per backend.
python3 - "$work/summary" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    parts = line.split()
    if parts[0] in ("SQLite", "PostgreSQL") and parts[1].isdigit():
        rows.setdefault(parts[0], []).append((int(parts[1]), dict(p.split("=") for p in parts[2:] if "/" in p)))
for label, sizes in rows.items():
    if len(sizes) < 2:
        continue
    (small, first), (large, last) = sizes[0], sizes[-1]
    growth = " ".join(f"{k}={float(last[k].split('/')[0]) / float(first[k].split('/')[0]):.2f}x" for k in first)
    print(f"growth of p50 from {small:,} to {large:,} games, {label}: {growth}")
PY
