#!/usr/bin/env python3
"""Failover: deploy/failover.sh (a primary, a synchronous standby and pg_auto_failover's monitor,
three processes behind HAProxy) under a load through HAProxy of 12 clients playing turns, each
sent again with its Idempotency-Key until answered, and 4 followers of the games' event streams:

1. the primary's node killed (kill -9 of its keeper and its postmaster: a machine lost; its
   postmaster alone is started again by its keeper in a second, which is no failover);
2. the primary frozen (SIGSTOP to its postmaster and every child: connections open and silent,
   its kernel still answering TCP), and thawed once the standby is promoted;
3. the standby's node killed: writes go on (the monitor stops waiting for it).

The monitor promotes the standby each time; each node comes back as the new standby. Throughout:
no answer is a 500 or takes longer than the query timeout and a margin; every acknowledged turn
is stored exactly once; the followers receive every event of their game, in order; writes
resume without a process being restarted.

    python3 tests/faults/failover.py [--rounds N]   (N kills and N freezes: their medians)

Needs target/debug/phase10, pg_autoctl (postgresql-15-auto-failover), haproxy, and the
PostgreSQL 15 binaries in PG_BIN. As root, PostgreSQL runs as the user postgres.
"""

import argparse
import json
import os
import signal
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import faultlib as f
from balanced import Client, Follower
from crash import seats
from deployed import consecutive_free_ports

GAMES, FOLLOWED = 12, 4
QUERY_TIMEOUT_MS = 3000
SLACK_MS = 2000  # on top of the query timeout: slower than this is a hang
WRITES_BACK_WITHIN = 30.0  # seconds from a fault to the first acknowledged turn after it


class Formation:
    """The database of deploy/failover.sh: its monitor and two nodes, in `data`."""

    def __init__(self, data, monitor_port, node_ports):
        self.data, self.monitor_port, self.node_ports = data, monitor_port, node_ports
        self.as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self.restarted = []  # keepers this script started again

    def sql(self, port, statement, database="postgres", timeout=3):
        """The statement's output, or None if the server did not answer it in time."""
        command = [str(f.PG_BIN / "psql"), "-XAtq", "-F", "\t", "-h", "127.0.0.1", "-p", str(port),
                   "-U", "postgres", "-d", database, "-c", statement]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        return done.stdout if done.returncode == 0 else None

    def states(self):
        """Each node's (port, state reported to the monitor)."""
        out = self.sql(self.monitor_port, "SELECT nodeport, reportedstate FROM pgautofailover.node",
                       "pg_auto_failover") or ""
        return [(int(port), state) for port, state in (line.split("\t") for line in out.splitlines())]

    def node_with(self, *states):
        """The port of the node reporting one of `states`, if one does."""
        return next((port for port, state in self.states() if state in states), None)

    def settled(self):
        return sorted(state for _, state in self.states()) == ["primary", "secondary"]

    def node(self, port):
        return self.node_ports.index(port) + 1

    def node_processes(self, port):
        """The node's keeper and every process under it (its PostgreSQL included)."""
        keeper = int((self.data / f"node-{self.node(port)}.keeper.pid").read_text())
        for restarted in self.restarted:
            if restarted.args[-1].endswith(f"node-{self.node(port)}"):
                keeper = restarted.pid
        return [keeper] + descendants(keeper)

    def kill(self, port):
        for pid in self.node_processes(port):
            signal_quietly(pid, signal.SIGKILL)

    def postgres_processes(self, port):
        postmaster = int((self.data / f"node-{self.node(port)}" / "postmaster.pid").read_text().split()[0])
        return [postmaster] + descendants(postmaster)

    def freeze(self, port):
        frozen = self.postgres_processes(port)
        for pid in frozen:
            signal_quietly(pid, signal.SIGSTOP)
        return frozen

    def start_again(self, port):
        """A killed node's keeper started again: it rejoins as the standby."""
        node = self.data / f"node-{self.node(port)}"
        env = ["env", f"PATH={f.PG_BIN}:{os.environ['PATH']}", f"XDG_CONFIG_HOME={self.data}/config",
               f"XDG_DATA_HOME={self.data}/share"]
        with open(self.data / f"node-{self.node(port)}.log", "ab") as log:
            self.restarted.append(subprocess.Popen(
                self.as_postgres + env + ["pg_autoctl", "run", "--pgdata", str(node)],
                stdout=log, stderr=subprocess.STDOUT))

    def checkpoint(self):
        """A standby's rewind or base backup waits for a checkpoint on the primary."""
        primary = self.node_with("primary", "wait_primary")
        if primary:
            self.sql(primary, "CHECKPOINT")

    def stop_restarted(self):
        for keeper in self.restarted:
            keeper.terminate()
        for keeper in self.restarted:
            try:
                keeper.wait(30)
            except subprocess.TimeoutExpired:
                keeper.kill()


