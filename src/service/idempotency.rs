//! Doing a write at most once per idempotency key.
//!
//! A key is claimed (committed on its own) before the write starts, so a retry that arrives
//! while the first attempt is still running is told so instead of running it again. The
//! write's response is stored in the write's own transaction: if the change is committed, so is
//! the answer a retry will get, and if the process dies before the commit, neither is, and the
//! claim is taken over once it has been left alone for `abandon_after`. A write that fails lets
//! its key go, so the same request can be retried.

use chrono::{NaiveDateTime, TimeDelta};

use crate::error::{Error, Result};
use crate::store::idempotency::{self as keys, KeyRow};
use crate::store::{self, DbConnection};

/// The longest idempotency key accepted, in characters.
pub const MAX_KEY: usize = 255;

/// A request's key and what it asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub key: String,
    /// Names the request (method, path, body): a key reused for another request is refused.
    pub fingerprint: String,
}

/// A write's answer, as stored for its retries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    pub status: u16,
    /// The response's own headers, such as `Location` and `ETag`.
    pub headers: Vec<(String, String)>,
    /// JSON, or empty.
    pub body: String,
}

/// What a write answered: just now, or earlier to the same key.
#[derive(Debug)]
pub enum Answer {
    Fresh(Receipt),
    Replayed(Receipt),
}

/// How long keys are kept, and when a claim in flight is taken to be abandoned.
#[derive(Debug, Clone, Copy)]
pub struct KeyPolicy {
    pub keep_for: TimeDelta,
    pub abandon_after: TimeDelta,
}

/// Runs `work` in a write transaction for the request, unless its key has been answered before.
/// Without a key, just runs it. `scope` says whose keys these are.
pub fn once(
    conn: &mut DbConnection,
    scope: &str,
    claim: Option<&Claim>,
    policy: KeyPolicy,
    work: impl FnOnce(&mut DbConnection) -> Result<Receipt>,
) -> Result<Answer> {
    let Some(claim) = claim else {
        // One transaction all the same: a change and its event are written together.
        return store::write_transaction(conn, work).map(Answer::Fresh);
    };
    let claimed_at = match take(conn, scope, claim, policy)? {
        Taken::Claimed(at) => at,
        Taken::Answered(receipt) => return Ok(Answer::Replayed(receipt)),
    };
    let done = store::write_transaction(conn, |conn| {
        let receipt = work(conn)?;
        let headers = serde_json::to_string(&receipt.headers)
            .map_err(|e| Error::Internal(format!("a receipt's headers: {e}")))?;
        let status = i32::from(receipt.status);
        if !keys::complete(
            conn,
            scope,
            &claim.key,
            claimed_at,
            status,
            &headers,
            &receipt.body,
        )? {
            return Err(Error::KeyInFlight);
        }
        Ok(receipt)
    });
    match done {
        Ok(receipt) => Ok(Answer::Fresh(receipt)),
        Err(error) => {
            let released =
                store::write_statement(conn, |c| keys::release(c, scope, &claim.key, claimed_at));
            if let Err(cause) = released {
                // Left in flight: taken over after `abandon_after`.
                tracing::warn!(%cause, "an idempotency key could not be released");
            }
            Err(error)
        }
    }
}

enum Taken {
    Claimed(NaiveDateTime),
    Answered(Receipt),
}

/// Claims the key, or finds the answer it was given, or takes over a claim left behind.
fn take(conn: &mut DbConnection, scope: &str, claim: &Claim, policy: KeyPolicy) -> Result<Taken> {
    // Each pass either decides or sees the key move on (released, taken over): a few suffice.
    for _ in 0..3 {
        let now = super::now();
        let row = KeyRow {
            scope: scope.to_string(),
            idempotency_key: claim.key.clone(),
            fingerprint: claim.fingerprint.clone(),
            claimed_at: now,
            status: None,
            headers: None,
            body: None,
        };
        if store::write_statement(conn, |c| keys::claim(c, &row))? {
            return Ok(Taken::Claimed(now));
        }
        let Some(held) = keys::find(conn, scope, &claim.key)? else {
            continue;
        };
        if held.fingerprint != claim.fingerprint {
            return Err(Error::invalid_field(
                "idempotency_key_reused",
                "Idempotency-Key",
                "was used before for a different request; use a new key for each request",
            ));
        }
        if let Some(status) = held.status {
            return receipt(status, held.headers, held.body).map(Taken::Answered);
        }
        if held.claimed_at + policy.abandon_after > now {
            return Err(Error::KeyInFlight);
        }
        let taken = store::write_statement(conn, |c| {
            keys::take_over(c, scope, &claim.key, held.claimed_at, now)
        })?;
        if taken {
            return Ok(Taken::Claimed(now));
        }
    }
    Err(Error::KeyInFlight)
}

fn receipt(status: i32, headers: Option<String>, body: Option<String>) -> Result<Receipt> {
    let corrupt = |what: &str| Error::Internal(format!("a stored idempotent response: {what}"));
    Ok(Receipt {
        status: u16::try_from(status).map_err(|_| corrupt("status"))?,
        headers: serde_json::from_str(headers.as_deref().unwrap_or("[]"))
            .map_err(|_| corrupt("headers"))?,
        body: body.unwrap_or_default(),
    })
}

/// Forgets the keys older than the policy keeps them. Returns how many.
pub fn purge(conn: &mut DbConnection, policy: KeyPolicy) -> Result<usize> {
    let before = super::now() - policy.keep_for;
    Ok(store::write_statement(conn, |c| keys::purge(c, before))?)
}
