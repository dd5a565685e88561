//! People across games (RULES §10, API.md "People" and "Running the table"): the roster, games
//! of the same people, names that look alike, renaming everywhere, figures that follow the
//! record, the leaderboard, a rematch, a game's name, the right person in a seat, the card
//! game's dealer, and older games' players made people when the server starts; both backends.

use serde_json::{Value, json};

use crate::cards::cards;
use crate::helpers::{Backend, TestApp, game_path, spawn_app};
use crate::scoresheet::BEST_ROLLS;

fn person_of(game: &Value, seat: usize) -> Value {
    game["players"][seat]["person_id"].clone()
}

fn stats(app: &TestApp, person: &Value) -> Value {
    let id = person.as_str().expect("a person id");
    app.get(&format!("/v1/people/{id}/stats"))
        .expect(200)
        .json()
}

fn roster_names(app: &TestApp) -> Vec<String> {
    let page = app.get("/v1/people").expect(200).json();
    page["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|p| p["name"].as_str().expect("a name").to_string())
        .collect()
}

/// A solitaire dice game of this person, played to its end with the best rolls (649 points).
#[track_caller]
pub(crate) fn best_solitaire(app: &TestApp, player: Value) -> Value {
    let game = app
        .post("/v1/games", &json!({"players": [player]}))
        .expect(201)
        .json();
    for roll in BEST_ROLLS {
        app.turn(&game, 0, roll).expect(201);
    }
    app.get(&game_path(&game)).expect(200).json()
}

fn a_game_plays_the_people_of_the_roster(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Family");
    let first = app.new_game(&["Ann", "Bo"], json!({}));
    assert_eq!(roster_names(&app), ["Ann", "Bo"]);
    // "ANN" and "Аnn" (a Cyrillic А) look like Ann: the same person, with the roster's name.
    let bo = person_of(&first, 1);
    let second = app
        .post(
            "/v1/games",
            &json!({"players": [{"person_id": bo}, {"name": "ANN"}, {"name": "Cy"}]}),
        )
        .expect(201)
        .json();
    assert_eq!(person_of(&second, 0), bo);
    assert_eq!(person_of(&second, 1), person_of(&first, 0));
    assert_eq!(second["players"][1]["name"], "Ann");
    let third = app.new_game(&["\u{410}nn"], json!({}));
    assert_eq!(person_of(&third, 0), person_of(&first, 0));
    assert_eq!(roster_names(&app), ["Ann", "Bo", "Cy"]);
    // A person's games, in pages (the tests' clock stands still: newest first is by id then),
    // filtered by game and status.
    let ann = person_of(&first, 0).as_str().unwrap().to_string();
    let games = app
        .get(&format!("/v1/people/{ann}/games?limit=2"))
        .expect(200)
        .json();
    let rest = app
        .get(&format!(
            "/v1/people/{ann}/games?limit=2&cursor={}",
            games["next_cursor"].as_str().expect("a second page")
        ))
        .expect(200)
        .json();
    assert_eq!(rest["next_cursor"], Value::Null);
    let mut ids: Vec<&Value> = games["items"]
        .as_array()
        .unwrap()
        .iter()
        .chain(rest["items"].as_array().unwrap())
        .map(|g| &g["id"])
        .collect();
    ids.sort_by_key(|id| id.as_str());
    let mut all = vec![&first["id"], &second["id"], &third["id"]];
    all.sort_by_key(|id| id.as_str());
    assert_eq!(ids, all);
    let bo_games = app
        .get(&format!("/v1/people/{}/games", bo.as_str().unwrap()))
        .expect(200)
        .json();
    assert_eq!(bo_games["items"].as_array().unwrap().len(), 2);
    let cards = app
        .get(&format!("/v1/people/{ann}/games?game=cards"))
        .expect(200)
        .json();
    assert_eq!(cards["items"], json!([]));
    // Added by hand: a name that looks like one of the roster is refused, saying whose.
    let ann_again = app
        .post("/v1/people", &json!({"name": "ann"}))
        .expect_problem(409, "person_exists");
    assert!(
        ann_again["detail"].as_str().unwrap().contains(&ann),
        "{ann_again}"
    );
    let di = app
        .post("/v1/people", &json!({"name": "Di"}))
        .expect(201)
        .json();
    assert_eq!(
        app.get(&format!("/v1/people/{}", di["id"].as_str().unwrap()))
            .expect(200)
            .json(),
        di
    );
}

fn people_input_is_checked_and_changes_nothing(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Family");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let ann = person_of(&game, 0);
    // Every table but the accounts (another account signs up below).
    let counts = |app: &TestApp| app.row_counts()[1..].to_vec();
    let before = (counts(&app), roster_names(&app));
    // The same person twice: 422 naming both lines.
    let twice = app
        .post(
            "/v1/games",
            &json!({"players": [{"person_id": ann}, {"name": "Cy"}, {"name": "ann"}]}),
        )
        .expect_problem(422, "duplicate_person");
    let fields: Vec<&Value> = twice["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["field"])
        .collect();
    assert_eq!(
        fields,
        [&json!("players[0].person_id"), &json!("players[2].name")]
    );
    // A line that says neither, or both.
    app.post("/v1/games", &json!({"players": [{}]}))
        .expect_problem(422, "invalid_value");
    app.post(
        "/v1/games",
        &json!({"players": [{"name": "Cy", "person_id": ann}]}),
    )
    .expect_problem(422, "invalid_value");
    // Names that do not show as they are.
    for name in [
        "Ann\u{200B}",
        "Bo\u{AD}b",
        "\u{200E}Cy",
        "Z\u{301}\u{302}\u{303}\u{304}\u{305}o",
    ] {
        app.post("/v1/games", &json!({"players": [{"name": name}]}))
            .expect_problem(422, "invalid_name");
        app.post("/v1/people", &json!({"name": name}))
            .expect_problem(422, "invalid_name");
    }
    // Another account's person, and nobody at all: 404, never saying which.
    let stranger = app.with_key(None);
    let other_key = {
        let account = stranger
            .post("/v1/accounts", &json!({"name": "Neighbours"}))
            .expect(201)
            .json();
        account["api_key"].as_str().unwrap().to_string()
    };
    let neighbours = app.with_key(Some(&other_key));
    let unknown = "00000000-0000-4000-8000-000000000000";
    for person in [ann.as_str().unwrap(), unknown] {
        neighbours
            .post("/v1/games", &json!({"players": [{"person_id": person}]}))
            .expect_problem(404, "not_found");
        neighbours
            .get(&format!("/v1/people/{person}/stats"))
            .expect_problem(404, "not_found");
    }
    // Deleting a person who plays games: 409 saying how many.
    let second = app
        .post("/v1/games", &json!({"players": [{"person_id": ann}]}))
        .expect(201)
        .json();
    let refused = app
        .delete(&format!("/v1/people/{}", ann.as_str().unwrap()))
        .expect_problem(409, "person_has_games");
    assert!(
        refused["detail"]
            .as_str()
            .unwrap()
            .contains("plays in 2 games"),
        "{refused}"
    );
    app.delete(&game_path(&second)).expect(204);
    assert_eq!((counts(&app), roster_names(&app)), before);
    // Someone who plays no game leaves the roster.
    let di = app
        .post("/v1/people", &json!({"name": "Di"}))
        .expect(201)
        .json();
    let di_path = format!("/v1/people/{}", di["id"].as_str().unwrap());
    app.delete(&di_path).expect(204);
    app.get(&di_path).expect_problem(404, "not_found");
}

fn a_person_is_renamed_everywhere(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Family");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let ann = person_of(&game, 0);
    let path = format!("/v1/people/{}", ann.as_str().unwrap());
    let renamed = app
        .patch(&path, &json!({"name": "Annie"}))
        .expect(200)
        .json();
    assert_eq!(renamed["name"], "Annie");
    let now = app.get(&game_path(&game)).expect(200).json();
    assert_eq!(now["players"][0]["name"], "Annie");
    assert_eq!(
        now["version"],
        json!(2),
        "the game moved on: pads and caches follow"
    );
    // A name that looks like someone else's is refused, and changes nothing.
    app.patch(&path, &json!({"name": "B\u{43E}"}))
        .expect_problem(409, "person_exists");
    assert_eq!(app.get(&game_path(&game)).expect(200).json(), now);
}

fn figures_follow_the_record(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Family");
    let game = best_solitaire(&app, json!({"name": "Ann"}));
    let ann = person_of(&game, 0);
    let figures = stats(&app, &ann);
    let dice = &figures["dice"];
    assert_eq!(
        (
            &dice["games"],
            &dice["wins"],
            &dice["best_total"],
            &dice["average_total"]
        ),
        (&json!(1), &json!(1), &json!(649), &json!(649.0))
    );
    assert_eq!(
        (&dice["five_phase_bonuses"], &dice["first_finish_bonuses"]),
        (&json!(1), &json!(1))
    );
    let phases = app.get("/v1/phases").expect(200).json();
    for (phase, info) in phases.as_array().unwrap().iter().enumerate() {
        let line = &dice["phases"][phase];
        assert_eq!((&line["attempts"], &line["made"]), (&json!(1), &json!(1)));
        assert_eq!(
            line["expected_made"],
            info["one_turn"]["chance"],
            "phase {}",
            phase + 1
        );
    }
    assert_eq!(figures["in_progress"], json!(0));
    // Undo the last turn: the game is in play again, and counts no more.
    app.delete(&format!("{}/turns/10", game_path(&game)))
        .expect(200);
    let figures = stats(&app, &ann);
    assert_eq!(
        (&figures["dice"]["games"], &figures["in_progress"]),
        (&json!(0), &json!(1))
    );
    assert_eq!(figures["dice"]["best_total"], Value::Null);
    // Played again, but failing the last phase's first try: a failure, then the make.
    app.turn(&game, 0, "").expect(201);
    app.turn(&game, 0, BEST_ROLLS[9]).expect(201);
    let figures = stats(&app, &ann);
    let tenth = &figures["dice"]["phases"][9];
    assert_eq!((&tenth["attempts"], &tenth["made"]), (&json!(2), &json!(1)));
    assert_eq!(figures["dice"]["first_finish_bonuses"], json!(0));
    // Replacing the failed turn by a made one would end the game there, before turn 11: refused,
    // and nothing changes.
    app.put(
        &format!("{}/turns/10", game_path(&game)),
        &json!({"dice": crate::helpers::dice(BEST_ROLLS[9])}),
    )
    .expect_problem(422, "edit_breaks_later");
    assert_eq!(stats(&app, &ann), figures);
    // Deleting the game takes it out.
    app.delete(&game_path(&game)).expect(204);
    let figures = stats(&app, &ann);
    assert_eq!(
        (&figures["dice"]["games"], &figures["in_progress"]),
        (&json!(0), &json!(0))
    );
}

fn the_leaderboard_ranks_wins_then_rate_then_name(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Family");
    // Solitaire games are all won: Ann wins two, Bo and Cy one each (Cy also has a game in
    // play, which does not count).
    for name in ["Ann", "Ann", "Bo", "Cy"] {
        best_solitaire(&app, json!({"name": name}));
    }
    let open = app.new_game(&["Cy"], json!({}));
    let board = app.get("/v1/leaderboard?game=dice").expect(200).json();
    let lines: Vec<(String, i64, i64, u64)> = board["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["name"].as_str().unwrap().to_string(),
                l["games"].as_i64().unwrap(),
                l["wins"].as_i64().unwrap(),
                l["rank"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            ("Ann".to_string(), 2, 2, 1),
            ("Bo".to_string(), 1, 1, 2),
            ("Cy".to_string(), 1, 1, 2),
        ]
    );
    assert_eq!(board["game"], "dice");
    let two = app
        .get("/v1/leaderboard?game=dice&min_games=2")
        .expect(200)
        .json();
    assert_eq!(two["items"].as_array().unwrap().len(), 1);
    let cards = app.get("/v1/leaderboard?game=cards").expect(200).json();
    assert_eq!(cards["items"], json!([]));
    app.get("/v1/leaderboard?min_games=0")
        .expect_problem(422, "invalid_value");
    assert_eq!(stats(&app, &person_of(&open, 0))["in_progress"], json!(1));
}

fn a_rematch_seats_the_same_people_with_the_same_options(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Family");
    let game = app.new_game(
        &["Ann", "Bo", "Cy"],
        json!({"edition": "fundex-2008", "dice_layout": "any_colors", "name": "Friday"}),
    );
    let rematch = app
        .post(&format!("{}/rematch", game_path(&game)), &json!(null))
        .expect(201)
        .json();
    assert_eq!(rematch["rematch_of"], game["id"]);
    for field in ["edition", "dice_layout", "mode", "name"] {
        assert_eq!(rematch[field], game[field], "{field}");
    }
    for seat in 0..3 {
        assert_eq!(person_of(&rematch, seat), person_of(&game, seat));
    }
    assert_ne!(rematch["players"][0]["id"], game["players"][0]["id"]);
    assert_eq!(rematch["version"], json!(1));
    // Another account may not start one.
    app.with_key(None)
        .post(&format!("{}/rematch", game_path(&game)), &json!(null))
        .expect_problem(401, "unauthorized");
}

fn a_digital_rematch_rolls_for_its_order_again(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Family");
    app.set_order_rolls(&[5, 9]);
    let game = app.new_game(&["Ann", "Bo"], json!({"mode": "digital"}));
    assert_eq!(game["players"][0]["name"], "Bo");
    app.set_order_rolls(&[6, 8]);
    let rematch = app
        .post(&format!("{}/rematch", game_path(&game)), &json!(null))
        .expect(201)
        .json();
    // Given in the old game's order (Bo, Ann), the new rolls put Ann first.
    assert_eq!(rematch["players"][0]["name"], "Ann");
    assert_eq!(rematch["players"][0]["order_rolls"], json!([8]));
    assert_eq!(rematch["mode"], "digital");
}

/// Ann goes out making phase 1, Bo did not and holds 50 points: the game of phase 1 alone is
/// over.
fn ann_goes_out(game: &Value) -> Value {
    let id = |seat: usize| game["players"][seat]["id"].clone();
    json!({"went_out": id(0), "players": [
        {"player_id": id(0), "made": true, "cards": [],
         "laid_down": [cards("7r 7b W"), cards("9g 9y 9r")]},
        {"player_id": id(1), "made": false, "points": 50},
    ]})
}

fn the_deal_passes_left_every_hand(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Family");
    let game = app.new_game(
        &["Ann", "Bo", "Cy"],
        json!({"game": "cards", "first_dealer": 2, "name": "Cards night"}),
    );
    let id = |seat: usize| game["players"][seat]["id"].clone();
    assert_eq!(
        (&game["first_dealer"], &game["dealer_id"]),
        (&json!(2), &id(2))
    );
    let hands = format!("{}/hands", game_path(&game));
    let nobody_made = |went_out: usize| {
        json!({"went_out": id(went_out), "players": (0..3).map(|seat| if seat == went_out {
            json!({"player_id": id(seat), "made": true})
        } else {
            json!({"player_id": id(seat), "made": false, "points": 50})
        }).collect::<Vec<_>>()})
    };
    let first = app.post(&hands, &nobody_made(0)).expect(201).json();
    assert_eq!(first["dealer_id"], id(2));
    assert_eq!(first["game"]["dealer_id"], id(0));
    let second = app.post(&hands, &nobody_made(1)).expect(201).json();
    assert_eq!(
        (&second["dealer_id"], &second["game"]["dealer_id"]),
        (&id(0), &id(1))
    );
    // The pad says who dealt each hand, and who deals next.
    let sheet = app.scoresheet(&game);
    assert_eq!(
        sheet["hands"][1],
        json!({"number": 2, "dealer_id": id(0), "tie_break": false})
    );
    assert_eq!(sheet["dealer_id"], id(1));
    assert_eq!(sheet["players"][0]["hands"][1]["dealt"], json!(true));
    let csv = app.pad_text(&game, "text/csv");
    assert!(csv.contains("Hand 2 (dealt by Ann)"), "{csv}");
    assert!(csv.contains("Next Deal"), "{csv}");
    // A seat the table does not have.
    app.post(
        "/v1/games",
        &json!({"game": "cards", "players": [{"name": "Ann"}, {"name": "Bo"}], "first_dealer": 2}),
    )
    .expect_problem(422, "no_such_seat");
    // The rematch's first dealer is whoever would have dealt next: Bo.
    let rematch = app
        .post(&format!("{}/rematch", game_path(&game)), &json!(null))
        .expect(201)
        .json();
    assert_eq!(rematch["first_dealer"], json!(1));
    assert_eq!(rematch["phases"], game["phases"]);
}

fn the_table_renames_its_game_and_reseats_a_player(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Family");
    let game = app.new_game(&["Ann", "Bo"], json!({"game": "cards", "phases": [1]}));
    let path = game_path(&game);
    let named = app
        .patch(&path, &json!({"name": "Sunday"}))
        .expect(200)
        .json();
    assert_eq!(
        (&named["name"], &named["version"]),
        (&json!("Sunday"), &json!(2))
    );
    app.patch(&path, &json!({}))
        .expect_problem(400, "malformed_request");
    let unnamed = app.patch(&path, &json!({"name": null})).expect(200).json();
    assert_eq!(unnamed["name"], Value::Null);
    // Finished: Ann won. Then the seat turns out to be Di's: the win moves to Di.
    app.post(&format!("{path}/hands"), &ann_goes_out(&game))
        .expect(201);
    let ann = person_of(&game, 0);
    assert_eq!(stats(&app, &ann)["cards"]["wins"], json!(1));
    let di = app
        .post("/v1/people", &json!({"name": "Di"}))
        .expect(201)
        .json();
    let seat = format!(
        "{path}/players/{}",
        game["players"][0]["id"].as_str().unwrap()
    );
    let reseated = app
        .patch(&seat, &json!({"person_id": di["id"]}))
        .expect(200)
        .json();
    assert_eq!(reseated["players"][0]["name"], "Di");
    assert_eq!(reseated["winners"], json!([game["players"][0]["id"]]));
    assert_eq!(stats(&app, &ann)["cards"]["games"], json!(0));
    let di_cards = &stats(&app, &di["id"])["cards"];
    assert_eq!(
        (
            &di_cards["games"],
            &di_cards["wins"],
            &di_cards["went_out"],
            &di_cards["best_total"]
        ),
        (&json!(1), &json!(1), &json!(1), &json!(0))
    );
    // Bo cannot take Di's seat too: he has his own.
    app.patch(&seat, &json!({"person_id": person_of(&game, 1)}))
        .expect_problem(422, "duplicate_person");
}

/// Games kept before there were people: the players of every game lose their person, and the
/// figures are forgotten, as the migration left them; the server, started again, makes them
/// people of their account by name and counts the finished games.
fn older_games_players_become_people_when_the_server_starts(backend: Backend) {
    use diesel::connection::SimpleConnection;

    let mut app = spawn_app(backend);
    app.sign_up("Family");
    let won = best_solitaire(&app, json!({"name": "Ann"}));
    let open = app.new_game(&["ann", "Bo", "Cy"], json!({}));
    // Older rules let "Bo" and "B0" (a zero) sit at one table: they stay two people.
    app.connection()
        .batch_execute(&format!(
            "UPDATE players SET name = 'B0' WHERE id = '{}';
             UPDATE players SET person_id = NULL;
             DELETE FROM results; DELETE FROM figures; DELETE FROM people;",
            open["players"][2]["id"].as_str().unwrap()
        ))
        .expect("the database as the migration left it");
    app.restart();
    assert_eq!(roster_names(&app).len(), 3, "{:?}", roster_names(&app));
    let won = app.get(&game_path(&won)).expect(200).json();
    let open = app.get(&game_path(&open)).expect(200).json();
    assert_eq!(person_of(&open, 0), person_of(&won, 0), "ann is Ann");
    assert_ne!(
        person_of(&open, 1),
        person_of(&open, 2),
        "Bo and B0 are two"
    );
    let ann = stats(&app, &person_of(&won, 0));
    assert_eq!(
        (&ann["dice"]["games"], &ann["in_progress"]),
        (&json!(1), &json!(1))
    );
    // Started again, nothing more is made or counted.
    app.restart();
    assert_eq!(roster_names(&app).len(), 3);
    assert_eq!(stats(&app, &person_of(&won, 0)), ann);
}

crate::on_both_backends!(
    a_game_plays_the_people_of_the_roster,
    people_input_is_checked_and_changes_nothing,
    a_person_is_renamed_everywhere,
    figures_follow_the_record,
    the_leaderboard_ranks_wins_then_rate_then_name,
    a_rematch_seats_the_same_people_with_the_same_options,
    a_digital_rematch_rolls_for_its_order_again,
    the_deal_passes_left_every_hand,
    the_table_renames_its_game_and_reseats_a_player,
    older_games_players_become_people_when_the_server_starts,
);
