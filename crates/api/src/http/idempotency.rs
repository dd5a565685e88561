//! The `Idempotency-Key` header: a client that may retry a write sends a fresh key with it, and
//! a retry with the same key and the same request gets the first answer again (with
//! `Idempotent-Replayed: true`) without the write being done twice.

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderName};
use actix_web::{FromRequest, HttpRequest, HttpResponse};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::error::{Error, ProblemCode, Result, ServiceError, ServiceResult};
use crate::http::client_address::client_address;
use crate::http::conditional::etag;
use crate::http::extract::RawBody;
use crate::service::idempotency::{Claim, MAX_KEY, MIN_SEALING_KEY, Written};
use crate::values::{AccountId, GameVersion};

/// A write's answer, built inside its transaction so it can be kept with the change for the
/// write's retries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Receipt {
    pub status: u16,
    /// The response's own headers, such as `Location` and `ETag`.
    pub headers: Vec<(String, String)>,
    /// JSON, or empty.
    pub body: String,
}

/// The request header.
pub const IDEMPOTENCY_KEY: HeaderName = HeaderName::from_static("idempotency-key");
/// Set on a response that answers a retry from what was stored.
pub const IDEMPOTENT_REPLAYED: HeaderName = HeaderName::from_static("idempotent-replayed");

/// The key a write was sent with, if any, and the request it names.
#[derive(Debug, Clone)]
pub struct IdempotencyKey {
    key: Option<String>,
    /// The method and path, the part of the request's fingerprint that is not the body.
    target: String,
    /// The client's address: whose keys these are when no account is.
    address: String,
}

fn key_of(req: &HttpRequest) -> Result<Option<String>> {
    let mut values = req.headers().get_all(&IDEMPOTENCY_KEY);
    let Some(value) = values.next() else {
        return Ok(None);
    };
    let key = value.to_str().ok().map(str::trim).unwrap_or_default();
    let visible = |key: &str| key.bytes().all(|b| b.is_ascii_graphic());
    if values.next().is_some() || key.is_empty() || key.len() > MAX_KEY || !visible(key) {
        return Err(Error::invalid_field(
            ProblemCode::InvalidIdempotencyKey,
            "Idempotency-Key",
            format!("must be one value of 1 to {MAX_KEY} visible ASCII characters, such as a UUID"),
        ));
    }
    Ok(Some(key.to_string()))
}

impl FromRequest for IdempotencyKey {
    type Error = Error;
    type Future = std::future::Ready<Result<Self, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(key_of(req).map(|key| IdempotencyKey {
            key,
            // Every part of a path is case-insensitive (ids, invite codes): a retry that writes
            // one in another case is the same request.
            target: format!("{} {}", req.method(), req.path().to_ascii_lowercase()),
            address: client_address(req),
        }))
    }
}

impl IdempotencyKey {
    /// Refuses a key too short to seal an answer that holds a secret under (see
    /// `MIN_SEALING_KEY`): for creating an account, whose answer holds its API key.
    pub fn strong_enough_to_seal(&self) -> Result<()> {
        match &self.key {
            Some(key) if key.chars().count() < MIN_SEALING_KEY => Err(Error::invalid_field(
                ProblemCode::InvalidIdempotencyKey,
                "Idempotency-Key",
                format!(
                    "must be at least {MIN_SEALING_KEY} characters here, such as a UUID: the \
                     answer kept for a retry holds the new API key, sealed under this key"
                ),
            )),
            _ => Ok(()),
        }
    }

    /// The claim for a request with this body (`None` for a request without one).
    /// The body is hashed here, only for a request that carries a key.
    pub fn claim(&self, body: Option<&RawBody>) -> Option<Claim> {
        let key = self.key.clone()?;
        let mut fingerprint = Sha256::new();
        fingerprint.update(self.target.as_bytes());
        fingerprint.update([0]);
        if let Some(body) = body {
            fingerprint.update(Sha256::digest(&body.0));
        }
        Some(Claim {
            key,
            fingerprint: hex::encode(fingerprint.finalize()),
        })
    }

    /// Whose keys these are for a request without an account.
    pub fn address_scope(&self) -> String {
        format!("address:{}", self.address)
    }
}

/// Whose keys these are for an account's request.
pub fn account_scope(account_id: &AccountId) -> String {
    format!("account:{account_id}")
}

/// A write's answer as it is built, inside its transaction so that it is kept with the change:
/// its status and body, and the fields that say where what it made is (`Location`), which
/// version of the game it leaves (`ETag`), that it holds a secret (`Cache-Control: no-store`)
/// and that it is an earlier request's answer (`Idempotent-Replayed`). Every write's answer is
/// built here, and `done` makes it the receipt kept.
pub struct Answer {
    status: StatusCode,
    headers: Vec<(HeaderName, String)>,
    body: ServiceResult<String>,
}

impl Answer {
    /// An answer with `body` as JSON.
    pub fn json(status: StatusCode, body: &impl Serialize) -> Answer {
        Answer {
            status,
            headers: Vec::new(),
            body: serde_json::to_string(body)
                .map_err(|e| ServiceError::internal("a response body", e)),
        }
    }

    /// 204: done, nothing to say.
    pub fn no_content() -> Answer {
        Answer {
            status: StatusCode::NO_CONTENT,
            headers: Vec::new(),
            body: Ok(String::new()),
        }
    }

    /// What the write made is at `path`.
    pub fn at(mut self, path: String) -> Answer {
        self.headers.push((header::LOCATION, path));
        self
    }

    /// The write leaves its game at `version`.
    pub fn at_version(mut self, version: GameVersion) -> Answer {
        self.headers.push((header::ETAG, etag(version)));
        self
    }

    /// The body holds a secret (a key, a code): no cache, shared or private, keeps it.
    pub fn secret(mut self) -> Answer {
        self.headers
            .push((header::CACHE_CONTROL, "no-store".to_string()));
        self
    }

    /// Whether it is the answer of what an earlier request already did (found by its content,
    /// as a turn or a hand sent again; a key's replay says so in `respond`).
    pub fn replayed(mut self, replayed: bool) -> Answer {
        if replayed {
            self.headers.push((IDEMPOTENT_REPLAYED, "true".into()));
        }
        self
    }

    pub fn done(self) -> ServiceResult<Receipt> {
        Ok(Receipt {
            status: self.status.as_u16(),
            headers: (self.headers.into_iter())
                .map(|(name, value)| (name.to_string(), value))
                .collect(),
            body: self.body?,
        })
    }
}

/// The HTTP response of an answer.
pub fn respond(written: Written<Receipt>) -> HttpResponse {
    let (receipt, replayed) = match written {
        Written::Fresh(receipt) => (receipt, false),
        Written::Replayed(receipt) => (receipt, true),
    };
    let status = StatusCode::from_u16(receipt.status).unwrap_or(StatusCode::OK);
    let mut response = HttpResponse::build(status);
    for (name, value) in receipt.headers {
        response.insert_header((name, value));
    }
    if replayed {
        response.insert_header((IDEMPOTENT_REPLAYED, "true"));
    }
    if receipt.body.is_empty() {
        response.finish()
    } else {
        response
            .insert_header(header::ContentType::json())
            .body(receipt.body)
    }
}
