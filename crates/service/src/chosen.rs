//! Ids a client chose for what it makes (API.md "Offline clients and several devices"): a game or
//! a person made offline is sent later with its id, as often as it takes; the same body again
//! is answered with what it made, another body with that id is refused.

use crate::error::{Error, ProblemCode};

/// An id a client chose for what it makes, and the fingerprint of the body it sent
/// (`api::http::extract::fingerprint`): the same body sent again is answered with what it made.
#[derive(Debug, Clone)]
pub struct ChosenId<T> {
    pub id: T,
    pub made_from: String,
}

/// What a request with an id the client chose did.
pub enum Made<New, Already> {
    /// Made it, just now.
    New(New),
    /// The caller had made it before from the same body: it as it is now, nothing made.
    Already(Already),
}

/// 409 `id_taken`, for a `what` whose id is taken.
pub fn id_taken(what: &str) -> Error {
    Error::conflict(
        ProblemCode::IdTaken,
        format!(
            "this id is already another {what}'s (made from another request, or by another \
             account): choose a new random UUID"
        ),
    )
}
