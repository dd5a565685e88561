//! The advisor over HTTP (RULES §8, API.md "Advice"): the open `POST /v1/advice`, a digital
//! turn's advice, and each phase's whole turn in `GET /v1/phases`. The figures are the rules'
//! own (checked against a brute force in `crates/rules/tests/advice_reference.rs`); here they must arrive
//! unchanged, and bad positions must be refused in words.

use phase10::rules::PHASES;
use phase10::rules::dice::advice::{Goal, Lying, advise, one_turn_of};
use phase10::rules::dice::layout::{DiceLayout, DieId};
use serde_json::{Value, json};

use crate::helpers::{Backend, dice, first_roll, game_path, spawn_app};

/// Phase 1 with one pair of 8s, a wild and the rest odd: a position with real choices.
const TABLE: &str = "8 8 3 10 W 5 6 1 9 2";

fn lying(text: &str) -> Vec<Lying> {
    text.split(' ')
        .map(|t| Lying {
            die: t.parse().unwrap(),
            id: None,
        })
        .collect()
}

fn the_advice_is_the_rules_exact_figures(backend: Backend) {
    let app = spawn_app(backend);
    for (goal, rolls_left) in [(Goal::Make, 1), (Goal::Score, 2)] {
        let name = serde_json::to_value(goal).unwrap();
        let answer = app
            .post(
                "/v1/advice",
                &json!({"phase": 1, "dice": dice(TABLE), "rolls_left": rolls_left, "goal": name}),
            )
            .expect(200)
            .json();
        let rules = advise(
            &PHASES[0],
            DiceLayout::Standard,
            &lying(TABLE),
            rolls_left,
            goal,
        )
        .unwrap();
        assert_eq!(answer["phase"], 1);
        assert_eq!(answer["goal"], name);
        assert_eq!(answer["rolls_left"], rolls_left);
        assert_eq!(answer["chance"], json!(rules.outlook.chance.to_f64()));
        assert_eq!(
            answer["expected_score"],
            json!(rules.outlook.expected_score.to_f64())
        );
        assert_eq!(answer["reroll"], json!(rules.reroll()));
        let options = answer["options"].as_array().unwrap();
        assert_eq!(options.len(), 5);
        for (option, choice) in options.iter().zip(&rules.options) {
            assert_eq!(option["reroll"], json!(choice.reroll));
            assert_eq!(option["chance"], json!(choice.outlook.chance.to_f64()));
            // what is kept is every other die, and the sentence says so
            let keep: Vec<usize> = (0..10).filter(|i| !choice.reroll.contains(i)).collect();
            assert_eq!(option["keep"], json!(keep));
            assert_eq!(option["summary"], json!(choice.summary));
            let summary = choice.summary.as_str();
            assert!(
                summary.starts_with("Keep ") || summary.starts_with("Roll all ten again"),
                "{summary}"
            );
            assert!(summary.contains("% to make phase 1"), "{summary}");
        }
        assert_eq!(options[0]["reroll"], answer["reroll"]);
        assert_eq!(answer["summary"], options[0]["summary"]);
    }
    // Goal `make` by default; with no roll left the turn is over: the dice as they are.
    let over = app
        .post(
            "/v1/advice",
            &json!({"phase": 1, "dice": dice("8 8 8 10 W W 5 6 1 2"), "rolls_left": 0}),
        )
        .expect(200)
        .json();
    assert_eq!(over["goal"], "make");
    assert_eq!(
        (over["chance"].clone(), over["expected_score"].clone()),
        (json!(1.0), json!(34.0))
    );
    let said = "The turn is over: these dice make phase 1 for 34 points";
    assert_eq!(
        over["options"],
        json!([{"reroll": [], "keep": (0..10).collect::<Vec<_>>(), "chance": 1.0,
                "expected_score": 34.0, "summary": said}])
    );
    assert_eq!(over["summary"], said);
}

fn before_the_first_roll_the_advice_is_a_whole_turn_as_the_phases_list_says(backend: Backend) {
    let app = spawn_app(backend);
    let phases = app.get("/v1/phases").expect(200).json();
    for (phase, listed) in PHASES.iter().zip(phases.as_array().unwrap()) {
        let whole = &listed["one_turn"];
        assert_eq!(
            whole["chance"],
            json!(one_turn_of(phase, Goal::Make).chance.to_f64())
        );
        assert_eq!(
            whole["expected_score"],
            json!(one_turn_of(phase, Goal::Score).expected_score.to_f64())
        );
    }
    let answer = app
        .post("/v1/advice", &json!({"phase": 4, "rolls_left": 3}))
        .expect(200)
        .json();
    assert_eq!(answer["chance"], phases[3]["one_turn"]["chance"]);
    assert_eq!(
        (answer["reroll"].clone(), answer["options"].clone()),
        (json!([]), json!([]))
    );
    // Nothing to choose yet, and the answer says so.
    let chance = (phases[3]["one_turn"]["chance"].as_f64().unwrap() * 100.0).round();
    assert_eq!(
        answer["summary"],
        format!("Roll all ten dice, then play as advised: {chance}% to make phase 4")
    );
}

