//! `Idempotency-Key`: a retried write is answered from what was stored and never done twice.

use chrono::TimeDelta;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use serde_json::{Value, json};

use crate::helpers::schema::{games, idempotency_keys};
use crate::helpers::{
    Backend, DbConnection, TestApp, dice, game_path, spawn_app, spawn_app_with, turns_path,
};

#[track_caller]
fn two_players(backend: Backend) -> (TestApp, Value) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    (app, game)
}

fn turn_body(game: &Value, seat: usize, dice_text: &str) -> Value {
    json!({"player_id": game["players"][seat]["id"], "dice": dice(dice_text)})
}

fn a_retry_gets_the_first_answer_and_the_turn_is_recorded_once(backend: Backend) {
    let (app, game) = two_players(backend);
    let path = turns_path(&game);
    let body = turn_body(&game, 0, "8 8 8 10 W W");
    let key = [("Idempotency-Key", "turn-1-of-ann")];
    let first = app.post_with(&path, &body, &key).expect(201);
    assert_eq!(first.header("idempotent-replayed"), None);
    let counts = app.row_counts();
    for _ in 0..2 {
        let again = app.post_with(&path, &body, &key).expect(201);
        assert_eq!(again.header("idempotent-replayed"), Some("true"));
        assert_eq!(again.text, first.text);
        assert_eq!(again.header("location"), first.header("location"));
        assert_eq!(again.header("etag"), first.header("etag"));
        assert_eq!(again.header("content-type"), Some("application/json"));
    }
    assert_eq!(app.row_counts(), counts);
    let now = app.get(&game_path(&game));
    assert_eq!(now.json()["version"], 2);
}

fn the_same_key_for_another_request_is_refused(backend: Backend) {
    let (app, game) = two_players(backend);
    let path = turns_path(&game);
    let key = [("Idempotency-Key", "k1")];
    app.post_with(&path, &turn_body(&game, 0, "8 8 8 10 W W"), &key)
        .expect(201);
    let counts = app.row_counts();
    let problem = app
        .post_with(&path, &turn_body(&game, 1, "5 5 5 6 6 6"), &key)
        .expect_problem(422, "idempotency_key_reused");
    assert_eq!(problem["errors"][0]["field"], "Idempotency-Key");
    // Another path is another request, too.
    let other = app.new_game(&["Cy"], json!({}));
    app.post_with(&turns_path(&other), &turn_body(&other, 0, ""), &key)
        .expect_problem(422, "idempotency_key_reused");
    let undo = format!("{path}/1");
    app.delete_with(&undo, &key)
        .expect_problem(422, "idempotency_key_reused");
    assert_eq!(app.row_counts()[3], counts[3]);
}

fn keys_belong_to_their_account(backend: Backend) {
    let (mut app, game) = two_players(backend);
    let key = [("Idempotency-Key", "shared-key")];
    app.post_with(&turns_path(&game), &turn_body(&game, 0, ""), &key)
        .expect(201);
    app.sign_up("Cy");
    let theirs = app.new_game(&["Cy"], json!({}));
    let reply = app
        .post_with(&turns_path(&theirs), &turn_body(&theirs, 0, ""), &key)
        .expect(201);
    assert_eq!(reply.header("idempotent-replayed"), None);
}

fn a_refused_write_keeps_no_answer_so_it_can_be_retried(backend: Backend) {
    let (app, game) = two_players(backend);
    let path = turns_path(&game);
    let bos_turn = turn_body(&game, 1, "5 5 5 6 6 6");
    let key = [("Idempotency-Key", "bo-early")];
    app.post_with(&path, &bos_turn, &key)
        .expect_problem(409, "not_your_turn");
    app.turn(&game, 0, "").expect(201);
    let reply = app.post_with(&path, &bos_turn, &key).expect(201);
    assert_eq!(reply.header("idempotent-replayed"), None);
    assert_eq!(reply.json()["number"], 2);
}

fn every_write_takes_a_key(backend: Backend) {
    let (mut app, game) = two_players(backend);
    let anonymous = app.with_key(None);
    let sign_up = json!({"name": "Dee"});
    let account_key = [("Idempotency-Key", "8a1f0e2c-sign-up-dee")];
    let first = anonymous.post_with("/v1/accounts", &sign_up, &account_key);
    let again = anonymous.post_with("/v1/accounts", &sign_up, &account_key);
    assert_eq!(first.expect(201).text, again.expect(201).text);

    let create = json!({"players": [{"name": "Ann"}]});
    let key = [("Idempotency-Key", "g")];
    let made = app.post_with("/v1/games", &create, &key).expect(201);
    let remade = app.post_with("/v1/games", &create, &key).expect(201);
    assert_eq!(made.text, remade.text);

    let path = turns_path(&game);
    app.turn(&game, 0, "").expect(201);
    let key = [("Idempotency-Key", "undo")];
    let undone = app.delete_with(&format!("{path}/1"), &key).expect(200);
    let again = app.delete_with(&format!("{path}/1"), &key).expect(200);
    assert_eq!(undone.text, again.text);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));

    let path = game_path(&game);
    let key = [("Idempotency-Key", "delete")];
    app.delete_with(&path, &key).expect(204);
    let again = app.delete_with(&path, &key).expect(204);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    app.get(&path).expect(404);
    app.key = None;
    assert_eq!(app.row_counts()[0], 2, "one account for Ann, one for Dee");
}

