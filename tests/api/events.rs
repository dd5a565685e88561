//! Server-sent events: every change of a game, in order, with the game's version as the id;
//! a reconnect with `Last-Event-ID` gets what it missed; changes made through one server
//! process reach the subscribers of another sharing the PostgreSQL database.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, game_path, spawn_app, spawn_app_with, turns_path};
use crate::process::ServerProcess;
use crate::raw::Raw;
use crate::sse::{EventStream, Item};

const SOON: Duration = Duration::from_secs(5);

fn events_url(app: &TestApp, game: &Value) -> String {
    app.url(&format!(
        "/v1/games/{}/events",
        game["id"].as_str().unwrap()
    ))
}

fn a_subscriber_gets_every_change_in_order_and_a_reconnect_gets_what_it_missed(backend: Backend) {
    let mut app = spawn_app(backend);
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({"mode": "digital"}));
    let stream = EventStream::open(&events_url(&app, &game), &key, None);
    assert_eq!(stream.status, 200);
    assert!(stream.content_type.starts_with("text/event-stream"));
    // Without Last-Event-ID the stream starts with the latest event: the game as it is.
    let first = stream.next_event(SOON);
    assert_eq!((first.id, first.kind.as_str()), (Some(1), "game_created"));
    assert_eq!(first.data["game"]["id"], game["id"]);

    let player = &game["players"][0]["id"];
    let turn = app
        .post(&turns_path(&game), &json!({"player_id": player}))
        .expect(201)
        .json();
    let number = &turn["number"];
    app.post(
        &format!("{}/{number}/rolls", turns_path(&game)),
        &json!({"reroll": ["H1", "L1"]}),
    )
    .expect(200);
    let scored = app
        .post(&format!("{}/{number}/score", turns_path(&game)), &json!({}))
        .expect(200)
        .json();
    let seen: Vec<_> = (0..3).map(|_| stream.next_event(SOON)).collect();
    let kinds: Vec<(Option<i64>, &str)> = seen.iter().map(|e| (e.id, e.kind.as_str())).collect();
    assert_eq!(
        kinds,
        [
            (Some(2), "turn_started"),
            (Some(3), "dice_rolled"),
            (Some(4), "turn_scored")
        ]
    );
    for event in &seen {
        assert_eq!(event.data["version"], json!(event.id.unwrap()));
        assert_eq!(event.data["game"]["version"], json!(event.id.unwrap()));
        assert_eq!(event.data["turn"]["number"], *number);
    }
    assert_eq!(seen[2].data["turn"], scored);
    drop(stream);

    // Missed while away: an undo and a new turn.
    app.delete(&format!("{}/{number}", turns_path(&game)))
        .expect(200);
    app.post(&turns_path(&game), &json!({"player_id": player}))
        .expect(201);
    let again = EventStream::open(&events_url(&app, &game), &key, Some(4));
    let missed: Vec<_> = (0..2).map(|_| again.next_event(SOON)).collect();
    let kinds: Vec<(Option<i64>, &str)> = missed.iter().map(|e| (e.id, e.kind.as_str())).collect();
    assert_eq!(kinds, [(Some(5), "turn_undone"), (Some(6), "turn_started")]);
    // And it goes on live.
    let path = format!("{}/{number}/score", turns_path(&game));
    app.post(&path, &json!({})).expect(200);
    assert_eq!(again.next_event(SOON).id, Some(7));

    // The whole log, undone turn included, from the start.
    let whole = EventStream::open(&format!("{}?after=0", events_url(&app, &game)), &key, None);
    let ids: Vec<Option<i64>> = (0..7).map(|_| whole.next_event(SOON).id).collect();
    assert_eq!(ids, (1..=7).map(Some).collect::<Vec<_>>());
    let path = format!("/v1/games/{}/events?after=-1", game["id"].as_str().unwrap());
    app.get(&path).expect_problem(422, "invalid_value");
}

fn an_idle_stream_gets_heartbeats_and_a_deleted_game_ends_it(backend: Backend) {
    let mut app = spawn_app_with(backend, &["--sse-heartbeat-secs=1"]);
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    let stream = EventStream::open(&events_url(&app, &game), &key, None);
    assert_eq!(stream.next_event(SOON).kind, "game_created");
    let heartbeat = stream.next_item(SOON);
    assert!(matches!(heartbeat, Some(Item::Comment(_))), "{heartbeat:?}");
    app.delete(&game_path(&game)).expect(204);
    assert_eq!(stream.next_event(SOON).kind, "game_deleted");
    let end = (0..5)
        .map(|_| stream.next_item(SOON))
        .find(|item| !matches!(item, Some(Item::Comment(_))));
    assert_eq!(end, Some(Some(Item::End)));
}

fn a_stream_is_only_for_those_who_may_see_the_game(backend: Backend) {
    let mut app = spawn_app(backend);
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    let path = format!("/v1/games/{}/events", game["id"].as_str().unwrap());
    let stranger = app.sign_up("Bo");
    let other = EventStream::open(&app.url(&path), &stranger, None);
    assert_eq!(other.status, 404);
    app.with_key(None)
        .get(&path)
        .expect_problem(401, "unauthorized");
    app.key = Some(key);
    app.get_with(&path, &[("Last-Event-ID", "x7")])
        .expect_problem(400, "malformed_request");
}

