//! Digital play over HTTP: the server rolls, players re-roll and score, and every score is what
//! the rules make of the dice stored with the turn.

use std::time::Duration;

use diesel::prelude::*;
use phase10::rules::dice::game::{BonusKind, Edition, Game, Status};
use phase10::rules::dice::{Color, DiceLayout, Die, DieId, Face, Number, Roll};
use serde_json::{Value, json};

use crate::helpers::schema::{events, turns};
use crate::helpers::{Backend, TestApp, face_of, first_roll, game_path, spawn_app};
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
#[track_caller]
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

/// The dice of a throw as the API shows them: each die named, with its face.
fn throw_json(faces: &[usize]) -> Value {
    DieId::ALL
        .iter()
        .zip(faces)
        .map(|(id, &face)| {
            let printed = DiceLayout::Standard.faces(*id)[face];
            let value = match printed.face.number() {
                Some(n) => json!(n.get()),
                None => json!("W"),
            };
            json!({"die": id.name(), "value": value, "color": printed.color.map(Color::name)})
        })
        .collect()
}

/// A throw as a turn's `rolls` give it: each die with whether the throw rolled it (`named`).
fn rolled_json(faces: &[usize], named: &[&str]) -> Value {
    let mut throw = throw_json(faces);
    for die in throw.as_array_mut().unwrap() {
        let rolled = named.contains(&die["die"].as_str().unwrap());
        die["rolled"] = json!(rolled);
    }
    throw
}

const ALL_DICE: [&str; 10] = ["L1", "L2", "L3", "L4", "H1", "H2", "H3", "H4", "H5", "H6"];

/// The faces of a throw after the dice named in `spec` ("H1=10 L2=Wb") came up as it says.
#[track_caller]
fn rolled_again(faces: &mut [usize], spec: &str) {
    for token in spec.split_whitespace() {
        let (die, face) = token.split_once('=').expect("DIE=FACE");
        let id = DieId::from_name(die).expect("a die, L1 to H6");
        faces[DieId::ALL.iter().position(|d| *d == id).unwrap()] = face_of(id, face);
    }
}

/// One turn of the scripted game: whose it is (by seat) and on which phase, its rolls (the
/// first roll's ten dice from L1 to H6, then each re-roll's dice and faces), and what it scores.
/// A turn of fewer than three rolls is scored early, after its last roll; a third roll scores
/// the turn at once.
struct Scripted {
    seat: usize,
    phase: u64,
    rolls: &'static [&'static str],
    made: bool,
    score: u32,
    bonuses: &'static [(&'static str, u32)],
}

const fn made(
    seat: usize,
    phase: u64,
    rolls: &'static [&'static str],
    score: u32,
    bonuses: &'static [(&'static str, u32)],
) -> Scripted {
    Scripted {
        seat,
        phase,
        rolls,
        made: true,
        score,
        bonuses,
    }
}

const fn failed(seat: usize, phase: u64, rolls: &'static [&'static str]) -> Scripted {
    Scripted {
        seat,
        phase,
        rolls,
        made: false,
        score: 0,
        bonuses: &[],
    }
}

