#!/usr/bin/env bash
# Turns through HAProxy (deploy/haproxy.cfg) with one server process and with three on one
# PostgreSQL, the same load (examples/load_driver: CLIENTS two-player tabletop games played as fast
# as they are answered), in alternating rounds of one run. Prints each round, the medians and
# the ratio three / one.
#
# Beside the load, the driver's follower plays a game at 20 turns a second through process 1 and
# follows its events on process 2 (with one process, on process 1): each turn's time from its
# sending to its event. Each round starts with the follower alone, as the baseline of the event
# delay without load.
#
#   bash bench/balanced.sh [CLIENTS] [SECONDS] [ROUNDS]     (defaults: 16 clients, 10 s, 3 rounds)
#
# "One process" is the same HAProxy with its three servers all pointing at one process, so that
# both measurements go through the same proxy. Needs haproxy and PostgreSQL on 127.0.0.1:5432.
# Everything shares this machine's cores: compare the ratio, not figures across machines.
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-16}
seconds=${2:-10}
rounds=${3:-3}
pg="postgres://postgres@127.0.0.1:5432"
db=phase10_balanced_bench
work=$(mktemp -d)
pids=()
proxy=""
cleanup() {
  [ -n "$proxy" ] && kill "$proxy" 2>/dev/null || true
  kill "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
  [ -n "${KEEP:-}" ] && echo "kept $work" || rm -rf "$work"
}
trap cleanup EXIT

cargo build --release --quiet --locked
cargo build --release --quiet --locked --example load_driver
psql -q "$pg/postgres" -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
./target/release/phase10 --database-url "$pg/$db" --log error migrate
for port in 18281 18282 18283; do
  DATABASE_URL="$pg/$db" BIND=127.0.0.1:$port POOL_SIZE=$clients LOG=error RATE_LIMIT_WRITES=0 \
    RATE_LIMIT_ACCOUNTS=0 TRUSTED_PROXIES=127.0.0.1 ./target/release/phase10 &
  pids+=("$!")
done
for port in 18281 18282 18283; do
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
done

start_proxy() {  # the three backends' ports
  PUBLIC_BIND=127.0.0.1:18280 BACKEND_1=127.0.0.1:$1 BACKEND_2=127.0.0.1:$2 BACKEND_3=127.0.0.1:$3 \
    haproxy -db -f deploy/haproxy.cfg >>"$work/haproxy.log" 2>&1 &
  proxy=$!
  for _ in $(seq 100); do curl -fs http://127.0.0.1:18280/readyz >/dev/null && break; sleep 0.1; done
  sleep 1.5  # every backend checked up (rise 2)
}
stop_proxy() { kill "$proxy"; wait "$proxy" 2>/dev/null || true; proxy=""; }
drive() {  # the clients' count, the process whose stream the follower reads
  ./target/release/examples/load_driver http://127.0.0.1:18280 "$1" "$seconds" \
    http://127.0.0.1:18281 "http://127.0.0.1:$2"
}
. bench/figures.sh

echo "through HAProxy, $clients clients, $seconds s a round, on $(nproc) cores shared with PostgreSQL:"
for round in $(seq 1 "$rounds"); do
  idle=$(drive 0 18282)
  start_proxy 18281 18281 18281
  one=$(drive "$clients" 18281)
  stop_proxy
  start_proxy 18281 18282 18283
  three=$(drive "$clients" 18282)
  stop_proxy
  echo "$idle" >>"$work/idle"
  echo "$one" >>"$work/one"
  echo "$three" >>"$work/three"
  ratio "$three" "$one" turns_per_s >>"$work/ratios"
  ratio "$three" "$idle" event_p50_ms >>"$work/event_ratios"
  echo "  round $round:"
  echo "    follower alone, across processes: $idle"
  echo "    one process: $one"
  echo "    three: $three"
  echo "    turns/s three / one: $(tail -1 "$work/ratios"); event p50 three / alone: $(tail -1 "$work/event_ratios")"
done
echo
echo "medians over $rounds rounds:"
for n in one three; do
  echo "  $n: $(field turns_per_s <"$work/$n" | median) turns/s, p50 $(field p50_ms <"$work/$n" | median) ms, p99 $(field p99_ms <"$work/$n" | median) ms, errors $(field errors <"$work/$n" | paste -sd+ | bc)"
done
for n in idle one three; do
  echo "  events, $n: p50 $(field event_p50_ms <"$work/$n" | median) ms, p99 $(field event_p99_ms <"$work/$n" | median) ms, max $(field event_max_ms <"$work/$n" | sort -g | tail -1) ms, the writer's answer p50 $(field follower_answer_p50_ms <"$work/$n" | median) ms, $(field events <"$work/$n" | paste -sd+ | bc) events, missed $(field events_missed <"$work/$n" | paste -sd+ | bc), errors $(field follower_errors <"$work/$n" | paste -sd+ | bc)"
done
echo "  turns/s three / one: $(median <"$work/ratios") (median of the rounds' ratios)"
echo "  event p50 three / follower alone: $(median <"$work/event_ratios") (median of the rounds' ratios)"
