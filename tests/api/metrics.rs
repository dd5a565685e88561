//! The operator's metrics: Prometheus's text format on the address `--metrics-bind` names, and
//! nowhere else; requests by route, turns recorded (a replayed retry not counted twice), advice,
//! the database pool, event streams, the process's memory and CPU.

use serde_json::json;

use crate::helpers::{Backend, TestApp, dice, spawn_app};
use crate::process::ServerProcess;

/// The value of the sample `line` starts (`name{labels}`), if it is there.
fn sample(text: &str, line: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(line)?.strip_prefix(' ')?.parse().ok())
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Another server process on the app's database, its metrics on an address of their own; and
/// a client that reads every status as an answer.
fn serving_metrics(app: &TestApp) -> (ServerProcess, String, ureq::Agent) {
    let bind = format!("127.0.0.1:{}", free_port());
    let server = ServerProcess::start(
        &app.database_url,
        &["--log", "warn", "--metrics-bind", &bind],
    );
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .new_agent();
    (server, bind, agent)
}

fn the_metrics_are_on_the_operators_address_only(backend: Backend) {
    let mut app = spawn_app(backend);
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bob"], json!({}));
    let (server, bind, agent) = serving_metrics(&app);
    let auth = format!("Bearer {key}");
    let turns = format!(
        "{}/v1/games/{}/turns",
        server.base,
        game["id"].as_str().unwrap()
    );
    let turn = |seat: usize, retry: Option<&str>| {
        let body =
            json!({"player_id": game["players"][seat]["id"], "dice": dice("8 8 8 10 W W 5 6 1 2")});
        let mut request = agent.post(&turns).header("Authorization", &auth);
        if let Some(key) = retry {
            request = request.header("Idempotency-Key", key);
        }
        request.send_json(body).unwrap().status().as_u16()
    };
    assert_eq!(turn(0, Some("the-first-turn-of-the-night")), 201);
    // the same turn retried: answered again, recorded once
    assert_eq!(turn(0, Some("the-first-turn-of-the-night")), 201);
    assert_eq!(turn(1, None), 201);
    let advice = agent
        .post(&format!("{}/v1/advice", server.base))
        .send_json(json!({"phase": 1, "rolls_left": 3}))
        .unwrap();
    assert_eq!(advice.status(), 200);
    // Not on the API's address.
    let on_api = agent
        .get(&format!("{}/metrics", server.base))
        .call()
        .unwrap();
    assert_eq!(on_api.status(), 404);
    let scraped = agent.get(&format!("http://{bind}/metrics")).call().unwrap();
    assert_eq!(scraped.status(), 200);
    let kind = scraped
        .headers()
        .get("content-type")
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    let text = scraped.into_body().read_to_string().unwrap();
    assert_eq!(
        sample(&text, "phase10_turns_recorded_total"),
        Some(2.0),
        "{text}"
    );
    assert_eq!(
        sample(
            &text,
            "phase10_http_requests_total{route=\"/v1/games/{game_id}/turns\",method=\"POST\",status=\"201\"}"
        ),
        Some(3.0),
        "{text}"
    );
    assert_eq!(
        sample(&text, "phase10_advice_answers_total{goal=\"make\"}"),
        Some(1.0)
    );
    assert!(text.contains("phase10_http_request_duration_seconds_bucket{route=\"/v1/advice\",method=\"POST\",le=\"0.001\"}"), "{text}");
    assert!(
        text.contains("phase10_db_pool_wait_seconds_count"),
        "{text}"
    );
    assert!(sample(&text, "phase10_db_pool_connections_max").is_some_and(|max| max >= 1.0));
    assert!(sample(&text, "phase10_db_pool_connections_idle").is_some());
    assert_eq!(sample(&text, "phase10_event_streams_open"), Some(0.0));
    assert!(
        sample(&text, "process_resident_memory_bytes").is_some_and(|bytes| bytes > 1e6),
        "{text}"
    );
    assert!(
        sample(&text, "process_cpu_seconds_total").is_some(),
        "{text}"
    );
}

/// A read fills the process's games (issue 41's M1): a game another process changed is
/// worked out again from its record by the first read here, not by every read, and a change
/// here after those reads starts from it too.
fn a_game_changed_elsewhere_is_replayed_once_for_all_the_reads(backend: Backend) {
    let mut app = spawn_app(backend);
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bob"], json!({}));
    app.turn(&game, 0, "8 8 8 10 W W 5 6 1 2").expect(201);
    let (server, bind, agent) = serving_metrics(&app);
    let auth = format!("Bearer {key}");
    let path = format!("{}/v1/games/{}", server.base, game["id"].as_str().unwrap());
    let read = || {
        let reply = agent.get(&path).header("Authorization", &auth).call();
        assert_eq!(reply.unwrap().status().as_u16(), 200);
    };
    let replayed = |why: &str| {
        let text = (agent.get(&format!("http://{bind}/metrics")).call())
            .unwrap()
            .into_body()
            .read_to_string()
            .unwrap();
        sample(
            &text,
            &format!("phase10_games_replayed_total{{for=\"{why}\"}}"),
        )
        .unwrap_or(0.0)
    };
    for _ in 0..3 {
        read();
    }
    assert_eq!(replayed("read"), 1.0);
    // Changed in the other process: one more replay, for all the reads after it.
    app.turn(&game, 1, "8 8 8 10 W W 5 6 1 2").expect(201);
    for _ in 0..3 {
        read();
    }
    assert_eq!(replayed("read"), 2.0);
    let turn = agent
        .post(&format!("{path}/turns"))
        .header("Authorization", &auth)
        .send_json(
            json!({"player_id": game["players"][0]["id"], "dice": dice("8 8 8 10 W W 5 6 1 2")}),
        )
        .unwrap();
    assert_eq!(turn.status().as_u16(), 201);
    assert_eq!(replayed("change"), 0.0);
    read();
    assert_eq!(replayed("read"), 2.0);
}

crate::on_both_backends!(
    the_metrics_are_on_the_operators_address_only,
    a_game_changed_elsewhere_is_replayed_once_for_all_the_reads,
);
