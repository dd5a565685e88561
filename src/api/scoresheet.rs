//! `GET /v1/games/{game_id}/scoresheet`: the score pad.

use actix_web::{HttpResponse, get, web};

use super::auth::Caller;
use super::conditional::{Conditions, IfNoneMatch};
use super::views::Scoresheet;
use super::{AppState, GamePath};
use crate::error::Result;

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
    let game_id = path.into_inner().game_id;
    let game = state.game(caller, game_id).await?;
    Ok(conditions.read(game.record.game.version, &Scoresheet::from(&game)))
}
