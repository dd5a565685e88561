//! Properties of changing an entry (RULES §9), on random games through the API: an accepted
//! replacement leaves exactly the game entered from scratch with the changed record, a refused
//! one changes nothing, replacing an entry with itself changes nothing but `edited`, and
//! replacing it back restores the game.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, dice, game_path, spawn_app_with};

/// Rolls a turn may end with: misses, sets, runs, one color, and everything at once.
const ROLLS: [&str; 9] = [
    "",
    "W W W W 10 10 10 10 10 10",
    "10 10 10 10 10 10",
    "10 10 10 W 8 9 10",
    "2 3 4 5 6 7 8 9 10",
    "4o 9o 8o 10o 7o 8o 10o",
    "Wr 1r 2r 5r 7r 9r 9r",
    "3 3 3 3 9 9 9",
    "1 1 1",
];

/// A game's figures as the API shows them, its ids written as seats and what differs between
/// two games of the same record (versions, times, how often an entry was replaced) left out.
fn figures(app: &TestApp, game: &Value, entries: &str) -> Value {
    let path = game_path(game);
    let mut text = json!({
        "game": app.get(&path).expect(200).json(),
        "pad": app.scoresheet(game),
        "entries": app.get(&format!("{path}/{entries}?limit=100")).expect(200).json()["items"],
    })
    .to_string();
    text = text.replace(game["id"].as_str().unwrap(), "game");
    for (seat, player) in game["players"].as_array().unwrap().iter().enumerate() {
        text = text.replace(player["id"].as_str().unwrap(), &format!("seat {seat}"));
    }
    let mut value: Value = serde_json::from_str(&text).unwrap();
    forget(&mut value);
    value
}

fn forget(value: &mut Value) {
    match value {
        Value::Object(fields) => {
            for key in [
                "version",
                "created_at",
                "updated_at",
                "edited",
                "edited_turns",
            ] {
                fields.remove(key);
            }
            fields.values_mut().for_each(forget);
        }
        Value::Array(items) => items.iter_mut().for_each(forget),
        _ => {}
    }
}

fn check(condition: bool, what: impl FnOnce() -> String) -> Result<(), TestCaseError> {
    if condition {
        Ok(())
    } else {
        Err(TestCaseError::fail(what()))
    }
}

