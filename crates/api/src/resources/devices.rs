//! An account's devices: `/v1/accounts/{account_id}/keys` (a key per device, named, listed,
//! deleted) and pairing a new device, `/v1/accounts/{account_id}/pairings` and
//! `/v1/pairings/{code}`.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::AppState;
use crate::error::Result;
use crate::http::auth::Caller;
use crate::http::extract::JsonBody;
use crate::http::idempotency::Answer;
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::resources::accounts::{AccountPath, own_account};
use crate::service::keys::{self, Key, NewKey};
use crate::values::{AccountId, KeyId};
use crate::views::utc;

/// A device's name, as its owner will recognise it in the list of keys.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "Grandma's tablet"}))]
pub struct DeviceName {
    /// 1 to 100 characters, with the rules of an account's name.
    #[schema(value_type = crate::values::name_schemas::AccountNameText)]
    pub name: String,
}

/// A new key, shown only this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct KeyCreated {
    #[schema(value_type = String, format = Uuid)]
    pub id: KeyId,
    pub name: String,
    /// Send it as `Authorization: Bearer <api_key>`. It is stored only as a hash.
    pub api_key: String,
    pub created_at: DateTime<Utc>,
}

/// A key of the account, as listed: never the key itself.
#[derive(Debug, Serialize, ToSchema)]
pub struct KeyView {
    #[schema(value_type = String, format = Uuid)]
    pub id: KeyId,
    pub name: String,
    pub created_at: DateTime<Utc>,
    /// When a request last came with it, to within a minute; null if none has.
    #[schema(required = true)]
    pub last_used_at: Option<DateTime<Utc>>,
    /// Whether this is the key the request was sent with: this device.
    pub current: bool,
}

/// The account's keys, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct KeyList {
    pub items: Vec<KeyView>,
}

/// A code that pairs a device with the account, shown only this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct PairingView {
    /// Four groups of five characters, to type on the new device; single use.
    #[schema(
        pattern = "^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$",
        example = "K3X9M-7QD2A-H8WNC-5RT0E"
    )]
    pub code: String,
    /// Opens the table app on the new device and pairs it (the code is in the fragment, which
    /// no server is sent): for a QR code.
    pub url: String,
    /// Until when the code can be used: ten minutes.
    pub expires_at: DateTime<Utc>,
}

/// A device paired: its own key of the account.
#[derive(Debug, Serialize, ToSchema)]
pub struct Paired {
    #[schema(value_type = String, format = Uuid)]
    pub account_id: AccountId,
    #[schema(value_type = String, format = Uuid)]
    pub key_id: KeyId,
    /// Send it as `Authorization: Bearer <api_key>`. It is stored only as a hash.
    pub api_key: String,
}

/// The path of a key: `/v1/accounts/{account_id}/keys/{key_id}`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct KeyPath {
    /// The account's id.
    #[param(value_type = String, format = Uuid)]
    pub account_id: AccountId,
    /// The key's id.
    #[param(value_type = String, format = Uuid)]
    pub key_id: KeyId,
}

/// The path of a pairing code: `/v1/pairings/{code}`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct PairingPath {
    /// The code, in any case, with or without the dashes.
    pub code: String,
}

fn key_created(new: NewKey) -> KeyCreated {
    KeyCreated {
        id: new.key.id,
        name: new.key.name,
        api_key: new.api_key,
        created_at: utc(new.key.created_at),
    }
}

