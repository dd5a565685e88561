-- Accounts, games, players and turns. A game's state is computed by replaying its turns;
-- games.status only caches it so that games can be listed by status.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    api_key_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    mode TEXT NOT NULL,
    edition TEXT NOT NULL,
    dice_layout TEXT NOT NULL,
    status TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE INDEX games_newest_first ON games (account_id, created_at DESC, id DESC);

CREATE TABLE players (
    id TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    order_rolls TEXT,
    UNIQUE (game_id, seat)
);

CREATE TABLE turns (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    dice TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, number)
);
