//! The HTTP API (actix-web), over the service (`crates/service`): `resources` (one module per
//! resource: its routes and its request bodies), `views` (the JSON answered, per resource),
//! `http` (what every request goes through: auth, problem+json, extraction, idempotency keys,
//! conditional requests, limits, CORS, logs), `openapi` (the document), `pad` (the score pad
//! for people), `error` (the service's errors and HTTP's own) and `app` (the actix `App` they
//! make). This file holds the app state the handlers share and the list of routes. The server
//! that runs the app is the binary's (`phase10`).

pub mod app;
pub mod config;
pub mod error;
pub mod http;
pub mod openapi;
pub mod pad;
pub mod resources;
pub mod telemetry;
pub mod views;

pub use app::{AppParts, app};
/// What each request does, over its private store, and the typed values every layer shares.
pub use phase10_service as service;
pub use phase10_service::values;
/// The games' rules, the advisor and the best whole solitaire game.
pub use phase10_service::{rules, whole_game};

use std::sync::Arc;
use std::time::Duration;

use actix_web::{HttpResponse, web};
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use http::auth::Caller;

use crate::error::{Error, Result, ServiceError, ServiceResult};
use crate::service::accounts::{Account, authenticate};
use crate::service::idempotency::Claim;
use crate::service::replay::GameState;
use crate::service::standby::{self, OnStandby};
use crate::service::{Service, Session, games};
use crate::values::{EntryNumber, GameId, GameVersion};
use http::idempotency::{self, Receipt};

/// The path of a game: `/v1/games/{game_id}…`. An id that is not a UUID names no game (404).
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub struct GamePath {
    /// The game's id.
    #[param(value_type = String, format = Uuid)]
    pub game_id: GameId,
}

/// The path of a turn: `/v1/games/{game_id}/turns/{number}`.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub struct TurnPath {
    /// The game's id.
    #[param(value_type = String, format = Uuid)]
    pub game_id: GameId,
    /// The turn's number, from 1.
    // Read as text, so that a path without a number in it is a 404 like any unknown turn.
    #[param(value_type = i32)]
    number: String,
}

/// The number a client gave an entry it sends (`service::numbered`): 1 or more.
pub fn entry_number(sent: Option<u32>) -> Result<Option<EntryNumber>> {
    sent.map(|n| {
        EntryNumber::sent(n).ok_or_else(|| {
            Error::invalid_field(
                crate::error::ProblemCode::InvalidValue,
                "number",
                "entries are numbered from 1",
            )
        })
    })
    .transpose()
}

/// Runs blocking work (the database, the advisor's first tables) on actix's blocking threads,
/// never on an async worker, inside the request's span: whatever it logs is the request's.
pub async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    let span = tracing::Span::current();
    web::block(move || span.in_scope(work))
        .await
        .map_err(|e| Error::internal("blocking work stopped", e))
}

/// What every handler shares: the service (one database with its clock, dice, caches and live
/// wake-ups) and how long its work may take.
#[derive(Clone)]
pub struct AppState {
    pub service: Arc<Service>,
    /// How long a request's database work may take before it is answered 503.
    pub deadline: Duration,
    pub streams: resources::events::StreamSettings,
    /// The base of the shared links handed out (`--public-url`, else the listening address).
    pub public_url: crate::config::PublicUrl,
    /// Whether the process has been told to stop.
    pub drain: resources::health::Drain,
    /// Advice for a whole solitaire game, with phase 8's table when the operator gave it.
    pub game_advisor: Arc<crate::whole_game::advice::GameAdvisor>,
}

