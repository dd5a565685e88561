//! A digital game's review over HTTP (RULES §12, API.md "Game review"): its fields, its figures
//! as the rules give them (every figure is checked against brute force in
//! `crates/rules/tests/review_reference.rs`; here they must arrive unchanged), the dice each roll rolled, and
//! who may read it.

use phase10::rules::PHASES;
use phase10::rules::dice::advice::{Goal, Lying, advise, one_turn_of};
use phase10::rules::dice::layout::{DiceLayout, DieId};
use phase10::rules::dice::review::Label;
use phase10::rules::dice::{Color, Die};
use phase10::whole_game::published;
use serde_json::{Value, json};

use crate::helpers::{Backend, game_path, spawn_app};

const CLOSE: f64 = 1e-12;

fn number(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("{value} is not a number"))
}

/// The dice of a roll as the advisor takes them.
fn lying(dice: &Value) -> Vec<Lying> {
    dice.as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let text = match &d["value"] {
                Value::String(w) => w.clone(),
                n => n.to_string(),
            };
            let face: Die = text.parse().unwrap();
            let color = Color::from_name(d["color"].as_str().unwrap());
            Lying {
                die: Die::new(face.face, color),
                id: DieId::from_name(d["die"].as_str().unwrap()),
            }
        })
        .collect()
}

/// Each figure of a turn reviewed for make is the advisor's, and they add up.
#[track_caller]
fn check_turn_for_make(turn: &Value) {
    let phase = &PHASES[turn["phase"].as_u64().unwrap() as usize - 1];
    let before = one_turn_of(phase, Goal::Make).chance.to_f64();
    assert!((number(&turn["value_before"]) - before).abs() < CLOSE);
    let mut expected = before;
    let (mut luck, mut error) = (0.0, 0.0);
    for roll in turn["rolls"].as_array().unwrap() {
        let rolls_left = roll["rolls_left"].as_u64().unwrap() as u8;
        let dice = lying(&roll["dice"]);
        let advice = advise(phase, DiceLayout::Standard, &dice, rolls_left, Goal::Make).unwrap();
        let worth = advice.outlook.chance.to_f64();
        assert!((number(&roll["value_after_roll"]) - worth).abs() < CLOSE);
        assert!((number(&roll["luck"]) - (worth - expected)).abs() < CLOSE);
        luck += number(&roll["luck"]);
        expected = worth;
        if let Some(decision) = roll["decision"].as_object() {
            let best: Vec<usize> = advice.reroll().to_vec();
            assert_eq!(decision["best_reroll"], json!(best));
            assert!((number(&decision["value_best"]) - worth).abs() < CLOSE);
            let err = number(&decision["error"]);
            assert!(err >= 0.0);
            let chosen = number(&decision["value_chosen"]);
            assert!((worth - chosen - err).abs() < CLOSE);
            let label = format!("{:?}", Label::of(err * 100.0)).to_lowercase();
            assert_eq!(decision["label"], json!(label));
            error += err;
            expected = chosen;
        } else {
            assert_eq!(rolls_left, 0, "a decision while rolls are left");
        }
    }
    assert!((number(&turn["result"]) - expected).abs() < CLOSE);
    assert!((number(&turn["luck"]) - luck).abs() < 1e-9);
    assert!((number(&turn["error"]) - error).abs() < 1e-9);
    let (result, value_before) = (number(&turn["result"]), number(&turn["value_before"]));
    assert!((result - value_before - (luck - error)).abs() < 1e-9);
}

