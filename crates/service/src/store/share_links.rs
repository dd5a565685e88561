//! Read-only links to a game's pad, kept by the hash of their token.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::share_links;
use crate::values::GameId;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = share_links)]
pub(crate) struct ShareLinkRow {
    /// SHA-256 of the token, in hex; the token itself is never stored.
    pub token_hash: String,
    pub game_id: GameId,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
}

pub(crate) fn insert(conn: &mut DbConnection, link: &ShareLinkRow) -> QueryResult<()> {
    diesel::insert_into(share_links::table)
        .values(link)
        .execute(conn)
        .map(drop)
}

pub(crate) fn find(conn: &mut DbConnection, token_hash: &str) -> QueryResult<Option<ShareLinkRow>> {
    share_links::table
        .find(token_hash)
        .select(ShareLinkRow::as_select())
        .first(conn)
        .optional()
}

/// How many links of the game still open it at `now`.
pub(crate) fn live_of_game(
    conn: &mut DbConnection,
    game_id: &GameId,
    now: NaiveDateTime,
) -> QueryResult<i64> {
    share_links::table
        .filter(share_links::game_id.eq(game_id))
        .filter(share_links::expires_at.gt(now))
        .count()
        .get_result(conn)
}

/// Deletes every link of the game; how many there were.
pub(crate) fn delete_of_game(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<usize> {
    diesel::delete(share_links::table.filter(share_links::game_id.eq(game_id))).execute(conn)
}

/// Deletes the links that expired before `before`.
pub(crate) fn purge(conn: &mut DbConnection, before: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(share_links::table.filter(share_links::expires_at.lt(before))).execute(conn)
}
