//! Digital turns (RULES §5): the server rolls. A turn is stored from its first roll, in play
//! (`rolling`) until it is scored, early or at once after its third roll; every roll is kept
//! with it. A turn in play is only rows in the database, so it outlives a restart.

use super::change::Change;
use super::dice::ShownDie;
use super::events::EventKind;
use super::names::Mode;
use super::record::{Turn, TurnState};
use super::replay::{DiceState, GameState, OpenTurn, PlayedTurn};
use super::store::turns;
use super::{access, rolls};
use crate::error::{Error, ProblemCode, Result};
use crate::rules::dice::DieId;
use crate::rules::dice::rolls::{ROLLS_PER_TURN, RerollError, RolledDie, Rolls};
use crate::values::{AccountId, EntryNumber, PlayerId};

fn must_be_digital(state: &DiceState) -> Result<()> {
    if state.rules.mode == Mode::Digital {
        Ok(())
    } else {
        Err(Error::conflict(
            ProblemCode::TabletopGame,
            "the players roll the dice of a tabletop game: record the dice a turn ended with"
                .into(),
        ))
    }
}

/// The dice as they lie now, as the rules and the `dice` column see them.
fn shown_dice(rolls: &Rolls) -> Vec<ShownDie> {
    rolls
        .last()
        .iter()
        .map(|d: &RolledDie| ShownDie::from(d.shown()))
        .collect()
}

/// Starts the player's turn with a roll of all ten dice.
pub(super) fn start(
    change: &mut Change,
    account_id: &AccountId,
    player_id: &PlayerId,
) -> Result<()> {
    let state = &mut change.game;
    access::acting_seat(state, account_id, player_id)?;
    let play = state.dice()?;
    if let Some(open) = &play.open {
        return Err(Error::conflict(
            ProblemCode::TurnInPlay,
            format!(
                "turn {} is still in play: roll again or score it first",
                open.turn.number
            ),
        ));
    }
    let roller = change.session.dice();
    let rolls = Rolls::start(play.rules.layout, |_| roller.face());
    let game = &state.record.game;
    let turn = Turn {
        game_id: game.id.clone(),
        number: state.next_number(),
        player_id: player_id.clone(),
        dice: shown_dice(&rolls),
        version: game.version,
        created_at: game.updated_at,
        state: TurnState::Rolling,
        rolls: Some(rolls::rolls_view(&rolls)),
        edited: 0,
    };
    turns::insert(change.session.conn(), &turn)?;
    let number = turn.number;
    let (play, entries) = state.dice_mut()?;
    entries.push(turn.clone());
    play.open = Some(OpenTurn { turn, rolls });
    change.happened(EventKind::TurnStarted, Some(number))
}

/// The turn in play, `number`, of a game taken for a change, for the account to roll its dice
/// (`rolling`) or to score it.
fn open_turn(
    state: &GameState,
    account_id: &AccountId,
    number: EntryNumber,
    rolling: bool,
) -> Result<OpenTurn> {
    let open = turn_in_play(state, number, rolling)?;
    access::plays_seat(&state.record, account_id, &open.turn.player_id)?;
    Ok(open)
}

/// The digital turn `number` while its dice are rolling: 404 if there is no such turn, 409 if
/// it is a tabletop game's or has been scored (`rolling`: because it has had all its rolls).
pub fn turn_in_play(state: &GameState, number: EntryNumber, rolling: bool) -> Result<OpenTurn> {
    // A card game has no turns: 404, like a turn not yet played.
    let turns = state.record.entries.turns().map_or(&[][..], Vec::as_slice);
    if !turns.iter().any(|turn| turn.number == number) {
        return Err(Error::NotFound("turn"));
    }
    let play = state.dice()?;
    must_be_digital(play)?;
    let open = match &play.open {
        Some(open) if open.turn.number == number => open.clone(),
        _ => {
            let all_rolled = play
                .turns
                .iter()
                .find(|t| t.turn.number == number)
                .and_then(|t| t.rolls.as_ref())
                .is_some_and(|rolls| rolls.rolls_left() == 0);
            return Err(if rolling && all_rolled {
                Error::conflict(
                    ProblemCode::NoRollsLeft,
                    format!("turn {number} has had all {ROLLS_PER_TURN} rolls and was scored"),
                )
            } else {
                Error::conflict(
                    ProblemCode::TurnScored,
                    format!("turn {number} has been scored: its dice can no longer change"),
                )
            });
        }
    };
    Ok(open)
}

