//! Accounts and their API keys. A key is 256 random bits, shown once; only its SHA-256 is kept,
//! so a stolen database holds no usable key.

use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::{display_names, hex};
use crate::error::{Error, Result};
use crate::store::DbConnection;
use crate::store::accounts::{self, AccountRow};

/// The longest account name, in characters.
pub const MAX_NAME: usize = 100;

/// A new account and its key, which is not stored and cannot be shown again.
pub struct NewAccount {
    pub account: AccountRow,
    pub api_key: String,
}

/// The stored form of a key.
pub fn hash_key(api_key: &str) -> String {
    hex(&Sha256::digest(api_key.as_bytes()))
}

fn generate_key() -> String {
    let mut secret = [0u8; 32];
    rand::rng().fill_bytes(&mut secret);
    format!("p10_{}", hex(&secret))
}

pub fn create(conn: &mut DbConnection, name: &str) -> Result<NewAccount> {
    let name = display_names::checked(name, MAX_NAME)
        .map_err(|why| Error::invalid_field("invalid_name", "name", why.to_string()))?;
    let api_key = generate_key();
    let account = AccountRow {
        id: super::new_id(),
        name,
        api_key_hash: hash_key(&api_key),
        created_at: super::now(),
    };
    accounts::insert(conn, &account)?;
    Ok(NewAccount { account, api_key })
}

/// The account a key belongs to, if any. The key is looked up by its SHA-256, so how long the
/// index takes to answer tells nothing about the key itself; the stored hash is then compared in
/// constant time, so no answer depends on how much of a key was right.
pub fn authenticate(conn: &mut DbConnection, api_key: &str) -> Result<Option<AccountRow>> {
    let hash = hash_key(api_key);
    let found = accounts::find_by_key_hash(conn, &hash)?;
    Ok(found.filter(|account| same_secret(&account.api_key_hash, &hash)))
}

/// Whether two secrets (or their hashes) are equal, in time that depends only on their lengths.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}
