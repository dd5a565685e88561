//! The load driver of `bench/load.sh`: `clients` tasks each play two-player tabletop games
//! against a running server, one game after another, until `seconds` have passed. Every turn is
//! a real submission that makes the player's phase, so a game runs to its end in 20 turns.
//!
//! The tasks share one thread and one event loop, so that the driver takes as little of the
//! machine as it can: on a small machine it shares the cores with the server it measures. Each
//! task talks HTTP/1.1 through hyper's client on a kept-alive connection of its own.
//!
//! `cargo run --release --example load_driver -- URL CLIENTS SECONDS`
//! prints `turns=… seconds=… turns_per_s=… p50_ms=… p99_ms=… errors=…`.
//!
//! With `WRITE FOLLOW [PER_SECOND]` after them, a follower (`follower.rs`) also plays one game at
//! a time through the server at `WRITE`, `PER_SECOND` turns a second (20), while following the
//! game's events on the server at `FOLLOW`, and the line goes on with
//! `events=… event_p50_ms=… event_p99_ms=… event_max_ms=… follower_answer_p50_ms=…
//! events_missed=… follower_errors=…`:
//! each turn timed from its sending until its event came, the writer's answer included. Its
//! turns are not among the load's `turns`.

mod client;
mod follower;

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use client::Client;
use follower::{Followed, follow};

/// A roll that makes each phase (all ten are rollable).
const MAKE: [&str; 10] = [
    "8 8 8 10 W W",
    "5 5 5 1 2 3 4",
    "10 10 10 10 1 2 3 4",
    "1 2 3 4 5 6 7",
    "1 2 3 4 5 6 7 8",
    "2 3 4 5 6 7 8 9 10",
    "10 10 10 10 9 9 W W",
    "4o 7o 8o 8o 9o 10o 10o",
    "10 10 10 10 10 10 W",
    "10 10 10 10 10 4 4 4",
];

fn dice(text: &str) -> Value {
    let colors = [("r", "red"), ("o", "orange"), ("b", "blue"), ("g", "green")];
    text.split_whitespace()
        .map(|token| {
            let color = colors.iter().find(|(letter, _)| token.ends_with(letter));
            let face = color.map_or(token, |(letter, _)| token.trim_end_matches(letter));
            let value = face.parse::<u8>().map_or(json!("W"), |n| json!(n));
            match color {
                Some((_, name)) => json!({"value": value, "color": name}),
                None => json!({"value": value}),
            }
        })
        .collect()
}

/// Plays games until the deadline; returns each turn's latency and the number of errors.
async fn play(base: String, deadline: Instant) -> (Vec<Duration>, usize) {
    let mut client = Client::new(&base);
    let account = client
        .post("/v1/accounts", json!({"name": "load"}).to_string(), true)
        .await
        .1;
    client.key = account["api_key"].as_str().unwrap_or_default().to_string();
    let (mut latencies, mut errors) = (Vec::new(), 0);
    let new_game = json!({"players": [{"name": "A"}, {"name": "B"}]}).to_string();
    while Instant::now() < deadline {
        let (status, game) = client.post("/v1/games", new_game.clone(), true).await;
        if status != 201 {
            errors += 1;
            continue;
        }
        let path = format!(
            "/v1/games/{}/turns",
            game["id"].as_str().unwrap_or_default()
        );
        'game: for roll in MAKE {
            for seat in 0..2 {
                if Instant::now() >= deadline {
                    break 'game;
                }
                let body = json!({"player_id": game["players"][seat]["id"], "dice": dice(roll)});
                let started = Instant::now();
                let (status, _) = client.post(&path, body.to_string(), false).await;
                latencies.push(started.elapsed());
                if status != 201 {
                    errors += 1;
                    break 'game;
                }
            }
        }
    }
    (latencies, errors)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank].as_secs_f64() * 1000.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let base = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "http://127.0.0.1:8080".into());
    let clients: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(16);
    let seconds: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(10);
    let following = args.get(4).cloned().zip(args.get(5).cloned());
    let per_second: f64 = args.get(6).and_then(|a| a.parse().ok()).unwrap_or(20.0);
    let started = Instant::now();
    let deadline = started + Duration::from_secs(seconds);
    let (latencies, errors, followed) = actix_web::rt::System::new().block_on(async move {
        let follower = following.map(|(write, read)| {
            let every = Duration::from_secs_f64(1.0 / per_second);
            actix_web::rt::spawn(follow(write, read, deadline, every))
        });
        let tasks: Vec<_> = (0..clients)
            .map(|_| actix_web::rt::spawn(play(base.clone(), deadline)))
            .collect();
        let (mut latencies, mut errors) = (Vec::new(), 0);
        for task in tasks {
            let (mine, my_errors) = task.await.unwrap_or_default();
            latencies.extend(mine);
            errors += my_errors;
        }
        let followed = match follower {
            Some(task) => Some(task.await.unwrap_or_default()),
            None => None,
        };
        (latencies, errors, followed)
    });
    let elapsed = started.elapsed().as_secs_f64();
    let mut latencies = latencies;
    latencies.sort();
    print!(
        "turns={} seconds={elapsed:.1} turns_per_s={:.1} p50_ms={:.2} p99_ms={:.2} errors={errors}",
        latencies.len(),
        latencies.len() as f64 / elapsed,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
    );
    if let Some(Followed {
        mut delays,
        mut answers,
        missed,
        errors,
    }) = followed
    {
        delays.sort();
        answers.sort();
        print!(
            " events={} event_p50_ms={:.2} event_p99_ms={:.2} event_max_ms={:.2} \
             follower_answer_p50_ms={:.2} events_missed={missed} follower_errors={errors}",
            delays.len(),
            percentile(&delays, 0.50),
            percentile(&delays, 0.99),
            percentile(&delays, 1.0),
            percentile(&answers, 0.50),
        );
    }
    println!();
}
