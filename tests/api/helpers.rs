//! `spawn_app()`: a real server on a free port over a fresh database, on either backend, and a
//! small blocking HTTP client to talk to it.
//!
//! Each app has a database of its own, in the state of one migrated once (`databases`): on
//! SQLite a copied file, on PostgreSQL a database of the cluster `TEST_DATABASE_URL` names
//! (default `postgres://postgres@127.0.0.1:5432/test`) that no other test holds meanwhile. When
//! PostgreSQL is unreachable the PostgreSQL tests fail; they are never skipped.
//!
//! Every app's time and dice are the test's: its clock stands still until the test moves it on
//! (`app.clock.advance(…)`), and its dice come up as the test sets them (`app.set_first_roll`,
//! `app.set_reroll`, `app.set_order_rolls`, or `app.dice.set(…)`), then as dice seeded from the
//! test's name, the same on every run.

use std::net::TcpListener;
use std::sync::{Arc, mpsc};
use std::time::Duration;

use clap::Parser;
use diesel::prelude::*;
use phase10::config::Config;
use phase10::rules::dice::{DiceLayout, Die, DieId};
use phase10::server::TimeAndDice;
use phase10::service::clock::SetClock;
use phase10::service::roller::SetDice;
use serde_json::{Value, json};

mod databases;

pub use databases::DbConnection;
use databases::Scratch;

/// The tables, as the server's own code names them: to look behind the API.
#[path = "../../crates/service/src/store/schema.rs"]
pub mod schema;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Declares each listed test once per backend: `sqlite::name` and `postgres::name`.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $( #[test] fn $name() { super::$name($crate::helpers::Backend::Sqlite) } )*
        }
        mod postgres {
            $( #[test] fn $name() { super::$name($crate::helpers::Backend::Postgres) } )*
        }
    };
}

pub struct TestApp {
    pub base: String,
    pub database_url: String,
    agent: ureq::Agent,
    server: actix_web::dev::ServerHandle,
    thread: Option<std::thread::JoinHandle<()>>,
    /// The app's database: dropped with the app, once `TestApp::drop` has stopped the server.
    scratch: Scratch,
    pub key: Option<String>,
    config: Config,
    extra: fn(&mut actix_web::web::ServiceConfig),
    /// The server's clock: it stands at the time the app was spawned until moved on.
    pub clock: Arc<SetClock>,
    /// The server's dice: the faces set, then dice seeded from the test's name.
    pub dice: Arc<SetDice>,
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub text: String,
}

impl Reply {
    #[track_caller]
    pub fn json(&self) -> Value {
        match serde_json::from_str(&self.text) {
            Ok(value) => value,
            Err(e) => panic!("not JSON ({e}): {}", self.text),
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Asserts the status, showing the body when it is not the one expected.
    #[track_caller]
    pub fn expect(self, status: u16) -> Reply {
        assert_eq!(self.status, status, "body: {}", self.text);
        self
    }

    /// Asserts a problem+json answer with this status and code.
    #[track_caller]
    pub fn expect_problem(self, status: u16, code: &str) -> Value {
        let reply = self.expect(status);
        assert_eq!(
            reply.header("content-type"),
            Some("application/problem+json"),
            "{}",
            reply.text
        );
        let problem = reply.json();
        assert_eq!(problem["code"], code, "{problem}");
        assert_eq!(problem["status"], status);
        assert!(
            problem["type"].is_string()
                && problem["title"].is_string()
                && problem["detail"].is_string()
        );
        problem
    }
}

pub fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, &[])
}

/// Spawns the app with extra command-line settings (`--body-limit=100`).
pub fn spawn_app_with(backend: Backend, flags: &[&str]) -> TestApp {
    spawn(backend, flags, None, |_| {})
}

/// Spawns the app with routes of the test's own.
pub fn spawn_app_with_routes(
    backend: Backend,
    extra: fn(&mut actix_web::web::ServiceConfig),
) -> TestApp {
    spawn(backend, &[], None, extra)
}

/// Spawns the app on PostgreSQL reached through `proxy`, with short waits for connections and
/// for the database's answers.
pub fn spawn_app_through(proxy: &crate::proxy::Proxy) -> TestApp {
    spawn(
        Backend::Postgres,
        &["--db-timeout-ms=1000", "--query-timeout-ms=1500"],
        Some(proxy.port),
        |_| {},
    )
}

