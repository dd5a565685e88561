//! A card game's record read back: its variations as stored, a hand as recorded (which is also
//! how a client sends it), and the replay of its hands. What changes a card game is `hands`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::names::Stored;
use crate::error::{Error, ProblemCode, Result};
use crate::rules::PhaseNumber;
use crate::rules::cards::{
    Card, CardEdition, CardGame, CardRules, Hand, HandEntry, HandError, HandOutcome, HandProblem,
    Held,
};
use crate::store::games::GameRecord;
use crate::store::hands::HandRow;
use crate::values::PlayerId;

/// A card game: what its hands make of it.
#[derive(Debug, Clone)]
pub struct CardState {
    pub game: CardGame,
    /// The hands, in order.
    pub hands: Vec<PlayedHand>,
}

/// One stored hand, replayed.
#[derive(Debug, Clone)]
pub struct PlayedHand {
    pub row: HandRow,
    /// Each player's line as recorded; `None` for a tie-break hand.
    pub players: Option<Vec<RecordedPlayer>>,
    pub outcome: HandOutcome,
    /// The game right after this hand.
    pub after: CardGame,
}

/// A player's line of a hand as recorded: whether they laid down their phase, what they still
/// hold (the cards, or their points), and, if the client sends them, the cards they laid down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"player_id": "6f0c5b9e-2a51-4c1f-9d38-0f6a3f0d2b7e", "made": true,
    "cards": [{"value": 7, "color": "red"}, {"value": "S"}]}))]
pub struct RecordedPlayer {
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
    /// Whether the player laid down their phase in this hand (true for who went out).
    pub made: bool,
    /// The cards still in the player's hand, which the server scores. Give these or `points`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_items = 10)]
    pub cards: Option<Vec<Card>>,
    /// The points of the cards still in hand, when the cards themselves are not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0, maximum = 250)]
    pub points: Option<u32>,
    /// The groups of the phase the player laid down, one list of cards per group: checked to
    /// make the player's phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_items = 4)]
    pub laid_down: Option<Vec<Vec<Card>>>,
}

/// A hand to record: who went out, and every player's line; a tie-break hand has only who
/// went out (`players` is `None`).
#[derive(Debug, Clone)]
pub struct NewHand {
    pub went_out: PlayerId,
    pub players: Option<Vec<RecordedPlayer>>,
}

/// A card game's variations as the `card_rules` column keeps them.
#[derive(Debug, Serialize, Deserialize)]
struct StoredRules {
    phases: Vec<u8>,
    ten_hands: bool,
}

/// The `card_rules` text of a new card game.
pub(super) fn stored_rules(rules: &CardRules) -> Result<String> {
    let stored = StoredRules {
        phases: rules.phases.iter().map(|p| p.get()).collect(),
        ten_hands: rules.ten_hands,
    };
    serde_json::to_string(&stored).map_err(|e| Error::Internal(format!("card rules: {e}")))
}

fn rules_of(record: &GameRecord) -> Result<CardRules> {
    let internal = |why: String| Error::Internal(format!("game {}: {why}", record.game.id));
    let text = record.game.card_rules.as_deref().unwrap_or_default();
    let stored: StoredRules = serde_json::from_str(text).map_err(|e| internal(e.to_string()))?;
    let phases = stored
        .phases
        .iter()
        .map(|&p| PhaseNumber::new(p).ok_or_else(|| internal(format!("no phase {p}"))))
        .collect::<Result<Vec<_>>>()?;
    let edition = CardEdition::from_stored(&record.game.edition)?;
    CardRules::new(phases, stored.ten_hands, edition).map_err(|e| internal(e.to_string()))
}

/// A new card game, before any hand.
pub(super) fn new_game(record: &GameRecord) -> Result<CardGame> {
    let names = record.players.iter().map(|p| p.name.to_string()).collect();
    CardGame::new(names, rules_of(record)?).map_err(|e| Error::Internal(e.to_string()))
}