impl AppState {
    /// Runs `work` on a session of its own, on the blocking thread pool, never on an async
    /// worker. Work that overruns the deadline is answered 503; a call it has blocked on a
    /// database that stopped answering without closing its connections is cut then (the
    /// session's deadline), so the thread and the connection come back. A write it was doing
    /// may still have landed, which a retry with the same `Idempotency-Key` finds.
    pub async fn run<T, F>(&self, work: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Session) -> ServiceResult<T> + Send + 'static,
    {
        let service = Arc::clone(&self.service);
        let deadline = self.deadline;
        let blocking = blocking(move || {
            let mut session = service.session(deadline)?;
            let result = work(&mut session);
            // Before the session gives its connection back, so that the pool drops it.
            match &result {
                Err(ServiceError::Unavailable) => session.server_lost(),
                Err(ServiceError::Internal(_)) => service::discard_connection(),
                _ => {}
            }
            result
        });
        match actix_web::rt::time::timeout(self.deadline, blocking).await {
            Ok(done) => Ok(done??),
            Err(_) => {
                tracing::warn!(deadline = ?self.deadline, "database work overran its deadline");
                Err(ServiceError::Unavailable.into())
            }
        }
    }

    /// Like `run`, for the account whose key the caller sent: the key is checked on the same
    /// session, just before the work, which is given the account.
    pub async fn run_as<T, F>(&self, caller: Caller, work: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Session, &Account) -> ServiceResult<T> + Send + 'static,
    {
        self.run(
            move |session| match authenticate(session, &caller.api_key)? {
                Some(account) => work(session, &account).map(Some),
                None => Ok(None),
            },
        )
        .await?
        .ok_or(Error::Unauthorized)
    }

    /// A read that tolerates lag (`service::standby`), for the account whose key the caller
    /// sent: on the standby when there is one and it has an answer `fresh` accepts, else on
    /// the primary as `run_as` runs it. The standby gets half the deadline.
    pub async fn read_as<T, F, G>(&self, caller: Caller, fresh: G, work: F) -> Result<T>
    where
        T: Send + 'static,
        F: Fn(&mut Session, &Account) -> ServiceResult<T> + Send + Sync + 'static,
        G: Fn(&Service, &T) -> bool + Send + 'static,
    {
        if !self.service.has_standby() {
            return self.run_as(caller, work).await;
        }
        let work = Arc::new(work);
        let (service, on_standby) = (Arc::clone(&self.service), Arc::clone(&work));
        let (api_key, within) = (caller.api_key.clone(), self.deadline / 2);
        let standby = blocking(move || {
            let work = standby::as_account(&api_key, |s, a| on_standby(s, a));
            service.on_standby(within, work, |t| fresh(&service, t))
        });
        match actix_web::rt::time::timeout(within, standby).await {
            Ok(answered) => {
                if let OnStandby::Answered(answer) = answered?? {
                    return Ok(answer);
                }
            }
            Err(_) => tracing::warn!(?within, "the standby did not answer a read in time"),
        }
        self.run_as(caller, move |session, account| work(session, account))
            .await
    }

    /// What `work` reads on the standby, without an account, if there is a standby and `work`
    /// finds there what it needs (`Some`); else `None`, and the caller reads the primary.
    pub async fn from_standby<T, F>(&self, work: F) -> Option<T>
    where
        T: Send + 'static,
        F: Fn(&mut Session) -> ServiceResult<Option<T>> + Send + 'static,
    {
        if !self.service.has_standby() {
            return None;
        }
        let (service, within) = (Arc::clone(&self.service), self.deadline / 2);
        let standby = blocking(move || service.on_standby(within, work, |_| true));
        match actix_web::rt::time::timeout(within, standby).await {
            Ok(Ok(Ok(OnStandby::Answered(answer)))) => Some(answer),
            _ => None,
        }
    }

    /// The caller's game for a read that tolerates lag, never older than the version the
    /// client names (`named`) or this process saw last.
    pub async fn game_to_read(
        &self,
        caller: Caller,
        game_id: GameId,
        named: Option<GameVersion>,
    ) -> Result<Arc<GameState>> {
        let id = game_id.clone();
        let fresh = move |service: &Service, game: &Arc<GameState>| {
            standby::fresh(game, standby::floor(service, &id, named))
        };
        self.read_as(caller, fresh, move |session, account| {
            games::get(session, &account.id, &game_id)
        })
        .await
    }

