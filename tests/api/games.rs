//! Creating, reading, listing and deleting games.

use chrono::TimeDelta;
use serde_json::{Value, json};

use crate::helpers::{Backend, game_path, spawn_app};

fn creating_a_game_seats_the_players_in_the_order_given(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let reply = app
        .post(
            "/v1/games",
            &json!({"players": [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}]}),
        )
        .expect(201);
    let game = reply.json();
    let id = game["id"].as_str().unwrap();
    assert_eq!(
        reply.header("location"),
        Some(format!("/v1/games/{id}").as_str())
    );
    assert_eq!(
        (
            &game["mode"],
            &game["edition"],
            &game["dice_layout"],
            &game["status"]
        ),
        (
            &json!("tabletop"),
            &json!("mattel-2011"),
            &json!("standard"),
            &json!("in_progress")
        )
    );
    assert_eq!((&game["round"], &game["version"]), (&json!(1), &json!(1)));
    let names: Vec<&str> = game["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann", "Bo", "Cy"]);
    assert_eq!(game["current_player_id"], game["players"][0]["id"]);
    assert_eq!(
        game["players"][2],
        json!({
            "id": game["players"][2]["id"], "person_id": game["players"][2]["person_id"],
            "name": "Cy", "seat": 2, "phase": 1, "total": 0,
            "failures": 0, "finished": false, "claimed": false
        })
    );
    assert_eq!(app.get(&format!("/v1/games/{id}")).expect(200).json(), game);
}

/// A new game's `game` is required by the document (its discriminator), yet API.md makes `dice`
/// the default: a body without it, or with null, is a dice game. `evaluate`'s `game` is
/// optional and nullable in the document: a client that sends an unset optional as null gets
/// the dice read.
fn a_game_left_null_is_a_dice_game(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let players = json!([{"name": "Ann"}, {"name": "Bo"}]);
    for body in [
        json!({"game": null, "players": players, "name": null, "mode": "digital"}),
        json!({"players": players, "mode": "digital"}),
        json!({"game": "dice", "players": players, "mode": "digital"}),
    ] {
        let game = app.post("/v1/games", &body).expect(201).json();
        assert_eq!(
            (&game["game"], &game["mode"]),
            (&json!("dice"), &json!("digital"))
        );
    }
    let dice = crate::helpers::dice("8 8 8 10 W W");
    let verdict = app
        .post(
            "/v1/evaluate",
            &json!({"game": null, "phase": 1, "dice": dice}),
        )
        .expect(200)
        .json();
    assert_eq!(
        (&verdict["game"], &verdict["made"]),
        (&json!("dice"), &json!(true))
    );
    // Anything else is not a game.
    app.post("/v1/games", &json!({"game": "chess", "players": players}))
        .expect_problem(422, "invalid_value");
}

fn a_digital_game_rolls_for_the_order(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    // Ann 8, Bo 10, Cy 8, Di 5; Ann and Cy tie, roll again and tie again (9 each), then Ann
    // rolls 5 and Cy 7.
    app.set_order_rolls(&[8, 10, 8, 5, 9, 9, 5, 7]);
    let game = app.new_game(
        &["Ann", "Bo", "Cy", "Di"],
        json!({"mode": "digital", "edition": "fundex-2008"}),
    );
    assert_eq!(
        (&game["mode"], &game["edition"]),
        (&json!("digital"), &json!("fundex-2008"))
    );
    let players = game["players"].as_array().unwrap();
    let seated: Vec<(&Value, &Value)> = players
        .iter()
        .map(|p| (&p["name"], &p["order_rolls"]))
        .collect();
    assert_eq!(
        seated,
        [
            (&json!("Bo"), &json!([10])),
            (&json!("Cy"), &json!([8, 9, 7])),
            (&json!("Ann"), &json!([8, 9, 5])),
            (&json!("Di"), &json!([5])),
        ]
    );
    assert_eq!(game["current_player_id"], players[0]["id"]);
    // Seated highest roll first; a tie was settled by rolling again.
    for pair in players.windows(2) {
        let (a, b) = (
            pair[0]["order_rolls"].as_array().unwrap(),
            pair[1]["order_rolls"].as_array().unwrap(),
        );
        let first_difference = a
            .iter()
            .zip(b)
            .find(|(x, y)| x != y)
            .expect("a strict order");
        assert!(
            first_difference.0.as_u64() > first_difference.1.as_u64(),
            "{a:?} before {b:?}"
        );
        assert!(
            a.iter()
                .chain(b)
                .all(|r| (5..=10).contains(&r.as_u64().unwrap()))
        );
    }
}

