//! A game's state is what the rules make of its record: this replays a stored game, the turns
//! of a dice game here, the hands of a card game in `hands`.

pub use super::card_replay::{CardState, PlayedHand};

use crate::dice::{not_rollable, shown_roll};
use crate::error::{Error, ProblemCode, Result};
use crate::names::GameKind;
use crate::record::{
    DiceRules, DoesNotReplay, Entries, GameRecord, GameRules, GameStatus, Turn, TurnState,
    wrong_game,
};
use crate::rolls;
use crate::rules::dice::game::{Game, TurnError, TurnOutcome};
use crate::rules::dice::rolls::Rolls;
use crate::rules::dice::{Die, Roll};
use crate::values::{EntryNumber, GameId, GameVersion, PlayerId};

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

/// A stored game and what its record makes of it: a dice game's turns, or a card game's hands.
#[derive(Debug, Clone)]
pub struct GameState {
    pub record: GameRecord,
    pub play: Play,
}

/// Which game is played, and where it stands.
// A state is built once per change and kept; boxing the larger variant would only add an
// allocation to every dice turn.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Play {
    Dice(DiceState),
    Cards(CardState),
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

impl Play {
    /// The dice game, or 409 `wrong_game` for a card game.
    pub fn dice(&self) -> Result<&DiceState> {
        match self {
            Play::Dice(dice) => Ok(dice),
            Play::Cards(_) => Err(wrong_game(GameKind::Cards)),
        }
    }

    pub fn dice_mut(&mut self) -> Result<&mut DiceState> {
        match self {
            Play::Dice(dice) => Ok(dice),
            Play::Cards(_) => Err(wrong_game(GameKind::Cards)),
        }
    }

    /// The card game, or 409 `wrong_game` for a dice game.
    pub fn cards(&self) -> Result<&CardState> {
        match self {
            Play::Cards(cards) => Ok(cards),
            Play::Dice(_) => Err(wrong_game(GameKind::Dice)),
        }
    }

    pub fn cards_mut(&mut self) -> Result<&mut CardState> {
        match self {
            Play::Cards(cards) => Ok(cards),
            Play::Dice(_) => Err(wrong_game(GameKind::Dice)),
        }
    }
}

impl GameState {
    pub fn id(&self) -> &GameId {
        &self.record.game.id
    }

    pub fn dice(&self) -> Result<&DiceState> {
        self.play.dice()
    }

    pub fn cards(&self) -> Result<&CardState> {
        self.play.cards()
    }

    /// The game's status, whichever the game.
    pub fn status(&self) -> GameStatus {
        match &self.play {
            Play::Dice(dice) => dice.game.status().into(),
            Play::Cards(cards) => cards.game.status().into(),
        }
    }

    /// The number the game's next turn or hand will have.
    pub fn next_number(&self) -> EntryNumber {
        self.record.entries.next_number()
    }

    /// Grows by one on every change of the game: its entity tag.
    pub fn version(&self) -> GameVersion {
        self.record.game.version
    }

    /// The seat of a player of this game.
    pub fn seat_of(&self, player_id: &PlayerId) -> Option<usize> {
        self.record.players.iter().position(|p| p.id == player_id)
    }
}

/// Replays a stored game: every turn of a dice game, every hand of a card game.
pub fn replay(record: GameRecord) -> Result<GameState> {
    let play = match (&record.game.rules, &record.entries) {
        (GameRules::Cards(rules), Entries::Hands(hands)) => Play::Cards(
            super::card_replay::replay_hands(&record, rules, hands)?
                .map_err(|refused| refused.does_not_replay(&record.game.id))?,
        ),
        (GameRules::Dice(rules), Entries::Turns(turns)) => Play::Dice(
            replay_turns(&record, *rules, turns, Check::AsStored)?
                .map_err(|refused| refused.does_not_replay(&record.game.id))?,
        ),
        _ => return Err(entries_of_another_game(&record)),
    };
    Ok(GameState { record, play })
}

/// Replays a record made elsewhere (an import): every entry judged as if entered now, on the
/// phase its player is then on. The first entry the rules refuse, in a player's words, if any.
pub(super) fn replay_entered(record: GameRecord) -> Result<std::result::Result<GameState, String>> {
    let play = match (&record.game.rules, &record.entries) {
        (GameRules::Cards(rules), Entries::Hands(hands)) => {
            match super::card_replay::replay_hands(&record, rules, hands)? {
                Ok(cards) => Play::Cards(cards),
                Err(refused) => {
                    let number = refused.number;
                    let why = refused.into_recorded();
                    return Ok(Err(format!("hand {number}: {why}")));
                }
            }
        }
        (GameRules::Dice(rules), Entries::Turns(turns)) => {
            let check = Check::AsEnteredFrom(EntryNumber::FIRST);
            match replay_turns(&record, *rules, turns, check)? {
                Ok(dice) => Play::Dice(dice),
                Err(refused) => {
                    let number = refused.number;
                    let why = match refused.why {
                        WhyRefused::Turn(e) => e.to_string(),
                        WhyRefused::Dice(e) => e.to_string(),
                        WhyRefused::Record(why) => why,
                    };
                    return Ok(Err(format!("turn {number}: {why}")));
                }
            }
        }
        _ => return Err(entries_of_another_game(&record)),
    };
    Ok(Ok(GameState { record, play }))
}

/// A record whose entries are not its game's (the store and an import build them by the
/// game's rules, so this is never seen).
fn entries_of_another_game(record: &GameRecord) -> Error {
    let word = record.entries.kind().word();
    Error::bug(format!(
        "game {} has {word}s of the other game",
        record.game.id
    ))
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
        let why = match self.why {
            WhyRefused::Turn(e) => e.to_string(),
            WhyRefused::Dice(e) => e.to_string(),
            WhyRefused::Record(why) => why,
        };
        Error::internal_cause(DoesNotReplay {
            entry: "turn",
            game_id: game_id.clone(),
            number: self.number,
            why,
        })
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
