//! `/v1/games/{game_id}/hands`: the hands of a card game (RULES §7): record one, list and read
//! them, undo the latest.

use actix_web::{HttpResponse, delete, get, post, put, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::{Error, ProblemCode, Result};
use crate::http::auth::Caller;
use crate::http::conditional::{Conditions, IfMatch, IfNoneMatch};
use crate::http::extract::{JsonBody, QueryParams};
use crate::http::idempotency::IdempotencyKey;
use crate::http::pagination::{ListPlayed, numbered_page};
use crate::http::request_metrics::count_if_done;
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::service::edits::Replacement;
use crate::service::hands::{self, EnteredHand, RecordedPlayer};
use crate::service::record::EntryKind;
use crate::telemetry::HANDS;
use crate::values::{GameId, PlayerId};
use crate::views::{GameView, HandView, hand_view_of, hands_after};
use crate::{AppState, GamePath, entry_number};

use super::entries::{EntryAt, EntryPath, answer_recorded};

/// A hand as it ended: who went out, and each player's line. A tie-break hand is only
/// `went_out`, the tied player who won it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"went_out": "6f0c5b9e-2a51-4c1f-9d38-0f6a3f0d2b7e", "players": [
    {"player_id": "6f0c5b9e-2a51-4c1f-9d38-0f6a3f0d2b7e", "made": true, "cards": []},
    {"player_id": "0d8e4c55-93b7-4b4e-8d0a-54c6f4f4a1d2", "made": false, "points": 75}
]}))]
pub struct RecordHand {
    #[schema(value_type = String, format = Uuid)]
    pub went_out: PlayerId,
    /// Every player of the game once, in any order; left out for a tie-break hand.
    #[serde(default)]
    #[schema(min_items = 2, max_items = 6)]
    pub players: Option<Vec<RecordedPlayer>>,
    /// The number this entry is to have, as the client numbered it (offline, say): sent again
    /// after it was recorded, it is answered as it is (200, `Idempotent-Replayed: true`) and
    /// nothing is recorded, however late; 409 `entry_taken` if the game has another entry
    /// there (its detail says what), 409 `not_next` if it is past the game's next.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 100000, nullable = false)]
    pub number: Option<u32>,
}

/// A page of hands, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct HandPage {
    pub items: Vec<HandView>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(pattern = "^[1-9][0-9]{0,8}$", required = true)]
    pub next_cursor: Option<String>,
}

/// The path of a hand: `/v1/games/{game_id}/hands/{number}`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct HandPath {
    /// The game's id.
    #[param(value_type = String, format = Uuid)]
    pub game_id: GameId,
    /// The hand's number, from 1.
    // Read as text, so that a path without a number in it is a 404 like any unknown hand.
    #[param(value_type = i32)]
    number: String,
}

impl EntryPath for HandPath {
    const KIND: EntryKind = EntryKind::Hand;

    fn into_parts(self) -> (GameId, String) {
        (self.game_id, self.number)
    }
}

/// A hand named by its path.
pub type HandAt = EntryAt<HandPath>;

