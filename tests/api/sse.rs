//! A small server-sent events client for the tests: reads a stream on a thread of its own and
//! hands over each event (and each comment) as it arrives.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::Value;

/// One event as received.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// The id field of this event, if it had one.
    pub id: Option<i64>,
    pub kind: String,
    pub data: Value,
}

/// What the stream delivered.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Event(Event),
    Comment(String),
    /// The server closed the stream.
    End,
}

pub struct EventStream {
    pub status: u16,
    pub content_type: String,
    items: mpsc::Receiver<Item>,
}

impl EventStream {
    /// Opens `url` with the key and, if given, `Last-Event-ID`.
    pub fn open(url: &str, key: &str, last_event_id: Option<i64>) -> EventStream {
        EventStream::open_with(url, key, last_event_id.map(|id| id.to_string()).as_deref())
    }

    /// Opens `url` with the key and, if given, this `Last-Event-ID` text.
    pub fn open_with(url: &str, key: &str, last_event_id: Option<&str>) -> EventStream {
        EventStream::open_as(url, Some(key), last_event_id)
    }

    /// Opens `url` without a key, as the holder of a link does.
    pub fn open_without_key(url: &str) -> EventStream {
        EventStream::open_as(url, None, None)
    }

    fn open_as(url: &str, key: Option<&str>, last_event_id: Option<&str>) -> EventStream {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .new_agent();
        let mut request = agent.get(url).header("Accept", "text/event-stream");
        if let Some(key) = key {
            request = request.header("Authorization", format!("Bearer {key}"));
        }
        if let Some(id) = last_event_id {
            request = request.header("Last-Event-ID", id);
        }
        let response = request.call().expect("the server answers");
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let (sender, items) = mpsc::channel();
        let reader = BufReader::new(response.into_body().into_reader());
        std::thread::spawn(move || read_events(reader, &sender));
        EventStream {
            status,
            content_type,
            items,
        }
    }

    /// The next item, waiting at most `within`.
    pub fn next_item(&self, within: Duration) -> Option<Item> {
        self.items.recv_timeout(within).ok()
    }

    /// The next event, skipping comments; panics if none comes within `within`.
    #[track_caller]
    pub fn next_event(&self, within: Duration) -> Event {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.items.recv_timeout(left) {
                Ok(Item::Event(event)) => return event,
                Ok(Item::Comment(_)) => continue,
                Ok(Item::End) => panic!("the stream ended"),
                Err(_) => panic!("no event within {within:?}"),
            }
        }
    }
}

/// Parses the stream as the SSE specification does: fields until a blank line, then dispatch.
fn read_events(reader: impl BufRead, sender: &mpsc::Sender<Item>) {
    let (mut id, mut kind, mut data) = (None, String::new(), String::new());
    for line in reader.lines() {
        let Ok(line) = line else { break };
        if line.is_empty() {
            if !data.is_empty() || !kind.is_empty() {
                let event = Event {
                    id: id.take(),
                    kind: std::mem::take(&mut kind),
                    data: serde_json::from_str(&std::mem::take(&mut data)).unwrap_or(Value::Null),
                };
                if sender.send(Item::Event(event)).is_err() {
                    return;
                }
            }
            continue;
        }
        if let Some(comment) = line.strip_prefix(':') {
            if sender
                .send(Item::Comment(comment.trim().to_string()))
                .is_err()
            {
                return;
            }
            continue;
        }
        let (field, value) = line.split_once(':').unwrap_or((&line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        match field {
            "id" => id = value.parse().ok(),
            "event" => kind = value.to_string(),
            "data" => data.push_str(value),
            _ => {}
        }
    }
    let _ = sender.send(Item::End);
}
