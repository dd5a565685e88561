//! Every error becomes one `application/problem+json` response (RFC 9457): its body is built here
//! (`Error::problem`), for the handlers' errors and for the bodiless answers the app's middleware
//! turns into errors (`middleware::problems`).

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{Error, FieldError, ProblemCode, ServiceError};
use crate::http::negotiate::PROBLEM_JSON;

/// Seconds a client should wait before retrying while the database is unreachable.
pub const RETRY_AFTER_SECONDS: u64 = 2;

/// One invalid field of a request.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProblemField {
    /// The field's path in the request, such as `dice[3].value`.
    pub field: String,
    pub message: String,
}

/// An error, as RFC 9457 problem details.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "type": "/problems/not_rollable", "title": "Unprocessable Content", "status": 422,
    "detail": "dice[6]: these dice cannot have been rolled: only the 6 high dice (H1 to H6, which show 5 to 10) show a 10, but 7 were given",
    "code": "not_rollable",
    "errors": [{"field": "dice[6]", "message": "these dice cannot have been rolled: only the 6 high dice (H1 to H6, which show 5 to 10) show a 10, but 7 were given"}]
}))]
pub struct Problem {
    /// A URI reference naming the kind of problem: `/problems/{code}`.
    #[serde(rename = "type")]
    pub problem_type: String,
    pub title: String,
    pub status: u16,
    pub detail: String,
    /// A stable snake_case name a client can switch on.
    pub code: ProblemCode,
    /// For invalid fields: which, and why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<ProblemField>,
}

impl Error {
    fn code(&self) -> ProblemCode {
        match self {
            Error::Service(service) => match service {
                ServiceError::NotFound(_) => ProblemCode::NotFound,
                ServiceError::Conflict { code, .. }
                | ServiceError::Invalid { code, .. }
                | ServiceError::Forbidden { code, .. }
                | ServiceError::Gone { code, .. } => *code,
                ServiceError::PreconditionFailed { .. } => ProblemCode::PreconditionFailed,
                ServiceError::Unavailable => ProblemCode::DatabaseUnavailable,
                ServiceError::Internal(_) => ProblemCode::InternalError,
            },
            Error::Malformed(_) => ProblemCode::MalformedRequest,
            Error::Unauthorized => ProblemCode::Unauthorized,
            Error::MethodNotAllowed { .. } => ProblemCode::MethodNotAllowed,
            Error::PayloadTooLarge { .. } => ProblemCode::PayloadTooLarge,
            Error::UnsupportedMediaType => ProblemCode::UnsupportedMediaType,
            Error::NotAcceptable { .. } => ProblemCode::NotAcceptable,
            Error::RateLimited { .. } => ProblemCode::RateLimited,
            Error::TooManyStreams { .. } => ProblemCode::TooManyStreams,
            Error::TooManyConnections => ProblemCode::TooManyConnections,
            Error::HeadersTooLarge { .. } => ProblemCode::HeadersTooLarge,
            Error::RequestTimeout => ProblemCode::RequestTimeout,
            Error::ShuttingDown => ProblemCode::ShuttingDown,
        }
    }

    /// Seconds a client should wait before trying again, for errors that pass.
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            Error::Service(ServiceError::Unavailable) | Error::ShuttingDown => {
                Some(RETRY_AFTER_SECONDS)
            }
            Error::RateLimited { retry_after } => Some(*retry_after),
            Error::TooManyStreams { .. } | Error::TooManyConnections => Some(5),
            _ => None,
        }
    }
}

/// The status a service's error is answered with.
fn service_status(error: &ServiceError) -> StatusCode {
    match error {
        ServiceError::NotFound(_) => StatusCode::NOT_FOUND,
        ServiceError::Forbidden { .. } => StatusCode::FORBIDDEN,
        ServiceError::Gone { .. } => StatusCode::GONE,
        ServiceError::Conflict { .. } => StatusCode::CONFLICT,
        ServiceError::PreconditionFailed { .. } => StatusCode::PRECONDITION_FAILED,
        ServiceError::Invalid { .. } => StatusCode::UNPROCESSABLE_ENTITY,
        ServiceError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        ServiceError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl ResponseError for Error {
    fn status_code(&self) -> StatusCode {
        match self {
            Error::Service(service) => service_status(service),
            Error::Malformed(_) => StatusCode::BAD_REQUEST,
            Error::Unauthorized => StatusCode::UNAUTHORIZED,
            Error::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            Error::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Error::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Error::NotAcceptable { .. } => StatusCode::NOT_ACCEPTABLE,
            Error::RateLimited { .. }
            | Error::TooManyStreams { .. }
            | Error::TooManyConnections => StatusCode::TOO_MANY_REQUESTS,
            Error::HeadersTooLarge { .. } => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            Error::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            Error::ShuttingDown => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        let mut response = HttpResponse::build(status);
        response.content_type(PROBLEM_JSON.as_ref());
        if let Some(seconds) = self.retry_after() {
            response.insert_header((header::RETRY_AFTER, HeaderValue::from(seconds)));
        }
        if let Error::MethodNotAllowed { allow, .. } = self
            && let Ok(allow) = HeaderValue::from_str(allow)
        {
            response.insert_header((header::ALLOW, allow));
        }
        if matches!(self, Error::Unauthorized) {
            response.insert_header((header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer")));
        }
        response.json(self.problem())
    }
}

impl Error {
    /// The problem details this error is answered with.
    pub fn problem(&self) -> Problem {
        let status = self.status_code();
        let detail = if self.is_internal() {
            // Logged with its causes once, by the request's log (`request_log`), never shown.
            "something went wrong on the server; it has been logged".to_string()
        } else {
            self.to_string()
        };
        let errors = match self {
            Error::Service(ServiceError::Invalid { errors, .. }) => errors
                .iter()
                .map(|FieldError { field, message }| ProblemField {
                    field: field.clone(),
                    message: message.clone(),
                })
                .collect(),
            _ => Vec::new(),
        };
        Problem {
            problem_type: format!("/problems/{}", self.code().name()),
            title: title(status).to_string(),
            status: status.as_u16(),
            detail,
            code: self.code(),
            errors,
        }
    }
}

/// A status's title: its reason phrase as RFC 9110 names it (the `http` crate still has 422's
/// older name, "Unprocessable Entity").
pub fn title(status: StatusCode) -> &'static str {
    match status {
        StatusCode::UNPROCESSABLE_ENTITY => "Unprocessable Content",
        StatusCode::PAYLOAD_TOO_LARGE => "Content Too Large",
        other => other.canonical_reason().unwrap_or("Error"),
    }
}
