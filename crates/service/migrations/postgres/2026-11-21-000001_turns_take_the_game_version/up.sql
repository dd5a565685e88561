-- A turn is recorded by one INSERT that also takes the game's next version: the turn row carries
-- the version the game will have, and is refused unless the game still has the version before it.
-- Two writers that read the same version cannot both record a turn, and a turn is never written
-- against a game that changed since it was read.
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
