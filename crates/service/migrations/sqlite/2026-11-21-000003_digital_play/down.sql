DROP TABLE events;
DROP TABLE invites;
DROP TABLE seat_claims;
DROP INDEX turns_one_rolling_per_game;
ALTER TABLE turns DROP COLUMN rolls;
ALTER TABLE turns DROP COLUMN state;
