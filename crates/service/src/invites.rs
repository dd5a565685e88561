//! Invites to play a seat: the owner of a game invites for one player's seat, and the account
//! that accepts the invite's code plays that seat from then on. A code is used once and only
//! until it expires; only its hash is kept.

use std::time::Duration;

use chrono::{NaiveDateTime, TimeDelta};
use diesel::result::{DatabaseErrorKind, Error as Diesel};

use super::accounts::{hash_key, same_secret};
use super::change::{Changed, Changer, change_as};
use super::events::EventKind;
use super::record::{GameRecord, SeatClaim};
use super::replay::replay;
use super::store::games;
use super::store::seats;
use super::{Session, access, invite_code};
use crate::error::{Error, ProblemCode, Result};
use crate::store::invites::{self, InviteRow};
use crate::values::{AccountId, GameId, PlayerId};

/// How long an expired invite is kept, so that its late use is answered 410 rather than 404.
const KEEP_EXPIRED: TimeDelta = TimeDelta::days(1);

/// A new invite; its code is not stored and cannot be shown again.
pub struct NewInvite {
    pub code: String,
    pub player_id: PlayerId,
    pub expires_at: NaiveDateTime,
}

/// What accepting an invite did.
pub struct Accepted {
    /// The game, and the event of the seat's claim (none for a retry).
    pub game: Changed,
    /// Whether the seat was claimed just now; `false` for the same account accepting again.
    pub claimed: bool,
}

fn seat_claimed() -> Error {
    Error::Conflict {
        code: ProblemCode::SeatClaimed,
        detail: "this seat is already played by the account that accepted an invite for it".into(),
    }
}

fn gone(code: ProblemCode, detail: &str) -> Error {
    Error::Gone {
        code,
        detail: detail.into(),
    }
}

/// The seat of `player_id` in the game, unclaimed.
fn open_seat(record: &GameRecord, player_id: &PlayerId) -> Result<()> {
    if !record.players.iter().any(|p| p.id == player_id) {
        return Err(Error::invalid_field(
            ProblemCode::UnknownPlayer,
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
#[tracing::instrument(skip_all, fields(account_id = %account_id, game_id = %game_id))]
pub fn create(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
    player_id: &PlayerId,
) -> Result<NewInvite> {
    let ttl: Duration = session.service.parts.invite_ttl;
    let conn = session.conn();
    let row = games::find_visible(conn, account_id, game_id)?.ok_or(Error::NotFound("game"))?;
    let record = games::load_record(conn, row)?;
    access::owner_only(&record, account_id, "invite players")?;
    open_seat(&record, player_id)?;
    let code = invite_code::generate();
    let normalized = invite_code::normalize(&code)
        .ok_or_else(|| Error::bug(format!("a new invite code does not read back: {code}")))?;
    let now = session.now();
    let expires_at = TimeDelta::from_std(ttl)
        .ok()
        .and_then(|ttl| now.checked_add_signed(ttl))
        .ok_or_else(|| Error::bug(format!("an invite's time to live is too long: {ttl:?}")))?;
    let invite = InviteRow {
        code_hash: hash_key(&normalized),
        game_id: game_id.clone(),
        player_id: player_id.clone(),
        created_at: now,
        expires_at,
        accepted_by: None,
        accepted_at: None,
    };
    invites::insert(session.conn(), &invite).map_err(|e| match e {
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
fn find(session: &mut Session, typed: &str) -> Result<InviteRow> {
    let code = invite_code::normalize(typed).ok_or(Error::NotFound("invite"))?;
    let hash = hash_key(&code);
    invites::find(session.conn(), &hash)?
        .filter(|invite| same_secret(&invite.code_hash, &hash))
        .ok_or(Error::NotFound("invite"))
}

/// The account accepts the invite of `code` and plays its seat from now on. Accepting again an
/// invite the account accepted already changes nothing: it answers a retry.
#[tracing::instrument(skip_all, fields(account_id = %account_id))]
pub fn accept(session: &mut Session, account_id: &AccountId, code: &str) -> Result<Accepted> {
    let invite = find(session, code)?;
    match &invite.accepted_by {
        Some(by) if by == account_id => Ok(Accepted {
            game: Changed {
                game: super::games::get(session, account_id, &invite.game_id)?,
                events: Vec::new(),
            },
            claimed: false,
        }),
        Some(_) => Err(gone(ProblemCode::InviteUsed, "this invite has been used")),
        None => claim_seat(session, account_id, &invite).map(|game| Accepted {
            game,
            claimed: true,
        }),
    }
}

/// Gives the invite's seat to the account, as a change of the game.
fn claim_seat(
    session: &mut Session,
    account_id: &AccountId,
    invite: &InviteRow,
) -> Result<Changed> {
    let now = session.now();
    if invite.expires_at <= now {
        return Err(gone(ProblemCode::InviteExpired, "this invite has expired"));
    }
    // The game is taken (its row locked) before its seats are read, so a seat claimed by a
    // concurrent accept of another invite is seen.
    let changed = change_as(session, Changer::Invited, &invite.game_id, None, |change| {
        if change.game.record.game.account_id == account_id {
            return Err(Error::Conflict {
                code: ProblemCode::OwnGame,
                detail: "the owner of a game plays every seat nobody has claimed already".into(),
            });
        }
        let conn = change.session.conn();
        // Marked before the seat is looked at: of two accounts racing for one invite, the
        // second is told the invite was used, as it would be a moment later.
        if !invites::mark_accepted(conn, &invite.code_hash, account_id, now)? {
            return Err(gone(ProblemCode::InviteUsed, "this invite has been used"));
        }
        open_seat(&change.game.record, &invite.player_id)?;
        let claim = SeatClaim {
            player_id: invite.player_id.clone(),
            game_id: invite.game_id.clone(),
            account_id: account_id.clone(),
            claimed_at: now,
        };
        seats::insert(conn, &claim).map_err(|e| match e {
            Diesel::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => seat_claimed(),
            other => other.into(),
        })?;
        let mut record = change.game.record.clone();
        record.claims.push(claim);
        change.game = replay(record)?;
        change.happened(EventKind::SeatClaimed, None)
    });
    match changed {
        // The game was deleted since the invite was read.
        Err(Error::NotFound("game")) => Err(Error::NotFound("invite")),
        other => other,
    }
}

/// Forgets invites that expired more than a day ago, used or not.
pub fn purge(session: &mut Session) -> Result<usize> {
    let before = session.now() - KEEP_EXPIRED;
    session.write_statement(|c| invites::purge(c, before))
}
