//! Recording a tabletop turn (or starting a digital one), and rolling and scoring a digital turn
//! in play (`digital`). Each is a change of the game (`change`); undoing the latest turn and
//! replacing one are `entries`' and `edits`', as for hands.

use std::sync::Arc;

use super::access;
use super::change::{Change, Changed, change_game};
use super::chosen::Made;
use super::dice::{ShownDie, not_rollable, shown_roll};
use super::events::EventKind;
use super::names::Mode;
use super::numbered::{self, SentEntry};
use super::record::{Turn, TurnState};
use super::replay::GameState;
use super::replay::PlayedTurn;
use super::store::turns;
use super::{Session, VersionCheck};
use crate::error::{Error, ProblemCode, Result};
use crate::rules::dice::game::{MOST_TURNS, TurnError};
use crate::values::{AccountId, EntryNumber, GameId, PlayerId};

/// A turn as sent: whose it is, the dice it ended with (none to start a digital turn), and the
/// number the client gave it, if it did (`numbered`).
pub struct SentTurn {
    pub player_id: PlayerId,
    pub dice: Option<Vec<ShownDie>>,
    pub number: Option<EntryNumber>,
}

/// Records the dice a player ended a tabletop turn with; in a digital game, starts the player's
/// turn instead (the server rolls, so no dice may be given). A turn sent again with its number
/// is found, not recorded again (`numbered::sent_again`).
pub fn record(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
    sent: SentTurn,
    expected: Option<&VersionCheck>,
) -> Result<Made<Changed, Arc<GameState>>> {
    let entry = SentEntry::Turn {
        player_id: &sent.player_id,
        dice: sent.dice.as_deref(),
    };
    if let Some(state) = numbered::sent_again(session, account_id, game_id, sent.number, entry)? {
        return Ok(Made::Already(state));
    }
    let SentTurn {
        player_id,
        dice,
        number,
    } = sent;
    let player_id = &player_id;
    change_game(session, account_id, game_id, expected, |change| {
        let mode = change.game.dice()?.rules.mode;
        numbered::still_next(number, change.game.next_number())?;
        if change.game.record.entries.turns()?.len() >= MOST_TURNS {
            return Err(Error::conflict(
                ProblemCode::GameTooLong,
                format!(
                    "a dice game holds at most {MOST_TURNS} turns, and this one has them all: \
                     start a new game (a rematch keeps the players)"
                ),
            ));
        }
        match (mode, dice) {
            (Mode::Digital, None) => super::digital::start(change, account_id, player_id),
            (Mode::Digital, Some(_)) => Err(Error::conflict(
                ProblemCode::DigitalGame,
                "the server rolls the dice of a digital game: start a turn with only a player_id"
                    .into(),
            )),
            (Mode::Tabletop, dice) => play(change, account_id, player_id, dice.unwrap_or_default()),
        }
    })
    .map(Made::New)
}

/// Plays a tabletop turn on the dice shown.
fn play(
    change: &mut Change,
    account_id: &AccountId,
    player_id: &PlayerId,
    dice: Vec<ShownDie>,
) -> Result<()> {
    let state = &mut change.game;
    let seat = access::acting_seat(state, account_id, player_id)?;
    let game = &state.record.game;
    let turn = Turn {
        game_id: game.id.clone(),
        number: state.next_number(),
        player_id: player_id.clone(),
        dice,
        version: game.version,
        created_at: game.updated_at,
        state: TurnState::Scored,
        rolls: None,
        edited: 0,
    };
    let (play, entries) = state.dice_mut()?;
    let (_, roll) = shown_roll(play.game.sheets()[seat].phase, &turn.dice)?;
    // Turn order was checked above; what the rules can still refuse is the dice.
    let outcome = play.game.play(seat, &roll).map_err(|e| match e {
        TurnError::NotRollable(e) => not_rollable(e),
        other => Error::internal("a checked turn was refused", other),
    })?;
    turns::insert(change.session.conn(), &turn)?;
    play.turns.push(PlayedTurn {
        turn: turn.clone(),
        outcome,
        after: play.game.clone(),
        rolls: None,
    });
    let number = turn.number;
    entries.push(turn);
    change.scored(number)
}

impl Change<'_, '_> {
    /// Says a turn was scored: `game_finished` when it ended the game, `turn_scored` otherwise.
    pub(super) fn scored(&mut self, number: EntryNumber) -> Result<()> {
        let kind = match self.game.dice()?.game.status() {
            crate::rules::dice::game::Status::Finished => EventKind::GameFinished,
            _ => EventKind::TurnScored,
        };
        self.happened(kind, Some(number))
    }
}
