//! The HTTP API (actix-web): one module per resource, the problem+json mapping, auth, request
//! extraction, the response views and the OpenAPI document.

pub mod accounts;
pub mod auth;
pub mod conditional;
pub mod error;
pub mod extract;
pub mod games;
pub mod health;
pub mod middleware;
pub mod openapi;
pub mod phases;
pub mod scoresheet;
pub mod turns;
pub mod views;

use actix_web::web;
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use auth::Caller;

use crate::error::{Error, Result};
use crate::service;
use crate::service::accounts::authenticate;
use crate::service::replay::GameState;
use crate::store::{DbConnection, Pool};

/// Reads an id: a UUID, or the value is invalid (in a path, the path names no resource: 404; in
/// a body, 422). Nothing else reaches the database, which may refuse it (PostgreSQL takes no NUL
/// in text), and a body is refused for it before any precondition is looked at.
pub fn uuid_text<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let text = <String as serde::Deserialize>::deserialize(deserializer)?;
    match uuid::Uuid::try_parse(&text) {
        Ok(_) => Ok(text),
        Err(_) => Err(serde::de::Error::invalid_value(
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
}

impl AppState {
    /// Runs database work on the blocking thread pool, never on an async worker.
    pub async fn db<T, F>(&self, work: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T> + Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || {
            let mut conn = pool.get()?;
            let result = work(&mut conn);
            if matches!(result, Err(Error::Unavailable | Error::Internal(_))) {
                crate::store::discard_connection();
            }
            result
        })
        .await
        .map_err(|e| Error::Internal(format!("blocking task failed: {e}")))?
    }

    /// Like `db`, for the account whose key the caller sent: the key is checked on the same
    /// connection, just before the work.
    pub async fn db_as<T, F>(&self, caller: Caller, work: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection, &str) -> Result<T> + Send + 'static,
    {
        self.db(move |conn| {
            let account = authenticate(conn, &caller.api_key)?.ok_or(Error::Unauthorized)?;
            work(conn, &account.id)
        })
        .await
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
                .service(scoresheet::get_scoresheet),
        )
        .service(health::healthz)
        .service(health::readyz);
}
