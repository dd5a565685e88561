//! `/v1/games/{game_id}/edits`: every replacement of a turn or a hand of a game (RULES §9).

use actix_web::{HttpResponse, get, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::http::auth::Caller;
use crate::api::http::extract::QueryParams;
use crate::api::http::pagination::{decode_cursor, encode_cursor, page_limit};
use crate::api::openapi::declared::{Declared, RateClass, TakesKey};
use crate::api::views::EditView;
use crate::api::{AppState, GamePath};
use crate::error::Result;
use crate::service::edits;

/// A page of a game's edits, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct EditPage {
    pub items: Vec<EditView>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(pattern = "^([0-9a-f]{2})+$", max_length = 1000, required = true)]
    pub next_cursor: Option<String>,
}

/// Which edits to list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListEdits {
    /// 1 to 100; 50 by default.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// From the `next_cursor` of the previous page.
    #[param(pattern = "^([0-9a-f]{2})+$", max_length = 1000)]
    pub cursor: Option<String>,
}

/// Where a page of edits starts: after the edit that made this version of the game.
#[derive(Debug, Serialize, Deserialize)]
struct EditsAfter {
    version: i64,
}

/// List a game's edits
///
/// Every replacement of a turn (`PUT …/turns/{number}`) or a hand (`PUT …/hands/{number}`) of
/// the game, oldest first: which entry, who replaced it, when, and the entry before and after,
/// each as it was entered. Undoing an entry does not remove its edits.
#[utoipa::path(
    operation_id = "listEdits",
    tag = "games",
    params(GamePath, ListEdits),
    responses((status = 200, description = "A page of edits", body = EditPage)),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 404, 422, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/games/{game_id}/edits")]
pub async fn list_edits(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    query: QueryParams<ListEdits>,
) -> Result<HttpResponse> {
    let limit = page_limit(query.0.limit, 50)?;
    let after = (query.0.cursor.as_deref())
        .map(decode_cursor::<EditsAfter>)
        .transpose()?
        .map(|after| after.version);
    let game_id = path.into_inner().game_id;
    // One more than the page, to know whether another follows.
    let mut items = state
        .run_as(caller, move |session, account| {
            edits::list(session, &account.id, &game_id, after, limit + 1)
        })
        .await?;
    let next_cursor = (items.len() > limit).then(|| {
        items.truncate(limit);
        (items.last()).map(|edit| {
            encode_cursor(&EditsAfter {
                version: edit.version,
            })
        })
    });
    let items = items.into_iter().map(EditView::from).collect();
    Ok(HttpResponse::Ok().json(EditPage {
        items,
        next_cursor: next_cursor.flatten(),
    }))
}
