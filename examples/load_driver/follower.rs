//! The follower: plays one tabletop game at a time through one server process at a steady pace
//! while following the game's event stream on another, and times each turn from its sending to
//! the arrival of its event. Under the driver's load it says how late live events are across
//! processes.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

use http_body_util::BodyExt;
use hyper::body::Incoming;
use serde_json::json;
use tokio::sync::Notify;
use tokio::time::{MissedTickBehavior, interval, timeout};

use super::client::Client;
use super::{MAKE, dice};

/// How long a turn's event may take before it counts as missed.
const EVENT_WAIT: Duration = Duration::from_secs(10);

/// What the follower saw.
#[derive(Default)]
pub struct Followed {
    /// Each turn's delay from its sending to the writer until the reader's stream delivered it.
    pub delays: Vec<Duration>,
    /// Each of those turns' answer from the writer: the part of its delay before the event.
    pub answers: Vec<Duration>,
    /// Turns acknowledged whose event did not come within `EVENT_WAIT`.
    pub missed: usize,
    /// Requests that failed (no game, no stream, a turn not recorded).
    pub errors: usize,
}

/// When each event id of one stream arrived, filled by the stream's reader.
#[derive(Clone, Default)]
struct Arrivals {
    at: Rc<RefCell<HashMap<i64, Instant>>>,
    came: Rc<Notify>,
}

impl Arrivals {
    /// Reads a `text/event-stream` body to its end, noting when each event with an id arrived.
    async fn read(self, mut body: Incoming) {
        let (mut pending, mut id) = (Vec::new(), None);
        while let Some(Ok(frame)) = body.frame().await {
            let Ok(chunk) = frame.into_data() else {
                continue;
            };
            let now = Instant::now();
            pending.extend_from_slice(&chunk);
            while let Some(end) = pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = pending.drain(..=end).collect();
                let line = String::from_utf8_lossy(&line);
                let line = line.trim_end_matches(['\n', '\r']);
                if let Some(value) = line.strip_prefix("id:") {
                    id = value.trim().parse::<i64>().ok();
                } else if line.is_empty()
                    && let Some(id) = id.take()
                {
                    self.at.borrow_mut().insert(id, now);
                    self.came.notify_waiters();
                }
            }
        }
    }

    /// When event `id` arrived, waiting for it at most `EVENT_WAIT`.
    async fn of(&self, id: i64) -> Option<Instant> {
        let deadline = tokio::time::Instant::now() + EVENT_WAIT;
        loop {
            // The driver runs on one thread: nothing arrives between this look and the wait.
            let waiting = self.came.notified();
            if let Some(at) = self.at.borrow().get(&id) {
                return Some(*at);
            }
            tokio::time::timeout_at(deadline, waiting).await.ok()?;
        }
    }
}

/// Plays games through `write` until `deadline`, a turn every `every`, following each on `read`.
pub async fn follow(write: String, read: String, deadline: Instant, every: Duration) -> Followed {
    let mut followed = Followed::default();
    let mut writer = Client::new(&write);
    let account = writer
        .post(
            "/v1/accounts",
            json!({"name": "follower"}).to_string(),
            true,
        )
        .await
        .1;
    writer.key = account["api_key"].as_str().unwrap_or_default().to_string();
    let mut reader = Client::new(&read);
    reader.key = writer.key.clone();
    let mut ticks = interval(every);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let new_game = json!({"players": [{"name": "A"}, {"name": "B"}]}).to_string();
    while Instant::now() < deadline {
        ticks.tick().await;
        let (status, game) = writer.post("/v1/games", new_game.clone(), true).await;
        let id = game["id"].as_str().unwrap_or_default().to_string();
        let stream = match status {
            201 => timeout(EVENT_WAIT, reader.stream(&format!("/v1/games/{id}/events"))).await,
            _ => Ok(Err("no game".into())),
        };
        let Ok(Ok(stream)) = stream else {
            followed.errors += 1;
            continue;
        };
        let arrivals = Arrivals::default();
        let reading = actix_web::rt::spawn(arrivals.clone().read(stream));
        // The stream is live once it has sent the game's creation.
        if arrivals
            .of(game["version"].as_i64().unwrap_or(1))
            .await
            .is_none()
        {
            followed.errors += 1;
        } else {
            play(
                &mut writer,
                &game,
                &arrivals,
                &mut ticks,
                deadline,
                &mut followed,
            )
            .await;
        }
        reading.abort();
    }
    followed
}

/// Plays one game's turns, one a tick, timing each to its event.
async fn play(
    writer: &mut Client,
    game: &serde_json::Value,
    arrivals: &Arrivals,
    ticks: &mut tokio::time::Interval,
    deadline: Instant,
    followed: &mut Followed,
) {
    let path = format!(
        "/v1/games/{}/turns",
        game["id"].as_str().unwrap_or_default()
    );
    for roll in MAKE {
        for seat in 0..2 {
            ticks.tick().await;
            if Instant::now() >= deadline {
                return;
            }
            let body = json!({"player_id": game["players"][seat]["id"], "dice": dice(roll)});
            let sent = Instant::now();
            let (status, turn) = writer.post(&path, body.to_string(), true).await;
            let Some(version) = turn["game"]["version"].as_i64().filter(|_| status == 201) else {
                followed.errors += 1;
                return;
            };
            let answered = sent.elapsed();
            match arrivals.of(version).await {
                Some(at) => {
                    followed.delays.push(at.saturating_duration_since(sent));
                    followed.answers.push(answered);
                }
                None => followed.missed += 1,
            }
        }
    }
}
