//! Reads that tolerate lag on a standby (`--database-read-url`): here a copy of the database
//! frozen at one moment, a standby as far behind as one can be. It answers the lists and the
//! figures; a pad never older than the client named (`If-None-Match`) or the process saw; what
//! it does not have (a game, a key made since) the primary answers, and so it does once the
//! standby is gone.

use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, spawn_app};
use crate::sse::EventStream;

fn listed_games(app: &TestApp) -> Vec<String> {
    let page = app.get("/v1/games").expect(200).json();
    let items = page["items"].as_array().expect("a page of games");
    let mut ids: Vec<String> = items.iter().map(|g| g["id"].to_string()).collect();
    ids.sort();
    ids
}

fn pad_tag(app: &TestApp, game: &Value, headers: &[(&str, &str)]) -> (u16, String) {
    let path = format!(
        "/v1/games/{}/scoresheet",
        game["id"].as_str().expect("an id")
    );
    let pad = app.get_with(&path, headers);
    (
        pad.status,
        pad.header("etag").unwrap_or_default().to_string(),
    )
}

fn a_standby_answers_what_tolerates_lag_never_older_than_the_client_knows(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    app.turn(&game, 0, "8 8 8 10 W W").expect(201);
    let frozen = app.restart_with_frozen_standby();

    // Since the standby stopped: a turn, another game.
    let written = app.turn(&game, 1, "1 2 3 4").expect(201);
    let tag = written
        .header("etag")
        .expect("the game's new version")
        .to_string();
    assert_eq!(tag, "\"3\"");
    let later = app.new_game(&["Cy", "Di"], json!({}));

    // The list comes from the standby: the game made since is not in it yet.
    assert_eq!(listed_games(&app), vec![game["id"].to_string()]);
    // A pad through this process is never older than the game it last saw.
    assert_eq!(pad_tag(&app, &game, &[]), (200, tag.clone()));
    // A game the standby does not have: the primary answers.
    assert_eq!(pad_tag(&app, &later, &[]).0, 200);

    // Another process, which saw nothing: a client naming nothing may get the standby's pad;
    // one naming the version its write answered never gets an older one.
    app.restart();
    assert_eq!(pad_tag(&app, &game, &[]), (200, "\"2\"".to_string()));
    assert_eq!(pad_tag(&app, &game, &[("If-None-Match", "\"2\"")]).0, 304);
    assert_eq!(
        pad_tag(&app, &game, &[("If-None-Match", &tag)]),
        (304, tag.clone())
    );
    // The primary's answer is what this process has now seen: no later read is older.
    assert_eq!(pad_tag(&app, &game, &[]), (200, tag.clone()));
    let html = format!("\"{}-html\"", tag.trim_matches('"'));
    assert_eq!(
        pad_tag(
            &app,
            &game,
            &[("If-None-Match", &html), ("Accept", "text/html")]
        )
        .0,
        304
    );

    // A key made since the standby stopped: the primary knows it.
    let other = app
        .post("/v1/accounts", &json!({"name": "Eve"}))
        .expect(201)
        .json();
    let other = other["api_key"].as_str().expect("a key").to_string();
    let theirs = app
        .with_key(Some(&other))
        .get("/v1/games")
        .expect(200)
        .json();
    assert_eq!(theirs["items"], json!([]));
    // A stranger's key is refused, by the primary.
    app.with_key(Some("p10_nobody"))
        .get("/v1/games")
        .expect_problem(401, "unauthorized");

    // The standby gone: every read goes on, from the primary.
    if backend == Backend::Postgres {
        drop(frozen);
        let mut both = vec![game["id"].to_string(), later["id"].to_string()];
        both.sort();
        assert_eq!(listed_games(&app), both);
        app.get("/v1/leaderboard").expect(200);
    }
}

/// Events of a game of Ann and Bo: `turns` failed turns from `first`, each scored on its own.
fn failed_turns(app: &TestApp, game: &Value, first: usize, turns: usize) {
    for turn in first..first + turns {
        app.turn(game, turn % 2, "1 2 3 4").expect(201);
    }
}

fn an_event_stream_reads_its_history_on_the_standby_and_what_is_new_on_the_primary(
    backend: Backend,
) {
    let mut app = spawn_app(backend);
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    failed_turns(&app, &game, 0, 130);
    let _frozen = app.restart_with_frozen_standby();
    failed_turns(&app, &game, 130, 130);
    let last = app
        .get(&format!(
            "/v1/games/{}",
            game["id"].as_str().expect("an id")
        ))
        .expect(200)
        .json()["version"]
        .as_i64()
        .expect("a version");
    // From the start: pages of the standby's history, then what it does not have, in order.
    let path = format!("/v1/games/{}/events", game["id"].as_str().expect("an id"));
    let stream = EventStream::open(&app.url(&path), &key, Some(0));
    let ids: Vec<i64> = (1..=last)
        .map(|_| {
            stream
                .next_event(Duration::from_secs(10))
                .id
                .expect("an id")
        })
        .collect();
    assert_eq!(ids, (1..=last).collect::<Vec<_>>());
}

crate::on_both_backends!(
    a_standby_answers_what_tolerates_lag_never_older_than_the_client_knows,
    an_event_stream_reads_its_history_on_the_standby_and_what_is_new_on_the_primary,
);
