//! Clients that send too slowly, too much, or not HTTP at all: each gets an answer (a problem+json
//! one wherever actix-http lets the server give it) and its connection closed, and none of them
//! holds back anyone else.

use std::io::Write;
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use serde_json::json;

use crate::helpers::{Backend, dice, spawn_app_with};
use crate::raw::{Raw, parse};

const HALF_A_BODY: &[u8] =
    b"POST /v1/evaluate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
Content-Length: 100\r\n\r\n{\"phase\": 1, \"dice\": [";

fn a_body_that_stops_arriving_is_answered_408_and_its_connection_closed(backend: Backend) {
    let app = spawn_app_with(backend, &["--request-timeout-ms=1000"]);
    let mut slow = Raw::connect(&app.base);
    let sent = Instant::now();
    slow.send(HALF_A_BODY);
    let answer = slow.answer(Duration::from_secs(10));
    let waited = sent.elapsed();
    let problem = answer.expect_problem(408, "request_timeout");
    assert!(answer.closed, "the connection is closed: {answer:?}");
    assert_eq!(problem["title"], "Request Timeout");
    assert!(waited >= Duration::from_millis(900), "{waited:?}");
    assert!(waited < Duration::from_secs(5), "held for {waited:?}");
}

fn one_address_cannot_take_every_connection(backend: Backend) {
    let app = spawn_app_with(
        backend,
        &[
            "--max-connections-per-address=10",
            "--request-timeout-ms=3000",
        ],
    );
    let mut held: Vec<Raw> = (0..10)
        .map(|_| {
            let mut slow = Raw::connect_from(&app.base, "127.0.0.2");
            slow.send(HALF_A_BODY);
            slow
        })
        .collect();
    // The eleventh from that address is refused at once, and told why...
    let mut eleventh = Raw::connect_from(&app.base, "127.0.0.2");
    let refused = eleventh.answer(Duration::from_secs(5));
    refused.expect_problem(429, "too_many_connections");
    assert!(refused.closed);
    assert_eq!(refused.header("retry-after"), Some("5"));
    // ...while everyone else is served as usual.
    app.get("/healthz").expect(200);
    app.with_key(None).get("/v1/phases").expect(200);
    // The slow ones are answered 408 and closed, which frees their places.
    for slow in &mut held {
        slow.answer(Duration::from_secs(10))
            .expect_problem(408, "request_timeout");
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let mut again = Raw::connect_from(&app.base, "127.0.0.2");
        again.send(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        if again.answer(Duration::from_secs(5)).status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "the places were never freed");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// What actix-http refuses by itself, before any request reaches the app, it answers with a bare
/// status and closes: a request it cannot parse (400), a head of more fields than it reads (96)
/// or larger than it buffers (128 KiB) (431). Those answers have no body, and actix-http has no
/// hook to give them one (actix-http 3.20, `src/h1/dispatcher.rs`, `poll_request`:
/// `Response::bad_request().drop_body()`, `Response::with_body(431, ())`; `src/h1/decoder.rs`:
/// `MAX_HEADERS`, `MAX_BUFFER_SIZE`), and the server does not rewrite actix-http's bytes. Headers
/// within actix-http's bounds but over `--header-limit` are the app's 431 problem
/// (`limits::headers_over_the_limit_get_431`); a head too slow is the server's own 408 problem.
fn what_the_http_server_refuses_by_itself_is_answered_and_closed(backend: Backend) {
    let app = spawn_app_with(backend, &["--request-timeout-ms=1000"]);
    let answer = |bytes: &[u8]| {
        let mut raw = Raw::connect(&app.base);
        raw.send(bytes);
        raw.answer(Duration::from_secs(5))
    };
    let garbage = answer(b"GARBAGE\r\n\r\n");
    assert_eq!(garbage.status, 400, "{garbage:?}");
    assert!(garbage.closed);

    let mut too_many = b"GET /healthz HTTP/1.1\r\nHost: t\r\n".to_vec();
    for i in 0..120 {
        too_many.extend_from_slice(format!("X-{i}: a\r\n").as_bytes());
    }
    too_many.extend_from_slice(b"\r\n");
    let too_many = answer(&too_many);
    assert_eq!(too_many.status, 431, "{too_many:?}");
    assert!(too_many.closed);

    let slow_head = answer(b"GET /healthz HTTP/1.1\r\nHost: t\r\n");
    slow_head.expect_problem(408, "request_timeout");
    assert!(slow_head.closed);
    assert_eq!(slow_head.header("x-content-type-options"), Some("nosniff"));

    // After a good request on the same connection, the good answer is left as it is.
    let mut raw = Raw::connect(&app.base);
    raw.send(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\nBAD LINE\r\n\r\n");
    let (bytes, closed) = raw.read_all(Duration::from_secs(5));
    let first = parse(&bytes, closed);
    assert_eq!(first.status, 200);
    assert_eq!(first.body, "{\"status\":\"ok\"}");
    let at = bytes
        .windows(first.body.len())
        .position(|w| w == first.body.as_bytes())
        .expect("the first answer")
        + first.body.len();
    let bad = parse(&bytes[at..], closed);
    assert_eq!(bad.status, 400, "{bad:?}");
    assert!(bad.closed);
}

fn a_slow_head_after_a_good_request_is_cut_off_too(backend: Backend) {
    let app = spawn_app_with(backend, &["--request-timeout-ms=1000"]);
    let mut raw = Raw::connect(&app.base);
    raw.send(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n");
    assert!(raw.read_until("{\"status\":\"ok\"}", Duration::from_secs(5)));
    // The next head trickles in, a header every half second, and never ends.
    let sent = Instant::now();
    raw.send(b"GET /healthz HTTP/1.1\r\n");
    for i in 0..20 {
        std::thread::sleep(Duration::from_millis(500));
        if raw
            .stream
            .write_all(format!("X-{i}: a\r\n").as_bytes())
            .is_err()
        {
            break;
        }
    }
    let answer = raw.answer(Duration::from_secs(5));
    answer.expect_problem(408, "request_timeout");
    assert!(answer.closed);
    assert!(
        sent.elapsed() < Duration::from_secs(8),
        "held {:?}",
        sent.elapsed()
    );
}

fn a_chunked_body_that_trickles_is_cut_off_and_its_connection_closed(backend: Backend) {
    let app = spawn_app_with(backend, &["--request-timeout-ms=1000"]);
    let mut raw = Raw::connect(&app.base);
    raw.send(
        b"POST /v1/evaluate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
          Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n",
    );
    let sent = Instant::now();
    let mut answered = false;
    let mut closed = false;
    for _ in 0..20 {
        std::thread::sleep(Duration::from_millis(400));
        let _ = raw.stream.write_all(b"1\r\n \r\n");
        let (bytes, gone) = raw.read_all(Duration::from_millis(100));
        answered |= String::from_utf8_lossy(&bytes).contains("request_timeout");
        if gone {
            closed = true;
            break;
        }
    }
    assert!(answered, "the body is answered 408");
    assert!(closed, "the connection is closed");
    assert!(
        sent.elapsed() < Duration::from_secs(5),
        "held {:?}",
        sent.elapsed()
    );
}

fn a_client_that_closes_its_side_after_a_request_still_gets_the_answer(backend: Backend) {
    let app = spawn_app_with(backend, &[]);
    let body = br#"{"name": "Ann"}"#;
    let mut raw = Raw::connect(&app.base);
    raw.send(
        format!(
            "POST /v1/accounts HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n",
            body.len()
        )
        .as_bytes(),
    );
    raw.send(body);
    raw.stream
        .shutdown(std::net::Shutdown::Write)
        .expect("half-close");
    let answer = raw.answer(Duration::from_secs(5));
    assert_eq!(answer.status, 201, "{answer:?}");
    assert!(answer.body.contains("api_key"));
}

fn a_refused_cross_origin_preflight_is_a_problem(backend: Backend) {
    let app = spawn_app_with(backend, &["--cors-origins=https://app.example"]);
    let refused = app.options_with(
        "/v1/games",
        &[
            ("Origin", "https://elsewhere.example"),
            ("Access-Control-Request-Method", "POST"),
        ],
    );
    let problem = refused.expect_problem(400, "malformed_request");
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains("cross-origin"), "{detail}");
    let allowed = app.options_with(
        "/v1/games",
        &[
            ("Origin", "https://app.example"),
            ("Access-Control-Request-Method", "POST"),
        ],
    );
    assert_eq!(allowed.status, 200, "{allowed:?}");
}

/// A body that reaches the server in two pieces, the second starting with a capital (the "W"
/// of a wild die), is a body: while its handler waits for the game (another transaction holds
/// its row) past the request timeout, nothing is timed, and the one answer is the handler's,
/// with no 408 after it (issue 41: the wrapper took such a piece for a head). PostgreSQL: a
/// row held from outside.
#[test]
fn a_body_in_pieces_and_a_slow_handler_get_one_answer() {
    let mut app = spawn_app_with(Backend::Postgres, &["--request-timeout-ms=1000"]);
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let id = game["id"].as_str().unwrap();
    let body = json!({"player_id": game["players"][0]["id"], "dice": dice("8 8 8 W")}).to_string();
    let at = body.find("W\"").expect("a wild die");
    let mut holder = app.connection();
    holder
        .batch_execute(&format!(
            "BEGIN; SELECT 1 FROM games WHERE id = '{id}' FOR UPDATE;"
        ))
        .expect("the game's row held");
    let mut raw = Raw::connect(&app.base);
    raw.send(
        format!(
            "POST /v1/games/{id}/turns HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer {key}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{}",
            body.len(),
            &body[..at]
        )
        .as_bytes(),
    );
    std::thread::sleep(Duration::from_millis(200));
    raw.send(&body.as_bytes()[at..]);
    // Past the request timeout, the handler still waiting for the game.
    std::thread::sleep(Duration::from_millis(1800));
    holder.batch_execute("ROLLBACK;").expect("let go");
    let (bytes, _) = raw.read_all(Duration::from_secs(3));
    let text = String::from_utf8_lossy(&bytes);
    assert_eq!(parse(&bytes, false).status, 201, "{text}");
    assert_eq!(text.matches("HTTP/1.1 ").count(), 1, "one answer: {text}");
}

crate::on_both_backends!(
    a_body_that_stops_arriving_is_answered_408_and_its_connection_closed,
    one_address_cannot_take_every_connection,
    what_the_http_server_refuses_by_itself_is_answered_and_closed,
    a_refused_cross_origin_preflight_is_a_problem,
    a_slow_head_after_a_good_request_is_cut_off_too,
    a_chunked_body_that_trickles_is_cut_off_and_its_connection_closed,
    a_client_that_closes_its_side_after_a_request_still_gets_the_answer,
);
