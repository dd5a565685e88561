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
