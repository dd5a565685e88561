//! Running the table: naming a game, the right person in a seat, a rematch.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, patch, post, web};
use serde::{Deserialize, Deserializer};
use utoipa::{IntoParams, ToSchema};

use crate::error::{Result, ServiceResult};
use crate::http::auth::Caller;
use crate::http::conditional::{Conditions, IfMatch};
use crate::http::extract::JsonBody;
use crate::http::idempotency::{Answer, IdempotencyKey};
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::service::change::Changed;
use crate::service::table;
use crate::values::{GameId, PersonId, PlayerId};
use crate::views::GameView;
use crate::{AppState, GamePath};

/// A game's new name.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "Tuesday at Grandma's"}))]
pub struct RenameGame {
    /// 1 to 80 characters, or null for no name.
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<crate::values::name_schemas::GameNameText>, required = true)]
    pub name: Option<String>,
}

/// A field that must be sent, null or not: without it, serde would take a missing `name` for
/// `null` and clear the name of a game the client meant to rename.
fn present<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> std::result::Result<Option<String>, D::Error> {
    Option::<String>::deserialize(deserializer)
}

/// Who now plays a seat.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Reseat {
    /// A person of the roster, not in another seat of the game.
    #[schema(value_type = String, format = Uuid)]
    pub person_id: PersonId,
}

/// The path of a seat: `/v1/games/{game_id}/players/{player_id}`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct SeatPath {
    /// The game's id.
    #[param(value_type = String, format = Uuid)]
    pub game_id: GameId,
    /// The player's id: the seat.
    #[param(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
}

fn game_answer(
    changed: &Changed,
    status: StatusCode,
) -> ServiceResult<crate::http::idempotency::Receipt> {
    let game = &*changed.game;
    let answer = Answer::json(status, &GameView::from(game)).at_version(game.version());
    match status {
        StatusCode::CREATED => answer.at(format!("/v1/games/{}", game.id())).done(),
        _ => answer.done(),
    }
}

/// Rename a game
///
/// Gives the game a label, another one, or none (`null`): owner only. Followers are told
/// (`game_renamed`).
#[utoipa::path(
    operation_id = "renameGame",
    tag = "games",
    params(GamePath, IfMatch),
    request_body = RenameGame,
    responses(
        (status = 200, description = "The game, renamed", body = GameView,
         headers(("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 403, 404, 409, 412, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[patch("/games/{game_id}")]
pub async fn rename_game(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    conditions: Conditions,
    key: IdempotencyKey,
    body: JsonBody<RenameGame>,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    let JsonBody(request, raw) = body;
    state
        .write_as(caller, key.claim(Some(&raw)), move |session, account| {
            let changed = table::rename(
                session,
                &account.id,
                &game_id,
                request.name.as_deref(),
                conditions.if_match.as_ref(),
            )?;
            game_answer(&changed, StatusCode::OK)
        })
        .await
}

/// Put another person in a seat
///
/// A wrong name picked at the table: the seat is now played by another person of the roster,
/// with their name, and everything played in it stays (a finished game's results move to the
/// new person's figures). Owner only. 422 `duplicate_person` if the person already plays
/// another seat of the game; 404 for a person not in the caller's roster. Followers are told
/// (`player_changed`).
#[utoipa::path(
    operation_id = "reseatPlayer",
    tag = "games",
    params(SeatPath, IfMatch),
    request_body = Reseat,
    responses(
        (status = 200, description = "The game, with the person in the seat", body = GameView,
         headers(("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 403, 404, 409, 412, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[patch("/games/{game_id}/players/{player_id}")]
pub async fn reseat_player(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<SeatPath>,
    conditions: Conditions,
    key: IdempotencyKey,
    body: JsonBody<Reseat>,
) -> Result<HttpResponse> {
    let SeatPath { game_id, player_id } = path.into_inner();
    let JsonBody(request, raw) = body;
    state
        .write_as(caller, key.claim(Some(&raw)), move |session, account| {
            let changed = table::reseat(
                session,
                &account.id,
                &game_id,
                &player_id,
                &request.person_id,
                conditions.if_match.as_ref(),
            )?;
            game_answer(&changed, StatusCode::OK)
        })
        .await
}

/// Start a rematch
///
/// A new game of the same kind with the same people and options (mode, edition, dice layout;
/// a card game's phases and variations) and the same name: owner only, from a game in play or
/// over. The order: a tabletop dice game and a card game keep the seats as they were; a
/// digital game rolls for its order again, as every new digital game does. A card game's
/// first dealer is whoever would have dealt the next hand of the old game, so the deal goes
/// on round the table. Seats claimed by other accounts are not carried over: invite them
/// again. The new game says `rematch_of`.
#[utoipa::path(
    operation_id = "rematchGame",
    tag = "games",
    params(GamePath),
    responses(
        (status = 201, description = "The new game", body = GameView,
         headers(("Location" = String, description = "The new game's URL"),
                 ("ETag" = String, description = "The new game's version"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 403, 404, 409, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[post("/games/{game_id}/rematch")]
pub async fn rematch_game(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    key: IdempotencyKey,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    state
        .write_as(caller, key.claim(None), move |session, account| {
            let changed = table::rematch(session, &account.id, &game_id)?;
            game_answer(&changed, StatusCode::CREATED)
        })
        .await
}
