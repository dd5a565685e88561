//! Read-only links to a game's live pad: the owner makes one and hands it round (a TV at the
//! table, friends watching), and revokes them all at once.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, delete, post, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::Result;
use crate::http::auth::Caller;
use crate::http::idempotency::Answer;
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::service::share;
use crate::views::utc;
use crate::{AppState, GamePath};

/// A read-only link, as its owner sees it once: its token is kept only as a hash.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ShareLink)]
pub struct ShareLinkView {
    /// The live pad's page: whoever holds this address sees the game and follows it, and can
    /// do nothing else.
    #[schema(
        format = "uri",
        example = "https://phase10.example/pad/3f9c0d5e8a1b4c7d9e2f6a0b3c5d7e9f"
    )]
    pub url: String,
    /// Until when the link opens the game.
    pub expires_at: DateTime<Utc>,
}

/// Share a game's pad
///
/// The game's owner makes a read-only link to the game's live pad, valid for 7 days (the
/// server's `SHARE_TTL_SECS`). The link is shown only now: only its hash is kept. This write
/// takes no `Idempotency-Key`, for the same reason; a retry makes another link. A game has at
/// most 20 live links: one more is 409 `too_many_links` (revoke them first).
#[utoipa::path(
    operation_id = "shareGame",
    tag = "games",
    params(GamePath),
    responses(
        (status = 201, description = "The link (shown only now)", body = ShareLinkView,
            headers(("Cache-Control" = String, description = "`no-store`: the answer holds the link"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 403, 404, 409, 429, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[post("/games/{game_id}/share")]
pub async fn share_game(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    // The base people reach the server at, from the configuration only (never a request's
    // Host or X-Forwarded-Host: a client could make links to anywhere).
    let origin = state.public_url.as_str().to_string();
    state
        .write_as(caller, None, move |session, account| {
            let link = share::create(session, &account.id, &game_id)?;
            let view = ShareLinkView {
                url: format!("{origin}/pad/{}", link.token),
                expires_at: utc(link.expires_at),
            };
            Answer::json(StatusCode::CREATED, &view).secret().done()
        })
        .await
}

/// Revoke a game's links
///
/// The game's owner revokes every read-only link to the game: their pages stop following it
/// and open nothing any more.
#[utoipa::path(
    operation_id = "revokeGameLinks",
    tag = "games",
    params(GamePath),
    responses((status = 204, description = "Every link of the game revoked")),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 403, 404, 429, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[delete("/games/{game_id}/share")]
pub async fn revoke_game_links(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    state
        .write_as(caller, None, move |session, account| {
            share::revoke(session, &account.id, &game_id)?;
            Answer::no_content().done()
        })
        .await
}
