#!/usr/bin/env bash
# Instructions of one tabletop turn in the server, under valgrind's callgrind, and where they go.
#
#   bash bench/callgrind_turn.sh [BINARY] [TURNS] [BACKEND]
#     BINARY   default ./target/release/phase10 of this checkout (build it with symbols for
#              readable names: CARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build --release)
#     TURNS    default 200, rounded up to whole games of 20 turns
#     BACKEND  sqlite, postgres or both (default: both, SQLite first)
#   KEY=with   sends a fresh Idempotency-Key with every turn (default: none, as the load driver)
#   TOP=15     how many functions to list; KEEP=DIR keeps the callgrind files in DIR
#   SERVER_LOG=info  the server's LOG (default error, as load.sh: the request spans are off)
#
# For each backend: starts BINARY under `valgrind --tool=callgrind` (SQLite: a file in a temp
# directory; PostgreSQL: a fresh database phase10_rt_cg_<pid> on 127.0.0.1:5432, dropped after),
# with load.sh's settings (POOL_SIZE=16, LOG=error, no rate limits; the time limits raised for
# valgrind's slowness), creates an account and plays one whole game unmeasured (warm: prepared
# statements, caches, lazy statics), creates the games to measure, then zeroes callgrind's
# counters (`callgrind_control -z`), plays the TURNS turns on one kept-alive connection with the
# load driver's requests (curl, same headers and bodies; games of 20 turns, every turn making
# the player's phase), and dumps the counters (`callgrind_control -d`). That dump holds only what
# the process did while the turns were played (no start-up, no game creation, no shutdown), so
# its total / TURNS is the instructions per turn. The server is then stopped with SIGTERM.
# Only user-space instructions of the server process count: the kernel's work (syscalls, TCP)
# and PostgreSQL's own work are not in it.
#
# (Zeroing and dumping around the turns replaces two runs of different lengths: a run of 20
# turns and one of 200 agree within 1%.) PostgreSQL is reached as load.sh reaches it: libpq's
# default sslmode (prefer: TLS on loopback when the server offers it); SSL=disable for none.
#
# It prints the Ir per turn, a breakdown of the self cost (exclusive: sums to the total) in
# buckets by function name and object, the top self-cost functions, the inclusive cost of a few
# entry points and of the top phase10 functions. It reads the dump itself rather than through
# callgrind_annotate, which splits a function into one entry per source file of its inlined
# lines and counts a call begun before the zeroing ("calls=0") as self cost; with KEEP=DIR the
# dumps are kept with callgrind_annotate listings of a fixed copy (callgrind.BACKEND.measured).
# Exits non-zero if it cannot measure.
set -euo pipefail
# The checkout measured is the current directory, wherever the script itself lives: run it
# from the checkout (cd /work/before && bash /work/main/bench/….sh) or give BINARY.
binary=${1:-./target/release/phase10}
case $binary in /*) ;; *) binary="$(pwd)/$binary" ;; esac
[ -x "$binary" ] || { echo "no server binary at $binary" >&2; exit 2; }
turns=${2:-200}
backends=${3:-${BACKEND:-both}}
key=${KEY:-without}
top=${TOP:-15}
games=$(((turns + 19) / 20))
turns=$((games * 20))
port=${PORT:-18192}
pg=${PG:-postgres://postgres@127.0.0.1:5432}
if [ -n "${SSL:-}" ]; then export PGSSLMODE=$SSL; fi
db=phase10_rt_cg_$$
work=$(mktemp -d)
server=""
base=http://127.0.0.1:$port
case $backends in both) backends="sqlite postgres" ;; sqlite|postgres) ;; *) echo "BACKEND: sqlite, postgres or both" >&2; exit 2 ;; esac

for tool in curl jq python3 valgrind callgrind_control callgrind_annotate; do
  command -v $tool >/dev/null || { echo "needs $tool (apt-get install valgrind jq curl python3)" >&2; exit 2; }
done

stop_server() {
  if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi
}
cleanup() {
  stop_server
  if [[ $backends == *postgres* ]]; then psql -q "$pg/postgres" -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true; fi
  if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP"; cp "$work"/callgrind.* "$KEEP"/ 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# shellcheck source=bench/turns.sh
source "$(dirname "$0")/turns.sh"

run() {  # $1 sqlite|postgres
  local backend=$1 url out api_key dump
  if [ "$backend" = postgres ]; then
    PGOPTIONS="-c client_min_messages=warning" psql -X -q "$pg/postgres" -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null
    url="$pg/$db"
  else
    url="$work/cg.sqlite"
  fi
  out="$work/callgrind.$backend.out"
  DATABASE_URL="$url" BIND=127.0.0.1:$port POOL_SIZE=16 LOG=${SERVER_LOG:-error} RATE_LIMIT_WRITES=0 RATE_LIMIT_ACCOUNTS=0 \
    QUERY_TIMEOUT_MS=300000 DB_TIMEOUT_MS=300000 REQUEST_TIMEOUT_MS=300000 \
    valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" 2> "$work/valgrind.$backend.log" &
  server=$!
  for _ in $(seq 1 600); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.5; done
  curl -fs "$base/healthz" >/dev/null || { echo "the server did not start under valgrind" >&2; tail "$work/valgrind.$backend.log" >&2; exit 4; }
  api_key=$(post /v1/accounts '{"name":"load"}' | jq -er .api_key) || { echo "no account" >&2; exit 4; }
  # The advisor's tables are built on a thread of their own at start (a minute under valgrind):
  # asking for every phase's outlook waits for them, so that their building is not counted.
  for phase in 1 2 3 4 5 6 7 8 9 10; do for goal in make score; do
    post /v1/advice "{\"phase\":$phase,\"rolls_left\":3,\"goal\":\"$goal\"}" | jq -e .chance >/dev/null \
      || { echo "no advice for phase $phase ($goal): cannot wait for the advisor's tables" >&2; exit 4; }
  done; done
  : > "$work/warm.cfg"; game_turns "$work/warm.cfg" 20 "$key" "$api_key"; play "$work/warm.cfg"
  : > "$work/measured.cfg"
  for ((g = 0; g < games; g++)); do game_turns "$work/measured.cfg" 20 "$key" "$api_key"; done
  sleep 1
  callgrind_control -z "$server" >/dev/null
  local started=$SECONDS
  play "$work/measured.cfg"
  callgrind_control -d "measured-$turns-turns" "$server" >/dev/null
  local took=$((SECONDS - started))
  stop_server
  dump=$(ls "$out".* 2>/dev/null | grep -E '\.[0-9]+$' | sort -t. -k3 -n | head -1 || true)
  [ -n "$dump" ] && grep -q "measured-$turns-turns" "$dump" || { echo "no callgrind dump of the measured turns" >&2; ls "$work" >&2; exit 6; }
  if [ -n "${KEEP:-}" ]; then  # for reading further; calls=0 (calls counted before -z) confuses callgrind_annotate
    sed 's/^calls=0 /calls=1 /' "$dump" > "$work/callgrind.$backend.measured"
    callgrind_annotate --auto=no "$work/callgrind.$backend.measured" > "$work/callgrind.$backend.self.txt" || true
    callgrind_annotate --auto=no --inclusive=yes "$work/callgrind.$backend.measured" > "$work/callgrind.$backend.inclusive.txt" || true
  fi
  echo "== $backend: $turns turns ($games games of 20) under callgrind in ${took}s, $( [ "$key" = with ] && echo "with" || echo "without") Idempotency-Key"
  python3 - "$dump" "$turns" "$top" <<'PY'
# Reads the callgrind dump itself (not callgrind_annotate, which splits a function by the file
# of its inlined lines and counts a call made before the zeroing, "calls=0", as self cost):
# self cost per function (merged over files), inclusive = self + the cost of its calls (a
# direct recursion not counted twice; mutual recursion is).
import re, sys
from collections import defaultdict
dump, turns, top = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
names = {'fl': {}, 'fn': {}, 'ob': {}}
kinds = {'fl': 'fl', 'fi': 'fl', 'fe': 'fl', 'cfi': 'fl', 'cfl': 'fl', 'fn': 'fn', 'cfn': 'fn', 'ob': 'ob', 'cob': 'ob'}
self_cost, call_cost = defaultdict(int), defaultdict(int)
where = {}
cur_fn, cur_fl, cur_ob, cfn, pending = None, '', '', None, False
comp = re.compile(r'^\((\d+)\)(?:\s+(.*))?$')
def name(kind, rest):
    m = comp.match(rest)
    if not m:
        return rest
    if m.group(2) is not None:
        names[kind][m.group(1)] = m.group(2)
        return m.group(2)
    return names[kind].get(m.group(1), '?')
with open(dump, errors='replace') as f:
    for line in f:
        line = line.rstrip('\n')
        if not line:
            continue
        c = line[0]
        if c.isdigit() or c in '+-*':
            parts = line.split()
            cost = int(parts[-1]) if len(parts) > 1 else 0
            if pending:
                pending = False
                if cfn != cur_fn:
                    call_cost[cur_fn] += cost
            else:
                self_cost[cur_fn] += cost
            continue
        key, eq, rest = line.partition('=')
        if not eq:
            continue
        if key == 'calls':
            pending = True
        elif key == 'fn':
            cur_fn = name('fn', rest)
            where.setdefault(cur_fn, (cur_fl, cur_ob))
        elif key == 'cfn':
            cfn = name('fn', rest)
        elif key == 'ob':
            cur_ob = name('ob', rest)
        elif key == 'fl':
            cur_fl = name('fl', rest)
        elif key in kinds:
            name(kinds[key], rest)
total = sum(self_cost.values())
if not total:
    print('no cost in the callgrind dump', file=sys.stderr); sys.exit(6)
incl = {fn: self_cost.get(fn, 0) + call_cost.get(fn, 0) for fn in set(self_cost) | set(call_cost)}
def described(fn):  # the name, its object, and the file when it is C (SQLite, libpq, libc…)
    fl, ob = where.get(fn, ('', ''))
    return f'{fn} {ob}' + (f' {fl}' if re.search(r'\.[chS]$', fl) else '')
buckets = [
    ('HTTP routing: actix-router path regexes (regex_lite; regex with actix-web\'s unicode feature)', r'regex_lite|regex_automata|\bregex::'),
    ('SQLite (engine, its parser and allocator)', r'sqlite3\.c|libsqlite3|\bsqlite3'),
    ('libpq (PostgreSQL client)', r'pq-src|pq-sys|libpq|\bPQ[a-zA-Z]\w*|\bpq[a-zA-Z]\w*|\bpg_\w+\('),
    ('TLS to PostgreSQL (OpenSSL)', r'libssl|libcrypto|openssl|\b(SSL_|ssl3_|ossl_|EVP_|tls1?_|aesni_|gcm_|CRYPTO_|BIO_|ERR_|OPENSSL_)'),
    ('allocation (malloc/free, Rust alloc glue)', r'malloc\.c|arena\.c|^(malloc|free|cfree|realloc|calloc|_int_\w+|malloc_consolidate|unlink_chunk|tcache\w*|sysmalloc)\b|__rust_(alloc|dealloc|realloc)|__rdl_\w+|alloc::raw_vec::|alloc::alloc::'),
    ('memcpy/memset/memcmp/str* (libc)', r'^(__)?(mem(cpy|move|set|cmp|chr|rchr)|str(len|cmp|ncmp|chr|rchr|nlen|cpy|ncpy)|bcmp|wmem)\w*|multiarch/'),
    ('sha2 / chacha20poly1305 / rand / uuid / subtle', r'\bsha2::|chacha20|poly1305|rand_chacha|\brand::|rand_core|\bsubtle::|\bcipher::|\baead::|\buuid::|getrandom|ppv_lite'),
    ('diesel (query building, binds, rows, statement cache, pool)', r'\bdiesel\b|diesel::|multi_connection_impl|\br2d2\b|scheduled_thread_pool'),
    ('JSON (serde_json, serde derive)', r'serde|\bryu::|\bitoa::'),
    ('rules: replay / evaluate / scoring', r'phase10(?:::|_)(rules|service::(replay|dice|rolls|roller))'),
    ('tracing / request log', r'tracing|sharded_slab|phase10(?:::|_)api::request_log|\bmatchers::'),
    ('HTTP / actix / tokio / futures', r'actix|\btokio\b|tokio::|\bmio::|\bhttp::|httparse|\bbytes::|futures|\bbytestring|local_channel|local_waker|pin_project|\bslab::|language_tags|\bmime::|percent_encoding|form_urlencoded|\bh2::|\butoipa'),
    ('threads, locks, time (pthread, parking_lot, clock, epoll)', r'pthread|futex|__lll_|parking_lot|std::sync|std::thread|crossbeam|clock_gettime|__vdso|std::time|\bchrono::|epoll|\bnptl/|sysv/linux|\bsyscall\b'),
    ('phase10: api/service/store glue', r'phase10(?:_\w+)?::'),
    ('other Rust core/alloc/std (iterators, fmt, hashing, drops)', r'\bcore::|\balloc::|\bstd::|hashbrown|foldhash|ahash|<\w'),
]
compiled = [(b, re.compile(p)) for b, p in buckets]
OTHER = 'other (libc, ld.so, unresolved)'
def bucket_of(fn):
    text = described(fn)
    for b, p in compiled:
        if p.search(text):
            return b
    return OTHER
sums = defaultdict(int)
for fn, cost in self_cost.items():
    sums[bucket_of(fn)] += cost
print(f'   instructions (Ir) per turn: {total / turns:,.0f}   (total {total:,} for {turns} turns)')
print('   self cost by bucket (per turn, share; sums to the total):')
for b, c in sorted(sums.items(), key=lambda kv: -kv[1]):
    print(f'   {c / turns:12,.0f}  {100 * c / total:5.1f}%  {b}')
def short(fn, width=130):
    ob = where.get(fn, ('', ''))[1].rsplit('/', 1)[-1]
    text = fn + (f'  [{ob}]' if ob and not ob.startswith('phase10') else '')
    return text if len(text) <= width else text[:width - 1] + '…'
print(f'   top {top} functions by self cost (per turn, share, bucket):')
for fn, cost in sorted(self_cost.items(), key=lambda kv: -kv[1])[:top]:
    print(f'   {cost / turns:12,.0f}  {100 * cost / total:5.1f}%  {short(fn)}   <{bucket_of(fn).split(" (")[0].split(":")[0]}>')
points = [
    ('actix workers: HTTP, routing, middleware, body JSON, response', r'^tokio::runtime::scheduler::current_thread::CoreGuard::block_on$'),
    ('blocking pool: all database work of the request', r'^tokio::runtime::blocking::pool::Inner::run$'),
    ('authenticate (API key look-up)', r'^phase10(?:::|_)service::accounts::authenticate$'),
    ('the write transaction (idempotency::once / write_transaction)', r'^phase10::(service::idempotency::once|store::write_transaction)$'),
    ('the write transaction (Session::write, since f7402d9)', r'^phase10(?:::|_)service::idempotency::<impl phase10(?:::|_)service::Session>::write$'),
    ('sealing the stored answer (Sealing::seal, with a key)', r'^phase10(?:::|_)service::idempotency::Sealing::seal$'),
    ('turns::record (read game, replay, check dice, INSERT)', r'^phase10(?:::|_)service::turns::record$'),
    ('games::lock_for_change (the locking UPDATE … RETURNING)', r'^phase10(?:::|_service::)store::games::lock_for_change$'),
    ('change::log (event JSON, INSERT of the event)', r'^phase10(?:::|_)service::change::log$'),
    ('event_data (the event\'s JSON)', r'^phase10(?:::|_)api::views::events::event_data$'),
    ('games::find_visible', r'^phase10(?:::|_service::)store::games::find_visible$'),
    ('games::load_record (players, turns, seat claims)', r'^phase10(?:::|_service::)store::games::load_record$'),
    ('replay of the game', r'^phase10(?:::|_)service::replay::replay$'),
    ('rules: evaluate (best way to make a phase)', r'^phase10(?:::|_)rules::\S*evaluate\S*::evaluate$'),
    ('turns::insert', r'^phase10(?:::|_service::)store::turns::insert$'),
    ('publish_turn (event JSON, INSERT, pg_notify)', r'^phase10(?:::|_)api::events::publish_turn$'),
    ('events::append (INSERT event + pg_notify)', r'^phase10(?:::|_service::)store::events::append$'),
    ('receipt (response body JSON)', r'^phase10(?:::|_)api::idempotency::receipt$'),
    ('request log span (tracing-actix-web)', r'TracingResponse.*::poll$'),
    ('route template for the request log (HttpRequest::match_pattern: regex again)', r'^actix_web::rmap::ResourceMap::match_pattern$'),
    ('routing the request (ResourceDef::capture_match_info: regex)', r'^actix_router::resource::ResourceDef::capture_match_info_fn$'),
    ('sqlite3_step (incl. re-prepares)', r'^sqlite3_step$'),
    ('sqlite3Reprepare', r'^sqlite3Reprepare$'),
    ('sqlite3_exec (BEGIN/COMMIT, parsed each time)', r'^sqlite3_exec$'),
    ('diesel: building SQL text (push_identifier, any backend)', r'QueryBuilder<.*>>::push_identifier$'),
    ('diesel: collecting binds (PostgreSQL)', r'QueryFragmentHelper<.*>>::collect_binds$'),
    ('libpq PQsendQueryPrepared (statements in the cache)', r'^PQsendQueryPrepared$'),
    ('libpq PQsendQueryParams (statements not cached: parsed each time)', r'^PQsendQueryParams$'),
    ('libpq PQexec (simple protocol: BEGIN/COMMIT)', r'^PQexec$'),
    ('libpq PQgetResult (reading answers)', r'^PQgetResult$'),
    ('TLS: pgtls_write + pgtls_read', r'^pgtls_(write|read)$'),
]
print('   inclusive cost of entry points (per turn, share; these overlap):')
for label, pattern in points:
    p = re.compile(pattern)
    found = [(incl[fn], fn) for fn in incl if p.search(fn)]
    if found:
        cost, fn = max(found)
        if label.startswith('TLS'):
            cost = sum(c for c, _ in found)
        print(f'   {cost / turns:12,.0f}  {100 * cost / total:5.1f}%  {label}')
print(f'   top {top} phase10 functions by inclusive cost (per turn, share):')
ours = sorted(((c, fn) for fn, c in incl.items() if re.match(r'<?phase10(?:_\w+)?::', fn)), reverse=True)
for cost, fn in ours[:top]:
    print(f'   {cost / turns:12,.0f}  {100 * cost / total:5.1f}%  {short(fn)}')
PY
}

echo "instructions per tabletop turn under callgrind: $binary, checkout $(pwd) at $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
for backend in $backends; do run "$backend"; echo; done
