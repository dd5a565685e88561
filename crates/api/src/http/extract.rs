//! Reading requests: JSON bodies and query strings, with the status the contract gives each
//! kind of bad input. A value of the wrong type or shape is malformed (400); a well-typed value
//! outside what is allowed, such as an unknown color or a die of 11, breaks a rule (422).

use std::time::Duration;

use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::http::header;
use actix_web::mime::{self, Mime};
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::StreamExt;
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;

use crate::error::{Error, ProblemCode, ServiceError};
use crate::http::connection_state::ConnectionState;

pub use crate::config::DEFAULT_BODY_LIMIT;

/// How large a body may be, and how long it may take to arrive, as app data.
#[derive(Debug, Clone, Copy)]
pub struct BodyLimit {
    pub bytes: usize,
    /// From when the handler starts reading it (just after the head has been read and the
    /// request let through): a body that stops arriving is answered 408 and its connection
    /// closed, instead of holding the connection open for ever.
    pub within: Duration,
}

impl Default for BodyLimit {
    fn default() -> BodyLimit {
        BodyLimit {
            bytes: DEFAULT_BODY_LIMIT,
            within: Duration::from_secs(5),
        }
    }
}

/// A JSON request body of type `T`, and the bytes it was read from.
#[derive(Debug)]
pub struct JsonBody<T>(pub T, pub RawBody);

/// A request's body as sent: what tells a retried request from another one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawBody(pub web::Bytes);

impl RawBody {
    /// What the body says, whatever its spacing or the order of its fields: the SHA-256 of its
    /// JSON written again with sorted keys, in hex. A body sent again by an offline client
    /// (`made_from`) is the same request even when it was written out again.
    pub fn fingerprint(&self) -> String {
        use sha2::{Digest, Sha256};
        let canonical = serde_json::from_slice::<serde_json::Value>(&self.0)
            .and_then(|value| serde_json::to_vec(&value))
            .unwrap_or_else(|_| self.0.to_vec());
        hex::encode(Sha256::digest(canonical))
    }
}

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

/// What serde names, after "expected ", at the start of `expected`, said in JSON's terms: the
/// words and how much of `expected` they stand for. `None` when it is already in the client's
/// words (`a UUID`, `a number from 1 to 10, or "W"`).
fn in_json_terms(expected: &str) -> Option<(&'static str, usize)> {
    const NAMED: [(&str, &str); 4] = [
        ("tuple struct ", "an array"),
        ("newtype struct ", "a value"),
        ("struct ", "an object"),
        ("enum ", "a string"),
    ];
    const WORDS: [(&str, &str); 17] = [
        ("u8", "a whole number from 0 to 255"),
        ("u16", "a whole number from 0 to 65535"),
        ("u32", "a whole number from 0 to 4294967295"),
        ("u64", "a whole number, 0 or more"),
        ("usize", "a whole number, 0 or more"),
        ("i8", "a whole number from -128 to 127"),
        ("i16", "a whole number from -32768 to 32767"),
        ("i32", "a whole number from -2147483648 to 2147483647"),
        ("i64", "a whole number"),
        ("isize", "a whole number"),
        ("f32", "a number"),
        ("f64", "a number"),
        ("char", "a single character"),
        ("a sequence", "an array"),
        ("a map", "an object"),
        ("a borrowed string", "a string"),
        ("unit", "null"),
    ];
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    if let Some((prefix, json)) = NAMED.iter().find(|(p, _)| expected.starts_with(p)) {
        let name = expected[prefix.len()..]
            .find(|c: char| !is_name(c))
            .unwrap_or(expected.len() - prefix.len());
        return Some((json, prefix.len() + name));
    }
    WORDS.iter().find_map(|(rust, json)| {
        let after = expected.strip_prefix(rust)?;
        let whole_word = !after.chars().next().is_some_and(is_name);
        whole_word.then_some((*json, rust.len()))
    })
}

