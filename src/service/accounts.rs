//! Accounts and their API keys. A key is 256 random bits, shown once; only its SHA-256 is kept,
//! so a stolen database holds no usable key.

use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::Session;
use crate::error::{Error, ProblemCode, Result};
use crate::service::store::accounts::{self, AccountRow};
use crate::values::{AccountId, AccountName};

/// An account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: AccountId,
    pub name: AccountName,
    pub created_at: chrono::NaiveDateTime,
}

impl From<AccountRow> for Account {
    fn from(row: AccountRow) -> Account {
        Account {
            id: row.id,
            name: row.name,
            created_at: row.created_at,
        }
    }
}

/// A new account and its key, which is not stored and cannot be shown again.
pub struct NewAccount {
    pub account: Account,
    pub api_key: String,
}

/// The stored form of a key.
pub fn hash_key(api_key: &str) -> String {
    hex::encode(Sha256::digest(api_key.as_bytes()))
}

fn generate_key() -> String {
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
    Ok(NewAccount {
        account: account.into(),
        api_key,
    })
}

/// The account a key belongs to, if any. The key is looked up by its SHA-256, so how long the
/// index (or the map of accounts seen lately) takes to answer tells nothing about the key
/// itself; the stored hash is then compared in constant time, so no answer depends on how much
/// of a key was right.
pub fn authenticate(session: &mut Session, api_key: &str) -> Result<Option<Account>> {
    let hash = hash_key(api_key);
    let found = match session.recent().account(&hash) {
        Some(kept) => Some(kept),
        None => {
            let read = accounts::find_by_key_hash(session.conn(), &hash)?;
            if let Some(account) = &read {
                session.recent().keep_account(account.clone());
            }
            read
        }
    };
    Ok(found
        .filter(|account| same_secret(&account.api_key_hash, &hash))
        .map(Account::from))
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
