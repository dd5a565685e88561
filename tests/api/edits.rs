//! Changing an entry after the fact (RULES §9, API.md "Changing an entry"): a tabletop turn or
//! a card hand replaced, the game worked out again, refused when a later entry would break,
//! every replacement kept and sent to followers; on both backends.

use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, dice, game_path, spawn_app, turns_path};
use crate::scoresheet::BEST_ROLLS;
use crate::sse::EventStream;

/// Ten dice that make phases 1, 2, 3, 7, 9 and 10, and no other.
const SETS: &str = "W W W W 10 10 10 10 10 10";

const SOON: Duration = Duration::from_secs(5);

fn turn_path(game: &Value, number: u32) -> String {
    format!("{}/{number}", turns_path(game))
}

fn edits_path(game: &Value) -> String {
    format!("{}/edits", game_path(game))
}

/// Creates an account and acts as it from now on: its id.
#[track_caller]
fn sign_up(app: &mut TestApp, name: &str) -> Value {
    let account = app
        .post("/v1/accounts", &json!({"name": name}))
        .expect(201)
        .json();
    app.key = Some(account["api_key"].as_str().expect("a key").to_string());
    account["id"].clone()
}

/// A tabletop game of these players, its turns recorded in order (`(seat, dice)`).
#[track_caller]
fn played(app: &TestApp, names: &[&str], turns: &[(usize, &str)]) -> Value {
    let game = app.new_game(names, json!({}));
    for (seat, roll) in turns {
        app.turn(&game, *seat, roll).expect(201);
    }
    game
}

/// The pad of a game as figures only: its ids written as the seats they are, and how often each
/// entry was replaced left out, so that two games of the same record read the same.
#[track_caller]
pub fn figures(app: &TestApp, game: &Value) -> Value {
    let mut text = app.scoresheet(game).to_string();
    text = text.replace(game["id"].as_str().unwrap(), "game");
    for (seat, player) in game["players"].as_array().unwrap().iter().enumerate() {
        text = text.replace(player["id"].as_str().unwrap(), &format!("seat {seat}"));
    }
    let mut pad: Value = serde_json::from_str(&text).unwrap();
    strip_edited(&mut pad);
    pad
}

fn strip_edited(value: &mut Value) {
    match value {
        Value::Object(fields) => {
            fields.remove("edited");
            fields.remove("edited_turns");
            fields.values_mut().for_each(strip_edited);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_edited),
        _ => {}
    }
}

/// The game's version, its row counts and its edits: what a refusal must leave as it was.
pub fn untouched(app: &TestApp, game: &Value) -> (Value, [i64; 6], Value) {
    let read = app.get(&game_path(game)).expect(200).json();
    let edits = app.get(&edits_path(game)).expect(200).json();
    (read["version"].clone(), app.row_counts(), edits)
}

/// Replaces a turn, which must be refused with `status` and `code` (at `field`, saying
/// `detail`), changing nothing.
#[track_caller]
fn refused(
    app: &TestApp,
    game: &Value,
    number: u32,
    body: Value,
    (status, code): (u16, &str),
    (field, detail): (&str, &str),
) {
    let before = untouched(app, game);
    let problem = app
        .put(&turn_path(game, number), &body)
        .expect_problem(status, code);
    if !field.is_empty() {
        assert_eq!(problem["errors"][0]["field"], field, "{problem}");
    }
    assert_eq!(problem["detail"], detail, "{problem}");
    assert_eq!(untouched(app, game), before, "{code} changed the game");
}

