//! The stateless rules endpoints: phases and evaluation.

use serde_json::json;

use crate::helpers::{Backend, dice, spawn_app};

fn the_phases_are_listed_without_a_key(backend: Backend) {
    let app = spawn_app(backend);
    let phases = app.get("/v1/phases").expect(200).json();
    assert_eq!(phases.as_array().unwrap().len(), 10);
    let mut first = phases[0].clone();
    let one_turn = first.as_object_mut().unwrap().remove("one_turn").unwrap();
    assert_eq!(
        first,
        json!({"phase": 1, "label": "2 sets of 3", "groups": [{"kind": "set", "size": 3}, {"kind": "set", "size": 3}]})
    );
    // A whole turn of phase 1 played best (RULES §8; the figures are checked in advice.rs).
    assert!(one_turn["chance"].as_f64().unwrap() > 0.98);
    assert!(one_turn["expected_score"].as_f64().unwrap() > 40.0);
    assert_eq!(phases[7]["groups"], json!([{"kind": "color", "size": 7}]));
}

fn evaluate_scores_the_seed_example_34(backend: Backend) {
    let app = spawn_app(backend);
    let verdict = app
        .post(
            "/v1/evaluate",
            &json!({"phase": 1, "dice": dice("8 8 8 10 W W")}),
        )
        .expect(200)
        .json();
    assert_eq!(
        (verdict["made"].clone(), verdict["score"].clone()),
        (json!(true), json!(34))
    );
    assert_eq!(
        verdict["groups"][0]["dice"],
        json!([{"value": 10, "index": 3}, {"value": "W", "stands_for": 10, "index": 4}, {"value": "W", "stands_for": 10, "index": 5}])
    );
    assert_eq!(verdict["groups"][1]["kind"], "set");
}

fn evaluate_makes_phase_8_with_the_rulebook_orange_example(backend: Backend) {
    let app = spawn_app(backend);
    let verdict = app
        .post(
            "/v1/evaluate",
            &json!({"phase": 8, "dice": dice("2o 4o Wo 5o 8o 9o 10o")}),
        )
        .expect(200)
        .json();
    assert_eq!(verdict["score"], 38);
    assert_eq!(
        verdict["groups"][0]["dice"][6],
        json!({"value": "W", "color": "orange", "stands_for": "orange", "index": 2})
    );
}

fn evaluate_reports_dice_that_do_not_make_the_phase(backend: Backend) {
    let app = spawn_app(backend);
    let verdict = app
        .post(
            "/v1/evaluate",
            &json!({"phase": 4, "dice": dice("1 2 3 4 5 6 8")}),
        )
        .expect(200)
        .json();
    // Seven dice: six of them fit a run of 7 (the highest six, 2 to 8 with 7 missing), and
    // the miss says so.
    let run: Vec<serde_json::Value> = [2, 3, 4, 5, 6, 8]
        .iter()
        .zip(1..)
        .map(|(v, index)| json!({"value": v, "index": index}))
        .collect();
    assert_eq!(
        verdict,
        json!({"game": "dice", "phase": 4, "made": false, "score": 0, "groups": [],
        "miss": {
            "summary": "Not made: no run of 7, only 6 of it (2 3 4 5 6 8). Only 7 dice were given: a turn ends with all 10",
            "dice_given": 7,
            "groups": [{"kind": "run", "size": 7, "have": 6, "dice": run}]
        }})
    );
    let phase_2 = app
        .post(
            "/v1/evaluate",
            &json!({"phase": 2, "dice": dice("7 7 7 4 9 9 1 10 3 1")}),
        )
        .expect(200)
        .json();
    assert_eq!(
        phase_2["miss"]["summary"],
        "Not made: a set of 3 (7 7 7); no run of 4, only 3 of it (1 3 4)"
    );
    let haves: Vec<&serde_json::Value> = phase_2["miss"]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["have"])
        .collect();
    assert_eq!(haves, [&json!(3), &json!(3)]);
    let made = app
        .post(
            "/v1/evaluate",
            &json!({"phase": 1, "dice": dice("8 8 8 10 W W 5 6 1 2")}),
        )
        .expect(200)
        .json();
    assert!(made.get("miss").is_none(), "a made phase misses nothing");
}

fn evaluate_refuses_dice_that_cannot_be_rolled(backend: Backend) {
    let app = spawn_app(backend);
    let problem = app
        .post(
            "/v1/evaluate",
            &json!({"phase": 1, "dice": dice("5o 5o 7")}),
        )
        .expect_problem(422, "not_rollable");
    assert_eq!(problem["errors"][0]["field"], "dice[1]");
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("no die shows an orange 5 twice")
    );
    // The same dice are fine when any colors go.
    app.post(
        "/v1/evaluate",
        &json!({"phase": 1, "dice": dice("5o 5o 7"), "dice_layout": "any_colors"}),
    )
    .expect(200);
}

fn evaluate_checks_phase_and_layout(backend: Backend) {
    let app = spawn_app(backend);
    for phase in [0, 11] {
        let problem = app
            .post("/v1/evaluate", &json!({"phase": phase, "dice": []}))
            .expect_problem(422, "invalid_phase");
        assert_eq!(problem["errors"][0]["field"], "phase");
    }
    let problem = app
        .post(
            "/v1/evaluate",
            &json!({"phase": 1, "dice": [], "dice_layout": "checkered"}),
        )
        .expect_problem(422, "invalid_value");
    assert_eq!(problem["errors"][0]["field"], "dice_layout");
}

crate::on_both_backends!(
    the_phases_are_listed_without_a_key,
    evaluate_scores_the_seed_example_34,
    evaluate_makes_phase_8_with_the_rulebook_orange_example,
    evaluate_reports_dice_that_do_not_make_the_phase,
    evaluate_refuses_dice_that_cannot_be_rolled,
    evaluate_checks_phase_and_layout,
);
