//! Seats and invites: an owner invites for a seat, another account accepts the code once and
//! plays that seat from then on, and who may do what once seats are claimed.

use chrono::{DateTime, TimeDelta, Utc};
use diesel::prelude::*;
use phase10::service::clock::Clock;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

mod seats;

use crate::helpers::schema::{events, invites};
use crate::helpers::{Backend, Reply, TestApp, game_path, spawn_app, spawn_app_with};

const CROCKFORD: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

fn player(game: &Value, seat: usize) -> Value {
    game["players"][seat]["id"].clone()
}

/// Asks, as the account whose key is `key`, for an invite to the seat of `player_id`.
fn ask_invite(app: &TestApp, key: &str, game: &Value, player_id: &Value) -> Reply {
    app.with_key(Some(key)).post(
        &format!("{}/invites", game_path(game)),
        &json!({"player_id": player_id}),
    )
}

/// The code of a new invite to the seat `seat`, asked for by the owner whose key is `owner`.
#[track_caller]
fn code_for(app: &TestApp, owner: &str, game: &Value, seat: usize) -> String {
    let invite = ask_invite(app, owner, game, &player(game, seat)).expect(201);
    invite.json()["code"].as_str().unwrap().to_string()
}

fn accept(app: &TestApp, key: &str, code: &str) -> Reply {
    app.with_key(Some(key)).post_raw(
        &format!("/v1/invites/{code}/accept"),
        "application/json",
        b"",
    )
}

/// The game as the account reads it.
#[track_caller]
fn read(app: &TestApp, key: &str, game: &Value) -> Value {
    app.with_key(Some(key))
        .get(&game_path(game))
        .expect(200)
        .json()
}