fn a_digital_game_is_reviewed_for_make(backend: Backend) {
    let mut app = spawn_app(backend);
    let ann = app.sign_up("Ann");
    app.set_order_rolls(&[10, 5]);
    let game = app.new_game(&["Ann", "Bo <the ace> & co"], json!({"mode": "digital"}));
    let path = game_path(&game);
    let first = game["current_player_id"].clone();
    // Ann keeps her three 9s and rolls L1, L2 and H6 again: L1 comes up 1 again, as it was.
    app.set_first_roll("1 2 3 4 9 9 9 5 6 7");
    let turn = app
        .post(&format!("{path}/turns"), &json!({"player_id": first}))
        .expect(201)
        .json();
    app.set_reroll("L1=1 L2=Wb H6=9");
    let rolled = app
        .post(
            &format!("{path}/turns/{}/rolls", turn["number"]),
            &json!({"reroll": ["L1", "L2", "H6"]}),
        )
        .expect(200)
        .json();
    let flags: Vec<bool> = rolled["rolls"][1]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["rolled"].as_bool().unwrap())
        .collect();
    let named = [
        true, true, false, false, false, false, false, false, false, true,
    ];
    assert_eq!(
        flags, named,
        "the dice a re-roll rolled, one on its old face"
    );
    assert!(
        rolled["rolls"][0]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["rolled"] == true)
    );
    let scored = app
        .post(
            &format!("{path}/turns/{}/score", turn["number"]),
            &json!({}),
        )
        .expect(200)
        .json();
    // Bo stops at once; then a third turn is left rolling.
    let second = scored["game"]["current_player_id"].clone();
    app.set_first_roll("1 1 3 4 5 5 6 7 8 10");
    let bo = app
        .post(&format!("{path}/turns"), &json!({"player_id": second}))
        .expect(201)
        .json();
    app.post(&format!("{path}/turns/{}/score", bo["number"]), &json!({}))
        .expect(200);
    app.set_first_roll("1 2 3 4 5 6 7 8 9 10");
    app.post(&format!("{path}/turns"), &json!({"player_id": first}))
        .expect(201);

    let reply = app.get(&format!("{path}/review")).expect(200);
    let etag = reply.header("etag").unwrap().to_owned();
    let review = reply.json();
    assert_eq!(review["game_id"], game["id"]);
    assert_eq!(review["goal"], "make");
    assert!(review.get("note").is_none());
    let turns = review["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 2, "the turn still rolling is left out");
    assert_eq!(turns[0]["player_id"], first);
    let ann_rolls = turns[0]["rolls"].as_array().unwrap();
    assert_eq!(ann_rolls.len(), 2);
    assert_eq!(ann_rolls[0]["rolls_left"], 2);
    assert_eq!(ann_rolls[0]["decision"]["reroll"], json!([0, 1, 9]));
    assert_eq!(ann_rolls[1]["dice"], rolled["rolls"][1]);
    assert_eq!(ann_rolls[1]["decision"]["reroll"], json!([]), "she stopped");
    assert_eq!(turns[1]["rolls"].as_array().unwrap().len(), 1);
    assert_eq!(turns[1]["rolls"][0]["decision"]["reroll"], json!([]));
    for turn in turns {
        check_turn_for_make(turn);
    }
    // Each player's figures add up their turns'.
    let players = review["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    for player in players {
        let theirs: Vec<&Value> = turns
            .iter()
            .filter(|t| t["player_id"] == player["player_id"])
            .collect();
        let decisions: Vec<&Value> = theirs
            .iter()
            .flat_map(|t| t["rolls"].as_array().unwrap())
            .filter(|r| r["decision"].is_object())
            .map(|r| &r["decision"])
            .collect();
        assert_eq!(player["decisions"], json!(decisions.len()));
        let labels = &player["labels"];
        let counted: u64 = ["best", "good", "inaccuracy", "mistake", "blunder"]
            .iter()
            .map(|l| labels[l].as_u64().unwrap())
            .sum();
        assert_eq!(counted, decisions.len() as u64);
        let luck: f64 = theirs.iter().map(|t| number(&t["luck"])).sum();
        assert!((number(&player["luck"]) - luck).abs() < 1e-9);
        let ratio: f64 = decisions
            .iter()
            .map(|d| number(&d["value_chosen"]) / number(&d["value_best"]))
            .sum();
        let accuracy = 100.0 * ratio / decisions.len() as f64;
        assert!((number(&player["accuracy"]) - accuracy).abs() < 1e-9);
    }
    // Read again with its tag: nothing new.
    app.get_with(&format!("{path}/review"), &[("If-None-Match", &etag)])
        .expect(304);
    the_review_prints(&app, &path, &review, &etag);
    // Nobody else reads it.
    app.with_key(None)
        .get(&format!("{path}/review"))
        .expect_problem(401, "unauthorized");
    let stranger = app.sign_up("Cy");
    app.with_key(Some(&stranger))
        .get(&format!("{path}/review"))
        .expect_problem(404, "not_found");
    app.with_key(Some(&ann))
        .get(&format!("{path}/review"))
        .expect(200);
}

