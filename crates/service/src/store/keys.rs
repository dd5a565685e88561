//! An account's API keys, one per device, each kept as the SHA-256 of the key (never the key).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::accounts::AccountRow;
use super::schema::{accounts, api_keys};
use crate::values::{AccountId, KeyId};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = api_keys)]
pub(crate) struct KeyRow {
    pub id: KeyId,
    pub account_id: AccountId,
    pub name: String,
    pub key_hash: String,
    pub created_at: NaiveDateTime,
    pub last_used_at: Option<NaiveDateTime>,
}

pub(crate) fn insert(conn: &mut DbConnection, key: &KeyRow) -> QueryResult<()> {
    diesel::insert_into(api_keys::table)
        .values(key)
        .execute(conn)
        .map(drop)
}

/// The key of a hash, with its account.
pub(crate) fn find_by_hash(
    conn: &mut DbConnection,
    hash: &str,
) -> QueryResult<Option<(KeyRow, AccountRow)>> {
    api_keys::table
        .inner_join(accounts::table)
        .filter(api_keys::key_hash.eq(hash))
        .select((KeyRow::as_select(), AccountRow::as_select()))
        .first(conn)
        .optional()
}

/// The account's keys, oldest first.
pub(crate) fn of_account(
    conn: &mut DbConnection,
    account_id: &AccountId,
) -> QueryResult<Vec<KeyRow>> {
    api_keys::table
        .filter(api_keys::account_id.eq(account_id))
        .order((api_keys::created_at, api_keys::id))
        .select(KeyRow::as_select())
        .load(conn)
}

/// Notes that the key was used at `now`.
pub(crate) fn used(conn: &mut DbConnection, key_id: &KeyId, now: NaiveDateTime) -> QueryResult<()> {
    diesel::update(api_keys::table.find(key_id))
        .set(api_keys::last_used_at.eq(now))
        .execute(conn)
        .map(drop)
}

/// Deletes the account's key; whether there was one.
pub(crate) fn delete(
    conn: &mut DbConnection,
    account_id: &AccountId,
    key_id: &KeyId,
) -> QueryResult<bool> {
    diesel::delete(
        api_keys::table
            .filter(api_keys::id.eq(key_id))
            .filter(api_keys::account_id.eq(account_id)),
    )
    .execute(conn)
    .map(|deleted| deleted > 0)
}
