-- A turn is recorded by one INSERT that also takes the game's next version: the turn row carries
-- the version the game will have, and is refused unless the game still has the version before it.
-- Two writers that read the same version cannot both record a turn, and a turn is never written
-- against a game that changed since it was read.
CREATE TRIGGER turns_take_the_game_version BEFORE INSERT ON turns
BEGIN
    SELECT RAISE(ABORT, 'stale game version: the game changed since it was read')
    WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = NEW.game_id AND version = NEW.version - 1);
    UPDATE games SET version = NEW.version, updated_at = NEW.created_at WHERE id = NEW.game_id;
END;
