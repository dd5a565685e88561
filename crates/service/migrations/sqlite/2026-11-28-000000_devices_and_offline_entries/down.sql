ALTER TABLE people DROP COLUMN made_from;
ALTER TABLE games DROP COLUMN made_from;
DROP TABLE pairings;
DROP TABLE api_keys;
