//! Digital turns (RULES §5): the server rolls. A turn is stored from its first roll, in play
//! (`rolling`) until it is scored, early or at once after its third roll; every roll is kept
//! with it. A turn in play is only rows in the database, so it outlives a restart.

use super::dice::ShownDie;
use super::names::Mode;
use super::replay::{GameState, OpenTurn, PlayedTurn, replay};
use super::roller::DiceRoller;
use super::turns::{acting_seat, cache_status, conflict, take, turn_conflict};
use super::{VersionCheck, access, check_version, rolls};
use crate::error::{Error, Result};
use crate::rules::DieId;
use crate::rules::digital::{ROLLS_PER_TURN, RerollError, RolledDie, Rolls};
use crate::store::DbConnection;
use crate::store::games;
use crate::store::turns::{self, ROLLING, SCORED, TurnRow};

/// What a re-roll did: the turn rolled and, after a third roll, the turn scored as well (each
/// is a change of the game of its own, with its own version).
pub struct Rolled {
    pub rolled: GameState,
    pub scored: Option<GameState>,
}

fn must_be_digital(state: &GameState) -> Result<()> {
    if state.mode == Mode::Digital {
        Ok(())
    } else {
        Err(conflict(
            "tabletop_game",
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

fn dice_json(dice: &[ShownDie]) -> Result<String> {
    serde_json::to_string(dice).map_err(|e| Error::Internal(format!("storing dice: {e}")))
}

/// Starts the player's turn with a roll of all ten dice, in the game as just read and replayed
/// (at the version the turn's INSERT will require).
pub(super) fn start(
    conn: &mut DbConnection,
    mut state: GameState,
    account_id: &str,
    player_id: &str,
) -> Result<GameState> {
    let version = state.record.game.version + 1;
    acting_seat(&state, account_id, player_id)?;
    if let Some(open) = &state.open {
        return Err(conflict(
            "turn_in_play",
            format!(
                "turn {} is still in play: roll again or score it first",
                open.row.number
            ),
        ));
    }
    let mut roller = DiceRoller::secure();
    let rolls = Rolls::start(state.layout.into(), |_| roller.face());
    let row = TurnRow {
        game_id: state.record.game.id.clone(),
        number: state.record.turns.len() as i32 + 1,
        player_id: player_id.to_string(),
        dice: dice_json(&shown_dice(&rolls))?,
        version,
        created_at: super::now(),
        state: ROLLING.into(),
        rolls: Some(rolls::to_stored(&rolls)?),
    };
    turns::insert(conn, &row).map_err(turn_conflict)?;
    state.record.game.version = version;
    state.record.game.updated_at = row.created_at;
    state.record.turns.push(row.clone());
    state.open = Some(OpenTurn { row, rolls });
    Ok(state)
}

/// Takes the game for a change to its turn in play, `number`, by the account: to roll dice
/// (`rolling`) or to score it. The turn is taken out of the state (`open` is left empty).
fn take_open(
    conn: &mut DbConnection,
    account_id: &str,
    game_id: &str,
    number: i32,
    expected: Option<&VersionCheck>,
    rolling: bool,
) -> Result<(GameState, OpenTurn)> {
    let mut state = replay(take(conn, account_id, game_id)?)?;
    if !state.record.turns.iter().any(|t| t.number == number) {
        return Err(Error::NotFound("turn"));
    }
    check_version(expected, state.record.game.version - 1)?;
    must_be_digital(&state)?;
    let open = match state.open.take() {
        Some(open) if open.row.number == number => open,
        _ => {
            let all_rolled = state
                .turns
                .iter()
                .find(|t| t.row.number == number)
                .and_then(|t| t.rolls.as_ref())
                .is_some_and(|rolls| rolls.rolls_left() == 0);
            return Err(if rolling && all_rolled {
                conflict(
                    "no_rolls_left",
                    format!("turn {number} has had all {ROLLS_PER_TURN} rolls and was scored"),
                )
            } else {
                conflict(
                    "turn_scored",
                    format!("turn {number} has been scored: its dice can no longer change"),
                )
            });
        }
    };
    access::plays_seat(&state.record, account_id, &open.row.player_id)?;
    Ok((state, open))
}

/// Writes the turn in play as it now is, at the game's version, into the database and into
/// the game's record.
fn save(conn: &mut DbConnection, state: &mut GameState, turn: &mut TurnRow) -> Result<()> {
    turn.version = state.record.game.version;
    // The game is taken (its row locked) for this change, so the turn is still in play.
    if !turns::update_in_play(conn, turn)? {
        return Err(Error::Internal(format!(
            "turn {} of game {} was no longer in play",
            turn.number, turn.game_id
        )));
    }
    if let Some(row) = state
        .record
        .turns
        .iter_mut()
        .find(|t| t.number == turn.number)
    {
        *row = turn.clone();
    }
    Ok(())
}

/// Scores the turn in play as its dice now lie, as a change of the game of its own.
fn score_open(
    conn: &mut DbConnection,
    mut state: GameState,
    mut turn: TurnRow,
    rolls: Rolls,
) -> Result<GameState> {
    let dice = shown_dice(&rolls);
    turn.state = SCORED.into();
    turn.dice = dice_json(&dice)?;
    save(conn, &mut state, &mut turn)?;
    let seat = state
        .seat_of(&turn.player_id)
        .ok_or_else(|| Error::Internal(format!("turn {} has no player", turn.number)))?;
    // The turn's own dice, rolled on the game's dice: the rules only score them.
    let outcome = state
        .game
        .play(seat, &rolls.final_roll())
        .map_err(|e| Error::Internal(format!("a rolled turn was refused: {e}")))?;
    state.turns.push(PlayedTurn {
        row: turn,
        dice,
        outcome,
        after: state.game.clone(),
        rolls: Some(rolls),
    });
    cache_status(conn, &mut state)?;
    Ok(state)
}

/// Rolls the named dice of the turn in play again; the third roll scores the turn.
pub fn reroll(
    conn: &mut DbConnection,
    account_id: &str,
    game_id: &str,
    number: i32,
    dice: &[DieId],
    expected: Option<&VersionCheck>,
) -> Result<Rolled> {
    let (mut state, open) = take_open(conn, account_id, game_id, number, expected, true)?;
    let OpenTurn {
        row: mut turn,
        mut rolls,
    } = open;
    let mut roller = DiceRoller::secure();
    rolls
        .reroll(state.layout.into(), dice, |_| roller.face())
        .map_err(|e| match e {
            RerollError::NoRollsLeft => conflict("no_rolls_left", e.to_string()),
            RerollError::NoDice => Error::invalid_field("no_dice", "reroll", e.to_string()),
            RerollError::Repeated(_) => {
                Error::invalid_field("repeated_die", "reroll", e.to_string())
            }
        })?;
    turn.dice = dice_json(&shown_dice(&rolls))?;
    turn.rolls = Some(rolls::to_stored(&rolls)?);
    save(conn, &mut state, &mut turn)?;
    state.open = Some(OpenTurn {
        row: turn.clone(),
        rolls: rolls.clone(),
    });
    if rolls.rolls_left() > 0 {
        return Ok(Rolled {
            rolled: state,
            scored: None,
        });
    }
    let rolled = state.clone();
    state.open = None;
    state.record.game =
        games::lock_for_change(conn, game_id, super::now())?.ok_or(Error::NotFound("game"))?;
    let scored = score_open(conn, state, turn, rolls)?;
    Ok(Rolled {
        rolled,
        scored: Some(scored),
    })
}

/// Ends the turn in play early and scores the dice as they lie.
pub fn score(
    conn: &mut DbConnection,
    account_id: &str,
    game_id: &str,
    number: i32,
    expected: Option<&VersionCheck>,
) -> Result<GameState> {
    let (state, open) = take_open(conn, account_id, game_id, number, expected, false)?;
    score_open(conn, state, open.row, open.rolls)
}
