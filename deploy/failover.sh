#!/usr/bin/env bash
# A primary PostgreSQL and a synchronous standby, failed over automatically by pg_auto_failover
# (its monitor and a keeper per node, from Debian's packages), beside the three phase10
# processes and HAProxy of deploy/run.sh, all on this machine:
#   bash deploy/failover.sh     (Ctrl-C or SIGTERM stops it all: the processes, then the database)
# The processes reach the primary through one URL naming both nodes
# (target_session_attrs=read-write: libpq finds whichever is the primary now).
# Settings (environment, with their defaults) are in the README, "A database that survives its
# primary"; the rest are run.sh's. Needs postgresql-15-auto-failover and haproxy.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
MONITOR_PORT=${MONITOR_PORT:-5440}
NODE_PORTS=(${NODE_PORTS:-5441 5442})
DATABASE=${DATABASE:-phase10}
DATA=${DATA:-$(mktemp -d /tmp/phase10-database.XXXXXX)}
# How soon the monitor acts on a primary that stopped answering (its defaults take some 30 s):
# health checks each second, a node unhealthy after 3 s without a report, and a primary that
# cannot be reached to demote it given 5 s before the standby is promoted anyway.
UNHEALTHY_AFTER_MS=${UNHEALTHY_AFTER_MS:-3000}
DEMOTE_WITHIN_MS=${DEMOTE_WITHIN_MS:-5000}

for tool in pg_autoctl haproxy; do
  command -v "$tool" >/dev/null || {
    echo "$tool is missing: sudo apt-get install postgresql-15-auto-failover haproxy" >&2
    exit 1
  }
done
[ -x "$PG_BIN/pg_ctl" ] || { echo "no PostgreSQL 15 in $PG_BIN (set PG_BIN)" >&2; exit 1; }

# PostgreSQL refuses to run as root: as root, the database runs as the user postgres.
as_postgres=()
if [ "$(id -u)" = 0 ]; then
  as_postgres=(runuser -u postgres --)
  chown postgres "$DATA"
  runuser -u postgres -- test -x "$DATA" || {
    echo "the user postgres cannot reach $DATA: let it in (chmod o+x on its parents)" >&2
    exit 1
  }
fi
autoctl() {
  "${as_postgres[@]}" env PATH="$PG_BIN:$PATH" XDG_CONFIG_HOME="$DATA/config" \
    XDG_DATA_HOME="$DATA/share" pg_autoctl "$@"
}
sql() {  # port, database, statement
  "$PG_BIN/psql" -XAtq -h 127.0.0.1 -p "$1" -U postgres -d "$2" -c "$3"
}
monitor_sql() { sql "$MONITOR_PORT" pg_auto_failover "$1"; }
# Whether the monitor sees one primary and one secondary.
settled() {
  [ "$(monitor_sql "SELECT string_agg(reportedstate::text, ' ' ORDER BY reportedstate::text)
                    FROM pgautofailover.node" 2>/dev/null)" = "primary secondary" ]
}
wait_until() {  # seconds, what, test...
  local seconds=$1 what=$2
  shift 2
  for _ in $(seq $((seconds * 5))); do
    "$@" 2>/dev/null && return 0
    for keeper in "${keepers[@]}"; do
      kill -0 "$keeper" 2>/dev/null || {
        echo "pg_autoctl ended before $what (see the logs in $DATA)" >&2
        return 1
      }
    done
    sleep 0.2
  done
  echo "$what did not happen within $seconds s (logs in $DATA)" >&2
  return 1
}

keepers=()
app=""
stop() {
  trap - EXIT INT TERM
  [ -n "$app" ] && { kill -TERM "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true; }
  # Each keeper stops its PostgreSQL (a fast shutdown), then itself; the monitor last.
  for keeper in "${keepers[@]}"; do kill -TERM "$keeper" 2>/dev/null || true; done
  wait 2>/dev/null || true
  echo "$(date +%T) the database stopped (its data and logs in $DATA)" >&2
  exit "$1"
}
trap 'stop $?' EXIT
trap 'stop 0' INT TERM

echo "$$" >"$DATA/failover.pid"
autoctl create monitor --pgdata "$DATA/monitor" --pgport "$MONITOR_PORT" --hostname 127.0.0.1 \
  --listen 127.0.0.1 --auth trust --no-ssl --run >"$DATA/monitor.log" 2>&1 &
keepers+=($!)
wait_until 60 "the monitor starting" monitor_sql "SELECT 1 FROM pgautofailover.formation" >/dev/null
for setting in health_check_period=1000 health_check_timeout=1000 health_check_max_retries=1 \
  health_check_retry_delay=500 node_considered_unhealthy_timeout="$UNHEALTHY_AFTER_MS" \
  primary_demote_timeout="$DEMOTE_WITHIN_MS"; do
  monitor_sql "ALTER SYSTEM SET pgautofailover.${setting%%=*} = ${setting#*=}"
done
monitor_sql "SELECT pg_reload_conf()" >/dev/null

monitor_url="postgres://autoctl_node@127.0.0.1:$MONITOR_PORT/pg_auto_failover?sslmode=disable"
# A node and its keeper, which starts its PostgreSQL again when it dies and acts for the monitor.
start_node() {  # 1 or 2
  local port=${NODE_PORTS[$(($1 - 1))]}
  autoctl create postgres --pgdata "$DATA/node-$1" --pgport "$port" --hostname 127.0.0.1 \
    --listen 127.0.0.1 --name "node-$1" --auth trust --no-ssl --dbname "$DATABASE" \
    --monitor "$monitor_url" --run >>"$DATA/node-$1.log" 2>&1 &
  keepers+=($!)
  echo "$!" >"$DATA/node-$1.keeper.pid"
}
start_node 1
wait_until 60 "the first node becoming the primary" \
  sql "${NODE_PORTS[0]}" "$DATABASE" "SELECT 1" >/dev/null
start_node 2
# The standby's base backup waits for a checkpoint on the primary, which PostgreSQL spreads over
# minutes unless asked for one at once.
checkpoint_then_settled() { sql "${NODE_PORTS[0]}" postgres CHECKPOINT >/dev/null 2>&1; settled; }
wait_until 120 "the standby catching up" checkpoint_then_settled

hosts=$(printf '127.0.0.1:%s,' "${NODE_PORTS[@]}")
export DATABASE_URL="postgres://postgres@${hosts%,}/$DATABASE?target_session_attrs=read-write"
echo "database: primary and synchronous standby on 127.0.0.1:${NODE_PORTS[0]} and" \
  "${NODE_PORTS[1]}, pg_auto_failover's monitor on $MONITOR_PORT (pg_autoctl show state:" \
  "XDG_CONFIG_HOME=$DATA/config XDG_DATA_HOME=$DATA/share pg_autoctl show state --pgdata" \
  "$DATA/monitor); data and logs in $DATA"
bash deploy/run.sh &
app=$!
wait "$app"
