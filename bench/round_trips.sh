#!/usr/bin/env bash
# Database round trips of one tabletop turn: the statements the server sends to PostgreSQL for
# each POST /v1/games/{id}/turns, counted the way the load driver (examples/load_driver.rs) plays.
#
#   bash bench/round_trips.sh [BINARY]            (default ./target/release/phase10 of this checkout)
#   TURNS=20 KEY=both|without|with STRACE=1|0 PORT=18191 bash bench/round_trips.sh …
#
# What it does: creates a fresh database phase10_rt_<pid> on PostgreSQL (127.0.0.1:5432, user
# postgres, trust auth; PG=… to change) with `ALTER DATABASE … SET log_statement = 'all'` (a
# per-database setting: nothing of the server's configuration changes), starts BINARY on it with
# load.sh's settings (POOL_SIZE=16, LOG=error, no rate limits), creates an account and two-player
# tabletop games through HTTP with curl, and plays games of TURNS turns (20: a whole game, every
# turn making the player's phase, as the driver does), each game on one kept-alive connection,
# with the driver's headers (Authorization: Bearer, Content-Type: application/json; curl's own
# User-Agent and Accept are removed). The driver sends no Idempotency-Key: that is the variant
# `without`; `with` sends a fresh UUID as Idempotency-Key on every turn. One game of each kind is
# played first, unmeasured, so that the process is warm (prepared statements, the players cache).
#
# How it counts (chosen: the PostgreSQL log; strace as a cross-check):
#  * statements: PostgreSQL's own log. log_statement = 'all' logs every statement a session runs,
#    simple-protocol ones ("statement: BEGIN") and extended-protocol executions ("execute
#    __diesel_stmt_3: SELECT …", "execute <unnamed>: SELECT pg_notify…") alike, one line each.
#    The log file is pg_current_logfile() when the logging collector runs, else the postmaster's
#    stderr (/proc/<postmaster>/fd/2, e.g. /var/log/postgresql/postgresql-15-main.log; needs root
#    or the right to read it; LOGFILE=… overrides). Lines of this database are told apart by the
#    database name, which the log_line_prefix must show (%d), or else by the process id (%p) of
#    this database's backends. The byte offset of the log before and after the measured turns
#    bounds the window. Statements / turns = statements per turn, each statement normalized
#    (statement names and column lists dropped) in the breakdown.
#  * round trips on the wire (STRACE=1, the default when strace is there): strace on the server
#    process counts its send()/write() calls on sockets to PostgreSQL's port during the measured
#    turns. libpq sends once per synchronous call, so this counts round trips including those the
#    log cannot show (a Parse of a statement not yet prepared on that connection, which is a
#    round trip of its own before its execution).
# It exits non-zero if it cannot measure: no log file, no line of this database in the window,
# a turn not answered 201, strace asked for (STRACE=1) but not working.
set -euo pipefail
# The checkout measured is the current directory, wherever the script itself lives: run it
# from the checkout (cd /work/before && bash /work/main/bench/….sh) or give BINARY.
binary=${1:-./target/release/phase10}
case $binary in /*) ;; *) binary="$(pwd)/$binary" ;; esac
[ -x "$binary" ] || { echo "no server binary at $binary" >&2; exit 2; }
turns=${TURNS:-20}
variants=${KEY:-both}
port=${PORT:-18191}
pg=${PG:-postgres://postgres@127.0.0.1:5432}
pgport=$(echo "$pg" | sed -n 's#.*:\([0-9][0-9]*\)\(/.*\)\{0,1\}$#\1#p'); pgport=${pgport:-5432}
if [ -n "${SSL:-}" ]; then export PGSSLMODE=$SSL; fi
db=phase10_rt_$$
work=$(mktemp -d)
server=""
base=http://127.0.0.1:$port

for tool in curl jq psql python3; do
  command -v $tool >/dev/null || { echo "needs $tool" >&2; exit 2; }
done
strace_on=${STRACE:-auto}
if [ "$strace_on" = auto ]; then command -v strace >/dev/null && strace_on=1 || strace_on=0; fi

stop_server() {
  if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi
}
cleanup() {
  stop_server
  psql -q "$pg/postgres" -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

q() { psql -X -qAt "$pg/postgres" -c "$1"; }

# The log file PostgreSQL writes to.
logfile=${LOGFILE:-}
if [ -z "$logfile" ]; then
  current=$(q "SELECT pg_current_logfile()" 2>/dev/null || true)
  if [ -n "$current" ]; then
    case $current in /*) logfile=$current ;; *) logfile="$(q "SHOW data_directory")/$current" ;; esac
  else
    pidfile="$(q "SHOW data_directory")/postmaster.pid"
    postmaster=$(head -1 "$pidfile" 2>/dev/null || true)
    [ -n "$postmaster" ] && logfile=$(readlink "/proc/$postmaster/fd/2" 2>/dev/null || true)
  fi
fi
if [ -z "$logfile" ] || [ ! -r "$logfile" ] || [ ! -f "$logfile" ]; then
  echo "cannot find or read PostgreSQL's log file (got '${logfile}'); set LOGFILE=…" >&2; exit 3
fi
prefix=$(q "SHOW log_line_prefix")
case $prefix in *%d*) by=name ;; *%p*) by=pid ;; *) echo "log_line_prefix '$prefix' shows neither %d nor %p" >&2; exit 3 ;; esac

q "CREATE DATABASE $db" >/dev/null
q "ALTER DATABASE $db SET log_statement = 'all'" >/dev/null
q "ALTER DATABASE $db SET log_min_messages = 'warning'" >/dev/null
q "ALTER DATABASE $db SET log_min_duration_statement = -1" >/dev/null

DATABASE_URL="$pg/$db?application_name=rt_probe" BIND=127.0.0.1:$port POOL_SIZE=16 LOG=error \
  RATE_LIMIT_WRITES=0 RATE_LIMIT_ACCOUNTS=0 "$binary" &
server=$!
for _ in $(seq 1 200); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.1; done
curl -fs "$base/healthz" >/dev/null || { echo "the server did not start" >&2; exit 4; }

# shellcheck source=bench/turns.sh
source "$(dirname "$0")/turns.sh"
api_key=$(post /v1/accounts '{"name":"load"}' | jq -er .api_key) || { echo "no account" >&2; exit 4; }

measure() {  # $1 with|without
  local variant=$1 from to tracer="" pids
  : > "$work/warm.cfg"; game_turns "$work/warm.cfg" "$turns" "$variant" "$api_key"; play "$work/warm.cfg"
  : > "$work/measured.cfg"; game_turns "$work/measured.cfg" "$turns" "$variant" "$api_key"
  if [ "$strace_on" = 1 ]; then
    strace -f -qq -yy -e trace=sendto,sendmsg,write,writev -o "$work/strace.$variant" -p "$server" &
    tracer=$!
    sleep 1.5
  fi
  sleep 0.3
  from=$(stat -c %s "$logfile")
  play "$work/measured.cfg"
  sleep 0.5
  to=$(stat -c %s "$logfile")
  if [ -n "$tracer" ]; then
    kill -INT "$tracer" 2>/dev/null || true; wait "$tracer" 2>/dev/null || true
  fi
  tail -c +"$((from + 1))" "$logfile" | head -c "$((to - from))" > "$work/log.$variant"
  pids=$(psql -X -qAt "$pg/postgres" -c "SELECT string_agg(pid::text, ',') FROM pg_stat_activity WHERE datname = '$db'")
  python3 - "$work/log.$variant" "$db" "$by" "${pids:-}" "$turns" "$variant" \
    "${tracer:+$work/strace.$variant}" "$pgport" <<'PY'
import re, sys
from collections import Counter
log, db, by, pids, turns, variant, strace, pgport = sys.argv[1:9]
turns = int(turns)
pids = set(filter(None, pids.split(',')))
line_re = re.compile(r'^(?P<prefix>.*?)\b(?P<level>LOG|ERROR|WARNING|FATAL|DETAIL|STATEMENT|HINT|CONTEXT):  (?P<msg>.*)$')
statements = Counter()
errors = []
def ours(prefix):
    if by == 'name':
        return re.search(r'(?<![\w])' + re.escape(db) + r'(?![\w])', prefix) is not None
    m = re.search(r'\[(\d+)\]', prefix)
    return m is not None and m.group(1) in pids
def normalize(sql):
    sql = ' '.join(sql.split())
    # SELECT "t"."a", "t"."b" FROM … -> SELECT … FROM …
    sql = re.sub(r'^SELECT (.+?) FROM ', lambda m: 'SELECT ' + ('<cols> ' if '"' in m.group(1) else m.group(1) + ' ') + 'FROM ', sql)
    # INSERT INTO "t" ("a", "b") VALUES ($1, $2) -> INSERT INTO "t" (<n cols>) VALUES (…)
    m = re.match(r'^INSERT INTO (\S+) \(([^)]*)\) VALUES \((.*)\)(.*)$', sql)
    if m:
        sql = f'INSERT INTO {m.group(1)} (<{len(m.group(2).split(","))} cols>) VALUES (…){m.group(4)}'
    sql = re.sub(r'\bRETURNING .*$', 'RETURNING <cols>', sql)
    return sql
with open(log, errors='replace') as f:
    for raw in f:
        m = line_re.match(raw.rstrip('\n'))
        if not m or not ours(m.group('prefix')):
            continue
        level, msg = m.group('level'), m.group('msg')
        if level in ('ERROR', 'FATAL'):
            errors.append(msg)
        if level != 'LOG':
            continue
        s = re.match(r'^(statement|execute ([^:]*)): (.*)$', msg)
        if s:
            kind = 'simple' if s.group(1) == 'statement' else ('unnamed' if s.group(2) == '<unnamed>' else 'prepared')
            statements[(normalize(s.group(3)), kind)] += 1
total = sum(statements.values())
label = {'without': 'without Idempotency-Key (as the load driver sends its turns)',
         'with': 'with a fresh Idempotency-Key on every turn'}[variant]
print(f'== {label}: {turns} turns (one whole game)')
if total == 0:
    print('   no statement of this database in the log window: cannot measure', file=sys.stderr)
    sys.exit(6)
print(f'   statements per turn: {total / turns:.2f}   ({total} in all)')
print('   per turn   protocol   statement   (simple: simple query protocol; prepared: a named statement')
print('                         executed again; unnamed: extended protocol, parsed and planned each time)')
for (sql, kind), n in sorted(statements.items(), key=lambda kv: (-kv[1], kv[0])):
    print(f'   {n / turns:8.2f}   {kind:<8}   {sql}')
if errors:
    print(f'   errors logged in the window: {len(errors)}: ' + ' | '.join(sorted(set(errors))[:5]))
sends = None
if strace:
    fd_re = re.compile(r'^\d+\s+(sendto|sendmsg|write|writev)\(\d+<TCP(?:v6)?:\[[^\]]*->[^\]]*:' + pgport + r'\]>')
    sends = Counter()
    with open(strace, errors='replace') as f:
        for raw in f:
            m = fd_re.match(raw)
            if m:
                sends[m.group(1)] += 1
    n = sum(sends.values())
    if n == 0:
        print('   strace saw no send to PostgreSQL: cannot count round trips on the wire', file=sys.stderr)
        sys.exit(7)
    print(f'   round trips on the wire (strace: send()s to port {pgport}) per turn: {n / turns:.2f}   ({dict(sends)})')
with open(log + '.summary', 'w') as out:
    out.write(f'{variant} {total / turns:.2f} {"" if not sends else f"{sum(sends.values()) / turns:.2f}"}\n')
PY
}

echo "round trips per tabletop turn: $binary ($("$binary" --version 2>/dev/null || echo "?")), checkout $(pwd) at $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "database $db; log $logfile (lines told by the database's $by); strace cross-check: $([ "$strace_on" = 1 ] && echo on || echo off)"
case $variants in
  both) list="without with" ;;
  with|without) list=$variants ;;
  *) echo "KEY is both, with or without" >&2; exit 2 ;;
esac
for variant in $list; do measure "$variant"; echo; done
printf 'summary (statements per turn, round trips on the wire per turn):'
for variant in $list; do
  read -r v s w < "$work/log.$variant.summary"
  printf ' %s_key=%s%s' "$v" "$s" "${w:+/$w}"
done
echo