/// Puts the turn in play into the game's record as it now is, at the game's version.
fn keep_in_record(state: &mut GameState, turn: &Turn) -> Result<()> {
    let (_, turns) = state.dice_mut()?;
    if let Some(row) = turns.iter_mut().find(|t| t.number == turn.number) {
        *row = turn.clone();
    }
    Ok(())
}

/// Scores the turn in play as its dice now lie.
fn score_open(change: &mut Change, mut turn: Turn, rolls: Rolls) -> Result<()> {
    // The row is written once, as the turn ends, at the version of its last event.
    turn.version = change.next_version()?;
    let state = &mut change.game;
    turn.state = TurnState::Scored;
    turn.dice = shown_dice(&rolls);
    let seat = state
        .seat_of(&turn.player_id)
        .ok_or_else(|| Error::bug(format!("turn {} has no player", turn.number)))?;
    keep_in_record(state, &turn)?;
    let (play, _) = state.dice_mut()?;
    // The turn's own dice, rolled on the game's dice: the rules only score them.
    let outcome = play
        .game
        .play(seat, &rolls.final_roll())
        .map_err(|e| Error::internal("a rolled turn was refused", e))?;
    play.open = None;
    let number = turn.number;
    let scored = turn.clone();
    play.turns.push(PlayedTurn {
        turn,
        outcome,
        after: play.game.clone(),
        rolls: Some(rolls),
    });
    change.scored(number)?;
    save(change, &scored)
}

/// Writes the turn in play as it now is. The game is taken (its row locked) for this change, so
/// the turn is still in play.
fn save(change: &mut Change, turn: &Turn) -> Result<()> {
    if !turns::update_in_play(change.session.conn(), turn)? {
        return Err(Error::bug(format!(
            "turn {} of game {} was no longer in play",
            turn.number, turn.game_id
        )));
    }
    Ok(())
}

/// Rolls the named dice of the turn in play again; the third roll scores the turn (a change of
/// two events: the roll, then the scored turn).
pub(super) fn reroll(
    change: &mut Change,
    account_id: &AccountId,
    number: EntryNumber,
    dice: &[DieId],
) -> Result<()> {
    let OpenTurn {
        mut turn,
        mut rolls,
    } = open_turn(&change.game, account_id, number, true)?;
    let roller = change.session.dice();
    rolls
        .reroll(change.game.dice()?.rules.layout, dice, |_| roller.face())
        .map_err(|e| match e {
            RerollError::NoRollsLeft => Error::conflict(ProblemCode::NoRollsLeft, e.to_string()),
            RerollError::NoDice => {
                Error::invalid_field(ProblemCode::NoDice, "reroll", e.to_string())
            }
            RerollError::Repeated(_) => {
                Error::invalid_field(ProblemCode::RepeatedDie, "reroll", e.to_string())
            }
        })?;
    turn.dice = shown_dice(&rolls);
    turn.rolls = Some(rolls::rolls_view(&rolls));
    turn.version = change.game.record.game.version;
    keep_in_record(&mut change.game, &turn)?;
    change.game.dice_mut()?.0.open = Some(OpenTurn {
        turn: turn.clone(),
        rolls: rolls.clone(),
    });
    change.happened(EventKind::DiceRolled, Some(number))?;
    if rolls.rolls_left() > 0 {
        return save(change, &turn);
    }
    score_open(change, turn, rolls)
}

/// Ends the turn in play early and scores the dice as they lie.
pub(super) fn score(
    change: &mut Change,
    account_id: &AccountId,
    number: EntryNumber,
) -> Result<()> {
    let open = open_turn(&change.game, account_id, number, false)?;
    score_open(change, open.turn, open.rolls)
}
