//! Read-only links to a game's live pad: the owner makes one, whoever holds it follows the
//! game without a key and can do nothing else, and the link stops working once revoked or
//! expired. Only the token's hash is stored.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use diesel::prelude::*;
use phase10::service::clock::Clock;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::schema::share_links;
use crate::helpers::{Backend, TestApp, game_path, spawn_app, spawn_app_with};
use crate::sse::{EventStream, Item};

const WITHIN: Duration = Duration::from_secs(5);

/// The owner's new link to the game: its url and the token it ends with.
#[track_caller]
fn share(app: &TestApp, game: &Value) -> (Value, String) {
    let reply = app
        .post(&format!("{}/share", game_path(game)), &json!({}))
        .expect(201);
    assert_eq!(reply.header("cache-control"), Some("no-store"));
    let link = reply.json();
    let url = link["url"].as_str().unwrap();
    let Some(token) = url.strip_prefix(&format!("{}/pad/", app.base)) else {
        panic!("a link to this server's pads: {url}");
    };
    let token = token.to_string();
    (link, token)
}

fn hash_of(token: &str) -> String {
    Sha256::digest(token)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn events_url(app: &TestApp, token: &str) -> String {
    app.url(&format!("/pad/{token}/events"))
}

/// Asserts that the token opens nothing at `/pad/{token}{path}` (404), asked without a key.
#[track_caller]
fn opens_nothing(app: &TestApp, token: &str, path: &str) {
    app.with_key(None)
        .get(&format!("/pad/{token}{path}"))
        .expect_problem(404, "not_found");
}

/// How many links the database keeps.
fn links_left(app: &TestApp) -> i64 {
    share_links::table
        .count()
        .get_result(&mut app.connection())
        .unwrap()
}

/// The next event of the stream, past its first (the game as it is).
fn next_change(stream: &EventStream) -> Value {
    let event = stream.next_event(WITHIN);
    json!({"kind": event.kind, "data": event.data})
}

fn a_link_follows_the_game_without_a_key(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bob"], json!({}));
    let (link, token) = share(&app, &game);
    // 256 random bits, written as 64 hexadecimal digits.
    assert_eq!(token.len(), 64, "{token}");
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    let expires_at: DateTime<Utc> = link["expires_at"].as_str().unwrap().parse().unwrap();
    assert_eq!(
        expires_at.naive_utc(),
        app.clock.now() + TimeDelta::days(7),
        "a link opens the game for 7 days"
    );
    // Only the hash is kept.
    let stored: Vec<String> = share_links::table
        .select(share_links::token_hash)
        .load(&mut app.connection())
        .unwrap();
    assert_eq!(stored, [hash_of(&token)]);

    let stream = EventStream::open_without_key(&events_url(&app, &token));
    assert_eq!(stream.status, 200);
    assert_eq!(stream.content_type, "text/event-stream");
    assert_eq!(next_change(&stream)["kind"], "game_created");
    app.turn(&game, 0, "10 10 10 10 10 10").expect(201);
    let change = next_change(&stream);
    assert_eq!(change["kind"], "turn_scored", "{change}");
    assert_eq!(change["data"]["game"]["players"][0]["total"], 60);
}

fn the_live_page_shows_the_pad_and_its_chart(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "<b>Bob</b>"], json!({}));
    app.turn(&game, 0, "10 10 10 10 10 10").expect(201);
    app.turn(&game, 1, "9 9 9 8 8 8").expect(201);
    // Ann fails phase 2: a round in which her total stays.
    app.turn(&game, 0, "10 9 7 5").expect(201);
    let (_, token) = share(&app, &game);
    let holder = app.with_key(None);
    let page = holder.get(&format!("/pad/{token}")).expect(200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let policy = page.header("content-security-policy").unwrap();
    assert!(policy.contains("script-src 'self'"), "{policy}");
    assert!(policy.contains("connect-src 'self'"), "{policy}");
    assert!(!policy.contains("unsafe"), "{policy}");
    assert_eq!(page.header("referrer-policy"), Some("no-referrer"));
    assert_eq!(page.header("cache-control"), Some("no-store"));
    assert_eq!(page.header("x-robots-tag"), Some("noindex, nofollow"));
    assert_eq!(page.header("content-language"), Some("en"));
    let html = &page.text;
    assert!(html.contains("<script src=\"/pad/live.js\" defer></script>"));
    assert!(!html.contains("<b>Bob</b>"), "names are escaped");
    assert!(html.contains("&lt;b&gt;Bob&lt;/b&gt;"));
    // The pad's first row holds each player's phase 1, and the chart both running totals.
    assert!(
        html.contains("<td>60</td>") && html.contains("<td>51</td>"),
        "{html}"
    );
    assert!(html.contains("<svg class=\"chart\""));
    assert!(html.contains("Running totals by round"));
    assert!(html.contains("Ann: 60 after 2; &lt;b&gt;Bob&lt;/b&gt;: 51 after 1"));
    // The standings: whose turn it is (Bob's) and each one's phase.
    assert!(
        html.contains(
            "<td>Phase 2</td><td data-label=\"Total\">51</td><td class=\"now\">plays now</td>"
        ),
        "{html}"
    );
    assert!(
        html.contains("<td>Phase 2</td><td data-label=\"Total\">60</td><td></td>"),
        "{html}"
    );
    // What the script redraws: the same pad, alone.
    let table = holder.get(&format!("/pad/{token}/table")).expect(200);
    assert_eq!(table.header("x-robots-tag"), Some("noindex, nofollow"));
    let table = table.text;
    assert!(table.starts_with("<section class=\"pad-view\">") && table.contains("<td>51</td>"));
    // The script, from the server itself.
    let script = holder.get("/pad/live.js").expect(200);
    assert_eq!(
        script.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert!(script.text.contains("new EventSource"));
    // Revoked: the page, its table and its stream are gone.
    app.delete(&format!("{}/share", game_path(&game)))
        .expect(204);
    for path in ["", "/table", "/events"] {
        opens_nothing(&app, &token, path);
    }
}

fn the_live_page_speaks_spanish_and_an_ended_link_says_so_to_a_browser(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(
        &["Lucía", "Bo"],
        json!({"game": "cards", "edition": "el-chavo"}),
    );
    let (_, token) = share(&app, &game);
    let holder = app.with_key(None);
    let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    let spanish = [
        ("Accept", browser),
        ("Accept-Language", "es-MX,es;q=0.9,en;q=0.5"),
    ];
    let page = holder
        .get_with(&format!("/pad/{token}"), &spanish)
        .expect(200);
    assert_eq!(page.header("content-language"), Some("es"));
    let html = &page.text;
    assert!(html.contains("<html lang=\"es\">"), "{html}");
    assert!(
        html.contains("<title>Phase 10: la hoja en vivo</title>"),
        "{html}"
    );
    assert!(html.contains("Edición El Chavo · Fases en juego: 1 2 3 4 5 6 7 8 9 10"));
    assert!(html.contains("«Pierdes el turno»") && html.contains("«comodín»"));
    assert!(html.contains("data-following=\"Siguiendo el juego en vivo.\""));
    // ?lang= comes first, and the script asks for the table in the page's language.
    let english = holder
        .get_with(&format!("/pad/{token}?lang=en"), &spanish)
        .expect(200);
    assert!(english.text.contains("<html lang=\"en\">"));
    let table = holder
        .get(&format!("/pad/{token}/table?lang=es"))
        .expect(200)
        .text;
    assert!(
        table.contains("<h1>Hoja de puntaje de Phase 10</h1>"),
        "{table}"
    );
    for wrong in ["%3Cb%3E", "es&lang=en"] {
        holder
            .get(&format!("/pad/{token}?lang={wrong}"))
            .expect_problem(400, "malformed_request");
    }
    // Revoked: a browser is told so on a page, in its language; an app gets problem+json.
    app.delete(&format!("{}/share", game_path(&game)))
        .expect(204);
    for wrong in [token.clone(), "0".repeat(64), "nothing".to_string()] {
        let ended = holder.get_with(&format!("/pad/{wrong}"), &spanish);
        assert_eq!(ended.status, 404);
        assert_eq!(
            ended.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(ended.header("x-robots-tag"), Some("noindex, nofollow"));
        assert!(
            ended
                .text
                .contains("<h1>Este enlace no abre ningún juego</h1>"),
            "{}",
            ended.text
        );
        assert!(!ended.text.contains("<script"));
        let in_english = holder.get_with(&format!("/pad/{wrong}"), &[("Accept", browser)]);
        assert!(
            in_english
                .text
                .contains("<h1>This link does not open a game</h1>")
        );
        opens_nothing(&app, &wrong, "");
    }
}

fn a_games_links_cannot_take_another_accounts_streams(backend: Backend) {
    // The server holds three streams; a game's links, two of them together.
    let mut app = spawn_app_with(
        backend,
        &["--sse-streams-per-shared-game=2", "--sse-max-streams=3"],
    );
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    let tokens: Vec<String> = (0..3).map(|_| share(&app, &game).1).collect();
    let held: Vec<EventStream> = tokens[..2]
        .iter()
        .map(|token| EventStream::open_without_key(&events_url(&app, token)))
        .collect();
    assert!(held.iter().all(|stream| stream.status == 200));
    // A third, through another of its links: the game's links have had their share.
    let problem = app
        .with_key(None)
        .get(&format!("/pad/{}/events", tokens[2]))
        .expect_problem(429, "too_many_streams");
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains("through its links"), "{detail}");
    // Another account's own stream opens: the server's third place was still free.
    let key = app.sign_up("Bo");
    let theirs = app.new_game(&["Bo"], json!({}));
    let own = EventStream::open(
        &app.url(&format!("{}/events", game_path(&theirs))),
        &key,
        None,
    );
    assert_eq!(own.status, 200);
}

fn a_game_has_at_most_twenty_live_links(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    for _ in 0..20 {
        share(&app, &game);
    }
    let before = links_left(&app);
    let problem = app
        .post(&format!("{}/share", game_path(&game)), &json!({}))
        .expect_problem(409, "too_many_links");
    let detail = problem["detail"].as_str().unwrap();
    assert!(
        detail.contains("20 live links") && detail.contains("revoke"),
        "{detail}"
    );
    assert_eq!(links_left(&app), before, "nothing changed");
    app.delete(&format!("{}/share", game_path(&game)))
        .expect(204);
    share(&app, &game);
}

fn a_link_opens_nothing_else(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bob"], json!({}));
    let (_, token) = share(&app, &game);
    let holder = app.with_key(None);
    // The token is no API key.
    let as_key = app.with_key(Some(&token));
    as_key
        .get(&game_path(&game))
        .expect_problem(401, "unauthorized");
    holder
        .get(&game_path(&game))
        .expect_problem(401, "unauthorized");
    // An unknown token, a token of the right shape that was never made, and a mistyped one.
    for wrong in [
        "nothing".to_string(),
        "0".repeat(64),
        token.to_uppercase(),
        token[..63].to_string(),
    ] {
        holder
            .get(&format!("/pad/{wrong}/events"))
            .expect_problem(404, "not_found");
    }
    // Only the owner shares or revokes: a stranger does not see the game.
    app.sign_up("Eve");
    let path = format!("{}/share", game_path(&game));
    app.post(&path, &json!({})).expect_problem(404, "not_found");
    app.delete(&path).expect_problem(404, "not_found");
    app.with_key(None)
        .post(&path, &json!({}))
        .expect_problem(401, "unauthorized");
}

fn a_revoked_link_stops_following_the_game(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bob"], json!({}));
    let (_, first) = share(&app, &game);
    let (_, second) = share(&app, &game);
    let stream = EventStream::open_without_key(&events_url(&app, &first));
    assert_eq!(next_change(&stream)["kind"], "game_created");
    app.delete(&format!("{}/share", game_path(&game)))
        .expect(204);
    // The next change wakes the stream, which ends instead of sending it.
    app.turn(&game, 0, "10 10 10 10 10 10").expect(201);
    loop {
        match stream.next_item(WITHIN) {
            Some(Item::Comment(_)) => continue,
            Some(Item::End) => break,
            other => panic!("the stream of a revoked link goes on: {other:?}"),
        }
    }
    for token in [&first, &second] {
        opens_nothing(&app, token, "/events");
    }
    assert_eq!(links_left(&app), 0);
    // A new link works again.
    let (_, third) = share(&app, &game);
    let stream = EventStream::open_without_key(&events_url(&app, &third));
    assert_eq!(stream.status, 200);
}

fn an_expired_link_opens_nothing(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bob"], json!({}));
    let (_, token) = share(&app, &game);
    app.clock
        .advance(TimeDelta::days(7) - TimeDelta::microseconds(1));
    let stream = EventStream::open_without_key(&events_url(&app, &token));
    assert_eq!(stream.status, 200);
    app.clock.advance(TimeDelta::microseconds(1));
    opens_nothing(&app, &token, "/events");
}

fn deleting_the_game_deletes_its_links(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bob"], json!({}));
    let (_, token) = share(&app, &game);
    app.delete(&game_path(&game)).expect(204);
    opens_nothing(&app, &token, "/events");
    assert_eq!(links_left(&app), 0);
}

/// A link's address comes from the configuration, never from what a client says the server is
/// called: forged `Host`-like headers change nothing.
fn a_links_address_is_the_servers_own_whatever_the_client_says(backend: Backend) {
    let forged = [
        ("X-Forwarded-Host", "evil.example"),
        ("X-Forwarded-Proto", "https"),
        ("Forwarded", "host=evil.example;proto=https"),
    ];
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bob"], json!({}));
    let path = format!("{}/share", game_path(&game));
    let link = app.post_with(&path, &json!({}), &forged).expect(201).json();
    let url = link["url"].as_str().unwrap();
    assert!(url.starts_with(&format!("{}/pad/", app.base)), "{url}");
    let mut public = spawn_app_with(backend, &["--public-url=https://scores.example/phase10/"]);
    public.sign_up("Ann");
    let game = public.new_game(&["Ann", "Bob"], json!({}));
    let path = format!("{}/share", game_path(&game));
    let link = public
        .post_with(&path, &json!({}), &forged)
        .expect(201)
        .json();
    let url = link["url"].as_str().unwrap();
    assert!(
        url.starts_with("https://scores.example/phase10/pad/"),
        "{url}"
    );
}

crate::on_both_backends!(
    a_links_address_is_the_servers_own_whatever_the_client_says,
    a_link_follows_the_game_without_a_key,
    the_live_page_shows_the_pad_and_its_chart,
    the_live_page_speaks_spanish_and_an_ended_link_says_so_to_a_browser,
    a_games_links_cannot_take_another_accounts_streams,
    a_game_has_at_most_twenty_live_links,
    a_link_opens_nothing_else,
    a_revoked_link_stops_following_the_game,
    an_expired_link_opens_nothing,
    deleting_the_game_deletes_its_links,
);
