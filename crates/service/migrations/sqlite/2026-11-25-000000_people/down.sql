-- SQLite cannot drop a column with a foreign key: players.person_id stays, emptied and unused.
DROP TABLE figures;
DROP TABLE results;
DROP INDEX games_in_play;
ALTER TABLE games DROP COLUMN rematch_of;
ALTER TABLE games DROP COLUMN first_dealer;
ALTER TABLE games DROP COLUMN name;
DROP INDEX players_by_person;
UPDATE players SET person_id = NULL;
DROP TABLE people;
