-- Changing an entry after the fact (RULES §9): a turn or a hand says how often it was replaced,
-- and every replacement is kept, with who made it, when, and the entry before and after (each
-- as the JSON of its body: a turn's player and dice, a hand's lines).
ALTER TABLE turns ADD COLUMN edited INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hands ADD COLUMN edited INTEGER NOT NULL DEFAULT 0;

CREATE TABLE edits (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The game's version the replacement made: one replacement per version of a game.
    version BIGINT NOT NULL,
    entry TEXT NOT NULL,
    number INTEGER NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    created_at TIMESTAMP NOT NULL,
    before TEXT NOT NULL,
    after TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);
