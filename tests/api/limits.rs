//! Limits and guards: request rates, header size, JSON nesting, CORS, and panics.

use serde_json::json;

use crate::helpers::{Backend, spawn_app, spawn_app_with, spawn_app_with_routes};

#[track_caller]
fn retry_after(reply: &crate::helpers::Reply) -> u64 {
    match reply.header("retry-after").and_then(|v| v.parse().ok()) {
        Some(seconds) => seconds,
        None => panic!("a Retry-After in seconds: {reply:?}"),
    }
}

fn account_creation_is_limited_per_address(backend: Backend) {
    let app = spawn_app_with(backend, &["--rate-limit-accounts=3"]);
    let anonymous = app.with_key(None);
    for n in 0..3 {
        anonymous
            .post("/v1/accounts", &json!({"name": format!("a{n}")}))
            .expect(201);
    }
    let refused = anonymous.post("/v1/accounts", &json!({"name": "a4"}));
    let wait = retry_after(&refused);
    assert!((1..=21).contains(&wait), "{wait}");
    refused.expect_problem(429, "rate_limited");
    assert_eq!(app.row_counts()[0], 3);
}

fn writes_are_limited_and_reads_are_not(backend: Backend) {
    let mut app = spawn_app_with(backend, &["--rate-limit-writes=3"]);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    app.turn(&game, 0, "").expect(201);
    app.turn(&game, 1, "").expect(201);
    let refused = app.turn(&game, 0, "");
    assert!(retry_after(&refused) >= 1);
    refused.expect_problem(429, "rate_limited");
    assert_eq!(app.row_counts()[3], 2);
    let id = game["id"].as_str().unwrap();
    for _ in 0..10 {
        app.get(&format!("/v1/games/{id}")).expect(200);
    }
    // Judging dice changes nothing, and is not a write.
    let evaluate = json!({"phase": 1, "dice": crate::helpers::dice("8 8 8 10 W W")});
    app.post("/v1/evaluate", &evaluate).expect(200);
}

/// Every answer of a limited request tells where its caller stands (the IETF draft's
/// `RateLimit-Policy` and `RateLimit`), the refusal too; a read, limited by nothing, tells
/// nothing.
fn limited_answers_say_how_many_requests_are_left(backend: Backend) {
    let mut app = spawn_app_with(backend, &["--rate-limit-writes=3"]);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let standing = |reply: &crate::helpers::Reply| {
        (
            reply.header("ratelimit-policy").map(str::to_string),
            reply.header("ratelimit").map(str::to_string),
        )
    };
    // The game took one of the three writes.
    let first = app.turn(&game, 0, "").expect(201);
    let (policy, left) = standing(&first);
    assert_eq!(policy.as_deref(), Some("\"writes\";q=3;w=60"));
    assert_eq!(left.as_deref(), Some("\"writes\";r=1;t=40"));
    let last = app.turn(&game, 1, "").expect(201);
    assert_eq!(standing(&last).1.as_deref(), Some("\"writes\";r=0;t=60"));
    let refused = app.turn(&game, 0, "");
    let (policy, left) = standing(&refused);
    assert_eq!(policy.as_deref(), Some("\"writes\";q=3;w=60"));
    assert_eq!(left.as_deref(), Some("\"writes\";r=0;t=60"));
    refused.expect_problem(429, "rate_limited");
    let id = game["id"].as_str().unwrap();
    assert_eq!(standing(&app.get(&format!("/v1/games/{id}"))), (None, None));
}

/// The advisor and evaluation spend a bucket of their own: a neighbour behind the same address
/// asking for advice again and again does not stop a turn from being recorded.
fn advice_has_a_bucket_of_its_own_that_spares_the_writes(backend: Backend) {
    let mut app = spawn_app_with(backend, &["--rate-limit-advice=3", "--rate-limit-writes=3"]);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let neighbour = app.with_key(None);
    let position = json!({"phase": 4, "rolls_left": 3});
    for _ in 0..3 {
        neighbour.post("/v1/advice", &position).expect(200);
    }
    let refused = neighbour.post("/v1/advice", &position);
    assert!(retry_after(&refused) >= 1);
    refused.expect_problem(429, "rate_limited");
    // The address's advice is spent, whoever's key comes with it.
    let evaluate = json!({"phase": 1, "dice": crate::helpers::dice("8 8 8 10 W W")});
    app.post("/v1/evaluate", &evaluate)
        .expect_problem(429, "rate_limited");
    // Its writes are not.
    app.turn(&game, 0, "").expect(201);
    app.turn(&game, 1, "").expect(201);
    assert_eq!(app.row_counts()[3], 2);
}