    /// The caller's game as it is now.
    pub async fn game(&self, caller: Caller, game_id: GameId) -> Result<Arc<GameState>> {
        self.run_as(caller, move |session, account| {
            games::get(session, &account.id, &game_id)
        })
        .await
    }

    /// A write for the account whose key the caller sent, done once per idempotency key: `work`
    /// builds its answer inside the write's transaction, where it is kept with the change.
    pub async fn write_as<F>(
        &self,
        caller: Caller,
        claim: Option<Claim>,
        work: F,
    ) -> Result<HttpResponse>
    where
        F: FnOnce(&mut Session, &Account) -> ServiceResult<Receipt> + Send + 'static,
    {
        let written = self
            .run_as(caller, move |session, account| {
                let scope = idempotency::account_scope(&account.id);
                session.write(&scope, claim.as_ref(), |session| work(session, account))
            })
            .await?;
        Ok(idempotency::respond(written))
    }

    /// A write without an account: its keys are the client address's (`scope`).
    pub async fn write<F>(
        &self,
        scope: String,
        claim: Option<Claim>,
        work: F,
    ) -> Result<HttpResponse>
    where
        F: FnOnce(&mut Session) -> ServiceResult<Receipt> + Send + 'static,
    {
        let written = self
            .run(move |session| session.write(&scope, claim.as_ref(), work))
            .await?;
        Ok(idempotency::respond(written))
    }
}

/// For `AppState::read_as`: a read a standby may answer however far behind it is (the lists, the
/// figures: what a client reads there it has not just written).
pub fn any_age<T>(_: &Service, _: &T) -> bool {
    true
}

/// Every documented route. actix tries a scope's routes in the order given, a path pattern
/// each, so the routes a table calls on every turn come before the roster's and the table's.
pub fn routes(config: &mut ServiceConfig) {
    use resources::*;
    config
        .service(
            scope::scope("/v1")
                .service(accounts::create_account)
                .service(accounts::get_account)
                .service(devices::create_key)
                .service(devices::list_keys)
                .service(devices::delete_key)
                .service(devices::create_pairing)
                .service(devices::pair_device)
                .service(backup::export_account)
                .service(backup::import_account)
                .service(phases::list_phases)
                .service(phases::evaluate_dice)
                .service(advice::advise_position)
                .service(solitaire::get_solitaire)
                .service(games::create_game)
                .service(games::list_games)
                .service(games::get_game)
                .service(games::delete_game)
                .service(turns::record_turn)
                .service(turns::list_turns)
                .service(turns::get_turn)
                .service(turns::undo_turn)
                .service(turns::replace_turn)
                .service(digital_turns::roll_dice)
                .service(digital_turns::score_turn)
                .service(advice::advise_digital_turn)
                .service(hands::record_hand)
                .service(hands::list_hands)
                .service(hands::get_hand)
                .service(hands::undo_hand)
                .service(hands::replace_hand)
                .service(edits::list_edits)
                .service(invites::create_invite)
                .service(invites::accept_invite)
                .service(events::follow_game)
                .service(scoresheet::get_scoresheet)
                .service(review::review_game)
                .service(share::share_game)
                .service(share::revoke_game_links)
                .service(table::rename_game)
                .service(table::reseat_player)
                .service(table::rematch_game)
                .service(people::create_person)
                .service(people::list_people)
                .service(people::get_person)
                .service(people::rename_person)
                .service(people::delete_person)
                .service(people::list_person_games)
                .service(people::get_person_stats)
                .service(people::get_leaderboard),
        )
        .service(pad::blank_pad)
        .service(live_pad::live_pad_script)
        .service(live_pad::shared_pad)
        .service(live_pad::shared_pad_table)
        .service(live_pad::follow_shared_game)
        .service(health::healthz)
        .service(health::readyz);
}
