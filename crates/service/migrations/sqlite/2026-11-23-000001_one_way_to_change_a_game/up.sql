-- Every change of a game now takes the game first (a locking UPDATE of its version) and writes
-- its turn, its event and its idempotency key in that one transaction: the optimistic INSERT of
-- a turn and its trigger are gone.
DROP TRIGGER turns_take_the_game_version;

-- Each event says the status the change left the game in; the games' cached status follows the
-- latest event (the trigger below), so a change writes its status with its event.
ALTER TABLE events ADD COLUMN status TEXT NOT NULL DEFAULT 'in_progress';
UPDATE events SET status = json_extract(data, '$.game.status');
-- An event's game is stored once: a turn's own copy of the game, where it is the event's game,
-- is put back when the event is sent.
UPDATE events SET data = json_remove(data, '$.turn.game')
WHERE json_extract(data, '$.turn.game') = json_extract(data, '$.game');

CREATE TRIGGER events_keep_the_game AFTER INSERT ON events
BEGIN
    UPDATE games SET status = NEW.status WHERE id = NEW.game_id AND status <> NEW.status;
END;

-- A key is stored with its answer, in the transaction of the write it answers: no key is ever
-- held without one. Rows of the old shape lived at most a day and are forgotten.
DROP TABLE idempotency_keys;
CREATE TABLE idempotency_keys (
    -- Whose key: "account:<id>", or "address:<ip>" for requests without an account.
    scope TEXT NOT NULL,
    -- SHA-256 of the scope and the client's key, never the key itself.
    idempotency_key TEXT NOT NULL,
    -- SHA-256 of the method, the path and the body: a key reused for another request is refused.
    fingerprint TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    -- The answer, sealed under a key derived from the client's key.
    answer TEXT NOT NULL,
    PRIMARY KEY (scope, idempotency_key)
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