/// serde's message with the Rust types it names said in JSON's terms: `expected struct
/// CreateGame` becomes `expected an object`, `expected u8` `expected a whole number from 0 to
/// 255`, `invalid type: map` `invalid type: an object`. Only serde's own words are changed: what
/// it found comes first (`invalid type: …`), what it expected last, and anything the client
/// sent (a quoted string) between them is left as it is.
pub fn in_clients_words(message: &str) -> String {
    const FOUND: [(&str, &str); 4] = [
        ("invalid type: map,", "invalid type: an object,"),
        ("invalid type: sequence,", "invalid type: an array,"),
        ("invalid type: unit value,", "invalid type: null,"),
        ("invalid type: floating point", "invalid type: the number"),
    ];
    let (start, message) = FOUND
        .iter()
        .find_map(|(serde, json)| Some((*json, message.strip_prefix(serde)?)))
        .unwrap_or(("", message));
    let mut words = start.to_string();
    match message.rfind("expected ") {
        Some(at) => {
            let (before, expected) = message.split_at(at + "expected ".len());
            words.push_str(before);
            match in_json_terms(expected) {
                Some((json, replaced)) => {
                    words.push_str(json);
                    words.push_str(expected.get(replaced..).unwrap_or_default());
                }
                None => words.push_str(expected),
            }
        }
        None => words.push_str(message),
    }
    words
}

/// Sorts a deserialization error into malformed (400) or breaking a rule (422).
fn classify(path: String, error: &serde_json::Error) -> Error {
    // A place serde_path_to_error could not name (a key not yet read when the body ended) is
    // written `?`: the place is then where it is named, or the body.
    let path = path.trim_end_matches('?').trim_end_matches('.');
    let message = in_clients_words(&error.to_string());
    let breaks_rule =
        error.classify() == serde_json::error::Category::Data && breaks_rule(&message);
    if breaks_rule {
        let message = message
            .split(" at line ")
            .next()
            .unwrap_or(&message)
            .to_string();
        Error::invalid_field(ProblemCode::InvalidValue, path, message)
    } else if path.is_empty() {
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
    reader.end().map_err(|e| {
        Error::Malformed(format!(
            "the body is not valid: {}",
            in_clients_words(&e.to_string())
        ))
    })?;
    Ok(value)
}

/// Reads a whole JSON body as `T`, as `JsonBody` does: a body whose shape depends on one of its
/// fields is read once for that field, then again as the shape it names.
pub fn read_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, Error> {
    // serde would say "EOF while parsing a value at line 1 column 0".
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(Error::Malformed(
            "the body is empty: send the request's JSON object".into(),
        ));
    }
    match deserialize(body) {
        // A number with a fraction where a whole number belongs (see `in_clients_words`).
        Err(Error::Malformed(detail)) if detail.contains("invalid type: the number") => {
            match integral_floats_as_integers(body) {
                Some(body) => deserialize(&body),
                None => Err(Error::Malformed(detail)),
            }
        }
        other => other,
    }
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

/// Whether the body is declared `application/json`, in UTF-8: with no `charset`, or with
/// `charset=utf-8` (JSON has no other; RFC 8259). Other media types, even other JSON ones such
/// as `application/merge-patch+json`, mean something else, and are refused (415).
fn is_json(req: &HttpRequest) -> bool {
    let Some(Ok(value)) = req.headers().get(header::CONTENT_TYPE).map(|v| v.to_str()) else {
        return false;
    };
    let Ok(media_type) = value.parse::<Mime>() else {
        return false;
    };
    media_type.essence_str() == mime::APPLICATION_JSON.essence_str()
        && media_type
            .params()
            .all(|(name, value)| name != mime::CHARSET || value == mime::UTF_8)
}

/// A body that could not be read whole, in the client's words.
fn unreadable(error: PayloadError) -> Error {
    match error {
        PayloadError::Incomplete(_) => Error::Malformed(
            "the body ended before it was complete: the connection closed before the length it \
             announced (Content-Length) had arrived"
                .into(),
        ),
        PayloadError::EncodingCorrupted => {
            Error::Malformed("the body's transfer encoding is corrupt".into())
        }
        PayloadError::Overflow => Error::Malformed("the body is longer than it announced".into()),
        _ => Error::Malformed("the body could not be read".into()),
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self, Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let limit = req.app_data::<BodyLimit>().copied().unwrap_or_default();
        read_body(req, payload, limit)
    }
}

/// How large an account's document sent to be imported may be, and how long it may take to
/// arrive: an account of thousands of games is megabytes.
pub const IMPORT_LIMIT: BodyLimit = BodyLimit {
    bytes: 64 * 1024 * 1024,
    within: Duration::from_secs(120),
};

/// A JSON body far larger than others may be: an account's document, to import
/// (`IMPORT_LIMIT`).
#[derive(Debug)]
pub struct ImportBody<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for ImportBody<T> {
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self, Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let read = read_body::<T>(req, payload, IMPORT_LIMIT);
        Box::pin(async move { read.await.map(|JsonBody(value, _)| ImportBody(value)) })
    }
}