def descendants(pid):
    children = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], list(children.get(pid, []))
    while todo:
        child = todo.pop()
        found.append(child)
        todo += children.get(child, [])
    return found


def signal_quietly(pid, sig):
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        pass


def wait_for(what, test, seconds):
    deadline = time.monotonic() + seconds
    while not test():
        if time.monotonic() > deadline:
            raise SystemExit(f"failover: {what} did not happen within {seconds} s")
        time.sleep(0.1)
    return time.monotonic()


class Run:
    """The load, and what each fault cost it."""

    def __init__(self, public, games):
        self.public, self.games = public, games
        self.followers = [Follower(public, key, game["id"]) for key, game in games[:FOLLOWED]]
        self.done = threading.Event()
        self.clients = [Client(public, key, game, self.done) for key, game in games]
        self.faults = []  # (what, at, promoted at)

    def start(self):
        for thread in self.followers + self.clients:
            thread.start()

    def acks_after(self, moment):
        return sorted(at for c in self.clients for at, _ in c.latencies if at > moment)

    def fault(self, what, formation, act, promoted):
        """Does `act` to the formation; waits for `promoted` (a port or None) and for writes."""
        time.sleep(2.0)
        at = time.monotonic()
        old = formation.node_with("primary")
        act(old)
        promoted_at = None
        if promoted:
            other = next(p for p in formation.node_ports if p != old)
            # Promoted: out of recovery (pg_promote done), whatever the monitor has heard yet.
            promoted_at = wait_for(f"{what}: the standby promoted",
                                   lambda: formation.sql(other, "SELECT pg_is_in_recovery()", timeout=1) == "f\n", 60)
        wait_for(f"{what}: a turn acknowledged after it", lambda: self.acks_after(promoted_at or at), WRITES_BACK_WITHIN)
        first = self.acks_after(promoted_at or at)[0]
        self.faults.append((what, at, promoted_at, first))
        return old

    def stop(self):
        self.done.set()
        for client in self.clients:
            client.join(timeout=90)
        time.sleep(1.0)  # the followers catch up with the last turns
        for follower in self.followers:
            follower.stop.set()


def measure_replication(run, formation, seconds=6.0):
    """Under the load: the standby's replay lag (p50, p99), and turns acknowledged per second
    with synchronous commit against asynchronous (synchronous_commit = local), one after the
    other in this run."""
    primary = formation.node_with("primary")

    def turns_per_second():
        start = time.monotonic()
        time.sleep(seconds)
        return len([at for c in run.clients for at, _ in c.latencies if at > start]) / seconds

    time.sleep(2.0)  # the load under way
    lags, stop = [], threading.Event()

    def sample():
        while not stop.is_set():
            lag = formation.sql(primary, "SELECT coalesce(extract(epoch FROM replay_lag), 0) FROM pg_stat_replication")
            if lag and lag.strip():
                lags.append(float(lag.split()[0]))
            time.sleep(0.1)
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    synchronous = turns_per_second()
    stop.set()
    sampler.join()
    formation.sql(primary, "ALTER SYSTEM SET synchronous_commit = local")
    formation.sql(primary, "SELECT pg_reload_conf()")
    asynchronous = turns_per_second()
    formation.sql(primary, "ALTER SYSTEM RESET synchronous_commit")
    formation.sql(primary, "SELECT pg_reload_conf()")
    lags.sort()
    at = lambda q: lags[min(len(lags) - 1, int(q * len(lags)))] * 1000 if lags else float("nan")  # noqa: E731
    return (f"replay lag p50 {at(0.5):.1f} ms, p99 {at(0.99):.1f} ms ({len(lags)} samples); "
            f"turns/s synchronous {synchronous:.0f}, asynchronous {asynchronous:.0f} "
            f"(ratio {synchronous / asynchronous:.2f})")


