//! The events of a game: what each change is called, the JSON its subscribers are sent, and
//! writing it to the game's log in the change's own transaction.

use serde::Serialize;
use utoipa::ToSchema;

use super::views::{GameView, TurnState, TurnView, latest_turn};
use crate::error::{Error, Result};
use crate::rules::game::Status;
use crate::service::replay::GameState;
use crate::store::DbConnection;
use crate::store::events::{self, EventRow};

/// What changed. The SSE `event` field; `game_finished` follows the `turn_scored` that ended
/// the game, with the same id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    GameCreated,
    TurnStarted,
    DiceRolled,
    TurnScored,
    TurnUndone,
    SeatClaimed,
    GameFinished,
    /// Sent to subscribers when the game is deleted; the stream then ends.
    GameDeleted,
}

impl EventKind {
    /// Every kind, in the order of the schema's enum.
    pub const ALL: [EventKind; 8] = [
        EventKind::GameCreated,
        EventKind::TurnStarted,
        EventKind::DiceRolled,
        EventKind::TurnScored,
        EventKind::TurnUndone,
        EventKind::SeatClaimed,
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
            EventKind::GameFinished => "game_finished",
            EventKind::GameDeleted => "game_deleted",
        }
    }
}

/// The `data` of an event: the game as the change left it, and the turn it was about.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventData {
    /// The game's version after the change; also the event's id.
    pub version: i64,
    pub game: GameView,
    /// The turn started, rolled or scored (absent for other changes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<TurnView>,
}

/// Writes the event of a change to the game's log, in the change's transaction.
pub fn publish(
    conn: &mut DbConnection,
    kind: EventKind,
    state: &GameState,
    turn: Option<&TurnView>,
) -> Result<()> {
    let game = GameView::from(state);
    let data = EventData {
        version: game.version,
        game,
        turn: turn.cloned(),
    };
    let row = EventRow {
        game_id: state.record.game.id.clone(),
        version: data.version,
        kind: kind.name().to_string(),
        data: serde_json::to_string(&data)
            .map_err(|e| Error::Internal(format!("an event's data: {e}")))?,
        created_at: state.record.game.updated_at,
    };
    events::append(conn, &row)?;
    Ok(())
}

/// Writes the event of a change to the game's latest turn, and returns the turn as the change
/// left it: `rolling` names the change while the turn is in play (started, or dice rolled);
/// once scored, it is `turn_scored`, or `game_finished` when the turn ended the game.
pub fn publish_turn(
    conn: &mut DbConnection,
    state: &GameState,
    rolling: EventKind,
) -> Result<TurnView> {
    let turn = latest_turn(state)
        .ok_or_else(|| Error::Internal("a turn was played but the game has none".into()))?;
    let kind = match turn.state {
        TurnState::Rolling => rolling,
        TurnState::Scored if state.game.status() == Status::Finished => EventKind::GameFinished,
        TurnState::Scored => EventKind::TurnScored,
    };
    publish(conn, kind, state, Some(&turn))?;
    Ok(turn)
}
