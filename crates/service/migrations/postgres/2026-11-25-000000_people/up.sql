-- People across games (RULES §10) and running the table.
--
-- An account's roster: every player of its games is one of its people. `name_key` is what the
-- name looks like (`values::names::identity`: case folded, UTS #39 skeleton), so that two people
-- of a roster can be told apart. Existing players become people of their account when the
-- server next starts (`store::people::adopt_players`): the key is computed in Rust, not in SQL.
CREATE TABLE people (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (account_id, name_key)
);
CREATE INDEX people_oldest_first ON people (account_id, created_at, id);

-- Null only until `adopt_players` has run, before the server serves.
ALTER TABLE players ADD COLUMN person_id TEXT REFERENCES people (id);
CREATE INDEX players_by_person ON players (person_id, game_id);

-- An account's games not over: a person's games in play are counted among these, so that the
-- count costs what the account's open games do, not what every game ever played does.
CREATE INDEX games_in_play ON games (account_id) WHERE status <> 'finished';

-- A game's label, the card game's first dealer (a seat), and the game it is a rematch of.
ALTER TABLE games ADD COLUMN name TEXT;
ALTER TABLE games ADD COLUMN first_dealer INTEGER;
ALTER TABLE games ADD COLUMN rematch_of TEXT;

-- One row per player of a finished game, written in the transaction of every change that
-- finishes a game, changes a finished one or deletes it: what the player's game adds to the
-- person's figures (`figures`, as JSON), kept so that it can be taken off again exactly.
CREATE TABLE results (
    player_id TEXT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    person_id TEXT NOT NULL REFERENCES people (id),
    game TEXT NOT NULL,
    total BIGINT NOT NULL,
    figures TEXT NOT NULL
);
CREATE INDEX results_of_game ON results (game_id);
CREATE INDEX results_best_total ON results (person_id, game, total);

-- The sums of a person's results, per game and dice layout (the advisor's chance of phase 8
-- depends on it): the leaderboard reads one row per person, the figures three, whatever the
-- number of games. Its rows are made with the person and only ever updated (`games = games + 1`),
-- so that two games finishing at once add up without a lost update.
CREATE TABLE figures (
    person_id TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    dice_layout TEXT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    games BIGINT NOT NULL DEFAULT 0,
    wins BIGINT NOT NULL DEFAULT 0,
    total_sum BIGINT NOT NULL DEFAULT 0,
    five_phase_bonuses BIGINT NOT NULL DEFAULT 0,
    first_finish_bonuses BIGINT NOT NULL DEFAULT 0,
    hands BIGINT NOT NULL DEFAULT 0,
    went_out BIGINT NOT NULL DEFAULT 0,
    attempts_1 BIGINT NOT NULL DEFAULT 0,
    attempts_2 BIGINT NOT NULL DEFAULT 0,
    attempts_3 BIGINT NOT NULL DEFAULT 0,
    attempts_4 BIGINT NOT NULL DEFAULT 0,
    attempts_5 BIGINT NOT NULL DEFAULT 0,
    attempts_6 BIGINT NOT NULL DEFAULT 0,
    attempts_7 BIGINT NOT NULL DEFAULT 0,
    attempts_8 BIGINT NOT NULL DEFAULT 0,
    attempts_9 BIGINT NOT NULL DEFAULT 0,
    attempts_10 BIGINT NOT NULL DEFAULT 0,
    made_1 BIGINT NOT NULL DEFAULT 0,
    made_2 BIGINT NOT NULL DEFAULT 0,
    made_3 BIGINT NOT NULL DEFAULT 0,
    made_4 BIGINT NOT NULL DEFAULT 0,
    made_5 BIGINT NOT NULL DEFAULT 0,
    made_6 BIGINT NOT NULL DEFAULT 0,
    made_7 BIGINT NOT NULL DEFAULT 0,
    made_8 BIGINT NOT NULL DEFAULT 0,
    made_9 BIGINT NOT NULL DEFAULT 0,
    made_10 BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (person_id, game, dice_layout)
);
CREATE INDEX figures_leaderboard ON figures (account_id, game);