fn spawn(
    backend: Backend,
    flags: &[&str],
    via_port: Option<u16>,
    extra: fn(&mut actix_web::web::ServiceConfig),
) -> TestApp {
    let (scratch, mut database_url) = Scratch::new(backend);
    if let Some(port) = via_port {
        database_url = database_url.replace(":5432/", &format!(":{port}/"));
    }
    let defaults = ["--pool-size=4", "--workers=1", "--db-timeout-ms=5000"];
    let key = |flag: &str| flag.split('=').next().unwrap_or_default().to_string();
    let overridden = |flag: &&str| flags.iter().any(|f| key(f) == key(flag));
    let mut args = vec![
        "phase10".to_string(),
        format!("--database-url={database_url}"),
    ];
    args.extend(
        defaults
            .iter()
            .filter(|d| !overridden(d))
            .map(|f| f.to_string()),
    );
    args.extend(flags.iter().map(|f| f.to_string()));
    let config = Config::try_parse_from(args).expect("valid test settings");
    let clock = Arc::new(SetClock::new());
    let dice = Arc::new(SetDice::new(seed_of_this_test()));
    let (port, server, thread) = serve(&config, extra, time_and_dice(&clock, &dice));
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .new_agent();
    TestApp {
        base: format!("http://127.0.0.1:{port}"),
        database_url,
        agent,
        server,
        thread: Some(thread),
        scratch,
        key: None,
        config,
        extra,
        clock,
        dice,
    }
}

/// The seed of a test's dice: from the name of the test's thread (libtest names it after the
/// test), so that each test rolls its own dice, and the same ones on every run.
fn seed_of_this_test() -> u64 {
    let thread = std::thread::current();
    databases::fnv1a(
        databases::FNV_START,
        thread.name().unwrap_or("a test").as_bytes(),
    )
}

fn time_and_dice(clock: &Arc<SetClock>, dice: &Arc<SetDice>) -> TimeAndDice {
    TimeAndDice {
        clock: Arc::clone(clock) as _,
        dice: Arc::clone(dice) as _,
    }
}

/// Starts a server for `config` on a free port, in a thread of its own.
fn serve(
    config: &Config,
    extra: fn(&mut actix_web::web::ServiceConfig),
    time_and_dice: TimeAndDice,
) -> (
    u16,
    actix_web::dev::ServerHandle,
    std::thread::JoinHandle<()>,
) {
    let config = config.clone();
    let pool = phase10::server::migrated_pool(&config).expect("a migrated database");
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = listener.local_addr().expect("an address").port();
    let (sender, receiver) = mpsc::channel();
    let thread = std::thread::spawn(move || {
        let system = actix_web::rt::System::new();
        system.block_on(async move {
            let server =
                phase10::server::start_playing_with(&config, listener, pool, extra, time_and_dice)
                    .expect("the server starts")
                    .server;
            sender.send(server.handle()).expect("the test waits");
            server.await.expect("the server runs");
        });
    });
    let server = receiver
        .recv_timeout(Duration::from_secs(30))
        .expect("the server started");
    (port, server, thread)
}

impl TestApp {
    fn stop(&mut self) {
        futures_executor::block_on(self.server.stop(false));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    /// Stops the server and starts another on the same database, as after a restart: with the
    /// same clock and dice.
    pub fn restart(&mut self) {
        self.stop();
        self.start();
    }

    fn start(&mut self) {
        let time_and_dice = time_and_dice(&self.clock, &self.dice);
        let (port, server, thread) = serve(&self.config, self.extra, time_and_dice);
        self.base = format!("http://127.0.0.1:{port}");
        self.server = server;
        self.thread = Some(thread);
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.stop();
    }
}

fn collect(result: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Reply {
    let mut response = result.expect("the server answers");
    let headers = response
        .headers()
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or("").to_string()))
        .collect();
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().unwrap_or_default();
    Reply {
        status,
        headers,
        text,
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn me(&self) -> Caller<'_> {
        self.with_key(self.key.as_deref())
    }

