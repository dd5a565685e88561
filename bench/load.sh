#!/usr/bin/env bash
# Load benchmark: tabletop games played at once against the server on PostgreSQL, next to pgbench
# running the SQL of one turn (the database's own limit) at the same concurrency, in alternating
# rounds of the same run; then the server on SQLite. Prints each round and the medians.
#
#   bash bench/load.sh [CLIENTS] [SECONDS] [ROUNDS]      (defaults: 16 clients, 10 s, 3 rounds)
#
# Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth) and pgbench. The machine is shared
# and noisy: compare the ratio within one run, not figures across runs.
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-16}
seconds=${2:-10}
rounds=${3:-3}
pg="postgres://postgres@127.0.0.1:5432"
db=phase10_bench
games=2000
work=$(mktemp -d)
server=""
stop_server() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi; }
trap 'stop_server; rm -rf "$work"' EXIT

cargo build --release --quiet --locked
cargo build --release --quiet --locked --example load_driver
psql -q "$pg/postgres" -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"

start_server() {  # $1: database URL
  DATABASE_URL="$1" BIND=127.0.0.1:18181 POOL_SIZE=$clients LOG=error ./target/release/phase10 &
  server=$!
  for _ in $(seq 1 100); do curl -fs http://127.0.0.1:18181/healthz >/dev/null && return; sleep 0.1; done
  echo "the server did not start" >&2; exit 1
}

drive() { ./target/release/examples/load_driver http://127.0.0.1:18181 "$clients" "$seconds"; }
field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p"; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

start_server "$pg/$db"           # creates the schema
psql -q "$pg/$db" -v games=$games -f bench/seed.sql

echo "PostgreSQL, $clients clients, $seconds s a round:"
for round in $(seq 1 "$rounds"); do
  tps=$(pgbench -n -M prepared -c "$clients" -j 2 -T "$seconds" -D games=$games -f bench/turn.sql "$pg/$db" \
        | sed -n 's/^tps = \([0-9.]*\).*/\1/p')
  echo "$tps" >> "$work/pgbench"
  result=$(drive)
  echo "$result" >> "$work/server"
  echo "  round $round: pgbench ${tps} turns/s | server $result"
done
stop_server

rm -f "$work/bench.sqlite"*
start_server "$work/bench.sqlite"
echo "SQLite, $clients clients, $seconds s a round:"
for round in $(seq 1 "$rounds"); do
  result=$(drive)
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
echo "  ratio server / pgbench:         $(awk -v a="$server_tps" -v b="$pg_tps" 'BEGIN {printf "%.2f", a / b}')"
echo "  server on SQLite:               $(field turns_per_s < "$work/sqlite" | median) turns/s, p50 $(field p50_ms < "$work/sqlite" | median) ms, p99 $(field p99_ms < "$work/sqlite" | median) ms"
echo "  errors: $(cat "$work/server" "$work/sqlite" | field errors | paste -sd+ | bc)"
