//! What the server writes to its log, read from the binary's own standard error: bounded
//! whatever a client sends, with the address the connection came from, and no key.

use serde_json::json;

use crate::helpers::{Backend, spawn_app_with};
use crate::process::ServerProcess;

/// A server process on a fresh SQLite database, logging with these flags.
fn logged(flags: &[&str]) -> (ServerProcess, TempDir) {
    let dir = TempDir(std::env::temp_dir().join(format!("phase10-logs-{}", uuid::Uuid::new_v4())));
    std::fs::create_dir_all(&dir.0).expect("a scratch directory");
    let database = dir.0.join("db.sqlite").display().to_string();
    (ServerProcess::start(&database, flags), dir)
}

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Sends a request that is refused (400), with these headers.
fn bad_request(server: &ServerProcess, path: &str, headers: &[(&str, &str)]) -> u16 {
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .new_agent();
    let mut request = agent
        .post(&format!("{}{path}", server.base))
        .header("Content-Type", "application/json");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request
        .send(b"{\"phase\": \"one\"".as_slice())
        .expect("an answer")
        .status()
        .as_u16()
}

#[test]
fn bad_requests_cost_the_log_nothing_by_default_and_little_when_debugging() {
    let long_agent = "A".repeat(8 * 1024);
    let (server, _dir) = logged(&["--log", "info"]);
    let before = server.log().len();
    for _ in 0..300 {
        let status = bad_request(&server, "/v1/evaluate", &[("User-Agent", &long_agent)]);
        assert_eq!(status, 400);
    }
    // Nor does a request the HTTP layer cannot parse (answered a bare 400 by actix-http, see
    // `misbehaving_clients::what_the_http_server_refuses_by_itself_is_answered_and_closed`).
    for _ in 0..50 {
        let mut raw = crate::raw::Raw::connect(&server.base);
        raw.send(b"GARBAGE\r\n\r\n");
        let answer = raw.answer(std::time::Duration::from_secs(5));
        assert_eq!(answer.status, 400, "{answer:?}");
    }
    let grew = server.log().len() - before;
    let wrote = &server.log()[before..];
    assert!(
        grew < 1024,
        "350 bad requests wrote {grew} bytes at info: {wrote}"
    );

    let (debugging, _dir) = logged(&["--log", "phase10=debug"]);
    let before = debugging.log().len();
    for _ in 0..100 {
        bad_request(&debugging, "/v1/evaluate", &[("User-Agent", &long_agent)]);
    }
    let written = debugging.log()[before..].to_string();
    let refused: Vec<&str> = written
        .lines()
        .filter(|line| line.contains("request refused"))
        .collect();
    assert_eq!(refused.len(), 100, "{written}");
    for line in &refused {
        assert!(line.len() < 1500, "a line of {} bytes: {line}", line.len());
        assert!(line.contains("more bytes"), "the User-Agent is cut: {line}");
    }
}

/// The line that logs a refused request.
fn refusal(log: &str) -> &str {
    log.lines()
        .find(|line| line.contains("request refused"))
        .expect("the refusal is logged")
}

#[test]
fn the_log_names_the_connections_address_and_no_key() {
    let key = format!("p10_{}", "0123456789abcdef".repeat(4));
    let target = format!("/v1/evaluate?api_key={key}");
    let forged = [
        ("X-Forwarded-For", "203.0.113.9"),
        ("Forwarded", "for=203.0.113.9"),
    ];

    let (direct, _dir) = logged(&["--log", "phase10=debug"]);
    bad_request(&direct, &target, &forged);
    let written = direct.log();
    let line = refusal(&written);
    assert!(line.contains("127.0.0.1"), "{line}");
    assert!(
        !written.contains("203.0.113.9"),
        "a forged address is logged: {line}"
    );
    assert!(!written.contains(&key[4..]), "a key is logged: {written}");
    assert!(line.contains("api_key=[redacted]"), "{line}");

    let (proxied, _dir) = logged(&["--log", "phase10=debug", "--trusted-proxies", "127.0.0.1"]);
    bad_request(
        &proxied,
        "/v1/evaluate",
        &[("X-Forwarded-For", "203.0.113.9")],
    );
    let written = proxied.log();
    let line = refusal(&written);
    assert!(line.contains("203.0.113.9"), "{line}");
}

