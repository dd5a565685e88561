-- Games for pgbench's turn script (bench/turn.sql): one account, :games games of two players,
-- each with ten turns already, so that reading a game's turns reads about as many rows as the
-- server reads for a game in play.
-- The seeded turns are history: the trigger that checks a new turn's version is not wanted here.
SET session_replication_role = replica;
INSERT INTO accounts (id, name, api_key_hash, created_at)
VALUES ('bench', 'bench', 'bench-key-hash', now());
INSERT INTO games (id, account_id, mode, edition, dice_layout, status, version, created_at, updated_at)
SELECT 'g' || i, 'bench', 'tabletop', 'mattel-2011', 'standard', 'in_progress', 11, now(), now()
FROM generate_series(1, :games) AS i;
INSERT INTO players (id, game_id, seat, name, order_rolls)
SELECT 'g' || i || 'p' || seat, 'g' || i, seat, 'P' || seat, NULL
FROM generate_series(1, :games) AS i, generate_series(0, 1) AS seat;
INSERT INTO turns (game_id, number, player_id, dice, version, created_at)
SELECT 'g' || i, n, 'g' || i || 'p' || (n % 2),
       '[{"value":8},{"value":8},{"value":8},{"value":10},{"value":"W"},{"value":"W"}]', n + 1, now()
FROM generate_series(1, :games) AS i, generate_series(1, 10) AS n;
SET session_replication_role = DEFAULT;
ANALYZE;
