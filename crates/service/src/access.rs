//! Who may do what with a game. The owner sees it and plays every seat no other account has
//! claimed; an account that accepted an invite sees it and plays its own seat only. Anyone
//! else is told the game does not exist.

use super::record::GameRecord;
use super::replay::GameState;
use crate::error::{Error, ProblemCode, Result};
use crate::values::{AccountId, PlayerId};

/// Why an account may see a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Owner,
    /// It plays at least one seat.
    Player,
}

/// The account's role in the game; a stranger gets `NotFound`, as for a game that does not exist.
pub fn role(record: &GameRecord, account_id: &AccountId) -> Result<Role> {
    if record.game.account_id == account_id {
        Ok(Role::Owner)
    } else if record.claims.iter().any(|c| c.account_id == account_id) {
        Ok(Role::Player)
    } else {
        Err(Error::NotFound("game"))
    }
}

/// Checks that the account may change the game as only its owner may (undo, delete, invite).
pub fn owner_only(record: &GameRecord, account_id: &AccountId, what: &str) -> Result<()> {
    match role(record, account_id)? {
        Role::Owner => Ok(()),
        Role::Player => Err(Error::Forbidden {
            code: ProblemCode::NotOwner,
            detail: format!("only the game's owner can {what}"),
        }),
    }
}

/// Checks that the account plays the seat of `player_id`: the account that claimed it, or the
/// owner while nobody has.
pub fn plays_seat(record: &GameRecord, account_id: &AccountId, player_id: &PlayerId) -> Result<()> {
    role(record, account_id)?;
    let claimant = record
        .claims
        .iter()
        .find(|c| c.player_id == player_id)
        .map(|c| &c.account_id);
    let player = record
        .players
        .iter()
        .find(|p| p.id == player_id)
        .map(|p| p.name.as_str())
        .unwrap_or("this player");
    match claimant {
        Some(claimant) if claimant == account_id => Ok(()),
        None if record.game.account_id == account_id => Ok(()),
        Some(_) => Err(Error::Forbidden {
            code: ProblemCode::NotYourSeat,
            detail: format!("{player}'s seat is played by the account that accepted its invite"),
        }),
        None => Err(Error::Forbidden {
            code: ProblemCode::NotYourSeat,
            detail: format!("{player}'s seat is played by the game's owner"),
        }),
    }
}

/// The seat of `player_id`, if the account plays it and it is that seat's turn.
pub fn acting_seat(
    state: &GameState,
    account_id: &AccountId,
    player_id: &PlayerId,
) -> Result<usize> {
    let seat = state.seat_of(player_id).ok_or_else(|| {
        Error::invalid_field(
            ProblemCode::UnknownPlayer,
            "player_id",
            "is not a player of this game",
        )
    })?;
    plays_seat(&state.record, account_id, player_id)?;
    match state.dice()?.game.current_seat() {
        None => Err(Error::conflict(
            ProblemCode::GameOver,
            "the game is over".into(),
        )),
        Some(current) if current != seat => {
            let name = &state.record.players[current].name;
            Err(Error::conflict(
                ProblemCode::NotYourTurn,
                format!("it is {name}'s turn"),
            ))
        }
        Some(_) => Ok(seat),
    }
}
