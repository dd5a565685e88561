//! The events of a game: what each change is called, and reading a game's log of changes for
//! its subscribers. Writing them is part of every change (`change`).

use super::Session;
use super::store::{events, games};
use crate::error::{Error, Result};
use crate::values::{AccountId, EntryNumber, GameId, GameVersion};

pub use super::record::{EventData, EventKind, LoggedEvent};

/// One change of a game, as its log keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event {
    pub kind: EventKind,
    /// The game's version after the change: the event's id.
    pub version: GameVersion,
    /// The number of the turn (of a card game: the hand) the change was about, if any.
    pub turn: Option<EntryNumber>,
}

/// The version a subscriber starts from: the game's current one, if the account may see it.
#[tracing::instrument(skip_all, fields(account_id = %account_id, game_id = %game_id))]
pub fn current_version(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
) -> Result<GameVersion> {
    games::find_visible(session.conn(), account_id, game_id)?
        .map(|game| game.version)
        .ok_or(Error::NotFound("game"))
}

/// Up to `limit` events of the game after `version`, oldest first; `None` once the game has
/// been deleted.
#[tracing::instrument(skip_all, fields(game_id = %game_id, version))]
pub fn after(
    session: &mut Session,
    game_id: &GameId,
    version: GameVersion,
    limit: i64,
) -> Result<Option<Vec<LoggedEvent>>> {
    let rows = events::after(session.conn(), game_id, version, limit)?;
    if rows.is_empty() && !games::exists(session.conn(), game_id)? {
        return Ok(None);
    }
    Ok(Some(rows))
}
