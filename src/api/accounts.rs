//! `POST /v1/accounts` and `GET /v1/accounts/{account_id}`.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::AppState;
use super::auth::Caller;
use super::extract::JsonBody;
use super::idempotency::{IdempotencyKey, receipt};
use super::views::utc;
use crate::error::{Error, Result};
use crate::service::accounts;

/// A new account.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "Ann's table"}))]
pub struct CreateAccount {
    /// 1 to 100 characters, not all of them whitespace (which is trimmed off).
    // The pattern: something other than whitespace (as Rust's `trim` has it), and no NUL.
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = "^[^\\u0000]*[^\\u0000\\t\\n\\u000b\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000][^\\u0000]*$"
    )]
    pub name: String,
}

/// A new account and its API key. The key is shown only this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountCreated {
    #[schema(format = Uuid)]
    pub id: String,
    pub name: String,
    /// Send it as `Authorization: Bearer <api_key>`. It is stored only as a hash.
    pub api_key: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// An account.
#[derive(Debug, Serialize, ToSchema)]
pub struct Account {
    #[schema(format = Uuid)]
    pub id: String,
    pub name: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// Create an account
///
/// Creates an account and returns its API key, which is shown only this once.
#[utoipa::path(
    operation_id = "createAccount",
    tag = "accounts",
    request_body = CreateAccount,
    responses(
        // No `Location` (the contract gives none here): an account can be read only with its
        // own key, and the request that creates it is sent without it.
        (status = 201, description = "The account, with its API key", body = AccountCreated),
    )
)]
#[post("/accounts")]
pub async fn create_account(
    state: web::Data<AppState>,
    key: IdempotencyKey,
    body: JsonBody<CreateAccount>,
) -> Result<HttpResponse> {
    let JsonBody(request, raw) = body;
    let claim = key.claim(Some(&raw));
    state
        .write(key.address_scope(), claim, move |conn| {
            let created = accounts::create(conn, &request.name)?;
            let account = created.account;
            let view = AccountCreated {
                id: account.id,
                name: account.name,
                api_key: created.api_key,
                created_at: utc(account.created_at),
            };
            receipt(StatusCode::CREATED, &[], Some(&view))
        })
        .await
}

/// Get an account
///
/// The caller's own account; any other is not found.
#[utoipa::path(
    operation_id = "getAccount",
    tag = "accounts",
    params(("account_id" = uuid::Uuid, Path, description = "The account's id")),
    responses((status = 200, description = "The account", body = Account)),
    security(("api_key" = []))
)]
#[get("/accounts/{account_id}")]
pub async fn get_account(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> Result<HttpResponse> {
    let wanted = path.into_inner();
    let account = state
        .db_account(caller, move |_, account| {
            if wanted == account.id {
                Ok(account)
            } else {
                Err(Error::NotFound("account"))
            }
        })
        .await?;
    Ok(HttpResponse::Ok().json(Account {
        id: account.id,
        name: account.name,
        created_at: utc(account.created_at),
    }))
}
