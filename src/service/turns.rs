//! Recording a tabletop turn and undoing the latest one.
//!
//! A turn is recorded optimistically: the game is read and replayed, the turn checked, and then
//! one INSERT writes it carrying the game's next version. The database refuses that INSERT
//! unless the game still has the version that was read (a trigger, in the migrations), so a turn
//! is never written against a game that changed meanwhile, and of two racing turns one is
//! refused. An undo is one transaction that first takes the game (bumping its version), so it
//! runs after, or before, any turn in flight.

use diesel::result::{DatabaseErrorKind, Error as Diesel};

use super::access;
use super::dice::{ShownDie, not_rollable, shown_roll};
use super::games::status_name;
use super::names::Mode;
use super::replay::{GameState, PlayedTurn, replay};
use super::{VersionCheck, check_version};
use crate::error::{Error, Result};
use crate::rules::game::TurnError;
use crate::store::DbConnection;
use crate::store::games::{self, GameRecord};
use crate::store::turns::{self, TurnRow};

/// Takes a game the account may see for a change (bumping its version) and loads it as it now
/// is. Who may make the change is the caller's to check, in the same transaction.
pub(super) fn take(conn: &mut DbConnection, account_id: &str, game_id: &str) -> Result<GameRecord> {
    let row =
        games::lock_for_change(conn, game_id, super::now())?.ok_or(Error::NotFound("game"))?;
    let record = games::load_record(conn, row)?;
    access::role(&record, account_id)?;
    Ok(record)
}

/// Rewrites the game's cached status in the same transaction, when the change moved it.
pub(super) fn cache_status(conn: &mut DbConnection, state: &mut GameState) -> Result<()> {
    let status = status_name(state.game.status());
    if status != state.record.game.status {
        games::set_status(conn, &state.record.game.id, &status)?;
        state.record.game.status = status;
    }
    Ok(())
}

pub(super) fn conflict(code: &'static str, detail: String) -> Error {
    Error::Conflict { code, detail }
}

/// The seat of `player_id`, if the account plays it and it is that seat's turn.
pub(super) fn acting_seat(state: &GameState, account_id: &str, player_id: &str) -> Result<usize> {
    let seat = state.seat_of(player_id).ok_or_else(|| {
        Error::invalid_field(
            "unknown_player",
            "player_id",
            "is not a player of this game",
        )
    })?;
    access::plays_seat(&state.record, account_id, player_id)?;
    match state.game.current_seat() {
        None => Err(conflict("game_over", "the game is over".into())),
        Some(current) if current != seat => {
            let name = &state.record.players[current].name;
            Err(conflict("not_your_turn", format!("it is {name}'s turn")))
        }
        Some(_) => Ok(seat),
    }
}

/// A refused INSERT of a turn: another change of the game came first.
pub(super) fn turn_conflict(error: Diesel) -> Error {
    match error {
        Diesel::DatabaseError(kind, info)
            if matches!(
                kind,
                DatabaseErrorKind::UniqueViolation | DatabaseErrorKind::SerializationFailure
            ) || info.message().contains("stale game version") =>
        {
            conflict(
                "concurrent_change",
                "the game changed while this turn was being recorded; read it and try again".into(),
            )
        }
        other => other.into(),
    }
}

/// Records the dice a player ended a tabletop turn with; in a digital game, starts the player's
/// turn instead (the server rolls, so no dice may be given).
pub fn record(
    conn: &mut DbConnection,
    account_id: &str,
    game_id: &str,
    player_id: &str,
    dice: Option<Vec<ShownDie>>,
    expected: Option<&VersionCheck>,
) -> Result<GameState> {
    let row = games::find_visible(conn, account_id, game_id)?.ok_or(Error::NotFound("game"))?;
    // The INSERT below only succeeds while the game has this version, so the check holds.
    check_version(expected, row.version)?;
    let record = games::load_record(conn, row)?;
    let version = record.game.version + 1;
    let mut state = replay(record)?;
    let dice = match (state.mode, dice) {
        (Mode::Digital, None) => return super::digital::start(conn, state, account_id, player_id),
        (Mode::Digital, Some(_)) => {
            return Err(conflict(
                "digital_game",
                "the server rolls the dice of a digital game: start a turn with only a player_id"
                    .into(),
            ));
        }
        (Mode::Tabletop, dice) => dice.unwrap_or_default(),
    };
    let seat = acting_seat(&state, account_id, player_id)?;
    let (_, roll) = shown_roll(state.game.sheets()[seat].phase, &dice)?;
    // Turn order was checked above; what the rules can still refuse is the dice.
    let outcome = state.game.play(seat, &roll).map_err(|e| match e {
        TurnError::NotRollable(e) => not_rollable(e),
        other => Error::Internal(format!("a checked turn was refused: {other}")),
    })?;
    let row = TurnRow {
        game_id: game_id.to_string(),
        number: state.turns.len() as i32 + 1,
        player_id: player_id.to_string(),
        dice: serde_json::to_string(&dice).map_err(|e| Error::Internal(e.to_string()))?,
        version,
        created_at: super::now(),
        state: turns::SCORED.into(),
        rolls: None,
    };
    turns::insert(conn, &row).map_err(turn_conflict)?;
    cache_status(conn, &mut state)?;
    state.record.game.version = version;
    state.record.game.updated_at = row.created_at;
    state.turns.push(PlayedTurn {
        row: row.clone(),
        dice,
        outcome,
        after: state.game.clone(),
        rolls: None,
    });
    state.record.turns.push(row);
    Ok(state)
}

/// Undoes the latest turn: deletes it and replays the rest.
pub fn undo(
    conn: &mut DbConnection,
    account_id: &str,
    game_id: &str,
    number: i32,
    expected: Option<&VersionCheck>,
) -> Result<GameState> {
    let mut record = take(conn, account_id, game_id)?;
    access::owner_only(&record, account_id, "undo a turn")?;
    check_version(expected, record.game.version - 1)?;
    let latest = record.turns.last().map(|t| t.number);
    if !record.turns.iter().any(|t| t.number == number) {
        return Err(Error::NotFound("turn"));
    }
    if latest != Some(number) {
        return Err(conflict(
            "not_latest_turn",
            format!(
                "only the latest turn ({}) can be undone",
                latest.unwrap_or_default()
            ),
        ));
    }
    turns::delete(conn, game_id, number)?;
    record.turns.pop();
    let mut state = replay(record)?;
    cache_status(conn, &mut state)?;
    Ok(state)
}