fn an_account_holds_a_bounded_number_of_streams(backend: Backend) {
    // Heartbeats every second: a client that went away is found by the next write to it.
    let mut app = spawn_app_with(
        backend,
        &["--sse-streams-per-account=2", "--sse-heartbeat-secs=1"],
    );
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    let url = events_url(&app, &game);
    let first = EventStream::open(&url, &key, None);
    let _second = EventStream::open(&url, &key, None);
    assert_eq!(first.next_event(SOON).kind, "game_created");
    let path = format!("/v1/games/{}/events", game["id"].as_str().unwrap());
    let refused = app.get(&path);
    assert_eq!(refused.header("retry-after"), Some("5"));
    refused.expect_problem(429, "too_many_streams");
    // Another account is not held back by Ann's streams...
    let bo = app.sign_up("Bo");
    let bos = app.new_game(&["Bo"], json!({}));
    assert_eq!(
        EventStream::open(&events_url(&app, &bos), &bo, None).status,
        200
    );
    // ...and a stream closed frees its place.
    drop(first);
    let deadline = Instant::now() + SOON;
    loop {
        let again = EventStream::open(&url, &key, None);
        if again.status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "a closed stream frees its place");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn a_stream_whose_client_leaves_frees_its_place_at_once(backend: Backend) {
    // No heartbeat for a minute: the place is freed by the client leaving, not by a write.
    let mut app = spawn_app_with(
        backend,
        &["--sse-streams-per-account=1", "--sse-heartbeat-secs=60"],
    );
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    let id = game["id"].as_str().unwrap();
    let stream = Raw::follow(&app.base, "127.0.0.1", id, &key);
    let path = format!("/v1/games/{id}/events");
    app.get(&path).expect_problem(429, "too_many_streams");
    drop(stream);
    let left = Instant::now();
    loop {
        let again = EventStream::open(&events_url(&app, &game), &key, None);
        if again.status == 200 {
            break;
        }
        assert!(
            left.elapsed() < Duration::from_secs(2),
            "the place of a client that left is still held"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn one_address_cannot_take_every_stream(backend: Backend) {
    let mut app = spawn_app_with(backend, &["--sse-streams-per-address=2"]);
    let mut held = Vec::new();
    for name in ["Ann", "Bo"] {
        let key = app.sign_up(name);
        let game = app.new_game(&[name], json!({}));
        held.push(Raw::follow(
            &app.base,
            "127.0.0.1",
            game["id"].as_str().unwrap(),
            &key,
        ));
    }
    let key = app.sign_up("Cy");
    let game = app.new_game(&["Cy"], json!({}));
    let id = game["id"].as_str().unwrap();
    let problem = app
        .get(&format!("/v1/games/{id}/events"))
        .expect_problem(429, "too_many_streams");
    assert!(
        problem["detail"].as_str().unwrap().contains("this address"),
        "{problem}"
    );
    // Another address is served.
    Raw::follow(&app.base, "127.0.0.2", id, &key);
}

#[test]
fn a_turn_scored_through_one_process_reaches_a_subscriber_of_another_within_a_second() {
    let mut app = spawn_app(Backend::Postgres);
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({"mode": "digital"}));
    let other = ServerProcess::start(&app.database_url, &["--log", "warn"]);
    let url = format!(
        "{}/v1/games/{}/events",
        other.base,
        game["id"].as_str().unwrap()
    );
    let stream = EventStream::open(&url, &key, None);
    assert_eq!(stream.next_event(SOON).kind, "game_created");
    let mut current = game;
    let mut delays = Vec::new();
    for _ in 0..10 {
        let turn = app
            .post(
                &turns_path(&current),
                &json!({"player_id": current["current_player_id"]}),
            )
            .expect(201)
            .json();
        assert_eq!(stream.next_event(SOON).kind, "turn_started");
        let path = format!("{}/{}/score", turns_path(&current), turn["number"]);
        let sent = Instant::now();
        let scored = app.post(&path, &json!({})).expect(200).json();
        let event = stream.next_event(Duration::from_secs(1));
        delays.push(sent.elapsed());
        assert_eq!(event.kind, "turn_scored");
        assert_eq!(event.data["turn"], scored);
        current = scored["game"].clone();
    }
    delays.sort();
    eprintln!(
        "process A to a subscriber of process B: median {:?}, max {:?}",
        delays[delays.len() / 2],
        delays[delays.len() - 1]
    );
    assert!(delays.iter().all(|d| *d < Duration::from_secs(1)));
    // A deletion through A ends B's streams as promptly.
    app.delete(&game_path(&current)).expect(204);
    assert_eq!(
        stream.next_event(Duration::from_secs(1)).kind,
        "game_deleted"
    );
}

fn on_sigterm_open_streams_end_at_once(backend: Backend) {
    let mut app = spawn_app(backend);
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    let id = game["id"].as_str().unwrap();
    let mut server = ServerProcess::start(&app.database_url, &["--log", "warn", "--drain-ms", "0"]);
    let mut open = Raw::follow(&server.base, "127.0.0.1", id, &key);
    // A client that is gone without a word: its socket is still open, and it reads nothing.
    let _gone = Raw::follow(&server.base, "127.0.0.1", id, &key);
    server.terminate();
    let took = server.exited_within(Duration::from_secs(15));
    let took = took.expect("the server exits");
    assert!(
        took < Duration::from_secs(5),
        "shutdown waited {took:?} for open streams (it may wait 10 s for requests in flight)"
    );
    let (_, closed) = open.read_all(Duration::from_secs(1));
    assert!(closed, "the stream ended");
}

crate::on_both_backends!(
    a_subscriber_gets_every_change_in_order_and_a_reconnect_gets_what_it_missed,
    an_idle_stream_gets_heartbeats_and_a_deleted_game_ends_it,
    a_stream_is_only_for_those_who_may_see_the_game,
    an_account_holds_a_bounded_number_of_streams,
    on_sigterm_open_streams_end_at_once,
    a_stream_whose_client_leaves_frees_its_place_at_once,
    one_address_cannot_take_every_stream,
);
