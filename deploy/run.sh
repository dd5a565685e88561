#!/usr/bin/env bash
# Three phase10 processes on one PostgreSQL behind HAProxy, on this machine:
#   bash deploy/run.sh          (Ctrl-C or SIGTERM stops it all, each process drained first)
# A process that ends (killed, crashed) is started again; the other two answer meanwhile.
# SIGHUP (or SIGUSR1) to the script replaces the three one by one (a new binary at BIN) without a
# request failing. With Debian's prometheus installed, a Prometheus scrapes the three.
# Settings (environment, with their defaults) are in the README, "Several processes behind a
# load balancer". Needs PostgreSQL (the database is made if missing) and Debian's haproxy.
set -euo pipefail
cd "$(dirname "$0")/.."

DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/phase10}
PUBLIC_HOST=${PUBLIC_HOST:-0.0.0.0}
PUBLIC_PORT=${PUBLIC_PORT:-8080}
FIRST_PORT=${FIRST_PORT:-8081}
METRICS_FIRST_PORT=${METRICS_FIRST_PORT:-9101}
PROMETHEUS_PORT=${PROMETHEUS_PORT:-9090}
if [ -z "${PUBLIC_URL:-}" ]; then
  # Shared links must open on the phones that reach HAProxy: this machine's first address when
  # HAProxy listens on every interface, else the host it listens on.
  host=$PUBLIC_HOST
  [ "$host" = 0.0.0.0 ] && host=$(hostname -I 2>/dev/null | awk '{print $1}')
  [ "$host" = 127.0.0.1 ] && host=localhost
  PUBLIC_URL=http://${host:-localhost}:$PUBLIC_PORT
fi
LOGS=${LOGS:-$(mktemp -d /tmp/phase10-deploy.XXXXXX)}
BIN=${BIN:-${CARGO_TARGET_DIR:-target}/release/phase10}

if ! command -v haproxy >/dev/null; then
  echo "haproxy is missing: sudo apt-get install haproxy" >&2
  exit 1
fi
if [ ! -x "$BIN" ]; then
  cargo build --release --locked
  [ -x "$BIN" ] || { echo "no binary at $BIN after the build: set BIN to it" >&2; exit 1; }
fi
mkdir -p "$LOGS"
echo "$$" >"$LOGS/run.pid"

