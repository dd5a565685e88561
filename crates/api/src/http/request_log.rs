//! The span every request is logged in, and what is logged when it ends.
//!
//! What a client can make the server write is bounded: the texts it chooses (the path, the
//! User-Agent, an error's detail) are cut to a few hundred characters, and a request the client
//! got wrong (4xx) is logged at DEBUG, not WARN: it tells the operator nothing, and a client
//! could otherwise fill the disk with bad requests. A server error (5xx) is logged at ERROR (its
//! cause, when the service knows it, where it happened).
//!
//! Nothing that looks like a secret is written: a secret in a path (an invite code, a link's
//! token: each operation whose path carries one says so), an API key anywhere in the path or the
//! User-Agent, the value of a query parameter named like a key or a token. The client is the
//! address its connection comes from, or what a trusted proxy says it is.

use std::borrow::Cow;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{Error, HttpMessage};
use tracing::Span;
use tracing::field::Empty;
use tracing_actix_web::{RequestId, RootSpanBuilder};

use crate::http::client_address::client_address;
use crate::openapi::declared::ROUTES;

/// Builds each request's span.
pub struct RequestSpan;

/// The most characters of a client's text a log line carries.
pub const LOGGED_TEXT: usize = 200;

/// At most this many characters of a server error's chain of causes are logged.
const LOGGED_CHAIN: usize = 2000;

/// `text`, cut to `most` characters (saying how much was left out), with every character that
/// would not show as itself in a log (line breaks, escapes, bidi overrides) escaped.
fn bounded(text: &str, most: usize) -> Cow<'_, str> {
    let (kept, cut) = match text.char_indices().nth(most) {
        None => (text, None),
        Some((end, _)) => (&text[..end], Some(text.len() - end)),
    };
    let shows_as_itself = |c: char| matches!(c, '"' | '\'' | '\\') || c.escape_debug().len() == 1;
    let mut shown: Cow<'_, str> = if kept.chars().all(shows_as_itself) {
        Cow::Borrowed(kept)
    } else {
        Cow::Owned(
            kept.chars()
                .flat_map(|c| {
                    let escaped: Vec<char> = if shows_as_itself(c) {
                        vec![c]
                    } else {
                        c.escape_debug().collect()
                    };
                    escaped
                })
                .collect(),
        )
    };
    if let Some(more) = cut {
        shown = Cow::Owned(format!("{shown}… ({more} more bytes)"));
    }
    shown
}

/// The prefix of this service's API keys (`p10_` and 64 hex digits).
const KEY_PREFIX: &str = "p10_";

/// `text` with every API key in it replaced.
fn without_keys(text: &str) -> Cow<'_, str> {
    if !text.contains(KEY_PREFIX) {
        return Cow::Borrowed(text);
    }
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(KEY_PREFIX) {
        let after = &rest[at + KEY_PREFIX.len()..];
        let secret = after
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(after.len());
        kept.push_str(&rest[..at]);
        if secret >= 16 {
            kept.push_str("p10_[redacted]");
            rest = &after[secret..];
        } else {
            kept.push_str(KEY_PREFIX);
            rest = after;
        }
    }
    kept.push_str(rest);
    Cow::Owned(kept)
}

/// Whether a query parameter's name says its value is a secret.
fn names_a_secret(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    [
        "key", "token", "secret", "password", "auth", "code", "session",
    ]
    .iter()
    .any(|word| name.contains(word))
}

/// The path and query as logged: the secrets of a path declared to carry them (`secret_path`:
/// the code of `/v1/invites/{code}/…`, the token of `/pad/{token}/…`), keys, and the values of
/// secret-named query parameters are replaced, and the whole is bounded.
fn logged_target(target: &str) -> String {
    let (path, query) = match target.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (target, None),
    };
    let mut logged = ROUTES.without_secrets(path).into_owned();
    if let Some(query) = query {
        let pairs: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((name, _)) if names_a_secret(name) => format!("{name}=[redacted]"),
                _ => pair.to_string(),
            })
            .collect();
        logged.push('?');
        logged.push_str(&pairs.join("&"));
    }
    bounded(&without_keys(&logged), LOGGED_TEXT).into_owned()
}