fn bad_positions_are_refused_in_words(backend: Backend) {
    let app = spawn_app(backend);
    let refused = |body: Value, status: u16, code: &str, field: &str| {
        let problem = app.post("/v1/advice", &body).expect_problem(status, code);
        if !field.is_empty() {
            assert_eq!(problem["errors"][0]["field"], field, "{problem}");
        }
        problem
    };
    let nine = dice("8 8 3 10 W 5 6 1 9");
    let problem = refused(
        json!({"phase": 1, "dice": nine, "rolls_left": 1}),
        422,
        "dice_on_table",
        "dice",
    );
    assert!(
        problem["detail"].as_str().unwrap().contains("10 dice"),
        "{problem}"
    );
    refused(
        json!({"phase": 1, "dice": dice(TABLE), "rolls_left": 3}),
        422,
        "dice_on_table",
        "dice",
    );
    refused(
        json!({"phase": 1, "dice": dice("10 10 10 10 10 10 10 1 2 3"), "rolls_left": 1}),
        422,
        "not_rollable",
        "dice[6]",
    );
    refused(
        json!({"phase": 11, "dice": dice(TABLE), "rolls_left": 1}),
        422,
        "invalid_phase",
        "phase",
    );
    refused(
        json!({"phase": 1, "dice": dice(TABLE), "rolls_left": 4}),
        422,
        "invalid_value",
        "rolls_left",
    );
    refused(
        json!({"phase": 1, "dice": dice(TABLE), "rolls_left": 1, "goal": "win"}),
        422,
        "invalid_value",
        "goal",
    );
    refused(
        json!({"phase": 1, "dice": dice(TABLE), "rolls_left": 1, "colour": "red"}),
        400,
        "malformed_request",
        "",
    );
    refused(
        json!({"phase": 1, "dice": dice(TABLE)}),
        400,
        "malformed_request",
        "",
    );
    let colored = dice("1b 2b 4b 4r 5r 10r 7r 9r 7r 8r");
    let mut uncolored = colored.clone();
    uncolored[3]["color"] = Value::Null;
    refused(
        json!({"phase": 8, "dice": colored, "rolls_left": 1, "dice_layout": "any_colors"}),
        422,
        "colors_unknown",
        "dice_layout",
    );
    let mut misnamed = colored.clone();
    misnamed[0]["die"] = json!("L2");
    let problem = refused(
        json!({"phase": 1, "dice": misnamed, "rolls_left": 1}),
        422,
        "die_misnamed",
        "dice[0].die",
    );
    assert_eq!(problem["errors"][0]["message"], "L2 cannot show a blue 1");
    // Two orange wilds (L1 and L2) and two pairs of high dice: which is which changes the odds,
    // and without names the figures are the average over every way they lie (RULES §8).
    let orange = dice("Wo Wo 1o 2o 6o 8o 5o 7o 8o 6o");
    let unnamed = app
        .post(
            "/v1/advice",
            &json!({"phase": 8, "dice": orange, "rolls_left": 1}),
        )
        .expect(200)
        .json();
    let rules = advise(
        &PHASES[7],
        DiceLayout::Standard,
        &lying("Wo Wo 1o 2o 6o 8o 5o 7o 8o 6o"),
        1,
        Goal::Make,
    )
    .unwrap();
    assert_eq!(unnamed["chance"], json!(rules.outlook.chance.to_f64()));
    assert_eq!(unnamed["reroll"], json!(rules.reroll()));
    let mut named = orange.clone();
    for (die, name) in named
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .zip(["L2", "L1", "L3", "L4", "H1", "H2", "H3", "H4", "H5", "H6"])
    {
        die["die"] = json!(name);
    }
    let answer = app
        .post(
            "/v1/advice",
            &json!({"phase": 8, "dice": named, "rolls_left": 2, "goal": "score"}),
        )
        .expect(200)
        .json();
    let table: Vec<Lying> = named
        .as_array()
        .unwrap()
        .iter()
        .zip(lying("Wo Wo 1o 2o 6o 8o 5o 7o 8o 6o"))
        .map(|(d, l)| Lying {
            die: l.die,
            id: DieId::from_name(d["die"].as_str().unwrap()),
        })
        .collect();
    let rules = advise(&PHASES[7], DiceLayout::Standard, &table, 2, Goal::Score).unwrap();
    assert_eq!(
        answer["expected_score"],
        json!(rules.outlook.expected_score.to_f64())
    );
    assert_eq!(answer["reroll"], json!(rules.reroll()));
    let mut bad_name = colored.clone();
    bad_name[0]["die"] = json!("H7");
    refused(
        json!({"phase": 1, "dice": bad_name, "rolls_left": 1}),
        422,
        "invalid_value",
        "",
    );
}

