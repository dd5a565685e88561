//! Doing a write at most once per idempotency key.
//!
//! A key is claimed (committed on its own) before the write starts, so a retry that arrives
//! while the first attempt is still running is told so instead of running it again. The
//! write's response is stored in the write's own transaction: if the change is committed, so is
//! the answer a retry will get, and if the process dies before the commit, neither is, and the
//! claim is taken over once it has been left alone for `abandon_after`. A write that fails lets
//! its key go, so the same request can be retried.
//!
//! Neither the key nor the answer is kept in clear. The key is stored as a SHA-256 of it and its
//! scope, and the answer's body sealed (ChaCha20-Poly1305) under a key derived from the client's
//! key, which only the client holds: a retry opens it; a stolen database opens it only by
//! guessing the key. That matters for the answer that creates an account, which holds its API
//! key: a key for it must have at least 16 characters (`MIN_SEALING_KEY`), and is as safe as it
//! is hard to guess (a random UUID: 122 bits).

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

/// The form a client's key is stored in: the SHA-256 (in hex) of whose keys they are and the
/// key, apart from the key the answer is sealed under. Scoped, so that a guess at a key tests
/// one scope's rows, not every row.
pub fn stored_key(scope: &str, key: &str) -> String {
    super::hex(&digest(b"phase10 idempotency key\0", scope, key))
}

fn digest(purpose: &[u8], scope: &str, key: &str) -> [u8; 32] {
    let mut hash = Sha256::new();
    hash.update(purpose);
    hash.update(scope.as_bytes());
    hash.update([0]);
    hash.update(key.as_bytes());
    hash.finalize().into()
}

/// How a sealed answer's text begins: the version of the sealing, before the hex of the nonce
/// and the ciphertext.
const SEALED: &str = "sealed-v1:";

/// One client's answer, sealed under a key derived from its Idempotency-Key. The status and the
/// headers stay readable (they say nothing secret) but are bound to the sealed body, with the
/// row's stored key: none of them can be changed or moved to another row unnoticed.
struct Sealing<'a> {
    scope: &'a str,
    key: &'a str,
}

impl Sealing<'_> {
    fn cipher(&self) -> ChaCha20Poly1305 {
        ChaCha20Poly1305::new(&digest(b"phase10 idempotent answer\0", self.scope, self.key).into())
    }

    fn bound_to(&self, status: i32, headers: &str) -> Vec<u8> {
        format!("{}\0{status}\0{headers}", stored_key(self.scope, self.key)).into_bytes()
    }

    fn seal(&self, status: i32, headers: &str, body: &str) -> Result<String> {
        let mut nonce = [0u8; 12];
        rand::rng().fill_bytes(&mut nonce);
        let aad = self.bound_to(status, headers);
        let sealed = self
            .cipher()
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: body.as_bytes(),
                    aad: &aad,
                },
            )
            .map_err(|_| Error::Internal("an answer could not be sealed".into()))?;
        Ok(format!(
            "{SEALED}{}{}",
            super::hex(&nonce),
            super::hex(&sealed)
        ))
    }

    fn open(&self, status: i32, headers: &str, stored: &str) -> Result<String> {
        let corrupt = || Error::Internal("a stored idempotent answer cannot be opened".into());
        let bytes = stored
            .strip_prefix(SEALED)
            .and_then(unhex)
            .filter(|bytes| bytes.len() >= 12)
            .ok_or_else(corrupt)?;
        let (nonce, sealed) = bytes.split_at(12);
        let aad = self.bound_to(status, headers);
        let body = self
            .cipher()
            .decrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: sealed,
                    aad: &aad,
                },
            )
            .map_err(|_| corrupt())?;
        String::from_utf8(body).map_err(|_| corrupt())
    }
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
    let stored = stored_key(scope, &claim.key);
    let sealing = Sealing {
        scope,
        key: &claim.key,
    };
    let claimed_at = match take(conn, &sealing, &stored, claim, policy)? {
        Taken::Claimed(at) => at,
        Taken::Answered(receipt) => return Ok(Answer::Replayed(receipt)),
    };
    let done = store::write_transaction(conn, |conn| {
        let receipt = work(conn)?;
        let headers = serde_json::to_string(&receipt.headers)
            .map_err(|e| Error::Internal(format!("a receipt's headers: {e}")))?;
        let status = i32::from(receipt.status);
        let body = sealing.seal(status, &headers, &receipt.body)?;
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
    sealing: &Sealing<'_>,
    stored: &str,
    claim: &Claim,
    policy: KeyPolicy,
) -> Result<Taken> {
    let scope = sealing.scope;
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
            let headers = held.headers.unwrap_or_default();
            let body = match held.body {
                Some(sealed) => sealing.open(status, &headers, &sealed)?,
                None => String::new(),
            };
            return receipt(status, &headers, body).map(Taken::Answered);
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

fn receipt(status: i32, headers: &str, body: String) -> Result<Receipt> {
    let corrupt = |what: &str| Error::Internal(format!("a stored idempotent response: {what}"));
    Ok(Receipt {
        status: u16::try_from(status).map_err(|_| corrupt("status"))?,
        headers: serde_json::from_str(if headers.is_empty() { "[]" } else { headers })
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
        let (scope, key) = ("address:192.0.2.1", "a-key-of-sixteen-chars");
        let mine = Sealing { scope, key };
        let sealed = mine.seal(201, "[]", body).unwrap();
        assert!(!sealed.contains("p10_secret") && sealed.starts_with(SEALED));
        assert_eq!(mine.open(201, "[]", &sealed).unwrap(), body);
        let other_key = Sealing {
            scope,
            key: "another-key-sixteen",
        };
        assert!(other_key.open(201, "[]", &sealed).is_err());
        let other_scope = Sealing {
            scope: "address:192.0.2.2",
            key,
        };
        assert!(other_scope.open(201, "[]", &sealed).is_err());
        assert!(
            mine.open(200, "[]", &sealed).is_err(),
            "the status is bound"
        );
        assert!(
            mine.open(201, "[[\"Location\",\"/x\"]]", &sealed).is_err(),
            "so are the headers"
        );
        assert!(mine.open(201, "[]", "sealed-v1:00").is_err());
        assert_eq!(stored_key(scope, "k").len(), 64);
        assert_ne!(stored_key(scope, "k"), stored_key("address:192.0.2.2", "k"));
    }
}
