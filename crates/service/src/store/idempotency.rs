//! Idempotency keys: what a write sent with a key answered, stored with the write itself.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::idempotency_keys;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = idempotency_keys)]
pub(crate) struct KeyRow {
    pub scope: String,
    /// The stored form of the client's key (a hash), never the key.
    pub idempotency_key: String,
    pub fingerprint: String,
    pub created_at: NaiveDateTime,
    /// The answer, sealed.
    pub answer: String,
}

/// Stores a key with its answer, in the write's transaction. A key stored already (a retry that
/// ran alongside the first attempt) is refused by the primary key: the write is rolled back.
pub(crate) fn insert(conn: &mut DbConnection, row: &KeyRow) -> QueryResult<()> {
    diesel::insert_into(idempotency_keys::table)
        .values(row)
        .execute(conn)
        .map(drop)
}

pub(crate) fn find(conn: &mut DbConnection, scope: &str, key: &str) -> QueryResult<Option<KeyRow>> {
    idempotency_keys::table
        .find((scope, key))
        .select(KeyRow::as_select())
        .first(conn)
        .optional()
}

/// Forgets the keys stored before `before`. Returns how many.
pub(crate) fn purge(conn: &mut DbConnection, before: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(idempotency_keys::table.filter(idempotency_keys::created_at.lt(before)))
        .execute(conn)
}
