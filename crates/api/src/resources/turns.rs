//! `/v1/games/{game_id}/turns`: record a tabletop turn or start a digital one, list and read
//! turns, undo the latest. A digital turn's rolls and scoring are in `digital`.

use actix_web::{HttpResponse, delete, get, post, put, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{Error, ProblemCode, Result};
use crate::http::auth::Caller;
use crate::http::conditional::{Conditions, IfMatch, IfNoneMatch};
use crate::http::extract::{JsonBody, QueryParams};
use crate::http::idempotency::IdempotencyKey;
use crate::http::pagination::{ListPlayed, numbered_page};
use crate::http::request_metrics::count_if_done;
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::rules::dice::MAX_DICE;
use crate::rules::dice::faces::TooManyDice;
use crate::service::dice::ShownDie;
use crate::service::edits::Replacement;
use crate::service::record::EntryKind;
use crate::service::turns;
use crate::service::turns::SentTurn;
use crate::telemetry::TURNS;
use crate::values::PlayerId;
use crate::views::{GameView, TurnView, turn_view_of, turns_after};
use crate::{AppState, GamePath, TurnPath, entry_number};

use super::entries::{TurnAt, answer_recorded};

/// The dice a player ended a tabletop turn with; in a digital game, only the player, whose turn
/// the server starts by rolling all ten dice.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"player_id": "6f0c5b9e-2a51-4c1f-9d38-0f6a3f0d2b7e", "dice": [
    {"value": 8}, {"value": 8}, {"value": 8}, {"value": 10}, {"value": "W"}, {"value": "W"}
]}))]
pub struct RecordTurn {
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
    /// Tabletop: all ten dice, or only those shown for the phase. None, or dice that do not
    /// make the phase, record a failed turn. Digital: left out (409 `digital_game` if sent).
    #[serde(default)]
    #[schema(max_items = 10)]
    pub dice: Option<Vec<ShownDie>>,
    /// The number this entry is to have, as the client numbered it (offline, say): sent again
    /// after it was recorded, it is answered as it is (200, `Idempotent-Replayed: true`) and
    /// nothing is recorded, however late; 409 `entry_taken` if the game has another entry
    /// there (its detail says what), 409 `not_next` if it is past the game's next.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 100000, nullable = false)]
    pub number: Option<u32>,
}

/// The dice a tabletop turn is replaced with (RULES §9).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"dice": [
    {"value": 8}, {"value": 8}, {"value": 8}, {"value": 10}, {"value": "W"}, {"value": "W"}
]}))]
pub struct ReplaceTurn {
    /// The turn's player, if sent: it must be the player of the turn, which does not change.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub player_id: Option<PlayerId>,
    /// All ten dice, or only those shown for the phase. None, or dice that do not make the
    /// phase, make it a failed turn.
    #[serde(default)]
    #[schema(max_items = 10)]
    pub dice: Option<Vec<ShownDie>>,
}

/// A page of turns, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct TurnPage {
    pub items: Vec<TurnView>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(pattern = "^[1-9][0-9]{0,8}$", required = true)]
    pub next_cursor: Option<String>,
}