// First rolls that make a phase, and their best score (the natural dice used; a wild scores 0).
/// Phase 1, two sets of 3: 10 10 10 and 9 9 9, 57.
const MAKES_1: &str = "1 2 3 4 10 10 10 9 9 9";
/// Phase 3, a set of 4 and a run of 4: 10 10 10 10 and 3 4 5 6, 58.
const MAKES_3: &str = "1 2 3 4 10 10 10 10 5 6";
/// Every number once: phase 4's run of 7 is 4 to 10, 49; phase 5's run of 8 is 3 to 10, 52;
/// phase 6's run of 9 is 2 to 10, 54. No set of 3, no 7 dice of one color (six are red).
const ONE_OF_EACH: &str = "1 2 3 4 5 6 7 8 9 10";
/// Phase 7, two sets of 4: 10 10 10 10 and 9 9 with two wilds, 58.
const MAKES_7: &str = "Wr Wb 1 2 10 10 10 10 9 9";
/// Phase 8, seven of one color: the green 4 10 7 9 6 10 9, 55.
const MAKES_8: &str = "4g 1r 1o 2o 10g 7g 9g 6g 10g 9g";
/// Phase 9, a set of 5 and a set of 2: five 10s, and 9 with a wild, 59.
const MAKES_9: &str = "Wr 2 3 4 10 10 10 10 10 9";
/// Phase 10, a set of 5 and a set of 3: five 10s, and 9 with two wilds, 59.
const MAKES_10: &str = "Wr Wb 3 4 10 10 10 10 10 9";
/// Phase 1 made low: 1 1 1 and 5 5 5, 18.
const LOW_1: &str = "1 1 1 4 5 5 5 6 7 8";
/// Phase 2 made low: 5 5 5 and 1 2 3 4, 25.
const LOW_2: &str = "1 2 3 4 5 5 5 6 7 8";
/// Phase 3 made low: 1 1 1 1 and 6 7 8 9, 34.
const LOW_3: &str = "1 1 1 1 5 6 7 8 9 9";
/// Phase 4 made low: 1 to 7, 28.
const LOW_4: &str = "1 2 3 4 5 6 7 7 7 7";
/// Phase 5 made low: 1 to 8, 36; phase 6 failed (no 9 or 10).
const ONE_TO_EIGHT: &str = "1 2 3 4 5 6 7 8 8 8";
/// Phase 2 failed: no set of 3. Rolling H1, H2 and H3 again to 10 makes it, a set of 3 and a
/// run of 4: 1 2 3 4 10 10 10 5 6 7 is 10 10 10 and 4 5 6 7, 52.
const NO_SET_OF_3: &str = "1 2 3 4 9 9 8 5 6 7";

const FIVE_PHASE: (&str, u32) = ("five_phase", 40);
const FIRST_FINISH: (&str, u32) = ("first_finish", 40);

/// A three-player game to the end, turn by turn: seat 0 makes a phase every turn and finishes
/// first in round 10 (its phases 1 to 5 make 268, over 220: the Five Phase Bonus); seat 1 makes
/// phases 1 to 5 low (141: no bonus), fails once, and in its last try makes phases 9 and 10 (a
/// First Finish Bonus too, seated after the first finisher in the Mattel 2011 rules); seat 2
/// fails four times and, in its last try, makes phase 7 and fails phase 8, which ends the game.
/// Turns are made at the first roll, after a re-roll, or by a third roll (scored at once, made
/// or failed), and some are scored early without the phase made.
const GAME: [Scripted; 32] = [
    // Round 1.
    made(0, 1, &[MAKES_1], 57, &[]),
    made(1, 1, &[LOW_1], 18, &[]),
    made(2, 1, &[MAKES_1], 57, &[]),
    // Round 2.
    made(0, 2, &[NO_SET_OF_3, "H1=10 H2=10 H3=10"], 52, &[]),
    made(1, 2, &[LOW_2], 25, &[]),
    failed(2, 2, &[ONE_OF_EACH]),
    // Round 3.
    made(0, 3, &[MAKES_3], 58, &[]),
    made(1, 3, &[LOW_3], 34, &[]),
    made(2, 2, &[NO_SET_OF_3, "H1=10 H2=10 H3=10"], 52, &[]),
    // Round 4.
    made(0, 4, &[ONE_OF_EACH], 49, &[]),
    failed(1, 4, &["1 2 3 4 5 5 5 5 5 5", "H1=6 H2=6", "H3=6 H4=6"]),
    made(2, 3, &[MAKES_3], 58, &[]),
    // Round 5: seat 0's phases 1 to 5 make 57 + 52 + 58 + 49 + 52 = 268.
    made(0, 5, &[ONE_OF_EACH], 52, &[FIVE_PHASE]),
    made(1, 4, &[LOW_4], 28, &[]),
    made(2, 4, &[ONE_OF_EACH], 49, &[]),
    // Round 6: seat 1's make 18 + 25 + 34 + 28 + 36 = 141; seat 2's 268.
    made(0, 6, &[ONE_TO_EIGHT, "H5=5 H6=5", "H5=9 H6=10"], 54, &[]),
    made(1, 5, &[ONE_TO_EIGHT], 36, &[]),
    made(2, 5, &[ONE_OF_EACH], 52, &[FIVE_PHASE]),
    // Round 7.
    made(0, 7, &[MAKES_7], 58, &[]),
    made(1, 6, &[ONE_OF_EACH], 54, &[]),
    failed(2, 6, &[ONE_TO_EIGHT, "H5=5 H6=5", "H5=8 H6=8"]),
    // Round 8.
    made(0, 8, &[MAKES_8], 55, &[]),
    made(1, 7, &[MAKES_7], 58, &[]),
    failed(2, 6, &["1 1 1 1 5 5 5 5 5 5", "H1=6"]),
    // Round 9.
    made(0, 9, &[MAKES_9], 59, &[]),
    made(1, 8, &[MAKES_8], 55, &[]),
    made(2, 6, &[ONE_OF_EACH], 54, &[]),
    // Round 10: seat 0 finishes first; the others' last tries go on while they make phases.
    made(0, 10, &[MAKES_10], 59, &[FIRST_FINISH]),
    made(1, 9, &[MAKES_9], 59, &[]),
    made(1, 10, &[MAKES_10], 59, &[FIRST_FINISH]),
    made(2, 7, &[MAKES_7], 58, &[]),
    failed(2, 8, &[ONE_OF_EACH, "H6=5b H4=8b", "H4=10b H6=10o"]),
];

