//! What each request does, in the game's words: it reads and writes through `store` inside one
//! transaction and asks `rules` what the turns mean. Nothing here knows HTTP.
//!
//! Every write runs inside the request's write transaction, which `idempotency::once` opens
//! (with the answer stored in it, and on SQLite this process's writer's turn taken): the
//! functions here do not open their own.

pub mod access;
pub mod accounts;
pub mod dice;
pub mod digital;
pub mod display_names;
pub mod events;
pub mod games;
pub mod idempotency;
pub mod invite_code;
pub mod invites;
pub mod names;
pub mod replay;
pub mod roller;
pub mod rolls;
pub mod turns;

use chrono::{NaiveDateTime, Timelike, Utc};

use crate::error::{Error, Result};

/// Which versions of a game a write may apply to (the client's `If-Match`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersionCheck {
    Any,
    OneOf(Vec<i64>),
}

impl VersionCheck {
    pub fn allows(&self, version: i64) -> bool {
        match self {
            VersionCheck::Any => true,
            VersionCheck::OneOf(versions) => versions.contains(&version),
        }
    }
}

/// Refuses a write whose `If-Match` does not name the game's `version`.
pub fn check_version(check: Option<&VersionCheck>, version: i64) -> Result<()> {
    match check {
        Some(check) if !check.allows(version) => Err(Error::PreconditionFailed { version }),
        _ => Ok(()),
    }
}

/// Now, to the microsecond: both databases keep times to the microsecond, so a time read back
/// equals the time written.
pub fn now() -> NaiveDateTime {
    let now = Utc::now().naive_utc();
    now.with_nanosecond(now.nanosecond() / 1_000 * 1_000)
        .unwrap_or(now)
}

/// Bytes as lowercase hexadecimal, as hashes and keys are written.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new random id.
pub fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}
