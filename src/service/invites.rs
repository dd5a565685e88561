//! Invites to play a seat: the owner of a game invites for one player's seat, and the account
//! that accepts the invite's code plays that seat from then on. A code is used once and only
//! until it expires; only its hash is kept.

use std::time::Duration;

use chrono::{NaiveDateTime, TimeDelta};
use diesel::result::{DatabaseErrorKind, Error as Diesel};

use super::accounts::{hash_key, same_secret};
use super::replay::{GameState, replay};
use super::{access, invite_code};
use crate::error::{Error, Result};
use crate::store::games::{self, GameRecord};
use crate::store::invites::{self, InviteRow};
use crate::store::seats::{self, SeatClaimRow};
use crate::store::{self, DbConnection};

/// How long an expired invite is kept, so that its late use is answered 410 rather than 404.
const KEEP_EXPIRED: TimeDelta = TimeDelta::days(1);

/// A new invite; its code is not stored and cannot be shown again.
pub struct NewInvite {
    pub code: String,
    pub player_id: String,
    pub expires_at: NaiveDateTime,
}

/// What accepting an invite did.
pub struct Accepted {
    pub game: GameState,
    /// Whether the seat was claimed just now; `false` for the same account accepting again.
    pub claimed: bool,
}

fn seat_claimed() -> Error {
    Error::Conflict {
        code: "seat_claimed",
        detail: "this seat is already played by the account that accepted an invite for it".into(),
    }
}

fn gone(code: &'static str, detail: &str) -> Error {
    Error::Gone {
        code,
        detail: detail.into(),
    }
}

/// The seat of `player_id` in the game, unclaimed.
fn open_seat(record: &GameRecord, player_id: &str) -> Result<()> {
    if !record.players.iter().any(|p| p.id == player_id) {
        return Err(Error::invalid_field(
            "unknown_player",
            "player_id",
            "is not a player of this game",
        ));
    }
    if record.claims.iter().any(|c| c.player_id == player_id) {
        return Err(seat_claimed());
    }
    Ok(())
}

/// The owner invites another account to play the seat of `player_id`, for `ttl` from now.
pub fn create(
    conn: &mut DbConnection,
    account_id: &str,
    game_id: &str,
    player_id: &str,
    ttl: Duration,
) -> Result<NewInvite> {
    let row = games::find_visible(conn, account_id, game_id)?.ok_or(Error::NotFound("game"))?;
    let record = games::load_record(conn, row)?;
    access::owner_only(&record, account_id, "invite players")?;
    open_seat(&record, player_id)?;
    let code = invite_code::generate();
    let normalized = invite_code::normalize(&code)
        .ok_or_else(|| Error::Internal(format!("a new invite code does not read back: {code}")))?;
    let now = super::now();
    let expires_at = TimeDelta::from_std(ttl)
        .ok()
        .and_then(|ttl| now.checked_add_signed(ttl))
        .ok_or_else(|| Error::Internal(format!("an invite's time to live is too long: {ttl:?}")))?;
    let invite = InviteRow {
        code_hash: hash_key(&normalized),
        game_id: game_id.to_string(),
        player_id: player_id.to_string(),
        created_at: now,
        expires_at,
        accepted_by: None,
        accepted_at: None,
    };
    invites::insert(conn, &invite).map_err(|e| match e {
        // The game was deleted since it was read.
        Diesel::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _) => Error::NotFound("game"),
        other => other.into(),
    })?;
    Ok(NewInvite {
        code,
        player_id: invite.player_id,
        expires_at: invite.expires_at,
    })
}

/// The invite a code names, if any. It is looked up by the code's hash, then the hash is
/// compared in constant time, as an API key is.
fn find(conn: &mut DbConnection, typed: &str) -> Result<InviteRow> {
    let code = invite_code::normalize(typed).ok_or(Error::NotFound("invite"))?;
    let hash = hash_key(&code);
    invites::find(conn, &hash)?
        .filter(|invite| same_secret(&invite.code_hash, &hash))
        .ok_or(Error::NotFound("invite"))
}

/// The account accepts the invite of `code` and plays its seat from now on. Accepting again an
/// invite the account accepted already changes nothing: it answers a retry.
pub fn accept(conn: &mut DbConnection, account_id: &str, code: &str) -> Result<Accepted> {
    let invite = find(conn, code)?;
    match invite.accepted_by.as_deref() {
        Some(by) if by == account_id => Ok(Accepted {
            game: super::games::get(conn, account_id, &invite.game_id)?,
            claimed: false,
        }),
        Some(_) => Err(gone("invite_used", "this invite has been used")),
        None => claim_seat(conn, account_id, &invite).map(|game| Accepted {
            game,
            claimed: true,
        }),
    }
}

/// Gives the invite's seat to the account, as a change of the game.
fn claim_seat(conn: &mut DbConnection, account_id: &str, invite: &InviteRow) -> Result<GameState> {
    let now = super::now();
    if invite.expires_at <= now {
        return Err(gone("invite_expired", "this invite has expired"));
    }
    // The game is taken (its row locked) before its seats are read, so a seat claimed by a
    // concurrent accept of another invite is seen.
    let row =
        games::lock_for_change(conn, &invite.game_id, now)?.ok_or(Error::NotFound("invite"))?;
    let mut record = games::load_record(conn, row)?;
    if record.game.account_id == account_id {
        return Err(Error::Conflict {
            code: "own_game",
            detail: "the owner of a game plays every seat nobody has claimed already".into(),
        });
    }
    // Marked before the seat is looked at: of two accounts racing for one invite, the second
    // is told the invite was used, as it would be a moment later.
    if !invites::mark_accepted(conn, &invite.code_hash, account_id, now)? {
        return Err(gone("invite_used", "this invite has been used"));
    }
    open_seat(&record, &invite.player_id)?;
    let claim = SeatClaimRow {
        player_id: invite.player_id.clone(),
        game_id: invite.game_id.clone(),
        account_id: account_id.to_string(),
        claimed_at: now,
    };
    seats::insert(conn, &claim).map_err(|e| match e {
        Diesel::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => seat_claimed(),
        other => other.into(),
    })?;
    record.claims.push(claim);
    replay(record)
}

/// Forgets invites that expired more than a day ago, used or not.
pub fn purge(conn: &mut DbConnection) -> Result<usize> {
    let before = super::now() - KEEP_EXPIRED;
    Ok(store::write_statement(conn, |c| invites::purge(c, before))?)
}
