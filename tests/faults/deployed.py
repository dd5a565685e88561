#!/usr/bin/env python3
"""The operator's script, as an operator runs it: `bash deploy/run.sh` on a fresh database and
ports of its own, then through HAProxy a game with a turn and a shared link, every process's
metrics, Prometheus scraping all three; a process killed with SIGKILL is started again while
the others answer; SIGHUP to the script replaces the three processes one by one with not one
request through HAProxy failing meanwhile; and SIGTERM to the script stops everything it
started within 10 s.

    python3 tests/faults/deployed.py

Needs target/debug/phase10, haproxy and prometheus on PATH, and PostgreSQL on PGHOST:PGPORT.
"""

import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import faultlib as f  # noqa: E402

# Its own database, so that two runs on one machine never drop each other's.
DB = f"phase10_fault_deployed_{os.getpid()}"


def consecutive_free_ports(count):
    """`count` free ports one after another, as run.sh numbers its processes', below the
    kernel's range for outgoing connections (32768 and up): a port the OS gives out as free
    may meanwhile become the local end of some connection, and then nothing can listen on it."""
    while True:
        first = random.randrange(20000, 32768 - count)
        if all(port_is_free(first + i) for i in range(count)):
            return first


def port_is_free(port):
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def listening(port):
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


def scraped(port, query):
    """A Prometheus query's value, or None while it has none (or does not answer yet)."""
    try:
        return f.prometheus_query(port, query)
    except OSError:
        return None


def processes(script):
    """The server processes run.sh started: {port: pid}."""
    children = subprocess.run(["pgrep", "-P", str(script.pid)], capture_output=True, text=True)
    found = {}
    for pid in children.stdout.split():
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        except OSError:
            continue
        for entry in environ:
            if entry.startswith(b"BIND=127.0.0.1:"):
                found[int(entry.split(b":")[1])] = int(pid)
    return found


def restarted(script, port, old_pid):
    """Whether run.sh has started the process on `port` again and it is ready."""
    pid = processes(script).get(port)
    return pid not in (None, old_pid) and f.call(port, "GET", "/readyz", timeout=1).status == 200


