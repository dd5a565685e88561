//! Digital play over HTTP: the server rolls, players re-roll and score, and every score is what
//! the rules make of the dice stored with the turn.

use std::collections::HashMap;
use std::time::Duration;

use diesel::prelude::*;
use phase10::rules::game::{BonusKind, Edition, Game, Status};
use phase10::rules::{Color, DiceLayout, Die, DieId, Face, Number, Roll};
use phase10::store::schema::{events, turns};
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, game_path, spawn_app};
use crate::sse::EventStream;

fn start(app: &TestApp, game: &Value, player_id: &Value) -> crate::helpers::Reply {
    app.post(
        &format!("{}/turns", game_path(game)),
        &json!({"player_id": player_id}),
    )
}

fn reroll(app: &TestApp, game: &Value, number: &Value, dice: &[&str]) -> crate::helpers::Reply {
    app.post(
        &format!("{}/turns/{number}/rolls", game_path(game)),
        &json!({"reroll": dice}),
    )
}

fn score(app: &TestApp, game: &Value, number: &Value) -> crate::helpers::Reply {
    app.post(
        &format!("{}/turns/{number}/score", game_path(game)),
        &json!({}),
    )
}

/// A die the server rolled, as the rules see it.
fn rules_die(die: &Value) -> Die {
    let face = match &die["value"] {
        Value::String(w) if w == "W" => Face::Wild,
        value => {
            Face::Number(Number::new(value.as_u64().expect("a number") as u8).expect("1 to 10"))
        }
    };
    let color = die["color"]
        .as_str()
        .map(|c| Color::from_name(c).expect("a color"));
    Die::new(face, color)
}