    pub fn get(&self, path: &str) -> Reply {
        self.me().get(path)
    }

    pub fn delete(&self, path: &str) -> Reply {
        self.me().delete(path)
    }

    pub fn post(&self, path: &str, body: &Value) -> Reply {
        self.me()
            .post_raw(path, "application/json", body.to_string().as_bytes())
    }

    pub fn post_raw(&self, path: &str, content_type: &str, body: &[u8]) -> Reply {
        self.me().post_raw(path, content_type, body)
    }

    /// A GET with extra headers.
    pub fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> Reply {
        let request = self.me().authorized(self.agent.get(self.url(path)));
        collect(with_headers(request, headers).call())
    }

    /// An OPTIONS request (a browser's CORS preflight) with these headers, without a key.
    pub fn options_with(&self, path: &str, headers: &[(&str, &str)]) -> Reply {
        collect(with_headers(self.agent.options(self.url(path)), headers).call())
    }

    /// A DELETE with extra headers.
    pub fn delete_with(&self, path: &str, headers: &[(&str, &str)]) -> Reply {
        let request = self.me().authorized(self.agent.delete(self.url(path)));
        collect(with_headers(request, headers).call())
    }

    /// A JSON POST with extra headers.
    pub fn post_with(&self, path: &str, body: &Value, headers: &[(&str, &str)]) -> Reply {
        self.me().post_with(path, body, headers)
    }

    /// A JSON PUT.
    pub fn put(&self, path: &str, body: &Value) -> Reply {
        self.me().put(path, body)
    }

    /// A JSON PUT with extra headers.
    pub fn put_with(&self, path: &str, body: &Value, headers: &[(&str, &str)]) -> Reply {
        self.me().put_with(path, body, headers)
    }

    /// A JSON PATCH.
    pub fn patch(&self, path: &str, body: &Value) -> Reply {
        self.me().patch(path, body)
    }

