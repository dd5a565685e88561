#!/usr/bin/env bash
# Three phase10 processes on one PostgreSQL behind HAProxy, on this machine:
#   bash deploy/run.sh          (Ctrl-C stops it all, each process drained first)
# The API is on PUBLIC_PORT (8080), each process's metrics on 9101-9103, logs in LOGS. With
# Debian's prometheus installed, a Prometheus scraping the three is on PROMETHEUS_PORT (9090;
# `none`: not started).
# Needs PostgreSQL (DATABASE_URL; the database is made if missing) and Debian's haproxy.
set -euo pipefail
cd "$(dirname "$0")/.."

DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/phase10}
PUBLIC_PORT=${PUBLIC_PORT:-8080}
FIRST_PORT=${FIRST_PORT:-8081}
METRICS_FIRST_PORT=${METRICS_FIRST_PORT:-9101}
PUBLIC_URL=${PUBLIC_URL:-http://localhost:$PUBLIC_PORT}
PROMETHEUS_PORT=${PROMETHEUS_PORT:-9090}
LOGS=${LOGS:-$(mktemp -d /tmp/phase10-deploy.XXXXXX)}
BIN=${BIN:-target/release/phase10}

if ! command -v haproxy >/dev/null; then
  echo "haproxy is missing: sudo apt-get install haproxy" >&2
  exit 1
fi
if [ ! -x "$BIN" ]; then
  cargo build --release --locked
fi

# The database, made if missing, and migrated once before the processes start.
name=${DATABASE_URL##*/}
name=${name%%\?*}
server=${DATABASE_URL%/*}
if ! psql "$server/postgres" -tAc "SELECT 1 FROM pg_database WHERE datname = '$name'" | grep -q 1; then
  psql "$server/postgres" -qc "CREATE DATABASE \"$name\""
fi
"$BIN" --database-url "$DATABASE_URL" --log warn migrate

pids=()
proxy=""
watcher=""
stop() {
  trap - EXIT INT TERM
  # HAProxy stops listening and ends when the requests it carries are answered (SIGUSR1: its
  # soft stop); every process drains, answers what it has and stops (SIGTERM); then Prometheus.
  [ -n "$proxy" ] && { kill -USR1 "$proxy" 2>/dev/null || true; }
  kill -TERM "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  # With its servers gone, HAProxy has nothing left to carry: a last connection is cut after 5 s.
  for _ in $(seq 50); do
    [ -n "$proxy" ] && kill -0 "$proxy" 2>/dev/null || break
    sleep 0.1
  done
  kill -TERM $proxy $watcher 2>/dev/null || true
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

for i in 1 2 3; do
  port=$((FIRST_PORT + i - 1))
  DATABASE_URL=$DATABASE_URL BIND=127.0.0.1:$port METRICS_BIND=127.0.0.1:$((METRICS_FIRST_PORT + i - 1)) \
    PUBLIC_URL=$PUBLIC_URL TRUSTED_PROXIES=127.0.0.1 DRAIN_MS=2000 \
    "$BIN" >"$LOGS/server-$i.log" 2>&1 &
  pids+=("$!")
  export "BACKEND_$i=127.0.0.1:$port"
done
for i in 1 2 3; do
  port=$((FIRST_PORT + i - 1))
  for _ in $(seq 150); do
    curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break
    sleep 0.2
  done
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null || { echo "process $i did not start: $LOGS/server-$i.log" >&2; exit 1; }
done
PUBLIC_BIND=0.0.0.0:$PUBLIC_PORT haproxy -f deploy/haproxy.cfg -db >"$LOGS/haproxy.log" 2>&1 &
proxy=$!
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$PUBLIC_PORT/readyz" >/dev/null && break
  sleep 0.2
done
watching=""
if [ "$PROMETHEUS_PORT" != none ] && command -v prometheus >/dev/null; then
  # Its configuration, written from the ports above: every process scraped each 5 s.
  targets=$(printf '"127.0.0.1:%s", ' $((METRICS_FIRST_PORT)) $((METRICS_FIRST_PORT + 1)) $((METRICS_FIRST_PORT + 2)))
  cat >"$LOGS/prometheus.yml" <<YAML
global:
  scrape_interval: 5s
scrape_configs:
  - job_name: phase10
    static_configs:
      - targets: [${targets%, }]
YAML
  prometheus --config.file="$LOGS/prometheus.yml" --storage.tsdb.path="$LOGS/prometheus" \
    --web.listen-address="127.0.0.1:$PROMETHEUS_PORT" >"$LOGS/prometheus.log" 2>&1 &
  watcher=$!
  for _ in $(seq 50); do
    curl -sf "http://127.0.0.1:$PROMETHEUS_PORT/-/ready" >/dev/null && break
    sleep 0.2
  done
  if curl -sf "http://127.0.0.1:$PROMETHEUS_PORT/-/ready" >/dev/null; then
    watching="; Prometheus on http://127.0.0.1:$PROMETHEUS_PORT"
  else
    # The service runs without it: what went wrong is in its log.
    kill "$watcher" 2>/dev/null || true
    echo "Prometheus did not start (see $LOGS/prometheus.log); going on without it" >&2
  fi
fi
echo "phase10: HAProxy on :$PUBLIC_PORT (shared links say $PUBLIC_URL) -> 127.0.0.1:$FIRST_PORT-$((FIRST_PORT + 2)); metrics on 127.0.0.1:$METRICS_FIRST_PORT-$((METRICS_FIRST_PORT + 2))$watching; logs in $LOGS"
# Until one of them ends (or Ctrl-C).
wait -n "$proxy" "${pids[@]}"
