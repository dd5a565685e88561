//! `Idempotency-Key`: a retried write is answered from what was stored and never done twice.

use chrono::{TimeDelta, Utc};
use diesel::prelude::*;
use phase10::service::idempotency::stored_key;
use phase10::store::idempotency::{self as keys, KeyRow};
use phase10::store::schema::{accounts, idempotency_keys};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{Backend, TestApp, dice, game_path, spawn_app, spawn_app_with, turns_path};

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

/// The fingerprint the server gives a JSON request: method, path and the body's digest.
fn fingerprint(method: &str, path: &str, body: &Value) -> String {
    let mut hash = Sha256::new();
    hash.update(format!("{method} {path}").as_bytes());
    hash.update([0]);
    hash.update(Sha256::digest(body.to_string().as_bytes()));
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

fn a_request_in_flight_is_not_run_again_until_it_is_abandoned(backend: Backend) {
    let (app, game) = two_players(backend);
    let path = turns_path(&game);
    let body = turn_body(&game, 0, "8 8 8 10 W W");
    let account_id: String = accounts::table
        .select(accounts::id)
        .first(&mut app.connection())
        .expect("Ann's account");
    // A claim as a server leaves it when it dies after claiming and before committing.
    let scope = format!("account:{account_id}");
    let claimed_at = Utc::now().naive_utc();
    let claim = KeyRow {
        scope: scope.clone(),
        idempotency_key: stored_key(&scope, "in-flight"),
        fingerprint: fingerprint("POST", &path, &body),
        claimed_at,
        status: None,
        headers: None,
        body: None,
    };
    assert!(keys::claim(&mut app.connection(), &claim).expect("a claim"));
    let key = [("Idempotency-Key", "in-flight")];
    let busy = app.post_with(&path, &body, &key);
    assert_eq!(busy.header("retry-after"), Some("1"));
    busy.expect_problem(409, "idempotency_key_in_flight");
    assert_eq!(app.row_counts()[3], 0);

    // Left alone longer than it may be (30 s by default), the claim is taken over.
    diesel::update(idempotency_keys::table.find((&scope, stored_key(&scope, "in-flight"))))
        .set(idempotency_keys::claimed_at.eq(claimed_at - TimeDelta::minutes(5)))
        .execute(&mut app.connection())
        .expect("an update");
    let done = app.post_with(&path, &body, &key).expect(201);
    assert_eq!(done.header("idempotent-replayed"), None);
    let again = app.post_with(&path, &body, &key).expect(201);
    assert_eq!(again.text, done.text);
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
        assert!(
            reply.status == 201
                || (reply.status == 409 && reply.json()["code"] == "idempotency_key_in_flight"),
            "{reply:?}"
        );
    }
    assert_eq!(app.row_counts()[3], 1);
}

fn keys_are_forgotten_after_they_are_kept(backend: Backend) {
    let mut app = spawn_app_with(backend, &["--idempotency-keep-secs=1"]);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    let key = [("Idempotency-Key", "short-lived")];
    app.post_with(&turns_path(&game), &turn_body(&game, 0, ""), &key)
        .expect(201);
    let count = |app: &TestApp| -> i64 {
        idempotency_keys::table
            .count()
            .get_result(&mut app.connection())
            .expect("a count")
    };
    assert_eq!(count(&app), 1);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while count(&app) > 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the key was never purged"
        );
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    // Forgotten, the key is new again.
    let reply = app
        .post_with(
            &turns_path(&game),
            &turn_body(&game, 0, "5 5 5 6 6 6"),
            &key,
        )
        .expect(201);
    assert_eq!(reply.json()["number"], 2);
}

crate::on_both_backends!(
    a_retry_gets_the_first_answer_and_the_turn_is_recorded_once,
    the_same_key_for_another_request_is_refused,
    keys_belong_to_their_account,
    a_refused_write_keeps_no_answer_so_it_can_be_retried,
    every_write_takes_a_key,
    a_key_is_one_short_visible_ascii_value,
    a_request_in_flight_is_not_run_again_until_it_is_abandoned,
    racing_retries_record_one_turn,
    keys_are_forgotten_after_they_are_kept,
);
