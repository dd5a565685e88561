//! An account as one document: `GET /v1/accounts/{account_id}/export`, and `POST /v1/imports`
//! to make it again, here or on another server (API.md "Offline clients and several devices").

use std::time::Duration;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, get, post, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::error::Result;
use crate::http::auth::Caller;
use crate::http::extract::ImportBody;
use crate::http::idempotency::Answer;
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::resources::accounts::{AccountPath, own_account};
use crate::service::backup::{self, document::AccountExport};

/// How long an import's database work may take: an account of thousands of games is written in
/// one transaction.
const IMPORT_DEADLINE: Duration = Duration::from_secs(120);

/// What an import made.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportView {
    /// Games made; none of those the caller already had.
    pub games: usize,
    /// People added to the roster; none of those already in it.
    pub people: usize,
}

/// Export an account
///
/// The caller's account as one JSON document: its people, and the games it owns with every
/// entry as it now stands and every replacement made (RULES §9). `POST /v1/imports` makes it
/// again, on this server or another.
#[utoipa::path(
    operation_id = "exportAccount",
    tag = "backup",
    params(AccountPath),
    responses(
        (status = 200, description = "The account's document", body = AccountExport,
         headers(("Content-Disposition" = String, description = "`attachment`, with a file name"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 404, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/accounts/{account_id}/export")]
pub async fn export_account(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<AccountPath>,
) -> Result<HttpResponse> {
    let wanted = path.into_inner().account_id;
    let document = state
        .run_as(caller, move |session, account| {
            own_account(account, &wanted)?;
            backup::export(session, account)
        })
        .await?;
    let day = document.exported_at.format("%Y-%m-%d");
    let file = format!("attachment; filename=\"phase10-{day}.json\"");
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_DISPOSITION, file))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(document))
}

/// Import an account
///
/// Makes an exported account's people and games again in the caller's account, with the same
/// ids, every game worked out again from its entries. What the caller already has (the same
/// ids) is left as it is: a document imported before answers 200 and makes nothing. An id
/// another account has is 409 `id_taken`; people who would take the roster past its 1,000
/// are 409 `roster_full`; a game the rules refuse is 422 `export_does_not_replay`, naming it
/// and its entry; in each case nothing is made. The body may be up to 64 MiB (others:
/// `--body-limit`).
#[utoipa::path(
    operation_id = "importAccount",
    tag = "backup",
    request_body = AccountExport,
    responses(
        (status = 200, description = "Imported before: nothing made", body = ImportView),
        (status = 201, description = "What was made", body = ImportView),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 409, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[post("/imports")]
pub async fn import_account(
    state: web::Data<AppState>,
    caller: Caller,
    body: ImportBody<AccountExport>,
) -> Result<HttpResponse> {
    let ImportBody(document) = body;
    let mut longer = state.get_ref().clone();
    longer.deadline = longer.deadline.max(IMPORT_DEADLINE);
    longer
        .write_as(caller, None, move |session, account| {
            let made = backup::import(session, account, document)?;
            let status = match made.games + made.people {
                0 => StatusCode::OK,
                _ => StatusCode::CREATED,
            };
            let view = ImportView {
                games: made.games,
                people: made.people,
            };
            Answer::json(status, &view).done()
        })
        .await
}
