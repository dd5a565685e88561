//! Accounts and their API keys. A key is 256 random bits, shown once; only its SHA-256 is kept,
//! so a stolen database holds no usable key. An account has a key per device (`keys`), the
//! first made with it.

use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::Session;
use crate::error::{Error, ProblemCode, Result};
use crate::store::accounts::{self, AccountRow};
use crate::store::keys::{self, KeyRow};
use crate::values::{AccountId, AccountName, KeyId};

/// An account, as the key a request was sent with names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: AccountId,
    pub name: AccountName,
    pub created_at: chrono::NaiveDateTime,
    /// The key the request was sent with (the account's own id for a new account's first).
    pub key_id: KeyId,
}

/// The name of an account's first key, the device it was made on.
pub const FIRST_KEY: &str = "First device";

/// How stale a key's `last_used_at` may be: it is written at most once a minute, so that a
/// request does not become a write.
const LAST_USED_WITHIN: chrono::TimeDelta = chrono::TimeDelta::minutes(1);

/// A new account and its key, which is not stored and cannot be shown again.
pub struct NewAccount {
    pub account: Account,
    pub api_key: String,
}

/// The stored form of a key.
pub fn hash_key(api_key: &str) -> String {
    hex::encode(Sha256::digest(api_key.as_bytes()))
}

pub(super) fn generate_key() -> String {
    let mut secret = [0u8; 32];
    rand::rng().fill_bytes(&mut secret);
    format!("p10_{}", hex::encode(secret))
}

#[tracing::instrument(skip_all, fields(account_id))]
pub fn create(session: &mut Session, name: &str) -> Result<NewAccount> {
    let name = AccountName::parse(name)
        .map_err(|why| Error::invalid_field(ProblemCode::InvalidName, "name", why.to_string()))?;
    let api_key = generate_key();
    let account = AccountRow {
        id: AccountId::random(),
        name,
        api_key_hash: hash_key(&api_key),
        created_at: session.now(),
    };
    tracing::Span::current().record("account_id", tracing::field::display(&account.id));
    accounts::insert(session.conn(), &account)?;
    let key = KeyRow {
        id: KeyId::parse(account.id.as_str()).ok_or_else(|| Error::bug("an account id"))?,
        account_id: account.id.clone(),
        name: FIRST_KEY.into(),
        key_hash: account.api_key_hash.clone(),
        created_at: account.created_at,
        last_used_at: None,
    };
    keys::insert(session.conn(), &key)?;
    Ok(NewAccount {
        account: Account {
            id: account.id,
            name: account.name,
            created_at: account.created_at,
            key_id: key.id,
        },
        api_key,
    })
}

/// The account a key belongs to, if any. The key is looked up by its SHA-256, so how long the
/// index takes to answer tells nothing about the key itself; the stored hash is then compared
/// in constant time, so no answer depends on how much of a key was right. It is read every
/// time, never remembered: a key deleted by any process is refused by all from then on.
pub fn authenticate(session: &mut Session, api_key: &str) -> Result<Option<Account>> {
    let Some((account, last_use_due)) = key_holder(session, api_key)? else {
        return Ok(None);
    };
    if last_use_due {
        let now = session.now();
        session.write_statement(|c| keys::used(c, &account.key_id, now))?;
    }
    Ok(Some(account))
}

/// The account whose key is `api_key`, read without writing (on a standby): `None` when the
/// key is unknown here, or when its last use is due to be noted (the primary does both).
pub fn authenticate_reading(session: &mut Session, api_key: &str) -> Result<Option<Account>> {
    Ok(key_holder(session, api_key)?
        .and_then(|(account, last_use_due)| (!last_use_due).then_some(account)))
}

/// The account whose key is `api_key`, and whether the key's last use is due to be noted.
fn key_holder(session: &mut Session, api_key: &str) -> Result<Option<(Account, bool)>> {
    let hash = hash_key(api_key);
    let Some((key, account)) = keys::find_by_hash(session.conn(), &hash)? else {
        return Ok(None);
    };
    if !same_secret(&key.key_hash, &hash) {
        return Ok(None);
    }
    let due = key
        .last_used_at
        .is_none_or(|at| session.now() - at >= LAST_USED_WITHIN);
    let account = Account {
        id: account.id,
        name: account.name,
        created_at: account.created_at,
        key_id: key.id,
    };
    Ok(Some((account, due)))
}

/// Whether two secrets (or their hashes) are equal, in time that depends only on their lengths.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_key_is_stored_as_its_sha_256_in_lowercase_hex() {
        // The hashes already stored are written so: any other spelling would match no key.
        assert_eq!(
            super::hash_key("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
