//! `POST /v1/accounts` and `GET /v1/accounts/{account_id}`.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppState;
use crate::error::{Result, ServiceError, ServiceResult};
use crate::http::auth::Caller;
use crate::http::extract::JsonBody;
use crate::http::idempotency::{Answer, IdempotencyKey};
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::service::accounts;
use crate::values::name_schemas::AccountNameText;
use crate::values::{AccountId, AccountName};
use crate::views::utc;

/// A new account.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "Ann's table"}))]
pub struct CreateAccount {
    /// 1 to 100 characters, not all of them white space or invisible (white space is trimmed
    /// off), with no control characters (line breaks) and no bidi overrides; kept in NFC.
    #[schema(value_type = AccountNameText)]
    pub name: String,
}

/// A new account and its API key. The key is shown only this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountCreated {
    #[schema(value_type = String, format = Uuid)]
    pub id: AccountId,
    #[schema(value_type = String)]
    pub name: AccountName,
    /// Send it as `Authorization: Bearer <api_key>`. It is stored only as a hash.
    pub api_key: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// An account.
#[derive(Debug, Serialize, ToSchema)]
pub struct Account {
    #[schema(value_type = String, format = Uuid)]
    pub id: AccountId,
    #[schema(value_type = String)]
    pub name: AccountName,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// Checks that the account a path names is the caller's own: any other is not found.
pub fn own_account(
    account: &crate::service::accounts::Account,
    wanted: &AccountId,
) -> ServiceResult<()> {
    match account.id == wanted {
        true => Ok(()),
        false => Err(ServiceError::NotFound("account")),
    }
}

/// The path of an account: `/v1/accounts/{account_id}`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub struct AccountPath {
    /// The account's id.
    #[param(value_type = String, format = Uuid)]
    pub account_id: AccountId,
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
        (status = 201, description = "The account, with its API key", body = AccountCreated,
            headers(("Cache-Control" = String, description = "`no-store`: the answer holds the API key"))),
    ),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 409, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::Sealing,
        rate_limit: RateClass::Accounts,
        secret_path: false,
    })))
)]
#[post("/accounts")]
pub async fn create_account(
    state: web::Data<AppState>,
    key: IdempotencyKey,
    body: JsonBody<CreateAccount>,
) -> Result<HttpResponse> {
    let JsonBody(request, raw) = body;
    key.strong_enough_to_seal()?;
    let claim = key.claim(Some(&raw));
    state
        .write(key.address_scope(), claim, move |session| {
            let created = accounts::create(session, &request.name)?;
            let account = created.account;
            let view = AccountCreated {
                id: account.id,
                name: account.name,
                api_key: created.api_key,
                created_at: utc(account.created_at),
            };
            Answer::json(StatusCode::CREATED, &view).secret().done()
        })
        .await
}

/// Get an account
///
/// The caller's own account; any other is not found.
#[utoipa::path(
    operation_id = "getAccount",
    tag = "accounts",
    params(AccountPath),
    responses((status = 200, description = "The account", body = Account)),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 404, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/accounts/{account_id}")]
pub async fn get_account(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<AccountPath>,
) -> Result<HttpResponse> {
    let wanted = path.into_inner().account_id;
    let account = state
        .run_as(caller, move |_, account| {
            own_account(account, &wanted)?;
            Ok(account.clone())
        })
        .await?;
    Ok(HttpResponse::Ok().json(Account {
        id: account.id,
        name: account.name,
        created_at: utc(account.created_at),
    }))
}
