//! `GET /v1/games/{game_id}/scoresheet`: the score pad.

use actix_web::{HttpResponse, get, web};

use super::auth::Caller;
use super::views::Scoresheet;
use super::{AppState, GamePath};
use crate::error::Result;

/// Get the scoresheet
///
/// The score pad: each player's phase scores, bonuses, failures, penalty, grand total and rank.
#[utoipa::path(
    operation_id = "getScoresheet",
    tag = "games",
    params(GamePath),
    responses((status = 200, description = "The score pad", body = Scoresheet)),
    security(("api_key" = []))
)]
#[get("/games/{game_id}/scoresheet")]
pub async fn get_scoresheet(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    let game = state.game(caller, game_id).await?;
    Ok(HttpResponse::Ok().json(Scoresheet::from(&game)))
}
