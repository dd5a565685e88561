//! `GET /v1/games/{game_id}/scoresheet`: the score pad.

use actix_web::{HttpResponse, get, web};

use super::AppState;
use super::auth::Caller;
use super::views::Scoresheet;
use crate::error::Result;

/// Get the scoresheet
///
/// The score pad: each player's phase scores, bonuses, failures, penalty, grand total and rank.
#[utoipa::path(
    operation_id = "getScoresheet",
    tag = "games",
    params(("game_id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "The score pad", body = Scoresheet)),
    security(("api_key" = []))
)]
#[get("/games/{game_id}/scoresheet")]
pub async fn get_scoresheet(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> Result<HttpResponse> {
    let game_id = path.into_inner();
    let game = state.game(caller, game_id).await?;
    Ok(HttpResponse::Ok().json(Scoresheet::from(&game)))
}