/// Record a tabletop turn
///
/// Records the dice the player ended the turn with. The server checks they could have been
/// rolled, finds the best way they make the player's phase, scores it and gives any bonus.
#[utoipa::path(
    operation_id = "recordTurn",
    tag = "turns",
    params(GamePath, IfMatch),
    request_body = RecordTurn,
    responses(
        (status = 200, description = "The turn sent again with its `number`, as it is: nothing \
            recorded", body = TurnView,
         headers(("Location" = String, description = "The turn's URL"),
                 ("ETag" = String, description = "The game's version"),
                 ("Idempotent-Replayed" = String, description = "`true`"))),
        (status = 201, description = "The turn and the game after it", body = TurnView,
         headers(("Location" = String, description = "The turn's URL"),
                 ("ETag" = String, description = "The game's version after the turn"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 403, 404, 409, 412, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[post("/games/{game_id}/turns")]
pub async fn record_turn(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    conditions: Conditions,
    key: IdempotencyKey,
    body: JsonBody<RecordTurn>,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    let JsonBody(request, raw) = body;
    // What the body alone breaks is refused before If-Match is looked at (RFC 9110 §13.2.1).
    at_most_ten(request.dice.as_deref())?;
    let sent = SentTurn {
        player_id: request.player_id,
        dice: request.dice,
        number: entry_number(request.number)?,
    };
    state
        .write_as(caller, key.claim(Some(&raw)), move |session, account| {
            let number = sent.number;
            let expected = conditions.if_match.as_ref();
            let made = turns::record(session, &account.id, &game_id, sent, expected)?;
            answer_recorded(made, EntryKind::Turn, number, turn_view_of)
        })
        .await
        .inspect(|answer| count_if_done(answer, TURNS))
}

/// Dice beyond the ten of the game are refused before anything else is looked at.
fn at_most_ten(dice: Option<&[ShownDie]>) -> Result<()> {
    let given = dice.map_or(0, <[ShownDie]>::len);
    if given > MAX_DICE {
        let error = TooManyDice { given };
        return Err(Error::invalid_field(
            ProblemCode::NotRollable,
            "dice",
            error.to_string(),
        ));
    }
    Ok(())
}

/// Replace a turn
///
/// Replaces the dice a tabletop turn ended with (RULES §9), also in a finished game: a mistake
/// found later. The game is worked out again from its record: every later turn keeps its dice
/// and is judged on the phase its player is then on; bonuses, totals, the end and the winners
/// follow. Refused (422 `edit_breaks_later`, nothing changed) when a later turn would break: by
/// a player who would no longer be the one to play it, after the game's new end, or without
/// the colors its new phase needs; `errors[].field` names it by its path under the game
/// (`turns/7/player_id`). The dice of a digital turn were rolled by the server: 409
/// `server_rolled`. The game's owner, or the account playing the turn's seat, may replace it
/// while the game is in play; once it has finished, its owner alone (403 `not_owner`). Each
/// replacement is kept (`GET …/edits`), counted in the turn's `edited`, and sent to followers
/// as `turn_edited`; one identical to the turn changes nothing and is not kept (200, the game's
/// version unchanged).
#[utoipa::path(
    operation_id = "replaceTurn",
    tag = "turns",
    params(TurnPath, IfMatch),
    request_body = ReplaceTurn,
    responses(
        (status = 200, description = "The turn as it now is, with the game right after it",
         body = TurnView,
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
#[put("/games/{game_id}/turns/{number}")]
pub async fn replace_turn(
    turn: TurnAt,
    key: IdempotencyKey,
    body: JsonBody<ReplaceTurn>,
) -> Result<HttpResponse> {
    let JsonBody(request, raw) = body;
    at_most_ten(request.dice.as_deref())?;
    let replacement = Replacement::Turn {
        player_id: request.player_id,
        dice: request.dice.unwrap_or_default(),
    };
    turn.replace(key, &raw, replacement, turn_view_of).await
}

/// List turns
///
/// The game's turns, oldest first, each with the game as it was right after it.
#[utoipa::path(
    operation_id = "listTurns",
    tag = "turns",
    params(GamePath, ListPlayed),
    responses((status = 200, description = "A page of turns", body = TurnPage)),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 404, 409, 422, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/games/{game_id}/turns")]
pub async fn list_turns(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    query: QueryParams<ListPlayed>,
) -> Result<HttpResponse> {
    let (limit, after) = query.0.page()?;
    let game = state.game(caller, path.into_inner().game_id).await?;
    game.dice()?;
    let (items, next_cursor) = numbered_page(turns_after(&game, after), limit, |t| t.number);
    Ok(HttpResponse::Ok().json(TurnPage { items, next_cursor }))
}

/// Get a turn
///
/// One turn of a dice game as it is now (replaced, if it was), by its number: its player,
/// phase, dice, whether it made the phase, the score and the bonuses; a digital turn still in
/// play with its rolls so far.
#[utoipa::path(
    operation_id = "getTurn",
    tag = "turns",
    params(TurnPath, IfNoneMatch),
    responses(
        (status = 200, description = "The turn", body = TurnView,
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
#[get("/games/{game_id}/turns/{number}")]
pub async fn get_turn(turn: TurnAt) -> Result<HttpResponse> {
    turn.read(turn_view_of).await
}

/// Undo the latest turn
///
/// Deletes the latest turn; bonuses and the end of the game are worked out again. Only the
/// latest turn can be undone.
#[utoipa::path(
    operation_id = "undoTurn",
    tag = "turns",
    params(TurnPath, IfMatch),
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
#[delete("/games/{game_id}/turns/{number}")]
pub async fn undo_turn(turn: TurnAt, key: IdempotencyKey) -> Result<HttpResponse> {
    turn.undo(key).await
}
