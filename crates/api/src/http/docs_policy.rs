//! The Content-Security-Policy of the interactive docs at `/docs/` (the outside probe's L5: they
//! had none and any site could frame them). Swagger UI is served by the binary (vendored): its
//! scripts and style sheets come from here, it styles its elements inline (React `style`
//! attributes), draws data: images, and calls this service's API from the page ("Try it out").
//! Nothing else is allowed, and no other site may frame it.

use actix_web::Error;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;

/// The policy of every answer under `/docs`.
pub const DOCS_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Adds the docs' policy (and `X-Frame-Options` for browsers without CSP 2) to every answer
/// under `/docs`.
pub async fn docs_policy(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let docs = request.path() == "/docs" || request.path().starts_with("/docs/");
    let mut response = next.call(request).await?;
    if docs {
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(DOCS_POLICY),
        );
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    Ok(response)
}
