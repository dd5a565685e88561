-- pgbench: the SQL the server runs for one tabletop turn without an Idempotency-Key (as the load
-- driver plays), statement for statement and in the server's own text (PostgreSQL's statement log,
-- bench/round_trips.sh), once its caches are warm (the game's state and the account are kept in
-- the process, crates/service/src/recent.rs): BEGIN; the locking UPDATE that takes the game's
-- next version (crates/service/src/store/games.rs lock_for_change); the INSERT of the turn; the INSERT of the event,
-- whose trigger (events_keep_the_game) sets the game's cached status if it moved and calls
-- pg_notify; COMMIT. Each :variable is a parameter, as the server binds it ($1, $2, …); run with
-- -M prepared, as before (the server sends these three statements unnamed: parsed each time).
--
-- Needs (bench/load.sh gives them): -D games=N -D clients=N (as in bench/seed.sql), and the
-- values the server binds that pgbench cannot compute: -D now=<a timestamp> -D dice=<a turn's
-- dice as JSON> -D state=scored -D kind=turn_scored -D data=<an event's JSON>
-- (bench/turn_event.json: an event the server wrote for a tabletop turn, 1.1 kB).
-- Ids are numbers written as text (game i is 'i', its seats '2i' and '2i+1'): pgbench variables
-- are numbers, and the server's UUIDs would need string functions in the statements.
-- Each client plays its own games, as each of the server's clients does; turn n of a game has
-- version n + 1 (version 1 is the game's creation), and the seats take turns.
\set per_client :games / :clients
\set g :client_id * :per_client + random(1, :per_client)
\set one 1
BEGIN;
UPDATE "games" SET "version" = ("games"."version" + :one), "updated_at" = :now WHERE ("games"."id" = :g) RETURNING "games"."id", "games"."account_id", "games"."mode", "games"."edition", "games"."dice_layout", "games"."status", "games"."version", "games"."created_at", "games"."updated_at" \gset
\set number :version - 1
\set player 2 * :g + (:number - 1) % 2
INSERT INTO "turns" ("game_id", "number", "player_id", "dice", "version", "created_at", "state", "rolls") VALUES (:id, :number, :player, :dice, :version, :updated_at, :state, DEFAULT);
INSERT INTO "events" ("game_id", "version", "kind", "data", "created_at", "status") VALUES (:id, :version, :kind, :data, :updated_at, :status);
COMMIT;
