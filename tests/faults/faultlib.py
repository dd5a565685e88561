"""What the fault scripts share: the server process, one HTTP request at a time, a write retried
with one Idempotency-Key until it has a definitive answer, dice that say which turn a client
meant, the check that every acknowledged turn is stored exactly once, the shared PostgreSQL,
Prometheus's query API, and how a script ends.

Python 3.11 standard library only.
"""

import http.client
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The binary cargo built: in CARGO_TARGET_DIR when it is set, as the other CI scripts take it.
BINARY = Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target") / "debug" / "phase10"
PG_BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))


def postgres_url(database):
    """The URL of a database on the shared PostgreSQL (PGHOST:PGPORT, user postgres)."""
    host, port = os.environ.get("PGHOST", "127.0.0.1"), os.environ.get("PGPORT", "5432")
    return f"postgres://postgres@{host}:{port}/{database}"


def postgres_admin(sql, database="postgres"):
    """Runs SQL on the shared PostgreSQL with psql; its output, tab-separated."""
    host, port = os.environ.get("PGHOST", "127.0.0.1"), os.environ.get("PGPORT", "5432")
    command = [str(PG_BIN / "psql"), "-XAtq", "-h", host, "-p", port, "-U", "postgres", "-d", database]
    done = subprocess.run(command + ["-F", "\t", "-c", sql], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"psql failed on {sql!r}: {done.stderr.strip()}")
    return done.stdout


def prometheus_query(port, query):
    """The value of an instant query's first series on a Prometheus at 127.0.0.1:port, or None."""
    url = f"http://127.0.0.1:{port}/api/v1/query?" + urllib.parse.urlencode({"query": query})
    with urllib.request.urlopen(url, timeout=5) as answer:
        result = json.load(answer)["data"]["result"]
    return float(result[0]["value"][1]) if result else None