/// Reads a whole JSON body of at most `limit`, in time.
fn read_body<T: DeserializeOwned + 'static>(
    req: &HttpRequest,
    payload: &mut Payload,
    limit: BodyLimit,
) -> LocalBoxFuture<'static, Result<JsonBody<T>, Error>> {
    let json = is_json(req);
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    let mut payload = payload.take();
    let connection = ConnectionState::of(req);
    Box::pin(async move {
        if declared.is_some_and(|length| length > limit.bytes) {
            return Err(Error::PayloadTooLarge { limit: limit.bytes });
        }
        let read = async {
            let mut body = web::BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(unreadable)?;
                if body.len() + chunk.len() > limit.bytes {
                    return Err(Error::PayloadTooLarge { limit: limit.bytes });
                }
                body.extend_from_slice(&chunk);
            }
            Ok(body)
        };
        let body = match actix_web::rt::time::timeout(limit.within, read).await {
            Ok(body) => body?,
            Err(_) => {
                // The rest may never come: nothing more is read from this connection, which
                // closes once the 408 is sent.
                if let Some(connection) = &connection {
                    connection.close_after_answer();
                }
                return Err(Error::RequestTimeout);
            }
        };
        if !json {
            return Err(Error::UnsupportedMediaType);
        }
        if nests_deeper_than(&body, MAX_JSON_DEPTH) {
            return Err(Error::Malformed(format!(
                "the body is not valid: arrays and objects nest deeper than {MAX_JSON_DEPTH} levels"
            )));
        }
        let value = read_json(&body)?;
        // No text may hold a NUL: PostgreSQL cannot store one.
        if let Some(path) = nul_in_text(&body) {
            return Err(Error::invalid_field(
                ProblemCode::InvalidValue,
                path,
                "text cannot contain the NUL character (U+0000)",
            ));
        }
        Ok(JsonBody(value, RawBody(body.freeze())))
    })
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
                ServiceError::Invalid {
                    code: ProblemCode::InvalidValue,
                    detail: message.clone(),
                    errors: Vec::new(),
                }
                .into()
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

    #[test]
    fn rust_types_are_said_in_json_terms() {
        for (serde, client) in [
            (
                "invalid type: string \"x\", expected struct CreateGame at line 1 column 3",
                "invalid type: string \"x\", expected an object at line 1 column 3",
            ),
            (
                "invalid type: map, expected u8",
                "invalid type: an object, expected a whole number from 0 to 255",
            ),
            (
                "invalid type: sequence, expected enum Mode",
                "invalid type: an array, expected a string",
            ),
            (
                "invalid type: floating point `1.5`, expected i64",
                "invalid type: the number `1.5`, expected a whole number",
            ),
            (
                "invalid type: unit value, expected a sequence",
                "invalid type: null, expected an array",
            ),
            ("expected u8s", "expected u8s"),
            (
                "invalid type: string \"expected \u{20ac}\", expected u8",
                "invalid type: string \"expected \u{20ac}\", expected a whole number from 0 to 255",
            ),
            (
                "invalid type: string \"map, expected é\", expected a UUID",
                "invalid type: string \"map, expected é\", expected a UUID",
            ),
            ("expected €", "expected €"),
            ("expected ", "expected "),
            (
                "invalid value: string \"x\", expected a UUID",
                "invalid value: string \"x\", expected a UUID",
            ),
            (
                "unknown field `x`, expected one of `players`, `mode`",
                "unknown field `x`, expected one of `players`, `mode`",
            ),
        ] {
            assert_eq!(in_clients_words(serde), client);
        }
    }

    #[test]
    fn json_is_application_json_in_utf8() {
        let with = |value: &str| {
            actix_web::test::TestRequest::default()
                .insert_header((header::CONTENT_TYPE, value))
                .to_http_request()
        };
        for good in [
            "application/json",
            "Application/JSON",
            "application/json; charset=utf-8",
            "application/json;charset=\"UTF-8\"",
        ] {
            assert!(is_json(&with(good)), "{good}");
        }
        for bad in [
            "application/json; charset=latin1",
            "application/merge-patch+json",
            "text/json",
            "application/jsonx",
        ] {
            assert!(!is_json(&with(bad)), "{bad}");
        }
    }
}
