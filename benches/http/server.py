"""What the HTTP benchmarks share: a client of the API on one kept-alive connection, a server
started on a database with its rate limits off and waited for, and percentiles."""
import http.client
import json
import os
import socket
import subprocess
import time

PG = "postgres://postgres@127.0.0.1:5432"


class Api:
    """One kept-alive connection to a server, and its account's key."""

    def __init__(self, port, key=None):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.key = key

    def send(self, method, path, body=None):
        """The answer's status and body, whatever the status."""
        headers = {"content-type": "application/json"}
        if self.key:
            headers["authorization"] = "Bearer " + self.key
        self.conn.request(method, path, None if body is None else json.dumps(body), headers)
        reply = self.conn.getresponse()
        return reply.status, reply.read()

    def call(self, method, path, body=None):
        """The answer's JSON; any status but a success stops the benchmark."""
        status, text = self.send(method, path, body)
        if status >= 300:
            raise SystemExit(f"{method} {path}: {status} {text.decode()}")
        return json.loads(text or b"null")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(binary, url, port, log=None):
    """The server `binary` on the database at `url`, listening on `port`, once it is ready."""
    env = dict(os.environ, DATABASE_URL=url, BIND=f"127.0.0.1:{port}", LOG="error",
               RATE_LIMIT_WRITES="0", RATE_LIMIT_ACCOUNTS="0", RATE_LIMIT_ADVICE="0")
    server = subprocess.Popen([binary], env=env, stdout=log, stderr=log)
    for _ in range(600):
        try:
            Api(port).call("GET", "/readyz")
            return server
        except (OSError, SystemExit):
            time.sleep(0.1)
    raise SystemExit(f"{binary} did not become ready on port {port}")


def percentile(values, p):
    """The `p`th percentile (0 to 100) of `values`."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]
