//! Tabletop turns: recording, reading, undoing, and turns that race.

use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, dice, spawn_app};

fn game_id(game: &Value) -> &str {
    game["id"].as_str().unwrap()
}

#[track_caller]
fn three_players(backend: Backend) -> (TestApp, Value) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo", "Cy"], json!({}));
    (app, game)
}

fn recording_a_turn_scores_it_and_returns_the_game_after_it(backend: Backend) {
    let (app, game) = three_players(backend);
    let reply = app.turn(&game, 0, "8 8 8 10 W W 1 2").expect(201);
    let turn = reply.json();
    let id = game_id(&game);
    assert_eq!(
        reply.header("location"),
        Some(format!("/v1/games/{id}/turns/1").as_str())
    );
    assert_eq!(
        (
            &turn["number"],
            &turn["phase"],
            &turn["made"],
            &turn["score"]
        ),
        (&json!(1), &json!(1), &json!(true), &json!(34))
    );
    assert_eq!(turn["player_id"], game["players"][0]["id"]);
    assert_eq!(turn["groups"].as_array().unwrap().len(), 2);
    assert_eq!(turn["bonuses"], json!([]));
    assert_eq!(turn["dice"], dice("8 8 8 10 W W 1 2"));
    let after = &turn["game"];
    assert_eq!(
        (&after["version"], &after["current_player_id"]),
        (&json!(2), &game["players"][1]["id"])
    );
    assert_eq!(
        (&after["players"][0]["phase"], &after["players"][0]["total"]),
        (&json!(2), &json!(34))
    );
    assert_eq!(
        app.get(&format!("/v1/games/{id}/turns/1"))
            .expect(200)
            .json(),
        turn
    );
    assert_eq!(
        &app.get(&format!("/v1/games/{id}")).expect(200).json(),
        after
    );
}

fn a_turn_with_no_dice_or_dice_that_miss_the_phase_is_a_failure(backend: Backend) {
    let (app, game) = three_players(backend);
    let missed = app.turn(&game, 0, "8 8 9 10 W").expect(201).json();
    assert_eq!(
        (&missed["made"], &missed["score"], &missed["groups"]),
        (&json!(false), &json!(0), &json!([]))
    );
    // Five dice entered: the turn says what they come to and that dice are missing, so that an
    // app can ask whether a miss is what was meant.
    assert_eq!(
        missed["miss"]["summary"],
        "Not made: a set of 3 (8 8 W); no set of 3, only 1 of it (10). Only 5 dice were given: a turn ends with all 10"
    );
    assert_eq!(missed["miss"]["dice_given"], 5);
    let listed = app
        .get(&format!("/v1/games/{}/turns", game_id(&game)))
        .expect(200)
        .json();
    assert_eq!(listed["items"][0]["miss"], missed["miss"]);
    let none = app
        .post(
            &format!("/v1/games/{}/turns", game_id(&game)),
            &json!({"player_id": game["players"][1]["id"]}),
        )
        .expect(201)
        .json();
    assert_eq!(none["made"], false);
    let players = &none["game"]["players"];
    assert_eq!(
        (
            &players[0]["failures"],
            &players[0]["phase"],
            &players[1]["failures"]
        ),
        (&json!(1), &json!(1), &json!(1))
    );
}

