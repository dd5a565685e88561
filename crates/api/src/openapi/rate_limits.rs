//! The rate limits in the document: the IETF draft's `RateLimit-Policy` and `RateLimit` fields
//! on every answer of an operation that counts against a limit, and on the 429 that refuses one.

use utoipa::openapi::header::{Header, HeaderBuilder};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{OpenApi as Document, RefOr};

use super::declared::{Declared, RateClass};
use super::{operations_mut, successes_mut};

/// The two fields, as their names are written in the document (`rate_limit::POLICY` and
/// `STANDING`, which a test holds them to).
fn fields() -> [(&'static str, Header); 2] {
    let text = |pattern: &str| {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(pattern))
    };
    [
        (
            "RateLimit-Policy",
            HeaderBuilder::new()
                .schema(Some(text(r#"^"[a-z]+";q=[0-9]+;w=[0-9]+$"#)))
                .description(Some(
                    "The limit this request counts against (IETF draft \
                     draft-ietf-httpapi-ratelimit-headers): its name (`accounts`, `writes` or \
                     `advice`), `q` requests at most at once, refilled at `q` over `w` seconds. \
                     Counted per API key and per client address, in each process of the service.",
                ))
                .build(),
        ),
        (
            "RateLimit",
            HeaderBuilder::new()
                .schema(Some(text(r#"^"[a-z]+";r=[0-9]+;t=[0-9]+$"#)))
                .description(Some(
                    "Where the caller stands with that limit after this request: `r` requests \
                     left now, the limit whole again in `t` seconds (of the key's and the \
                     address's counts, the lower).",
                ))
                .build(),
        ),
    ]
}

/// Declares the fields on the answers of rate-limited operations and on the shared 429.
pub(super) fn add_rate_limit_fields(document: &mut Document) {
    for operation in operations_mut(document) {
        if Declared::or_strictest(operation).rate_limit == RateClass::None {
            continue;
        }
        for response in successes_mut(operation) {
            for (name, header) in fields() {
                response.headers.insert(name.into(), RefOr::T(header));
            }
        }
    }
    let too_many = document
        .components
        .as_mut()
        .and_then(|components| components.responses.get_mut("TooManyRequests"));
    if let Some(RefOr::T(too_many)) = too_many {
        for (name, mut header) in fields() {
            header.description = header.description.map(|described| {
                format!("{described} Sent when a rate limit refused the request.")
            });
            too_many.headers.insert(name.into(), RefOr::T(header));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::rate_limit::{POLICY, STANDING};

    #[test]
    fn the_document_names_the_fields_the_server_sends() {
        let names: Vec<String> = fields()
            .iter()
            .map(|(name, _)| name.to_ascii_lowercase())
            .collect();
        assert_eq!(names, [POLICY, STANDING]);
    }
}
