//! A process told to stop (SIGTERM) as a load balancer needs it: `/readyz` says 503 first,
//! every request it received is answered, its event streams end with a `retry:`, and it exits
//! in time.

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::helpers::{Backend, spawn_app};
use crate::process::ServerProcess;
use crate::raw::Raw;

/// Requests arriving at once as the signal comes.
const AT_ONCE: usize = 30;

fn a_stopping_process_answers_what_it_received_and_says_so_to_the_load_balancer(backend: Backend) {
    let mut app = spawn_app(backend);
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    let id = game["id"].as_str().unwrap().to_string();
    let mut server =
        ServerProcess::start(&app.database_url, &["--log", "warn", "--drain-ms", "1500"]);
    let mut stream = Raw::follow(&server.base, "127.0.0.1", &id, &key);
    let start = Arc::new(Barrier::new(AT_ONCE + 1));
    let requests: Vec<_> = (0..AT_ONCE)
        .map(|i| {
            let (base, key, id, start) =
                (server.base.clone(), key.clone(), id.clone(), start.clone());
            std::thread::spawn(move || {
                // a connection of its own each, as separate clients
                let agent = ureq::Agent::config_builder()
                    .http_status_as_error(false)
                    .timeout_global(Some(Duration::from_secs(20)))
                    .build()
                    .new_agent();
                start.wait();
                let answer = if i % 2 == 0 {
                    agent
                        .get(&format!("{base}/v1/games/{id}"))
                        .header("Authorization", &format!("Bearer {key}"))
                        .call()
                } else {
                    agent.post(&format!("{base}/v1/evaluate")).send_json(
                        json!({"phase": 1, "dice": [{"value": 8}, {"value": 8}, {"value": 8}]}),
                    )
                };
                answer
                    .map(|r| r.status().as_u16())
                    .map_err(|e| e.to_string())
            })
        })
        .collect();
    start.wait();
    server.terminate();
    let signalled = Instant::now();
    // While it drains, a load balancer's health check reads that it is going.
    let ready = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .new_agent()
        .get(&format!("{}/readyz", server.base))
        .call()
        .expect("it still answers while it drains");
    assert_eq!(ready.status(), 503);
    let problem: serde_json::Value = ready.into_body().read_json().unwrap();
    assert_eq!(problem["code"], "shutting_down");
    for request in requests {
        let status = request.join().unwrap();
        assert_eq!(status, Ok(200), "every request received is answered");
    }
    let took = server
        .exited_within(Duration::from_secs(15))
        .expect("it exits");
    let since_signal = signalled.elapsed();
    assert!(
        since_signal < Duration::from_secs(10),
        "it exited {since_signal:?} after SIGTERM ({took:?})"
    );
    assert!(
        since_signal >= Duration::from_millis(1500),
        "it drained first: {since_signal:?}"
    );
    let (bytes, closed) = stream.read_all(Duration::from_secs(1));
    assert!(closed, "the stream ended");
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        text.contains("retry: 500"),
        "the stream's last word: {text}"
    );
}

/// Clients kept alive, idle as the drain begins (the outside probe's L2: twenty of them, whose
/// next requests all failed when their connections were dropped at the drain's end).
const KEPT_ALIVE: usize = 20;

/// While it drains, a connection idle as it begins is closed at once, while the process still
/// takes new ones; each answer during the drain closes its connection. A client kept alive so
/// learns to open a new one (which a load balancer gives to a process that stays) before this
/// process stops taking them.
fn a_draining_process_closes_its_idle_connections_and_each_after_its_answer(backend: Backend) {
    let app = spawn_app(backend);
    let mut server =
        ServerProcess::start(&app.database_url, &["--log", "warn", "--drain-ms", "4000"]);
    let ask = b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n";
    let mut kept: Vec<Raw> = (0..KEPT_ALIVE)
        .map(|_| {
            let mut raw = Raw::connect(&server.base);
            raw.send(ask);
            raw
        })
        .collect();
    for raw in &mut kept {
        let first = raw.whole_answer(Duration::from_secs(2));
        assert_eq!(first.status, 200);
        assert_eq!(
            first.header("connection"),
            None,
            "kept alive before the signal"
        );
    }
    let signalled = Instant::now();
    server.terminate();
    for raw in &mut kept {
        let (bytes, closed) = raw.read_all(Duration::from_secs(2));
        assert!(closed, "an idle connection is closed as the drain begins");
        assert!(
            bytes.is_empty(),
            "without a word: {:?}",
            String::from_utf8_lossy(&bytes)
        );
    }
    let all_closed = signalled.elapsed();
    // Long before the drain's end (4 s), and before the keep-alive timer (5 s) would have.
    assert!(
        all_closed < Duration::from_millis(1500),
        "closed {all_closed:?} after the signal"
    );
    // Each client's next request, on a new connection as a client makes once its idle one is
    // closed, is still answered; the drain has not ended.
    for _ in 0..KEPT_ALIVE {
        let mut raw = Raw::connect(&server.base);
        raw.send(b"GET /readyz HTTP/1.1\r\nHost: t\r\n\r\n");
        let answer = raw.answer(Duration::from_secs(2));
        assert_eq!(answer.status, 503, "draining");
        assert_eq!(answer.header("connection"), Some("close"));
        assert!(answer.closed, "the connection ended after its answer");
    }
    assert!(
        signalled.elapsed() < Duration::from_secs(4),
        "all within the drain: closed after {all_closed:?}, answered by {:?}",
        signalled.elapsed()
    );
    server
        .exited_within(Duration::from_secs(15))
        .expect("it exits");
}

crate::on_both_backends!(
    a_stopping_process_answers_what_it_received_and_says_so_to_the_load_balancer,
    a_draining_process_closes_its_idle_connections_and_each_after_its_answer,
);
