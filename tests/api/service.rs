//! The service endpoints: health, readiness, the OpenAPI document and the docs.

use crate::helpers::{Backend, spawn_app};
use crate::proxy::Proxy;

fn healthz_and_readyz_answer(backend: Backend) {
    let app = spawn_app(backend);
    assert_eq!(app.get("/healthz").expect(200).json()["status"], "ok");
    assert_eq!(app.get("/readyz").expect(200).json()["status"], "ready");
}

fn the_served_openapi_document_is_the_committed_one(backend: Backend) {
    let app = spawn_app(backend);
    let served = app.get("/openapi.json").expect(200);
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json"))
            .expect("openapi/openapi.json is committed");
    assert!(
        served.text == committed,
        "openapi/openapi.json is out of date: run `cargo run -- openapi > openapi/openapi.json`"
    );
    assert_eq!(served.json()["openapi"], "3.1.0");
}

fn the_docs_are_served_without_the_internet(backend: Backend) {
    let app = spawn_app(backend);
    let page = app.get("/docs/").expect(200);
    assert!(page.text.contains("swagger"), "{}", page.text);
    let initializer = app.get("/docs/swagger-initializer.js").expect(200);
    assert!(initializer.text.contains("/openapi.json"));
    assert!(app.get("/docs/swagger-ui-bundle.js").expect(200).text.len() > 100_000);
    // The outside probe's L5: a policy of their own, and no other site frames them.
    for path in ["/docs/", "/docs/swagger-initializer.js"] {
        let reply = app.get(path).expect(200);
        let policy = reply.header("content-security-policy").expect("a CSP");
        assert!(policy.starts_with("default-src 'none'"), "{policy}");
        assert!(policy.contains("script-src 'self';"), "{policy}");
        assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
        assert_eq!(reply.header("x-frame-options"), Some("DENY"));
    }
}

fn head_is_answered_wherever_get_is_without_a_body(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], serde_json::json!({}));
    let game_path = format!("/v1/games/{}", game["id"].as_str().unwrap());
    // An event stream is answered with its headers alone, and the connection goes on.
    let mut raw = crate::raw::Raw::connect(&app.base);
    let key = app.key.clone().unwrap();
    raw.send(
        format!(
            "HEAD {game_path}/events HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer {key}\r\n\r\n\
             GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
        )
        .as_bytes(),
    );
    assert!(raw.read_until("{\"status\":\"ok\"}", std::time::Duration::from_secs(5)));
    for path in [
        "/v1/phases",
        "/healthz",
        game_path.as_str(),
        "/openapi.json",
    ] {
        let got = app.get(path).expect(200);
        let mut raw = crate::raw::Raw::connect(&app.base);
        let key = app.key.clone().unwrap();
        raw.send(
            format!("HEAD {path} HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer {key}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        );
        let (bytes, _) = raw.read_all(std::time::Duration::from_secs(5));
        let text = String::from_utf8_lossy(&bytes);
        let (head, body) = text.split_once("\r\n\r\n").expect("a head");
        assert!(head.starts_with("HTTP/1.1 200"), "{path}: {head}");
        assert_eq!(body, "", "{path}: HEAD has no body");
        let length = got.text.len().to_string();
        assert!(
            head.to_ascii_lowercase()
                .contains(&format!("content-length: {length}")),
            "{path}: {head}"
        );
        if let Some(etag) = got.header("etag") {
            assert!(head.contains(etag), "{path}: {head}");
        }
    }
}

fn ids_are_case_insensitive(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], serde_json::json!({}));
    let id = game["id"].as_str().unwrap();
    let upper = app
        .get(&format!("/v1/games/{}", id.to_uppercase()))
        .expect(200);
    assert_eq!(upper.json()["id"], id);
    let turn =
        serde_json::json!({"player_id": game["players"][0]["id"].as_str().unwrap().to_uppercase()});
    app.post(&format!("/v1/games/{}/turns", id.to_uppercase()), &turn)
        .expect(201);
    let me = app.get("/v1/games").expect(200).json()["items"][0]["id"].clone();
    assert_eq!(me, id);
    let account: serde_json::Value = app
        .post("/v1/accounts", &serde_json::json!({"name": "Bo"}))
        .expect(201)
        .json();
    let bo = account["api_key"].as_str().unwrap();
    let account_id = account["id"].as_str().unwrap().to_uppercase();
    app.with_key(Some(bo))
        .get(&format!("/v1/accounts/{account_id}"))
        .expect(200);
    // One resource, one address: the hyphenated form only.
    let simple = id.replace('-', "");
    for other in [simple, format!("{{{id}}}"), format!("urn:uuid:{id}")] {
        app.get(&format!("/v1/games/{other}"))
            .expect_problem(404, "not_found");
    }
}