fn a_key_is_one_short_visible_ascii_value(backend: Backend) {
    let (app, game) = two_players(backend);
    let body = turn_body(&game, 0, "");
    let long = "k".repeat(256);
    for bad in ["", "two words", "tab\there", long.as_str()] {
        app.post_with(&turns_path(&game), &body, &[("Idempotency-Key", bad)])
            .expect_problem(422, "invalid_idempotency_key");
    }
    let longest = "k".repeat(255);
    app.post_with(&turns_path(&game), &body, &[("Idempotency-Key", &longest)])
        .expect(201);
}

fn a_retry_while_the_first_is_in_flight_waits_for_its_answer(backend: Backend) {
    let (app, game) = two_players(backend);
    let path = turns_path(&game);
    let body = turn_body(&game, 0, "8 8 8 10 W W");
    let key = [("Idempotency-Key", "in-flight")];
    // Another writer holds the game (on SQLite, the database) while both attempts arrive.
    let mut holder = app.connection();
    let conn: &mut DbConnection = &mut holder;
    let game_id = game["id"].as_str().unwrap().to_string();
    let replies = std::thread::scope(|s| {
        let hold = match conn {
            DbConnection::Sqlite(_) => "BEGIN IMMEDIATE",
            DbConnection::Postgres(_) => "BEGIN",
        };
        conn.batch_execute(hold).expect("a transaction");
        diesel::update(games::table.find(&game_id))
            .set(games::version.eq(games::version))
            .execute(conn)
            .expect("the game held");
        let first = s.spawn(|| app.post_with(&path, &body, &key));
        std::thread::sleep(std::time::Duration::from_millis(150));
        let retry = s.spawn(|| app.post_with(&path, &body, &key));
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(!first.is_finished() && !retry.is_finished(), "both wait");
        conn.batch_execute("COMMIT").expect("the game let go");
        [first.join().unwrap(), retry.join().unwrap()]
    });
    for reply in &replies {
        assert_eq!(reply.status, 201, "{reply:?}");
        assert_eq!(reply.text, replies[0].text);
    }
    let replayed = replies
        .iter()
        .filter(|r| r.header("idempotent-replayed") == Some("true"))
        .count();
    assert_eq!(replayed, 1, "{replies:?}");
    assert_eq!(app.row_counts()[3], 1);
}

fn racing_retries_record_one_turn(backend: Backend) {
    let (app, game) = two_players(backend);
    let path = turns_path(&game);
    let body = turn_body(&game, 0, "8 8 8 10 W W");
    let replies: Vec<_> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..8)
            .map(|_| s.spawn(|| app.post_with(&path, &body, &[("Idempotency-Key", "race")])))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let fresh = replies
        .iter()
        .filter(|r| r.status == 201 && r.header("idempotent-replayed").is_none())
        .count();
    assert_eq!(fresh, 1, "{replies:?}");
    for reply in &replies {
        assert_eq!(
            reply.status, 201,
            "every retry gets the first answer: {reply:?}"
        );
        assert_eq!(reply.text, replies[0].text);
    }
    assert_eq!(app.row_counts()[3], 1);
}

fn keys_are_forgotten_after_they_are_kept(backend: Backend) {
    // Keys kept 10 s: the purge runs every second (of real time), on the server's clock.
    let mut app = spawn_app_with(backend, &["--idempotency-keep-secs=10"]);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    let (old, recent) = (
        [("Idempotency-Key", "older")],
        [("Idempotency-Key", "a-microsecond-younger")],
    );
    let path = turns_path(&game);
    app.post_with(&path, &turn_body(&game, 0, ""), &old)
        .expect(201);
    app.clock.advance(TimeDelta::microseconds(1));
    let kept = app
        .post_with(&path, &turn_body(&game, 0, "8 8 8 10 W W"), &recent)
        .expect(201);
    let count = |app: &TestApp| -> i64 {
        idempotency_keys::table
            .count()
            .get_result(&mut app.connection())
            .expect("a count")
    };
    assert_eq!(count(&app), 2);
    // Now the younger key was stored 10 s ago, as long as keys are kept, and the older one a
    // microsecond longer ago.
    app.clock.advance(TimeDelta::seconds(10));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while count(&app) == 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "the key was never purged"
        );
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    // The same purge kept the key stored exactly as long ago as keys are kept.
    assert_eq!(count(&app), 1);
    let replayed = app
        .post_with(&path, &turn_body(&game, 0, "8 8 8 10 W W"), &recent)
        .expect(201);
    assert_eq!(replayed.header("idempotent-replayed"), Some("true"));
    assert_eq!(replayed.text, kept.text);
    // Forgotten, the older key is new again.
    let reply = app
        .post_with(&path, &turn_body(&game, 0, "5 5 5 6 6 6"), &old)
        .expect(201);
    assert_eq!(reply.header("idempotent-replayed"), None);
    assert_eq!(reply.json()["number"], 3);
}

crate::on_both_backends!(
    a_retry_gets_the_first_answer_and_the_turn_is_recorded_once,
    the_same_key_for_another_request_is_refused,
    keys_belong_to_their_account,
    a_refused_write_keeps_no_answer_so_it_can_be_retried,
    every_write_takes_a_key,
    a_key_is_one_short_visible_ascii_value,
    a_retry_while_the_first_is_in_flight_waits_for_its_answer,
    racing_retries_record_one_turn,
    keys_are_forgotten_after_they_are_kept,
);