fn a_replaced_turn_works_the_game_out_again_and_is_kept(backend: Backend) {
    let mut app = spawn_app(backend);
    let ann = sign_up(&mut app, "Ann");
    // Ann fails phase 1, Bo fails, then Ann's dice make phase 1.
    let game = played(
        &app,
        &["Ann", "Bo"],
        &[(0, ""), (1, ""), (0, SETS), (1, "")],
    );
    let version = app.get(&game_path(&game)).expect(200).json()["version"].clone();

    // Turn 1 was really 10 10 10 10 10 10: Ann made phase 1 then, and phase 2 with turn 3.
    let reply = app
        .put(&turn_path(&game, 1), &json!({"dice": dice(BEST_ROLLS[0])}))
        .expect(200);
    let etag = reply.header("etag").expect("an ETag").to_string();
    let turn = reply.json();
    assert_eq!(
        (
            &turn["number"],
            &turn["made"],
            &turn["score"],
            &turn["edited"]
        ),
        (&json!(1), &json!(true), &json!(60), &json!(1))
    );
    assert_eq!(turn["player_id"], game["players"][0]["id"]);
    assert_eq!(
        turn["game"]["players"][0]["phase"], 2,
        "the game right after turn 1"
    );
    let now = app.get(&game_path(&game)).expect(200).json();
    assert_eq!(etag, format!("\"{}\"", now["version"]));
    assert_eq!(now["version"], version.as_i64().unwrap() + 1);
    assert_eq!(now["players"][0]["phase"], 3);
    let third = app.get(&turn_path(&game, 3)).expect(200).json();
    assert_eq!((&third["phase"], &third["made"]), (&json!(2), &json!(true)));
    assert_eq!(third["edited"], 0);

    // Exactly the game entered from scratch with the changed record.
    let fresh = played(
        &app,
        &["Ann", "Bo"],
        &[(0, BEST_ROLLS[0]), (1, ""), (0, SETS), (1, "")],
    );
    assert_eq!(figures(&app, &game), figures(&app, &fresh));

    // Kept: who, when, before and after.
    let edits = app.get(&edits_path(&game)).expect(200).json();
    assert_eq!(edits["next_cursor"], Value::Null);
    let edit = &edits["items"][0];
    assert_eq!(
        (&edit["entry"], &edit["number"], &edit["account_id"]),
        (&json!("turn"), &json!(1), &ann)
    );
    assert_eq!(edit["version"], now["version"]);
    assert_eq!(
        edit["before"],
        json!({"player_id": game["players"][0]["id"], "dice": []})
    );
    assert_eq!(
        edit["after"],
        json!({"player_id": game["players"][0]["id"], "dice": dice(BEST_ROLLS[0])})
    );
    assert!(edit["created_at"].is_string());

    // The pad says which turns were changed: as JSON, in the spreadsheet and on the page.
    let pad = app.scoresheet(&game);
    assert_eq!(pad["players"][0]["edited_turns"], json!([1]));
    assert_eq!(pad["players"][1]["edited_turns"], json!([]));
    let csv = app.pad_text(&game, "text/csv");
    assert!(csv.contains("Turns Fixed,1,\r\n"), "{csv}");
    let page = app.pad_text(&game, "text/html");
    assert!(page.contains("Turns Fixed"), "{page}");

    // Undo still removes only the latest turn.
    app.delete(&turn_path(&game, 1))
        .expect_problem(409, "not_latest_turn");
}

fn a_finished_game_is_changed_too_and_replacing_back_restores_it(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let best: Vec<(usize, &str)> = BEST_ROLLS.iter().map(|roll| (0, *roll)).collect();
    let game = played(&app, &["Ann"], &best);
    let finished = figures(&app, &game);
    assert_eq!(finished["status"], "finished");

    // The same dice again: nothing changes, and the replacement is not kept.
    let same = app
        .put(&turn_path(&game, 5), &json!({"dice": dice(BEST_ROLLS[4])}))
        .expect(200)
        .json();
    assert_eq!(same["edited"], 0);
    assert_eq!(figures(&app, &game), finished);

    // Phase 10 missed after all: the game is in play again, and goes on.
    let missed = app
        .put(&turn_path(&game, 10), &json!({"dice": []}))
        .expect(200)
        .json();
    assert_eq!(
        (&missed["made"], &missed["edited"]),
        (&json!(false), &json!(1))
    );
    let reopened = app.get(&game_path(&game)).expect(200).json();
    assert_eq!(reopened["status"], "in_progress");
    assert_eq!(reopened["current_player_id"], game["players"][0]["id"]);
    assert_eq!(reopened["winners"], json!([]));

    // Replacing it back restores every figure.
    let back = app
        .put(&turn_path(&game, 10), &json!({"dice": dice(BEST_ROLLS[9])}))
        .expect(200)
        .json();
    assert_eq!(back["edited"], 2);
    assert_eq!(figures(&app, &game), finished);
    let edits = app
        .get(&format!("{}?limit=1", edits_path(&game)))
        .expect(200)
        .json();
    assert_eq!(edits["items"].as_array().unwrap().len(), 1);
    assert_eq!(edits["items"][0]["after"]["dice"], json!([]));
    let cursor = edits["next_cursor"].as_str().expect("a next page");
    let rest = app
        .get(&format!("{}?limit=1&cursor={cursor}", edits_path(&game)))
        .expect(200)
        .json();
    assert_eq!(rest["items"][0]["after"]["dice"], dice(BEST_ROLLS[9]));
    assert_eq!(rest["next_cursor"], Value::Null);
}

