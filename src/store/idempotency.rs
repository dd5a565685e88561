//! Idempotency keys: a claim while a request is in flight, then the response it gave.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as Diesel};

use super::DbConnection;
use super::schema::idempotency_keys as keys;

/// A key as stored: claimed, and completed once `status` is set.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = keys)]
pub struct KeyRow {
    pub scope: String,
    pub idempotency_key: String,
    pub fingerprint: String,
    pub claimed_at: NaiveDateTime,
    pub status: Option<i32>,
    pub headers: Option<String>,
    pub body: Option<String>,
}

/// Claims a key for a request about to run. `false` if the key is already there.
pub fn claim(conn: &mut DbConnection, row: &KeyRow) -> QueryResult<bool> {
    match diesel::insert_into(keys::table).values(row).execute(conn) {
        Ok(_) => Ok(true),
        Err(Diesel::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(false),
        Err(other) => Err(other),
    }
}

pub fn find(conn: &mut DbConnection, scope: &str, key: &str) -> QueryResult<Option<KeyRow>> {
    keys::table
        .find((scope, key))
        .select(KeyRow::as_select())
        .first(conn)
        .optional()
}

/// Takes over a claim left in flight since `claimed_at` (by a request that died with its
/// process): `false` if it has moved on since it was read.
pub fn take_over(
    conn: &mut DbConnection,
    scope: &str,
    key: &str,
    claimed_at: NaiveDateTime,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    diesel::update(
        keys::table
            .find((scope, key))
            .filter(keys::status.is_null())
            .filter(keys::claimed_at.eq(claimed_at)),
    )
    .set(keys::claimed_at.eq(now))
    .execute(conn)
    .map(|updated| updated == 1)
}

/// Stores the response of a claimed key; in the transaction of the write it answers. The claim
/// is named by when it was made, so a request whose claim was taken over cannot complete it:
/// `false` then, and the write must not be committed.
pub fn complete(
    conn: &mut DbConnection,
    scope: &str,
    key: &str,
    claimed_at: NaiveDateTime,
    status: i32,
    headers: &str,
    body: &str,
) -> QueryResult<bool> {
    let updated = diesel::update(
        keys::table
            .find((scope, key))
            .filter(keys::status.is_null())
            .filter(keys::claimed_at.eq(claimed_at)),
    )
    .set((
        keys::status.eq(status),
        keys::headers.eq(headers),
        keys::body.eq(body),
    ))
    .execute(conn)?;
    Ok(updated == 1)
}

/// Lets a key go after its request failed without changing anything, so it can be retried.
pub fn release(
    conn: &mut DbConnection,
    scope: &str,
    key: &str,
    claimed_at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::delete(
        keys::table
            .find((scope, key))
            .filter(keys::status.is_null())
            .filter(keys::claimed_at.eq(claimed_at)),
    )
    .execute(conn)
    .map(drop)
}

/// Forgets keys claimed before `before`. Returns how many.
pub fn purge(conn: &mut DbConnection, before: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(keys::table.filter(keys::claimed_at.lt(before))).execute(conn)
}
