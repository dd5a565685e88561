//! `/v1/games/{game_id}/edits`: every replacement of a turn or a hand of a game (RULES §9).

use actix_web::{HttpResponse, get, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::Result;
use crate::http::auth::Caller;
use crate::http::extract::QueryParams;
use crate::http::pagination::{ListPage, encode_cursor};
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::service::edits;
use crate::values::GameVersion;
use crate::views::EditView;
use crate::{AppState, GamePath};

/// A page of a game's edits, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct EditPage {
    pub items: Vec<EditView>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(pattern = "^([0-9a-f]{2})+$", max_length = 1000, required = true)]
    pub next_cursor: Option<String>,
}

/// Where a page of edits starts: after the edit that made this version of the game.
#[derive(Debug, Serialize, Deserialize)]
struct EditsAfter {
    version: GameVersion,
}

/// List a game's edits
///
/// Every replacement of a turn (`PUT …/turns/{number}`) or a hand (`PUT …/hands/{number}`) of
/// the game, oldest first: which entry, who replaced it, when, and the entry before and after,
/// each as it was entered. Undoing an entry does not remove its edits.
#[utoipa::path(
    operation_id = "listEdits",
    tag = "games",
    params(GamePath, ListPage),
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
    query: QueryParams<ListPage>,
) -> Result<HttpResponse> {
    let (limit, after) = query.0.page::<EditsAfter>()?;
    let after = after.map(|after| after.version);
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
