//! Digital turns (RULES §5): the server rolls. A turn is stored from its first roll, in play
//! (`rolling`) until it is scored, early or at once after its third roll; every roll is kept
//! with it. A turn in play is only rows in the database, so it outlives a restart.

use super::dice::ShownDie;
use super::names::Mode;
use super::replay::{GameState, OpenTurn, replay};
use super::roller::DiceRoller;
use super::turns::{acting_seat, cache_status, conflict, take, turn_conflict};
use super::{VersionCheck, access, check_version, rolls};
use crate::error::{Error, Result};
use crate::rules::DieId;
use crate::rules::digital::{ROLLS_PER_TURN, RerollError, RolledDie, Rolls};
use crate::store::games::{self, GameRow};
use crate::store::turns::{self, ROLLING, SCORED, TurnRow};
use crate::store::{self, DbConnection};

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

/// The dice as the rules and the `dice` column see them.
fn shown_dice(rolls: &Rolls) -> Result<String> {
    let dice: Vec<ShownDie> = rolls
        .last()
        .iter()
        .map(|d: &RolledDie| ShownDie::from(d.shown()))
        .collect();
    serde_json::to_string(&dice).map_err(|e| Error::Internal(format!("storing dice: {e}")))
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
    // One INSERT: atomic on its own, and part of the request's transaction, with its event.
    store::write_statement(conn, |conn| {
        let layout = state.layout.into();
        let mut dice = DiceRoller::secure();
        let rolls = Rolls::start(layout, |die| dice.face(die));
        let row = TurnRow {
            game_id: state.record.game.id.clone(),
            number: state.record.turns.len() as i32 + 1,
            player_id: player_id.to_string(),
            dice: shown_dice(&rolls)?,
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
    })
}

/// Takes the game for a change to its turn in play, `number`, by the account: to roll dice
/// (`rolling`) or to score it.
fn take_open(
    conn: &mut DbConnection,
    account_id: &str,
    game_id: &str,
    number: i32,
    expected: Option<&VersionCheck>,
    rolling: bool,
) -> Result<(GameRow, OpenTurn, GameState)> {
    let record = take(conn, account_id, game_id)?;
    let game = record.game.clone();
    let state = replay(record)?;
    if !state.record.turns.iter().any(|t| t.number == number) {
        return Err(Error::NotFound("turn"));
    }
    check_version(expected, game.version - 1)?;
    must_be_digital(&state)?;
    let open = match &state.open {
        Some(open) if open.row.number == number => open.clone(),
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
    Ok((game, open, state))
}

/// Writes the turn in play as it now is, at the game's version, and replays the game.
fn save(conn: &mut DbConnection, game: GameRow, turn: &TurnRow) -> Result<GameState> {
    // The game is taken (its row locked) for this change, so the turn is still in play.
    if !turns::update_in_play(conn, turn)? {
        return Err(Error::Internal(format!(
            "turn {} of game {} was no longer in play",
            turn.number, turn.game_id
        )));
    }
    let mut state = replay(games::load_record(conn, game)?)?;
    cache_status(conn, &mut state)?;
    Ok(state)
}

/// Scores the turn in play as its dice now lie, as a change of the game of its own.
fn score_open(
    conn: &mut DbConnection,
    game: GameRow,
    mut turn: TurnRow,
    rolls: &Rolls,
) -> Result<GameState> {
    turn.state = SCORED.into();
    turn.dice = shown_dice(rolls)?;
    turn.version = game.version;
    save(conn, game, &turn)
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
    store::write_transaction(conn, |conn| {
        let (game, open, state) = take_open(conn, account_id, game_id, number, expected, true)?;
        let OpenTurn {
            row: mut turn,
            mut rolls,
        } = open;
        let mut roller = DiceRoller::secure();
        rolls
            .reroll(state.layout.into(), dice, |die| roller.face(die))
            .map_err(|e| match e {
                RerollError::NoRollsLeft => conflict("no_rolls_left", e.to_string()),
                RerollError::NoDice => Error::invalid_field("no_dice", "reroll", e.to_string()),
                RerollError::Repeated(_) => {
                    Error::invalid_field("repeated_die", "reroll", e.to_string())
                }
            })?;
        turn.dice = shown_dice(&rolls)?;
        turn.rolls = Some(rolls::to_stored(&rolls)?);
        turn.version = game.version;
        let rolled = save(conn, game.clone(), &turn)?;
        let scored = if rolls.rolls_left() == 0 {
            let again = games::lock_for_change(conn, game_id, super::now())?
                .ok_or(Error::NotFound("game"))?;
            Some(score_open(conn, again, turn, &rolls)?)
        } else {
            None
        };
        Ok(Rolled { rolled, scored })
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
    store::write_transaction(conn, |conn| {
        let (game, open, _) = take_open(conn, account_id, game_id, number, expected, false)?;
        score_open(conn, game, open.row, &open.rolls)
    })
}
