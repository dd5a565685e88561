//! `GET /v1/games/{game_id}/review`: a digital game held against best play (RULES §12), for
//! whoever may read the game.

use actix_web::{HttpResponse, get, web};

use crate::api::http::auth::Caller;
use crate::api::http::conditional::{Conditions, IfNoneMatch};
use crate::api::{AppState, GamePath};
use crate::error::Result;
use crate::service::review::{self, GameReview};

/// Review a digital game
///
/// Every scored turn of a digital dice game held against exact best play: what each position
/// was worth, the luck of every roll, and each choice of dice to roll again (stopping included)
/// beside the best one, its error and its label; each player's decisions, accuracy, luck and
/// labels. A game of several players is reviewed for `make` (chances, labels in percentage
/// points), a solitaire game for the whole game (points to come). A tabletop game has no rolls
/// to review: 409 `no_rolls`.
#[utoipa::path(
    operation_id = "reviewGame",
    tag = "games",
    params(GamePath, IfNoneMatch),
    responses(
        (status = 200, description = "The game's review", body = GameReview,
         headers(("ETag" = String, description = "The game's version"))),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!({
        "problems": [400, 401, 404, 409, 429, 503],
        "idempotency_key": "none",
        "rate_limit": "advice",
        "secret_path": false
    })))
)]
#[get("/games/{game_id}/review")]
pub async fn review_game(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    conditions: Conditions,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    let game = (state.game_to_read(caller, game_id, conditions.named_version())).await?;
    let version = game.version();
    if let Some(unchanged) = conditions.not_modified(version) {
        return Ok(unchanged);
    }
    let whole_game = state.game_advisor.clone();
    // Each choice is valued by the advisor: off the server's threads.
    let reviewed: GameReview =
        crate::api::blocking(move || review::of(&game, &whole_game)).await??;
    Ok(conditions.read(version, &reviewed))
}
