#!/usr/bin/env bash
# Where the time of bench/edits.sh's requests goes in the server: the instructions of each kind of
# request under valgrind's callgrind, replacing an entry next to recording the next one.
#
#   bash bench/callgrind_edits.sh [REQUESTS]      (default 30 of each kind)
#   BINARY=path/to/phase10 TOP=12 KEEP=DIR bash bench/callgrind_edits.sh …
#
# What it does: builds the games of bench/edits.sh (its own run, on SQLite, 2 samples, kept with
# KEEP=…: the 300-turn 8-player dice game and the 40-hand 6-player card game, and the requests of
# its cycles), then starts BINARY under `valgrind --tool=callgrind` on a copy of that SQLite file
# with load.sh's settings (LOG=error, no rate limits; the time limits raised for valgrind), waits
# until the advisor's tables are built (GET /v1/phases: the server builds them at start in a
# thread of their own, which would otherwise run, and count, during the requests), and for each
# kind zeroes callgrind's counters (`callgrind_control -z`), sends REQUESTS requests of that kind
# on one kept-alive connection, and dumps the counters (`callgrind_control -d KIND`):
#   put_turn   PUT turns/10 (alternately 9 9 9 10 W W and 8 8 8 10 W W)
#   post_turn  POST turns (turn 301), each followed by its undo with the instrumentation off
#              (`callgrind_control -i off`: the undo is not counted)
#   undo_turn  DELETE turns/301, each after its POST with the instrumentation off
#   put_hand, post_hand, undo_hand: the same for hands/2 and hand 41
# Only user-space instructions of the server process count (not the kernel's fsyncs or TCP); the
# database is SQLite, in the server's process. The work a request does in the server is the same
# on PostgreSQL but for the database client (libpq instead of SQLite).
#
# It prints, for each kind, the instructions per request, and a table of the inclusive cost per
# request of the functions that tell where it goes (they overlap: a function's cost includes
# what it calls), then the top functions by self cost of each replacement.
# Needs valgrind (callgrind_control), curl, jq, python3.
set -euo pipefail
cd "$(dirname "$0")/.."
requests=${1:-30}
top=${TOP:-12}
port=${PORT:-18196}
for tool in curl jq python3 valgrind callgrind_control; do
  command -v $tool >/dev/null || { echo "needs $tool" >&2; exit 2; }
done
binary=${BINARY:-}
if [ -z "$binary" ]; then
  cargo build --release --quiet --locked --bin phase10
  binary="${CARGO_TARGET_DIR:-./target}/release/phase10"
fi
case $binary in /*) ;; *) binary="$(pwd)/$binary" ;; esac
[ -x "$binary" ] || { echo "no server binary at $binary" >&2; exit 2; }
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
server=""
base=http://127.0.0.1:$port
stop_server() {
  if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi
}
cleanup() { stop_server; [ -n "${KEEP:-}" ] || rm -rf "$work"; }
trap cleanup EXIT

echo "instructions of replacing an entry and of recording the next one, under callgrind: $binary, checkout $(pwd) at $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
KEEP="$work/games" WARM=0 BINARY="$binary" bash bench/edits.sh 2 sqlite | sed -n 's/^games built/  games built/p'
cp "$work/games/edits.sqlite" "$work/cg.sqlite"
DATABASE_URL="$work/cg.sqlite" BIND=127.0.0.1:$port LOG=error RATE_LIMIT_WRITES=0 RATE_LIMIT_ACCOUNTS=0 \
  QUERY_TIMEOUT_MS=300000 DB_TIMEOUT_MS=300000 REQUEST_TIMEOUT_MS=300000 \
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$binary" 2> "$work/valgrind.log" &
server=$!
for _ in $(seq 1 600); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.5; done
curl -fs "$base/healthz" >/dev/null || { echo "the server did not start under valgrind" >&2; tail "$work/valgrind.log" >&2; exit 4; }
started=$SECONDS
curl -fsS --max-time 1800 "$base/v1/phases" >/dev/null
echo "  the advisor's tables built under valgrind in $((SECONDS - started)) s; measuring $requests requests of each kind"

python3 - "$work/games/measure.sqlite.cfg" "$port" "$server" "$requests" <<'PY'
# Per kind: zero the counters, send the requests on one kept-alive connection (the request that
# puts the game back, uncounted), dump the counters under the kind's name.
import http.client, re, subprocess, sys
cfg, port, pid, n = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
requests, key = {}, None
for block in open(cfg).read().split('\nnext\n'):
    method = re.search(r'request = "(\w+)"', block).group(1)
    path = re.search(r'url = "http://[^/]+([^"]+)"', block).group(1)
    key = re.search(r'Authorization: Bearer (\S+)"', block).group(1)
    body = re.search(r'data-binary = "(.*)"', block)
    body = body.group(1).replace('\\"', '"').replace('\\\\', '\\') if body else None
    kind = method + ' ' + re.sub(r'.*/games/[^/]+/', '', path)
    requests.setdefault(kind, []).append((method, path, body))