/// Add a key
///
/// A new key of the caller's account, for another device; its `api_key` is shown only this
/// once. (A phone at the table is better paired: `createPairing`.) This write takes no
/// `Idempotency-Key`: its answer holds the key, which is kept only hashed.
#[utoipa::path(
    operation_id = "createKey",
    tag = "devices",
    params(AccountPath),
    request_body = DeviceName,
    responses(
        (status = 201, description = "The key, shown only now", body = KeyCreated,
            headers(("Cache-Control" = String, description = "`no-store`: the answer holds the key"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 404, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[post("/accounts/{account_id}/keys")]
pub async fn create_key(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<AccountPath>,
    body: JsonBody<DeviceName>,
) -> Result<HttpResponse> {
    let wanted = path.into_inner().account_id;
    let JsonBody(request, _) = body;
    state
        .write_as(caller, None, move |session, account| {
            own_account(account, &wanted)?;
            let new = keys::create(session, account, &request.name)?;
            Answer::json(StatusCode::CREATED, &key_created(new))
                .secret()
                .done()
        })
        .await
}

/// List the keys
///
/// The caller's account's keys, one per device, oldest first; `current` marks the one the
/// request was sent with.
#[utoipa::path(
    operation_id = "listKeys",
    tag = "devices",
    params(AccountPath),
    responses((status = 200, description = "The keys", body = KeyList)),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 404, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/accounts/{account_id}/keys")]
pub async fn list_keys(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<AccountPath>,
) -> Result<HttpResponse> {
    let wanted = path.into_inner().account_id;
    let (current, all) = state
        .run_as(caller, move |session, account| {
            own_account(account, &wanted)?;
            Ok((account.key_id.clone(), keys::list(session, account)?))
        })
        .await?;
    let items = all
        .into_iter()
        .map(|key: Key| KeyView {
            current: key.id == current,
            id: key.id,
            name: key.name,
            created_at: utc(key.created_at),
            last_used_at: key.last_used_at.map(utc),
        })
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(KeyList { items }))
}

/// Delete a key
///
/// The key is refused from then on, by every server process: the way to cut off a lost phone.
/// The account's last key cannot be deleted (409 `last_key`).
#[utoipa::path(
    operation_id = "deleteKey",
    tag = "devices",
    params(KeyPath),
    responses((status = 204, description = "Deleted")),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 404, 409, 429, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[delete("/accounts/{account_id}/keys/{key_id}")]
pub async fn delete_key(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<KeyPath>,
) -> Result<HttpResponse> {
    let KeyPath { account_id, key_id } = path.into_inner();
    state
        .write_as(caller, None, move |session, account| {
            own_account(account, &account_id)?;
            keys::delete(session, account, &key_id)?;
            Answer::no_content().done()
        })
        .await
}

/// Pair a device
///
/// A single-use code, valid ten minutes, that gives a new device a key of the caller's
/// account (`pairDevice`); `url` opens the table app there and pairs it. This write takes no
/// `Idempotency-Key`: its answer holds the code, which is kept only hashed.
#[utoipa::path(
    operation_id = "createPairing",
    tag = "devices",
    params(AccountPath),
    responses(
        (status = 201, description = "The code, shown only now", body = PairingView,
            headers(("Cache-Control" = String, description = "`no-store`: the answer holds the code"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 404, 429, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[post("/accounts/{account_id}/pairings")]
pub async fn create_pairing(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<AccountPath>,
) -> Result<HttpResponse> {
    let wanted = path.into_inner().account_id;
    // The base people reach the server at, from the configuration only (as for a shared link).
    let origin = state.public_url.as_str().to_string();
    state
        .write_as(caller, None, move |session, account| {
            own_account(account, &wanted)?;
            let pairing = keys::pair(session, account)?;
            let view = PairingView {
                url: format!("{origin}/#/pair/{}", pairing.code),
                code: pairing.code,
                expires_at: utc(pairing.expires_at),
            };
            Answer::json(StatusCode::CREATED, &view).secret().done()
        })
        .await
}

/// Use a pairing code
///
/// Sent by the new device, without a key: the code's account gets a key for it, named `name`,
/// shown only this once. A code is used once; unknown, used or expired, it is not found.
/// Limited per client address, as creating accounts is.
#[utoipa::path(
    operation_id = "pairDevice",
    tag = "devices",
    params(PairingPath),
    request_body = DeviceName,
    responses(
        (status = 201, description = "The device's key, shown only now", body = Paired,
            headers(("Cache-Control" = String, description = "`no-store`: the answer holds the key"))),
    ),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 404, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::Accounts,
        secret_path: true,
    })))
)]
#[post("/pairings/{code}")]
pub async fn pair_device(
    state: web::Data<AppState>,
    path: web::Path<PairingPath>,
    body: JsonBody<DeviceName>,
) -> Result<HttpResponse> {
    let code = path.into_inner().code;
    let JsonBody(request, _) = body;
    state
        .write(String::new(), None, move |session| {
            let new = keys::redeem(session, &code, &request.name)?;
            let view = Paired {
                account_id: new.account_id,
                key_id: new.key.id,
                api_key: new.api_key,
            };
            Answer::json(StatusCode::CREATED, &view).secret().done()
        })
        .await
}