/// Records a dice game's turns (rolls by index), each by whoever's turn it is; a roll that
/// cannot be recorded there (no colors on phase 8) is a miss. The turns as recorded: (seat,
/// roll), and the game.
fn dice_game(app: &TestApp, players: usize, rolls: &[usize]) -> (Value, Vec<(usize, usize)>) {
    let names: Vec<String> = (0..players).map(|seat| format!("P{seat}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let game = app.new_game(&names, json!({}));
    let mut now = game.clone();
    let mut record = Vec::new();
    for &roll in rolls {
        let Some(current) = now["current_player_id"].as_str() else {
            break;
        };
        let seat = (0..players)
            .find(|&s| game["players"][s]["id"] == current)
            .unwrap();
        let reply = app.turn(&game, seat, ROLLS[roll]);
        let roll = if reply.status == 201 {
            roll
        } else {
            app.turn(&game, seat, "").expect(201);
            0
        };
        record.push((seat, roll));
        now = app.get(&game_path(&game)).expect(200).json();
    }
    (game, record)
}

fn dice_property(
    app: &TestApp,
    players: usize,
    rolls: &[usize],
    at: usize,
    new: usize,
) -> Result<(), TestCaseError> {
    let (game, record) = dice_game(app, players, rolls);
    if record.is_empty() {
        return Ok(());
    }
    let number = at % record.len() + 1;
    let path = format!("{}/turns/{number}", game_path(&game));
    let before = figures(app, &game, "turns");

    // Replacing a turn with its own dice changes nothing but `edited`.
    let own = json!({"dice": dice(ROLLS[record[number - 1].1])});
    let same = app.put(&path, &own);
    check(same.status == 200, || {
        format!("the same dice again: {}", same.text)
    })?;
    check(figures(app, &game, "turns") == before, || {
        "the same dice changed the game".into()
    })?;

    let reply = app.put(&path, &json!({"dice": dice(ROLLS[new])}));
    if reply.status != 200 {
        check(reply.status == 422, || {
            format!("an unexpected refusal: {}", reply.text)
        })?;
        return check(figures(app, &game, "turns") == before, || {
            format!("a refused replacement changed the game: {}", reply.text)
        });
    }
    // Exactly the game entered from scratch with the changed record.
    let mut changed = record.clone();
    changed[number - 1].1 = new;
    let names: Vec<String> = (0..players).map(|seat| format!("P{seat}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let fresh = app.new_game(&names, json!({}));
    for (seat, roll) in &changed {
        let entered = app.turn(&fresh, *seat, ROLLS[*roll]);
        check(entered.status == 201, || {
            format!(
                "the changed record does not enter from scratch: {}",
                entered.text
            )
        })?;
    }
    check(
        figures(app, &game, "turns") == figures(app, &fresh, "turns"),
        || format!("turn {number} replaced is not the game entered from scratch"),
    )?;
    // Replacing it back restores the game.
    app.put(&path, &own).expect(200);
    check(figures(app, &game, "turns") == before, || {
        "replacing back did not restore it".into()
    })
}

/// A hand, by seat: who went out, and each other player's (made, points).
#[derive(Debug, Clone)]
struct Hand {
    went_out: usize,
    lines: Vec<(bool, u32)>,
}

fn hand_strategy(players: usize) -> impl Strategy<Value = Hand> {
    let line = (any::<bool>(), 0..5usize).prop_map(|(made, pick)| {
        if made {
            (true, [5, 10, 15, 20, 25][pick])
        } else {
            (false, [50, 60, 75, 90, 100][pick])
        }
    });
    (0..players, prop::collection::vec(line, players))
        .prop_map(|(went_out, lines)| Hand { went_out, lines })
}

/// A hand's body for a game, or the tie-break hand won by `went_out` (no lines).
fn hand_body(game: &Value, hand: &Hand, tie_break: bool) -> Value {
    let id = |seat: usize| game["players"][seat]["id"].clone();
    if tie_break {
        return json!({"went_out": id(hand.went_out)});
    }
    let players: Vec<Value> = hand
        .lines
        .iter()
        .enumerate()
        .map(|(seat, (made, points))| {
            if seat == hand.went_out {
                json!({"player_id": id(seat), "made": true, "points": 0})
            } else {
                json!({"player_id": id(seat), "made": made, "points": points})
            }
        })
        .collect();
    json!({"went_out": id(hand.went_out), "players": players})
}

/// Records a card game's hands while it is in play, as a tie-break hand when one is due; a
/// hand the rules refuse is left out. The hands as recorded (and whether each was a tie-break).
fn card_game(app: &TestApp, phases: &[u8], hands: &[Hand]) -> (Value, Vec<(Hand, bool)>) {
    let names: Vec<String> = (0..hands[0].lines.len()).map(|s| format!("P{s}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let game = app.new_game(&names, json!({"game": "cards", "phases": phases}));
    let path = format!("{}/hands", game_path(&game));
    let mut record = Vec::new();
    for hand in hands {
        let status = app.get(&game_path(&game)).expect(200).json()["status"].clone();
        let tie_break = status == "tie_break";
        if status == "finished" {
            break;
        }
        if app.post(&path, &hand_body(&game, hand, tie_break)).status == 201 {
            record.push((hand.clone(), tie_break));
        }
    }
    (game, record)
}

fn card_property(
    app: &TestApp,
    phases: &[u8],
    hands: &[Hand],
    at: usize,
    new: &Hand,
) -> Result<(), TestCaseError> {
    let (game, record) = card_game(app, phases, hands);
    if record.is_empty() {
        return Ok(());
    }
    let number = at % record.len() + 1;
    let path = format!("{}/hands/{number}", game_path(&game));
    let before = figures(app, &game, "hands");
    let (old, tie_break) = &record[number - 1];
    let own = hand_body(&game, old, *tie_break);
    let same = app.put(&path, &own);
    check(same.status == 200, || {
        format!("the same hand again: {}", same.text)
    })?;
    check(figures(app, &game, "hands") == before, || {
        "the same hand changed the game".into()
    })?;

    let reply = app.put(&path, &hand_body(&game, new, *tie_break));
    if reply.status != 200 {
        check([409, 422].contains(&reply.status), || {
            format!("an unexpected refusal: {}", reply.text)
        })?;
        return check(figures(app, &game, "hands") == before, || {
            format!("a refused replacement changed the game: {}", reply.text)
        });
    }
    let mut changed = record.clone();
    changed[number - 1].0 = new.clone();
    let names: Vec<String> = (0..new.lines.len()).map(|s| format!("P{s}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let fresh = app.new_game(&names, json!({"game": "cards", "phases": phases}));
    for (hand, tie_break) in &changed {
        let entered = app.post(
            &format!("{}/hands", game_path(&fresh)),
            &hand_body(&fresh, hand, *tie_break),
        );
        check(entered.status == 201, || {
            format!(
                "the changed record does not enter from scratch: {}",
                entered.text
            )
        })?;
    }
    check(
        figures(app, &game, "hands") == figures(app, &fresh, "hands"),
        || format!("hand {number} replaced is not the game entered from scratch"),
    )?;
    app.put(&path, &own).expect(200);
    check(figures(app, &game, "hands") == before, || {
        "replacing back did not restore it".into()
    })
}

fn runner() -> TestRunner {
    TestRunner::new(Config {
        cases: 24,
        failure_persistence: None,
        ..Config::default()
    })
}

fn a_replaced_turn_is_the_game_entered_from_scratch(backend: Backend) {
    let mut app = spawn_app_with(backend, &["--rate-limit-writes=0"]);
    app.sign_up("Ann");
    let strategy = (
        1..=4usize,
        prop::collection::vec(0..ROLLS.len(), 4..40),
        any::<usize>(),
        0..ROLLS.len(),
    );
    runner()
        .run(&strategy, |(players, rolls, at, new)| {
            dice_property(&app, players, &rolls, at, new)
        })
        .unwrap();
}

fn a_replaced_hand_is_the_game_entered_from_scratch(backend: Backend) {
    let mut app = spawn_app_with(backend, &["--rate-limit-writes=0"]);
    app.sign_up("Ann");
    let strategy = (2..=4usize).prop_flat_map(|players| {
        (
            prop::sample::subsequence(vec![1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10], 2..=6),
            prop::collection::vec(hand_strategy(players), 2..14),
            any::<usize>(),
            hand_strategy(players),
        )
    });
    runner()
        .run(&strategy, |(phases, hands, at, new)| {
            card_property(&app, &phases, &hands, at, &new)
        })
        .unwrap();
}

crate::on_both_backends!(
    a_replaced_turn_is_the_game_entered_from_scratch,
    a_replaced_hand_is_the_game_entered_from_scratch,
);