fn evaluation_and_a_digital_turns_advice_are_metered(backend: Backend) {
    let app = spawn_app_with(backend, &["--rate-limit-advice=2"]);
    let evaluate = json!({"phase": 1, "dice": crate::helpers::dice("8 8 8 10 W W")});
    for _ in 0..2 {
        app.post("/v1/evaluate", &evaluate).expect(200);
    }
    app.post("/v1/evaluate", &evaluate)
        .expect_problem(429, "rate_limited");

    let mut app = spawn_app_with(backend, &["--rate-limit-advice=2"]);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({"mode": "digital"}));
    let path = crate::helpers::game_path(&game);
    app.set_first_roll("1 2 3 4 8 8 5 6 9 10");
    let turn = app
        .post(
            &format!("{path}/turns"),
            &json!({"player_id": game["current_player_id"]}),
        )
        .expect(201)
        .json();
    let advice = format!("{path}/turns/{}/advice", turn["number"]);
    for _ in 0..2 {
        app.get(&advice).expect(200);
    }
    let refused = app.get(&advice);
    assert!(retry_after(&refused) >= 1);
    refused.expect_problem(429, "rate_limited");
    // Reading the game is no advice.
    app.get(&path).expect(200);
}

fn headers_over_the_limit_get_431(backend: Backend) {
    let app = spawn_app_with(backend, &["--header-limit=2048"]);
    let big = "x".repeat(3000);
    app.get_with("/v1/phases", &[("X-Filler", &big)])
        .expect_problem(431, "headers_too_large");
    app.get_with("/v1/phases", &[("X-Filler", "small")])
        .expect(200);
    // The default limit is 16 KiB.
    let app = spawn_app(backend);
    let big = "x".repeat(17 * 1024);
    app.get_with("/v1/phases", &[("X-Filler", &big)])
        .expect_problem(431, "headers_too_large");
}

fn deeply_nested_json_is_refused_before_it_is_parsed(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let counts = app.row_counts();
    let deep = format!("{{\"name\": {}1{}}}", "[".repeat(40), "]".repeat(40));
    let problem = app
        .post_raw("/v1/games", "application/json", deep.as_bytes())
        .expect_problem(400, "malformed_request");
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("nest deeper than 16")
    );
    assert_eq!(app.row_counts(), counts);
}

fn cors_is_closed_by_default(backend: Backend) {
    let app = spawn_app(backend);
    let origin = [("Origin", "https://app.example")];
    let preflight = app.options_with(
        "/v1/games",
        &[
            ("Origin", "https://app.example"),
            ("Access-Control-Request-Method", "POST"),
        ],
    );
    assert_eq!(preflight.header("access-control-allow-origin"), None);
    let read = app.get_with("/v1/phases", &origin).expect(200);
    assert_eq!(read.header("access-control-allow-origin"), None);
}

fn cors_lets_configured_origins_in(backend: Backend) {
    let app = spawn_app_with(
        backend,
        &["--cors-origins=https://app.example,http://localhost:5173"],
    );
    let preflight = app.options_with(
        "/v1/games",
        &[
            ("Origin", "https://app.example"),
            ("Access-Control-Request-Method", "POST"),
            (
                "Access-Control-Request-Headers",
                "authorization, content-type, idempotency-key, if-match",
            ),
        ],
    );
    assert!(preflight.status < 300, "{preflight:?}");
    assert_eq!(
        preflight.header("access-control-allow-origin"),
        Some("https://app.example")
    );
    let allowed = preflight
        .header("access-control-allow-headers")
        .unwrap_or_default()
        .to_ascii_lowercase();
    assert!(
        allowed.contains("idempotency-key") && allowed.contains("if-match"),
        "{allowed}"
    );
    let read = app
        .get_with("/v1/phases", &[("Origin", "http://localhost:5173")])
        .expect(200);
    assert_eq!(
        read.header("access-control-allow-origin"),
        Some("http://localhost:5173")
    );
    let exposed = read
        .header("access-control-expose-headers")
        .unwrap_or_default()
        .to_ascii_lowercase();
    assert!(
        exposed.contains("etag") && exposed.contains("location"),
        "{exposed}"
    );
    let stranger = app.get_with("/v1/phases", &[("Origin", "https://evil.example")]);
    assert_eq!(stranger.header("access-control-allow-origin"), None);
}

fn panicking() -> actix_web::HttpResponse {
    panic!("secret panic text at /home/build/src/lib.rs:1")
}

fn a_panicking_handler_is_a_500_problem_and_the_server_goes_on(backend: Backend) {
    let app = spawn_app_with_routes(backend, |routes| {
        routes.route(
            "/test/panic",
            actix_web::web::get().to(|| async { panicking() }),
        );
    });
    for _ in 0..3 {
        let reply = app.get("/test/panic");
        assert!(!reply.text.contains("secret") && !reply.text.contains("/home"));
        reply.expect_problem(500, "internal_error");
        // One worker: the same one answers next.
        app.get("/v1/phases").expect(200);
    }
}

crate::on_both_backends!(
    account_creation_is_limited_per_address,
    writes_are_limited_and_reads_are_not,
    limited_answers_say_how_many_requests_are_left,
    advice_has_a_bucket_of_its_own_that_spares_the_writes,
    evaluation_and_a_digital_turns_advice_are_metered,
    headers_over_the_limit_get_431,
    deeply_nested_json_is_refused_before_it_is_parsed,
    cors_is_closed_by_default,
    cors_lets_configured_origins_in,
    a_panicking_handler_is_a_500_problem_and_the_server_goes_on,
);
