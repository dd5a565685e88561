//! Doing a write at most once per idempotency key.
//!
//! A key is claimed (committed on its own) before the write starts, so a retry that arrives
//! while the first attempt is still running is told so instead of running it again. The
//! write's response is stored in the write's own transaction: if the change is committed, so is
//! the answer a retry will get, and if the process dies before the commit, neither is, and the
//! claim is taken over once it has been left alone for `abandon_after`. A write that fails lets
//! its key go, so the same request can be retried.
//!
//! Neither the key nor the answer is kept in clear. The key is stored as its SHA-256, and the
//! answer's body sealed (ChaCha20-Poly1305) under a key derived from the client's key, which only
//! the client holds: a retry opens it, a stolen database cannot. That matters for the answer
//! that creates an account, which holds its API key; a key for it must be long enough not to be
//! guessed (`MIN_SEALING_KEY`).

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Nonce};
use chrono::{NaiveDateTime, TimeDelta};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::store::idempotency::{self as keys, KeyRow};
use crate::store::{self, DbConnection};

/// The longest idempotency key accepted, in characters.
pub const MAX_KEY: usize = 255;

/// The shortest key accepted for a write whose answer holds a secret (a new account's API key):
/// it is what that answer is sealed under.
pub const MIN_SEALING_KEY: usize = 16;

/// The form a client's key is stored in: its SHA-256 (in hex), apart from the key the answer is
/// sealed under.
pub fn stored_key(key: &str) -> String {
    let mut hash = Sha256::new();
    hash.update(b"phase10 idempotency key\0");
    hash.update(key.as_bytes());
    super::hex(&hash.finalize())
}

/// The key an answer is sealed under: derived from the client's key and whose keys they are.
fn sealing_key(scope: &str, key: &str) -> ChaCha20Poly1305 {
    let mut hash = Sha256::new();
    hash.update(b"phase10 idempotent answer\0");
    hash.update(scope.as_bytes());
    hash.update([0]);
    hash.update(key.as_bytes());
    ChaCha20Poly1305::new(&hash.finalize())
}

/// How a sealed answer's text begins: the version of the sealing, before the hex of the nonce
/// and the ciphertext.
const SEALED: &str = "sealed-v1:";

/// The answer's body, sealed for the client holding `key`; bound to its row (scope and stored
/// key), so that it cannot be moved to another.
fn seal(scope: &str, key: &str, body: &str) -> Result<String> {
    let mut nonce = [0u8; 12];
    rand::rng().fill_bytes(&mut nonce);
    let aad = stored_key(key);
    let sealed = sealing_key(scope, key)
        .encrypt(
            Nonce::from_slice(&nonce),
            Payload {
                msg: body.as_bytes(),
                aad: aad.as_bytes(),
            },
        )
        .map_err(|_| Error::Internal("an answer could not be sealed".into()))?;
    Ok(format!(
        "{SEALED}{}{}",
        super::hex(&nonce),
        super::hex(&sealed)
    ))
}

