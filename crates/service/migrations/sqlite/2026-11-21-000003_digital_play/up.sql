-- Digital play: turns rolled by the server, seats claimed through invites, and the log of every
-- change of a game that live subscribers read.

-- A digital turn is stored from its first roll. While it is 'rolling' it is not part of the game
-- yet (replay skips it); once 'scored', `dice` holds the dice it ended with, as for any turn.
ALTER TABLE turns ADD COLUMN state TEXT NOT NULL DEFAULT 'scored';
-- Every roll of a digital turn, first to last, as a JSON array of throws of all ten dice.
ALTER TABLE turns ADD COLUMN rolls TEXT;
-- A game has at most one turn in play.
CREATE UNIQUE INDEX turns_one_rolling_per_game ON turns (game_id) WHERE state = 'rolling';

-- A seat played by an account other than the game's owner, bound by accepting an invite.
CREATE TABLE seat_claims (
    player_id TEXT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    claimed_at TIMESTAMP NOT NULL
);

CREATE INDEX seat_claims_by_account ON seat_claims (account_id, game_id);
CREATE INDEX seat_claims_by_game ON seat_claims (game_id);

-- An invite to play one seat. Only the SHA-256 of its code is kept; a code is used once.
CREATE TABLE invites (
    code_hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    -- Set once, by the account that accepted it.
    accepted_by TEXT REFERENCES accounts (id) ON DELETE CASCADE,
    accepted_at TIMESTAMP
);

CREATE INDEX invites_by_expiry ON invites (expires_at);

-- One row per change of a game, written in the change's own transaction: the game's version
-- after the change, what happened, and the JSON its subscribers are sent. Rows are never
-- changed; an undone turn stays here, so every roll of the game can be audited.
CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, version)
);