fn every_answer_says_nosniff_and_a_new_key_is_not_stored(backend: Backend) {
    let app = spawn_app(backend);
    for reply in [
        app.get("/healthz"),
        app.get("/v1/phases"),
        app.get("/v1/nothing-here"),
        app.get("/v1/games"),
        app.delete("/v1/phases"),
    ] {
        assert_eq!(
            reply.header("x-content-type-options"),
            Some("nosniff"),
            "{reply:?}"
        );
    }
    let created = app
        .post("/v1/accounts", &serde_json::json!({"name": "Ann"}))
        .expect(201);
    assert_eq!(created.header("cache-control"), Some("no-store"));
}

fn an_unknown_path_is_a_404_problem(backend: Backend) {
    let app = spawn_app(backend);
    app.get("/v1/nothing-here").expect_problem(404, "not_found");
    app.get("/v2/games").expect_problem(404, "not_found");
}

fn a_method_a_path_does_not_have_is_a_405_with_allow(backend: Backend) {
    let app = spawn_app(backend);
    let reply = app.delete("/v1/phases");
    assert_eq!(reply.header("Allow"), Some("GET, HEAD"));
    reply.expect_problem(405, "method_not_allowed");
    let reply = app.post("/v1/games/any-id", &serde_json::json!({}));
    assert_eq!(reply.header("Allow"), Some("GET, HEAD, PATCH, DELETE"));
    reply.expect_problem(405, "method_not_allowed");
    app.delete("/v1/nothing-here")
        .expect_problem(404, "not_found");
}

crate::on_both_backends!(
    healthz_and_readyz_answer,
    the_served_openapi_document_is_the_committed_one,
    the_docs_are_served_without_the_internet,
    an_unknown_path_is_a_404_problem,
    a_method_a_path_does_not_have_is_a_405_with_allow,
    head_is_answered_wherever_get_is_without_a_body,
    ids_are_case_insensitive,
    every_answer_says_nosniff_and_a_new_key_is_not_stored,
);

/// Waits (up to 10 s) for `/readyz` to answer 200 again.
#[track_caller]
fn wait_until_ready(app: &crate::helpers::TestApp) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while app.get("/readyz").status != 200 {
        assert!(
            std::time::Instant::now() < deadline,
            "readyz did not recover"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// PostgreSQL goes away behind a proxy and comes back: `/readyz` and the API answer 503 with
/// `Retry-After` meanwhile, and serve again by themselves once it is back.
#[test]
fn readiness_follows_the_database_down_and_back_up() {
    let proxy = Proxy::to_postgres();
    let mut app = crate::helpers::spawn_app_through(&proxy);
    app.sign_up("Ann");
    app.get("/readyz").expect(200);

    proxy.cut();
    let down = app.get("/readyz");
    assert_eq!(down.header("retry-after"), Some("2"));
    down.expect_problem(503, "database_unavailable");
    app.get("/v1/games")
        .expect_problem(503, "database_unavailable");
    assert_eq!(app.get("/healthz").status, 200, "the process itself is up");

    proxy.restore();
    wait_until_ready(&app);
    app.get("/v1/games").expect(200);
}

/// PostgreSQL stops answering without closing its connections: requests are answered 503 at
/// the deadline instead of hanging, and the service serves again once it answers.
#[test]
fn a_database_that_stops_answering_is_a_503_at_the_deadline() {
    let proxy = Proxy::to_postgres();
    let mut app = crate::helpers::spawn_app_through(&proxy);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], serde_json::json!({}));

    proxy.freeze();
    let path = format!("/v1/games/{}/turns", game["id"].as_str().unwrap());
    let body = serde_json::json!({"player_id": game["players"][0]["id"]});
    let key = [("Idempotency-Key", "held-in-the-freeze")];
    let started = std::time::Instant::now();
    let stuck = app.post_with(&path, &body, &key);
    let waited = started.elapsed();
    assert_eq!(stuck.header("retry-after"), Some("2"));
    stuck.expect_problem(503, "database_unavailable");
    assert!(waited < std::time::Duration::from_secs(5), "{waited:?}");
    app.get("/readyz")
        .expect_problem(503, "database_unavailable");

    proxy.thaw();
    wait_until_ready(&app);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    // The turn held in the freeze may have landed after all: the same request with the same key
    // gets its answer (stored, or fresh), and the turn is there once.
    let retried = loop {
        let reply = app.post_with(&path, &body, &key);
        if reply.status != 409 {
            break reply;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "still in flight: {reply:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert_eq!(retried.expect(201).json()["number"], 1);
    let turns = app.get(&path).expect(200).json();
    assert_eq!(turns["items"].as_array().unwrap().len(), 1);
}
