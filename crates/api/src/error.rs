//! What a request can go wrong with: the service's errors (`service::error`: the game's, the
//! rules' and the database's), and those of HTTP itself, which are the API's alone (a body too
//! large, a method not allowed, too many requests). `api::http::problem` turns each into one
//! problem+json response.

use thiserror::Error;

pub use crate::service::error::{
    Error as ServiceError, FieldError, ProblemCode, Result as ServiceResult,
};

#[derive(Debug, Error)]
pub enum Error {
    /// What the service refused, or failed with.
    #[error(transparent)]
    Service(#[from] ServiceError),
    /// The body or a parameter cannot be read (bad JSON, wrong type, unknown field).
    #[error("{0}")]
    Malformed(String),
    #[error("a valid API key is needed: send `Authorization: Bearer <api_key>`")]
    Unauthorized,
    /// The path is one of the API's, but not with this method; `allow` lists the methods it has.
    #[error("{method} is not allowed on this resource, only {allow}")]
    MethodNotAllowed { method: String, allow: String },
    #[error("the body is larger than the limit of {limit} bytes")]
    PayloadTooLarge { limit: usize },
    #[error("the body must be application/json")]
    UnsupportedMediaType,
    /// None of the media types `Accept` names can be given; `offered` lists those that can.
    #[error("this can be given only as {offered}: ask for one of those in the Accept header")]
    NotAcceptable { offered: &'static str },
    /// Too many requests of this kind from this key or address; retry after so many seconds.
    #[error("too many requests: retry after {retry_after} seconds")]
    RateLimited { retry_after: u64 },
    /// Too many event streams open, for the account or for this server.
    #[error("{detail}")]
    TooManyStreams { detail: String },
    /// The request's headers are larger than the limit.
    #[error("the request's headers are larger than the limit of {limit} bytes")]
    HeadersTooLarge { limit: usize },
    /// The client's address has as many connections open as it may.
    #[error("too many connections are open from this address: close some, then retry")]
    TooManyConnections,
    /// The request did not arrive whole within the time allowed.
    #[error("the request did not arrive in time: send its head and body without pausing")]
    RequestTimeout,
    /// The process has been told to stop: it answers what it has, and takes nothing new.
    #[error("this server is shutting down: send requests to another one")]
    ShuttingDown,
}

impl Error {
    /// No such resource, or one the caller may not see.
    pub fn not_found(what: &'static str) -> Error {
        ServiceError::NotFound(what).into()
    }

    /// An internal error: what was being done when `cause` stopped it.
    pub fn internal(
        context: impl std::fmt::Display,
        cause: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Error {
        ServiceError::internal(context, cause).into()
    }

    /// Something that cannot happen did: a broken invariant, with no other error behind it.
    pub fn bug(what: impl std::fmt::Display) -> Error {
        ServiceError::bug(what).into()
    }

    /// Whether this is an internal error (logged in full, answered without detail).
    pub fn is_internal(&self) -> bool {
        matches!(self, Error::Service(ServiceError::Internal(_)))
    }

    /// What went wrong with every cause behind it, outermost first: what a log says of it (a
    /// client is shown only the problem).
    pub fn chain(&self) -> String {
        match self {
            Error::Service(service) => service.chain(),
            other => other.to_string(),
        }
    }

    /// A rule broken by one field.
    pub fn invalid_field(
        code: ProblemCode,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Error {
        ServiceError::invalid_field(code, field, message).into()
    }

    /// Rules broken by several fields, the detail naming each.
    pub fn invalid_fields(code: ProblemCode, errors: Vec<FieldError>) -> Error {
        ServiceError::invalid_fields(code, errors).into()
    }

    /// A request that conflicts with the state of the game.
    pub fn conflict(code: ProblemCode, detail: String) -> Error {
        ServiceError::conflict(code, detail).into()
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_says_its_code_in_its_type_and_its_code() {
        let error = Error::conflict(ProblemCode::NotYourTurn, "it is Ann's turn".into());
        let problem = serde_json::to_value(error.problem()).unwrap();
        assert_eq!(problem["type"], "/problems/not_your_turn");
        assert_eq!(problem["code"], "not_your_turn");
        let problem =
            serde_json::to_value(Error::from(ServiceError::Unavailable).problem()).unwrap();
        assert_eq!(problem["type"], "/problems/database_unavailable");
        assert_eq!(problem["code"], "database_unavailable");
        let problem = serde_json::to_value(Error::RequestTimeout.problem()).unwrap();
        assert_eq!(problem["code"], "request_timeout");
    }
}