/// Rate limits count the client a trusted proxy names, and no one else's word.
fn rate_limits_count_the_address_a_trusted_proxy_names(backend: Backend) {
    // Each time with a `Forwarded` of the client's own making too, which no proxy here writes.
    let forged = std::cell::Cell::new(0);
    let sign_up = |app: &crate::helpers::TestApp, from: &str| {
        forged.set(forged.get() + 1);
        let own_word = format!("for=198.51.100.{}", forged.get());
        app.with_key(None)
            .post_with(
                "/v1/accounts",
                &json!({"name": "Ann"}),
                &[("X-Forwarded-For", from), ("Forwarded", &own_word)],
            )
            .status
    };
    let direct = spawn_app_with(backend, &["--rate-limit-accounts=1"]);
    assert_eq!(sign_up(&direct, "203.0.113.1"), 201);
    assert_eq!(
        sign_up(&direct, "203.0.113.2"),
        429,
        "a forged address got its own limit"
    );

    let proxied = spawn_app_with(
        backend,
        &["--rate-limit-accounts=1", "--trusted-proxies=127.0.0.0/8"],
    );
    assert_eq!(sign_up(&proxied, "203.0.113.1"), 201);
    assert_eq!(sign_up(&proxied, "203.0.113.1"), 429);
    assert_eq!(sign_up(&proxied, "203.0.113.2"), 201);
}

crate::on_both_backends!(rate_limits_count_the_address_a_trusted_proxy_names);

/// A server error is logged once, by the request's log line, with its request id and every
/// cause behind it; the client is told only that something went wrong.
#[test]
fn an_internal_error_is_logged_once_with_its_causes_and_never_shown() {
    let (server, dir) = logged(&["--log", "info"]);
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .new_agent();
    let post = |path: &str, key: Option<&str>, body: serde_json::Value| {
        let mut request = agent.post(&format!("{}{path}", server.base));
        if let Some(key) = key {
            request = request.header("Authorization", &format!("Bearer {key}"));
        }
        let mut answer = request.send_json(body).expect("an answer");
        answer
            .body_mut()
            .read_json::<serde_json::Value>()
            .expect("JSON")
    };
    let account = post("/v1/accounts", None, json!({"name": "Logs"}));
    let key = account["api_key"].as_str().expect("a key").to_string();
    let game = post(
        "/v1/games",
        Some(&key),
        json!({"players": [{"name": "Ann"}]}),
    );
    let game_id = game["id"].as_str().expect("an id").to_string();
    // A row no server would write: its mode names nothing.
    {
        use diesel::{Connection, RunQueryDsl, SqliteConnection};
        let path = dir.0.join("db.sqlite");
        let mut conn = SqliteConnection::establish(&path.display().to_string()).expect("the file");
        diesel::sql_query("UPDATE games SET mode = 'robot'")
            .execute(&mut conn)
            .expect("the row changed");
    }
    let mut answer = agent
        .get(&format!("{}/v1/games/{game_id}", server.base))
        .header("Authorization", &format!("Bearer {key}"))
        .call()
        .expect("an answer");
    assert_eq!(answer.status().as_u16(), 500);
    let request_id = answer
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .expect("a request id")
        .to_string();
    let problem = answer.body_mut().read_to_string().expect("a body");
    assert!(!problem.contains("robot"), "{problem}");
    assert!(problem.contains("internal_error"), "{problem}");
    std::thread::sleep(std::time::Duration::from_millis(200));
    let written = server.log();
    let lines: Vec<&str> = written.lines().filter(|l| l.contains("robot")).collect();
    assert_eq!(lines.len(), 1, "{written}");
    let line = lines[0];
    assert!(line.contains(&request_id), "{line}");
    assert!(line.contains("request failed"), "{line}");
    assert!(
        line.contains("a database statement failed") && line.contains("names no Mode"),
        "the chain of causes: {line}"
    );
}
