//! A game read as one of several representations chosen by `Accept` (JSON, CSV, a page) in the
//! reader's language: the request's `Accept`, each representation's own entity tag (`"7"`,
//! `"7-csv"`, `"7-html-es"`), so that a cache that keeps them apart by `Vary` never answers one
//! with another, and the headers every such answer has.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponseBuilder};

use super::conditional::etag;
use crate::pad::words::Language;
use crate::values::GameVersion;

/// Every `Accept` header of the request, as one list; `None` if there is none.
pub fn accepted(request: &HttpRequest) -> Option<String> {
    let values: Vec<&str> = request
        .headers()
        .get_all(header::ACCEPT)
        .filter_map(|v| v.to_str().ok())
        .collect();
    (!values.is_empty()).then(|| values.join(","))
}

/// The entity tag of a game's version as JSON (`kind` None) or as another representation in a
/// language: English keeps the tags it had (`"7-html"`), another language adds its own
/// (`"7-html-es"`).
pub fn tag_of(version: GameVersion, kind: Option<&str>, language: Language) -> String {
    let Some(kind) = kind else {
        return etag(version);
    };
    match language.tag().as_str() {
        "en" => format!("\"{version}-{kind}\""),
        other => format!("\"{version}-{kind}-{other}\""),
    }
}

/// The headers every answer of a negotiated read has: it varies by `Accept` and
/// `Accept-Language`, and a cache keeps it for the key's holder alone, asking each time whether
/// it is still the game's (the ETag answers in a 304).
pub fn tagged(response: &mut HttpResponseBuilder, tag: &str) {
    response
        .insert_header((
            header::VARY,
            HeaderValue::from_static("Accept, Accept-Language"),
        ))
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .insert_header((header::ETAG, tag));
}