def wait_for(what, test, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if test():
            return
        time.sleep(0.25)
    raise SystemExit(f"deployed: {what} within {seconds} s")


def main():
    for tool in ("haproxy", "prometheus"):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is missing (apt-get install {tool})")
    f.postgres_admin(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")  # run.sh makes it, as on a fresh machine
    base = consecutive_free_ports(8)
    public, first, metrics, watch = base, base + 1, base + 4, base + 7
    logs = Path(tempfile.mkdtemp(prefix="phase10-deployed-"))
    env = dict(os.environ, DATABASE_URL=f.postgres_url(DB), PUBLIC_PORT=str(public),
               FIRST_PORT=str(first), METRICS_FIRST_PORT=str(metrics),
               PROMETHEUS_PORT=str(watch), PUBLIC_URL="https://phase10.example", LOGS=str(logs),
               PUBLIC_HOST="127.0.0.1",
               BIN=str(f.BINARY))
    out = logs / "run.out"  # what run.sh says, to the operator's terminal
    with open(out, "w") as said_to:
        script = subprocess.Popen(["bash", "deploy/run.sh"], cwd=f.ROOT, env=env,
                                  stdout=said_to, stderr=subprocess.STDOUT)
    failures = []
    try:
        deadline = time.monotonic() + 120
        while "phase10:" not in out.read_text():
            if script.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"deployed: run.sh did not come up: {out.read_text()}")
            time.sleep(0.1)
        said = out.read_text()
        print(f"deployed: run.sh says {said.strip()}", flush=True)
        if "Prometheus on" not in said:
            failures.append("run.sh did not start Prometheus")

        account = f.post(public, "/v1/accounts", {"name": "operator"})
        key = account.json["api_key"]
        game = f.post(public, "/v1/games", {"players": [{"name": "Ann"}, {"name": "Bo"}]}, key).json
        turn = f.post(public, f"/v1/games/{game['id']}/turns",
                      {"player_id": game["players"][0]["id"], "dice": f.dice_for(1)}, key)
        if turn.status != 201:
            failures.append(f"a turn through HAProxy: {turn}")
        # A shared link names the configured address, whatever a client's headers say.
        link = f.call(public, "POST", f"/v1/games/{game['id']}/share", api_key=key)
        if not (link.json or {}).get("url", "").startswith("https://phase10.example/pad/"):
            failures.append(f"the shared link does not start with PUBLIC_URL: {link}")
        if f.call(public, "GET", "/metrics").status != 404:
            failures.append("/metrics answers on the public address")
        for i in range(3):
            answer = f.call(metrics + i, "GET", "/metrics")
            if answer.status != 200 or "phase10_http_requests_total" not in answer.body:
                failures.append(f"process {i + 1}'s metrics: {answer}")

        wait_for("Prometheus scrapes the three processes", lambda: scraped(watch, "sum(up)") == 3, 30)
        wait_for("Prometheus counts the turn",
                 lambda: (scraped(watch, "sum(phase10_turns_recorded_total)") or 0) >= 1, 30)
        print("deployed: Prometheus scrapes all three and counts the turn", flush=True)

        # A process killed: HAProxy sends its share to the others; run.sh starts it again.
        pids = processes(script)
        if sorted(pids) != [first, first + 1, first + 2]:
            raise SystemExit(f"deployed: run.sh's processes are not on the ports it says: {pids}")
        os.kill(pids[first], signal.SIGKILL)
        turn = f.post(public, f"/v1/games/{game['id']}/turns",
                      {"player_id": game["players"][1]["id"], "dice": f.dice_for(2)}, key)
        if turn.status != 201:
            failures.append(f"a turn after a process was killed: {turn}")
        wait_for("the killed process started again", lambda: restarted(script, first, pids[first]), 20)
        print("deployed: a killed process is started again", flush=True)

        # The binary replaced: SIGHUP to run.sh, and not one request through HAProxy fails.
        answers, done = [], threading.Event()

        def reader():
            while not done.is_set():
                answers.append(f.call(public, "GET", f"/v1/games/{game['id']}", api_key=key).status)
                time.sleep(0.02)

        before = processes(script)
        reading = threading.Thread(target=reader)
        reading.start()
        time.sleep(0.5)
        hup = time.monotonic()
        os.kill(int((logs / "run.pid").read_text()), signal.SIGHUP)
        try:
            wait_for("run.sh replaced the three processes",
                     lambda: all(restarted(script, port, pid) for port, pid in before.items())
                     and "process 3 replaced" in out.read_text(), 40)
            took = time.monotonic() - hup
            time.sleep(0.5)
        finally:
            done.set()
            reading.join()
        failed = [a for a in answers if a != 200]
        if failed or not answers:
            failures.append(f"while the processes were replaced, {len(failed)} of {len(answers)} "
                            f"requests through HAProxy failed: {failed[:5]}")
        print(f"deployed: the three processes replaced one by one in {took:.1f} s, {len(answers)} requests "
              f"through HAProxy meanwhile, {len(failed)} failed", flush=True)
    finally:
        sent = time.monotonic()
        script.send_signal(signal.SIGTERM)
        try:
            script.wait(10)
        except subprocess.TimeoutExpired:
            failures.append("run.sh did not stop within 10 s of SIGTERM")
            script.kill()
        stopped = time.monotonic() - sent
        if "stopped (logs in" not in out.read_text():
            failures.append("run.sh did not say it stopped")
        left = [p for p in [public, first, first + 1, first + 2, metrics, watch] if listening(p)]
        if left:
            failures.append(f"still listening after run.sh stopped: ports {left}")
        f.postgres_admin(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    print(f"deployed: run.sh stopped everything in {stopped:.2f} s", flush=True)
    for failure in failures:
        print(f"deployed: FAIL {failure}", flush=True)
    if not failures:
        print("deployed: passed", flush=True)
    f.finish("deployed", not failures, logs)


if __name__ == "__main__":
    main()
