//! Reading a game's log of changes for its subscribers.

use crate::error::{Error, Result};
use crate::store::DbConnection;
use crate::store::events::{self, EventRow};
use crate::store::games;

/// The version a subscriber starts from: the game's current one, if the account may see it.
pub fn current_version(conn: &mut DbConnection, account_id: &str, game_id: &str) -> Result<i64> {
    games::find_visible(conn, account_id, game_id)?
        .map(|game| game.version)
        .ok_or(Error::NotFound("game"))
}

/// Up to `limit` events of the game after `version`, oldest first; `None` once the game has
/// been deleted.
pub fn after(
    conn: &mut DbConnection,
    game_id: &str,
    version: i64,
    limit: i64,
) -> Result<Option<Vec<EventRow>>> {
    let rows = events::after(conn, game_id, version, limit)?;
    if rows.is_empty() && !games::exists(conn, game_id)? {
        return Ok(None);
    }
    Ok(Some(rows))
}
