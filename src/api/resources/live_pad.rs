//! The live pad behind a read-only link: `GET /pad/{token}/events`, the game's events for
//! whoever holds the link, and nothing else of the API.

use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Deserialize;
use utoipa::IntoParams;

use super::events::{last_event_id, stream, too_many_streams};
use crate::api::AppState;
use crate::api::http::client_address::client_for_bounds;
use crate::error::Result;
use crate::service::share;

/// The path of a live pad: `/pad/{token}/…`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct PadPath {
    /// The link's token, as the link's `url` ends.
    pub token: String,
}

/// Follow a shared game
///
/// The events of the game a read-only link opens, as `followGame` sends them, for whoever holds
/// the link (no API key). The stream ends when the link is revoked or expires; reconnecting
/// then answers 404.
#[utoipa::path(
    operation_id = "followSharedGame",
    tag = "games",
    params(PadPath,
        ("Last-Event-ID" = Option<String>, Header, description = "The id of the last event received: the stream resumes after it")),
    responses(
        (status = 200, description = "The game's events, as server-sent events", content_type = "text/event-stream", body = String),
    ),
    security(())
)]
#[get("/pad/{token}/events")]
pub async fn follow_shared_game(
    state: web::Data<AppState>,
    path: web::Path<PadPath>,
    req: HttpRequest,
) -> Result<HttpResponse> {
    let token = path.into_inner().token;
    let resume = last_event_id(&req)?;
    let (link, current) = state
        .run(move |session| {
            let link = share::open(session, &token)?;
            let version = share::game(session, &link)?.record.game.version;
            Ok((link, version))
        })
        .await?;
    let address = client_for_bounds(&req);
    let holder = format!("link {}", link.token_hash);
    let subscription = state
        .service
        .live()
        .subscribe_as(&link.game_id, &holder, &address)
        .map_err(too_many_streams)?;
    let after = resume.unwrap_or(current - 1);
    let game_id = link.game_id.clone();
    Ok(stream(
        state,
        &req,
        subscription,
        game_id,
        after,
        Some(link),
    ))
}
