//! Backing up an account (API.md "Offline clients and several devices"): its export, imported
//! on another server of the other backend and back, gives the same games, pads and figures; a
//! second import makes nothing; a document that does not replay, or whose ids are another
//! account's, makes nothing.

use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, game_path, spawn_app};
use crate::scoresheet::BEST_ROLLS;

fn account_of(app: &mut TestApp, name: &str) -> String {
    let made = app
        .with_key(None)
        .post("/v1/accounts", &json!({"name": name}))
        .expect(201)
        .json();
    app.key = Some(made["api_key"].as_str().unwrap().to_string());
    made["id"].as_str().unwrap().to_string()
}

/// A minute on: games made a minute apart are listed (and exported) oldest first.
fn later(app: &TestApp) {
    app.clock.advance(chrono::TimeDelta::minutes(1));
}

/// An account with a bit of everything: a finished solitaire game, a game in play with a
/// replaced turn, a card game with a tie-break ahead, a digital game, a person with no games.
fn a_family_account(app: &mut TestApp) -> String {
    let account = account_of(app, "The Garcías");
    app.post("/v1/people", &json!({"name": "Grandpa"}))
        .expect(201);
    later(app);
    let solitaire = app.new_game(&["Ann"], json!({"name": "Ann's best"}));
    for roll in BEST_ROLLS {
        app.turn(&solitaire, 0, roll).expect(201);
    }
    later(app);
    let open = app.new_game(&["Ann", "Bo"], json!({}));
    app.turn(&open, 0, "8 8 8 10 W W").expect(201);
    app.turn(&open, 1, "1 2 3").expect(201);
    app.turn(&open, 0, "2 2 3 3").expect(201);
    app.put(
        &format!("{}/turns/2", game_path(&open)),
        &json!({"dice": [{"value": 4}, {"value": 4}, {"value": 4}, {"value": 5}, {"value": 5}, {"value": 5}]}),
    )
    .expect(200);
    later(app);
    let cards = app.new_game(
        &["Ann", "Bo", "Cy"],
        json!({"game": "cards", "phases": [1, 2]}),
    );
    let player = |seat: usize| cards["players"][seat]["id"].clone();
    app.post(
        &format!("{}/hands", game_path(&cards)),
        &json!({"went_out": player(0), "players": [
            {"player_id": player(0), "made": true, "cards": []},
            {"player_id": player(1), "made": true, "points": 20},
            {"player_id": player(2), "made": false, "points": 75}]}),
    )
    .expect(201);
    later(app);
    app.set_order_rolls(&[9, 6]);
    let digital = app.new_game(&["Bo", "Ann"], json!({"mode": "digital"}));
    app.post(
        &format!("{}/turns", game_path(&digital)),
        &json!({"player_id": digital["players"][0]["id"]}),
    )
    .expect(201);
    account
}

fn export(app: &TestApp, account: &str) -> Value {
    let reply = app
        .get(&format!("/v1/accounts/{account}/export"))
        .expect(200);
    let disposition = reply
        .header("content-disposition")
        .unwrap_or_default()
        .to_string();
    assert!(
        disposition.starts_with("attachment; filename=\"phase10-"),
        "{disposition}"
    );
    reply.json()
}

/// What a family sees of its account: the games, each pad, the people and their figures.
fn what_the_family_sees(app: &TestApp) -> Value {
    let games = app.get("/v1/games?limit=100").expect(200).json()["items"].clone();
    let pads: Vec<Value> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| app.scoresheet(g))
        .collect();
    let people = app.get("/v1/people?limit=100").expect(200).json()["items"].clone();
    let figures: Vec<Value> = people
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let id = p["id"].as_str().unwrap();
            app.get(&format!("/v1/people/{id}/stats"))
                .expect(200)
                .json()
        })
        .collect();
    let edits: Vec<Value> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            app.get(&format!("{}/edits", game_path(g)))
                .expect(200)
                .json()["items"]
                .clone()
        })
        .map(|mut items| {
            // Who made an edit is the account that imported it, elsewhere.
            for item in items.as_array_mut().unwrap() {
                item.as_object_mut().unwrap().remove("account_id");
            }
            items
        })
        .collect();
    let leaderboard = app.get("/v1/leaderboard?game=dice").expect(200).json();
    json!({"games": games, "pads": pads, "people": people, "figures": figures,
        "edits": edits, "leaderboard": leaderboard})
}

