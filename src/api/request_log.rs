//! The span every request is logged in: the fields tracing-actix-web logs by default, except
//! that a secret in a path (an invite code: only its hash is stored) is not written to the logs.

use std::borrow::Cow;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{Error, HttpMessage};
use tracing::Span;
use tracing::field::Empty;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};

/// Builds each request's span.
pub struct RequestSpan;

/// The path and query as logged: the code of `/v1/invites/{code}/…` is replaced.
fn logged_target(target: &str) -> Cow<'_, str> {
    const INVITES: &str = "/v1/invites/";
    match target.strip_prefix(INVITES) {
        Some(rest) => {
            let after_code = rest.find(['/', '?']).map_or("", |end| &rest[end..]);
            Cow::Owned(format!("{INVITES}[code]{after_code}"))
        }
        None => Cow::Borrowed(target),
    }
}

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let target = request.uri().path_and_query().map_or("", |p| p.as_str());
        let route = request.match_pattern().unwrap_or_else(|| "default".into());
        let request_id = request.extensions().get::<RequestId>().copied();
        let user_agent = request
            .headers()
            .get("User-Agent")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %route,
            http.target = %logged_target(target),
            http.client_ip = %request.connection_info().realip_remote_addr().unwrap_or(""),
            http.user_agent = %user_agent,
            request_id = %request_id.map(|id| id.to_string()).unwrap_or_default(),
            http.status_code = Empty,
            otel.status_code = Empty,
            exception.message = Empty,
            exception.details = Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

#[cfg(test)]
mod tests {
    use super::logged_target;

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
}
