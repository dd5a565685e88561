//! `/v1/games`: create, list, read and delete games.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, delete, get, post, web};
use chrono::DateTime;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::Caller;
use super::conditional::{Conditions, IfMatch, IfNoneMatch, etag};
use super::events::{EventKind, publish};
use super::extract::{JsonBody, QueryParams};
use super::idempotency::{IdempotencyKey, receipt};
use super::views::GameView;
use super::{AppState, GamePath};
use crate::error::{Error, Result};
use crate::service::games::{self, NewGame};
use crate::service::names::{EditionName, LayoutName, Mode, StatusName};
use crate::store::games::GamesAfter;

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
    pub edition: EditionName,
    #[serde(default)]
    pub dice_layout: LayoutName,
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
    pub status: Option<StatusName>,
    /// 1 to 100; 20 by default.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// From the `next_cursor` of the previous page.
    // The pattern is exactly what `decode_cursor` takes.
    #[param(pattern = "^(3[0-9]){1,16}2e(3[0-9]|6[1-6]|2d){36}$")]
    pub cursor: Option<String>,
}

/// The most items a page holds.
pub const MAX_PAGE: u32 = 100;

/// Checks a page size.
pub fn page_limit(limit: Option<u32>, default: u32) -> Result<usize> {
    match limit.unwrap_or(default) {
        limit @ 1..=MAX_PAGE => Ok(limit as usize),
        other => Err(Error::invalid_field(
            "invalid_limit",
            "limit",
            format!("must be 1 to {MAX_PAGE}, not {other}"),
        )),
    }
}

pub(super) fn bad_cursor() -> Error {
    Error::Malformed("cursor is not one this server gave out".into())
}

/// A games cursor is the creation time (microseconds) and id of the last game of a page, as
/// `{micros}.{id}` in lowercase hex.
fn encode_cursor(after: &GamesAfter) -> String {
    let text = format!(
        "{}.{}",
        after.created_at.and_utc().timestamp_micros(),
        after.id
    );
    crate::service::hex(text.as_bytes())
}

fn decode_cursor(cursor: &str) -> Result<GamesAfter> {
    let lower_hex = |b: u8| b.is_ascii_digit() || (b'a'..=b'f').contains(&b);
    if !cursor.bytes().all(lower_hex) {
        return Err(bad_cursor());
    }
    let bytes = (0..cursor.len())
        .step_by(2)
        .map(|i| {
            cursor
                .get(i..i + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        })
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(bad_cursor)?;
    let text = String::from_utf8(bytes).map_err(|_| bad_cursor())?;
    let (micros, id) = text.split_once('.').ok_or_else(bad_cursor)?;
    let id_like = id.len() == 36 && id.bytes().all(|b| lower_hex(b) || b == b'-');
    if !(1..=16).contains(&micros.len()) || !micros.bytes().all(|b| b.is_ascii_digit()) || !id_like
    {
        return Err(bad_cursor());
    }
    let micros: i64 = micros.parse().map_err(|_| bad_cursor())?;
    let created_at = DateTime::from_timestamp_micros(micros)
        .ok_or_else(bad_cursor)?
        .naive_utc();
    Ok(GamesAfter {
        created_at,
        id: id.to_string(),
    })
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
        .write_as(caller, key.claim(Some(&raw)), move |conn, account_id| {
            let game = games::create(conn, account_id, new)?;
            publish(conn, EventKind::GameCreated, &game, None)?;
            let view = GameView::from(&game);
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
    let after = query.cursor.as_deref().map(decode_cursor).transpose()?;
    let page = state
        .db_as(caller, move |conn, account_id| {
            games::list(conn, account_id, query.status, after, limit)
        })
        .await?;
    Ok(HttpResponse::Ok().json(GamePage {
        items: page.games.iter().map(GameView::from).collect(),
        next_cursor: page.next.as_ref().map(encode_cursor),
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
    Ok(conditions.read(game.record.game.version, &GameView::from(&game)))
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
        .change_game(
            caller,
            key.claim(None),
            game_id,
            move |conn, account_id, game_id| {
                games::delete(conn, account_id, game_id, conditions.if_match.as_ref())?;
                receipt(StatusCode::NO_CONTENT, &[], None::<&()>)
            },
        )
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_as_given() {
        let after = GamesAfter {
            created_at: DateTime::from_timestamp_micros(1_790_000_000_123_456)
                .unwrap()
                .naive_utc(),
            id: "0b7c5e1a-2f3d-4c5b-8a9e-0123456789ab".into(),
        };
        assert_eq!(decode_cursor(&encode_cursor(&after)).unwrap(), after);
        assert!(decode_cursor("zz").is_err());
        assert!(decode_cursor("31").is_err());
        // Only what encode_cursor makes: no sign, no NUL, no uppercase, a UUID-shaped id.
        let hex = |text: &str| text.bytes().map(|b| format!("{b:02x}")).collect::<String>();
        let id = "0b7c5e1a-2f3d-4c5b-8a9e-0123456789ab";
        assert!(decode_cursor(&hex(&format!("17.{id}"))).is_ok());
        for text in [
            format!("-17.{id}"),
            format!("+17.{id}"),
            format!("17.{}", &id[1..]),
            format!("17.{}", id.to_uppercase()),
            format!("17.{}\0", &id[1..]),
            format!("12345678901234567.{id}"),
        ] {
            assert!(decode_cursor(&hex(&text)).is_err(), "{text}");
        }
        assert!(decode_cursor(&hex(&format!("17.{id}")).to_uppercase()).is_err());
    }
}
