//! `/v1/games/{game_id}/turns`: record a tabletop turn or start a digital one, list and read
//! turns, undo the latest. A digital turn's rolls and scoring are in `digital`.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, delete, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::Caller;
use super::conditional::{Conditions, IfMatch, IfNoneMatch, etag};
use super::events::{EventKind, publish, publish_turn};
use super::extract::{JsonBody, QueryParams};
use super::games::{bad_cursor, page_limit};
use super::idempotency::{IdempotencyKey, receipt};
use super::views::{GameView, TurnView, turns_after};
use super::{AppState, GamePath, TurnPath};
use crate::error::{Error, Result};
use crate::rules::MAX_DICE;
use crate::rules::dice::TooManyDice;
use crate::service::dice::ShownDie;
use crate::service::turns;

/// The dice a player ended a tabletop turn with; in a digital game, only the player, whose turn
/// the server starts by rolling all ten dice.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"player_id": "6f0c5b9e-2a51-4c1f-9d38-0f6a3f0d2b7e", "dice": [
    {"value": 8}, {"value": 8}, {"value": 8}, {"value": 10}, {"value": "W"}, {"value": "W"}
]}))]
pub struct RecordTurn {
    #[schema(format = Uuid)]
    #[serde(deserialize_with = "super::uuid_text")]
    pub player_id: String,
    /// Tabletop: all ten dice, or only those shown for the phase. None, or dice that do not
    /// make the phase, record a failed turn. Digital: left out (409 `digital_game` if sent).
    #[serde(default)]
    #[schema(max_items = 10)]
    pub dice: Option<Vec<ShownDie>>,
}

/// A page of turns, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct TurnPage {
    pub items: Vec<TurnView>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(pattern = "^[1-9][0-9]{0,8}$")]
    pub next_cursor: Option<String>,
}

/// Which turns to list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListTurns {
    /// 1 to 100; 50 by default.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// From the `next_cursor` of the previous page.
    // The pattern is exactly what `turn_cursor` takes.
    #[param(pattern = "^[1-9][0-9]{0,8}$")]
    pub cursor: Option<String>,
}

/// A turns cursor is the number of the last turn of a page, written as the server writes it (no
/// sign, no leading zero).
fn turn_cursor(cursor: &str) -> Result<i32> {
    let written = match cursor.as_bytes() {
        [b'1'..=b'9', rest @ ..] => rest.len() <= 8 && rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    written
        .then(|| cursor.parse().ok())
        .flatten()
        .ok_or_else(bad_cursor)
}

/// A turn's number in a path: 1 or more, or the path names no turn.
pub(super) fn turn_number(text: &str) -> Result<i32> {
    text.parse()
        .ok()
        .filter(|number| *number >= 1)
        .ok_or(Error::NotFound("turn"))
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
        (status = 201, description = "The turn and the game after it", body = TurnView,
         headers(("Location" = String, description = "The turn's URL"),
                 ("ETag" = String, description = "The game's version after the turn"))),
    ),
    security(("api_key" = []))
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
    let given = request.dice.as_ref().map_or(0, Vec::len);
    if given > MAX_DICE {
        let error = TooManyDice { given };
        return Err(Error::invalid_field(
            "not_rollable",
            "dice",
            error.to_string(),
        ));
    }
    state
        .change_game(
            caller,
            key.claim(Some(&raw)),
            game_id,
            move |conn, account_id, game_id| {
                let expected = conditions.if_match.as_ref();
                let game = turns::record(
                    conn,
                    account_id,
                    game_id,
                    &request.player_id,
                    request.dice,
                    expected,
                )?;
                let view = publish_turn(conn, &game, EventKind::TurnStarted)?;
                let headers = [
                    (
                        header::LOCATION,
                        format!("/v1/games/{}/turns/{}", game.record.game.id, view.number),
                    ),
                    (header::ETAG, etag(game.record.game.version)),
                ];
                receipt(StatusCode::CREATED, &headers, Some(&view))
            },
        )
        .await
}

/// List turns
///
/// The game's turns, oldest first, each with the game as it was right after it.
#[utoipa::path(
    operation_id = "listTurns",
    tag = "turns",
    params(GamePath, ListTurns),
    responses((status = 200, description = "A page of turns", body = TurnPage)),
    security(("api_key" = []))
)]
#[get("/games/{game_id}/turns")]
pub async fn list_turns(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    query: QueryParams<ListTurns>,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    let limit = page_limit(query.0.limit, 50)?;
    let after: i32 = match query.0.cursor.as_deref() {
        None => 0,
        Some(cursor) => turn_cursor(cursor)?,
    };
    let game = state.game(caller, game_id).await?;
    let mut rest = turns_after(&game, after).peekable();
    let items: Vec<TurnView> = rest.by_ref().take(limit).collect();
    let next_cursor = rest
        .peek()
        .is_some()
        .then(|| items.last().map(|t| t.number.to_string()))
        .flatten();
    Ok(HttpResponse::Ok().json(TurnPage { items, next_cursor }))
}

/// Get a turn
#[utoipa::path(
    operation_id = "getTurn",
    tag = "turns",
    params(TurnPath, IfNoneMatch),
    responses(
        (status = 200, description = "The turn", body = TurnView,
         headers(("ETag" = String, description = "The game's version"))),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = []))
)]
#[get("/games/{game_id}/turns/{number}")]
pub async fn get_turn(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<TurnPath>,
    conditions: Conditions,
) -> Result<HttpResponse> {
    let TurnPath { game_id, number } = path.into_inner();
    let number = turn_number(&number)?;
    let game = state.game(caller, game_id).await?;
    let turn = turns_after(&game, number - 1)
        .next()
        .filter(|t| t.number == number)
        .ok_or(Error::NotFound("turn"))?;
    Ok(conditions.read(game.record.game.version, &turn))
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
    security(("api_key" = []))
)]
#[delete("/games/{game_id}/turns/{number}")]
pub async fn undo_turn(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<TurnPath>,
    conditions: Conditions,
    key: IdempotencyKey,
) -> Result<HttpResponse> {
    let TurnPath { game_id, number } = path.into_inner();
    let number = turn_number(&number)?;
    state
        .change_game(
            caller,
            key.claim(None),
            game_id,
            move |conn, account_id, game_id| {
                let expected = conditions.if_match.as_ref();
                let game = turns::undo(conn, account_id, game_id, number, expected)?;
                publish(conn, EventKind::TurnUndone, &game, None)?;
                let headers = [(header::ETAG, etag(game.record.game.version))];
                receipt(StatusCode::OK, &headers, Some(&GameView::from(&game)))
            },
        )
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_number_in_a_path_is_one_or_more() {
        assert_eq!(turn_number("1").unwrap(), 1);
        for text in ["0", "-1", "-2147483648", "2147483648", "x", ""] {
            assert!(
                matches!(turn_number(text), Err(Error::NotFound("turn"))),
                "{text:?}"
            );
        }
    }

    #[test]
    fn a_turns_cursor_is_read_only_as_the_server_writes_it() {
        assert_eq!(turn_cursor("7").unwrap(), 7);
        assert_eq!(turn_cursor("999999999").unwrap(), 999_999_999);
        for cursor in ["", "0", "07", "-1", "+1", "1.0", "1000000000", "1\0"] {
            assert!(turn_cursor(cursor).is_err(), "{cursor:?}");
        }
    }
}