/// Opens an answer sealed by `seal`.
fn open(scope: &str, key: &str, stored: &str) -> Result<String> {
    let corrupt = || Error::Internal("a stored idempotent answer cannot be opened".into());
    let bytes = stored
        .strip_prefix(SEALED)
        .and_then(unhex)
        .filter(|bytes| bytes.len() >= 12)
        .ok_or_else(corrupt)?;
    let (nonce, sealed) = bytes.split_at(12);
    let aad = stored_key(key);
    let body = sealing_key(scope, key)
        .decrypt(
            Nonce::from_slice(nonce),
            Payload {
                msg: sealed,
                aad: aad.as_bytes(),
            },
        )
        .map_err(|_| corrupt())?;
    String::from_utf8(body).map_err(|_| corrupt())
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(text.get(at..at + 2)?, 16).ok())
        .collect()
}

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
    let stored = stored_key(&claim.key);
    let claimed_at = match take(conn, scope, &stored, claim, policy)? {
        Taken::Claimed(at) => at,
        Taken::Answered(receipt) => return Ok(Answer::Replayed(receipt)),
    };
    let done = store::write_transaction(conn, |conn| {
        let receipt = work(conn)?;
        let headers = serde_json::to_string(&receipt.headers)
            .map_err(|e| Error::Internal(format!("a receipt's headers: {e}")))?;
        let status = i32::from(receipt.status);
        let body = seal(scope, &claim.key, &receipt.body)?;
        if !keys::complete(conn, scope, &stored, claimed_at, status, &headers, &body)? {
            return Err(Error::KeyInFlight);
        }
        Ok(receipt)
    });
    match done {
        Ok(receipt) => Ok(Answer::Fresh(receipt)),
        Err(error) => {
            let released =
                store::write_statement(conn, |c| keys::release(c, scope, &stored, claimed_at));
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

/// Claims the key (stored as `stored`), or finds the answer it was given, or takes over a claim
/// left behind.
fn take(
    conn: &mut DbConnection,
    scope: &str,
    stored: &str,
    claim: &Claim,
    policy: KeyPolicy,
) -> Result<Taken> {
    // Each pass either decides or sees the key move on (released, taken over): a few suffice.
    for _ in 0..3 {
        let now = super::now();
        let row = KeyRow {
            scope: scope.to_string(),
            idempotency_key: stored.to_string(),
            fingerprint: claim.fingerprint.clone(),
            claimed_at: now,
            status: None,
            headers: None,
            body: None,
        };
        if store::write_statement(conn, |c| keys::claim(c, &row))? {
            return Ok(Taken::Claimed(now));
        }
        let Some(held) = keys::find(conn, scope, stored)? else {
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
            let body = match held.body {
                Some(sealed) => open(scope, &claim.key, &sealed)?,
                None => String::new(),
            };
            return receipt(status, held.headers, body).map(Taken::Answered);
        }
        if held.claimed_at + policy.abandon_after > now {
            return Err(Error::KeyInFlight);
        }
        let taken = store::write_statement(conn, |c| {
            keys::take_over(c, scope, stored, held.claimed_at, now)
        })?;
        if taken {
            return Ok(Taken::Claimed(now));
        }
    }
    Err(Error::KeyInFlight)
}

fn receipt(status: i32, headers: Option<String>, body: String) -> Result<Receipt> {
    let corrupt = |what: &str| Error::Internal(format!("a stored idempotent response: {what}"));
    Ok(Receipt {
        status: u16::try_from(status).map_err(|_| corrupt("status"))?,
        headers: serde_json::from_str(headers.as_deref().unwrap_or("[]"))
            .map_err(|_| corrupt("headers"))?,
        body,
    })
}

/// Forgets the keys older than the policy keeps them. Returns how many.
pub fn purge(conn: &mut DbConnection, policy: KeyPolicy) -> Result<usize> {
    let before = super::now() - policy.keep_for;
    Ok(store::write_statement(conn, |c| keys::purge(c, before))?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_clients_key_opens_its_answer() {
        let body = r#"{"api_key":"p10_secret"}"#;
        let sealed = seal("address:192.0.2.1", "a-key-of-sixteen-chars", body).unwrap();
        assert!(!sealed.contains("p10_secret") && sealed.starts_with(SEALED));
        assert_eq!(
            open("address:192.0.2.1", "a-key-of-sixteen-chars", &sealed).unwrap(),
            body
        );
        assert!(open("address:192.0.2.1", "another-key-sixteen", &sealed).is_err());
        assert!(open("address:192.0.2.2", "a-key-of-sixteen-chars", &sealed).is_err());
        assert!(
            open(
                "address:192.0.2.1",
                "a-key-of-sixteen-chars",
                "sealed-v1:00"
            )
            .is_err()
        );
        assert_ne!(stored_key("k"), "k");
        assert_eq!(stored_key("k").len(), 64);
    }
}
