//! Reading requests: JSON bodies and query strings, with the status the contract gives each
//! kind of bad input. A value of the wrong type or shape is malformed (400); a well-typed value
//! outside what is allowed, such as an unknown color or a die of 11, breaks a rule (422).

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::StreamExt;
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;

use crate::error::Error;

/// The largest JSON body accepted, unless configured otherwise.
pub const DEFAULT_BODY_LIMIT: usize = 64 * 1024;

/// The configured body limit, as app data.
#[derive(Debug, Clone, Copy)]
pub struct BodyLimit(pub usize);

/// A JSON request body of type `T`, and the bytes it was read from.
#[derive(Debug)]
pub struct JsonBody<T>(pub T, pub RawBody);

/// A request's body as sent: what tells a retried request from another one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawBody(pub web::Bytes);

/// The deepest nesting of arrays and objects a body may have. Every request of this API is at
/// most three deep; serde's own limit (128) would let a body cost far more work than it needs.
pub const MAX_JSON_DEPTH: usize = 16;

/// Whether the JSON text nests arrays and objects deeper than `limit` (strings are skipped, so
/// brackets inside them do not count). Invalid JSON is left to the parser.
fn nests_deeper_than(text: &[u8], limit: usize) -> bool {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for &byte in text {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// Whether serde's message is about a well-typed value outside what is allowed (serde words a
/// value of the wrong type as "invalid type", and a well-typed one out of range like this).
fn breaks_rule(message: &str) -> bool {
    message.starts_with("invalid value") || message.starts_with("unknown variant")
}

/// Sorts a deserialization error into malformed (400) or breaking a rule (422).
fn classify(path: String, error: &serde_json::Error) -> Error {
    let message = error.to_string();
    let breaks_rule =
        error.classify() == serde_json::error::Category::Data && breaks_rule(&message);
    if breaks_rule {
        let message = message
            .split(" at line ")
            .next()
            .unwrap_or(&message)
            .to_string();
        Error::invalid_field("invalid_value", path, message)
    } else if path.is_empty() || path == "." {
        Error::Malformed(format!("the body is not valid: {message}"))
    } else {
        Error::Malformed(format!("the body is not valid at {path}: {message}"))
    }
}

/// Reads a whole body as `T`.
fn deserialize<T: DeserializeOwned>(body: &[u8]) -> Result<T, Error> {
    let mut reader = serde_json::Deserializer::from_slice(body);
    let value = serde_path_to_error::deserialize(&mut reader)
        .map_err(|e| classify(e.path().to_string(), e.inner()))?;
    reader
        .end()
        .map_err(|e| Error::Malformed(format!("the body is not valid: {e}")))?;
    Ok(value)
}

/// The body with every number that is a whole number written as one (`8.0`, `8e0` → `8`), if it
/// has any other way: JSON, like JSON Schema, has numbers, not integers and floats, and serde would
/// take `8.0` for a float. Only a body that failed on a float is looked at again.
fn integral_floats_as_integers(body: &[u8]) -> Option<Vec<u8>> {
    fn rewrite(value: &mut serde_json::Value) -> bool {
        match value {
            serde_json::Value::Number(number) if number.is_f64() => {
                let float = number.as_f64().unwrap_or(f64::NAN);
                // Whole, and well inside the integers serde_json has (±2^63).
                if float.fract() == 0.0 && float.abs() < 9.0e18 {
                    *number = serde_json::Number::from(float as i64);
                    return true;
                }
                false
            }
            serde_json::Value::Array(items) => {
                items.iter_mut().map(rewrite).fold(false, |a, b| a | b)
            }
            serde_json::Value::Object(fields) => {
                fields.values_mut().map(rewrite).fold(false, |a, b| a | b)
            }
            _ => false,
        }
    }
    let mut value: serde_json::Value = serde_json::from_slice(body).ok()?;
    rewrite(&mut value)
        .then(|| serde_json::to_vec(&value).ok())
        .flatten()
}

/// The path of the first string in the body that holds a NUL, if any. JSON can only carry one as
/// `\u0000`, so only a body with that in it is looked at again.
fn nul_in_text(body: &[u8]) -> Option<String> {
    fn find(value: &serde_json::Value, path: String) -> Option<String> {
        match value {
            serde_json::Value::String(text) => text.contains('\0').then_some(path),
            serde_json::Value::Array(items) => items
                .iter()
                .enumerate()
                .find_map(|(i, item)| find(item, format!("{path}[{i}]"))),
            serde_json::Value::Object(fields) => fields.iter().find_map(|(name, field)| {
                let path = if path.is_empty() {
                    name.clone()
                } else {
                    format!("{path}.{name}")
                };
                find(field, path)
            }),
            _ => None,
        }
    }
    if !body.windows(6).any(|w| w == b"\\u0000") {
        return None;
    }
    find(&serde_json::from_slice(body).ok()?, String::new())
}

fn is_json(req: &HttpRequest) -> bool {
    let Some(Ok(value)) = req.headers().get(header::CONTENT_TYPE).map(|v| v.to_str()) else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self, Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let limit = req
            .app_data::<BodyLimit>()
            .map_or(DEFAULT_BODY_LIMIT, |l| l.0);
        let json = is_json(req);
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        let mut payload = payload.take();
        Box::pin(async move {
            if declared.is_some_and(|length| length > limit) {
                return Err(Error::PayloadTooLarge { limit });
            }
            let mut body = web::BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk
                    .map_err(|e| Error::Malformed(format!("the body could not be read: {e}")))?;
                if body.len() + chunk.len() > limit {
                    return Err(Error::PayloadTooLarge { limit });
                }
                body.extend_from_slice(&chunk);
            }
            if !json {
                return Err(Error::UnsupportedMediaType);
            }
            if nests_deeper_than(&body, MAX_JSON_DEPTH) {
                return Err(Error::Malformed(format!(
                    "the body is not valid: arrays and objects nest deeper than {MAX_JSON_DEPTH} levels"
                )));
            }
            let value = match deserialize(&body) {
                Err(Error::Malformed(detail)) if detail.contains("floating point") => {
                    match integral_floats_as_integers(&body) {
                        Some(body) => deserialize(&body)?,
                        None => return Err(Error::Malformed(detail)),
                    }
                }
                other => other?,
            };
            // No text may hold a NUL: PostgreSQL cannot store one.
            if let Some(path) = nul_in_text(&body) {
                return Err(Error::invalid_field(
                    "invalid_value",
                    path,
                    "text cannot contain the NUL character (U+0000)",
                ));
            }
            Ok(JsonBody(value, RawBody(body.freeze())))
        })
    }
}

/// Query parameters of type `T`.
#[derive(Debug)]
pub struct QueryParams<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for QueryParams<T> {
    type Error = Error;
    type Future = std::future::Ready<Result<Self, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let parsed = serde_urlencoded::from_str::<T>(req.query_string()).map_err(|e| {
            let message = e.to_string();
            if breaks_rule(&message) {
                Error::Invalid {
                    code: "invalid_value",
                    detail: message.clone(),
                    errors: Vec::new(),
                }
            } else {
                Error::Malformed(format!("the query string is not valid: {message}"))
            }
        });
        std::future::ready(parsed.map(QueryParams))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_is_counted_outside_strings_only() {
        assert!(!nests_deeper_than(br#"{"dice": [{"value": 8}]}"#, 3));
        assert!(nests_deeper_than(br#"{"dice": [{"value": [8]}]}"#, 3));
        assert!(!nests_deeper_than(br#"{"name": "[[[[{{{{"}"#, 1));
        assert!(!nests_deeper_than(br#"{"name": "\"[[[["}"#, 1));
        assert!(nests_deeper_than(&[b'['; 17], 16));
        assert!(!nests_deeper_than(&[b'['; 16], 16));
    }
}