fn games_are_listed_newest_first_a_page_at_a_time(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    // A millisecond apart on the server's clock, which stands still otherwise.
    let ids: Vec<Value> = (0..5)
        .map(|i| {
            app.clock.advance(TimeDelta::milliseconds(1));
            app.new_game(&[&format!("P{i}")], json!({}))["id"].clone()
        })
        .collect();
    // Another account's games are not listed.
    let bo = app
        .with_key(None)
        .post("/v1/accounts", &json!({"name": "Bo"}))
        .expect(201)
        .json();
    app.with_key(bo["api_key"].as_str())
        .post("/v1/games", &json!({"players": [{"name": "Bo"}]}))
        .expect(201);

    // Follow the cursors, two games a page, to the last page.
    let mut listed: Vec<Value> = Vec::new();
    let mut path = "/v1/games?limit=2".to_string();
    let mut pages = 0;
    loop {
        pages += 1;
        assert!(pages <= 3, "five games make three pages of two");
        let page = app.get(&path).expect(200).json();
        assert!(
            page["items"].as_array().unwrap().len() <= 2,
            "a page holds two"
        );
        listed.extend(
            page["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["id"].clone()),
        );
        match page["next_cursor"].as_str() {
            Some(cursor) => path = format!("/v1/games?limit=2&cursor={cursor}"),
            None => break,
        }
    }
    assert_eq!(pages, 3, "five games make three pages of two");
    let newest_first: Vec<Value> = ids.into_iter().rev().collect();
    assert_eq!(listed, newest_first);
}

fn games_can_be_listed_by_status(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let playing = app.new_game(&["Ann"], json!({}));
    let done = app.new_game(&["Bo"], json!({}));
    for roll in crate::scoresheet::BEST_ROLLS {
        app.turn(&done, 0, roll).expect(201);
    }
    let finished = app.get("/v1/games?status=finished").expect(200).json();
    assert_eq!(finished["items"].as_array().unwrap().len(), 1);
    assert_eq!(finished["items"][0]["id"], done["id"]);
    let in_progress = app.get("/v1/games?status=in_progress").expect(200).json();
    assert_eq!(in_progress["items"][0]["id"], playing["id"]);
    for (query, status, code) in [
        ("status=paused", 422, "invalid_value"),
        ("limit=0", 422, "invalid_limit"),
        ("limit=101", 422, "invalid_limit"),
        ("limit=ten", 400, "malformed_request"),
        ("cursor=nonsense", 400, "malformed_request"),
        ("color=red", 400, "malformed_request"),
    ] {
        app.get(&format!("/v1/games?{query}"))
            .expect_problem(status, code);
    }
}

fn deleting_a_game_removes_it_and_its_turns(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    app.turn(&game, 0, "8 8 8 10 W W").expect(201);
    let path = game_path(&game);
    let reply = app.delete(&path).expect(204);
    assert!(reply.text.is_empty());
    app.get(&path).expect_problem(404, "not_found");
    app.delete(&path).expect_problem(404, "not_found");
    assert_eq!(app.row_counts(), [1, 0, 0, 0, 0, 0]);
}

fn another_accounts_game_is_not_found_and_untouched(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let id = game["id"].as_str().unwrap();
    let stranger = app
        .post("/v1/accounts", &json!({"name": "Eve"}))
        .expect(201)
        .json();
    let eve = app.with_key(stranger["api_key"].as_str());
    let before = app.row_counts();
    for path in [
        format!("/v1/games/{id}"),
        format!("/v1/games/{id}/turns"),
        format!("/v1/games/{id}/scoresheet"),
        format!("/v1/games/{id}/turns/1"),
    ] {
        eve.get(&path).expect_problem(404, "not_found");
    }
    eve.post(
        &format!("/v1/games/{id}/turns"),
        &json!({"player_id": game["players"][0]["id"], "dice": []}),
    )
    .expect_problem(404, "not_found");
    eve.delete(&format!("/v1/games/{id}"))
        .expect_problem(404, "not_found");
    assert!(
        eve.get("/v1/games").expect(200).json()["items"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(app.row_counts(), before);
    app.get(&format!("/v1/games/{id}")).expect(200);
}

fn a_game_that_does_not_exist_is_not_found(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    app.get("/v1/games/00000000-0000-0000-0000-000000000000")
        .expect_problem(404, "not_found");
    app.get("/v1/games/not-even-a-uuid")
        .expect_problem(404, "not_found");
}

crate::on_both_backends!(
    a_game_left_null_is_a_dice_game,
    creating_a_game_seats_the_players_in_the_order_given,
    a_digital_game_rolls_for_the_order,
    games_are_listed_newest_first_a_page_at_a_time,
    games_can_be_listed_by_status,
    deleting_a_game_removes_it_and_its_turns,
    another_accounts_game_is_not_found_and_untouched,
    a_game_that_does_not_exist_is_not_found,
);
