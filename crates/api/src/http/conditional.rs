//! Conditional requests (RFC 9110 §13). A game's version is the entity tag of the game, of its
//! turns and of its scoresheet: `ETag: "7"`. `If-None-Match` on a read answers 304 when nothing
//! changed; `If-Match` on a write refuses it with 412 when the game has moved on, so a client
//! acting on what it last saw never overwrites a change it has not seen.

use actix_web::dev::Payload;
use actix_web::http::header::{self, HeaderMap};
use actix_web::{FromRequest, HttpRequest, HttpResponse};
use serde::Serialize;

use crate::error::Error;
use crate::service::VersionCheck;
use crate::values::GameVersion;

/// The entity tag of a game at `version`.
pub fn etag(version: GameVersion) -> String {
    format!("\"{version}\"")
}

/// `If-Match`, as the OpenAPI document describes it on every write to a game.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
#[allow(dead_code)]
pub struct IfMatch {
    /// The ETag of the game as last read: 412 if the game has changed since
    #[param(rename = "If-Match")]
    if_match: Option<String>,
}

/// `If-None-Match`, as the OpenAPI document describes it on every read of a game.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
#[allow(dead_code)]
pub struct IfNoneMatch {
    /// An ETag from an earlier answer: 304 if the game has not changed since
    #[param(rename = "If-None-Match")]
    if_none_match: Option<String>,
}

/// The conditions a request sets.
#[derive(Debug, Clone, Default)]
pub struct Conditions {
    /// From `If-Match`: the versions a write may apply to.
    pub if_match: Option<VersionCheck>,
    /// From `If-None-Match`: `None` if absent; `*` is `Any`.
    if_none_match: Option<VersionCheck>,
    /// `If-None-Match` as sent, for answers whose entity tags are more than a version.
    if_none_match_text: Option<String>,
}

/// Reads a list of entity tags. `weak` says whether `W/"7"` counts as 7 (weak comparison, for
/// `If-None-Match`) or matches nothing (strong comparison, for `If-Match`).
fn versions(value: &str, weak: bool) -> VersionCheck {
    if value.trim() == "*" {
        return VersionCheck::Any;
    }
    let versions = value
        .split(',')
        .filter_map(|tag| {
            let tag = tag.trim();
            let tag = match tag.strip_prefix("W/") {
                Some(weak_tag) if weak => weak_tag,
                Some(_) => return None,
                None => tag,
            };
            let version = tag.strip_prefix('"')?.strip_suffix('"')?.parse().ok()?;
            Some(GameVersion::of(version))
        })
        .collect();
    VersionCheck::OneOf(versions)
}

fn header_value(headers: &HeaderMap, name: header::HeaderName) -> Option<String> {
    let values: Vec<&str> = headers
        .get_all(name)
        .filter_map(|v| v.to_str().ok())
        .collect();
    (!values.is_empty()).then(|| values.join(","))
}

impl FromRequest for Conditions {
    type Error = Error;
    type Future = std::future::Ready<Result<Self, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let headers = req.headers();
        std::future::ready(Ok(Conditions {
            if_match: header_value(headers, header::IF_MATCH).map(|v| versions(&v, false)),
            if_none_match: header_value(headers, header::IF_NONE_MATCH).map(|v| versions(&v, true)),
            if_none_match_text: header_value(headers, header::IF_NONE_MATCH),
        }))
    }
}

impl Conditions {
    /// Whether `If-None-Match` names `tag` (an entity tag with its quotes), by the weak
    /// comparison RFC 9110 §13.1.2 asks for, or is `*`.
    pub fn client_has(&self, tag: &str) -> bool {
        let Some(text) = &self.if_none_match_text else {
            return false;
        };
        text.trim() == "*"
            || text.split(',').any(|sent| {
                let sent = sent.trim();
                sent.strip_prefix("W/").unwrap_or(sent) == tag
            })
    }

    /// The newest version of the game the client names in `If-None-Match` (`"7"`, or a pad's
    /// `"7-html"`): a read must not show it an older one.
    pub fn named_version(&self) -> Option<GameVersion> {
        let text = self.if_none_match_text.as_deref()?;
        text.split(',')
            .filter_map(|tag| {
                let tag = tag.trim();
                let tag = tag.strip_prefix("W/").unwrap_or(tag).strip_prefix('"')?;
                let digits = tag.find(|c: char| !c.is_ascii_digit()).unwrap_or(tag.len());
                tag[..digits].parse().ok().map(GameVersion::of)
            })
            .max()
    }

    /// 200 with the body and its entity tag, or 304 when the client already has this version.
    pub fn read<T: Serialize>(&self, version: GameVersion, body: &T) -> HttpResponse {
        self.not_modified(version).unwrap_or_else(|| {
            HttpResponse::Ok()
                .insert_header((header::ETAG, etag(version)))
                .json(body)
        })
    }

    /// 304 with its entity tag when the client already has this version of the game.
    pub fn not_modified(&self, version: GameVersion) -> Option<HttpResponse> {
        let fresh = self
            .if_none_match
            .as_ref()
            .is_some_and(|check| check.allows(version));
        fresh.then(|| {
            HttpResponse::NotModified()
                .insert_header((header::ETAG, etag(version)))
                .finish()
        })
    }
}
