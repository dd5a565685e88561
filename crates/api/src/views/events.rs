//! The JSON of a game's events: what its subscribers are sent, with the turn or the hand the
//! change was about. The service writes each change's event with `event_data`. A turn's (or a
//! hand's) own copy of the game, the game right after it, is nearly always the event's game: it
//! is then left out of what is stored, so that the event holds the game once, and put back by
//! `sent_data` when the event is sent. (A digital turn's
//! game carries the time the turn started, which its scoring moves on: that copy is kept.)

use serde::Serialize;
use serde_json::value::RawValue;
use utoipa::ToSchema;

use crate::error::{ServiceError as Error, ServiceResult as Result};
use crate::service::events::{Event, EventData as LoggedData};
use crate::service::replay::GameState;
use crate::values::GameVersion;
use crate::views::{GameView, HandView, TurnView, hand_view_of, turn_view_of};

/// The `data` of an event: the game as the change left it, and the turn it was about.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventData {
    /// The game's version after the change; also the event's id.
    #[schema(value_type = i64)]
    pub version: GameVersion,
    pub game: GameView,
    /// The turn started, rolled, scored or replaced (absent for other changes).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub turn: Option<TurnView>,
    /// The hand of a card game recorded or replaced (absent for other changes).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub hand: Option<HandView>,
}

fn internal(e: serde_json::Error) -> Error {
    Error::internal("an event's data", e)
}

/// An object's fields, as JSON.
fn fields_of(value: impl Serialize) -> Result<serde_json::Map<String, serde_json::Value>> {
    match serde_json::to_value(value).map_err(internal)? {
        serde_json::Value::Object(fields) => Ok(fields),
        _ => Err(Error::bug("a turn or a hand is not a JSON object")),
    }
}

/// What an event's log keeps of it (`EventData` without the turn's or hand's copy of the game
/// when it is the event's game).
pub fn event_data(event: &Event, state: &GameState) -> Result<LoggedData> {
    let game = serde_json::to_value(GameView::from(state)).map_err(internal)?;
    let missing = |what: &str, number| {
        Error::bug(format!(
            "an event names {what} {number}, which the game has not"
        ))
    };
    // The turn or the hand the change was about, with its copy of the game left out when it is
    // the event's game.
    let about = |number| -> Result<serde_json::Map<String, serde_json::Value>> {
        let mut about = match state.cards() {
            Ok(_) => {
                fields_of(hand_view_of(state, number).ok_or_else(|| missing("hand", number))?)?
            }
            Err(_) => {
                fields_of(turn_view_of(state, number).ok_or_else(|| missing("turn", number))?)?
            }
        };
        if about.get("game") == Some(&game) {
            about.remove("game");
        }
        Ok(about)
    };
    let about = event.turn.map(about).transpose()?;
    let (turn, hand) = match state.cards() {
        Ok(_) => (None, about),
        Err(_) => (about, None),
    };
    let game = serde_json::value::to_raw_value(&game).map_err(internal)?;
    Ok(LoggedData {
        version: event.version,
        game,
        turn,
        hand,
    })
}

/// The `data` an event is sent with (`EventData`), from what its log keeps: the turn, or the
/// hand, gets its copy of the game back.
pub fn sent_data(logged: &LoggedData) -> Result<String> {
    #[derive(Serialize)]
    struct Sent<'a> {
        version: GameVersion,
        game: &'a RawValue,
        #[serde(skip_serializing_if = "Option::is_none")]
        turn: Option<About<'a>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        hand: Option<About<'a>>,
    }
    /// A turn's or a hand's fields, and the game after it when its own copy was left out.
    #[derive(Serialize)]
    struct About<'a> {
        #[serde(flatten)]
        fields: &'a serde_json::Map<String, serde_json::Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        game: Option<&'a RawValue>,
    }
    fn about<'a>(
        fields: &'a serde_json::Map<String, serde_json::Value>,
        game: &'a RawValue,
    ) -> About<'a> {
        About {
            fields,
            game: (!fields.contains_key("game")).then_some(game),
        }
    }
    serde_json::to_string(&Sent {
        version: logged.version,
        game: &logged.game,
        turn: logged.turn.as_ref().map(|turn| about(turn, &logged.game)),
        hand: logged.hand.as_ref().map(|hand| about(hand, &logged.game)),
    })
    .map_err(internal)
}
