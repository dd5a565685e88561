//! Middleware: every error response is problem+json (even those actix makes itself, such as 405),
//! a panic in a handler is a 500 problem (and the worker goes on serving), and every response
//! carries the request id its log lines carry.

use std::future::{Ready, ready};
use std::panic::AssertUnwindSafe;

use actix_web::body::{BodySize, EitherBody, MessageBody};
use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform, forward_ready};
use actix_web::http::Method;
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers, Next};
use actix_web::mime::Mime;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, ResponseError};
use futures_util::FutureExt;
use futures_util::future::LocalBoxFuture;
use tracing_actix_web::RequestId;

use crate::error::{Error, ProblemCode};
use crate::http::negotiate::PROBLEM_JSON;
use crate::http::problem::title;

/// Marks an error answered on purpose as a page for people (a link that has ended, asked for by
/// a browser): `problems` leaves it as it is.
#[derive(Debug, Clone, Copy)]
pub struct PageForPeople;

/// Whether an error response stays as it is: problem+json already, or a page for people.
fn answered_well(response: &ServiceResponse<impl MessageBody>) -> bool {
    if response
        .response()
        .extensions()
        .get::<PageForPeople>()
        .is_some()
    {
        return true;
    }
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok()?.parse::<Mime>().ok())
        .is_some_and(|media_type| media_type.essence_str() == PROBLEM_JSON.essence_str())
}

/// Rewrites any error response that is not problem+json yet (nor a `PageForPeople`).
pub fn problems<B: MessageBody + 'static>() -> ErrorHandlers<B> {
    ErrorHandlers::new().default_handler(|response: ServiceResponse<B>| {
        if answered_well(&response) {
            return Ok(ErrorHandlerResponse::Response(
                response.map_into_left_body(),
            ));
        }
        let status = response.status();
        let error = match status.as_u16() {
            404 => Error::not_found("resource"),
            405 => Error::conflict(
                ProblemCode::MethodNotAllowed,
                "this method is not allowed on this resource".into(),
            ),
            408 => Error::RequestTimeout,
            // A browser's cross-origin request that the CORS policy refuses (actix-cors answers
            // it in plain text): its message says why.
            400 if response.request().headers().contains_key(header::ORIGIN) => {
                let why = response
                    .response()
                    .error()
                    .map(|error| error.to_string())
                    .unwrap_or_else(|| "it is not allowed".into());
                Error::Malformed(format!("this cross-origin request is refused: {why}"))
            }
            _ if status.is_server_error() => Error::bug(format!("a bare {status} response")),
            _ => Error::Malformed(status.canonical_reason().unwrap_or("bad request").into()),
        };
        // The status stays the one answered; the problem says it too.
        let mut problem = error.error_response();
        if error.status_code() != status {
            let mut details = error.problem();
            details.status = status.as_u16();
            details.title = title(status).into();
            problem = HttpResponse::build(status)
                .content_type(PROBLEM_JSON.as_ref())
                .json(details);
        }
        let (request, _) = response.into_parts();
        let problem = ServiceResponse::new(request, problem.map_into_boxed_body());
        Ok(ErrorHandlerResponse::Response(
            problem.map_into_right_body(),
        ))
    })
}

/// Answers a request whose handler panicked with a 500 problem, like any internal error: the
/// panic's message is logged, never sent.
pub async fn catch_panics(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    match AssertUnwindSafe(next.call(request)).catch_unwind().await {
        Ok(response) => response,
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".into());
            Err(Error::bug(format!("a handler panicked: {message}")).into())
        }
    }
}

/// Answers a request that no route took: 405 with `Allow` when its path is one of the API's (with
/// other methods), 404 otherwise.
pub async fn unrouted(request: HttpRequest) -> Result<HttpResponse, Error> {
    Err(match crate::openapi::allowed_methods(request.path()) {
        Some(allow) => Error::MethodNotAllowed {
            method: request.method().to_string(),
            allow: allow.to_string(),
        },
        None => Error::not_found("resource"),
    })
}

/// Answers a HEAD request as the GET of the same resource, without the body: the headers,
/// `Content-Length` included, are the GET's, and the body is dropped unread (so that one that
/// never ends, an event stream, does not hold the connection).
pub async fn head_as_get(
    mut request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let head = request.method() == Method::HEAD;
    if head {
        request.head_mut().method = Method::GET;
    }
    let response = next.call(request).await?;
    Ok(response.map_body(|_, body| {
        if head {
            EitherBody::right(HeadBody(body.size()))
        } else {
            EitherBody::left(body)
        }
    }))
}

/// The body of an answer to HEAD: the size the GET's body has, and nothing in it.
pub struct HeadBody(BodySize);

impl MessageBody for HeadBody {
    type Error = std::convert::Infallible;

    fn size(&self) -> BodySize {
        self.0
    }

    fn poll_next(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<actix_web::web::Bytes, Self::Error>>> {
        std::task::Poll::Ready(None)
    }
}

/// The header that carries a request's id, as its log lines do.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Adds `X-Request-Id` to every response.
pub struct RequestIdHeader;

impl<S, B> Transform<S, ServiceRequest> for RequestIdHeader
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Transform = RequestIdService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, ()>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(RequestIdService { service }))
    }
}

pub struct RequestIdService<S> {
    service: S,
}

impl<S, B> Service<ServiceRequest> for RequestIdService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self::Response, Self::Error>>;

    forward_ready!(service);

    fn call(&self, request: ServiceRequest) -> Self::Future {
        let id = request
            .extensions()
            .get::<RequestId>()
            .map(|id| id.to_string());
        let future = self.service.call(request);
        Box::pin(async move {
            let mut response = future.await?;
            if let Some(value) = id.and_then(|id| HeaderValue::from_str(&id).ok()) {
                response.headers_mut().insert(REQUEST_ID, value);
            }
            Ok(response)
        })
    }
}
