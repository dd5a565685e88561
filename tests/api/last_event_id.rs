//! `Last-Event-ID` as the OpenAPI document gives it, `^[0-9]{1,18}$`: the server takes every
//! value of that pattern (an id it sent, or one it has not sent yet) and refuses every other
//! with a 400, so that a schema-valid request is never refused for it.

use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{Backend, game_path, spawn_app, turns_path};
use crate::sse::EventStream;

const SOON: Duration = Duration::from_secs(5);

/// What `^[0-9]{1,18}$` allows.
fn documented(value: &str) -> bool {
    (1..=18).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_digit())
}

/// The pattern the served document gives `Last-Event-ID` of `followGame`.
#[track_caller]
fn pattern(document: &Value) -> &str {
    let follow = &document["paths"]["/v1/games/{game_id}/events"]["get"];
    assert_eq!(follow["operationId"], "followGame");
    let header = follow["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|parameter| parameter["name"] == "Last-Event-ID")
        .expect("Last-Event-ID is documented");
    assert_eq!(header["in"], "header");
    assert_eq!(header["schema"]["type"], "string");
    header["schema"]["pattern"].as_str().expect("a pattern")
}

fn last_event_ids_of_the_documented_pattern_are_taken_and_no_others(backend: Backend) {
    let mut app = spawn_app(backend);
    let key = app.sign_up("Ann");
    let document = app.get("/openapi.json").expect(200).json();
    assert_eq!(
        pattern(&document),
        "^[0-9]{1,18}$",
        "what `documented` follows"
    );

    // Version 1 created the game, version 2 started a turn.
    let game = app.new_game(&["Ann"], json!({"mode": "digital"}));
    let player = &game["players"][0]["id"];
    app.post(&turns_path(&game), &json!({"player_id": player}))
        .expect(201);
    let path = format!("{}/events", game_path(&game));
    let url = app.url(&path);

    // The stream resumes after the id, however many zeros lead it.
    for (id, next) in [("0", 1), ("1", 2), ("01", 2), ("000000000000000001", 2)] {
        assert!(documented(id));
        let stream = EventStream::open_with(&url, &key, Some(id));
        assert_eq!(stream.status, 200, "Last-Event-ID: {id}");
        assert_eq!(
            stream.next_event(SOON).id,
            Some(next),
            "Last-Event-ID: {id}"
        );
    }
    // An id the game has not reached yet is taken too: its events come when it gets there.
    for id in ["2", "3", "999999999999999999"] {
        assert!(documented(id));
        let stream = EventStream::open_with(&url, &key, Some(id));
        assert_eq!(stream.status, 200, "Last-Event-ID: {id}");
    }

    // Anything else is refused, and is outside the pattern.
    for id in [
        "",
        "x7",
        "-1",
        "+1",
        "1.0",
        "1e3",
        "1 2",
        "0x10",
        "1234567890123456789",
        "9223372036854775807",
    ] {
        assert!(!documented(id), "{id}");
        app.get_with(&path, &[("Last-Event-ID", id)])
            .expect_problem(400, "malformed_request");
    }
}

crate::on_both_backends!(last_event_ids_of_the_documented_pattern_are_taken_and_no_others);
