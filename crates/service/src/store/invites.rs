//! Invites to play a seat, kept by the hash of their code.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::invites;
use crate::values::{AccountId, GameId, PlayerId};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = invites)]
pub(crate) struct InviteRow {
    /// SHA-256 of the code, in hex; the code itself is never stored.
    pub code_hash: String,
    pub game_id: GameId,
    pub player_id: PlayerId,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
    pub accepted_by: Option<AccountId>,
    pub accepted_at: Option<NaiveDateTime>,
}

pub(crate) fn insert(conn: &mut DbConnection, invite: &InviteRow) -> QueryResult<()> {
    diesel::insert_into(invites::table)
        .values(invite)
        .execute(conn)
        .map(drop)
}

pub(crate) fn find(conn: &mut DbConnection, code_hash: &str) -> QueryResult<Option<InviteRow>> {
    invites::table
        .find(code_hash)
        .select(InviteRow::as_select())
        .first(conn)
        .optional()
}

/// Marks the invite used by the account, unless it has been used already: of two accounts
/// accepting at once, one marks it.
pub(crate) fn mark_accepted(
    conn: &mut DbConnection,
    code_hash: &str,
    account_id: &AccountId,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    diesel::update(
        invites::table
            .find(code_hash)
            .filter(invites::accepted_by.is_null()),
    )
    .set((
        invites::accepted_by.eq(account_id),
        invites::accepted_at.eq(now),
    ))
    .execute(conn)
    .map(|updated| updated == 1)
}

/// Deletes invites that expired before `before`, used or not.
pub(crate) fn purge(conn: &mut DbConnection, before: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(invites::table.filter(invites::expires_at.lt(before))).execute(conn)
}
