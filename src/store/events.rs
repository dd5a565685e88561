//! The log of a game's changes, one row per version, and the wake-up call that tells every
//! server process sharing a PostgreSQL database that a game has a new row.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::Text;

use super::DbConnection;
use super::schema::events;
use crate::values::GameId;

/// The PostgreSQL channel a change is announced on; the payload is the game's id.
pub const CHANNEL: &str = "phase10_game_events";

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = events)]
pub struct EventRow {
    pub game_id: GameId,
    /// The game's version after the change: the event's id.
    pub version: i64,
    pub kind: String,
    /// What subscribers are sent, as JSON.
    pub data: String,
    pub created_at: NaiveDateTime,
    /// The status the change left the game in; the game's cached status follows it (a trigger).
    pub status: String,
}

/// Appends an event. The database's trigger (`events_keep_the_game`, in the migrations) sets the
/// game's cached status from it and, on PostgreSQL, announces it to every server process.
pub fn append(conn: &mut DbConnection, event: &EventRow) -> QueryResult<()> {
    diesel::insert_into(events::table)
        .values(event)
        .execute(conn)
        .map(drop)
}

/// Tells every server process sharing a PostgreSQL database that the game is gone (an event
/// says so itself). Part of the caller's transaction: delivered when, and only if, it commits.
/// Nothing to do on SQLite, where the one process knows.
pub fn announce(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<()> {
    if let DbConnection::Postgres(pg) = conn {
        diesel::sql_query("SELECT pg_notify($1, $2)")
            .bind::<Text, _>(CHANNEL)
            .bind::<Text, _>(game_id)
            .execute(pg)?;
    }
    Ok(())
}

/// Up to `limit` events of the game after `version`, oldest first.
pub fn after(
    conn: &mut DbConnection,
    game_id: &GameId,
    version: i64,
    limit: i64,
) -> QueryResult<Vec<EventRow>> {
    events::table
        .filter(events::game_id.eq(game_id))
        .filter(events::version.gt(version))
        .order(events::version)
        .limit(limit)
        .select(EventRow::as_select())
        .load(conn)
}