/// Each seat's grand total: seat 0: 553 in phases and two bonuses; seat 1: 426 and one; seat 2:
/// 380 and one.
const GRAND_TOTALS: [i64; 3] = [633, 466, 420];

/// Events of the scripted game: its creation, each turn's start and score (the last score is
/// stored as the game's end, `game_finished`), and the 11 re-rolls.
const EVENTS: i64 = 1 + 2 * 32 + 11;

/// Plays a scripted turn with the dice set, checking every roll's dice; returns the scored turn.
#[track_caller]
fn play_scripted(app: &TestApp, game: &Value, seats: &[Value], scripted: &Scripted) -> Value {
    let player = &seats[scripted.seat];
    assert_eq!(&game["current_player_id"], player, "whose turn it is");
    app.set_first_roll(scripted.rolls[0]);
    let mut faces = first_roll(scripted.rolls[0]);
    let mut turn = start(app, game, player).expect(201).json();
    assert_eq!(
        (&turn["state"], &turn["rolls_left"], &turn["phase"]),
        (&json!("rolling"), &json!(2), &json!(scripted.phase))
    );
    assert_eq!(turn["rolls"], json!([rolled_json(&faces, &ALL_DICE)]));
    assert_eq!(turn["dice"], throw_json(&faces));
    assert_real_throw(&turn["dice"]);
    let number = turn["number"].clone();
    let mut throws = vec![rolled_json(&faces, &ALL_DICE)];
    for (again, spec) in scripted.rolls[1..].iter().enumerate() {
        let named: Vec<&str> = spec
            .split_whitespace()
            .map(|token| token.split_once('=').unwrap().0)
            .collect();
        app.set_reroll(spec);
        turn = reroll(app, game, &number, &named).expect(200).json();
        rolled_again(&mut faces, spec);
        throws.push(rolled_json(&faces, &named));
        assert_eq!(turn["rolls"], json!(throws));
        assert_eq!(turn["dice"], throw_json(&faces));
        if again == 1 {
            assert_eq!(turn["state"], "scored", "the third roll scores the turn");
        } else {
            assert_eq!(
                (&turn["state"], &turn["rolls_left"]),
                (&json!("rolling"), &json!(1))
            );
        }
    }
    if scripted.rolls.len() < 3 {
        turn = score(app, game, &number).expect(200).json();
    }
    assert_eq!(
        (&turn["state"], &turn["rolls_left"]),
        (&json!("scored"), &json!(0))
    );
    assert_eq!(turn["rolls"], json!(throws), "scoring rolls nothing");
    assert_eq!(&turn["player_id"], player);
    assert_eq!(turn["phase"], scripted.phase);
    assert_eq!(
        (&turn["made"], &turn["score"]),
        (&json!(scripted.made), &json!(scripted.score)),
        "turn {number}: {}",
        turn["dice"]
    );
    let bonuses: Vec<Value> = scripted
        .bonuses
        .iter()
        .map(|(kind, points)| json!({"kind": kind, "points": points}))
        .collect();
    assert_eq!(turn["bonuses"], json!(bonuses), "turn {number}");
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
    // Bo rolls 10, Cy 8 and Ann 6 for the order.
    app.set_order_rolls(&[6, 10, 8]);
    let game = app.new_game(&["Ann", "Bo", "Cy"], json!({"mode": "digital"}));
    let names: Vec<&Value> = game["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["name"])
        .collect();
    assert_eq!(names, ["Bo", "Cy", "Ann"]);
    let game_id = game["id"].as_str().unwrap().to_string();
    let events = EventStream::open(
        &app.url(&format!("{}/events", game_path(&game))),
        &key,
        Some(0),
    );
    assert_eq!(events.status, 200);
    let seats: Vec<Value> = game["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].clone())
        .collect();
    let mut current = game.clone();
    let mut played = Vec::new();
    for (number, scripted) in GAME.iter().enumerate() {
        let turn = play_scripted(&app, &current, &seats, scripted);
        let number = number + 1;
        assert_eq!(turn["number"], number);
        current = turn["game"].clone();
        played.push(turn);
        // Seat 0 finishes at turn 28; the last tries end the game at turn 32.
        let status = match number {
            ..28 => "in_progress",
            28..32 => "last_round",
            _ => "finished",
        };
        assert_eq!(current["status"], status, "after turn {number}");
    }
    assert_eq!(current["status"], "finished", "the game ends");
    assert_eq!(current["version"], EVENTS);

    // Replay the stored final dice through the rules: every score, bonus and total agrees.
    let stored = stored_turns(&app, &game_id);
    assert_eq!(stored.len(), played.len());
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
        let seat = seats.iter().position(|id| id == player).unwrap();
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
        assert_eq!(line["grand_total"], GRAND_TOTALS[seat]);
        assert_eq!(
            line["grand_total"],
            json!(rules.sheets()[seat].grand_total())
        );
    }
    assert_eq!(rules.winners(), [0]);
    assert_eq!(sheet["winners"], json!([seats[0]]));

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
    let mut faces = first_roll(ONE_OF_EACH);
    app.set_first_roll(ONE_OF_EACH);
    let turn = start(&app, &game, &game["current_player_id"])
        .expect(201)
        .json();
    assert_eq!(turn["dice"], throw_json(&faces));
    let version = turn["game"]["version"].clone();
    let rolls = format!("{path}/turns/{}/rolls", turn["number"]);
    let body = json!({"reroll": ["L1", "L2", "H1", "H2", "H3"]});
    let rolled = "L1=Wr L2=Wo H1=10 H2=10 H3=10";
    app.set_reroll(rolled);
    // A stale If-Match is refused before any die is rolled: the roll after it comes up as set.
    app.post_with(&rolls, &body, &[("If-Match", "\"1\"")])
        .expect_problem(412, "precondition_failed");
    assert_eq!(app.get(&path).expect(200).json()["version"], version);
    let key = [("Idempotency-Key", "roll-1")];
    let first = app.post_with(&rolls, &body, &key).expect(200);
    rolled_again(&mut faces, rolled);
    assert_eq!(first.json()["dice"], throw_json(&faces));
    // Whatever dice a retry would come up on, it is answered with the first roll's.
    app.set_reroll("L1=4 L2=4 H1=9 H2=9 H3=9");
    let again = app.post_with(&rolls, &body, &key).expect(200);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(first.json(), again.json());
    let version = first.json()["game"]["version"].clone();
    assert_eq!(app.get(&path).expect(200).json()["version"], version);
}

crate::on_both_backends!(
    a_digital_game_is_played_to_the_end_and_scored_by_the_rules,
    a_digital_turn_refuses_what_the_rules_do_not_allow,
    a_retried_roll_is_answered_with_the_same_dice,
);
