//! A card game's record read back: its variations as stored, a hand as recorded (which is also
//! how a client sends it), and the replay of its hands. What changes a card game is `hands`.

pub use super::record::RecordedPlayer;
use super::record::{DoesNotReplay, GameRecord, Hand};
use crate::error::{Error, ProblemCode, Result};
use crate::rules::cards::{
    CardGame, CardRules, Hand as RulesHand, HandEntry, HandError, HandOutcome, HandProblem, Held,
};
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
    /// The hand as recorded (each player's line; none for a tie-break hand).
    pub hand: Hand,
    pub outcome: HandOutcome,
    /// The game right after this hand.
    pub after: CardGame,
}

/// A hand to record: who went out, and every player's line; a tie-break hand has only who
/// went out (`players` is `None`).
#[derive(Debug, Clone)]
pub struct NewHand {
    pub went_out: PlayerId,
    pub players: Option<Vec<RecordedPlayer>>,
}

/// A new card game, before any hand.
pub(super) fn new_game(record: &GameRecord, rules: &CardRules) -> Result<CardGame> {
    let names = record.players.iter().map(|p| p.name.to_string()).collect();
    CardGame::new(names, rules.clone())
        .map_err(|e| Error::internal(format!("card game {}", record.game.id), e))
}

/// Replays every hand of a stored card game.
pub(super) fn replay_hands(record: &GameRecord, rules: &CardRules) -> Result<CardState> {
    let mut game = new_game(record, rules)?;
    let mut played = Vec::with_capacity(record.hands.len());
    for recorded in &record.hands {
        let broken = |why: String| {
            Error::internal_cause(DoesNotReplay {
                entry: "hand",
                game_id: recorded.game_id.clone(),
                number: recorded.number,
                why,
            })
        };
        let new = NewHand {
            went_out: recorded.went_out.clone(),
            players: recorded.players.clone(),
        };
        let hand = hand_of(record, &new).map_err(|e| broken(e.to_string()))?;
        let outcome = game.play(&hand).map_err(|e| broken(e.message))?;
        played.push(PlayedHand {
            hand: recorded.clone(),
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
pub(super) fn hand_of(record: &GameRecord, new: &NewHand) -> Result<RulesHand> {
    let went_out = seat_in(record, &new.went_out, "went_out".into())?;
    let Some(players) = &new.players else {
        return Ok(RulesHand::TieBreak { went_out });
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
    Ok(RulesHand::Played { went_out, entries })
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