/// The same review as a page that prints, in the reader's language, each choice in a sentence.
#[track_caller]
fn the_review_prints(app: &crate::helpers::TestApp, path: &str, review: &Value, etag: &str) {
    let page = app
        .get_with(&format!("{path}/review"), &[("Accept", "text/html")])
        .expect(200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let version = etag.trim_matches('"');
    let html_tag = format!("\"{version}-html\"");
    assert_eq!(
        page.header("etag"),
        Some(html_tag.as_str()),
        "its own entity tag"
    );
    assert_eq!(page.header("vary"), Some("Accept, Accept-Language"));
    let policy = page.header("content-security-policy").expect("a CSP");
    assert!(policy.starts_with("default-src 'none'"), "{policy}");
    assert!(!policy.contains("script-src"), "{policy}");
    let html = page.text;
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(
        html.contains("<h1>Review · Ann · Bo &lt;the ace&gt; &amp; co</h1>"),
        "{html}"
    );
    // Ann kept her three 9s and four more, rolled three, then stopped.
    let first = &review["turns"][0]["rolls"][0]["decision"];
    let kept = format!(
        "Kept 9 9 9 6 5 4 3 and rolled three: {:.0}%",
        100.0 * number(&first["value_chosen"])
    );
    assert!(html.contains(&kept), "{kept} in {html}");
    assert!(
        html.contains("<th scope=\"row\">Bo &lt;the ace&gt; &amp; co</th>"),
        "{html}"
    );
    assert!(html.contains("<h2>The costliest choices first</h2>"));
    assert!(html.contains("Turn 1 · Ann · phase 1"));
    let spanish = app
        .get_with(
            &format!("{path}/review?lang=es"),
            &[("Accept", "text/html")],
        )
        .expect(200);
    assert_eq!(spanish.header("content-language"), Some("es"));
    let guardo = format!(
        "Guardó 9 9 9 6 5 4 3 y tiró tres: {:.0} %",
        100.0 * number(&first["value_chosen"])
    );
    assert!(
        spanish.text.contains(&guardo),
        "{guardo} in {}",
        spanish.text
    );
    app.get_with(
        &format!("{path}/review"),
        &[("Accept", "text/html"), ("If-None-Match", &html_tag)],
    )
    .expect(304);
    app.get_with(&format!("{path}/review"), &[("Accept", "text/csv")])
        .expect_problem(406, "not_acceptable");
}

fn a_solitaire_game_is_reviewed_for_the_whole_game(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({"mode": "digital"}));
    let path = game_path(&game);
    app.set_first_roll("1 2 3 4 9 9 9 5 6 7");
    let turn = app
        .post(
            &format!("{path}/turns"),
            &json!({"player_id": game["current_player_id"]}),
        )
        .expect(201)
        .json();
    app.post(
        &format!("{path}/turns/{}/score", turn["number"]),
        &json!({}),
    )
    .expect(200);
    let review = app.get(&format!("{path}/review")).expect(200).json();
    assert_eq!(review["goal"], "game");
    let first = &review["turns"][0];
    let start = published().expected_grand_total;
    assert!((number(&first["value_before"]) - start).abs() < 1e-9);
    // Phase 1 missed: 5 points lost and the same state again.
    assert!((number(&first["result"]) - (start - 5.0)).abs() < 1e-9);
    let (result, before) = (number(&first["result"]), number(&first["value_before"]));
    let (luck, error) = (number(&first["luck"]), number(&first["error"]));
    assert!((result - before - (luck - error)).abs() < 1e-9);
}

fn only_a_digital_game_of_the_caller_is_reviewed(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let table = app.new_game(&["Ann", "Bo"], json!({}));
    app.turn(&table, 0, "8 8 8 10 W W").expect(201);
    let problem = app
        .get(&format!("{}/review", game_path(&table)))
        .expect_problem(409, "no_rolls");
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains("tabletop"), "{detail}");
    let cards = app.new_game(&["Ann", "Bo"], json!({"game": "cards"}));
    app.get(&format!("{}/review", game_path(&cards)))
        .expect_problem(409, "wrong_game");
    app.get("/v1/games/00000000-0000-4000-8000-000000000000/review")
        .expect_problem(404, "not_found");
}