want = {'PUT': 200, 'POST': 201, 'DELETE': 200}
conn = http.client.HTTPConnection('127.0.0.1', port)
def send(request):
    global conn
    method, path, body = request
    headers = {'Authorization': f'Bearer {key}'}
    if body is not None:
        headers['Content-Type'] = 'application/json'
    for attempt in (1, 2):  # the server closes a connection idle for its keep-alive (callgrind is slow)
        try:
            conn.request(method, path, body=body, headers=headers)
            answer = conn.getresponse()
            answer.read()
            break
        except (ConnectionError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection('127.0.0.1', port)
            if attempt == 2:
                raise
    if answer.status != want[method]:
        sys.exit(f'{method} {path}: {answer.status}')
def callgrind(*args):
    subprocess.run(['callgrind_control', *args, pid], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
plan = [('put_turn', 'PUT turns/10', None), ('post_turn', 'POST turns', 'DELETE turns/301'),
        ('undo_turn', 'DELETE turns/301', 'POST turns'),
        ('put_hand', 'PUT hands/2', None), ('post_hand', 'POST hands', 'DELETE hands/41'),
        ('undo_hand', 'DELETE hands/41', 'POST hands')]
for label, kind, other in plan:
    undo = kind.startswith('DELETE')
    if undo:
        send(requests[other][0])
    callgrind('-z')
    for i in range(n):
        send(requests[kind][i % len(requests[kind])])
        if other and not (undo and i == n - 1):
            callgrind('-i', 'off')
            send(requests[other][0])
            callgrind('-i', 'on')
    callgrind('-d', label)
PY
stop_server

python3 - "$work" "$requests" "$top" <<'PY'
# Reads the callgrind dumps themselves, as bench/callgrind_turn.sh does: self cost per function
# (merged over files), inclusive = self + the cost of its calls (a direct recursion not counted
# twice).
import glob, re, sys
from collections import defaultdict
work, n, top = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def read(dump):
    names = {'fl': {}, 'fn': {}, 'ob': {}}
    kinds = {'fl': 'fl', 'fi': 'fl', 'fe': 'fl', 'cfi': 'fl', 'cfl': 'fl', 'fn': 'fn', 'cfn': 'fn', 'ob': 'ob', 'cob': 'ob'}
    self_cost, call_cost = defaultdict(int), defaultdict(int)
    cur_fn, cfn, pending, label = None, None, False, None
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
            if line.startswith('desc: Trigger: Client Request: dump ') or line.startswith('desc: Trigger: dump '):
                label = line.rsplit(' ', 1)[1]
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
            elif key == 'cfn':
                cfn = name('fn', rest)
            elif key in kinds:
                name(kinds[key], rest)
    incl = {fn: self_cost.get(fn, 0) + call_cost.get(fn, 0) for fn in set(self_cost) | set(call_cost)}
    return label, self_cost, incl
dumps = {}
for dump in glob.glob(f'{work}/callgrind.out.*'):
    label, self_cost, incl = read(dump)
    if label:
        dumps[label] = (self_cost, incl)
order = ['put_turn', 'post_turn', 'undo_turn', 'put_hand', 'post_hand', 'undo_hand']
missing = [k for k in order if k not in dumps]
if missing:
    sys.exit(f'no callgrind dump of {missing}')
total = {k: sum(dumps[k][0].values()) / n for k in order}
points = [
    ('the whole request (every instruction of the process)', None),
    ('the change: change_as (lock, state, rules, writes, event)', r'^phase10(?:::|_)service::change::change_as$'),
    ('  replace_turn / replace_hand (the edit)', r'^phase10(?:::|_)service::edits::replace_(turn|hand)$'),
    ('  turns::play / hands::record (the recording)', r'^phase10(?:::|_)service::(turns::play|hands::record)$'),
    ('  turns::undo / hands::undo', r'^phase10(?:::|_)service::(turns|hands)::undo$'),
    ('    replay of the dice game (replay_turns)', r'^phase10(?:::|_)service::replay::replay_turns$'),
    ('      rollability of each turn\'s dice (DiceLayout::place)', r'^phase10(?:::|_)rules::dice::layout::DiceLayout::place$'),
    ('      evaluating each turn (dice::evaluate::evaluate)', r'^phase10(?:::|_)rules::dice::evaluate::evaluate$'),
    ('    replay of the card game (replay_hands)', r'^phase10(?:::|_)service::card_replay::replay_hands$'),
    ('    a card hand\'s checks (HandCheck::check; in the replay, every hand\'s)', r'^phase10(?:::|_)rules::cards::hand_checks::HandCheck::check$'),
    ('      one deck for the points lines: ways (dealt::ways)', r'^phase10(?:::|_)rules::cards::dealt::ways$'),
    ('      HashMap/HashSet::insert (in a hand: the set of what one deck has left)', r'^hashbrown::map::HashMap<K,V,S,A>::insert$'),
    ('      points a line can hold (NotHeld::why)', r'^phase10(?:::|_)rules::cards::points::NotHeld::why$'),
    ('      format! (in a hand: a field name written for every card given)', r'^alloc::fmt::format::format_inner$'),
    ('      one deck for the cards given (fits_one_deck)', r'^phase10(?:::|_)rules::cards::deck::fits_one_deck$'),
    ('  the game\'s state kept, cloned (Recent::game + keep_game)', r'^phase10(?:::|_)service::recent::Recent::(game|keep_game)$'),
    ('  the record cloned (GameRecord::clone, all callers)', r'^<phase10(?:::|_)service::record::GameRecord as core::clone::Clone>::clone$'),
    ('  the edit logged (log_edit: edits::insert + the event)', r'^phase10(?:::|_)service::edits::log_edit$'),
    ('    edits::insert (the entry before and after, as JSON)', r'^phase10(?:::|_)service::store::edits::insert$'),
    ('  the event (Change::happened: its JSON and INSERT)', r'^phase10(?:::|_)service::change::Change::happened$'),
    ('    event_data (the event\'s JSON)', r'^phase10(?:::|_)api::views::events::event_data$'),
    ('  turns::replace / hands::replace (UPDATE)', r'^phase10(?:::|_)service::store::(turns|hands)::replace$'),
    ('  turns::insert / hands::insert', r'^phase10(?:::|_)service::store::(turns|hands)::insert$'),
    ('SQLite: sqlite3_step + sqlite3_exec', r'^sqlite3_(step|exec)$'),
    ('the answer\'s JSON (receipt)', r'^phase10(?:::|_)api::http::idempotency::receipt$'),
]
labels = {'put_turn': 'PUT t/10', 'post_turn': 'POST t', 'undo_turn': 'DEL t/301',
          'put_hand': 'PUT h/2', 'post_hand': 'POST h', 'undo_hand': 'DEL h/41'}
print(f'instructions (Ir) per request, {n} requests of each kind; inclusive cost (overlapping):')
print(f'  {"":<72}' + ''.join(f'{labels[k]:>11}' for k in order))
for text, pattern in points:
    row = []
    for k in order:
        if pattern is None:
            row.append(total[k])
            continue
        incl = dumps[k][1]
        p = re.compile(pattern)
        row.append(sum(c for fn, c in incl.items() if p.search(fn)) / n)
    print(f'  {text:<72}' + ''.join(f'{v / 1e6:10.2f}M' if v else f'{"-":>11}' for v in row))
print(f'  ratio replacement / recording: turns {total["put_turn"] / total["post_turn"]:.2f}x, '
      f'hands {total["put_hand"] / total["post_hand"]:.2f}x')
for k in ('put_turn', 'put_hand'):
    self_cost = dumps[k][0]
    print(f'top {top} functions of {labels[k]} by self cost (per request, share):')
    for fn, c in sorted(self_cost.items(), key=lambda kv: -kv[1])[:top]:
        text = fn if len(fn) <= 110 else fn[:109] + '…'
        print(f'  {c / n:12,.0f}  {100 * c / n / total[k]:5.1f}%  {text}')
PY
