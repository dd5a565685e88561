//! The events of a game: what each change is called, and reading a game's log of changes for
//! its subscribers. Writing them is part of every change (`change`).

use serde::Serialize;
use utoipa::ToSchema;

use super::Session;
use crate::error::{Error, Result};
use crate::store::events::{self, EventRow};
use crate::store::games;
use crate::values::{AccountId, GameId, TurnNumber};

/// What changed. The SSE `event` field; the turn or hand that ends a game is `game_finished`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    GameCreated,
    TurnStarted,
    DiceRolled,
    TurnScored,
    TurnUndone,
    SeatClaimed,
    HandRecorded,
    HandUndone,
    GameFinished,
    /// Sent to subscribers when the game is deleted; the stream then ends.
    GameDeleted,
}

impl EventKind {
    /// Every kind, in the order of the schema's enum.
    pub const ALL: [EventKind; 10] = [
        EventKind::GameCreated,
        EventKind::TurnStarted,
        EventKind::DiceRolled,
        EventKind::TurnScored,
        EventKind::TurnUndone,
        EventKind::SeatClaimed,
        EventKind::HandRecorded,
        EventKind::HandUndone,
        EventKind::GameFinished,
        EventKind::GameDeleted,
    ];

    pub fn name(self) -> &'static str {
        match self {
            EventKind::GameCreated => "game_created",
            EventKind::TurnStarted => "turn_started",
            EventKind::DiceRolled => "dice_rolled",
            EventKind::TurnScored => "turn_scored",
            EventKind::TurnUndone => "turn_undone",
            EventKind::SeatClaimed => "seat_claimed",
            EventKind::HandRecorded => "hand_recorded",
            EventKind::HandUndone => "hand_undone",
            EventKind::GameFinished => "game_finished",
            EventKind::GameDeleted => "game_deleted",
        }
    }
}

/// One change of a game, as its log keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event {
    pub kind: EventKind,
    /// The game's version after the change: the event's id.
    pub version: i64,
    /// The number of the turn (of a card game: the hand) the change was about, if any.
    pub turn: Option<TurnNumber>,
}

/// An event as stored: its kind's name and its data.
pub struct LoggedEvent {
    pub version: i64,
    pub kind: String,
    pub data: String,
}

impl From<EventRow> for LoggedEvent {
    fn from(row: EventRow) -> LoggedEvent {
        LoggedEvent {
            version: row.version,
            kind: row.kind,
            data: row.data,
        }
    }
}

/// The version a subscriber starts from: the game's current one, if the account may see it.
pub fn current_version(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
) -> Result<i64> {
    games::find_visible(session.conn(), account_id, game_id)?
        .map(|game| game.version)
        .ok_or(Error::NotFound("game"))
}

/// Up to `limit` events of the game after `version`, oldest first; `None` once the game has
/// been deleted.
pub fn after(
    session: &mut Session,
    game_id: &GameId,
    version: i64,
    limit: i64,
) -> Result<Option<Vec<LoggedEvent>>> {
    let rows = events::after(session.conn(), game_id, version, limit)?;
    if rows.is_empty() && !games::exists(session.conn(), game_id)? {
        return Ok(None);
    }
    Ok(Some(rows.into_iter().map(LoggedEvent::from).collect()))
}
