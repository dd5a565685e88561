//! Who plays which seat once seats are claimed: the invitee its own seats only, the owner the
//! others; only the owner undoes and deletes; a stranger sees nothing. A refused request
//! changes nothing.

use serde_json::{Value, json};

use super::{accept, code_for, game_path, player, read};
use crate::helpers::{Backend, dice, spawn_app};

fn seat_of(game: &Value, player_id: &Value) -> usize {
    game["players"]
        .as_array()
        .unwrap()
        .iter()
        .position(|p| &p["id"] == player_id)
        .unwrap()
}

fn in_a_digital_game_each_account_plays_its_own_seat(backend: Backend) {
    let mut app = spawn_app(backend);
    let bo = app.sign_up("Bo");
    let eve = app.sign_up("Eve");
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo", "Cy"], json!({"mode": "digital"}));
    // The server rolled for the order: Bo takes the seat whose turn it is.
    let current = game["current_player_id"].clone();
    let seat = seat_of(&game, &current);
    let elsewhere = player(&game, (seat + 1) % 3);
    accept(&app, &bo, &code_for(&app, &ann, &game, seat)).expect(200);
    let (as_bo, as_eve) = (app.with_key(Some(&bo)), app.with_key(Some(&eve)));
    let turns = format!("{}/turns", game_path(&game));
    let before = read(&app, &ann, &game);

    as_bo
        .post(&turns, &json!({"player_id": elsewhere}))
        .expect_problem(403, "not_your_seat");
    app.post(&turns, &json!({"player_id": current}))
        .expect_problem(403, "not_your_seat");
    as_eve
        .post(&turns, &json!({"player_id": current}))
        .expect_problem(404, "not_found");
    assert_eq!(read(&app, &ann, &game), before);

    let started = as_bo
        .post(&turns, &json!({"player_id": current}))
        .expect(201)
        .json();
    assert_eq!(
        (&started["state"], &started["rolls_left"]),
        (&json!("rolling"), &json!(2))
    );
    let turn = format!("{turns}/{}", started["number"]);
    let in_play = read(&app, &ann, &game);
    let reroll = json!({"reroll": ["H1"]});
    for (caller, status, code) in [
        (&as_eve, 404, "not_found"),
        (&app.with_key(Some(&ann)), 403, "not_your_seat"),
    ] {
        caller
            .post(&format!("{turn}/rolls"), &reroll)
            .expect_problem(status, code);
        caller
            .post(&format!("{turn}/score"), &json!(null))
            .expect_problem(status, code);
    }
    as_eve
        .get(&game_path(&game))
        .expect_problem(404, "not_found");
    as_eve.get(&turn).expect_problem(404, "not_found");
    assert_eq!(read(&app, &ann, &game), in_play);

    let rolled = as_bo
        .post(&format!("{turn}/rolls"), &reroll)
        .expect(200)
        .json();
    assert_eq!(rolled["rolls_left"], 1);
    let scored = as_bo
        .post(&format!("{turn}/score"), &json!(null))
        .expect(200)
        .json();
    assert_eq!(scored["state"], "scored");
    let after_score = read(&app, &ann, &game);
    as_bo.delete(&turn).expect_problem(403, "not_owner");
    as_bo
        .delete(&game_path(&game))
        .expect_problem(403, "not_owner");
    assert_eq!(read(&app, &bo, &game), after_score);

    let undone = app.delete(&turn).expect(200).json();
    assert_eq!(
        undone["version"],
        after_score["version"].as_i64().unwrap() + 1
    );
    assert_eq!(undone["current_player_id"], current);
}

fn at_a_table_the_invitee_records_the_turns_of_its_seats(backend: Backend) {
    let mut app = spawn_app(backend);
    let bo = app.sign_up("Bo");
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo", "Cy"], json!({}));
    // An account may play several seats.
    for seat in [1, 2] {
        accept(&app, &bo, &code_for(&app, &ann, &game, seat)).expect(200);
    }
    let as_bo = app.with_key(Some(&bo));
    let turns = format!("{}/turns", game_path(&game));

    as_bo
        .post(&turns, &json!({"player_id": player(&game, 0), "dice": []}))
        .expect_problem(403, "not_your_seat");
    app.turn(&game, 0, "8 8 8 10 W W").expect(201);
    app.turn(&game, 1, "5 5 5 6 6 6")
        .expect_problem(403, "not_your_seat");
    for seat in [1, 2] {
        let turn = as_bo
            .post(
                &turns,
                &json!({"player_id": player(&game, seat), "dice": dice("5 5 5 6 6 6")}),
            )
            .expect(201)
            .json();
        assert_eq!(
            (&turn["player_id"], &turn["made"]),
            (&player(&game, seat), &json!(true))
        );
    }
    let sheet = app.scoresheet(&game);
    assert_eq!(sheet["players"][1]["phases"][0]["score"], 33);
}

crate::on_both_backends!(
    in_a_digital_game_each_account_plays_its_own_seat,
    at_a_table_the_invitee_records_the_turns_of_its_seats,
);
