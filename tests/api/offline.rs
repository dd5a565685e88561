//! Offline clients (API.md "Offline clients and several devices"): games and people made with
//! ids the client chose, and turns and hands sent with the number the client gave them, so that
//! a resend days later is recorded at most once, whatever became of its `Idempotency-Key`;
//! both backends.

use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, dice, game_path, spawn_app, spawn_app_with, turns_path};

const GAME: &str = "0b4c3f7e-8a61-4d2f-9c5e-1f2a3b4c5d6e";
const PERSON: &str = "7d1e2f3a-4b5c-4d6e-8f70-81a2b3c4d5e6";

fn turn_body(game: &Value, seat: usize, dice_text: &str, number: i64) -> Value {
    json!({"player_id": game["players"][seat]["id"], "dice": dice(dice_text), "number": number})
}

fn turn_count(app: &TestApp, game: &Value) -> usize {
    app.get(&turns_path(game)).expect(200).json()["items"]
        .as_array()
        .expect("items")
        .len()
}

fn a_game_made_offline_is_made_once(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann's table");
    let body = json!({"id": GAME, "players": [{"name": "Ann"}, {"name": "Bo"}]});
    let made = app.post("/v1/games", &body).expect(201);
    assert_eq!(
        made.header("location"),
        Some(format!("/v1/games/{GAME}").as_str())
    );
    let game = made.json();
    assert_eq!(game["id"], GAME);
    app.turn(&game, 0, "8 8 8 10 W W").expect(201);

    // Sent again, with its fields in another order: the game as it is now, nothing made.
    let again = json!({"players": [{"name": "Ann"}, {"name": "Bo"}], "id": GAME});
    let reply = app.post("/v1/games", &again).expect(200);
    assert_eq!(reply.header("etag"), Some("\"2\""));
    assert_eq!(reply.json()["version"], 2);
    let listed = app.get("/v1/games").expect(200).json();
    assert_eq!(listed["items"].as_array().unwrap().len(), 1);

    // Another body with that id, or another account: 409, nothing made.
    let other = json!({"id": GAME, "players": [{"name": "Cy"}]});
    let problem = app
        .post("/v1/games", &other)
        .expect_problem(409, "id_taken");
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("new random UUID"),
        "{problem}"
    );
    app.sign_up("Someone else");
    app.post("/v1/games", &body).expect_problem(409, "id_taken");
    assert!(
        app.get("/v1/games").expect(200).json()["items"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    // Not a UUID: 422.
    let not_uuid = json!({"id": "game-1", "players": [{"name": "Ann"}]});
    app.post("/v1/games", &not_uuid)
        .expect_problem(422, "invalid_value");
}

fn a_card_game_and_a_person_take_the_clients_ids(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann's table");
    let person = json!({"id": PERSON, "name": "Ann"});
    let ann = app.post("/v1/people", &person).expect(201).json();
    assert_eq!(ann["id"], PERSON);
    app.patch(&format!("/v1/people/{PERSON}"), &json!({"name": "Annie"}))
        .expect(200);
    let again = app.post("/v1/people", &person).expect(200).json();
    assert_eq!(again["name"], "Annie", "as they are now");
    app.post("/v1/people", &json!({"id": PERSON, "name": "Bo"}))
        .expect_problem(409, "id_taken");

    let body = json!({"id": GAME, "game": "cards",
        "players": [{"person_id": PERSON}, {"name": "Bo"}]});
    let game = app.post("/v1/games", &body).expect(201).json();
    assert_eq!(
        (&game["id"], &game["game"]),
        (&json!(GAME), &json!("cards"))
    );
    app.post("/v1/games", &body).expect(200);
}

fn a_turn_sent_again_is_recorded_once(backend: Backend) {
    // Keys are kept one second: a resend after that is told apart by its number alone.
    let mut app = spawn_app_with(backend, &["--idempotency-keep-secs=1"]);
    app.sign_up("Ann's table");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let first = turn_body(&game, 0, "8 8 8 10 W W", 1);
    let keyed = [("Idempotency-Key", "turn-1-from-the-cabin")];
    let made = app
        .post_with(&turns_path(&game), &first, &keyed)
        .expect(201);
    let view = made.json();
    app.clock.advance(chrono::TimeDelta::days(3));

    // Sent again by a phone that lost its Idempotency-Key (restarted) or none at all: its
    // number alone tells it is the same turn.
    let rekeyed = [("Idempotency-Key", "turn-1-after-a-restart")];
    let again = app
        .post_with(&turns_path(&game), &first, &rekeyed)
        .expect(200);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(again.json()["number"], 1);
    assert_eq!(again.json()["score"], view["score"]);
    let plain = app.post(&turns_path(&game), &first).expect(200);
    assert_eq!(plain.header("idempotent-replayed"), Some("true"));
    assert_eq!(turn_count(&app, &game), 1);

    // Another phone's turn 1 (other dice): 409, saying what the game has there.
    let other = turn_body(&game, 0, "1 2 3", 1);
    let problem = app
        .post(&turns_path(&game), &other)
        .expect_problem(409, "entry_taken");
    let detail = problem["detail"].as_str().unwrap();
    assert!(
        detail.contains("turn 1") && detail.contains("Ann") && detail.contains("8 8 8 10 W W"),
        "{detail}"
    );
    // A number past the next: 409.
    let later = turn_body(&game, 0, "1 2 3", 3);
    let problem = app
        .post(&turns_path(&game), &later)
        .expect_problem(409, "not_next");
    assert!(
        problem["detail"].as_str().unwrap().contains("turn 2"),
        "{problem}"
    );
    app.post(
        &turns_path(&game),
        &json!({"player_id": game["players"][1]["id"], "number": 0}),
    )
    .expect_problem(422, "invalid_value");
    assert_eq!(turn_count(&app, &game), 1, "nothing refused was recorded");

    // The next number records; a missed turn (no dice) replays as itself too.
    let missed = json!({"player_id": game["players"][1]["id"], "number": 2});
    app.post(&turns_path(&game), &missed).expect(201);
    app.post(&turns_path(&game), &missed).expect(200);
    assert_eq!(turn_count(&app, &game), 2);
    let read = app.get(&game_path(&game)).expect(200).json();
    assert_eq!(read["version"], 3, "a resend changes nothing");
}

fn a_hand_sent_again_is_recorded_once(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann's table");
    let game = app.new_game(&["Ann", "Bo"], json!({"game": "cards"}));
    let player = |seat: usize| game["players"][seat]["id"].clone();
    let hand = |points: u32, number: i64| {
        json!({"went_out": player(0), "number": number, "players": [
            {"player_id": player(0), "made": true, "cards": []},
            {"player_id": player(1), "made": false, "points": points}]})
    };
    let hands = format!("{}/hands", game_path(&game));
    app.post(&hands, &hand(50, 1)).expect(201);
    let again = app.post(&hands, &hand(50, 1)).expect(200);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(again.json()["number"], 1);
    let problem = app
        .post(&hands, &hand(60, 1))
        .expect_problem(409, "entry_taken");
    assert!(
        problem["detail"].as_str().unwrap().contains("Ann went out"),
        "{problem}"
    );
    app.post(&hands, &hand(60, 3))
        .expect_problem(409, "not_next");
    app.post(&hands, &hand(60, 2)).expect(201);
    let listed = app.get(&hands).expect(200).json();
    assert_eq!(listed["items"].as_array().unwrap().len(), 2);
    // Replacing a hand takes the number of its address only.
    app.put(&format!("{hands}/1"), &hand(50, 2))
        .expect_problem(422, "invalid_value");
}

crate::on_both_backends!(
    a_game_made_offline_is_made_once,
    a_card_game_and_a_person_take_the_clients_ids,
    a_turn_sent_again_is_recorded_once,
    a_hand_sent_again_is_recorded_once,
);
