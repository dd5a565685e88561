#!/usr/bin/env bash
# Load benchmark: tabletop games played at once against the server on PostgreSQL, next to pgbench
# running the SQL of one turn (bench/turn.sql: the database's own limit) at the same concurrency,
# in alternating rounds of one run; then the server on SQLite. Prints each round and the medians.
#
#   bash bench/load.sh [CLIENTS] [SECONDS] [ROUNDS]      (defaults: 16 clients, 10 s, 3 rounds)
#   PIN=0 bash bench/load.sh …                           (everything shares every core)
#   SSL=disable bash bench/load.sh …                     (no TLS to PostgreSQL on loopback)
#
# With PIN=1 (the default, as root on a machine of two or more cores) PostgreSQL is pinned to the
# last core and everything else (pgbench, or the server and the load driver) to the others, the
# same way in both measurements: the database gets the same CPU whoever drives it, as it would on
# a host of its own. PostgreSQL's affinity is restored on exit.
#
# Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth) and pgbench. The machine is shared
# and noisy: compare the ratio within one run, not figures across runs.
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-16}
seconds=${2:-10}
rounds=${3:-3}
pin=${PIN:-1}
pg="postgres://postgres@127.0.0.1:5432"
# Both pgbench and the server connect through libpq, which reads PGSSLMODE: SSL=disable measures
# without TLS on loopback; by default libpq's own default (prefer: TLS when the server offers it).
if [ -n "${SSL:-}" ]; then export PGSSLMODE=$SSL; fi
db=phase10_bench
games=3200
work=$(mktemp -d)
server=""
cores=$(nproc)

pin_postgres() {  # $1: CPU list
  for pid in $(pgrep -x postgres); do taskset -a -p -c "$1" "$pid" >/dev/null 2>&1 || true; done
}
stop_server() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi; }
cleanup() {
  stop_server
  [ "$pin" = 1 ] && pin_postgres "0-$((cores - 1))"
  rm -rf "$work"
}
trap cleanup EXIT

if [ "$pin" = 1 ] && { [ "$(id -u)" != 0 ] || [ "$cores" -lt 2 ] || ! command -v taskset >/dev/null; }; then
  echo "cannot pin (needs root, taskset and two cores): running unpinned"
  pin=0
fi
if [ "$pin" = 1 ]; then
  pin_postgres "$((cores - 1))"
  others="taskset -c 0-$((cores - 2))"
  echo "PostgreSQL pinned to core $((cores - 1)); pgbench, the server and the driver to cores 0-$((cores - 2))"
else
  others=""
  echo "unpinned: PostgreSQL, pgbench, the server and the driver share all $cores cores"
fi

cargo build --release --quiet --locked
cargo build --release --quiet --locked --example load_driver
psql -q "$pg/postgres" -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"

start_server() {  # $1: database URL; $2: how to run it
  DATABASE_URL="$1" BIND=127.0.0.1:18181 POOL_SIZE=$clients LOG=error RATE_LIMIT_WRITES=0 RATE_LIMIT_ACCOUNTS=0 $2 ./target/release/phase10 &
  server=$!
  for _ in $(seq 1 100); do curl -fs http://127.0.0.1:18181/healthz >/dev/null && return; sleep 0.1; done
  echo "the server did not start" >&2; exit 1
}

drive() { $1 ./target/release/examples/load_driver http://127.0.0.1:18181 "$clients" "$seconds"; }
. bench/figures.sh

start_server "$pg/$db" "$others"     # creates the schema
# An event the server wrote for a tabletop turn, and the turn's dice: what bench/turn.sql binds
# where the server binds its own.
event=$(cat bench/turn_event.json)
dice='[{"value":8},{"value":8},{"value":8},{"value":10},{"value":"W"},{"value":"W"}]'
psql -q "$pg/$db" -v games=$games -v data="$event" -f bench/seed.sql

echo "PostgreSQL, $clients clients, $seconds s a round:"
for round in $(seq 1 "$rounds"); do
  psql -q "$pg/$db" -f bench/reset.sql
  tps=$($others pgbench -n -M prepared -c "$clients" -j 2 -T "$seconds" -D games=$games -D clients="$clients" \
          -D now="$(date -u '+%Y-%m-%d %H:%M:%S.%6N')" -D dice="$dice" -D state=scored -D kind=turn_scored -D data="$event" \
          -f bench/turn.sql "$pg/$db" \
        | sed -n 's/^tps = \([0-9.]*\).*/\1/p')
  echo "$tps" >> "$work/pgbench"
  result=$(drive "$others")
  echo "$result" >> "$work/server"
  ratio=$(awk -v a="$(echo "$result" | field turns_per_s)" -v b="$tps" 'BEGIN {printf "%.2f", a / b}')
  echo "$ratio" >> "$work/ratios"
  echo "  round $round: pgbench ${tps} turns/s | server $result | ratio $ratio"
done
stop_server

rm -f "$work/bench.sqlite"*
start_server "$work/bench.sqlite" ""
echo "SQLite (in the server's process; not pinned), $clients clients, $seconds s a round:"
for round in $(seq 1 "$rounds"); do
  result=$(drive "")
  echo "$result" >> "$work/sqlite"
  echo "  round $round: server $result"
done
stop_server

pg_tps=$(median < "$work/pgbench")
server_tps=$(field turns_per_s < "$work/server" | median)
echo
echo "medians over $rounds rounds:"
echo "  pgbench (the SQL of one turn):  $pg_tps turns/s"
echo "  server on PostgreSQL:           $server_tps turns/s, p50 $(field p50_ms < "$work/server" | median) ms, p99 $(field p99_ms < "$work/server" | median) ms"
echo "  ratio server / pgbench:         $(median < "$work/ratios") (median of the rounds' ratios; of the medians: $(awk -v a="$server_tps" -v b="$pg_tps" 'BEGIN {printf "%.2f", a / b}'))"
echo "  server on SQLite:               $(field turns_per_s < "$work/sqlite" | median) turns/s, p50 $(field p50_ms < "$work/sqlite" | median) ms, p99 $(field p99_ms < "$work/sqlite" | median) ms"
echo "  errors: $(cat "$work/server" "$work/sqlite" | field errors | paste -sd+ | bc)"
