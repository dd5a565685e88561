//! `GET /v1/games/{game_id}/scoresheet`: the score pad.

use actix_web::{HttpResponse, get, web};

use crate::api::http::auth::Caller;
use crate::api::http::conditional::{Conditions, IfNoneMatch};
use crate::api::{AppState, GamePath};
use crate::error::Result;
use crate::service::scoresheet::Scoresheet;

/// Get the scoresheet
///
/// The score pad: each player's phase scores, bonuses, failures, penalty, grand total and rank.
#[utoipa::path(
    operation_id = "getScoresheet",
    tag = "games",
    params(GamePath, IfNoneMatch),
    responses(
        (status = 200, description = "The score pad", body = Scoresheet,
         headers(("ETag" = String, description = "The game's version"))),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = []))
)]
#[get("/games/{game_id}/scoresheet")]
pub async fn get_scoresheet(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    conditions: Conditions,
) -> Result<HttpResponse> {
    let game = state.game(caller, path.into_inner().game_id).await?;
    let pad = Scoresheet::of(&game);
    Ok(conditions.read(pad.version(), &pad))
}