def finish(name, ok, work):
    """Ends a fault script: its working directory removed if it passed, kept and named if not."""
    if ok:
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f"{name}: FAILED; logs kept in {work}")
    sys.exit(0 if ok else 1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Answer:
    """One attempt: the answer, or `status None` and `error` when there was none."""

    def __init__(self, status, headers, body, started, ended, error=None, path=""):
        self.status, self.headers, self.body = status, headers or {}, body
        self.started, self.ended, self.error, self.path = started, ended, error, path

    @property
    def seconds(self):
        return self.ended - self.started

    @property
    def json(self):
        try:
            return json.loads(self.body)
        except (TypeError, ValueError):
            return None

    @property
    def code(self):
        body = self.json
        return body.get("code") if isinstance(body, dict) else None

    def header(self, name):
        return self.headers.get(name.lower())

    def __str__(self):
        if self.status is None:
            return f"no answer ({self.error})"
        return f"{self.status} {self.code or ''} {self.body[:300]!r}"


def call(port, method, path, body=None, api_key=None, idempotency_key=None, timeout=15.0, headers=None):
    """One request on a fresh connection. Never raises: a connection error is an Answer too."""
    headers = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    if idempotency_key:
        headers["Idempotency-Key"] = idempotency_key
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    started = time.monotonic()
    try:
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        raw = response.read().decode("utf-8", "replace")
        got = {k.lower(): v for k, v in response.getheaders()}
        return Answer(response.status, got, raw, started, time.monotonic(), path=path)
    except (OSError, http.client.HTTPException) as e:
        return Answer(None, None, "", started, time.monotonic(), repr(e), path=path)
    finally:
        conn.close()


def retry_after(answer, cap):
    try:
        return min(float(answer.header("Retry-After")), cap)
    except (TypeError, ValueError):
        return cap


def retry_delay(answer):
    """Seconds to wait before sending the same request again, or None: the answer is final."""
    # No answer (refused, reset, timed out), or a load balancer's 502/504 (the process it chose
    # gave none): the same request, with the same key.
    if answer.status is None or answer.status in (502, 504):
        return 0.05 + random.random() * 0.1
    if answer.status == 503:
        return retry_after(answer, 0.2)
    if answer.status == 409 and answer.code == "idempotency_key_in_flight":
        return retry_after(answer, 0.5)
    return None


def post(port, path, body, api_key=None, give_up_after=60.0, observe=None):
    """POSTs with one fresh Idempotency-Key, sending the same request again on no answer, 503 and
    409 idempotency_key_in_flight, until a definitive answer (or until giving up: `gave_up`)."""
    key = str(uuid.uuid4())
    deadline = time.monotonic() + give_up_after
    attempts = 0
    while True:
        answer = call(port, "POST", path, body, api_key, key)
        attempts += 1
        if observe:
            observe(answer)
        delay = retry_delay(answer)
        answer.attempts, answer.gave_up = attempts, False
        if delay is None:
            return answer
        if time.monotonic() > deadline:
            answer.gave_up = True
            return answer
        time.sleep(delay)


def get(port, path, api_key, give_up_after=60.0):
    deadline = time.monotonic() + give_up_after
    while True:
        answer = call(port, "GET", path, api_key=api_key)
        delay = retry_delay(answer)
        if delay is None or time.monotonic() > deadline:
            return answer
        time.sleep(delay)


def setup_games(port, count, players_of):
    """`count` games over a few accounts: [(api_key, game)]. `players_of(i)`: how many seats."""
    keys = []
    for i in range((count + 3) // 4):
        answer = post(port, "/v1/accounts", {"name": f"fault table {i}"})
        if answer.status != 201:
            raise SystemExit(f"creating an account: {answer}")
        keys.append(answer.json["api_key"])
    games = []
    for i in range(count):
        key = keys[i % len(keys)]
        players = [{"name": f"P{i}-{seat}"} for seat in range(players_of(i))]
        answer = post(port, "/v1/games", {"players": players}, key)
        if answer.status != 201:
            raise SystemExit(f"creating a game: {answer}")
        games.append((key, answer.json))
    return games


# Which turn a client meant is written in the dice it sends: intent n (1, 2, …) in base 5 on the
# four low dice (1-4 or W), and n // 625 on one high die (5-10). Five dice never make a phase
# (every phase needs six or more), so those turns are failed turns. A few early intents add
# 5 5 5 6 6 6, which makes phase 1 (and maybe more): at most six made turns per player, so no
# player reaches phase 8, which needs colors.
LOW = [1, 2, 3, 4, "W"]
MADE = {1, 2, 3, 7, 8, 9}
MAX_INTENT = 625 * 6 - 1


def dice_for(intent):
    assert 1 <= intent <= MAX_INTENT
    low, rest = [], intent
    for _ in range(4):
        low.append(LOW[rest % 5])
        rest //= 5
    high = [5, 5, 5, 6, 6, 6] if intent in MADE else [5 + rest]
    return [{"value": v} for v in low + high]


def intent_of(dice):
    values = [d["value"] for d in dice]
    intent = sum(LOW.index(v) * 5**i for i, v in enumerate(values[:4]))
    if len(values) == 5:
        intent += 625 * (values[4] - 5)
    return intent


def play_turns(port, api_key, game, keep_going, think, on_ack, errors, observe=None):
    """Plays the game's turns in turn order, each retried with its own key, while keep_going()
    holds: on_ack(answer, sent) is told of every turn acknowledged. The first answer that is not
    a 201 stops the game, said in errors: none definitive (the client gave up, or 5xx), or a
    refusal (such as a retried turn refused 409 not_your_turn after it had been recorded)."""
    current, intent = game["current_player_id"], 0
    while keep_going():
        intent += 1
        sent = {"player_id": current, "dice": dice_for(intent)}
        answer = post(port, f"/v1/games/{game['id']}/turns", sent, api_key, observe=observe)
        if answer.status != 201:
            unanswered = answer.gave_up or answer.status is None or answer.status >= 500
            why = "no definitive answer" if unanswered else "refused"
            errors.append(f"game {game['id']} intent {intent}, attempt {answer.attempts}: {why}: {answer}")
            return
        on_ack(answer, sent)
        current = answer.json["game"]["current_player_id"]
        time.sleep(think)


class Server:
    """The phase10 binary on one database and one port, started again on demand."""

    def __init__(self, database_url, port, log_path, **env):
        self.port, self.log_path, self.proc = port, log_path, None
        self.env = dict(
            os.environ,
            DATABASE_URL=database_url,
            BIND=f"127.0.0.1:{port}",
            LOG="info",
            # The load comes from one address, far faster than any table plays.
            RATE_LIMIT_WRITES="0",
            RATE_LIMIT_ACCOUNTS="0",
            **env,
        )

    def start(self, timeout=30.0):
        with open(self.log_path, "ab") as log:
            log.write(f"--- start {time.strftime('%H:%M:%S')}\n".encode())
            log.flush()
            self.proc = subprocess.Popen(
                [str(BINARY), "serve"], env=self.env, stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"the server exited ({self.proc.returncode}); see {self.log_path}")
            if call(self.port, "GET", "/healthz", timeout=1).status == 200:
                return
            time.sleep(0.05)
        raise SystemExit(f"the server did not answer /healthz in {timeout} s; see {self.log_path}")

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def log_lines(self, *needles):
        with open(self.log_path, errors="replace") as log:
            return [line.rstrip() for line in log if any(n in line for n in needles)]


def http_turns(port, api_key, game_id):
    """Every turn of a game through the API, following the cursor: [(number, player, dice)]."""
    turns, cursor = [], ""
    while True:
        answer = get(port, f"/v1/games/{game_id}/turns?limit=100{cursor}", api_key)
        if answer.status != 200:
            raise SystemExit(f"listing the turns of {game_id}: {answer}")
        page = answer.json
        turns += [(t["number"], t["player_id"], t["dice"]) for t in page["items"]]
        if not page["next_cursor"]:
            return turns
        cursor = f"&cursor={page['next_cursor']}"


def canonical(dice):
    return json.dumps(dice, sort_keys=True)


class Check:
    """Compares what clients were told (acknowledged turns) with what is stored."""

    def __init__(self):
        self.acknowledged = self.found = self.duplicated = self.lost = 0
        self.unacknowledged = 0  # recorded, but no client ever saw its 201
        self.errors = []  # every one fatal

    def game(self, game_id, acks, sources):
        """`acks`: [(number, player, dice)] clients saw answered 201; `sources`: name -> the
        stored turns as [(number, player, dice)], from the API and from the database. Each
        source is checked on its own, and they must agree."""
        self.acknowledged += len(acks)
        acked = {(n, p, canonical(d)) for n, p, d in acks}
        missing, duplicated, extra, seen = set(), 0, [], None
        for name, turns in sources.items():
            rows = sorted((n, p, canonical(d)) for n, p, d in turns)
            seen = rows if seen is None else seen
            if rows != seen:
                self.errors.append(f"game {game_id}: the API and the database disagree ({name})")
            numbers = [n for n, _, _ in rows]
            if numbers != list(range(1, len(rows) + 1)):
                self.errors.append(f"{name}: game {game_id}: turn numbers not 1..{len(rows)}: {numbers}")
            stored = Counter(rows)
            for row in sorted(acked):
                if stored[row] != 1:
                    missing.add(row)
                    self.errors.append(f"{name}: game {game_id}: acknowledged turn stored "
                                       f"{stored[row]} times: {row}")
            intents = Counter(intent_of(json.loads(d)) for _, _, d in rows)
            again = sorted(i for i, c in intents.items() if c > 1)
            if again:
                self.errors.append(f"{name}: game {game_id}: intents recorded more than once: {again}")
            duplicated = max(duplicated, sum(c - 1 for c in intents.values()))
            extra = [n for n, p, d in rows if (n, p, d) not in acked]
        if len(acked) != len(acks):
            self.errors.append(f"game {game_id}: one turn acknowledged twice")
        self.found += len(acked - missing)
        self.lost += len(missing)
        self.duplicated += duplicated
        if extra:
            self.unacknowledged += len(extra)
            self.errors.append(
                f"game {game_id}: {len(extra)} turn(s) recorded that no client saw acknowledged: {extra}"
            )

    def ok(self):
        return not self.errors

    def report(self, most=10):
        for line in self.errors[:most]:
            print(f"  FAIL {line}")
        if len(self.errors) > most:
            print(f"  FAIL … and {len(self.errors) - most} more")
