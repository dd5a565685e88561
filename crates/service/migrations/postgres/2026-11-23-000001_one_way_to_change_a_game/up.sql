-- Every change of a game now takes the game first (a locking UPDATE of its version) and writes
-- its turn, its event and its idempotency key in that one transaction: the optimistic INSERT of
-- a turn and its trigger are gone.
DROP TRIGGER turns_take_the_game_version ON turns;
DROP FUNCTION turns_take_the_game_version();

-- Each event says the status the change left the game in; the games' cached status follows the
-- latest event (the trigger below), so a change writes its status with its event.
ALTER TABLE events ADD COLUMN status TEXT;
UPDATE events SET status = data::jsonb -> 'game' ->> 'status';
ALTER TABLE events ALTER COLUMN status SET NOT NULL;
-- An event's game is stored once: a turn's own copy of the game, where it is the event's game,
-- is put back when the event is sent.
UPDATE events SET data = (data::jsonb #- '{turn,game}')::text
WHERE data::jsonb -> 'turn' -> 'game' = data::jsonb -> 'game';

-- An event keeps its game's status, and tells every server process sharing the database that
-- the game has a new event (delivered when, and only if, the transaction commits).
CREATE FUNCTION events_keep_the_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET status = NEW.status WHERE id = NEW.game_id AND status <> NEW.status;
    PERFORM pg_notify('phase10_game_events', NEW.game_id);
    RETURN NEW;
END
$$;

CREATE TRIGGER events_keep_the_game AFTER INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION events_keep_the_game();

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
