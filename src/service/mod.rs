//! What each request does, in the game's words: it reads and writes through `store` inside one
//! transaction and asks `rules` what the turns mean. Nothing here knows HTTP.

pub mod accounts;
pub mod dice;
pub mod games;
pub mod names;
pub mod replay;
pub mod turns;

use chrono::{NaiveDateTime, Timelike, Utc};

/// Now, to the microsecond: both databases keep times to the microsecond, so a time read back
/// equals the time written.
pub fn now() -> NaiveDateTime {
    let now = Utc::now().naive_utc();
    now.with_nanosecond(now.nanosecond() / 1_000 * 1_000)
        .unwrap_or(now)
}

/// A new random id.
pub fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}
