//! Bearer API keys. `Caller` takes the key from the request; the account it belongs to is found
//! by `AppState::run_as`, on the same connection as the request's own work.

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest};

use crate::error::Error;

/// The API key a request was sent with.
#[derive(Debug, Clone)]
pub struct Caller {
    pub api_key: String,
}

/// The key of an `Authorization: Bearer <key>` header.
pub(crate) fn bearer_key(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, key) = value.trim().split_once(' ')?;
    let key = key.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !key.is_empty()).then(|| key.to_string())
}

impl FromRequest for Caller {
    type Error = Error;
    type Future = std::future::Ready<Result<Self, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(
            bearer_key(req)
                .map(|api_key| Caller { api_key })
                .ok_or(Error::Unauthorized),
        )
    }
}
