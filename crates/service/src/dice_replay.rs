//! A dice game's state and its record read back: what its turns make of it (`DiceState`), each
//! turn replayed and checked as the record says (`Check`), or the first the rules refuse. A
//! card game's are in `card_replay`; `replay` shows both as one state.

use super::dice::{not_rollable, shown_roll};
use crate::error::{Error, ProblemCode, Result};
use crate::record::{DiceRules, DoesNotReplay, GameRecord, Turn, TurnState};
use crate::rolls;
use crate::rules::dice::game::{Game, TurnError, TurnOutcome};
use crate::rules::dice::rolls::Rolls;
use crate::rules::dice::{Die, Roll};
use crate::values::{EntryNumber, GameId};

/// One stored turn, replayed.
#[derive(Debug, Clone)]
pub struct PlayedTurn {
    pub turn: Turn,
    pub outcome: TurnOutcome,
    /// The game right after this turn.
    pub after: Game,
    /// Every roll of a digital turn.
    pub rolls: Option<Rolls>,
}

/// A digital turn still in play: rolled, not yet scored, not yet part of the game.
#[derive(Debug, Clone)]
pub struct OpenTurn {
    pub turn: Turn,
    pub rolls: Rolls,
}

/// A dice game: its settings and what its turns make of it.
#[derive(Debug, Clone)]
pub struct DiceState {
    pub rules: DiceRules,
    pub game: Game,
    /// The turns that count, in order.
    pub turns: Vec<PlayedTurn>,
    /// The digital turn in play, if any: always the latest.
    pub open: Option<OpenTurn>,
}

/// How a record's turns are checked as they are replayed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Check {
    /// As stored: what the record holds was checked when it was entered.
    AsStored,
    /// From this turn on (a replaced turn and every one after it), as if each were entered
    /// now, on the phase its player is then on.
    AsEnteredFrom(EntryNumber),
}

/// A turn the rules refuse where it stands in a record.
#[derive(Debug)]
pub(super) struct TurnRefused {
    pub number: EntryNumber,
    /// The game just before it.
    pub before: Box<Game>,
    pub why: WhyRefused,
}

/// Why a turn is refused.
#[derive(Debug)]
pub(super) enum WhyRefused {
    /// Where the game stands: over, or another player's turn.
    Turn(TurnError),
    /// Its dice, on the phase its player is on, as recording them would be refused.
    Dice(Error),
    /// The record does not hold together (a turn of nobody, rolls that do not check).
    Record(String),
}

impl TurnRefused {
    /// The refusal as recording the turn would answer it.
    pub(super) fn into_entered(self) -> Error {
        match self.why {
            WhyRefused::Dice(e) => e,
            WhyRefused::Turn(TurnError::GameOver) => Error::conflict(
                ProblemCode::GameOver,
                "the game is over: no more turns".into(),
            ),
            WhyRefused::Turn(e) => Error::conflict(ProblemCode::NotYourTurn, e.to_string()),
            WhyRefused::Record(why) => Error::bug(why),
        }
    }

    pub(super) fn does_not_replay(self, game_id: &GameId) -> Error {
        Error::internal_cause(DoesNotReplay {
            entry: "turn",
            game_id: game_id.clone(),
            number: self.number,
            why: self.why.to_string(),
        })
    }
}

impl std::fmt::Display for WhyRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WhyRefused::Turn(e) => e.fmt(f),
            WhyRefused::Dice(e) => e.fmt(f),
            WhyRefused::Record(why) => f.write_str(why),
        }
    }
}

/// Replays every turn of a stored dice game: the game, or the first turn the rules refuse.
pub(super) fn replay_turns(
    record: &GameRecord,
    rules: DiceRules,
    recorded: &[Turn],
    check: Check,
) -> Result<std::result::Result<DiceState, TurnRefused>> {
    let mut game = Game::new(record.players.len(), rules.edition, rules.layout)
        .map_err(|e| Error::internal(format!("game {}", record.game.id), e))?;
    Ok(
        play_turns(record, recorded, &mut game, check).map(|(turns, open)| DiceState {
            rules,
            game,
            turns,
            open,
        }),
    )
}

/// Plays a record's turns on a new game: the turns that count, and the one in play.
fn play_turns(
    record: &GameRecord,
    recorded: &[Turn],
    game: &mut Game,
    check: Check,
) -> std::result::Result<(Vec<PlayedTurn>, Option<OpenTurn>), TurnRefused> {
    let layout = game.layout();
    let mut turns = Vec::with_capacity(recorded.len());
    let mut open = None;
    for turn in recorded {
        let refused = |game: &Game, why| TurnRefused {
            number: turn.number,
            before: Box::new(game.clone()),
            why,
        };
        let broken = |game: &Game, why: String| refused(game, WhyRefused::Record(why));
        let rolls = turn
            .rolls
            .as_deref()
            .map(|shown| rolls::checked(shown, layout))
            .transpose()
            .map_err(|e| broken(game, e.to_string()))?;
        if turn.state == TurnState::Rolling {
            let rolls = rolls.ok_or_else(|| broken(game, "it is in play without rolls".into()))?;
            open = Some(OpenTurn {
                turn: turn.clone(),
                rolls,
            });
            continue;
        }
        let seat = record
            .players
            .iter()
            .position(|p| p.id == turn.player_id)
            .ok_or_else(|| broken(game, "its player is not in the game".into()))?;
        // Whose turn it is comes before the dice, which are judged on that player's phase.
        match game.current_seat() {
            None => return Err(refused(game, WhyRefused::Turn(TurnError::GameOver))),
            Some(current) if current != seat => {
                let not_theirs = TurnError::NotYourTurn {
                    expected: current,
                    given: seat,
                };
                return Err(refused(game, WhyRefused::Turn(not_theirs)));
            }
            Some(_) => {}
        }
        let roll = match (check, &rolls) {
            (Check::AsEnteredFrom(first), None) if turn.number >= first => {
                let phase = game.sheets()[seat].phase;
                shown_roll(phase, &turn.dice)
                    .map(|(_, roll)| roll)
                    .map_err(|e| refused(game, WhyRefused::Dice(e)))?
            }
            _ => Roll::new(turn.dice.iter().copied().map(Die::from).collect())
                .map_err(|e| broken(game, e.to_string()))?,
        };
        let outcome = match game.play(seat, &roll) {
            Ok(outcome) => outcome,
            Err(TurnError::NotRollable(e)) => {
                return Err(refused(game, WhyRefused::Dice(not_rollable(e))));
            }
            Err(e) => return Err(refused(game, WhyRefused::Turn(e))),
        };
        turns.push(PlayedTurn {
            turn: turn.clone(),
            outcome,
            after: game.clone(),
            rolls,
        });
    }
    Ok((turns, open))
}