fn import(app: &TestApp, document: &Value) -> crate::helpers::Reply {
    app.post("/v1/imports", document)
}

/// The document without what differs between two exports of the same games.
fn games_of(document: &Value) -> Value {
    json!({"people": document["people"], "games": document["games"]})
}

#[test]
fn an_account_moves_from_sqlite_to_postgresql_and_back() {
    let mut lite = spawn_app(Backend::Sqlite);
    let account = a_family_account(&mut lite);
    let document = export(&lite, &account);
    assert_eq!(document["format"], "phase10-account/1");
    assert_eq!(document["games"].as_array().unwrap().len(), 4);
    assert_eq!(document["people"].as_array().unwrap().len(), 4);
    let seen = what_the_family_sees(&lite);

    let mut pg = spawn_app(Backend::Postgres);
    let moved = account_of(&mut pg, "The Garcías, moved");
    let made = import(&pg, &document).expect(201).json();
    assert_eq!(made, json!({"games": 4, "people": 4}));
    assert_eq!(what_the_family_sees(&pg), seen);
    // Imported again: nothing made twice.
    assert_eq!(
        import(&pg, &document).expect(200).json(),
        json!({"games": 0, "people": 0})
    );
    assert_eq!(what_the_family_sees(&pg), seen);
    // The game goes on where it was.
    let open = &document["games"][1];
    pg.post(
        &format!("/v1/games/{}/turns", open["id"].as_str().unwrap()),
        &json!({"player_id": open["players"][1]["id"], "number": 4}),
    )
    .expect(201);

    // And back, into a new SQLite server: the same again.
    let back = export(&pg, &moved);
    let mut again = spawn_app(Backend::Sqlite);
    let back_home = account_of(&mut again, "The Garcías, back");
    import(&again, &back).expect(201);
    assert_eq!(games_of(&export(&again, &back_home)), games_of(&back));
}

fn a_document_that_does_not_replay_makes_nothing(backend: Backend) {
    let mut app = spawn_app(backend);
    let account = a_family_account(&mut app);
    let mut document = export(&app, &account);
    let mut nobody = document.clone();
    account_of(&mut app, "Elsewhere");
    // Ids another account has: 409, nothing made.
    import(&app, &document).expect_problem(409, "id_taken");

    let mut fresh = spawn_app(backend);
    account_of(&mut fresh, "Fresh");
    // Ann's solitaire, turn 3: dice that do not make phase 3 for more than she scored.
    document["games"][0]["turns"][2]["dice"] = json!([{"value": 1}, {"value": 1}, {"value": 1},
        {"value": 1}, {"value": 1}, {"value": 1}, {"value": 1}, {"value": 1}, {"value": 1},
        {"value": 1}, {"value": 1}]);
    let problem = import(&fresh, &document).expect_problem(422, "export_does_not_replay");
    let message = problem["errors"][0]["message"].as_str().unwrap();
    assert!(
        message.contains("Ann's best") && message.contains("turn 3"),
        "{problem}"
    );
    assert_eq!(problem["errors"][0]["field"], "games[0]");
    let empty = fresh.get("/v1/games").expect(200).json();
    assert!(empty["items"].as_array().unwrap().is_empty(), "{empty}");
    let roster = fresh.get("/v1/people").expect(200).json();
    assert!(roster["items"].as_array().unwrap().is_empty(), "{roster}");
    // A game of nobody: 422, in words.
    nobody["games"][0]["players"] = json!([]);
    let problem = import(&fresh, &nobody).expect_problem(422, "invalid_value");
    assert_eq!(
        problem["errors"][0]["field"], "games[0].players",
        "{problem}"
    );
    // Not a document at all: 400 or 422, in the client's words.
    import(&fresh, &json!({"games": []})).expect_problem(400, "malformed_request");
}

crate::on_both_backends!(a_document_that_does_not_replay_makes_nothing);
