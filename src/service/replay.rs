//! A game's state is what the rules make of its record: this replays a stored game, the turns
//! of a dice game here, the hands of a card game in `hands`.

pub use super::card_replay::{CardState, PlayedHand};

use crate::error::{Error, ProblemCode, Result};
use crate::rules::dice::game::{Edition, Game, TurnOutcome};
use crate::rules::dice::rolls::Rolls;
use crate::rules::dice::{DiceLayout, Die, Roll};
use crate::service::names::Mode;
use crate::service::record::{
    DiceRules, DoesNotReplay, GameRecord, GameRules, GameStatus, Turn, TurnState,
};
use crate::service::rolls;
use crate::values::{GameId, PlayerId, TurnNumber};

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
    pub mode: Mode,
    pub edition: Edition,
    pub layout: DiceLayout,
    pub game: Game,
    /// The turns that count, in order.
    pub turns: Vec<PlayedTurn>,
    /// The digital turn in play, if any: always the latest.
    pub open: Option<OpenTurn>,
}

fn wrong_game(this: &str, asked: &str) -> Error {
    Error::conflict(
        ProblemCode::WrongGame,
        format!("this is a {this} game: it has no {asked}"),
    )
}

impl Play {
    /// The dice game, or 409 `wrong_game` for a card game.
    pub fn dice(&self) -> Result<&DiceState> {
        match self {
            Play::Dice(dice) => Ok(dice),
            Play::Cards(_) => Err(wrong_game("card", "turns: record its hands")),
        }
    }

    pub fn dice_mut(&mut self) -> Result<&mut DiceState> {
        match self {
            Play::Dice(dice) => Ok(dice),
            Play::Cards(_) => Err(wrong_game("card", "turns: record its hands")),
        }
    }

    /// The card game, or 409 `wrong_game` for a dice game.
    pub fn cards(&self) -> Result<&CardState> {
        match self {
            Play::Cards(cards) => Ok(cards),
            Play::Dice(_) => Err(wrong_game("dice", "hands: record its turns")),
        }
    }

    pub fn cards_mut(&mut self) -> Result<&mut CardState> {
        match self {
            Play::Cards(cards) => Ok(cards),
            Play::Dice(_) => Err(wrong_game("dice", "hands: record its turns")),
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

    /// The number the game's next turn will have.
    pub fn next_turn_number(&self) -> TurnNumber {
        self.record
            .turns
            .last()
            .map_or(TurnNumber::FIRST, |turn| turn.number.next())
    }

    /// Grows by one on every change of the game: its entity tag.
    pub fn version(&self) -> i64 {
        self.record.game.version
    }

    /// The seat of a player of this game.
    pub fn seat_of(&self, player_id: &PlayerId) -> Option<usize> {
        self.record.players.iter().position(|p| p.id == player_id)
    }
}

/// Replays a stored game: every turn of a dice game, every hand of a card game.
pub fn replay(record: GameRecord) -> Result<GameState> {
    let play = match &record.game.rules {
        GameRules::Cards(rules) => Play::Cards(super::card_replay::replay_hands(&record, rules)?),
        GameRules::Dice(rules) => Play::Dice(replay_turns(&record, *rules)?),
    };
    Ok(GameState { record, play })
}

/// Replays every turn of a stored dice game.
fn replay_turns(record: &GameRecord, rules: DiceRules) -> Result<DiceState> {
    let DiceRules {
        mode,
        edition,
        layout,
    } = rules;
    let mut game = Game::new(record.players.len(), edition, layout)
        .map_err(|e| Error::internal(format!("game {}", record.game.id), e))?;
    let mut turns = Vec::with_capacity(record.turns.len());
    let mut open = None;
    for turn in &record.turns {
        let broken = |why: String| {
            Error::internal_cause(DoesNotReplay {
                entry: "turn",
                game_id: turn.game_id.clone(),
                number: turn.number,
                why,
            })
        };
        let rolls = turn
            .rolls
            .as_deref()
            .map(|shown| rolls::checked(shown, layout))
            .transpose()
            .map_err(|e| broken(e.to_string()))?;
        if turn.state == TurnState::Rolling {
            let rolls = rolls.ok_or_else(|| broken("it is in play without rolls".into()))?;
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
            .ok_or_else(|| broken("its player is not in the game".into()))?;
        let roll = Roll::new(turn.dice.iter().copied().map(Die::from).collect())
            .map_err(|e| broken(e.to_string()))?;
        let outcome = game.play(seat, &roll).map_err(|e| broken(e.to_string()))?;
        turns.push(PlayedTurn {
            turn: turn.clone(),
            outcome,
            after: game.clone(),
            rolls,
        });
    }
    Ok(DiceState {
        mode,
        edition,
        layout,
        game,
        turns,
        open,
    })
}
