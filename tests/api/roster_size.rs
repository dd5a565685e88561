//! How big a roster and its leaderboard get (issue 41's L3): a roster holds at most 1,000
//! people, whichever way they are added, and the leaderboard comes in pages.

use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, spawn_app};
use crate::people::best_solitaire;

/// The most people a roster holds (service::people::MOST_PEOPLE).
const MOST_PEOPLE: usize = 1_000;

/// The items of every page of a listing (`path` with its query), page after page.
fn every_page(app: &TestApp, path: &str) -> Vec<Value> {
    let mut cursor = String::new();
    let mut items = Vec::new();
    loop {
        let page = app.get(&format!("{path}{cursor}")).expect(200).json();
        items.extend(page["items"].as_array().unwrap().iter().cloned());
        match page["next_cursor"].as_str() {
            Some(next) => cursor = format!("&cursor={next}"),
            None => return items,
        }
    }
}

/// Every person of the roster.
fn roster(app: &TestApp) -> Vec<Value> {
    every_page(app, "/v1/people?limit=100")
}

/// A new account, which `app` then acts as; its id.
fn club(app: &mut TestApp) -> String {
    let made = app
        .with_key(None)
        .post("/v1/accounts", &json!({"name": "Club"}))
        .expect(201)
        .json();
    app.key = Some(made["api_key"].as_str().unwrap().to_owned());
    made["id"].as_str().unwrap().to_owned()
}

/// The account's export with `people` people in it, named `{prefix} {n}`.
fn document_of_people(app: &TestApp, account: &str, people: usize, prefix: &str) -> Value {
    let mut document = app
        .get(&format!("/v1/accounts/{account}/export"))
        .expect(200)
        .json();
    document["people"] = (0..people)
        .map(|n| {
            json!({"id": format!("00000000-0000-4000-8{:03}-{n:012}", prefix.len()),
                   "name": format!("{prefix} {n}"), "created_at": "2026-11-01T12:00:00Z"})
        })
        .collect();
    document
}

fn a_roster_holds_at_most_a_thousand_people(backend: Backend) {
    let mut app = spawn_app(backend);
    let account = club(&mut app);
    let people = document_of_people(&app, &account, MOST_PEOPLE - 2, "Player");
    let made = app.post("/v1/imports", &people).expect(201).json();
    assert_eq!(made["people"], json!(MOST_PEOPLE - 2));
    // A game's new player takes the last place but one, a person the last.
    app.new_game(&["Ann", "Player 7"], json!({}));
    app.post("/v1/people", &json!({"name": "Bo"})).expect(201);
    assert_eq!(roster(&app).len(), MOST_PEOPLE);

    let counts = app.row_counts();
    let full = app
        .post("/v1/people", &json!({"name": "Cy"}))
        .expect_problem(409, "roster_full");
    assert_eq!(
        full["detail"],
        "the roster holds at most 1000 people and has 1000, so it has no room for one more: \
         remove people who no longer play from it first"
    );
    let game = app
        .post(
            "/v1/games",
            &json!({"players": [{"name": "Cy"}, {"name": "Di"}]}),
        )
        .expect_problem(409, "roster_full");
    let detail = game["detail"].as_str().unwrap();
    assert!(detail.contains("no room for 2 more"), "{detail}");
    assert_eq!(app.row_counts(), counts, "nothing made");
    assert_eq!(roster(&app).len(), MOST_PEOPLE);
    // The people it holds still play, and a place made is a place to fill.
    app.new_game(&["Ann", "Bo"], json!({}));
    let idle = roster(&app)
        .into_iter()
        .find(|p| p["name"] == "Player 0")
        .unwrap();
    app.delete(&format!("/v1/people/{}", idle["id"].as_str().unwrap()))
        .expect(204);
    app.post("/v1/people", &json!({"name": "Cy"})).expect(201);
}

/// An import that would take the roster past its size makes none of its people.
fn an_import_past_the_roster_s_size_makes_nothing(backend: Backend) {
    let mut app = spawn_app(backend);
    let account = club(&mut app);
    app.post("/v1/people", &json!({"name": "Ann"})).expect(201);
    let document = document_of_people(&app, &account, MOST_PEOPLE, "P");
    app.post("/v1/imports", &document)
        .expect_problem(409, "roster_full");
    assert_eq!(roster(&app).len(), 1);
}

fn names_and_ranks(page: &Value) -> Vec<(String, u64)> {
    (page["items"].as_array().unwrap().iter())
        .map(|line| {
            (
                line["name"].as_str().unwrap().to_owned(),
                line["rank"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn the_leaderboard_comes_in_pages(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Family");
    // Solitaire games, each won: Ann wins two, Bo and Cy one each (level: one rank).
    for name in ["Ann", "Ann", "Bo", "Cy"] {
        best_solitaire(&app, json!({"name": name}));
    }
    let whole = app.get("/v1/leaderboard").expect(200).json();
    assert_eq!(whole["next_cursor"], Value::Null);
    let board = names_and_ranks(&whole);
    let expected = [("Ann", 1), ("Bo", 2), ("Cy", 2)].map(|(name, rank)| (name.to_owned(), rank));
    assert_eq!(board, expected);

    let paged = names_and_ranks(&json!({"items": every_page(&app, "/v1/leaderboard?limit=1")}));
    assert_eq!(
        paged, board,
        "pages of one line make the whole board, ranks and all"
    );
    let two = app.get("/v1/leaderboard?limit=2").expect(200).json();
    assert_eq!(names_and_ranks(&two), board[..2]);

    for bad in ["zz", "7b7d", "0", &"ab".repeat(400)] {
        app.get(&format!("/v1/leaderboard?cursor={bad}"))
            .expect(400);
    }
    for limit in ["0", "101"] {
        app.get(&format!("/v1/leaderboard?limit={limit}"))
            .expect_problem(422, "invalid_limit");
    }
}

crate::on_both_backends!(
    a_roster_holds_at_most_a_thousand_people,
    an_import_past_the_roster_s_size_makes_nothing,
    the_leaderboard_comes_in_pages,
);
