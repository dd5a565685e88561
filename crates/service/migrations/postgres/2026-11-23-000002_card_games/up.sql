-- A game is Phase 10 Dice or the Phase 10 card game. A card game keeps its variations (the
-- phases played, ten hands) as JSON; its mode is always tabletop and it has no dice layout.
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'dice';
ALTER TABLE games ADD COLUMN card_rules TEXT;

-- The record of a card game: one row per hand, in order. A game's state is still a replay of
-- its record.
CREATE TABLE hands (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    went_out TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    -- What each player made, held and laid down, as recorded (JSON); null for a tie-break hand.
    players TEXT,
    -- The game's version once this hand was recorded.
    version BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, number)
);