fn a_replacement_that_would_break_a_later_turn_is_refused(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");

    // Ann misses phase 10 once, then makes it: had she made it the first time, turn 11 would
    // come after the end.
    let mut turns: Vec<(usize, &str)> = BEST_ROLLS[..9].iter().map(|roll| (0, *roll)).collect();
    turns.extend([(0, ""), (0, SETS)]);
    let game = played(&app, &["Ann"], &turns);
    refused(
        &app,
        &game,
        10,
        json!({"dice": dice(SETS)}),
        (422, "edit_breaks_later"),
        (
            "turns/11",
            "turn 11: the game would already be over, ended by turn 10",
        ),
    );

    // Ann misses phase 7 once: had she made it, turn 8's dice, without colors, would be played
    // on phase 8.
    let mut turns: Vec<(usize, &str)> = BEST_ROLLS[..6].iter().map(|roll| (0, *roll)).collect();
    turns.extend([(0, ""), (0, SETS)]);
    let game = played(&app, &["Ann"], &turns);
    refused(
        &app,
        &game,
        7,
        json!({"dice": dice(SETS)}),
        (422, "edit_breaks_later"),
        (
            "turns/8/dice[0].color",
            "turn 8: Ann would be on phase 8, and phase 8 is made of one color: every die needs \
             its color",
        ),
    );

    // Ann finishes in round 10; in the last round Bo makes phase 1 and goes on, then fails, and
    // Cy fails. Had Bo failed at once, the next turn would have been Cy's.
    let mut turns = Vec::new();
    for roll in BEST_ROLLS {
        turns.extend([(0, roll), (1, ""), (2, "")]);
    }
    turns.truncate(28);
    turns.extend([(1, SETS), (1, ""), (2, "")]);
    let game = played(&app, &["Ann", "Bo", "Cy"], &turns);
    assert_eq!(
        app.get(&game_path(&game)).expect(200).json()["status"],
        "finished"
    );
    refused(
        &app,
        &game,
        29,
        json!({"dice": []}),
        (422, "edit_breaks_later"),
        (
            "turns/30/player_id",
            "turn 30: it would be Cy's turn, not Bo's",
        ),
    );
}

fn a_replacement_is_refused_as_recording_it_would_be(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let best: Vec<(usize, &str)> = BEST_ROLLS[..8].iter().map(|roll| (0, *roll)).collect();
    let game = played(&app, &["Ann", "Bo"], &[(0, ""), (1, "")]);
    refused(
        &app,
        &game,
        1,
        json!({"dice": dice("10 10 10 10 10 10 10")}),
        (422, "not_rollable"),
        (
            "dice[6]",
            "dice[6]: these dice cannot have been rolled: only the 6 high dice (H1 to H6, which \
             show 5 to 10) show a 10, but 7 were given",
        ),
    );
    refused(
        &app,
        &game,
        1,
        json!({"player_id": game["players"][1]["id"], "dice": []}),
        (422, "invalid_value"),
        (
            "player_id",
            "player_id: turn 1 is Ann's, not Bo's: the player of a turn does not change",
        ),
    );
    refused(
        &app,
        &game,
        3,
        json!({"dice": []}),
        (404, "not_found"),
        ("", "no such turn"),
    );
    app.put(
        &format!("{}/first", turns_path(&game)),
        &json!({"dice": []}),
    )
    .expect_problem(404, "not_found");
    refused(
        &app,
        &game,
        1,
        json!({"dice": [], "wild": true}),
        (400, "malformed_request"),
        (
            "",
            "the body is not valid at wild: unknown field `wild`, expected `player_id` or \
             `dice` at line 1 column 17",
        ),
    );

    // Phase 8 is made of one color: its turn's dice need their colors.
    let solo = played(&app, &["Ann"], &best);
    refused(
        &app,
        &solo,
        8,
        json!({"dice": dice("4 9 8 10 7 8 10")}),
        (422, "color_required"),
        (
            "dice[0].color",
            "dice[0].color: phase 8 is made of one color: every die needs its color",
        ),
    );

    // A stale If-Match is 412; the current one is taken.
    let read = app.get(&game_path(&game)).expect(200);
    let current = read.header("etag").unwrap().to_string();
    app.put_with(
        &turn_path(&game, 1),
        &json!({"dice": []}),
        &[("If-Match", "\"1\"")],
    )
    .expect_problem(412, "precondition_failed");
    app.put_with(
        &turn_path(&game, 1),
        &json!({"dice": []}),
        &[("If-Match", &current)],
    )
    .expect(200);

    // A card game has no turns to replace; a digital turn's dice were the server's.
    let cards = app.new_game(&["Ann", "Bo"], json!({"game": "cards"}));
    app.put(&turn_path(&cards, 1), &json!({"dice": []}))
        .expect_problem(409, "wrong_game");
    let digital = app.new_game(&["Ann", "Bo"], json!({"mode": "digital"}));
    let first = &digital["current_player_id"];
    app.post(&turns_path(&digital), &json!({"player_id": first}))
        .expect(201);
    let problem = app
        .put(&turn_path(&digital, 1), &json!({"dice": []}))
        .expect_problem(409, "server_rolled");
    assert_eq!(
        problem["detail"],
        "the server rolled the dice of turn 1: a digital turn's dice cannot be replaced"
    );
}