# The database, made if missing, and migrated once before the processes start.
name=${DATABASE_URL##*/}
name=${name%%\?*}
server=${DATABASE_URL%/*}
if ! psql "$server/postgres" -tAc "SELECT 1 FROM pg_database WHERE datname = '$name'" | grep -q 1; then
  psql "$server/postgres" -qc "CREATE DATABASE \"$name\""
fi
"$BIN" --database-url "$DATABASE_URL" --log warn migrate

pids=()  # by process: 1, 2, 3
proxy=""
watcher=""
stop() {  # the status to exit with
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
  echo "$(date +%T) stopped (logs in $LOGS)" >&2
  exit "$1"
}
trap 'stop $?' EXIT
trap 'stop 0' INT TERM
replacing=""
# SIGHUP, or SIGUSR1 where SIGHUP is ignored (a script started under nohup cannot trap it).
trap 'replacing=yes' HUP USR1

port_of() { echo $((FIRST_PORT + $1 - 1)); }
start_process() {  # 1, 2 or 3
  DATABASE_URL=$DATABASE_URL BIND=127.0.0.1:$(port_of "$1") \
    METRICS_BIND=127.0.0.1:$((METRICS_FIRST_PORT + $1 - 1)) \
    PUBLIC_URL=$PUBLIC_URL TRUSTED_PROXIES=127.0.0.1 DRAIN_MS=2000 \
    "$BIN" >>"$LOGS/server-$1.log" 2>&1 &
  pids[$1]=$!
  echo "$!" >"$LOGS/server-$1.pid"
}
# Whether the address answers 2xx within 30 s.
until_ready() {
  for _ in $(seq 150); do curl -sf "$1" >/dev/null && return 0; sleep 0.2; done
  return 1
}
ready() { until_ready "http://127.0.0.1:$1/readyz"; }
# Each process in turn: drained and stopped, started again from BIN, and back in HAProxy before
# the next one goes, so that two always answer.
replace_all() {
  echo "$(date +%T) replacing the three processes one by one with $BIN" >&2
  for i in 1 2 3; do
    kill -TERM "${pids[$i]}" 2>/dev/null || true
    wait "${pids[$i]}" 2>/dev/null || true
    start_process "$i"
    if ! ready "$(port_of "$i")"; then
      echo "$(date +%T) process $i did not come back (see $LOGS/server-$i.log): the others stay as they are" >&2
      return
    fi
    # HAProxy takes it back after two good checks 500 ms apart (deploy/haproxy.cfg).
    sleep 1.5
    echo "$(date +%T) process $i replaced" >&2
  done
}

for i in 1 2 3; do
  start_process "$i"
  export "BACKEND_$i=127.0.0.1:$(port_of "$i")"
done
for i in 1 2 3; do
  ready "$(port_of "$i")" || { echo "process $i did not start: see $LOGS/server-$i.log" >&2; exit 1; }
done
PUBLIC_BIND=$PUBLIC_HOST:$PUBLIC_PORT haproxy -f deploy/haproxy.cfg -db >"$LOGS/haproxy.log" 2>&1 &
proxy=$!
ready "$PUBLIC_PORT" || { echo "HAProxy did not start: see $LOGS/haproxy.log" >&2; exit 1; }

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
  if until_ready "http://127.0.0.1:$PROMETHEUS_PORT/-/ready"; then
    watching="; Prometheus on http://127.0.0.1:$PROMETHEUS_PORT/"
  else
    # The service runs without it: what went wrong is in its log.
    kill "$watcher" 2>/dev/null || true
    watcher=""
    echo "Prometheus did not start (see $LOGS/prometheus.log); going on without it" >&2
  fi
fi
# A signal ignored when the script started cannot be trapped: under nohup, SIGHUP does nothing.
if [ -r /proc/$$/status ] && (( 0x$(awk '/^SigIgn:/ {print $2}' /proc/$$/status) & 1 )); then
  echo "SIGHUP is ignored here (started under nohup?): send SIGUSR1 to replace the processes" >&2
fi
echo "phase10: HAProxy on $PUBLIC_HOST:$PUBLIC_PORT (shared links say $PUBLIC_URL)" \
  "-> 127.0.0.1:$FIRST_PORT-$((FIRST_PORT + 2)); metrics on 127.0.0.1:$METRICS_FIRST_PORT-$((METRICS_FIRST_PORT + 2))$watching;" \
  "logs in $LOGS"

# Until HAProxy ends or the script is stopped: a process that ends is started again, a second
# later (HAProxy's checks take it out meanwhile and back once it is ready); SIGHUP replaces all.
while true; do
  if [ -n "$replacing" ]; then
    replacing=""
    replace_all
  fi
  ended=""
  status=0
  # A signal (SIGHUP) ends the wait with `ended` unset.
  wait -n -p ended "$proxy" "${pids[@]}" || status=$?
  ended=${ended:-}
  [ -n "$ended" ] || [ -n "$replacing" ] || { echo "nothing left to watch (status $status)" >&2; exit 1; }
  if [ "$ended" = "$proxy" ]; then
    echo "$(date +%T) HAProxy ended (status $status; see $LOGS/haproxy.log): stopping everything" >&2
    exit 1
  fi
  for i in 1 2 3; do
    if [ "${pids[$i]}" = "$ended" ]; then
      echo "$(date +%T) process $i (127.0.0.1:$(port_of "$i")) ended with status $status;" \
        "starting it again (its log: $LOGS/server-$i.log)" >&2
      sleep 1
      start_process "$i"
    fi
  done
done
