DROP TABLE hands;
DELETE FROM games WHERE game <> 'dice';
ALTER TABLE games DROP COLUMN card_rules;
ALTER TABLE games DROP COLUMN game;
