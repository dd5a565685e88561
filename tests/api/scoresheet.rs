//! The score pad, and whole games played through the API.

use serde_json::{Value, json};

use crate::helpers::{Backend, spawn_app};

/// RULES §6: the best roll of each phase.
pub const BEST_ROLLS: [&str; 10] = [
    "10 10 10 10 10 10",
    "10 10 10 W 8 9 10",
    "10 10 10 10 W W 9 10",
    "4 5 6 7 8 9 10",
    "3 4 5 6 7 8 9 10",
    "2 3 4 5 6 7 8 9 10",
    "10 10 10 10 10 10 W W",
    "4o 9o 8o 10o 7o 8o 10o",
    "10 10 10 10 10 10 W",
    "10 10 10 10 10 4 4 4",
];

fn a_solitaire_game_of_the_best_rolls_ends_with_649_on_the_scoresheet(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    let mut last = Value::Null;
    for roll in BEST_ROLLS {
        last = app.turn(&game, 0, roll).expect(201).json();
    }
    assert_eq!(
        last["bonuses"],
        json!([{"kind": "first_finish", "points": 40}])
    );
    assert_eq!(last["game"]["status"], "finished");
    let id = game["id"].as_str().unwrap();
    let sheet = app.scoresheet(&game);
    let line = &sheet["players"][0];
    let scores: Vec<Value> = line["phases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["score"].clone())
        .collect();
    assert_eq!(
        scores,
        [60, 57, 59, 49, 52, 54, 60, 56, 60, 62].map(|s| json!(s))
    );
    assert_eq!(line["phases"][7]["label"], "7 of all one color");
    assert_eq!(
        (&line["five_phase_bonus"], &line["five_phase_total"]),
        (&json!(40), &json!(317))
    );
    assert_eq!(
        (
            &line["first_finish_bonus"],
            &line["failures"],
            &line["penalty"]
        ),
        (&json!(40), &json!(0), &json!(0))
    );
    assert_eq!(
        (&line["grand_total"], &line["rank"]),
        (&json!(649), &json!(1))
    );
    assert_eq!(sheet["status"], "finished");
    assert_eq!(sheet["winners"], json!([game["players"][0]["id"]]));
    let after = app.get(&format!("/v1/games/{id}")).expect(200).json();
    assert_eq!(
        (&after["players"][0]["total"], &after["current_player_id"]),
        (&json!(649), &Value::Null)
    );
}

fn a_solitaire_scoresheet_takes_5_points_a_failure_at_the_end(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    app.turn(&game, 0, "1 2").expect(201);
    app.turn(&game, 0, "").expect(201);
    for roll in BEST_ROLLS {
        app.turn(&game, 0, roll).expect(201);
    }
    let sheet = app.scoresheet(&game);
    let line = &sheet["players"][0];
    assert_eq!(
        (&line["failures"], &line["penalty"], &line["grand_total"]),
        (&json!(2), &json!(10), &json!(639))
    );
}

fn a_scoresheet_of_a_game_in_progress_ranks_the_players(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo", "Cy"], json!({}));
    app.turn(&game, 0, "8 8 8 10 W W").expect(201);
    app.turn(&game, 1, "10 10 10 10 10 10").expect(201);
    app.turn(&game, 2, "").expect(201);
    let sheet = app.scoresheet(&game);
    let ranks: Vec<(Value, Value, Value)> = sheet["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["name"].clone(),
                l["grand_total"].clone(),
                l["rank"].clone(),
            )
        })
        .collect();
    assert_eq!(
        ranks,
        vec![
            (json!("Ann"), json!(34), json!(2)),
            (json!("Bo"), json!(60), json!(1)),
            (json!("Cy"), json!(0), json!(3))
        ]
    );
    assert_eq!(sheet["winners"], json!([]));
    assert_eq!(sheet["players"][2]["phases"][0]["score"], Value::Null);
}

crate::on_both_backends!(
    a_solitaire_game_of_the_best_rolls_ends_with_649_on_the_scoresheet,
    a_solitaire_scoresheet_takes_5_points_a_failure_at_the_end,
    a_scoresheet_of_a_game_in_progress_ranks_the_players,
);
