-- pgbench: the SQL the server runs for one tabletop turn, statement for statement (see
-- src/store and src/service/turns.rs): the API key look-up, reading the game and its turns, and
-- the one INSERT that records the turn (its trigger takes the game's next version). Left out as
-- the server leaves them out in play: the players of a game (read once per process, they never
-- change) and the cached-status update (written only when the status moves).
-- Each client plays its own games, as each of the server's clients does.
\set per_client :games / :clients
\set g :client_id * :per_client + random(1, :per_client)
SELECT id, name, api_key_hash, created_at FROM accounts WHERE api_key_hash = 'bench-key-hash' LIMIT 1;
SELECT id, account_id, mode, edition, dice_layout, status, version, created_at, updated_at FROM games
  WHERE id = 'g' || :g AND account_id = 'bench' LIMIT 1;
SELECT game_id, number, player_id, dice, version, created_at FROM turns
  WHERE game_id = 'g' || :g ORDER BY number;
INSERT INTO turns (game_id, number, player_id, dice, version, created_at)
  VALUES ('g' || :g, (SELECT COALESCE(MAX(number), 0) + 1 FROM turns WHERE game_id = 'g' || :g),
          'g' || :g || 'p0',
          '[{"value":8},{"value":8},{"value":8},{"value":10},{"value":"W"},{"value":"W"}]',
          (SELECT version + 1 FROM games WHERE id = 'g' || :g), now());
