//! The latency driver of `bench/advice_http.sh`: one client on one kept-alive connection asks a
//! running server for advice on a fixed mix of positions (as `benches/advice.rs` makes them,
//! every phase, one or two rolls left), and, as the baseline, to evaluate the same dice, in
//! alternating rounds so that both see the same machine.
//!
//! `cargo run --release --example advice_latency -- URL REQUESTS`
//! prints the median and 99th percentile of each, and the ratio of the medians.

use std::time::Instant;

use phase10::rules::dice::DiceLayout;
use phase10::rules::dice::layout::DieId;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

const ROUND: usize = 100;

/// Position `i`: ten dice rolled on their own dice (with color and name), on phase
/// `i % 10 + 1`, with one or two rolls left.
fn positions(count: usize) -> Vec<(Value, Value)> {
    let mut rng = SmallRng::seed_from_u64(13);
    (0..count)
        .map(|i| {
            let dice: Vec<Value> = DieId::ALL
                .iter()
                .map(|&id| {
                    let face = DiceLayout::Standard.faces(id)[rng.random_range(0..6)];
                    let value = face.face.number().map_or(json!("W"), |n| json!(n.get()));
                    json!({"value": value, "color": face.color, "die": id})
                })
                .collect();
            let phase = i % 10 + 1;
            let advice = json!({"phase": phase, "dice": dice, "rolls_left": 1 + i / 10 % 2});
            let judged: Vec<Value> = dice
                .iter()
                .map(|d| json!({"value": d["value"], "color": d["color"]}))
                .collect();
            (advice, json!({"phase": phase, "dice": judged}))
        })
        .collect()
}

fn post(agent: &ureq::Agent, url: &str, body: &Value) -> f64 {
    let start = Instant::now();
    let mut reply = agent.post(url).send_json(body).expect("the server answers");
    let status = reply.status().as_u16();
    let text = reply.body_mut().read_to_string().expect("a body");
    assert_eq!(status, 200, "{text}");
    start.elapsed().as_secs_f64() * 1e3
}

fn median_and_p99(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let base = args
        .get(1)
        .cloned()
        .unwrap_or("http://127.0.0.1:8080".into());
    let requests: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(2_000);
    let agent: ureq::Agent = ureq::Agent::config_builder().build().into();
    let cases = positions(requests);
    // Warm-up: every phase, both kinds of request, before anything is timed.
    for (advice, judged) in cases.iter().take(40) {
        post(&agent, &format!("{base}/v1/advice"), advice);
        post(&agent, &format!("{base}/v1/evaluate"), judged);
    }
    let (mut advised, mut evaluated) = (Vec::new(), Vec::new());
    for round in cases.chunks(ROUND) {
        for (advice, _) in round {
            advised.push(post(&agent, &format!("{base}/v1/advice"), advice));
        }
        for (_, judged) in round {
            evaluated.push(post(&agent, &format!("{base}/v1/evaluate"), judged));
        }
    }
    let (advice_p50, advice_p99) = median_and_p99(advised);
    let (evaluate_p50, evaluate_p99) = median_and_p99(evaluated);
    println!("requests={requests} each, one connection, alternating rounds of {ROUND}");
    println!("advice    p50_ms={advice_p50:.3} p99_ms={advice_p99:.3}");
    println!("evaluate  p50_ms={evaluate_p50:.3} p99_ms={evaluate_p99:.3}");
    println!("ratio of medians={:.2}", advice_p50 / evaluate_p50);
}
