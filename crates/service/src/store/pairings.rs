//! Codes that pair a device with an account, kept by the hash of the code.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::pairings;
use crate::values::AccountId;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = pairings)]
pub(crate) struct PairingRow {
    /// SHA-256 of the code, in hex; the code itself is never stored.
    pub code_hash: String,
    pub account_id: AccountId,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
    pub used_at: Option<NaiveDateTime>,
}

pub(crate) fn insert(conn: &mut DbConnection, pairing: &PairingRow) -> QueryResult<()> {
    diesel::insert_into(pairings::table)
        .values(pairing)
        .execute(conn)
        .map(drop)
}

/// Marks the code used, if it is still unused and unexpired at `now`; its account if so. One
/// statement, so that two devices sending one code at once cannot both be paired.
pub(crate) fn take(
    conn: &mut DbConnection,
    code_hash: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<AccountId>> {
    diesel::update(
        pairings::table
            .filter(pairings::code_hash.eq(code_hash))
            .filter(pairings::used_at.is_null())
            .filter(pairings::expires_at.gt(now)),
    )
    .set(pairings::used_at.eq(now))
    .returning(pairings::account_id)
    .get_result(conn)
    .optional()
}

/// Deletes the codes that expired before `before`.
pub(crate) fn purge(conn: &mut DbConnection, before: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(pairings::table.filter(pairings::expires_at.lt(before))).execute(conn)
}
