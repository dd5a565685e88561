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

use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Bytes;
use hyper::client::conn::http1::{self, SendRequest};
use hyper::{Request, header};
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::time::timeout;

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

/// The most of an answer's body the driver reads.
const BODY_LIMIT: usize = 1 << 20;
/// How long one request and its answer may take.
const TIMEOUT: Duration = Duration::from_secs(30);

type Failure = Box<dyn std::error::Error + Send + Sync>;

/// One client's kept-alive HTTP/1.1 connection (hyper's), opened again after a failure or when
/// the server closes it.
struct Client {
    /// `host:port`, to connect to and for the `Host` header.
    authority: String,
    key: String,
    connection: Option<SendRequest<Full<Bytes>>>,
}

impl Client {
    /// `base` is `http://host[:port]`.
    fn new(base: &str) -> Client {
        let authority = base.strip_prefix("http://").unwrap_or(base);
        let authority = authority.split('/').next().unwrap_or_default();
        let authority = if authority.contains(':') {
            authority.to_string()
        } else {
            format!("{authority}:80")
        };
        Client {
            authority,
            key: String::new(),
            connection: None,
        }
    }

    /// Posts JSON; reads the answer as JSON only when asked, to keep the driver's own CPU low.
    /// Status 0: no answer (connection refused or dropped, malformed answer, timeout).
    async fn post(&mut self, path: &str, body: String, read: bool) -> (u16, Value) {
        let Ok(Ok((status, body))) = timeout(TIMEOUT, self.exchange(path, body)).await else {
            self.connection = None;
            return (0, Value::Null);
        };
        let value = if read {
            serde_json::from_slice(&body).unwrap_or(Value::Null)
        } else {
            Value::Null
        };
        (status, value)
    }

    /// Sends one request and reads its answer whole (at most `BODY_LIMIT`): the status and the
    /// body.
    async fn exchange(&mut self, path: &str, body: String) -> Result<(u16, Bytes), Failure> {
        if self.connection.as_ref().is_none_or(|c| c.is_closed()) {
            self.connection = Some(self.connect().await?);
        }
        let Some(connection) = self.connection.as_mut() else {
            return Err("no connection".into());
        };
        connection.ready().await?;
        let request = Request::post(path)
            .header(header::HOST, &self.authority)
            .header(header::AUTHORIZATION, format!("Bearer {}", self.key))
            .header(header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from(body)))?;
        let answer = connection.send_request(request).await?;
        let status = answer.status().as_u16();
        let body = Limited::new(answer.into_body(), BODY_LIMIT)
            .collect()
            .await?
            .to_bytes();
        Ok((status, body))
    }

    async fn connect(&self) -> Result<SendRequest<Full<Bytes>>, Failure> {
        let stream = TcpStream::connect(&self.authority).await?;
        stream.set_nodelay(true)?;
        let (connection, driven) = http1::handshake(TokioIo::new(stream)).await?;
        // Reads and writes the connection until it closes.
        actix_web::rt::spawn(driven);
        Ok(connection)
    }
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
    let started = Instant::now();
    let deadline = started + Duration::from_secs(seconds);
    let (latencies, errors) = actix_web::rt::System::new().block_on(async move {
        let tasks: Vec<_> = (0..clients)
            .map(|_| actix_web::rt::spawn(play(base.clone(), deadline)))
            .collect();
        let (mut latencies, mut errors) = (Vec::new(), 0);
        for task in tasks {
            let (mine, my_errors) = task.await.unwrap_or_default();
            latencies.extend(mine);
            errors += my_errors;
        }
        (latencies, errors)
    });
    let elapsed = started.elapsed().as_secs_f64();
    let mut latencies = latencies;
    latencies.sort();
    println!(
        "turns={} seconds={elapsed:.1} turns_per_s={:.1} p50_ms={:.2} p99_ms={:.2} errors={errors}",
        latencies.len(),
        latencies.len() as f64 / elapsed,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
    );
}
