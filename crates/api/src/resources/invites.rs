//! Invites to play a seat: the owner of a game asks for a code for one player's seat and hands
//! it to someone, whose account accepts it and plays that seat from then on.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, post, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::Result;
use crate::http::auth::Caller;
use crate::http::extract::JsonBody;
use crate::http::idempotency::{Answer, IdempotencyKey};
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::service::invites;
use crate::values::PlayerId;
use crate::views::{GameView, utc};
use crate::{AppState, GamePath};

/// Whose seat to invite for.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"player_id": "6f0c5b9e-2a51-4c1f-9d38-0f6a3f0d2b7e"}))]
pub struct CreateInvite {
    /// The player whose seat the invited account will play; nobody may have claimed it yet.
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
}

/// An invite, as its owner sees it once: the code is not stored and cannot be shown again.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Invite)]
pub struct InviteView {
    /// Four groups of five characters; accepted in any case, with or without the dashes.
    #[schema(
        pattern = "^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$",
        example = "K3X9M-7QD2A-H8WNC-5RT0E"
    )]
    pub code: String,
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
    /// Until when the code can be accepted.
    pub expires_at: DateTime<Utc>,
}

/// The path of an invite: `/v1/invites/{code}/…`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct InvitePath {
    /// The invite's code, in any case, with or without the dashes.
    pub code: String,
}

/// Invite a player
///
/// The game's owner invites another account to play one seat. The answer holds the code to
/// hand over; it can be accepted once, until it expires. This write takes no
/// `Idempotency-Key`: the code is stored only as a hash, so no answer holding it is kept. A
/// retry makes another invite to the same seat, and whichever is accepted first claims it.
#[utoipa::path(
    operation_id = "createInvite",
    tag = "invites",
    params(GamePath),
    request_body = CreateInvite,
    responses(
        (status = 201, description = "The invite, with its code (shown only now)", body = InviteView,
            headers(("Cache-Control" = String, description = "`no-store`: the answer holds the code"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 403, 404, 409, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[post("/games/{game_id}/invites")]
pub async fn create_invite(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    body: JsonBody<CreateInvite>,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    let JsonBody(request, _) = body;
    // No Idempotency-Key: its stored answer would hold the code, which is kept only hashed.
    state
        .write_as(caller, None, move |session, account| {
            let invite = invites::create(session, &account.id, &game_id, &request.player_id)?;
            let view = InviteView {
                code: invite.code,
                player_id: invite.player_id,
                expires_at: utc(invite.expires_at),
            };
            Answer::json(StatusCode::CREATED, &view).secret().done()
        })
        .await
}

/// Accept an invite
///
/// The caller's account plays the invite's seat from now on; the game's owner no longer does
/// (but can still read the game and undo turns). Accepting again an invite the caller accepted
/// already answers the game as it is.
#[utoipa::path(
    operation_id = "acceptInvite",
    tag = "invites",
    params(InvitePath),
    responses(
        (status = 200, description = "The game whose seat the caller now plays", body = GameView,
         headers(("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 404, 409, 410, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: true,
    })))
)]
#[post("/invites/{code}/accept")]
pub async fn accept_invite(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<InvitePath>,
    key: IdempotencyKey,
) -> Result<HttpResponse> {
    let code = path.into_inner().code;
    state
        .write_as(caller, key.claim(None), move |session, account| {
            let accepted = invites::accept(session, &account.id, &code)?;
            let game = &*accepted.game.game;
            Answer::json(StatusCode::OK, &GameView::from(game))
                .at_version(game.version())
                .done()
        })
        .await
}
