//! The log of a game's changes, one row per version, and the wake-up call that tells every
//! server process sharing a PostgreSQL database that a game has a new row.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::Text;

use super::DbConnection;
use super::columns::{Json, Named};
use super::schema::events;
use crate::record::{EventData, EventKind, GameStatus, LoggedEvent};
use crate::values::{GameId, GameVersion};

/// The PostgreSQL channel a change is announced on; the payload is the game's id.
pub(crate) const CHANNEL: &str = "phase10_game_events";

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = events)]
struct EventRow {
    game_id: GameId,
    version: GameVersion,
    kind: Named<EventKind>,
    data: Json<EventData>,
    created_at: NaiveDateTime,
    /// The game's cached status follows it (a trigger).
    status: Named<GameStatus>,
}

impl From<EventRow> for LoggedEvent {
    fn from(row: EventRow) -> LoggedEvent {
        LoggedEvent {
            game_id: row.game_id,
            version: row.version,
            kind: row.kind.0,
            data: row.data.into_inner(),
            created_at: row.created_at,
            status: row.status.0,
        }
    }
}

/// Appends an event. The database's trigger (`events_keep_the_game`, in the migrations) sets the
/// game's cached status from it and, on PostgreSQL, announces it to every server process.
pub(crate) fn append(conn: &mut DbConnection, event: LoggedEvent) -> QueryResult<()> {
    let row = EventRow {
        game_id: event.game_id,
        version: event.version,
        kind: Named(event.kind),
        data: Json::new(event.data)
            .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?,
        created_at: event.created_at,
        status: Named(event.status),
    };
    diesel::insert_into(events::table)
        .values(row)
        .execute(conn)
        .map(drop)
}

/// Tells every server process sharing a PostgreSQL database that the game is gone (an event
/// says so itself). Part of the caller's transaction: delivered when, and only if, it commits.
/// Nothing to do on SQLite, where the one process knows.
pub(crate) fn announce(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<()> {
    if let DbConnection::Postgres(pg) = conn {
        diesel::sql_query("SELECT pg_notify($1, $2)")
            .bind::<Text, _>(CHANNEL)
            .bind::<Text, _>(game_id)
            .execute(pg)?;
    }
    Ok(())
}

/// Up to `limit` events of the game after `version`, oldest first.
pub(crate) fn after(
    conn: &mut DbConnection,
    game_id: &GameId,
    version: GameVersion,
    limit: i64,
) -> QueryResult<Vec<LoggedEvent>> {
    events::table
        .filter(events::game_id.eq(game_id))
        .filter(events::version.gt(version))
        .order(events::version)
        .limit(limit)
        .select(EventRow::as_select())
        .load(conn)
        .map(|rows| rows.into_iter().map(LoggedEvent::from).collect())
}
