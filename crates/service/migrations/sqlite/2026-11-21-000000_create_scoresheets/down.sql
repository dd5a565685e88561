DROP TABLE turns;
DROP TABLE players;
DROP TABLE games;
DROP TABLE accounts;
