#!/usr/bin/env bash
# Turns through HAProxy (deploy/haproxy.cfg) with one server process and with three on one
# PostgreSQL, the same load (examples/load_driver: CLIENTS two-player tabletop games played as fast
# as they are answered), in alternating rounds of one run. Prints each round, the medians and
# the ratio three / one.
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
  rm -rf "$work"
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
drive() { ./target/release/examples/load_driver http://127.0.0.1:18280 "$clients" "$seconds"; }
. bench/figures.sh

echo "through HAProxy, $clients clients, $seconds s a round, on $(nproc) cores shared with PostgreSQL:"
for round in $(seq 1 "$rounds"); do
  start_proxy 18281 18281 18281
  one=$(drive)
  stop_proxy
  start_proxy 18281 18282 18283
  three=$(drive)
  stop_proxy
  echo "$one" >>"$work/one"
  echo "$three" >>"$work/three"
  ratio=$(awk -v a="$(echo "$three" | field turns_per_s)" -v b="$(echo "$one" | field turns_per_s)" 'BEGIN {printf "%.2f", a / b}')
  echo "$ratio" >>"$work/ratios"
  echo "  round $round: one process $one | three $three | ratio $ratio"
done
echo
echo "medians over $rounds rounds:"
for n in one three; do
  echo "  $n: $(field turns_per_s <"$work/$n" | median) turns/s, p50 $(field p50_ms <"$work/$n" | median) ms, p99 $(field p99_ms <"$work/$n" | median) ms, errors $(field errors <"$work/$n" | paste -sd+ | bc)"
done
echo "  three / one: $(median <"$work/ratios") (median of the rounds' ratios)"
