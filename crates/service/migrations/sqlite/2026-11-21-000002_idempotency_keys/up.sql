-- What a write sent with an Idempotency-Key answered, so that a retry gets the same answer
-- without acting twice. A row is claimed (status NULL) before the write starts, and completed
-- with the response in the same transaction as the write itself: the change and its receipt
-- are committed together or not at all.
CREATE TABLE idempotency_keys (
    -- Whose key: "account:<id>", or "address:<ip>" for requests without an account.
    scope TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    -- SHA-256 of the method, the path and the body: a key reused for another request is refused.
    fingerprint TEXT NOT NULL,
    claimed_at TIMESTAMP NOT NULL,
    -- NULL while the request is in flight.
    status INTEGER,
    -- The response's own headers (Location, ETag), as a JSON array of [name, value] pairs.
    headers TEXT,
    body TEXT,
    PRIMARY KEY (scope, idempotency_key)
);

CREATE INDEX idempotency_keys_by_age ON idempotency_keys (claimed_at);
