DROP TABLE idempotency_keys;
CREATE TABLE idempotency_keys (
    scope TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    claimed_at TIMESTAMP NOT NULL,
    status INTEGER,
    headers TEXT,
    body TEXT,
    PRIMARY KEY (scope, idempotency_key)
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (claimed_at);

DROP TRIGGER events_keep_the_game ON events;
DROP FUNCTION events_keep_the_game();
ALTER TABLE events DROP COLUMN status;

CREATE FUNCTION turns_take_the_game_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET version = NEW.version, updated_at = NEW.created_at
    WHERE id = NEW.game_id AND version = NEW.version - 1;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'stale game version: game % changed since it was read', NEW.game_id
            USING ERRCODE = 'serialization_failure';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER turns_take_the_game_version BEFORE INSERT ON turns
    FOR EACH ROW EXECUTE FUNCTION turns_take_the_game_version();
