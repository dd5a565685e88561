//! Changing a hand of a card game after the fact (RULES §9): the game worked out again, refused
//! when a later hand would break, every replacement kept; and two replacements at once.

use serde_json::{Value, json};

use crate::cards::cards;
use crate::edits::untouched;
use crate::helpers::{Backend, TestApp, game_path, spawn_app};

fn id(game: &Value, seat: usize) -> Value {
    game["players"][seat]["id"].clone()
}

fn hand_path(game: &Value, number: u32) -> String {
    format!("{}/hands/{number}", game_path(game))
}

/// A card game of these players on these phases, its hands recorded in order.
#[track_caller]
fn played(app: &TestApp, names: &[&str], phases: &[u8], hands: &[Value]) -> Value {
    let game = app.new_game(names, json!({"game": "cards", "phases": phases}));
    for hand in hands {
        app.post(&format!("{}/hands", game_path(&game)), hand)
            .expect(201);
    }
    game
}

fn totals(game: &Value) -> Vec<i64> {
    game["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["total"].as_i64().unwrap())
        .collect()
}

/// Ann goes out laying down phase 1; Bo did not lay down and holds `bo` points.
fn ann_out(game: &Value, bo: u32) -> Value {
    json!({"went_out": id(game, 0), "players": [
        {"player_id": id(game, 0), "made": true, "cards": [],
         "laid_down": [cards("7r 7b W"), cards("9g 9y 9r")]},
        {"player_id": id(game, 1), "made": false, "points": bo},
    ]})
}

/// Bo goes out laying down phase 1; Ann, then on phase 2, lays it down and holds a Skip.
fn bo_out_ann_on_two(game: &Value) -> Value {
    json!({"went_out": id(game, 1), "players": [
        {"player_id": id(game, 0), "made": true, "cards": cards("S"),
         "laid_down": [cards("8r 8b 8g"), cards("1r 2r 3r 4b")]},
        {"player_id": id(game, 1), "made": true, "cards": [],
         "laid_down": [cards("3r 3b 3g"), cards("5r 5b 5y")]},
    ]})
}

#[track_caller]
fn refused(
    app: &TestApp,
    game: &Value,
    number: u32,
    body: &Value,
    code: &str,
    field: &str,
) -> String {
    let before = untouched(app, game);
    let problem = app
        .put(&hand_path(game, number), body)
        .expect_problem(422, code);
    assert_eq!(problem["errors"][0]["field"], field, "{problem}");
    assert_eq!(untouched(app, game), before, "{code} changed the game");
    problem["detail"].as_str().unwrap().to_string()
}

fn a_replaced_hand_works_the_card_game_out_again(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({"game": "cards", "phases": [1, 2]}));
    for hand in [ann_out(&game, 55), bo_out_ann_on_two(&game)] {
        app.post(&format!("{}/hands", game_path(&game)), &hand)
            .expect(201);
    }
    // Bo's hand 1 was 65, not 55.
    let reply = app
        .put(&hand_path(&game, 1), &ann_out(&game, 65))
        .expect(200);
    let etag = reply.header("etag").unwrap().to_string();
    let hand = reply.json();
    assert_eq!((&hand["number"], &hand["edited"]), (&json!(1), &json!(1)));
    assert_eq!(hand["players"][1]["points"], 65);
    assert_eq!(totals(&hand["game"]), [0, 65]);
    let now = app.get(&game_path(&game)).expect(200).json();
    assert_eq!(etag, format!("\"{}\"", now["version"]));
    assert_eq!(totals(&now), [15, 65]);
    assert_eq!(now["status"], "finished", "Ann completed phase 2 in hand 2");
    assert_eq!(now["winners"], json!([id(&game, 0)]));
    let second = app.get(&hand_path(&game, 2)).expect(200).json();
    assert_eq!(second["edited"], 0);
    let pad = app.scoresheet(&game);
    let marks: Vec<&Value> = pad["players"][1]["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hand| &hand["edited"])
        .collect();
    assert_eq!(marks, [1, 0]);
    let csv = app.pad_text(&game, "text/csv");
    assert!(csv.contains("\r\nHand 1 (fixed; dealt by "), "{csv}");
    assert!(csv.contains("\r\nHand 2 (dealt by "), "{csv}");

    // Exactly the game entered from scratch with the changed record.
    let fresh = played(&app, &["Ann", "Bo"], &[1, 2], &[]);
    for hand in [ann_out(&fresh, 65), bo_out_ann_on_two(&fresh)] {
        app.post(&format!("{}/hands", game_path(&fresh)), &hand)
            .expect(201);
    }
    let pad = |g: &Value| crate::edits::figures(&app, g);
    assert_eq!(pad(&game), pad(&fresh));

    let edits = app
        .get(&format!("{}/edits", game_path(&game)))
        .expect(200)
        .json();
    let edit = &edits["items"][0];
    assert_eq!(
        (&edit["entry"], &edit["number"]),
        (&json!("hand"), &json!(1))
    );
    assert_eq!(edit["before"], ann_out(&game, 55));
    assert_eq!(edit["after"], ann_out(&game, 65));

    // The same hand again changes nothing, and the replacement is not kept.
    let same = app
        .put(&hand_path(&game, 1), &ann_out(&game, 65))
        .expect(200)
        .json();
    assert_eq!(same["edited"], 1);
    assert_eq!(pad(&game), pad(&fresh));
    app.delete(&hand_path(&game, 1))
        .expect_problem(409, "not_latest_hand");
}

fn a_replacement_that_would_break_a_later_hand_is_refused(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = played(&app, &["Ann", "Bo"], &[1, 2, 3], &[]);
    let hands = [ann_out(&game, 55), bo_out_ann_on_two(&game)];
    for hand in &hands {
        app.post(&format!("{}/hands", game_path(&game)), hand)
            .expect(201);
    }
    // Had Bo gone out of hand 1 and Ann not laid down, Ann would be on phase 1 in hand 2.
    let bo_first = json!({"went_out": id(&game, 1), "players": [
        {"player_id": id(&game, 0), "made": false, "points": 50},
        {"player_id": id(&game, 1), "made": true, "cards": [],
         "laid_down": [cards("4r 4b 4g"), cards("6r 6b 6y")]},
    ]});
    let detail = refused(
        &app,
        &game,
        1,
        &bo_first,
        "edit_breaks_later",
        "hands/2/players[0].laid_down[1]",
    );
    assert!(
        detail.starts_with(
            "hand 2: Ann would be on phase 1, and the cards Ann laid down do not make phase 1 \
             (2 sets of 3)"
        ),
        "{detail}"
    );

    // A hand after the game's new end: Ann completes phase 2 in hand 2 instead of hand 3.
    let game = played(&app, &["Ann", "Bo"], &[1, 2], &[]);
    let ann_two = |made: bool| {
        json!({"went_out": id(&game, 1), "players": [
            {"player_id": id(&game, 0), "made": made, "points": if made { 10 } else { 60 }},
            {"player_id": id(&game, 1), "made": true, "cards": []},
        ]})
    };
    let ann_out_again = json!({"went_out": id(&game, 0), "players": [
        {"player_id": id(&game, 0), "made": true, "cards": []},
        {"player_id": id(&game, 1), "made": false, "points": 60},
    ]});
    for hand in [ann_out(&game, 55), ann_two(false), ann_out_again] {
        app.post(&format!("{}/hands", game_path(&game)), &hand)
            .expect(201);
    }
    let detail = refused(
        &app,
        &game,
        2,
        &ann_two(true),
        "edit_breaks_later",
        "hands/3",
    );
    assert!(
        detail.starts_with("hand 3: after this change, the game is over: Ann won"),
        "{detail}"
    );

    // Hand sizes: had Bo gone out of hand 1, he would be on phase 5 in hand 2, where a player
    // who lays down holds at most 2 cards.
    let game = played(&app, &["Ann", "Bo"], &[4, 5, 6], &[]);
    let bo_holds_three = json!({"went_out": id(&game, 0), "players": [
        {"player_id": id(&game, 0), "made": true, "cards": []},
        {"player_id": id(&game, 1), "made": true, "cards": cards("1r 2r 3r")},
    ]});
    let ann_first = json!({"went_out": id(&game, 0), "players": [
        {"player_id": id(&game, 0), "made": true, "cards": []},
        {"player_id": id(&game, 1), "made": false, "points": 50},
    ]});
    for hand in [ann_first, bo_holds_three] {
        app.post(&format!("{}/hands", game_path(&game)), &hand)
            .expect(201);
    }
    let bo_first = json!({"went_out": id(&game, 1), "players": [
        {"player_id": id(&game, 0), "made": false, "points": 50},
        {"player_id": id(&game, 1), "made": true, "cards": []},
    ]});
    let detail = refused(
        &app,
        &game,
        1,
        &bo_first,
        "edit_breaks_later",
        "hands/2/players[1].cards",
    );
    assert_eq!(
        detail,
        "hand 2: Bo would be on phase 5, and Bo laid down phase 5, so Bo holds 1 or 2 cards, not 3"
    );

    // The replacement itself is checked as recording it would be, its fields its own.
    let ten_cards = json!({"went_out": id(&game, 0), "players": [
        {"player_id": id(&game, 0), "made": true, "cards": []},
        {"player_id": id(&game, 1), "made": false, "cards": cards("1r 2r 3r")},
    ]});
    refused(&app, &game, 1, &ten_cards, "hand_size", "players[1].cards");
    let stranger = json!({"went_out": "6f0c5b9e-2a51-4c1f-9d38-0f6a3f0d2b7e", "players": []});
    refused(&app, &game, 1, &stranger, "unknown_player", "went_out");
    app.put(&hand_path(&game, 9), &ann_out(&game, 55))
        .expect_problem(404, "not_found");
    let dice = app.new_game(&["Ann"], json!({}));
    app.put(&hand_path(&dice, 1), &ann_out(&game, 55))
        .expect_problem(409, "wrong_game");
}

fn a_seat_player_replaces_a_hand_and_the_owner_sees_it(backend: Backend) {
    let mut app = spawn_app(backend);
    let bo = app.sign_up("Bo");
    let ann = app.sign_up("Ann");
    let game = played(&app, &["Ann", "Bo"], &[1, 2, 3], &[]);
    app.post(&format!("{}/hands", game_path(&game)), &ann_out(&game, 55))
        .expect(201);
    app.give_seat(&game, 1, &bo);
    let as_bo = app.with_key(Some(&bo));
    as_bo
        .put(&hand_path(&game, 1), &ann_out(&game, 75))
        .expect(200);
    let as_ann = app.with_key(Some(&ann));
    let now = as_ann.get(&game_path(&game)).expect(200).json();
    assert_eq!(totals(&now), [0, 75]);
}

/// Once the game has finished, its hands are its owner's alone to replace (RULES §9; the
/// outside probe's M2: a seat's account changed the winners and the owner's figures): the seat's
/// account gets 403 and nothing changes, the owner still replaces them.
fn a_finished_card_game_s_hands_are_its_owner_s_alone(backend: Backend) {
    let mut app = spawn_app(backend);
    let bo = app.sign_up("Bo");
    let ann = app.sign_up("Ann");
    let game = played(&app, &["Ann", "Bo"], &[1, 2], &[]);
    app.give_seat(&game, 1, &bo);
    let as_bo = app.with_key(Some(&bo));
    for hand in [ann_out(&game, 55), bo_out_ann_on_two(&game)] {
        app.post(&format!("{}/hands", game_path(&game)), &hand)
            .expect(201);
    }
    let as_ann = app.with_key(Some(&ann));
    let before = as_ann.get(&game_path(&game)).expect(200).json();
    assert_eq!(before["status"], "finished");
    assert_eq!(before["winners"], json!([id(&game, 0)]));
    // Bo would make Ann miss hand 2's phase and so take the win from her.
    let mut ann_missed = bo_out_ann_on_two(&game);
    ann_missed["players"][0] = json!({"player_id": id(&game, 0), "made": false, "points": 55});
    let problem = as_bo
        .put(&hand_path(&game, 2), &ann_missed)
        .expect_problem(403, "not_owner");
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains("finished game"), "{detail}");
    let after = as_ann.get(&game_path(&game)).expect(200).json();
    assert_eq!(after, before, "nothing changed");
    assert_eq!(
        as_ann
            .get(&format!("{}/edits", game_path(&game)))
            .expect(200)
            .json()["items"],
        json!([])
    );
    // The owner may.
    as_ann.put(&hand_path(&game, 2), &ann_missed).expect(200);
}