    /// The same app acting as another account (or none).
    pub fn with_key(&self, key: Option<&str>) -> Caller<'_> {
        Caller {
            app: self,
            key: key.map(str::to_string),
        }
    }

    /// Creates an account and acts as it from now on; returns the key.
    #[track_caller]
    pub fn sign_up(&mut self, name: &str) -> String {
        let key = self
            .post("/v1/accounts", &json!({"name": name}))
            .expect(201)
            .json()["api_key"]
            .as_str()
            .expect("a key")
            .to_string();
        self.key = Some(key.clone());
        key
    }

    /// Sets the faces of the next first roll of a digital turn: all ten dice, L1 to H6 (see
    /// `first_roll`).
    #[track_caller]
    pub fn set_first_roll(&self, spec: &str) {
        self.dice.set(first_roll(spec));
    }

    /// Sets the faces of the next re-roll: the dice named, each with its face (see `reroll`).
    #[track_caller]
    pub fn set_reroll(&self, spec: &str) {
        self.dice.set(reroll(spec));
    }

    /// Sets the high dice the next digital game's players roll for the order (5 to 10 each), in
    /// the order rolled: every player in the order given, then each tie again.
    #[track_caller]
    pub fn set_order_rolls(&self, high: &[u8]) {
        for value in high {
            assert!(
                (5..=10).contains(value),
                "a high die shows 5 to 10, not {value}"
            );
        }
        self.dice
            .set(high.iter().map(|value| usize::from(value - 5)));
    }

    /// Creates a tabletop game of these players (in turn order) and returns it.
    #[track_caller]
    pub fn new_game(&self, names: &[&str], extra: Value) -> Value {
        let mut body =
            json!({"players": names.iter().map(|n| json!({"name": n})).collect::<Vec<_>>()});
        if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            body.extend(extra.clone());
        }
        self.post("/v1/games", &body).expect(201).json()
    }

    /// Invites the account holding `key` to seat `seat` of `game`, and has it accept.
    #[track_caller]
    pub fn give_seat(&self, game: &Value, seat: usize, key: &str) {
        let invite = self
            .post(
                &format!("{}/invites", game_path(game)),
                &json!({"player_id": game["players"][seat]["id"]}),
            )
            .expect(201)
            .json();
        let code = invite["code"].as_str().expect("an invite code");
        self.with_key(Some(key))
            .post(&format!("/v1/invites/{code}/accept"), &json!({}))
            .expect(200);
    }

    /// Records a turn of the player in `seat` with dice in short notation ("8 8 8 10 W W").
    #[track_caller]
    pub fn turn(&self, game: &Value, seat: usize, dice_text: &str) -> Reply {
        let player = &game["players"][seat]["id"];
        self.post(
            &format!("/v1/games/{}/turns", game["id"].as_str().expect("an id")),
            &json!({"player_id": player, "dice": dice(dice_text)}),
        )
    }

    /// The score pad of a game, which must be readable.
    #[track_caller]
    pub fn scoresheet(&self, game: &Value) -> Value {
        let id = game["id"].as_str().expect("a game id");
        self.get(&format!("/v1/games/{id}/scoresheet"))
            .expect(200)
            .json()
    }

    /// The game's pad as `accept` asks for it (`text/csv`, `text/html`): its text.
    pub fn pad_text(&self, game: &Value, accept: &str) -> String {
        self.get_with(
            &format!("{}/scoresheet", game_path(game)),
            &[("Accept", accept)],
        )
        .expect(200)
        .text
    }

    /// Stops the server, copies its database as it is (a standby stopped there: `Frozen`), and
    /// starts the server again reading what tolerates lag from that copy (`--database-read-url`).
    pub fn restart_with_frozen_standby(&mut self) -> databases::Frozen {
        self.stop();
        let (frozen, url) = self.scratch.frozen_copy(&self.database_url);
        self.config.database_read_url = Some(url);
        self.start();
        frozen
    }

    /// A connection of its own to the app's database, to look behind the API.
    pub fn connection(&self) -> DbConnection {
        self.scratch.connect(&self.database_url)
    }

    /// How many rows each table has: to show a refused request changed nothing.
    pub fn row_counts(&self) -> [i64; 6] {
        use schema::{accounts, events, games, hands, players, turns};
        let conn: &mut DbConnection = &mut self.connection();
        [
            accounts::table.count().get_result(conn).expect("count"),
            games::table.count().get_result(conn).expect("count"),
            players::table.count().get_result(conn).expect("count"),
            turns::table.count().get_result(conn).expect("count"),
            hands::table.count().get_result(conn).expect("count"),
            events::table.count().get_result(conn).expect("count"),
        ]
    }
}

fn with_headers<B>(
    mut request: ureq::RequestBuilder<B>,
    headers: &[(&str, &str)],
) -> ureq::RequestBuilder<B> {
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request
}

/// A borrowed app acting with another key.
pub struct Caller<'a> {
    app: &'a TestApp,
    key: Option<String>,
}

impl Caller<'_> {
    fn authorized<B>(&self, request: ureq::RequestBuilder<B>) -> ureq::RequestBuilder<B> {
        match &self.key {
            Some(key) => request.header("Authorization", format!("Bearer {key}")),
            None => request,
        }
    }

    pub fn get(&self, path: &str) -> Reply {
        self.get_with(path, &[])
    }

    /// A GET with extra headers.
    pub fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> Reply {
        let request = self.authorized(self.app.agent.get(self.app.url(path)));
        collect(with_headers(request, headers).call())
    }

    pub fn delete(&self, path: &str) -> Reply {
        collect(
            self.authorized(self.app.agent.delete(self.app.url(path)))
                .call(),
        )
    }

    pub fn post(&self, path: &str, body: &Value) -> Reply {
        self.post_raw(path, "application/json", body.to_string().as_bytes())
    }

    /// A JSON POST with extra headers.
    pub fn post_with(&self, path: &str, body: &Value, headers: &[(&str, &str)]) -> Reply {
        let request = self
            .app
            .agent
            .post(self.app.url(path))
            .header("Content-Type", "application/json");
        let request = with_headers(self.authorized(request), headers);
        collect(request.send(body.to_string().as_bytes()))
    }

    pub fn post_raw(&self, path: &str, content_type: &str, body: &[u8]) -> Reply {
        let request = self
            .app
            .agent
            .post(self.app.url(path))
            .header("Content-Type", content_type);
        collect(self.authorized(request).send(body))
    }

    /// A JSON PUT with extra headers.
    pub fn put_with(&self, path: &str, body: &Value, headers: &[(&str, &str)]) -> Reply {
        let request = self
            .app
            .agent
            .put(self.app.url(path))
            .header("Content-Type", "application/json");
        let request = with_headers(self.authorized(request), headers);
        collect(request.send(body.to_string().as_bytes()))
    }

    pub fn put(&self, path: &str, body: &Value) -> Reply {
        self.put_with(path, body, &[])
    }

    /// A JSON PATCH.
    pub fn patch(&self, path: &str, body: &Value) -> Reply {
        let request = self
            .app
            .agent
            .patch(self.app.url(path))
            .header("Content-Type", "application/json");
        collect(self.authorized(request).send(body.to_string().as_bytes()))
    }
}

