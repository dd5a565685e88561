//! The JSON of a game's events: what its subscribers are sent, with the turn or the hand the
//! change was about. The service writes each change's event with `event_data`. A turn's (or a
//! hand's) own copy of the game, the game right after it, is nearly always the event's game: it
//! is then left out of what is stored, so that the event holds the game once, and put back by
//! `sent_data` when the event is sent. (A digital turn's
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
    #[schema(nullable = false)]
    pub turn: Option<TurnView>,
    /// The hand of a card game recorded (absent for other changes).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub hand: Option<HandView>,
}

fn internal(e: serde_json::Error) -> Error {
    Error::Internal(format!("an event's data: {e}"))
}

/// The stored `data` of an event: `EventData` without the turn's (or hand's) copy of the game.
pub fn event_data(event: &Event, state: &GameState) -> Result<String> {
    let game = serde_json::to_value(GameView::from(state)).map_err(internal)?;
    let missing = |what: &str, number| {
        Error::Internal(format!(
            "an event names {what} {number}, which the game has not"
        ))
    };
    // The turn or the hand the change was about, with its copy of the game left out when it is
    // the event's game.
    let about = |number| -> Result<serde_json::Value> {
        let mut about = match state.cards() {
            Ok(_) => hand_view_of(state, number)
                .ok_or_else(|| missing("hand", number))
                .and_then(|hand| serde_json::to_value(hand).map_err(internal))?,
            Err(_) => turn_view_of(state, number)
                .ok_or_else(|| missing("turn", number))
                .and_then(|turn| serde_json::to_value(turn).map_err(internal))?,
        };
        if let Some(fields) = about.as_object_mut()
            && fields.get("game") == Some(&game)
        {
            fields.remove("game");
        }
        Ok(about)
    };
    let about = event.turn.map(about).transpose()?;
    let (turn, hand) = match state.cards() {
        Ok(_) => (None, about),
        Err(_) => (about, None),
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

/// The `data` an event is sent with (`EventData`), from what was stored: the turn, or the
/// hand, gets its copy of the game back.
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
    /// Whether a stored turn or hand kept its own copy of the game.
    #[derive(Deserialize)]
    struct OwnGame<'a> {
        #[serde(borrow)]
        game: Option<&'a RawValue>,
    }
    let event: Stored = serde_json::from_str(stored).map_err(internal)?;
    let game = event.game.get();
    let version = event.version;
    let about = match (event.turn, event.hand) {
        (Some(turn), _) => Some(("turn", turn.get())),
        (None, Some(hand)) => Some(("hand", hand.get())),
        (None, None) => None,
    };
    let own_game =
        |about: &str| serde_json::from_str::<OwnGame>(about).map(|about| about.game.is_some());
    Ok(match about {
        Some((name, about)) if own_game(about).map_err(internal)? => {
            format!("{{\"version\":{version},\"game\":{game},\"{name}\":{about}}}")
        }
        Some((name, about)) if about.len() > 2 && about.ends_with('}') => {
            let fields = &about[..about.len() - 1];
            format!(
                "{{\"version\":{version},\"game\":{game},\"{name}\":{fields},\"game\":{game}}}}}"
            )
        }
        _ => format!("{{\"version\":{version},\"game\":{game}}}"),
    })
}
