-- Games for pgbench's turn script (bench/turn.sql): one account, :games games of two players,
-- each with ten turns already and the event of every version (its creation, then each turn),
-- so that the tables and their indexes are about the size the server's games make (0 to 20
-- turns). Ids are numbers written as text (see bench/turn.sql). :data is an event's JSON
-- (bench/turn_event.json). The events' trigger runs as in the server: the status is already
-- the events' own, so it updates nothing, and pg_notify is called for every row.
INSERT INTO accounts (id, name, api_key_hash, created_at)
VALUES ('bench', 'bench', 'bench-key-hash', now());
INSERT INTO games (id, account_id, mode, edition, dice_layout, status, version, created_at, updated_at)
SELECT i::text, 'bench', 'tabletop', 'mattel-2011', 'standard', 'in_progress', 11, now(), now()
FROM generate_series(1, :games) AS i;
INSERT INTO players (id, game_id, seat, name, order_rolls)
SELECT (2 * i + seat)::text, i::text, seat, 'P' || seat, NULL
FROM generate_series(1, :games) AS i, generate_series(0, 1) AS seat;
INSERT INTO turns (game_id, number, player_id, dice, version, created_at, state, rolls)
SELECT i::text, n, (2 * i + (n - 1) % 2)::text,
       '[{"value":8},{"value":8},{"value":8},{"value":10},{"value":"W"},{"value":"W"}]', n + 1, now(),
       'scored', NULL
FROM generate_series(1, :games) AS i, generate_series(1, 10) AS n;
INSERT INTO events (game_id, version, kind, data, created_at, status)
SELECT i::text, v, CASE WHEN v = 1 THEN 'game_created' ELSE 'turn_scored' END, :'data', now(),
       'in_progress'
FROM generate_series(1, :games) AS i, generate_series(1, 11) AS v;
ANALYZE;
