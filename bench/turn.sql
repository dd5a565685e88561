-- pgbench: the SQL the server runs for one tabletop turn, statement for statement (see
-- src/store): the API key look-up, then the turn's transaction. Left out as the server leaves
-- them out in play: the players of a game (read once per process, they never change) and the
-- cached-status update (written only when the status moves).
\set g random(1, :games)
SELECT id, name, api_key_hash, created_at FROM accounts WHERE api_key_hash = 'bench-key-hash' LIMIT 1;
BEGIN;
UPDATE games SET version = version + 1, updated_at = now()
  WHERE id = 'g' || :g AND account_id = 'bench'
  RETURNING id, account_id, mode, edition, dice_layout, status, version, created_at, updated_at;
SELECT game_id, number, player_id, dice, version, created_at FROM turns
  WHERE game_id = 'g' || :g ORDER BY number;
INSERT INTO turns (game_id, number, player_id, dice, version, created_at)
  VALUES ('g' || :g, (SELECT COALESCE(MAX(number), 0) + 1 FROM turns WHERE game_id = 'g' || :g),
          'g' || :g || 'p0',
          '[{"value":8},{"value":8},{"value":8},{"value":10},{"value":"W"},{"value":"W"}]', 12, now());
COMMIT;
