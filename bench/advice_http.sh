#!/usr/bin/env bash
# The advisor through HTTP: `bash bench/advice_http.sh [REQUESTS]`.
# Builds the release server, starts it on a fresh SQLite file, waits until it has built every
# table of the advisor (it does so at start), reports its resident memory then, and drives
# `examples/advice_latency.rs`: REQUESTS (2,000 by default) answers of POST /v1/advice and as
# many of POST /v1/evaluate on the same dice, one kept-alive connection, alternating rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
requests=${1:-2000}
cargo build -q --release --bin phase10 --example advice_latency
scratch=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$scratch"' EXIT
DATABASE_URL="$scratch/advice.sqlite" BIND=127.0.0.1:18182 LOG=error RATE_LIMIT_ADVICE=0 RATE_LIMIT_WRITES=0 RATE_LIMIT_ACCOUNTS=0 \
  ./target/release/phase10 &
server=$!
until curl -sf http://127.0.0.1:18182/readyz >/dev/null; do sleep 0.2; done
start=$(date +%s.%N)
# The first list of phases waits for the tables of every phase: the warm-up, timed.
curl -sf http://127.0.0.1:18182/v1/phases >/dev/null
# Phase 8's tables for two rolls left are built by the first answer asking for them.
echo "tables ready $(echo "$(date +%s.%N) - $start" | bc) s after the server answered"
./target/release/examples/advice_latency http://127.0.0.1:18182 40 >/dev/null
echo "resident memory with every phase warmed: $(awk '/VmRSS/ {printf "%.0f MiB", $2/1024}' /proc/$server/status)"
./target/release/examples/advice_latency http://127.0.0.1:18182 "$requests"
echo "resident memory after: $(awk '/VmRSS/ {printf "%.0f MiB", $2/1024}' /proc/$server/status)"
# The whole game (goal game): its values are compiled in; each state asked about keeps its turn
# (the latest four). Every phase asked once with two rolls left (phase 8 with one: it needs the
# operator's table for two), then the memory.
dice='[{"value":8},{"value":8},{"value":3},{"value":10},{"value":"W"},{"value":5},{"value":6},{"value":1},{"value":9},{"value":2}]'
colors='[{"value":1,"color":"blue"},{"value":2,"color":"blue"},{"value":2,"color":"red"},{"value":3,"color":"blue"},{"value":7,"color":"blue"},{"value":6,"color":"blue"},{"value":6,"color":"red"},{"value":8,"color":"blue"},{"value":5,"color":"blue"},{"value":5,"color":"blue"}]'
start=$(date +%s.%N)
for phase in 1 2 3 4 5 6 7 8 9 10; do
  case $phase in 8) body="{\"phase\":8,\"rolls_left\":1,\"goal\":\"game\",\"dice\":$colors,\"game_state\":{\"phases_total\":250}}" ;;
    *) body="{\"phase\":$phase,\"rolls_left\":2,\"goal\":\"game\",\"dice\":$dice,\"game_state\":{\"phases_total\":$(( phase == 1 ? 0 : 30 * (phase - 1) ))}}" ;;
  esac
  curl -sf -X POST http://127.0.0.1:18182/v1/advice -H 'Content-Type: application/json' -d "$body" >/dev/null
done
echo "goal game in every phase, each state new: $(echo "$(date +%s.%N) - $start" | bc) s in all"
echo "resident memory with the whole game's latest states kept: $(awk '/VmRSS/ {printf "%.0f MiB", $2/1024}' /proc/$server/status)"
