//! `/v1/games`: create, list, read and delete games.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, delete, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::http::auth::Caller;
use crate::api::http::conditional::{Conditions, IfMatch, IfNoneMatch, etag};
use crate::api::http::extract::{JsonBody, QueryParams};
use crate::api::http::idempotency::{IdempotencyKey, receipt};
use crate::api::http::pagination::{decode_games_cursor, encode_games_cursor, page_limit};
use crate::api::views::GameView;
use crate::api::{AppState, GamePath};
use crate::error::Result;
use crate::rules::dice::DiceLayout;
use crate::rules::dice::game::{Edition, Status};
use crate::service::games::{self, NewGame};
use crate::service::names::Mode;

/// A player of a new game.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPlayer {
    /// 1 to 40 characters, not all of them white space or invisible (white space is trimmed
    /// off), with no control characters (line breaks) and no bidi overrides; kept in NFC, and
    /// unique within the game in NFC, ignoring case.
    // The pattern: no control or reordering characters, and something visible (not white space
    // as Rust's `trim` has it, nor a default-ignorable character of the BMP).
    #[schema(
        min_length = 1,
        max_length = 40,
        pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069 \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u2060-\\u206f\\u2800\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufff8][^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*$"
    )]
    pub name: String,
}

/// A new game.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"players": [{"name": "Ann"}, {"name": "Bo"}], "mode": "tabletop"}))]
pub struct CreateGame {
    /// 1 to 8 players; in a tabletop game, in turn order.
    #[schema(min_items = 1, max_items = 8)]
    pub players: Vec<NewPlayer>,
    #[serde(default)]
    pub mode: Mode,
    #[serde(default)]
    pub edition: Edition,
    #[serde(default)]
    pub dice_layout: DiceLayout,
}

/// A page of games, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct GamePage {
    pub items: Vec<GameView>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(pattern = "^(3[0-9]){1,16}2e(3[0-9]|6[1-6]|2d){36}$")]
    pub next_cursor: Option<String>,
}

/// Which games to list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListGames {
    /// Only games with this status.
    pub status: Option<Status>,
    /// 1 to 100; 20 by default.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// From the `next_cursor` of the previous page.
    // The pattern is exactly what `pagination::decode_games_cursor` takes.
    #[param(pattern = "^(3[0-9]){1,16}2e(3[0-9]|6[1-6]|2d){36}$")]
    pub cursor: Option<String>,
}

/// Create a game
///
/// Seats the players: in a tabletop game in the order given, in a digital game by rolling a high
/// die each (ties roll again).
#[utoipa::path(
    operation_id = "createGame",
    tag = "games",
    request_body = CreateGame,
    responses(
        (status = 201, description = "The new game", body = GameView,
         headers(("Location" = String, description = "The game's URL"),
                 ("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = []))
)]
#[post("/games")]
pub async fn create_game(
    state: web::Data<AppState>,
    caller: Caller,
    key: IdempotencyKey,
    body: JsonBody<CreateGame>,
) -> Result<HttpResponse> {
    let JsonBody(request, raw) = body;
    let new = NewGame {
        names: request.players.into_iter().map(|p| p.name).collect(),
        mode: request.mode,
        edition: request.edition,
        layout: request.dice_layout,
    };
    state
        .write_as(caller, key.claim(Some(&raw)), move |session, account| {
            let changed = games::create(session, &account.id, new)?;
            let view = GameView::from(&changed.game);
            let headers = [
                (header::LOCATION, format!("/v1/games/{}", view.id)),
                (header::ETAG, etag(view.version)),
            ];
            receipt(StatusCode::CREATED, &headers, Some(&view))
        })
        .await
}

/// List games
///
/// The caller's games, newest first.
#[utoipa::path(
    operation_id = "listGames",
    tag = "games",
    params(ListGames),
    responses((status = 200, description = "A page of games", body = GamePage)),
    security(("api_key" = []))
)]
#[get("/games")]
pub async fn list_games(
    state: web::Data<AppState>,
    caller: Caller,
    query: QueryParams<ListGames>,
) -> Result<HttpResponse> {
    let query = query.0;
    let limit = page_limit(query.limit, 20)?;
    let after = query
        .cursor
        .as_deref()
        .map(decode_games_cursor)
        .transpose()?;
    let page = state
        .run_as(caller, move |session, account| {
            games::list(session, &account.id, query.status, after, limit)
        })
        .await?;
    Ok(HttpResponse::Ok().json(GamePage {
        items: page.games.iter().map(GameView::from).collect(),
        next_cursor: page.next.as_ref().map(encode_games_cursor),
    }))
}

/// Get a game
#[utoipa::path(
    operation_id = "getGame",
    tag = "games",
    params(GamePath, IfNoneMatch),
    responses(
        (status = 200, description = "The game", body = GameView,
         headers(("ETag" = String, description = "The game's version"))),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = []))
)]
#[get("/games/{game_id}")]
pub async fn get_game(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    conditions: Conditions,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    let game = state.game(caller, game_id).await?;
    Ok(conditions.read(game.version(), &GameView::from(&game)))
}

/// Delete a game
///
/// Deletes the game and all its turns.
#[utoipa::path(
    operation_id = "deleteGame",
    tag = "games",
    params(GamePath, IfMatch),
    responses((status = 204, description = "Deleted")),
    security(("api_key" = []))
)]
#[delete("/games/{game_id}")]
pub async fn delete_game(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    conditions: Conditions,
    key: IdempotencyKey,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    state
        .write_as(caller, key.claim(None), move |session, account| {
            games::delete(session, &account.id, &game_id, conditions.if_match.as_ref())?;
            receipt(StatusCode::NO_CONTENT, &[], None::<&()>)
        })
        .await
}
