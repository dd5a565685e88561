//! Cross-origin requests from browser apps: closed unless origins are configured.

use actix_cors::Cors;
use actix_web::http::header::{self, HeaderName};

use crate::http::idempotency::{IDEMPOTENCY_KEY, IDEMPOTENT_REPLAYED};
use crate::http::middleware::REQUEST_ID;

/// The CORS policy for these origins (`*`: any). With none, the middleware is not mounted and
/// browsers refuse cross-origin calls.
pub fn policy(origins: &[String]) -> Cors {
    let mut cors = Cors::default()
        .allowed_methods(["GET", "POST", "DELETE"])
        .allowed_headers([
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
            header::IF_MATCH,
            header::IF_NONE_MATCH,
            IDEMPOTENCY_KEY,
            HeaderName::from_static("last-event-id"),
        ])
        .expose_headers([
            header::ETAG,
            header::LOCATION,
            header::RETRY_AFTER,
            IDEMPOTENT_REPLAYED,
            REQUEST_ID,
        ])
        .max_age(3600);
    for origin in origins {
        cors = if origin == "*" {
            cors.allow_any_origin()
        } else {
            cors.allowed_origin(origin)
        };
    }
    cors
}

#[cfg(test)]
mod tests {
    use crate::config::parse_origin;

    #[test]
    fn origins_are_scheme_host_and_port_only() {
        for good in ["*", "https://app.example", "http://localhost:5173"] {
            assert_eq!(parse_origin(good).as_deref(), Ok(good));
        }
        for bad in [
            "app.example",
            "https://app.example/",
            "https://app.example/x",
            "ftp://a.b",
            "",
        ] {
            assert!(parse_origin(bad).is_err(), "{bad}");
        }
    }
}