/// What the database keeps of a code: the SHA-256 of the code without its dashes, in hex.
fn hash_of(code: &str) -> String {
    Sha256::digest(code.replace('-', ""))
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn seat_claimed_events(app: &TestApp) -> i64 {
    events::table
        .filter(events::kind.eq("seat_claimed"))
        .count()
        .get_result(&mut app.connection())
        .unwrap()
}

fn the_owner_gets_a_code_and_only_its_hash_is_kept(backend: Backend) {
    let mut app = spawn_app(backend);
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let asked_at = app.clock.now();
    let invite = ask_invite(&app, &ann, &game, &player(&game, 1))
        .expect(201)
        .json();
    let fields: Vec<&String> = invite.as_object().unwrap().keys().collect();
    assert_eq!(fields, ["code", "expires_at", "player_id"]);
    assert_eq!(invite["player_id"], player(&game, 1));
    let code = invite["code"].as_str().unwrap();
    let groups: Vec<&str> = code.split('-').collect();
    assert_eq!(groups.len(), 4, "{code}");
    for group in groups {
        assert_eq!(group.len(), 5, "{code}");
        assert!(group.chars().all(|c| CROCKFORD.contains(c)), "{code}");
    }
    let expires_at = invite["expires_at"].as_str().unwrap();
    assert!(expires_at.ends_with('Z'), "{expires_at}");
    // A day (the default) from when it was asked for, to the microsecond.
    let expires_at = DateTime::parse_from_rfc3339(expires_at).unwrap();
    assert_eq!(
        expires_at.with_timezone(&Utc).naive_utc(),
        asked_at + TimeDelta::hours(24)
    );
    assert_ne!(code_for(&app, &ann, &game, 1), code, "a code per invite");

    let stored: Vec<(String, String, String, Option<String>)> = invites::table
        .select((
            invites::code_hash,
            invites::game_id,
            invites::player_id,
            invites::accepted_by,
        ))
        .load(&mut app.connection())
        .unwrap();
    let row = stored
        .iter()
        .find(|row| row.0 == hash_of(code))
        .expect("the hash");
    assert_eq!(
        json!([row.1, row.2, row.3]),
        json!([game["id"], player(&game, 1), null])
    );
    let plain = code.replace('-', "");
    for row in &stored {
        let text = format!("{row:?}");
        assert!(!text.contains(code) && !text.contains(&plain), "{text}");
    }
}

fn the_invitee_plays_the_seat_and_reads_the_game(backend: Backend) {
    let mut app = spawn_app(backend);
    let bo = app.sign_up("Bo");
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    app.turn(&game, 0, "8 8 8 10 W W").expect(201);
    let before = read(&app, &ann, &game);
    let code = code_for(&app, &ann, &game, 1);
    assert_eq!(read(&app, &ann, &game), before, "an invite is not a change");

    let reply = accept(&app, &bo, &code).expect(200);
    let accepted = reply.json();
    let version = before["version"].as_i64().unwrap() + 1;
    assert_eq!(
        reply.header("etag"),
        Some(format!("\"{version}\"").as_str())
    );
    assert_eq!(
        (&accepted["id"], &accepted["version"]),
        (&game["id"], &json!(version))
    );
    assert_eq!(accepted["players"][1]["claimed"], true);
    assert_eq!(accepted["players"][0]["claimed"], false);
    assert_eq!(seat_claimed_events(&app), 1);

    assert_eq!(read(&app, &bo, &game), accepted);
    assert_eq!(read(&app, &ann, &game), accepted);
    let as_bo = app.with_key(Some(&bo));
    let listed = as_bo.get("/v1/games").expect(200).json();
    assert_eq!(listed["items"], json!([accepted]));
    let turns = as_bo
        .get(&format!("{}/turns", game_path(&game)))
        .expect(200)
        .json();
    assert_eq!(turns["items"].as_array().unwrap().len(), 1);
    as_bo
        .get(&format!("{}/turns/1", game_path(&game)))
        .expect(200);
    let sheet = as_bo
        .get(&format!("{}/scoresheet", game_path(&game)))
        .expect(200)
        .json();
    assert_eq!(sheet["game_id"], game["id"]);
}

fn an_invite_is_accepted_once(backend: Backend) {
    let mut app = spawn_app(backend);
    let bo = app.sign_up("Bo");
    let cy = app.sign_up("Cy");
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo", "Cy"], json!({}));
    let code = code_for(&app, &ann, &game, 1);
    let accepted = accept(&app, &bo, &code).expect(200).text;

    accept(&app, &cy, &code).expect_problem(410, "invite_used");
    app.with_key(Some(&cy))
        .get(&game_path(&game))
        .expect_problem(404, "not_found");
    let again = accept(&app, &bo, &code).expect(200);
    assert_eq!(again.text, accepted, "a retry changes nothing");
    assert_eq!(seat_claimed_events(&app), 1);

    // A code is read back whichever way it was typed.
    let code = code_for(&app, &ann, &game, 2);
    let typed = code.replace('-', "").to_lowercase();
    let taken = accept(&app, &cy, &typed).expect(200).json();
    assert_eq!(taken["players"][2]["claimed"], true);
    assert_eq!(taken["version"], read(&app, &ann, &game)["version"]);
    assert_eq!(seat_claimed_events(&app), 2);
}

fn a_code_is_never_kept_as_an_answer_to_replay(backend: Backend) {
    use crate::helpers::schema::idempotency_keys;
    let mut app = spawn_app(backend);
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let path = format!("{}/invites", game_path(&game));
    let body = json!({"player_id": player(&game, 1)});
    let key = [("Idempotency-Key", "invite-1")];
    let first = app.post_with(&path, &body, &key).expect(201).json();
    let again = app.post_with(&path, &body, &key).expect(201);
    assert_eq!(again.header("idempotent-replayed"), None);
    let again = again.json();
    let code = first["code"].as_str().unwrap().to_string();
    assert_ne!(again["code"], first["code"], "a retry is another invite");
    let answers: Vec<String> = idempotency_keys::table
        .select(idempotency_keys::answer)
        .load(&mut app.connection())
        .unwrap();
    assert!(
        answers.iter().all(|a| !a.contains(&code)),
        "no stored answer holds the code"
    );
    // Either code claims the seat; the other then finds it claimed.
    let bo = app.sign_up("Bo");
    accept(&app, &bo, &code).expect(200);
    let cy = app.sign_up("Cy");
    accept(&app, &cy, again["code"].as_str().unwrap()).expect_problem(409, "seat_claimed");
    assert_eq!(read(&app, &ann, &game)["players"][1]["claimed"], true);
}

fn an_accept_with_an_idempotency_key_is_answered_again(backend: Backend) {
    let mut app = spawn_app(backend);
    let bo = app.sign_up("Bo");
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let code = code_for(&app, &ann, &game, 1);
    let path = format!("/v1/invites/{code}/accept");
    let key = [("Idempotency-Key", "accept-1")];
    let as_bo = app.with_key(Some(&bo));
    let first = as_bo.post_with(&path, &json!(null), &key).expect(200);
    let again = as_bo.post_with(&path, &json!(null), &key).expect(200);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(first.text, again.text);
    assert_eq!(seat_claimed_events(&app), 1);
}

fn of_accounts_racing_for_one_invite_one_gets_the_seat(backend: Backend) {
    let mut app = spawn_app(backend);
    let racers: Vec<String> = (0..4).map(|i| app.sign_up(&format!("Racer {i}"))).collect();
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let code = code_for(&app, &ann, &game, 1);
    let replies: Vec<Reply> = std::thread::scope(|s| {
        let racing: Vec<_> = racers
            .iter()
            .map(|key| s.spawn(|| accept(&app, key, &code)))
            .collect();
        racing.into_iter().map(|r| r.join().unwrap()).collect()
    });
    let won = replies.iter().filter(|r| r.status == 200).count();
    assert_eq!(won, 1, "{replies:?}");
    for lost in replies.into_iter().filter(|r| r.status != 200) {
        lost.expect_problem(410, "invite_used");
    }
    assert_eq!(read(&app, &ann, &game)["version"], 2);
    assert_eq!(seat_claimed_events(&app), 1);
}

fn an_expired_or_unknown_code_is_refused(backend: Backend) {
    let mut app = spawn_app(backend);
    let bo = app.sign_up("Bo");
    let cy = app.sign_up("Cy");
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo", "Cy"], json!({}));
    let (for_bo, for_cy) = (
        code_for(&app, &ann, &game, 1),
        code_for(&app, &ann, &game, 2),
    );
    // An invite can be accepted for a day (the default), to its last microsecond...
    app.clock
        .advance(TimeDelta::hours(24) - TimeDelta::microseconds(1));
    accept(&app, &cy, &for_cy).expect(200);
    // ...and not at the end of it.
    app.clock.advance(TimeDelta::microseconds(1));
    let before = read(&app, &ann, &game);
    accept(&app, &bo, &for_bo).expect_problem(410, "invite_expired");
    assert_eq!(read(&app, &ann, &game), before);
    app.with_key(Some(&bo))
        .get(&game_path(&game))
        .expect_problem(404, "not_found");

    for unknown in ["00000-00000-00000-00000", "K3X9M", "not-a-code", "%20"] {
        accept(&app, &bo, unknown).expect_problem(404, "not_found");
    }
}

fn invites_expired_a_day_ago_are_forgotten(backend: Backend) {
    // Keys kept 10 s: the purge runs every second (of real time), on the server's clock.
    let mut app = spawn_app_with(backend, &["--idempotency-keep-secs=10"]);
    let bo = app.sign_up("Bo");
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo", "Cy"], json!({}));
    let old = code_for(&app, &ann, &game, 1);
    app.clock.advance(TimeDelta::microseconds(1));
    let recent = code_for(&app, &ann, &game, 2);
    let stored = |code: &str| -> i64 {
        invites::table
            .find(hash_of(code))
            .count()
            .get_result(&mut app.connection())
            .unwrap()
    };
    // Both were asked for a day (the default). Two days on, the recent invite expired a day ago
    // and the old one a day and a microsecond ago.
    app.clock.advance(TimeDelta::hours(48));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while stored(&old) > 0 {
        assert!(std::time::Instant::now() < deadline, "never purged");
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    // The same purge kept the invite that expired no more than a day ago.
    assert_eq!(stored(&recent), 1);
    accept(&app, &bo, &old).expect_problem(404, "not_found");
    accept(&app, &bo, &recent).expect_problem(410, "invite_expired");
}

fn only_the_owner_invites_and_only_for_an_open_seat(backend: Backend) {
    let mut app = spawn_app(backend);
    let bo = app.sign_up("Bo");
    let eve = app.sign_up("Eve");
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo", "Cy"], json!({}));
    let other = app.new_game(&["Di"], json!({}));
    let for_bo = code_for(&app, &ann, &game, 1);
    let for_cy = [
        code_for(&app, &ann, &game, 2),
        code_for(&app, &ann, &game, 2),
    ];

    accept(&app, &ann, &for_bo).expect_problem(409, "own_game");
    accept(&app, &bo, &for_bo).expect(200);
    let before = read(&app, &ann, &game);
    ask_invite(&app, &ann, &game, &player(&game, 1)).expect_problem(409, "seat_claimed");
    ask_invite(&app, &eve, &game, &player(&game, 2)).expect_problem(404, "not_found");
    ask_invite(&app, &bo, &game, &player(&game, 2)).expect_problem(403, "not_owner");
    for stranger in [json!(uuid::Uuid::new_v4().to_string()), player(&other, 0)] {
        let problem =
            ask_invite(&app, &ann, &game, &stranger).expect_problem(422, "unknown_player");
        assert_eq!(problem["errors"][0]["field"], "player_id");
    }

    // Two invites for one seat: the first accepted takes it.
    accept(&app, &bo, &for_cy[0]).expect(200);
    accept(&app, &eve, &for_cy[1]).expect_problem(409, "seat_claimed");
    let after = read(&app, &ann, &game);
    assert_eq!(after["version"], before["version"].as_i64().unwrap() + 1);
    assert_eq!(after["players"][2]["claimed"], true);
    app.with_key(Some(&eve))
        .get(&game_path(&game))
        .expect_problem(404, "not_found");
}

fn the_invitee_follows_the_game(backend: Backend) {
    let mut app = spawn_app(backend);
    let ann = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({"mode": "digital"}));
    let code = code_for(&app, &ann, &game, 1);
    let bo = app.sign_up("Bo");
    accept(&app, &bo, &code).expect(200);
    let url = app.url(&format!("{}/events?after=0", game_path(&game)));
    let stream = crate::sse::EventStream::open(&url, &bo, None);
    assert_eq!(stream.status, 200);
    let within = std::time::Duration::from_secs(5);
    let kinds: Vec<String> = (0..2).map(|_| stream.next_event(within).kind).collect();
    assert_eq!(kinds, ["game_created", "seat_claimed"]);
    let claimed = stream.next_item(std::time::Duration::from_millis(200));
    assert!(
        !matches!(claimed, Some(crate::sse::Item::Event(_))),
        "{claimed:?}"
    );
}

crate::on_both_backends!(
    the_invitee_follows_the_game,
    the_owner_gets_a_code_and_only_its_hash_is_kept,
    the_invitee_plays_the_seat_and_reads_the_game,
    an_invite_is_accepted_once,
    an_accept_with_an_idempotency_key_is_answered_again,
    a_code_is_never_kept_as_an_answer_to_replay,
    of_accounts_racing_for_one_invite_one_gets_the_seat,
    an_expired_or_unknown_code_is_refused,
    invites_expired_a_day_ago_are_forgotten,
    only_the_owner_invites_and_only_for_an_open_seat,
);
