-- Between rounds: pgbench's games go back to their ten seeded turns (and eleven events), so
-- that every round writes to games of about the size the server's games have (0 to 20 turns).
DELETE FROM turns WHERE game_id IN (SELECT id FROM games WHERE account_id = 'bench') AND number > 10;
DELETE FROM events WHERE game_id IN (SELECT id FROM games WHERE account_id = 'bench') AND version > 11;
UPDATE games SET version = 11, status = 'in_progress' WHERE account_id = 'bench';
VACUUM ANALYZE games, turns, events;