/// The template of the route that took the request (`default` if none did). Asked once the
/// request has been answered: routing has recorded which resource took it, so the template is
/// read from there rather than found by matching the path against every route again (what
/// `match_pattern` does for a request not routed yet, and still does here for one no route took).
fn route<B>(response: &ServiceResponse<B>) -> String {
    let route = response
        .request()
        .match_pattern()
        .unwrap_or_else(|| "default".into());
    bounded(&route, LOGGED_TEXT).into_owned()
}

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let target = request.uri().path_and_query().map_or("", |p| p.as_str());
        let request_id = request.extensions().get::<RequestId>().copied();
        let user_agent = request
            .headers()
            .get("User-Agent")
            .map(|v| String::from_utf8_lossy(v.as_bytes()))
            .unwrap_or_default();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            // Recorded when the request ends (`route`): the request is routed by then.
            http.route = Empty,
            http.target = %logged_target(target),
            http.client_ip = %client_address(request.request()),
            http.user_agent = %bounded(&without_keys(&user_agent), LOGGED_TEXT),
            request_id = %request_id.map(|id| id.to_string()).unwrap_or_default(),
            http.status_code = Empty,
            otel.status_code = Empty,
            exception.message = Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        let (status, error) = match outcome {
            Ok(response) => {
                if !span.is_disabled() {
                    span.record("http.route", tracing::field::display(route(response)));
                }
                (response.status(), response.response().error())
            }
            Err(error) => (error.as_response_error().status_code(), Some(error)),
        };
        span.record("http.status_code", status.as_u16());
        span.record(
            "otel.status_code",
            if status.is_server_error() {
                "ERROR"
            } else {
                "OK"
            },
        );
        let ours = error.and_then(|error| error.as_error::<crate::error::Error>());
        // A draining process's 503s (`/readyz` while the load balancer takes it out) are what
        // was asked of it, not a failure.
        let draining = matches!(ours, Some(crate::error::Error::ShuttingDown));
        // An internal error is logged here, once, with every cause behind it.
        let message = error.map(|error| {
            let text = match ours {
                Some(error) => error.chain(),
                None => error.to_string(),
            };
            let limit = match status.is_server_error() {
                true => LOGGED_CHAIN,
                false => LOGGED_TEXT,
            };
            bounded(&without_keys(&text), limit).into_owned()
        });
        if let Some(message) = &message {
            span.record("exception.message", message.as_str());
        }
        let _entered = span.enter();
        if draining {
            tracing::info!(
                status = status.as_u16(),
                "not ready: draining before it stops"
            );
        } else if status.is_server_error() {
            tracing::error!(status = status.as_u16(), "request failed");
        } else if status.is_client_error() {
            tracing::debug!(status = status.as_u16(), "request refused");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invite_code_is_not_logged() {
        assert_eq!(
            logged_target("/v1/invites/K3X9M-QW7RT-0ABCD-EFGHJ/accept"),
            "/v1/invites/[code]/accept"
        );
        assert_eq!(
            logged_target("/v1/invites/abc?x=1"),
            "/v1/invites/[code]?x=1"
        );
        assert_eq!(logged_target("/v1/games?limit=5"), "/v1/games?limit=5");
    }

    #[test]
    fn a_link_token_is_not_logged() {
        let token = "0f".repeat(32);
        assert_eq!(logged_target(&format!("/pad/{token}")), "/pad/[token]");
        assert_eq!(
            logged_target(&format!("/pad/{token}/events?after=3")),
            "/pad/[token]/events?after=3"
        );
        // A token mistyped is still most of a token.
        assert_eq!(logged_target("/pad/0f0f0f"), "/pad/[token]");
        assert_eq!(
            logged_target("/pad/blank?players=4"),
            "/pad/blank?players=4"
        );
    }

    #[test]
    fn nothing_like_a_key_is_logged() {
        let key = format!("p10_{}", "ab12".repeat(16));
        assert_eq!(
            logged_target(&format!("/v1/games?api_key={key}&limit=5&token=x")),
            "/v1/games?api_key=[redacted]&limit=5&token=[redacted]"
        );
        assert_eq!(
            logged_target(&format!("/v1/games/{key}")),
            "/v1/games/p10_[redacted]"
        );
        assert_eq!(
            without_keys(&format!("curl/8 (Bearer {key})")),
            "curl/8 (Bearer p10_[redacted])"
        );
        assert_eq!(without_keys("p10_ short p10_x"), "p10_ short p10_x");
    }

    #[test]
    fn what_a_client_chooses_is_bounded() {
        let long = "é".repeat(5000);
        let cut = bounded(&long, LOGGED_TEXT);
        assert_eq!(cut.chars().filter(|c| *c == 'é').count(), LOGGED_TEXT);
        assert!(cut.ends_with("(9600 more bytes)"), "{cut}");
        assert!(logged_target(&format!("/v1/{}", "x".repeat(9000))).len() < 300);
        assert_eq!(bounded("short", LOGGED_TEXT), "short");
        assert_eq!(
            bounded("a\nb\u{1b}[31m\u{202e}c \"é\"", LOGGED_TEXT),
            "a\\nb\\u{1b}[31m\\u{202e}c \"é\""
        );
    }
}
