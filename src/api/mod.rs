//! The HTTP API (actix-web): one module per resource, the problem+json mapping, auth, request
//! extraction, the response views and the OpenAPI document.

pub mod accounts;
pub mod auth;
pub mod client_address;
pub mod conditional;
pub mod connection_state;
pub mod cors;
pub mod digital;
pub mod error;
pub mod event_stream;
pub mod events;
pub mod extract;
pub mod games;
pub mod header_limit;
pub mod health;
pub mod idempotency;
pub mod invites;
pub mod live;
pub mod middleware;
pub mod openapi;
pub mod phases;
pub mod rate_limit;
pub mod request_log;
pub mod scoresheet;
pub mod turns;
pub mod views;

use std::time::Duration;

use actix_web::{HttpResponse, web};
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use auth::Caller;

use crate::error::{Error, Result};
use crate::service;
use crate::service::accounts::authenticate;
use crate::service::idempotency::{Claim, KeyPolicy, Receipt, once};
use crate::service::replay::GameState;
use crate::store::accounts::AccountRow;
use crate::store::{DbConnection, Pool};

/// Reads an id: a UUID, or the value is invalid (in a path, the path names no resource: 404; in
/// a body, 422). Nothing else reaches the database, which may refuse it (PostgreSQL takes no NUL
/// in text), and a body is refused for it before any precondition is looked at. Ids are
/// case-insensitive: each is read in the form ids are stored in (lowercase, hyphenated).
pub fn uuid_text<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let text = <String as serde::Deserialize>::deserialize(deserializer)?;
    // Only the hyphenated form (36 characters), in either case: one resource, one address.
    let hyphenated = text.len() == 36;
    match uuid::Uuid::try_parse(&text) {
        Ok(id) if hyphenated => Ok(id.hyphenated().to_string()),
        _ => Err(serde::de::Error::invalid_value(
            serde::de::Unexpected::Str(&text),
            &"a UUID",
        )),
    }
}

/// The path of a game: `/v1/games/{game_id}…`.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub struct GamePath {
    /// The game's id.
    #[serde(deserialize_with = "uuid_text")]
    #[param(format = Uuid)]
    pub game_id: String,
}

/// The path of a turn: `/v1/games/{game_id}/turns/{number}`.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub struct TurnPath {
    /// The game's id.
    #[serde(deserialize_with = "uuid_text")]
    #[param(format = Uuid)]
    pub game_id: String,
    /// The turn's number, from 1.
    // Read as text, so that a path without a number in it is a 404 like any unknown turn.
    #[param(value_type = i32)]
    pub number: String,
}

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    pub pool: Pool,
    pub keys: KeyPolicy,
    /// How long a request's database work may take before it is answered 503.
    pub deadline: Duration,
    /// The subscribers of games in this process.
    pub live: live::Live,
    pub streams: event_stream::StreamSettings,
    /// How long an invite can be accepted.
    pub invite_ttl: Duration,
}

