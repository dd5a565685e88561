//! A stranger's write to a game it cannot see (the outside probe's L1): told the game does not
//! exist before the game is taken for the change, so that it neither waits for the game's lock
//! nor loads the game.

use diesel::connection::SimpleConnection;
use serde_json::json;

use crate::helpers::{Backend, dice, game_path, spawn_app, turns_path};

/// While another transaction holds the game's row (a long change in progress), a stranger's
/// write answers 404 at once; before, it queued for the lock behind the change and its answer
/// waited on it (PostgreSQL: on SQLite a write waits for the database, whoever sends it).
#[test]
fn a_stranger_s_write_does_not_wait_for_the_game_s_lock() {
    let mut app = spawn_app(Backend::Postgres);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let stranger = app.sign_up("Eve");
    let mut holder = app.connection();
    holder
        .batch_execute(&format!(
            "BEGIN; SELECT 1 FROM games WHERE id = '{}' FOR UPDATE;",
            game["id"].as_str().unwrap()
        ))
        .expect("the game's row held");
    let as_eve = app.with_key(Some(&stranger));
    let turn = json!({"player_id": game["players"][0]["id"], "dice": dice("")});
    as_eve
        .post(&turns_path(&game), &turn)
        .expect_problem(404, "not_found");
    as_eve
        .delete(&game_path(&game))
        .expect_problem(404, "not_found");
    holder.batch_execute("ROLLBACK;").expect("let go");
}