/// A replacement identical to the hand changes nothing and is not kept (RULES §9): the same
/// version, no edit, no `edited`.
fn an_identical_hand_replacement_changes_nothing(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = played(&app, &["Ann", "Bo"], &[1, 2, 3], &[]);
    app.post(&format!("{}/hands", game_path(&game)), &ann_out(&game, 55))
        .expect(201);
    let before = app.get(&game_path(&game)).expect(200).json();
    let reply = app
        .put(&hand_path(&game, 1), &ann_out(&game, 55))
        .expect(200);
    assert_eq!(
        reply.header("etag").map(str::to_owned),
        Some(format!("\"{}\"", before["version"]))
    );
    let hand = reply.json();
    assert_eq!(hand["edited"], 0);
    assert_eq!(app.get(&game_path(&game)).expect(200).json(), before);
    let edits = app
        .get(&format!("{}/edits", game_path(&game)))
        .expect(200)
        .json();
    assert_eq!(edits["items"], json!([]));
}

/// Two replacements of different hands at once apply one after the other, and the game has
/// both; two with the same `If-Match`: one wins, the other is 412.
fn replacements_at_once_apply_one_after_the_other(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = played(&app, &["Ann", "Bo"], &[1, 2, 3, 4, 5], &[]);
    let bo_out = |ann: u32| {
        json!({"went_out": id(&game, 1), "players": [
            {"player_id": id(&game, 0), "made": false, "points": ann},
            {"player_id": id(&game, 1), "made": true, "cards": []},
        ]})
    };
    for hand in [bo_out(50), bo_out(60)] {
        app.post(&format!("{}/hands", game_path(&game)), &hand)
            .expect(201);
    }
    for round in 0..3 {
        let version = app.get(&game_path(&game)).expect(200).json()["version"].clone();
        let (first, second) = std::thread::scope(|scope| {
            let a = scope.spawn(|| app.put(&hand_path(&game, 1), &bo_out(70 + 5 * round)));
            let b = scope.spawn(|| app.put(&hand_path(&game, 2), &bo_out(80 + 5 * round)));
            (a.join().unwrap(), b.join().unwrap())
        });
        assert_eq!((first.status, second.status), (200, 200));
        let now = app.get(&game_path(&game)).expect(200).json();
        assert_eq!(totals(&now), [i64::from(150 + 10 * round), 0]);
        assert_eq!(now["version"], version.as_i64().unwrap() + 2);

        let etag = format!("\"{}\"", now["version"]);
        let if_match = [("If-Match", etag.as_str())];
        let (body_a, body_b) = (bo_out(100), bo_out(110));
        let (first, second) = std::thread::scope(|scope| {
            let a = scope.spawn(|| app.put_with(&hand_path(&game, 1), &body_a, &if_match));
            let b = scope.spawn(|| app.put_with(&hand_path(&game, 2), &body_b, &if_match));
            (a.join().unwrap(), b.join().unwrap())
        });
        let mut statuses = [first.status, second.status];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 412], "{} / {}", first.text, second.text);
        // Put both back for the next round.
        app.put(&hand_path(&game, 1), &bo_out(50)).expect(200);
        app.put(&hand_path(&game, 2), &bo_out(60)).expect(200);
    }
}

crate::on_both_backends!(
    a_finished_card_game_s_hands_are_its_owner_s_alone,
    an_identical_hand_replacement_changes_nothing,
    a_replaced_hand_works_the_card_game_out_again,
    a_replacement_that_would_break_a_later_hand_is_refused,
    a_seat_player_replaces_a_hand_and_the_owner_sees_it,
    replacements_at_once_apply_one_after_the_other,
);