/// Plays a digital game to its end, each choice the advice's best; returns the game.
fn play_to_the_end(app: &crate::helpers::TestApp, game: &Value) -> Value {
    let path = game_path(game);
    let mut now = app.get(&path).expect(200).json();
    for _ in 0..400 {
        if now["status"] == "finished" {
            return now;
        }
        let mut turn = app
            .post(
                &format!("{path}/turns"),
                &json!({"player_id": now["current_player_id"]}),
            )
            .expect(201)
            .json();
        while turn["state"] == "rolling" {
            let at = format!("{path}/turns/{}", turn["number"]);
            let advice = app.get(&format!("{at}/advice")).expect(200).json();
            turn = match advice["reroll"].as_array().unwrap().is_empty() {
                true => app
                    .post(&format!("{at}/score"), &json!({}))
                    .expect(200)
                    .json(),
                false => app
                    .post(&format!("{at}/rolls"), &json!({"reroll": advice["reroll"]}))
                    .expect(200)
                    .json(),
            };
        }
        now = turn["game"].clone();
    }
    panic!("the game did not end in 400 turns");
}

/// A person's review figures, read from their stats.
fn review_of(app: &crate::helpers::TestApp, person_id: &Value) -> Value {
    let id = person_id.as_str().unwrap();
    app.get(&format!("/v1/people/{id}/stats"))
        .expect(200)
        .json()["dice"]["review"]
        .clone()
}

#[track_caller]
fn assert_counted(stats: &Value, reviewed: &Value) {
    assert_eq!(stats["decisions"], reviewed["decisions"]);
    assert_eq!(stats["labels"], reviewed["labels"]);
    assert!((number(&stats["luck"]) - number(&reviewed["luck"])).abs() < 1e-8);
    assert!((number(&stats["accuracy"]) - number(&reviewed["accuracy"])).abs() < 1e-6);
}

fn a_person_s_figures_add_up_the_reviews_of_their_finished_games(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({"mode": "digital"}));
    let players: Vec<Value> = game["players"].as_array().unwrap().clone();
    // While the game is in play, nothing counts.
    let none = review_of(&app, &players[0]["person_id"]);
    assert_eq!(
        none,
        json!({"decisions": 0, "accuracy": null, "luck": 0.0,
        "labels": {"best": 0, "good": 0, "inaccuracy": 0, "mistake": 0, "blunder": 0}})
    );
    let finished = play_to_the_end(&app, &game);
    let path = game_path(&game);
    let review = app.get(&format!("{path}/review")).expect(200).json();
    let reviewed = |player: &Value| {
        review["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["player_id"] == player["id"])
            .unwrap()
            .clone()
    };
    for player in &players {
        assert_counted(&review_of(&app, &player["person_id"]), &reviewed(player));
    }
    // The owner takes back the last turn: the game is in play again and counts for nothing.
    assert_eq!(finished["status"], "finished");
    let turns = app
        .get(&format!("{path}/turns?limit=100"))
        .expect(200)
        .json();
    let latest = turns["items"].as_array().unwrap().last().unwrap()["number"].clone();
    app.delete(&format!("{path}/turns/{latest}")).expect(200);
    for player in &players {
        assert_eq!(review_of(&app, &player["person_id"])["decisions"], 0);
    }
    // Played to the end again, it counts as its review now says.
    play_to_the_end(&app, &game);
    let review = app.get(&format!("{path}/review")).expect(200).json();
    assert!(!review["turns"].as_array().unwrap().is_empty());
    for player in &players {
        let now = review["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["player_id"] == player["id"])
            .unwrap()
            .clone();
        assert_counted(&review_of(&app, &player["person_id"]), &now);
    }
    // Deleted, it counts no more; a finished solitaire game never counts.
    app.delete(&path).expect(204);
    for player in &players {
        assert_eq!(review_of(&app, &player["person_id"])["decisions"], 0);
    }
    let alone = app.new_game(&["Ann"], json!({"mode": "digital"}));
    play_to_the_end(&app, &alone);
    assert_eq!(review_of(&app, &players[0]["person_id"])["decisions"], 0);
}

crate::on_both_backends!(
    a_person_s_figures_add_up_the_reviews_of_their_finished_games,
    a_digital_game_is_reviewed_for_make,
    a_solitaire_game_is_reviewed_for_the_whole_game,
    only_a_digital_game_of_the_caller_is_reviewed,
);
