//! The best whole solitaire game over HTTP (RULES §11, API.md "Whole-game advice"):
//! `GET /v1/solitaire`, `POST /v1/advice` with `goal: game`, and a digital solitaire turn's
//! advice with `goal=game`. The figures are the rules' (checked against brute force and the
//! committed solution in `crates/rules/src/whole_game/tests.rs`); here they must arrive unchanged, and what
//! cannot be advised must be refused in words.

use phase10::rules::PHASES;
use phase10::rules::dice::advice::Lying;
use phase10::whole_game::advice::GameAdvisor;
use phase10::whole_game::{State, published};
use serde_json::json;

use crate::helpers::{Backend, dice, game_path, spawn_app};

fn the_best_solitaire_game_is_published(backend: Backend) {
    let app = spawn_app(backend);
    let answer = app.get("/v1/solitaire").expect(200).json();
    let solved = published();
    assert_eq!(
        answer["expected_grand_total"],
        json!(solved.expected_grand_total)
    );
    assert_eq!(
        answer["every_turn_for_make"],
        json!(solved.every_turn_for_make)
    );
    assert_eq!(answer["best_possible"], 649.0);
    assert_eq!(answer["states"]["phase_1"], answer["expected_grand_total"]);
    assert_eq!(
        answer["states"]["phase_5"].as_array().unwrap().len(),
        solved.states.phase_5.len()
    );
    assert_eq!(answer["phase_8"]["theta"], json!(solved.phase_8.theta));
    assert_eq!(answer["chances"]["phase_8"], json!(solved.phase_8.chance));
}

fn a_position_is_advised_for_the_whole_game(backend: Backend) {
    let app = spawn_app(backend);
    let table = "8 8 3 10 W 5 6 1 9 2";
    let answer = app
        .post(
            "/v1/advice",
            &json!({"phase": 2, "dice": dice(table), "rolls_left": 2, "goal": "game",
                    "game_state": {"phases_total": 41}}),
        )
        .expect(200)
        .json();
    let lying: Vec<Lying> = table
        .split(' ')
        .map(|t| Lying {
            die: t.parse().unwrap(),
            id: None,
        })
        .collect();
    let at = State {
        phase: 2,
        phases_total: 41,
        failed_on_phase_10: false,
    };
    let rules = GameAdvisor::new(None)
        .advise(&PHASES[1], &lying, 2, at)
        .unwrap();
    assert_eq!(answer["goal"], "game");
    assert_eq!(answer["expected_to_come"], json!(rules.expected_to_come));
    assert_eq!(answer["reroll"], json!(rules.reroll()));
    let options = answer["options"].as_array().unwrap();
    assert_eq!(options.len(), 5);
    for (option, choice) in options.iter().zip(&rules.options) {
        assert_eq!(option["expected_to_come"], json!(choice.expected_to_come));
        assert_eq!(option["chance"], json!(choice.chance));
        assert!(
            option["summary"]
                .as_str()
                .unwrap()
                .contains("points to come"),
            "{option}"
        );
    }
    // best first
    let to_come: Vec<f64> = options
        .iter()
        .map(|o| o["expected_to_come"].as_f64().unwrap())
        .collect();
    assert!(to_come.windows(2).all(|w| w[0] >= w[1]));
    // Before the first roll: the state's own value. The other goals say nothing of it.
    let start = app
        .post(
            "/v1/advice",
            &json!({"phase": 1, "rolls_left": 3, "goal": "game", "game_state": {"phases_total": 0}}),
        )
        .expect(200)
        .json();
    assert_eq!(
        start["expected_to_come"],
        json!(published().expected_grand_total)
    );
    let make = app
        .post("/v1/advice", &json!({"phase": 1, "rolls_left": 3}))
        .expect(200)
        .json();
    assert!(make.get("expected_to_come").is_none());
}

fn what_cannot_be_advised_for_the_whole_game_is_refused_in_words(backend: Backend) {
    let app = spawn_app(backend);
    let table = dice("8 8 3 10 W 5 6 1 9 2");
    for (body, code, words) in [
        (
            json!({"phase": 1, "rolls_left": 3, "goal": "game"}),
            "no_such_game_state",
            "give game_state",
        ),
        (
            json!({"phase": 1, "rolls_left": 3, "game_state": {"phases_total": 0}}),
            "no_such_game_state",
            "only with goal game",
        ),
        (
            json!({"phase": 3, "rolls_left": 3, "goal": "game", "game_state": {"phases_total": 400}}),
            "no_such_game_state",
            "at most 117 points",
        ),
        (
            json!({"phase": 4, "rolls_left": 3, "goal": "game",
                   "game_state": {"phases_total": 100, "failed_on_phase_10": true}}),
            "no_such_game_state",
            "on phase 4",
        ),
        (
            json!({"phase": 1, "rolls_left": 2, "goal": "game", "dice": table,
                   "game_state": {"phases_total": 0}, "dice_layout": "any_colors"}),
            "invalid_value",
            "standard dice",
        ),
    ] {
        let problem = app.post("/v1/advice", &body).expect_problem(422, code);
        let detail = problem["detail"].as_str().unwrap();
        assert!(detail.contains(words), "{detail}");
    }
    // Phase 8 with two rolls left needs the operator's table; with one it is advised.
    let colors = json!([
        {"value": 1, "color": "blue"}, {"value": 2, "color": "blue"}, {"value": 2, "color": "red"},
        {"value": 3, "color": "blue"}, {"value": 7, "color": "blue"}, {"value": 6, "color": "blue"},
        {"value": 6, "color": "red"}, {"value": 8, "color": "blue"}, {"value": 5, "color": "blue"},
        {"value": 5, "color": "blue"}]);
    let phase_8 = |rolls_left| {
        json!({"phase": 8, "rolls_left": rolls_left, "goal": "game", "dice": colors,
               "game_state": {"phases_total": 300}})
    };
    let problem = app
        .post("/v1/advice", &phase_8(2))
        .expect_problem(422, "phase8_table_missing");
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains("goal make or score"), "{detail}");
    app.post("/v1/advice", &phase_8(1)).expect(200);
}

fn a_digital_solitaire_turn_is_advised_for_the_whole_game(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    for (players, status) in [(vec!["Ann"], 200), (vec!["Ann", "Bo"], 422)] {
        let game = app.new_game(&players, json!({"mode": "digital"}));
        let path = game_path(&game);
        app.set_first_roll("1 2 3 4 8 8 5 6 9 10");
        let turn = app
            .post(
                &format!("{path}/turns"),
                &json!({"player_id": game["current_player_id"]}),
            )
            .expect(201)
            .json();
        let advice = format!("{path}/turns/{}/advice?goal=game", turn["number"]);
        if status == 200 {
            let answer = app.get(&advice).expect(200).json();
            assert_eq!(answer["goal"], "game");
            assert!(answer["expected_to_come"].as_f64().unwrap() > 300.0);
            assert!(answer["options"][0]["expected_to_come"].is_number());
        } else {
            let problem = app.get(&advice).expect_problem(422, "solitaire_only");
            let detail = problem["detail"].as_str().unwrap();
            assert!(detail.contains("several players"), "{detail}");
        }
    }
}

crate::on_both_backends!(
    the_best_solitaire_game_is_published,
    a_position_is_advised_for_the_whole_game,
    what_cannot_be_advised_for_the_whole_game_is_refused_in_words,
    a_digital_solitaire_turn_is_advised_for_the_whole_game,
);