fn a_replacement_is_sent_to_followers_and_kept_once_per_key(backend: Backend) {
    let mut app = spawn_app(backend);
    let key = app.sign_up("Ann");
    let game = played(&app, &["Ann", "Bo"], &[(0, ""), (1, "")]);
    let version = app.get(&game_path(&game)).expect(200).json()["version"]
        .as_i64()
        .unwrap();
    let stream = EventStream::open(
        &app.url(&format!("{}/events", game_path(&game))),
        &key,
        Some(version),
    );
    let headers = [("Idempotency-Key", "fix-turn-1")];
    let body = json!({"dice": dice(BEST_ROLLS[0])});
    let first = app
        .put_with(&turn_path(&game, 1), &body, &headers)
        .expect(200);
    let again = app
        .put_with(&turn_path(&game, 1), &body, &headers)
        .expect(200);
    assert_eq!(first.text, again.text);
    assert_eq!(first.json()["edited"], 1);
    let other = json!({"dice": []});
    app.put_with(&turn_path(&game, 1), &other, &headers)
        .expect_problem(422, "idempotency_key_reused");

    let event = stream.next_event(SOON);
    assert_eq!(event.kind, "turn_edited");
    assert_eq!(event.id, Some(version + 1));
    assert_eq!(event.data["turn"]["number"], 1);
    assert_eq!(event.data["turn"]["edited"], 1);
    assert_eq!(event.data["game"]["players"][0]["phase"], 2);
    let edits = app.get(&edits_path(&game)).expect(200).json();
    assert_eq!(edits["items"].as_array().unwrap().len(), 1);
}

fn who_may_replace_a_turn(backend: Backend) {
    let mut app = spawn_app(backend);
    let bo_id = sign_up(&mut app, "Bo");
    let bo = app.key.clone().unwrap();
    let eve = app.sign_up("Eve");
    let ann = app.sign_up("Ann");
    let game = played(&app, &["Ann", "Bo"], &[(0, "")]);
    let invite = app
        .post(
            &format!("{}/invites", game_path(&game)),
            &json!({"player_id": game["players"][1]["id"]}),
        )
        .expect(201)
        .json();
    let code = invite["code"].as_str().unwrap();
    let as_bo = app.with_key(Some(&bo));
    as_bo
        .post(&format!("/v1/invites/{code}/accept"), &json!({}))
        .expect(200);
    as_bo
        .post(
            &turns_path(&game),
            &json!({"player_id": game["players"][1]["id"], "dice": []}),
        )
        .expect(201);
    // Bo replaces his own turn, not Ann's; the owner replaces either; a stranger sees nothing.
    as_bo
        .put(&turn_path(&game, 2), &json!({"dice": dice(SETS)}))
        .expect(200);
    as_bo
        .put(&turn_path(&game, 1), &json!({"dice": dice(SETS)}))
        .expect_problem(403, "not_your_seat");
    let as_ann = app.with_key(Some(&ann));
    as_ann
        .put(&turn_path(&game, 2), &json!({"dice": []}))
        .expect(200);
    let as_eve = app.with_key(Some(&eve));
    as_eve
        .put(&turn_path(&game, 1), &json!({"dice": []}))
        .expect_problem(404, "not_found");
    as_eve
        .get(&edits_path(&game))
        .expect_problem(404, "not_found");
    let edits = as_bo.get(&edits_path(&game)).expect(200).json();
    assert_eq!(edits["items"][0]["account_id"], bo_id);
}

/// A replacement identical to the turn changes nothing and is not kept (RULES §9): the same
/// version, no edit, no `edited`.
fn an_identical_turn_replacement_changes_nothing(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = played(&app, &["Ann", "Bo"], &[(0, SETS), (1, "")]);
    let before = app.get(&game_path(&game)).expect(200).json();
    let reply = app
        .put(&turn_path(&game, 1), &json!({"dice": dice(SETS)}))
        .expect(200);
    assert_eq!(
        reply.header("etag").map(str::to_owned),
        Some(format!("\"{}\"", before["version"]))
    );
    assert_eq!(reply.json()["edited"], 0);
    app.put(&turn_path(&game, 2), &json!({"dice": []}))
        .expect(200);
    assert_eq!(app.get(&game_path(&game)).expect(200).json(), before);
    let edits = app.get(&edits_path(&game)).expect(200).json();
    assert_eq!(edits["items"], json!([]));
}

crate::on_both_backends!(
    an_identical_turn_replacement_changes_nothing,
    a_replaced_turn_works_the_game_out_again_and_is_kept,
    a_finished_game_is_changed_too_and_replacing_back_restores_it,
    a_replacement_that_would_break_a_later_turn_is_refused,
    a_replacement_is_refused_as_recording_it_would_be,
    a_replacement_is_sent_to_followers_and_kept_once_per_key,
    who_may_replace_a_turn,
);