/// Record a hand
///
/// Records how a hand of a card game ended: who went out, who laid down their phase, and what
/// every other player still holds (the cards, which the server scores, or their points). The
/// server checks it against the rules (one deck, hand sizes, points the cards can make, the
/// laid-down phase) and keeps the pad. In a tie-break hand only who went out is sent.
#[utoipa::path(
    operation_id = "recordHand",
    tag = "hands",
    params(GamePath, IfMatch),
    request_body = RecordHand,
    responses(
        (status = 200, description = "The hand sent again with its `number`, as it is: nothing \
            recorded", body = HandView,
         headers(("Location" = String, description = "The hand's URL"),
                 ("ETag" = String, description = "The game's version"),
                 ("Idempotent-Replayed" = String, description = "`true`"))),
        (status = 201, description = "The hand and the game after it", body = HandView,
         headers(("Location" = String, description = "The hand's URL"),
                 ("ETag" = String, description = "The game's version after the hand"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 403, 404, 409, 412, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[post("/games/{game_id}/hands")]
pub async fn record_hand(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    conditions: Conditions,
    key: IdempotencyKey,
    body: JsonBody<RecordHand>,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    let JsonBody(request, raw) = body;
    let number = entry_number(request.number)?;
    let new = EnteredHand {
        went_out: request.went_out,
        players: request.players,
    };
    state
        .write_as(caller, key.claim(Some(&raw)), move |session, account| {
            let expected = conditions.if_match.as_ref();
            let made = hands::record(session, &account.id, &game_id, new, number, expected)?;
            answer_recorded(made, EntryKind::Hand, number, hand_view_of)
        })
        .await
        .inspect(|answer| count_if_done(answer, HANDS))
}

/// Replace a hand
///
/// Replaces a hand of a card game (RULES §9), also in a finished game: a mistake found later.
/// The body is the hand as it is recorded (`POST …/hands`), checked by the same rules. The game
/// is worked out again from its record: every later hand keeps what was entered and is judged
/// on the phase its players are then on; phases, totals, the end, the winners and the
/// tie-break follow. Refused (422 `edit_breaks_later`, nothing changed) when a later hand would
/// break, its laid-down cards or hand sizes no longer fitting the phase its player would be
/// on, or falling after the game's new end; `errors[].field` names it by its path under the game
/// and the field of its body (`hands/5/players[2].laid_down[0]`). The game's owner, or an
/// account playing a seat, may replace a hand while the game is in play; once it has finished,
/// its owner alone (403 `not_owner`). Each replacement is kept (`GET …/edits`), counted in the
/// hand's `edited`, and sent to followers as `hand_edited`; one identical to the hand changes
/// nothing and is not kept (200, the game's version unchanged).
#[utoipa::path(
    operation_id = "replaceHand",
    tag = "hands",
    params(HandPath, IfMatch),
    request_body = RecordHand,
    responses(
        (status = 200, description = "The hand as it now is, with the game right after it",
         body = HandView,
         headers(("ETag" = String, description = "The game's version after the replacement"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 403, 404, 409, 412, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[put("/games/{game_id}/hands/{number}")]
pub async fn replace_hand(
    hand: HandAt,
    key: IdempotencyKey,
    body: JsonBody<RecordHand>,
) -> Result<HttpResponse> {
    let number = hand.number;
    let JsonBody(request, raw) = body;
    if entry_number(request.number)?.is_some_and(|sent| sent != number) {
        return Err(Error::invalid_field(
            ProblemCode::InvalidValue,
            "number",
            format!("this is hand {number}'s address: leave number out, or send {number}"),
        ));
    }
    let replacement = Replacement::Hand(EnteredHand {
        went_out: request.went_out,
        players: request.players,
    });
    hand.replace(key, &raw, replacement, hand_view_of).await
}

/// List hands
///
/// The card game's hands, oldest first, each with the game as it was right after it.
#[utoipa::path(
    operation_id = "listHands",
    tag = "hands",
    params(GamePath, ListPlayed),
    responses((status = 200, description = "A page of hands", body = HandPage)),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 404, 409, 422, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/games/{game_id}/hands")]
pub async fn list_hands(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    query: QueryParams<ListPlayed>,
) -> Result<HttpResponse> {
    let (limit, after) = query.0.page()?;
    let game = state.game(caller, path.into_inner().game_id).await?;
    let hands = hands_after(&game, game.cards()?, after);
    let (items, next_cursor) = numbered_page(hands, limit, |hand| hand.number);
    Ok(HttpResponse::Ok().json(HandPage { items, next_cursor }))
}

/// Get a hand
///
/// One hand of a card game as it is now (replaced, if it was), by its number: who went out,
/// and each player's phase, whether they made it and the points they hold.
#[utoipa::path(
    operation_id = "getHand",
    tag = "hands",
    params(HandPath, IfNoneMatch),
    responses(
        (status = 200, description = "The hand", body = HandView,
         headers(("ETag" = String, description = "The game's version"))),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 404, 409, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/games/{game_id}/hands/{number}")]
pub async fn get_hand(hand: HandAt) -> Result<HttpResponse> {
    hand.read(hand_view_of).await
}

/// Undo the latest hand
///
/// Deletes the latest hand of a card game; phases, totals and the end of the game are worked
/// out again. Only the latest hand can be undone, by the game's owner.
#[utoipa::path(
    operation_id = "undoHand",
    tag = "hands",
    params(HandPath, IfMatch),
    responses((status = 200, description = "The game after the undo", body = GameView,
               headers(("ETag" = String, description = "The game's version")))),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 403, 404, 409, 412, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[delete("/games/{game_id}/hands/{number}")]
pub async fn undo_hand(hand: HandAt, key: IdempotencyKey) -> Result<HttpResponse> {
    hand.undo(key).await
}
