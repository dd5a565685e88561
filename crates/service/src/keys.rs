//! An account's devices: a key for each, named, listed and deleted; and pairing a new device by
//! a single-use code, so that the second phone at a table never needs the first phone's key.

use chrono::{NaiveDateTime, TimeDelta};

use super::accounts::{Account, generate_key, hash_key};
use super::store::keys::{self, KeyRow};
use super::store::pairings::{self, PairingRow};
use super::{Session, invite_code};
use crate::error::{Error, ProblemCode, Result};
use crate::values::{AccountId, AccountName, KeyId};

/// How long a pairing code can be used.
pub const PAIRING_VALID: TimeDelta = TimeDelta::minutes(10);

/// A key of the account, as listed (never the key itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key {
    pub id: KeyId,
    pub name: String,
    pub created_at: NaiveDateTime,
    /// To within a minute (`accounts::authenticate`).
    pub last_used_at: Option<NaiveDateTime>,
}

impl From<KeyRow> for Key {
    fn from(row: KeyRow) -> Key {
        Key {
            id: row.id,
            name: row.name,
            created_at: row.created_at,
            last_used_at: row.last_used_at,
        }
    }
}

/// A new key: the key itself is shown this once.
pub struct NewKey {
    pub key: Key,
    pub account_id: AccountId,
    pub api_key: String,
}

/// A device's name: the rules of an account's name.
fn device_name(name: &str) -> Result<String> {
    AccountName::parse(name)
        .map(|name| name.as_str().to_string())
        .map_err(|why| Error::invalid_field(ProblemCode::InvalidName, "name", why.to_string()))
}

fn add(session: &mut Session, account_id: &AccountId, name: String) -> Result<NewKey> {
    let api_key = generate_key();
    let row = KeyRow {
        id: KeyId::random(),
        account_id: account_id.clone(),
        name,
        key_hash: hash_key(&api_key),
        created_at: session.now(),
        last_used_at: None,
    };
    keys::insert(session.conn(), &row)?;
    Ok(NewKey {
        key: row.into(),
        account_id: account_id.clone(),
        api_key,
    })
}

/// A new key of the caller's account, for another device.
pub fn create(session: &mut Session, account: &Account, name: &str) -> Result<NewKey> {
    let name = device_name(name)?;
    add(session, &account.id, name)
}

/// The account's keys, oldest first.
pub fn list(session: &mut Session, account: &Account) -> Result<Vec<Key>> {
    Ok(keys::of_account(session.conn(), &account.id)?
        .into_iter()
        .map(Key::from)
        .collect())
}

/// Deletes one of the account's keys: refused from then on, by every process. The last key is
/// kept (409 `last_key`): without it, nobody could use the account again.
pub fn delete(session: &mut Session, account: &Account, key_id: &KeyId) -> Result<()> {
    let all = keys::of_account(session.conn(), &account.id)?;
    if !all.iter().any(|key| key.id == key_id) {
        return Err(Error::NotFound("key"));
    }
    if all.len() == 1 {
        return Err(Error::conflict(
            ProblemCode::LastKey,
            "this is the account's only key: pair another device before deleting it, or \
             nobody could use the account again"
                .into(),
        ));
    }
    keys::delete(session.conn(), &account.id, key_id)?;
    Ok(())
}

/// A code that pairs a device with the account, shown once.
pub struct NewPairing {
    pub code: String,
    pub expires_at: NaiveDateTime,
}

/// A single-use code for the caller's account, valid `PAIRING_VALID`.
pub fn pair(session: &mut Session, account: &Account) -> Result<NewPairing> {
    let code = invite_code::generate();
    let normalized = invite_code::normalize(&code).ok_or_else(|| Error::bug("a new code"))?;
    let now = session.now();
    let row = PairingRow {
        code_hash: hash_key(&normalized),
        account_id: account.id.clone(),
        created_at: now,
        expires_at: now + PAIRING_VALID,
        used_at: None,
    };
    pairings::insert(session.conn(), &row)?;
    Ok(NewPairing {
        code,
        expires_at: row.expires_at,
    })
}

/// Pairs a device: a new key of the code's account, named `name`. A code unknown, used or
/// expired is one: not found (nothing tells an attacker which).
pub fn redeem(session: &mut Session, code: &str, name: &str) -> Result<NewKey> {
    let name = device_name(name)?;
    let code = invite_code::normalize(code).ok_or(Error::NotFound("pairing code"))?;
    let now = session.now();
    let account_id = pairings::take(session.conn(), &hash_key(&code), now)?
        .ok_or(Error::NotFound("pairing code"))?;
    add(session, &account_id, name)
}

/// Forgets pairing codes that expired, used or not.
pub fn purge(session: &mut Session) -> Result<usize> {
    let now = session.now();
    session.write_statement(|c| pairings::purge(c, now))
}
