//! `/v1/games`: create, list, read and delete games.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, delete, get, post, web};
use std::collections::HashMap;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::http::auth::Caller;
use crate::api::http::conditional::{Conditions, IfMatch, IfNoneMatch, etag};
use crate::api::http::extract::{JsonBody, QueryParams, RawBody, read_json};
use crate::api::http::idempotency::{IdempotencyKey, receipt};
use crate::api::http::pagination::{decode_games_cursor, encode_games_cursor, page_limit};
use crate::api::views::GameView;
use crate::api::{AppState, GamePath};
use crate::error::Result;
use crate::rules::cards::CardEdition;
use crate::rules::dice::DiceLayout;
use crate::rules::dice::game::{Edition, Status};
use crate::service::games::{self, NewCardGame, NewDiceGame, NewGame};
use crate::service::names::{CardsKind, DiceKind, GameKind, Mode};

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

/// A new game: of Phase 10 Dice (`game` left out, or `dice`) or of the card game (`cards`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // a schema: the body is read by `CreateGame::read`, in two steps
#[schema(discriminator(property_name = "game", mapping(
    ("dice" = "#/components/schemas/CreateDiceGame"),
    ("cards" = "#/components/schemas/CreateCardGame")
)))]
pub enum CreateGame {
    Dice(CreateDiceGame),
    Cards(CreateCardGame),
}

/// The field a new game's shape hangs on; the rest is read once the shape is known.
#[derive(Debug, Deserialize)]
pub struct WhichGame {
    #[serde(default)]
    pub game: GameKind,
    #[serde(flatten)]
    _rest: HashMap<String, IgnoredAny>,
}

impl CreateGame {
    /// The new game of the shape `game` names, read from the whole body.
    fn read(which: &WhichGame, body: &RawBody) -> Result<NewGame> {
        let names = |players: Vec<NewPlayer>| players.into_iter().map(|p| p.name).collect();
        Ok(match which.game {
            GameKind::Dice => {
                let dice: CreateDiceGame = read_json(&body.0)?;
                NewGame::Dice(NewDiceGame {
                    names: names(dice.players),
                    mode: dice.mode,
                    edition: dice.edition,
                    layout: dice.dice_layout,
                })
            }
            GameKind::Cards => {
                let cards: CreateCardGame = read_json(&body.0)?;
                NewGame::Cards(NewCardGame {
                    names: names(cards.players),
                    edition: cards.edition,
                    phases: cards.phases,
                    ten_hands: cards.ten_hands,
                })
            }
        })
    }
}

/// A new game of Phase 10 Dice.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"players": [{"name": "Ann"}, {"name": "Bo"}], "mode": "tabletop"}))]
pub struct CreateDiceGame {
    /// `dice`, the default.
    #[serde(default)]
    pub game: Option<DiceKind>,
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

/// A new game of the Phase 10 card game (RULES §7): always played at a table, its hands
/// recorded one by one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"game": "cards", "players": [{"name": "Ann"}, {"name": "Bo"}],
    "edition": "standard", "phases": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "ten_hands": false}))]
pub struct CreateCardGame {
    pub game: CardsKind,
    /// 2 to 6 players, in seat order.
    #[schema(min_items = 2, max_items = 6)]
    pub players: Vec<NewPlayer>,
    #[serde(default)]
    pub edition: CardEdition,
    /// The phases played, in order: any increasing list of phases 1 to 10 (all ten by
    /// default; the even ones, or the first N, are the rulebook's variations). The last one
    /// ends the game.
    #[serde(default)]
    #[schema(min_items = 1, max_items = 10)]
    pub phases: Option<Vec<u8>>,
    /// One hand per phase, everyone moving on every hand, made or not; the fewest points after
    /// the last hand wins.
    #[serde(default)]
    pub ten_hands: bool,
}

/// A page of games, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct GamePage {
    pub items: Vec<GameView>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(pattern = "^(3[0-9]){1,16}2e(3[0-9]|6[1-6]|2d){36}$", required = true)]
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
/// A dice game seats the players in the order given at a table, or, digital, by rolling a high
/// die each (ties roll again). A card game (`"game": "cards"`) seats them as given.
#[utoipa::path(
    operation_id = "createGame",
    tag = "games",
    request_body = CreateGame,
    responses(
        (status = 201, description = "The new game", body = GameView,
         headers(("Location" = String, description = "The game's URL"),
                 ("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!({
        "problems": [400, 401, 409, 413, 415, 422, 429, 503],
        "idempotency_key": "optional",
        "rate_limit": "writes",
        "secret_path": false
    })))
)]
#[post("/games")]
pub async fn create_game(
    state: web::Data<AppState>,
    caller: Caller,
    key: IdempotencyKey,
    body: JsonBody<WhichGame>,
) -> Result<HttpResponse> {
    let JsonBody(which, raw) = body;
    let new = CreateGame::read(&which, &raw)?;
    state
        .write_as(caller, key.claim(Some(&raw)), move |session, account| {
            let changed = games::create(session, &account.id, new)?;
            let game = &changed.game;
            let view = GameView::from(game);
            let headers = [
                (header::LOCATION, format!("/v1/games/{}", game.id())),
                (header::ETAG, etag(game.version())),
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
    security(("api_key" = [])),
    extensions(("x-declared" = json!({
        "problems": [400, 401, 422, 503],
        "idempotency_key": "none",
        "rate_limit": "none",
        "secret_path": false
    })))
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
    security(("api_key" = [])),
    extensions(("x-declared" = json!({
        "problems": [401, 404, 503],
        "idempotency_key": "none",
        "rate_limit": "none",
        "secret_path": false
    })))
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
    security(("api_key" = [])),
    extensions(("x-declared" = json!({
        "problems": [401, 403, 404, 409, 412, 422, 429, 503],
        "idempotency_key": "optional",
        "rate_limit": "writes",
        "secret_path": false
    })))
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
