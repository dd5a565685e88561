//! The service's errors, typed. `api::error` turns each into one problem+json response; this is
//! the only list of what can go wrong.

use thiserror::Error;

/// A field of a request that breaks a rule, named by its path (`dice[3].value`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> FieldError {
        FieldError {
            field: field.into(),
            message: message.into(),
        }
    }
}

#[derive(Debug, Error)]
pub enum Error {
    /// The body or a parameter cannot be read (bad JSON, wrong type, unknown field).
    #[error("{0}")]
    Malformed(String),
    #[error("a valid API key is needed: send `Authorization: Bearer <api_key>`")]
    Unauthorized,
    /// No such resource, or one the caller may not see.
    #[error("no such {0}")]
    NotFound(&'static str),
    /// The caller may see the game but not do this to it (play a seat that is not theirs).
    #[error("{detail}")]
    Forbidden { code: &'static str, detail: String },
    /// The resource existed but is no longer usable (an invite that expired or was used).
    #[error("{detail}")]
    Gone { code: &'static str, detail: String },
    /// The path is one of the API's, but not with this method; `allow` lists the methods it has.
    #[error("{method} is not allowed on this resource, only {allow}")]
    MethodNotAllowed { method: String, allow: String },
    /// The request conflicts with the state of the game.
    #[error("{detail}")]
    Conflict { code: &'static str, detail: String },
    /// A request with the same idempotency key is still being processed.
    #[error("a request with this Idempotency-Key is still being processed; retry shortly")]
    KeyInFlight,
    /// `If-Match` names a version the game no longer has.
    #[error("the game is at version {version}, which If-Match does not name: read it again")]
    PreconditionFailed { version: i64 },
    #[error("the body is larger than the limit of {limit} bytes")]
    PayloadTooLarge { limit: usize },
    #[error("the body must be application/json")]
    UnsupportedMediaType,
    /// Well-formed, but breaks a rule.
    #[error("{detail}")]
    Invalid {
        code: &'static str,
        detail: String,
        errors: Vec<FieldError>,
    },
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
    /// The request's head is more than the HTTP server can read (too large, or too many fields).
    #[error("the request's head is too large, or has too many header fields, to be read")]
    HeadTooLarge,
    /// The request did not arrive whole within the time allowed.
    #[error("the request did not arrive in time: send its head and body without pausing")]
    RequestTimeout,
    #[error("the database is unreachable")]
    Unavailable,
    /// Anything else: logged in full, answered without detail.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    /// Rules broken by several fields, the detail naming each.
    pub fn invalid_fields(code: &'static str, errors: Vec<FieldError>) -> Error {
        let detail = errors
            .iter()
            .map(|e| format!("{}: {}", e.field, e.message))
            .collect::<Vec<_>>()
            .join("; ");
        Error::Invalid {
            code,
            detail,
            errors,
        }
    }

    /// A rule broken by one field.
    pub fn invalid_field(
        code: &'static str,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Error {
        Error::invalid_fields(code, vec![FieldError::new(field, message)])
    }
}

impl From<diesel::result::Error> for Error {
    fn from(error: diesel::result::Error) -> Error {
        use diesel::result::{DatabaseErrorKind, Error as Diesel};
        match error {
            Diesel::DatabaseError(
                DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
                _,
            ) => Error::Unavailable,
            Diesel::DatabaseError(_, info) if lost_connection(info.message()) => Error::Unavailable,
            Diesel::DatabaseError(DatabaseErrorKind::SerializationFailure, _) => Error::Conflict {
                code: "concurrent_change",
                detail: "the game was changed by another request at the same time; try again"
                    .into(),
            },
            other => Error::Internal(other.to_string()),
        }
    }
}

/// Whether a database error message says the connection itself was lost (libpq has no error
/// kind of its own for every way a connection can die).
fn lost_connection(message: &str) -> bool {
    const SIGNS: [&str; 5] = [
        "server closed the connection",
        "no connection to the server",
        "terminating connection",
        "SSL SYSCALL error",
        "connection to server",
    ];
    SIGNS.iter().any(|sign| message.contains(sign))
}

impl From<diesel::r2d2::PoolError> for Error {
    fn from(_: diesel::r2d2::PoolError) -> Error {
        Error::Unavailable
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
