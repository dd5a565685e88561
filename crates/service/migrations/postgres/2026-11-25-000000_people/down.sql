DROP TABLE figures;
DROP TABLE results;
DROP INDEX games_in_play;
ALTER TABLE games DROP COLUMN rematch_of;
ALTER TABLE games DROP COLUMN first_dealer;
ALTER TABLE games DROP COLUMN name;
DROP INDEX players_by_person;
ALTER TABLE players DROP COLUMN person_id;
DROP TABLE people;
