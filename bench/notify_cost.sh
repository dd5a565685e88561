#!/usr/bin/env bash
# What PostgreSQL's NOTIFY costs a turn: the same load (examples/load_driver, CLIENTS two-player
# tabletop games) on one server process, in alternating rounds of one run, with the events'
# trigger as the migrations make it (it notifies every server process of the game's new event)
# and with the same trigger minus its pg_notify. NOTIFY takes a database-wide lock at commit to
# queue its message in order; this says what that lock costs under this load.
#
#   bash bench/notify_cost.sh [CLIENTS] [SECONDS] [ROUNDS]     (defaults: 16, 10, 3)
#
# Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth). Ratios, not figures, compare.
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-16}
seconds=${2:-10}
rounds=${3:-3}
pg="postgres://postgres@127.0.0.1:5432"
db=phase10_notify_bench
work=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

cargo build --release --quiet --locked
cargo build --release --quiet --locked --example load_driver
psql -q "$pg/postgres" -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
DATABASE_URL="$pg/$db" BIND=127.0.0.1:18381 POOL_SIZE=$clients LOG=error RATE_LIMIT_WRITES=0 \
  RATE_LIMIT_ACCOUNTS=0 ./target/release/phase10 &
server=$!
for _ in $(seq 100); do curl -fs http://127.0.0.1:18381/readyz >/dev/null && break; sleep 0.1; done

trigger() {  # $1: the line that notifies, or nothing
  psql -q "$pg/$db" <<SQL
CREATE OR REPLACE FUNCTION events_keep_the_game() RETURNS trigger LANGUAGE plpgsql AS \$\$
BEGIN
    UPDATE games SET status = NEW.status WHERE id = NEW.game_id AND status <> NEW.status;
    $1
    RETURN NEW;
END
\$\$;
SQL
}
drive() { ./target/release/examples/load_driver http://127.0.0.1:18381 "$clients" "$seconds"; }
. bench/figures.sh

echo "one process, $clients clients, $seconds s a round:"
for round in $(seq 1 "$rounds"); do
  trigger "PERFORM pg_notify('phase10_game_events', NEW.game_id);"
  with=$(drive)
  trigger ""
  without=$(drive)
  echo "$with" >>"$work/with"
  echo "$without" >>"$work/without"
  ratio=$(ratio "$with" "$without" turns_per_s 3)
  echo "$ratio" >>"$work/ratios"
  echo "  round $round: with NOTIFY $with | without $without | ratio $ratio"
done
trigger "PERFORM pg_notify('phase10_game_events', NEW.game_id);"
echo
echo "medians over $rounds rounds:"
for way in with without; do
  echo "  $way NOTIFY: $(field turns_per_s <"$work/$way" | median) turns/s, p50 $(field p50_ms <"$work/$way" | median) ms, p99 $(field p99_ms <"$work/$way" | median) ms"
done
echo "  with / without: $(median <"$work/ratios") (median of the rounds' ratios)"
