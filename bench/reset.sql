-- Between rounds: pgbench's games go back to their ten seeded turns, so that every round reads
-- games of about the size the server's games have (0 to 20 turns).
SET session_replication_role = replica;
DELETE FROM turns WHERE game_id IN (SELECT id FROM games WHERE account_id = 'bench') AND number > 10;
UPDATE games SET version = 11 WHERE account_id = 'bench';
SET session_replication_role = DEFAULT;
VACUUM ANALYZE turns;