/// Replays every hand of a stored card game.
pub(super) fn replay_hands(record: &GameRecord) -> Result<CardState> {
    let mut game = new_game(record)?;
    let mut played = Vec::with_capacity(record.hands.len());
    for row in &record.hands {
        let internal = |why: String| {
            Error::Internal(format!(
                "hand {} of game {} no longer replays: {why}",
                row.number, row.game_id
            ))
        };
        let players: Option<Vec<RecordedPlayer>> = row
            .players
            .as_deref()
            .map(serde_json::from_str)
            .transpose()
            .map_err(|e| internal(e.to_string()))?;
        let new = NewHand {
            went_out: row.went_out.clone(),
            players,
        };
        let hand = hand_of(record, &new).map_err(|e| internal(e.to_string()))?;
        let outcome = game.play(&hand).map_err(|e| internal(e.message))?;
        played.push(PlayedHand {
            row: row.clone(),
            players: new.players,
            outcome,
            after: game.clone(),
        });
    }
    Ok(CardState {
        game,
        hands: played,
    })
}

/// The seat of a player named in a hand, or 422 `unknown_player` at `field`.
fn seat_in(record: &GameRecord, player_id: &PlayerId, field: String) -> Result<usize> {
    record
        .players
        .iter()
        .position(|p| p.id == player_id)
        .ok_or_else(|| {
            Error::invalid_field(
                ProblemCode::UnknownPlayer,
                field,
                "is not a player of this game",
            )
        })
}

/// A recorded hand in the rules' terms: players by seat, what each holds.
pub(super) fn hand_of(record: &GameRecord, new: &NewHand) -> Result<Hand> {
    let went_out = seat_in(record, &new.went_out, "went_out".into())?;
    let Some(players) = &new.players else {
        return Ok(Hand::TieBreak { went_out });
    };
    let mut entries = Vec::with_capacity(players.len());
    for (i, line) in players.iter().enumerate() {
        let seat = seat_in(record, &line.player_id, format!("players[{i}].player_id"))?;
        let held = match (&line.cards, line.points) {
            (Some(_), Some(_)) => {
                let name = record.players[seat].name.as_str();
                return Err(refused(HandError::cards_and_points(i, name)));
            }
            (Some(cards), None) => Held::Cards(cards.clone()),
            (None, Some(points)) => Held::Points(points),
            (None, None) => Held::Nothing,
        };
        entries.push(HandEntry {
            seat,
            made: line.made,
            held,
            laid_down: line.laid_down.clone(),
        });
    }
    Ok(Hand::Played { went_out, entries })
}

/// A hand the rules refuse, as the problem a client sees: a conflict with where the game
/// stands (over, or waiting for its tie-break), or a field that breaks a rule.
pub(super) fn refused(error: HandError) -> Error {
    let code = match error.problem {
        HandProblem::GameOver => return Error::conflict(ProblemCode::GameOver, error.message),
        HandProblem::TieBreakDue => {
            return Error::conflict(ProblemCode::TieBreakDue, error.message);
        }
        HandProblem::NotATieBreak => {
            return Error::conflict(ProblemCode::NotATieBreak, error.message);
        }
        HandProblem::InvalidCard => ProblemCode::InvalidCard,
        HandProblem::PlayerMissing => ProblemCode::PlayerMissing,
        HandProblem::PlayerRepeated => ProblemCode::PlayerRepeated,
        HandProblem::CardsAndPoints => ProblemCode::CardsAndPoints,
        HandProblem::HoldingUnknown => ProblemCode::HoldingUnknown,
        HandProblem::WentOutNotMade => ProblemCode::WentOutNotMade,
        HandProblem::WentOutHoldsCards => ProblemCode::WentOutHoldsCards,
        HandProblem::HoldsNothing => ProblemCode::HoldsNothing,
        HandProblem::HandSize => ProblemCode::HandSize,
        HandProblem::ImpossiblePoints => ProblemCode::ImpossiblePoints,
        HandProblem::NotOneDeck => ProblemCode::NotOneDeck,
        HandProblem::LaidDownWithoutPhase => ProblemCode::LaidDownWithoutPhase,
        HandProblem::PhaseNotMade => ProblemCode::PhaseNotMade,
        HandProblem::NotTied => ProblemCode::NotTied,
    };
    Error::invalid_field(code, error.field, error.message)
}