/// A game's path: `/v1/games/{id}`.
#[track_caller]
pub fn game_path(game: &Value) -> String {
    format!("/v1/games/{}", game["id"].as_str().expect("a game id"))
}

/// A game's turns: `/v1/games/{id}/turns`.
#[track_caller]
pub fn turns_path(game: &Value) -> String {
    format!("{}/turns", game_path(game))
}

/// Dice in short notation as the API's JSON: "8 5o W" → [{"value":8},{"value":5,"color":"orange"},{"value":"W"}].
#[track_caller]
pub fn dice(text: &str) -> Value {
    let mut dice = Vec::new();
    for token in text.split_whitespace() {
        let Ok(die) = token.parse::<Die>() else {
            panic!("{token:?} is not a die in short notation");
        };
        let mut value = match die.face.number() {
            Some(n) => json!({"value": n.get()}),
            None => json!({"value": "W"}),
        };
        if let Some(color) = die.color {
            value["color"] = json!(color.name());
        }
        dice.push(value);
    }
    Value::Array(dice)
}

/// Which of its six faces die `id` is to come up on, for `SetDice`: `face` in short notation
/// ("10", "5o", "Wr") must be a face of that die, and only one (a wild names its color).
#[track_caller]
pub fn face_of(id: DieId, face: &str) -> usize {
    let Ok(wanted) = face.parse::<Die>() else {
        panic!("{face:?} is not a die in short notation");
    };
    let faces = DiceLayout::Standard.faces(id);
    let matching: Vec<usize> = (0..faces.len())
        .filter(|&i| {
            faces[i].face == wanted.face && wanted.color.is_none_or(|c| faces[i].color == Some(c))
        })
        .collect();
    match matching[..] {
        [index] => index,
        [] => panic!("{id} has no face {face}: {:?}", faces),
        _ => panic!("{id} has more than one face {face}: name its color"),
    }
}

/// The faces a digital turn's first roll comes up on: ten dice in short notation, one for each
/// die from L1 to H6, the order the server rolls them in: "1 2 3 4 10 10 10 9 9 9".
#[track_caller]
pub fn first_roll(spec: &str) -> Vec<usize> {
    let faces: Vec<&str> = spec.split_whitespace().collect();
    assert_eq!(
        faces.len(),
        DieId::ALL.len(),
        "one face for each die: {spec}"
    );
    let mut indices = Vec::new();
    for (id, face) in DieId::ALL.iter().zip(faces) {
        indices.push(face_of(*id, face));
    }
    indices
}

/// The faces a re-roll comes up on: each die rolled again with its face, "H1=10 L2=Wb", in any
/// order. The server rolls the named dice in the order of `DieId::ALL`, whatever the order they
/// were named in, so the faces are given in that order.
#[track_caller]
pub fn reroll(spec: &str) -> Vec<usize> {
    let mut dice: Vec<(DieId, &str)> = Vec::new();
    for token in spec.split_whitespace() {
        let Some((die, face)) = token.split_once('=') else {
            panic!("{token:?} is not DIE=FACE");
        };
        let Some(id) = DieId::from_name(die) else {
            panic!("{die:?} is not a die, L1 to H6");
        };
        dice.push((id, face));
    }
    dice.sort_by_key(|(id, _)| *id);
    let mut indices = Vec::new();
    for (id, face) in dice {
        indices.push(face_of(id, face));
    }
    indices
}