fn turns_are_listed_oldest_first_a_page_at_a_time(backend: Backend) {
    let (app, game) = three_players(backend);
    for turn in 0..5 {
        app.turn(&game, turn % 3, "").expect(201);
    }
    let id = game_id(&game);
    let first = app
        .get(&format!("/v1/games/{id}/turns?limit=3"))
        .expect(200)
        .json();
    let numbers = |page: &Value| -> Vec<u64> {
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["number"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(numbers(&first), [1, 2, 3]);
    assert_eq!(
        first["items"][1]["game"]["version"], 3,
        "each turn shows the game right after it"
    );
    let cursor = first["next_cursor"].as_str().unwrap();
    let second = app
        .get(&format!("/v1/games/{id}/turns?limit=3&cursor={cursor}"))
        .expect(200)
        .json();
    assert_eq!(
        (numbers(&second), &second["next_cursor"]),
        (vec![4, 5], &Value::Null)
    );
    app.get(&format!("/v1/games/{id}/turns/6"))
        .expect_problem(404, "not_found");
    app.get(&format!("/v1/games/{id}/turns/first"))
        .expect_problem(404, "not_found");
    app.get(&format!("/v1/games/{id}/turns?limit=500"))
        .expect_problem(422, "invalid_limit");
}

fn a_turn_out_of_order_is_409_and_changes_nothing(backend: Backend) {
    let (app, game) = three_players(backend);
    let before = app.row_counts();
    let problem = app
        .turn(&game, 1, "8 8 8 10 W W")
        .expect_problem(409, "not_your_turn");
    assert_eq!(problem["detail"], "it is Ann's turn");
    assert_eq!(app.row_counts(), before);
    assert_eq!(
        app.get(&format!("/v1/games/{}", game_id(&game)))
            .expect(200)
            .json()["version"],
        1
    );
}

fn an_unknown_player_is_422(backend: Backend) {
    let (app, game) = three_players(backend);
    let problem = app
        .post(
            &format!("/v1/games/{}/turns", game_id(&game)),
            &json!({"player_id": "0b7c5e1a-2f3d-4c5b-8a9e-0123456789ab", "dice": []}),
        )
        .expect_problem(422, "unknown_player");
    assert_eq!(problem["errors"][0]["field"], "player_id");
}

fn a_turn_after_the_game_is_over_is_409(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    for roll in crate::scoresheet::BEST_ROLLS {
        app.turn(&game, 0, roll).expect(201);
    }
    app.turn(&game, 0, "").expect_problem(409, "game_over");
}

fn only_the_latest_turn_can_be_undone(backend: Backend) {
    let (app, game) = three_players(backend);
    app.turn(&game, 0, "8 8 8 10 W W").expect(201);
    app.turn(&game, 1, "").expect(201);
    let id = game_id(&game);
    app.delete(&format!("/v1/games/{id}/turns/1"))
        .expect_problem(409, "not_latest_turn");
    app.delete(&format!("/v1/games/{id}/turns/7"))
        .expect_problem(404, "not_found");
    let after = app
        .delete(&format!("/v1/games/{id}/turns/2"))
        .expect(200)
        .json();
    assert_eq!(
        (&after["version"], &after["current_player_id"]),
        (&json!(4), &game["players"][1]["id"])
    );
    assert_eq!(after["players"][1]["failures"], 0);
    app.get(&format!("/v1/games/{id}/turns/2"))
        .expect_problem(404, "not_found");
    let after = app
        .delete(&format!("/v1/games/{id}/turns/1"))
        .expect(200)
        .json();
    assert_eq!(
        (&after["players"][0]["phase"], &after["players"][0]["total"]),
        (&json!(1), &json!(0))
    );
    assert_eq!(app.row_counts()[3], 0);
}

fn undoing_a_turn_that_earned_a_bonus_takes_the_bonus_away_and_the_game_goes_on(backend: Backend) {
    let (app, game) = three_players(backend);
    // Ann makes phases 1-4 (60 + 57 + 50 + 18 = 185); Bo fails; Cy makes phase 1, then fails.
    let ann = [
        "10 10 10 10 10 10",
        "10 10 10 W 8 9 10",
        "10 10 10 10 1 2 3 4",
        "W W W W 5 6 7",
    ];
    for (round, roll) in ann.iter().enumerate() {
        app.turn(&game, 0, roll).expect(201);
        app.turn(&game, 1, "").expect(201);
        app.turn(&game, 2, if round == 0 { "8 8 8 10 W W" } else { "" })
            .expect(201);
    }
    let bonus = app.turn(&game, 0, "3 4 5 6 7 8 9 10").expect(201).json();
    assert_eq!(
        bonus["bonuses"],
        json!([{"kind": "five_phase", "points": 40}])
    );
    assert_eq!(bonus["game"]["players"][0]["total"], 185 + 52 + 40);

    let id = game_id(&game);
    let undone = app
        .delete(&format!("/v1/games/{id}/turns/13"))
        .expect(200)
        .json();
    assert_eq!(undone["players"][0]["total"], 185);
    assert_eq!(
        (&undone["players"][0]["phase"], &undone["current_player_id"]),
        (&json!(5), &game["players"][0]["id"])
    );
    assert_eq!(undone["status"], "in_progress");
    let sheet = app.scoresheet(&game);
    assert_eq!(
        (
            &sheet["players"][0]["five_phase_bonus"],
            &sheet["players"][0]["phases"][4]["score"]
        ),
        (&json!(0), &Value::Null)
    );

    // The game goes on: phase 5 made again, this time for 26, short of the bonus.
    let again = app.turn(&game, 0, "W W W W 5 6 7 8").expect(201).json();
    assert_eq!(
        (&again["number"], &again["score"], &again["bonuses"]),
        (&json!(13), &json!(26), &json!([]))
    );
    app.turn(&game, 1, "").expect(201);
    let sheet = app.scoresheet(&game);
    assert_eq!(
        (
            &sheet["players"][0]["five_phase_total"],
            &sheet["players"][0]["grand_total"]
        ),
        (&json!(211), &json!(211))
    );
    assert_eq!(sheet["players"][2]["grand_total"], 34);
}

fn racing_turn_submissions_are_never_both_accepted(backend: Backend) {
    let (app, game) = three_players(backend);
    let id = game_id(&game).to_string();
    for round in 0..3 {
        // Every racer submits the current player's turn at once; exactly one may count.
        let seat = round % 3;
        let statuses: Vec<u16> = std::thread::scope(|scope| {
            let racers: Vec<_> = (0..12)
                .map(|_| scope.spawn(|| app.turn(&game, seat, "8 8 8 10 W W").status))
                .collect();
            racers.into_iter().map(|r| r.join().unwrap()).collect()
        });
        assert_eq!(
            statuses.iter().filter(|&&s| s == 201).count(),
            1,
            "{statuses:?}"
        );
        assert!(
            statuses.iter().all(|&s| s == 201 || s == 409),
            "{statuses:?}"
        );
    }
    let turns = app.get(&format!("/v1/games/{id}/turns")).expect(200).json();
    let numbers: Vec<u64> = turns["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3]);
    let after = app.get(&format!("/v1/games/{id}")).expect(200).json();
    assert_eq!(after["version"], 4);
    assert!(
        after["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["phase"] == 2)
    );
}

fn a_digital_game_does_not_take_tabletop_dice(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({"mode": "digital"}));
    let before = app.row_counts();
    app.turn(&game, 0, "8 8 8 10 W W")
        .expect_problem(409, "digital_game");
    assert_eq!(app.row_counts(), before);
}

/// RULES §4: a dice game holds at most 1,000 turns (the outside probe's M1: a game had no length
/// bound, and every read of a long one replayed it all); the next is 409 `game_too_long` and
/// changes nothing.
fn a_dice_game_holds_at_most_a_thousand_turns(backend: Backend) {
    let mut app = crate::helpers::spawn_app_with(backend, &["--rate-limit-writes=0"]);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    for number in 0..1000 {
        app.turn(&game, number % 2, "").expect(201);
    }
    let before = app.row_counts();
    let problem = app.turn(&game, 0, "").expect_problem(409, "game_too_long");
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains("at most 1000 turns"), "{detail}");
    assert_eq!(app.row_counts(), before);
    let now = app
        .get(&format!("/v1/games/{}", game_id(&game)))
        .expect(200)
        .json();
    assert_eq!(now["version"], 1001);
    assert_eq!(now["status"], "in_progress");
}

crate::on_both_backends!(
    a_dice_game_holds_at_most_a_thousand_turns,
    recording_a_turn_scores_it_and_returns_the_game_after_it,
    a_turn_with_no_dice_or_dice_that_miss_the_phase_is_a_failure,
    turns_are_listed_oldest_first_a_page_at_a_time,
    a_turn_out_of_order_is_409_and_changes_nothing,
    an_unknown_player_is_422,
    a_turn_after_the_game_is_over_is_409,
    only_the_latest_turn_can_be_undone,
    undoing_a_turn_that_earned_a_bonus_takes_the_bonus_away_and_the_game_goes_on,
    racing_turn_submissions_are_never_both_accepted,
    a_digital_game_does_not_take_tabletop_dice,
);