/// A die of a digital turn's table, by name.
fn names(values: &Value) -> Vec<DieId> {
    values
        .as_array()
        .unwrap()
        .iter()
        .map(|v| DieId::from_name(v.as_str().unwrap()).unwrap())
        .collect()
}

fn a_digital_turn_is_advised_by_its_dice_names(backend: Backend) {
    let mut app = spawn_app(backend);
    let cy = app.sign_up("Cy");
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({"mode": "digital"}));
    let path = game_path(&game);
    let spec = "1 2 3 4 8 8 5 6 9 10";
    app.set_first_roll(spec);
    let turn = app
        .post(
            &format!("{path}/turns"),
            &json!({"player_id": game["current_player_id"]}),
        )
        .expect(201)
        .json();
    let advice_path = format!("{path}/turns/{}/advice", turn["number"]);
    let answer = app.get(&advice_path).expect(200);
    let etag = answer.header("etag").unwrap().to_string();
    let answer = answer.json();
    // The same figures as advice on the dice as they lie, L1 to H6, with names for positions.
    let table: Vec<Lying> = DieId::ALL
        .iter()
        .zip(first_roll(spec))
        .map(|(id, face)| {
            let f = DiceLayout::Standard.faces(*id)[face];
            Lying {
                die: phase10::rules::dice::Die::new(f.face, f.color),
                id: Some(*id),
            }
        })
        .collect();
    let rules = advise(&PHASES[0], DiceLayout::Standard, &table, 2, Goal::Make).unwrap();
    assert_eq!(
        (answer["phase"].clone(), answer["rolls_left"].clone()),
        (json!(1), json!(2))
    );
    assert_eq!(answer["chance"], json!(rules.outlook.chance.to_f64()));
    let advised: Vec<DieId> = rules.reroll().iter().map(|&i| DieId::ALL[i]).collect();
    assert_eq!(names(&answer["reroll"]), advised);
    assert_eq!(names(&answer["options"][0]["reroll"]), advised);
    let kept: Vec<DieId> = DieId::ALL
        .into_iter()
        .filter(|id| !advised.contains(id))
        .collect();
    assert_eq!(names(&answer["options"][0]["keep"]), kept);
    assert_eq!(answer["summary"], json!(rules.summary));
    app.get_with(&advice_path, &[("If-None-Match", &etag)])
        .expect(304);
    let scored = app
        .get(&format!("{advice_path}?goal=score"))
        .expect(200)
        .json();
    assert_eq!(scored["goal"], "score");
    app.get(&format!("{advice_path}?goal=win"))
        .expect_problem(422, "invalid_value");
    // Rolling what it says, the advice moves on to the last roll.
    app.post(
        &format!("{path}/turns/{}/rolls", turn["number"]),
        &json!({"reroll": answer["reroll"]}),
    )
    .expect(200);
    let next = app.get(&advice_path).expect(200).json();
    assert_eq!(next["rolls_left"], 1);
    // Nobody else reads it; and once scored, the turn has nothing left to advise.
    app.with_key(None)
        .get(&advice_path)
        .expect_problem(401, "unauthorized");
    app.with_key(Some(&cy))
        .get(&advice_path)
        .expect_problem(404, "not_found");
    app.with_key(Some(&ann)).get(&advice_path).expect(200);
    app.post(
        &format!("{path}/turns/{}/score", turn["number"]),
        &json!({}),
    )
    .expect(200);
    app.get(&advice_path).expect_problem(409, "turn_scored");
    app.get(&format!("{path}/turns/99/advice"))
        .expect_problem(404, "not_found");
    let tabletop = app.new_game(&["Ann"], json!({}));
    app.turn(&tabletop, 0, "8 8 8 10 W W").expect(201);
    app.get(&format!("{}/turns/1/advice", game_path(&tabletop)))
        .expect_problem(409, "tabletop_game");
}

crate::on_both_backends!(
    the_advice_is_the_rules_exact_figures,
    before_the_first_roll_the_advice_is_a_whole_turn_as_the_phases_list_says,
    bad_positions_are_refused_in_words,
    a_digital_turn_is_advised_by_its_dice_names,
);