impl AppState {
    /// Runs database work on the blocking thread pool, never on an async worker. Work that
    /// overruns the deadline (a database that stopped answering without closing its
    /// connections) is answered 503 and left to finish or fail on its own: a write it was doing
    /// may still land, which a retry with the same `Idempotency-Key` finds.
    pub async fn db<T, F>(&self, work: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T> + Send + 'static,
    {
        let pool = self.pool.clone();
        let blocking = web::block(move || {
            let mut conn = pool.get()?;
            let result = work(&mut conn);
            if matches!(result, Err(Error::Unavailable | Error::Internal(_))) {
                crate::store::discard_connection();
            }
            result
        });
        match actix_web::rt::time::timeout(self.deadline, blocking).await {
            Ok(done) => done.map_err(|e| Error::Internal(format!("blocking task failed: {e}")))?,
            Err(_) => {
                tracing::warn!(deadline = ?self.deadline, "database work overran its deadline");
                Err(Error::Unavailable)
            }
        }
    }

    /// Like `db`, for the account whose key the caller sent: the key is checked on the same
    /// connection, just before the work, which is given the account's id.
    pub async fn db_as<T, F>(&self, caller: Caller, work: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection, &str) -> Result<T> + Send + 'static,
    {
        self.db_account(caller, move |conn, account| work(conn, &account.id))
            .await
    }

    /// Like `db_as`, with the whole account.
    pub async fn db_account<T, F>(&self, caller: Caller, work: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection, AccountRow) -> Result<T> + Send + 'static,
    {
        self.db(move |conn| {
            let account = authenticate(conn, &caller.api_key)?.ok_or(Error::Unauthorized)?;
            work(conn, account)
        })
        .await
    }

    /// A write for the account whose key the caller sent, done once per idempotency key: `work`
    /// builds its answer inside the write's transaction, where it is stored with the change.
    pub async fn write_as<F>(
        &self,
        caller: Caller,
        claim: Option<Claim>,
        work: F,
    ) -> Result<HttpResponse>
    where
        F: FnOnce(&mut DbConnection, &str) -> Result<Receipt> + Send + 'static,
    {
        self.write_changing(caller, claim, move |conn, account_id| {
            Ok((work(conn, account_id)?, None))
        })
        .await
    }

    /// Like `write_as`, for a change of one game: once it has committed, the game's subscribers
    /// in this process are woken (other processes hear of it from the database).
    pub async fn change_game<F>(
        &self,
        caller: Caller,
        claim: Option<Claim>,
        game_id: String,
        work: F,
    ) -> Result<HttpResponse>
    where
        F: FnOnce(&mut DbConnection, &str, &str) -> Result<Receipt> + Send + 'static,
    {
        self.write_changing(caller, claim, move |conn, account_id| {
            let receipt = work(conn, account_id, &game_id)?;
            Ok((receipt, Some(game_id)))
        })
        .await
    }

    /// Like `write_as`, for a write that may change a game: `work` also answers which, and once
    /// the change has committed, that game's subscribers in this process are woken. A replayed
    /// answer changed nothing and wakes nobody.
    pub async fn write_changing<F>(
        &self,
        caller: Caller,
        claim: Option<Claim>,
        work: F,
    ) -> Result<HttpResponse>
    where
        F: FnOnce(&mut DbConnection, &str) -> Result<(Receipt, Option<String>)> + Send + 'static,
    {
        let policy = self.keys;
        let (answer, changed) = self
            .db_as(caller, move |conn, account_id| {
                let scope = idempotency::account_scope(account_id);
                let mut changed = None;
                let answer = once(conn, &scope, claim.as_ref(), policy, |conn| {
                    let (receipt, game_id) = work(conn, account_id)?;
                    changed = game_id;
                    Ok(receipt)
                })?;
                Ok((answer, changed))
            })
            .await?;
        if let Some(game_id) = changed {
            self.live.announce(&game_id);
        }
        Ok(idempotency::respond(answer))
    }

    /// Like `write_as`, for a write without an account: its keys are the client address's.
    pub async fn write<F>(
        &self,
        scope: String,
        claim: Option<Claim>,
        work: F,
    ) -> Result<HttpResponse>
    where
        F: FnOnce(&mut DbConnection) -> Result<Receipt> + Send + 'static,
    {
        let policy = self.keys;
        let answer = self
            .db(move |conn| once(conn, &scope, claim.as_ref(), policy, work))
            .await?;
        Ok(idempotency::respond(answer))
    }

    /// The caller's game, replayed.
    pub async fn game(&self, caller: Caller, game_id: String) -> Result<GameState> {
        self.db_as(caller, move |conn, account_id| {
            service::games::get(conn, account_id, &game_id)
        })
        .await
    }
}

/// Every documented route.
pub fn routes(config: &mut ServiceConfig) {
    config
        .service(
            scope::scope("/v1")
                .service(accounts::create_account)
                .service(accounts::get_account)
                .service(phases::list_phases)
                .service(phases::evaluate_dice)
                .service(games::create_game)
                .service(games::list_games)
                .service(games::get_game)
                .service(games::delete_game)
                .service(turns::record_turn)
                .service(turns::list_turns)
                .service(turns::get_turn)
                .service(turns::undo_turn)
                .service(digital::roll_dice)
                .service(digital::score_turn)
                .service(invites::create_invite)
                .service(invites::accept_invite)
                .service(event_stream::follow_game)
                .service(scoresheet::get_scoresheet),
        )
        .service(health::healthz)
        .service(health::readyz);
}
