-- A person's review figures (RULES §12) over their finished digital games of several players:
-- the choices reviewed, the sums of value chosen ÷ value best and of luck, in billionths (whole
-- numbers, so that a game's part comes off again exactly when it changes), and the choices by
-- label. One row per person from the start, kept like `figures` by every change of a finished
-- game. Games finished before the server reviewed them count from their next change.
CREATE TABLE review_figures (
    person_id TEXT PRIMARY KEY REFERENCES people (id) ON DELETE CASCADE,
    decisions BIGINT NOT NULL DEFAULT 0,
    accuracy_billionths BIGINT NOT NULL DEFAULT 0,
    luck_billionths BIGINT NOT NULL DEFAULT 0,
    best BIGINT NOT NULL DEFAULT 0,
    good BIGINT NOT NULL DEFAULT 0,
    inaccuracy BIGINT NOT NULL DEFAULT 0,
    mistake BIGINT NOT NULL DEFAULT 0,
    blunder BIGINT NOT NULL DEFAULT 0
);
INSERT INTO review_figures (person_id) SELECT id FROM people;
