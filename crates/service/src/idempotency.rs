//! Doing a write at most once per idempotency key.
//!
//! A key is stored with its answer in the write's own transaction: if the change is committed,
//! so is the answer a retry will get, and if the process dies before the commit, neither is.
//! No key is ever held without its answer. A retry of a write already answered finds the
//! answer when its own attempt fails (the game has moved on) or when storing its key is refused
//! (it ran alongside the first, and the first committed), and gets the first answer again; its
//! own attempt is rolled back. A retry that arrives while the first attempt is running waits
//! for it, at the game's lock (or SQLite's writers' turn), so it is never run twice.
//!
//! Neither the key nor the answer is kept in clear. The key is stored as a SHA-256 of it and its
//! scope, and the answer sealed (ChaCha20-Poly1305) under a key derived from the client's key,
//! which only the client holds: a retry opens it; a stolen database opens it only by guessing
//! the key. That matters for the answer that creates an account, which holds its API key: a key
//! for it must have at least 16 characters (`MIN_SEALING_KEY`), and is as safe as it is hard to
//! guess (a random UUID: 122 bits).

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Nonce};
use chrono::TimeDelta;
use rand::RngCore;
use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

use super::Session;
use crate::error::{Error, ProblemCode, Result};
use crate::store::idempotency::{self as keys, KeyRow};

/// The longest idempotency key accepted, in characters.
pub const MAX_KEY: usize = 255;

/// The shortest key accepted for a write whose answer holds a secret (a new account's API key):
/// it is what that answer is sealed under.
pub const MIN_SEALING_KEY: usize = 16;

/// The form a client's key is stored in: the SHA-256 (in hex) of whose keys they are and the
/// key, apart from the key the answer is sealed under. Scoped, so that a guess at a key tests
/// one scope's rows, not every row.
pub fn stored_key(scope: &str, key: &str) -> String {
    hex::encode(digest(b"phase10 idempotency key\0", scope, key))
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
const SEALED: &str = "sealed-v2:";

/// One client's answer, sealed under a key derived from its Idempotency-Key, and bound to the
/// row's stored key: it cannot be moved to another row unnoticed.
struct Sealing<'a> {
    scope: &'a str,
    key: &'a str,
}

impl Sealing<'_> {
    fn cipher(&self) -> ChaCha20Poly1305 {
        ChaCha20Poly1305::new(&digest(b"phase10 idempotent answer\0", self.scope, self.key).into())
    }

    fn bound_to(&self) -> Vec<u8> {
        stored_key(self.scope, self.key).into_bytes()
    }

    fn seal(&self, answer: &str) -> Result<String> {
        let mut nonce = [0u8; 12];
        rand::rng().fill_bytes(&mut nonce);
        let aad = self.bound_to();
        let sealed = self
            .cipher()
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: answer.as_bytes(),
                    aad: &aad,
                },
            )
            .map_err(|e| Error::internal("an answer could not be sealed", e.to_string()))?;
        Ok(format!(
            "{SEALED}{}{}",
            hex::encode(nonce),
            hex::encode(sealed)
        ))
    }

    fn open(&self, stored: &str) -> Result<String> {
        let corrupt = || Error::bug("a stored idempotent answer cannot be opened");
        let bytes = stored
            .strip_prefix(SEALED)
            .and_then(|text| hex::decode(text).ok())
            .filter(|bytes| bytes.len() >= 12)
            .ok_or_else(corrupt)?;
        let (nonce, sealed) = bytes.split_at(12);
        let aad = self.bound_to();
        let answer = self
            .cipher()
            .decrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: sealed,
                    aad: &aad,
                },
            )
            .map_err(|_| corrupt())?;
        String::from_utf8(answer).map_err(|_| corrupt())
    }
}

/// A request's key and what it asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub key: String,
    /// Names the request (method, path, body): a key reused for another request is refused.
    pub fingerprint: String,
}

/// What a write answered: just now, or earlier to the same key.
#[derive(Debug)]
pub enum Written<A> {
    Fresh(A),
    Replayed(A),
}

/// How long keys are kept.
#[derive(Debug, Clone, Copy)]
pub struct KeyPolicy {
    pub keep_for: TimeDelta,
}

impl Session<'_> {
    /// Runs `work` in one write transaction, and keeps its answer for the request's key (whose
    /// keys they are: `scope`), in the same transaction. A key answered before gets that answer
    /// instead, and whatever this attempt did is rolled back. Without a key, just runs it.
    pub fn write<A: Serialize + DeserializeOwned>(
        &mut self,
        scope: &str,
        claim: Option<&Claim>,
        work: impl FnOnce(&mut Session) -> Result<A>,
    ) -> Result<Written<A>> {
        let Some(claim) = claim else {
            return self.transaction(work).map(Written::Fresh);
        };
        let sealing = Sealing {
            scope,
            key: &claim.key,
        };
        let stored = stored_key(scope, &claim.key);
        let done = self.transaction(|session| {
            let answer = work(session)?;
            let text = serde_json::to_string(&answer)
                .map_err(|e| Error::internal("an answer to keep", e))?;
            let row = KeyRow {
                scope: scope.to_string(),
                idempotency_key: stored.clone(),
                fingerprint: claim.fingerprint.clone(),
                created_at: session.now(),
                answer: sealing.seal(&text)?,
            };
            keys::insert(session.conn(), &row)?;
            Ok(answer)
        });
        let error = match done {
            Ok(answer) => return Ok(Written::Fresh(answer)),
            Err(Error::Unavailable) => return Err(Error::Unavailable),
            Err(error) => error,
        };
        // Answered before? Then that answer stands, whatever this attempt ran into.
        let Ok(Some(kept)) = keys::find(self.conn(), scope, &stored) else {
            return Err(error);
        };
        if kept.fingerprint != claim.fingerprint {
            return Err(Error::invalid_field(
                ProblemCode::IdempotencyKeyReused,
                "Idempotency-Key",
                "was used before for a different request; use a new key for each request",
            ));
        }
        let answer = serde_json::from_str(&sealing.open(&kept.answer)?)
            .map_err(|e| Error::internal("a kept answer", e))?;
        Ok(Written::Replayed(answer))
    }

    /// Forgets the keys older than the policy keeps them. Returns how many.
    pub fn purge_keys(&mut self, policy: KeyPolicy) -> Result<usize> {
        let before = self.now() - policy.keep_for;
        self.write_statement(|c| keys::purge(c, before))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_clients_key_opens_its_answer() {
        let answer = r#"{"api_key":"p10_secret"}"#;
        let (scope, key) = ("address:192.0.2.1", "a-key-of-sixteen-chars");
        let mine = Sealing { scope, key };
        let sealed = mine.seal(answer).unwrap();
        assert!(!sealed.contains("p10_secret") && sealed.starts_with(SEALED));
        assert_eq!(mine.open(&sealed).unwrap(), answer);
        let other_key = Sealing {
            scope,
            key: "another-key-sixteen",
        };
        assert!(other_key.open(&sealed).is_err());
        let other_scope = Sealing {
            scope: "address:192.0.2.2",
            key,
        };
        assert!(other_scope.open(&sealed).is_err());
        assert!(mine.open("sealed-v2:00").is_err());
        assert_eq!(stored_key(scope, "k").len(), 64);
        assert_ne!(stored_key(scope, "k"), stored_key("address:192.0.2.2", "k"));
    }
}
