//! The JSON of a game's events: what its subscribers are sent, with the turn or the hand the
//! change was about. The service writes each change's event with `event_data`. A turn's own copy of the game (the game right after the turn) is
//! nearly always the event's game: it is then left out of what is stored, so that the event
//! holds the game once, and put back by `sent_data` when the event is sent. (A digital turn's
//! game carries the time the turn started, which its scoring moves on: that copy is kept.)

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use utoipa::ToSchema;

use crate::api::views::{GameView, HandView, TurnView, hand_view_of, turn_view_of};
use crate::error::{Error, Result};
use crate::service::events::Event;
use crate::service::replay::GameState;

/// The `data` of an event: the game as the change left it, and the turn it was about.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventData {
    /// The game's version after the change; also the event's id.
    pub version: i64,
    pub game: GameView,
    /// The turn started, rolled or scored (absent for other changes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<TurnView>,
    /// The hand of a card game recorded (absent for other changes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<HandView>,
}

fn internal(e: serde_json::Error) -> Error {
    Error::Internal(format!("an event's data: {e}"))
}

/// The stored `data` of an event: `EventData` without the turn's copy of the game.
pub fn event_data(event: &Event, state: &GameState) -> Result<String> {
    let game = serde_json::to_value(GameView::from(state)).map_err(internal)?;
    let missing = |what: &str, number| {
        Error::Internal(format!(
            "an event names {what} {number}, which the game has not"
        ))
    };
    let hand = match (event.turn, state.cards()) {
        (Some(number), Ok(_)) => {
            let hand = hand_view_of(state, number).ok_or_else(|| missing("hand", number))?;
            Some(serde_json::to_value(hand).map_err(internal)?)
        }
        _ => None,
    };
    let turn = match event.turn {
        Some(number) if hand.is_none() => {
            let turn = turn_view_of(state, number).ok_or_else(|| missing("turn", number))?;
            let mut turn = serde_json::to_value(turn).map_err(internal)?;
            if let Some(fields) = turn.as_object_mut()
                && fields.get("game") == Some(&game)
            {
                fields.remove("game");
            }
            Some(turn)
        }
        _ => None,
    };
    #[derive(Serialize)]
    struct Stored {
        version: i64,
        game: serde_json::Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        turn: Option<serde_json::Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        hand: Option<serde_json::Value>,
    }
    serde_json::to_string(&Stored {
        version: event.version,
        game,
        turn,
        hand,
    })
    .map_err(internal)
}

/// The `data` an event is sent with (`EventData`), from what was stored: the turn gets its copy
/// of the game back.
pub fn sent_data(stored: &str) -> Result<String> {
    #[derive(Deserialize)]
    struct Stored<'a> {
        version: i64,
        #[serde(borrow)]
        game: &'a RawValue,
        #[serde(borrow)]
        turn: Option<&'a RawValue>,
        #[serde(borrow)]
        hand: Option<&'a RawValue>,
    }
    /// Whether a stored turn kept its own copy of the game.
    #[derive(Deserialize)]
    struct TurnsGame<'a> {
        #[serde(borrow)]
        game: Option<&'a RawValue>,
    }
    let event: Stored = serde_json::from_str(stored).map_err(internal)?;
    let game = event.game.get();
    let version = event.version;
    let own_game = |turn: &RawValue| {
        serde_json::from_str::<TurnsGame>(turn.get()).map(|turn| turn.game.is_some())
    };
    if let Some(hand) = event.hand {
        // A hand is stored whole, its game with it.
        return Ok(format!(
            "{{\"version\":{version},\"game\":{game},\"hand\":{}}}",
            hand.get()
        ));
    }
    Ok(match event.turn {
        Some(turn) if own_game(turn).map_err(internal)? => {
            format!(
                "{{\"version\":{version},\"game\":{game},\"turn\":{}}}",
                turn.get()
            )
        }
        Some(turn) if turn.get().len() > 2 && turn.get().ends_with('}') => {
            let turn = turn.get();
            let fields = &turn[..turn.len() - 1];
            format!("{{\"version\":{version},\"game\":{game},\"turn\":{fields},\"game\":{game}}}}}")
        }
        _ => format!("{{\"version\":{version},\"game\":{game}}}"),
    })
}
