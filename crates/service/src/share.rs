//! Read-only links to a game's live pad. The owner makes a link; whoever holds it sees the pad
//! and follows the game, and can do nothing else. A token is 256 random bits; only its hash is
//! kept. A link expires, and the owner revokes every link of the game at once.

use std::sync::Arc;

use std::time::Duration;

use chrono::{NaiveDateTime, TimeDelta};
use diesel::result::{DatabaseErrorKind, Error as Diesel};
use rand::RngCore;

use super::accounts::{hash_key, same_secret};
use super::replay::GameState;
use super::{Session, access};
use crate::error::{Error, ProblemCode, Result};
use crate::store::games;
use crate::store::share_links::{self, ShareLinkRow};
use crate::values::{AccountId, GameId};

/// The live links a game may have at once: a link is for a group of people (a family, a club's
/// screen), and every one of them can hold the game's streams (`LINK_STREAMS_PER_GAME`).
pub const LINKS_PER_GAME: i64 = 20;

/// A new link; its token is not stored and cannot be shown again.
pub struct NewLink {
    pub token: String,
    pub expires_at: NaiveDateTime,
}

/// A link that opens a game now.
#[derive(Debug, Clone)]
pub struct OpenLink {
    pub token_hash: String,
    pub game_id: GameId,
}

/// Whether `text` could be a token: 64 lowercase hexadecimal digits.
pub fn looks_like_a_token(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// Checks that the account owns the game (404 if it cannot see it, 403 if it only plays a seat).
fn owned_game(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
    what: &str,
) -> Result<()> {
    let game = super::games::get(session, account_id, game_id)?;
    access::owner_only(&game.record, account_id, what)
}

/// The owner makes a read-only link to the game, for `ttl` from now.
#[tracing::instrument(skip_all, fields(account_id = %account_id, game_id = %game_id))]
pub fn create(session: &mut Session, account_id: &AccountId, game_id: &GameId) -> Result<NewLink> {
    let ttl: Duration = session.service.parts.share_ttl;
    owned_game(session, account_id, game_id, "share the game")?;
    let now = session.now();
    let live = share_links::live_of_game(session.conn(), game_id, now)?;
    if live >= LINKS_PER_GAME {
        return Err(Error::conflict(
            ProblemCode::TooManyLinks,
            format!(
                "this game has {live} live links, as many as a game may: revoke them \
                 (DELETE /v1/games/{game_id}/share) and share it again"
            ),
        ));
    }
    let mut secret = [0u8; 32];
    rand::rng().fill_bytes(&mut secret);
    let token = hex::encode(secret);
    let expires_at = TimeDelta::from_std(ttl)
        .ok()
        .and_then(|ttl| now.checked_add_signed(ttl))
        .ok_or_else(|| Error::bug(format!("a link's time to live is too long: {ttl:?}")))?;
    let link = ShareLinkRow {
        token_hash: hash_key(&token),
        game_id: game_id.clone(),
        created_at: now,
        expires_at,
    };
    // Inside the request's write (`write_as`): one statement of its transaction.
    share_links::insert(session.conn(), &link).map_err(|e| match e {
        // The game was deleted since it was read.
        Diesel::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _) => Error::NotFound("game"),
        other => other.into(),
    })?;
    Ok(NewLink { token, expires_at })
}

/// The owner revokes every link of the game.
#[tracing::instrument(skip_all, fields(account_id = %account_id, game_id = %game_id))]
pub fn revoke(session: &mut Session, account_id: &AccountId, game_id: &GameId) -> Result<()> {
    owned_game(session, account_id, game_id, "revoke the game's links")?;
    share_links::delete_of_game(session.conn(), game_id)?;
    Ok(())
}

/// The link a token opens now: unknown, expired and revoked tokens open nothing (404).
pub fn open(session: &mut Session, token: &str) -> Result<OpenLink> {
    if !looks_like_a_token(token) {
        return Err(Error::NotFound("link"));
    }
    let hash = hash_key(token);
    let now = session.now();
    share_links::find(session.conn(), &hash)?
        .filter(|link| same_secret(&link.token_hash, &hash) && link.expires_at > now)
        .map(|link| OpenLink {
            token_hash: link.token_hash,
            game_id: link.game_id,
        })
        .ok_or(Error::NotFound("link"))
}

/// Whether the link still opens its game (a stream asks before it sends more).
pub fn still_open(session: &mut Session, link: &OpenLink) -> Result<bool> {
    let now = session.now();
    Ok(share_links::find(session.conn(), &link.token_hash)?
        .is_some_and(|row| row.expires_at > now && row.game_id == link.game_id))
}

/// The game the link opens, as it is now.
#[tracing::instrument(skip_all, fields(game_id = %link.game_id))]
pub fn game(session: &mut Session, link: &OpenLink) -> Result<Arc<GameState>> {
    let row = games::find(session.conn(), &link.game_id)?.ok_or(Error::NotFound("link"))?;
    super::games::state_of(session, row)
}

/// Forgets links that expired.
pub fn purge(session: &mut Session) -> Result<usize> {
    let now = session.now();
    session.write_statement(|c| share_links::purge(c, now))
}