/// Checks a throw: all ten dice, L1 to H6, each showing one of its own faces.
fn assert_real_throw(throw: &Value) {
    let dice = throw.as_array().expect("a throw");
    let names: Vec<&str> = dice.iter().map(|d| d["die"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["L1", "L2", "L3", "L4", "H1", "H2", "H3", "H4", "H5", "H6"]
    );
    for die in dice {
        let id = DieId::from_name(die["die"].as_str().unwrap()).unwrap();
        let shown = rules_die(die);
        assert!(
            DiceLayout::Standard
                .faces(id)
                .iter()
                .any(|f| f.face == shown.face && f.color == shown.color),
            "{die} is not a face of {id}"
        );
    }
}

/// The dice without their die names, as `POST /v1/evaluate` takes them.
fn shown(dice: &Value) -> Value {
    dice.as_array()
        .unwrap()
        .iter()
        .map(|d| json!({"value": d["value"], "color": d["color"]}))
        .collect()
}

fn count_by<K: std::hash::Hash + Eq>(keys: impl Iterator<Item = K>) -> HashMap<K, usize> {
    let mut counts = HashMap::new();
    for key in keys {
        *counts.entry(key).or_insert(0) += 1;
    }
    counts
}

/// A simple player: which dice it rolls again for a phase, keeping wilds and what looks useful.
fn dice_to_roll_again(phase: u64, dice: &[Value]) -> Vec<String> {
    let value = |d: &Value| d["value"].as_u64();
    let keep: Vec<bool> = match phase {
        8 => {
            let colors = count_by(dice.iter().filter_map(|d| d["color"].as_str()));
            let best = colors
                .iter()
                .max_by_key(|(c, n)| (**n, **c))
                .map(|(c, _)| *c);
            dice.iter().map(|d| d["color"].as_str() == best).collect()
        }
        2..=6 => {
            let mut seen = Vec::new();
            let counts = count_by(dice.iter().filter_map(value));
            let most = counts
                .iter()
                .max_by_key(|(v, n)| (**n, **v))
                .map(|(v, _)| *v);
            dice.iter()
                .map(|d| match value(d) {
                    None => true,
                    Some(v) if matches!(phase, 2 | 3) && Some(v) == most => true,
                    Some(v) if seen.contains(&v) => false,
                    Some(v) => {
                        seen.push(v);
                        true
                    }
                })
                .collect()
        }
        _ => {
            let counts = count_by(dice.iter().filter_map(value));
            let mut ranked: Vec<(u64, usize)> = counts.into_iter().collect();
            ranked.sort_by_key(|(v, n)| std::cmp::Reverse((*n, *v)));
            let top: Vec<u64> = ranked.iter().take(2).map(|(v, _)| *v).collect();
            dice.iter()
                .map(|d| value(d).is_none_or(|v| top.contains(&v)))
                .collect()
        }
    };
    let again: Vec<String> = dice
        .iter()
        .zip(&keep)
        .filter(|(_, keep)| !**keep)
        .map(|(d, _)| d["die"].as_str().unwrap().to_string())
        .collect();
    if again.is_empty() {
        dice.iter()
            .filter(|d| value(d).is_some())
            .map(|d| d["die"].as_str().unwrap().to_string())
            .collect()
    } else {
        again
    }
}

/// Plays the current player's turn as the simple player would; returns the scored turn.
fn play_turn(app: &TestApp, game: &Value) -> Value {
    let player = &game["current_player_id"];
    let phase = game["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| &p["id"] == player)
        .unwrap()["phase"]
        .as_u64()
        .unwrap();
    let mut turn = start(app, game, player).expect(201).json();
    assert_eq!(
        (&turn["state"], &turn["rolls_left"]),
        (&json!("rolling"), &json!(2))
    );
    assert_eq!(turn["rolls"].as_array().unwrap().len(), 1);
    assert_eq!(turn["dice"], turn["rolls"][0]);
    let number = turn["number"].clone();
    while turn["state"] == "rolling" {
        let dice = turn["dice"].as_array().unwrap().clone();
        let made = app
            .post(
                "/v1/evaluate",
                &json!({"phase": phase, "dice": shown(&turn["dice"])}),
            )
            .expect(200)
            .json()["made"]
            == true;
        if made {
            turn = score(app, game, &number).expect(200).json();
            break;
        }
        let again = dice_to_roll_again(phase, &dice);
        let names: Vec<&str> = again.iter().map(String::as_str).collect();
        let before = turn["rolls"].as_array().unwrap().len();
        turn = reroll(app, game, &number, &names).expect(200).json();
        let rolls = turn["rolls"].as_array().unwrap();
        assert_eq!(rolls.len(), before + 1);
        let last = &rolls[rolls.len() - 1];
        assert_real_throw(last);
        assert_eq!(&turn["dice"], last);
        for (old, new) in dice.iter().zip(last.as_array().unwrap()) {
            if !again.iter().any(|d| d == old["die"].as_str().unwrap()) {
                assert_eq!(old, new, "a die not rolled again changed");
            }
        }
        if rolls.len() == 3 {
            assert_eq!(turn["state"], "scored", "the third roll scores the turn");
        }
    }
    assert_eq!(turn["state"], "scored");
    turn
}

/// The turns as stored: (player, final dice, rolls, state), oldest first.
fn stored_turns(app: &TestApp, game_id: &str) -> Vec<(String, String, Option<String>, String)> {
    let conn = &mut app.connection();
    turns::table
        .filter(turns::game_id.eq(game_id))
        .order(turns::number)
        .select((turns::player_id, turns::dice, turns::rolls, turns::state))
        .load(conn)
        .expect("the turns")
}

fn a_digital_game_is_played_to_the_end_and_scored_by_the_rules(backend: Backend) {
    let mut app = spawn_app(backend);
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo", "Cy"], json!({"mode": "digital"}));
    let game_id = game["id"].as_str().unwrap().to_string();
    let events = EventStream::open(
        &app.url(&format!("{}/events", game_path(&game))),
        &key,
        Some(0),
    );
    assert_eq!(events.status, 200);
    let mut current = game.clone();
    let mut played = Vec::new();
    for _ in 0..3000 {
        if current["status"] == "finished" {
            break;
        }
        let turn = play_turn(&app, &current);
        current = turn["game"].clone();
        played.push(turn);
    }
    assert_eq!(current["status"], "finished", "the game ends");

    // Replay the stored final dice through the rules: every score, bonus and total agrees.
    let stored = stored_turns(&app, &game_id);
    assert_eq!(stored.len(), played.len());
    let seats: Vec<&Value> = game["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["id"])
        .collect();
    let mut rules = Game::new(3, Edition::Mattel2011, DiceLayout::Standard).unwrap();
    for ((player, dice, rolls, state), turn) in stored.iter().zip(&played) {
        assert_eq!(state, "scored");
        let rolls: Value = serde_json::from_str(rolls.as_deref().expect("rolls kept")).unwrap();
        assert_eq!(rolls, turn["rolls"], "every roll is stored");
        let dice: Value = serde_json::from_str(dice).unwrap();
        assert_eq!(
            dice,
            shown(&turn["dice"])
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    let mut d = d.clone();
                    if d["color"].is_null() {
                        d.as_object_mut().unwrap().remove("color");
                    }
                    d
                })
                .collect::<Value>()
        );
        let roll = Roll::new(dice.as_array().unwrap().iter().map(rules_die).collect()).unwrap();
        let seat = seats.iter().position(|id| *id == player).unwrap();
        let outcome = rules.play(seat, &roll).expect("a stored turn replays");
        assert_eq!(turn["made"], json!(outcome.evaluation.made));
        assert_eq!(turn["score"], json!(outcome.evaluation.score));
        let bonuses: Vec<Value> = outcome
            .bonuses
            .iter()
            .map(|b| {
                let kind = match b.kind {
                    BonusKind::FivePhase => "five_phase",
                    BonusKind::FirstFinish => "first_finish",
                };
                json!({"kind": kind, "points": b.points})
            })
            .collect();
        assert_eq!(turn["bonuses"], json!(bonuses));
    }
    assert_eq!(rules.status(), Status::Finished);
    let sheet = app.scoresheet(&game);
    for (seat, line) in sheet["players"].as_array().unwrap().iter().enumerate() {
        assert_eq!(
            line["grand_total"],
            json!(rules.sheets()[seat].grand_total())
        );
    }
    let winners: Vec<&Value> = rules.winners().into_iter().map(|s| seats[s]).collect();
    assert_eq!(sheet["winners"], json!(winners));

    // The subscriber saw every change, in order: ids 1 to the final version, each once.
    let final_version = current["version"].as_i64().unwrap();
    let mut seen = vec![events.next_event(Duration::from_secs(5))];
    while seen.last().and_then(|e| e.id) != Some(final_version) {
        seen.push(events.next_event(Duration::from_secs(5)));
    }
    let ids: Vec<i64> = seen.iter().filter_map(|e| e.id).collect();
    assert_eq!(ids, (1..=final_version).collect::<Vec<_>>());
    assert_eq!(seen[0].kind, "game_created");
    let last_two: Vec<&str> = seen[seen.len() - 2..]
        .iter()
        .map(|e| e.kind.as_str())
        .collect();
    assert_eq!(last_two, ["turn_scored", "game_finished"]);
    assert_eq!(seen.last().unwrap().data["game"]["status"], "finished");
    let conn = &mut app.connection();
    let logged: i64 = events::table
        .filter(events::game_id.eq(&game_id))
        .count()
        .get_result(conn)
        .unwrap();
    assert_eq!(logged, final_version, "one event a version");
}

fn a_digital_turn_refuses_what_the_rules_do_not_allow(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({"mode": "digital"}));
    let path = game_path(&game);
    let current = game["current_player_id"].clone();
    let other = game["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].clone())
        .find(|id| *id != current)
        .unwrap();
    // No client chooses its dice.
    app.post(
        &format!("{path}/turns"),
        &json!({"player_id": current, "dice": [{"value": "W"}]}),
    )
    .expect_problem(409, "digital_game");
    start(&app, &game, &other).expect_problem(409, "not_your_turn");
    let turn = start(&app, &game, &current).expect(201).json();
    let number = turn["number"].clone();
    assert_eq!(turn["game"]["turn_in_play"], number);
    start(&app, &game, &current).expect_problem(409, "turn_in_play");
    let version = app.get(&path).expect(200).json()["version"].clone();
    reroll(&app, &game, &number, &["H7"]).expect_problem(422, "unknown_die");
    reroll(&app, &game, &number, &["H1", "H1"]).expect_problem(422, "repeated_die");
    reroll(&app, &game, &number, &[]).expect_problem(422, "no_dice");
    reroll(&app, &game, &json!(99), &["H1"]).expect_problem(404, "not_found");
    app.get(&format!("{path}/turns/-2147483648"))
        .expect_problem(404, "not_found");
    assert_eq!(app.get(&path).expect(200).json()["version"], version);
    // The turn in play is a turn like any other to read, and outlives a restart.
    let read = app
        .get(&format!("{path}/turns/{number}"))
        .expect(200)
        .json();
    assert_eq!(read["dice"], turn["dice"]);
    app.restart();
    let read_again = app
        .get(&format!("{path}/turns/{number}"))
        .expect(200)
        .json();
    assert_eq!(read_again["rolls"], turn["rolls"]);
    reroll(&app, &game, &number, &["H1"]).expect(200);
    let scored = reroll(&app, &game, &number, &["H2"]).expect(200).json();
    assert_eq!(
        (&scored["state"], &scored["rolls_left"]),
        (&json!("scored"), &json!(0))
    );
    reroll(&app, &game, &number, &["H1"]).expect_problem(409, "no_rolls_left");
    score(&app, &game, &number).expect_problem(409, "turn_scored");
    // A turn scored early cannot be rolled again either.
    let next = start(&app, &game, &scored["game"]["current_player_id"])
        .expect(201)
        .json();
    let early = score(&app, &game, &next["number"]).expect(200).json();
    assert_eq!(
        (
            &early["rolls_left"],
            &early["rolls"].as_array().unwrap().len()
        ),
        (&json!(0), &1)
    );
    reroll(&app, &game, &next["number"], &["L1"]).expect_problem(409, "turn_scored");
    // A tabletop game has no server dice.
    let table = app.new_game(&["Ann"], json!({}));
    app.post(
        &format!("{}/turns/1/rolls", game_path(&table)),
        &json!({"reroll": ["H1"]}),
    )
    .expect_problem(404, "not_found");
    app.turn(&table, 0, "").expect(201);
    app.post(
        &format!("{}/turns/1/rolls", game_path(&table)),
        &json!({"reroll": ["H1"]}),
    )
    .expect_problem(409, "tabletop_game");
    // The server rolls only the standard dice.
    app.post(
        "/v1/games",
        &json!({"players": [{"name": "Ann"}], "mode": "digital", "dice_layout": "any_colors"}),
    )
    .expect_problem(422, "digital_needs_standard_dice");
}

fn a_retried_roll_is_answered_with_the_same_dice(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({"mode": "digital"}));
    let path = game_path(&game);
    let turn = start(&app, &game, &game["current_player_id"])
        .expect(201)
        .json();
    let rolls = format!("{path}/turns/{}/rolls", turn["number"]);
    let body = json!({"reroll": ["L1", "L2", "H1", "H2", "H3"]});
    let key = [("Idempotency-Key", "roll-1")];
    let first = app.post_with(&rolls, &body, &key).expect(200);
    let again = app.post_with(&rolls, &body, &key).expect(200);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(first.json(), again.json());
    let version = first.json()["game"]["version"].clone();
    assert_eq!(app.get(&path).expect(200).json()["version"], version);
    // A stale If-Match is refused before any die is rolled.
    app.post_with(&rolls, &body, &[("If-Match", "\"1\"")])
        .expect_problem(412, "precondition_failed");
    assert_eq!(app.get(&path).expect(200).json()["version"], version);
}

crate::on_both_backends!(
    a_digital_game_is_played_to_the_end_and_scored_by_the_rules,
    a_digital_turn_refuses_what_the_rules_do_not_allow,
    a_retried_roll_is_answered_with_the_same_dice,
);
