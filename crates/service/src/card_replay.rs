//! A card game's record read back: its variations as stored, a hand as recorded (which is also
//! how a client sends it), and the replay of its hands. What changes a card game is `hands`.

use super::record::{DoesNotReplay, GameRecord, Hand};
pub use super::record::{EnteredHand, RecordedPlayer};
use crate::error::{Error, ProblemCode, Result};
use crate::rules::cards::{
    CardGame, CardRules, Hand as RulesHand, HandEntry, HandError, HandOutcome, HandProblem, Held,
};
use crate::values::{EntryNumber, GameId, PlayerId};

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

/// A new card game, before any hand.
pub(super) fn new_game(record: &GameRecord, rules: &CardRules) -> Result<CardGame> {
    let names = record.players.iter().map(|p| p.name.to_string()).collect();
    CardGame::new(names, rules.clone())
        .map_err(|e| Error::internal(format!("card game {}", record.game.id), e))
}

/// Replays every hand of a stored card game: the game, or the first hand the rules refuse.
pub(super) fn replay_hands(
    record: &GameRecord,
    rules: &CardRules,
    hands: &[Hand],
) -> Result<std::result::Result<CardState, HandRefused>> {
    let mut game = new_game(record, rules)?;
    let mut played = Vec::with_capacity(hands.len());
    for recorded in hands {
        let refused = |game: &CardGame, why| HandRefused {
            number: recorded.number,
            before: Box::new(game.clone()),
            why,
        };
        let new = EnteredHand {
            went_out: recorded.went_out.clone(),
            players: recorded.players.clone(),
        };
        let hand = match hand_of(record, &new) {
            Ok(hand) => hand,
            Err(e) => return Ok(Err(refused(&game, WhyHandRefused::Entry(e)))),
        };
        let outcome = match game.play(&hand) {
            Ok(outcome) => outcome,
            Err(e) => return Ok(Err(refused(&game, WhyHandRefused::Rules(e)))),
        };
        played.push(PlayedHand {
            hand: recorded.clone(),
            outcome,
            after: game.clone(),
        });
    }
    Ok(Ok(CardState {
        game,
        hands: played,
    }))
}

/// A hand the rules refuse where it stands in a record.
#[derive(Debug)]
pub(super) struct HandRefused {
    pub number: EntryNumber,
    /// The game just before it.
    pub before: Box<CardGame>,
    pub why: WhyHandRefused,
}

/// Why a hand is refused.
#[derive(Debug)]
pub(super) enum WhyHandRefused {
    /// The hand does not name the game's players as it should.
    Entry(Error),
    /// The rules refuse it where the game then stands.
    Rules(HandError),
}

impl HandRefused {
    /// The refusal as recording the hand would answer it.
    pub(super) fn into_recorded(self) -> Error {
        match self.why {
            WhyHandRefused::Entry(e) => e,
            WhyHandRefused::Rules(e) => refused(e),
        }
    }

    pub(super) fn does_not_replay(self, game_id: &GameId) -> Error {
        let number = self.number;
        Error::internal_cause(DoesNotReplay {
            entry: "hand",
            game_id: game_id.clone(),
            number,
            why: self.into_recorded().to_string(),
        })
    }
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
pub(super) fn hand_of(record: &GameRecord, new: &EnteredHand) -> Result<RulesHand> {
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
    Error::invalid_field(code, error.at.to_string(), error.message)
}
