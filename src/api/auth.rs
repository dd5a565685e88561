//! Bearer API keys: the `Caller` extractor finds the account a request's key belongs to.

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;

use super::AppState;
use crate::error::Error;
use crate::service::accounts;

/// The account making the request.
#[derive(Debug, Clone)]
pub struct Caller {
    pub account_id: String,
}

fn bearer_key(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, key) = value.trim().split_once(' ')?;
    let key = key.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !key.is_empty()).then(|| key.to_string())
}

impl FromRequest for Caller {
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let key = bearer_key(req);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let (Some(key), Some(state)) = (key, state) else {
                return Err(Error::Unauthorized);
            };
            let account = state
                .db(move |conn| accounts::authenticate(conn, &key))
                .await?;
            account
                .map(|a| Caller { account_id: a.id })
                .ok_or(Error::Unauthorized)
        })
    }
}