def check_everything(run, formation, check):
    primary = formation.node_with("primary", "wait_primary")
    rows = {}
    out = formation.sql(primary, "SELECT game_id, number, player_id, dice FROM turns", "phase10", 30)
    for line in (out or "").splitlines():
        game_id, number, player, dice = line.split("\t")
        rows.setdefault(game_id, []).append((int(number), player, json.loads(dice)))
    for client in run.clients:
        game_id = client.game["id"]
        check.errors += [f"game {game_id}: {e}" for e in client.errors]
        sources = {"api": f.http_turns(run.public, client.api_key, game_id), "database": rows.get(game_id, [])}
        check.game(game_id, client.acks, sources)
    for follower in run.followers:
        stored = formation.sql(primary, f"SELECT version FROM events WHERE game_id = '{follower.game_id}' "
                               "ORDER BY version", "phase10", 30).split()
        first = follower.ids[0] if follower.ids else 1
        expected = [int(v) for v in stored if int(v) >= first]
        if follower.ids != expected:
            check.errors.append(f"follower of {follower.game_id}: received {len(follower.ids)} events "
                                f"({follower.ids[:3]}…{follower.ids[-3:]}), stored {len(expected)} "
                                f"({expected[:3]}…{expected[-3:]})")


def answers_errors(run):
    """Answers that are 500s, 503s without Retry-After, or slower than the query timeout allows."""
    errors, slowest = [], 0.0
    for client in run.clients:
        for answer in client.answers:
            slowest = max(slowest, answer.seconds)
            if answer.status and answer.status >= 500 and answer.status != 503:
                errors.append(f"{answer.path}: {answer}")
            if answer.status == 503 and not answer.header("Retry-After"):
                errors.append(f"a 503 without Retry-After: {answer}")
    if slowest * 1000 > QUERY_TIMEOUT_MS + SLACK_MS:
        errors.append(f"an answer took {slowest * 1000:.0f} ms")
    return errors, slowest


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="kills and freezes of the primary, each")
    rounds = parser.parse_args().rounds
    if not f.BINARY.exists():
        raise SystemExit(f"{f.BINARY} is missing: cargo build --locked")
    work = Path(tempfile.mkdtemp(prefix="phase10-failover-"))
    work.chmod(0o755)  # the database runs as the user postgres
    data = work / "database"
    data.mkdir()
    # Ten ports in a row, none an outgoing connection may take meanwhile.
    base = consecutive_free_ports(10)
    monitor, nodes, public, first, metrics = base, [base + 1, base + 2], base + 3, base + 4, base + 7
    env = dict(os.environ, DATA=str(data), LOGS=str(work / "logs"), BIN=str(f.BINARY),
               MONITOR_PORT=str(monitor), NODE_PORTS=f"{nodes[0]} {nodes[1]}",
               PUBLIC_HOST="127.0.0.1", PUBLIC_PORT=str(public), FIRST_PORT=str(first),
               METRICS_FIRST_PORT=str(metrics), PROMETHEUS_PORT="none",
               QUERY_TIMEOUT_MS=str(QUERY_TIMEOUT_MS), RATE_LIMIT_WRITES="0", RATE_LIMIT_ACCOUNTS="0")
    formation = Formation(data, monitor, nodes)
    out = work / "failover.out"
    with open(out, "w") as said_to:
        script = subprocess.Popen(["bash", "deploy/failover.sh"], cwd=f.ROOT, env=env,
                                  stdout=said_to, stderr=subprocess.STDOUT)
    check, run, frozen, slowest, cut, figures, standby_note = f.Check(), None, [], 0.0, 0, None, ""
    try:
        wait_for("deploy/failover.sh coming up", lambda: "phase10:" in out.read_text() or script.poll() is not None, 240)
        if script.poll() is not None:
            raise SystemExit(f"deploy/failover.sh ended: {out.read_text()}")
        run = Run(public, f.setup_games(public, GAMES, seats))
        run.start()
        figures = measure_replication(run, formation)

        def back_as_standby(what):
            wait_for(f"{what}: the old primary back as the standby",
                     lambda: formation.checkpoint() or formation.settled(), 120)

        for round in range(1, rounds + 1):
            old = run.fault(f"kill {round}", formation, formation.kill, promoted=True)
            formation.start_again(old)
            back_as_standby(f"kill {round}")

            def freeze(port):
                frozen[:] = formation.freeze(port)
            old = run.fault(f"freeze {round}", formation, freeze, promoted=True)
            for pid in frozen:
                signal_quietly(pid, signal.SIGCONT)
            frozen.clear()
            back_as_standby(f"freeze {round}")

        standby = formation.node_with("secondary")
        run.fault("standby killed", formation, lambda _: formation.kill(standby), promoted=False)
        killed_at = run.faults[-1][1]
        time.sleep(6.0)  # writes go on, on the primary alone
        acks = [killed_at] + [at for at in run.acks_after(killed_at) if at < killed_at + 6.0]
        stall = max(b - a for a, b in zip(acks, acks[1:] + [killed_at + 6.0]))
        standby_note = f"the standby killed: writes stalled at most {stall:.2f} s, {len(acks) - 1} turns in the next 6 s"
        if not run.acks_after(killed_at + 4.0):
            check.errors.append("writes stopped with the standby gone")
        run.stop()
        check_everything(run, formation, check)
        errors, slowest = answers_errors(run)
        check.errors += errors
        for log in (work / "logs").glob("server-*.log"):
            lines = log.read_text(errors="replace").splitlines()
            check.errors += [f"{log.name}: {line.strip()}" for line in lines if "panicked" in line][:5]
            cut += sum("silent past its deadline" in line for line in lines)
        if cut == 0:
            check.errors.append("no connection to the frozen primary was cut: did the freeze reach the pool?")
    except SystemExit as stop:
        check.errors.append(str(stop))
    finally:
        for pid in frozen:
            signal_quietly(pid, signal.SIGCONT)
        if run:
            run.done.set()
            for follower in run.followers:
                follower.stop.set()
        script.terminate()
        try:
            script.wait(60)
        except subprocess.TimeoutExpired:
            script.kill()
        formation.stop_restarted()

    if run:
        print(f"failover: acknowledged={check.acknowledged} found={check.found} "
              f"duplicated={check.duplicated} lost={check.lost} unacknowledged={check.unacknowledged}; "
              f"slowest answer {slowest * 1000:.0f} ms (query timeout {QUERY_TIMEOUT_MS} ms); "
              f"follower reconnects {sum(fl.reconnects for fl in run.followers)}; "
              f"connections to a silent primary cut {cut}")
        report_outages(run.faults)
    for note in (figures, standby_note):
        if note:
            print(f"  {note}")
    check.report()
    f.finish("failover", check.ok(), work)


def report_outages(faults):
    """Each fault's write outage: from it, and from the promotion, to the first acknowledged turn."""
    for what, at, promoted, first in faults:
        if promoted:
            print(f"  {what}: writes back {first - at:.2f} s after the fault; {first - promoted:.2f} s "
                  f"after the promotion ({promoted - at:.2f} s after the fault)")
    for kind in ("kill", "freeze"):
        chosen = [(first - at, first - promoted) for what, at, promoted, first in faults if what.startswith(kind)]
        if len(chosen) > 1:
            print(f"  {kind}: median {statistics.median(a for a, _ in chosen):.2f} s after the fault, "
                  f"{statistics.median(b for _, b in chosen):.2f} s after the promotion ({len(chosen)} runs)")


if __name__ == "__main__":
    main()
