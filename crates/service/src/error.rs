//! The service's errors, typed: what the game, the rules and the database can refuse or fail
//! with. The API answers each with one problem+json response, beside the errors of HTTP itself
//! (a body too large, a method not allowed), which are the API's own. `ProblemCode` is the one
//! list of the codes a client can be given, those of HTTP included: the service's errors name
//! theirs from it.

use serde::{Deserialize, Serialize};
use thiserror::Error;
use utoipa::ToSchema;

/// A stable snake_case name for what went wrong, which a client can switch on: a problem's
/// `code`, and the end of its `type` (`/problems/{code}`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum ProblemCode {
    /// The body or a parameter cannot be read (bad JSON, wrong type, unknown field).
    MalformedRequest,
    /// No API key, or one the service does not know.
    Unauthorized,
    /// No such resource, or one the caller may not see.
    NotFound,
    /// The path is one of the API's, but not with this method.
    MethodNotAllowed,
    /// `If-Match` names a version the game no longer has.
    PreconditionFailed,
    /// The body is larger than the limit.
    PayloadTooLarge,
    /// The body is not `application/json`.
    UnsupportedMediaType,
    /// Too many requests of this kind from this key or address.
    RateLimited,
    /// Too many event streams open, for the account or for the server.
    TooManyStreams,
    /// The client's address has as many connections open as it may.
    TooManyConnections,
    /// The request's head is too large, or has too many header fields.
    HeadersTooLarge,
    /// The request did not arrive whole in time.
    RequestTimeout,
    /// The database is unreachable.
    DatabaseUnavailable,
    /// Anything else: logged by the server, answered without detail.
    InternalError,
    /// Another request changed the game at the same time.
    ConcurrentChange,
    /// A field or parameter is well-typed but outside what is allowed.
    InvalidValue,
    /// A page size (`limit`) is outside 1 to 100.
    InvalidLimit,
    /// `Idempotency-Key` is not one value of visible ASCII characters of a length allowed here.
    InvalidIdempotencyKey,
    /// `Idempotency-Key` was used before for a different request.
    IdempotencyKeyReused,
    /// A game is created with no players, or with more than eight.
    PlayerCount,
    /// Two players of a new game have the same name (ignoring case).
    DuplicateName,
    /// A player's or an account's name is empty, too long, or has characters it may not have.
    InvalidName,
    /// A digital game is asked for with any-color dice: the server rolls the standard dice.
    DigitalNeedsStandardDice,
    /// Dice are judged against a phase that does not exist.
    InvalidPhase,
    /// A die has no color in a phase made of one color (phase 8).
    ColorRequired,
    /// The dice cannot have been rolled on the ten dice of the game (or there are more than ten).
    NotRollable,
    /// A player id is not one of the game's players.
    UnknownPlayer,
    /// Only the game's owner may do this (undo, delete, invite).
    NotOwner,
    /// The seat is played by another account.
    NotYourSeat,
    /// It is another player's turn.
    NotYourTurn,
    /// The game is over: no more turns.
    GameOver,
    /// Only the latest turn can be undone.
    NotLatestTurn,
    /// Dice were sent for a turn of a digital game, whose dice the server rolls.
    DigitalGame,
    /// A turn of a tabletop game, whose players roll, is to be rolled again or scored as the
    /// server's dice lie.
    TabletopGame,
    /// A digital turn is started while another is still in play.
    TurnInPlay,
    /// A digital turn is to be rolled again or scored after it was scored.
    TurnScored,
    /// A digital turn's dice are to be rolled again after all three rolls.
    NoRollsLeft,
    /// A roll again names no dice.
    NoDice,
    /// A roll again names a die twice.
    RepeatedDie,
    /// A roll again names more than ten dice.
    TooManyDice,
    /// A roll again names a die that does not exist.
    UnknownDie,
    /// The invite's seat is already played by the account that accepted an invite for it.
    SeatClaimed,
    /// The invite has been used.
    InviteUsed,
    /// The invite has expired.
    InviteExpired,
    /// The game's owner accepts an invite to its own game.
    OwnGame,
    /// Turns are sent to a card game, or hands to a dice game.
    WrongGame,
    /// A card game's phase list is empty, out of 1 to 10, or not increasing.
    InvalidPhases,
    /// A card that is not in the deck: a number without its color, or a Wild or Skip with one.
    InvalidCard,
    /// A hand's cards, held and laid down, do not fit in one deck of 108.
    NotOneDeck,
    /// A player of the game is missing from a hand.
    PlayerMissing,
    /// A player appears twice in a hand.
    PlayerRepeated,
    /// A player's line of a hand gives both the cards held and their points.
    CardsAndPoints,
    /// A player who did not go out gives neither the cards held nor their points.
    HoldingUnknown,
    /// The player who went out did not lay down their phase.
    WentOutNotMade,
    /// The player who went out still holds cards.
    WentOutHoldsCards,
    /// A player who did not go out holds no card.
    HoldsNothing,
    /// A player holds more or fewer cards than the hand allows (10 without the phase laid down).
    HandSize,
    /// Points that the cards a player may hold cannot add up to.
    ImpossiblePoints,
    /// Laid-down cards are given for a player who did not make their phase.
    LaidDownWithoutPhase,
    /// Laid-down cards do not make the player's phase.
    PhaseNotMade,
    /// The game waits for its tie-break hand: only who went out is recorded.
    TieBreakDue,
    /// A tie-break hand is recorded when no players are tied.
    NotATieBreak,
    /// The tie-break hand names a player who is not tied.
    NotTied,
    /// Only the latest hand can be undone.
    NotLatestHand,
    /// The dice given for advice are not the dice on the table at that point of a turn: all
    /// ten once rolled, none before the first roll.
    DiceOnTable,
    /// A die is named after a physical die that cannot show its face, or named twice.
    DieMisnamed,
    /// Phase 8 is to be advised with any-color dice, whose colors are unknown.
    ColorsUnknown,
    /// No longer answered: phase 8 is advised on dice without names by averaging over every way
    /// they lie (RULES §8). Kept so that clients built when it was still answered read it.
    WhichDieUnknown,
    /// The resource cannot be given in any of the media types `Accept` names.
    NotAcceptable,
    /// Replacing an entry would leave a later entry of the game one the rules refuse.
    EditBreaksLater,
    /// The dice of a digital turn, which the server rolled, are to be replaced.
    ServerRolled,
    /// A person of the roster already has a name that looks the same.
    PersonExists,
    /// One person is given two seats of a game, one of them by `person_id` (by two names that
    /// look the same, it is `duplicate_name`).
    DuplicatePerson,
    /// A person still plays games, so they cannot leave the roster.
    PersonHasGames,
    /// The first dealer of a card game is not one of its seats.
    NoSuchSeat,
    /// A game has as many live read-only links as it may.
    TooManyLinks,
    /// The server is shutting down (a load balancer's health check reads it on `/readyz`).
    ShuttingDown,
    /// The id a client chose for a new game or person is taken: by another account, or by one
    /// made from another body.
    IdTaken,
    /// An entry is sent with the number of one the game already has, with other content.
    EntryTaken,
    /// An entry is sent with a number past the game's next.
    NotNext,
    /// The account's only key is to be deleted.
    LastKey,
    /// An account's export does not replay: a game of it is one the rules refuse.
    ExportDoesNotReplay,
    /// Advice for the whole game (`goal: game`) is asked in a game of several players.
    SolitaireOnly,
    /// The state of a solitaire game given for advice is not one a game can be in, or missing.
    NoSuchGameState,
    /// Phase 8 with two rolls left is to be advised for the whole game on a server without the
    /// table of every keep pattern.
    Phase8TableMissing,
    /// A tabletop game is to be reviewed: its players rolled, so the server has no rolls of it.
    NoRolls,
    /// A dice game already holds the most turns a game may (RULES §4).
    GameTooLong,
    /// The account's roster holds the most people it may.
    RosterFull,
}

impl ProblemCode {
    /// The code as a client sees it: its variant in snake_case, as serde writes it too.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

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
    /// No such resource, or one the caller may not see.
    #[error("no such {0}")]
    NotFound(&'static str),
    /// The caller may see the game but not do this to it (play a seat that is not theirs).
    #[error("{detail}")]
    Forbidden { code: ProblemCode, detail: String },
    /// The resource existed but is no longer usable (an invite that expired or was used).
    #[error("{detail}")]
    Gone { code: ProblemCode, detail: String },
    /// The request conflicts with the state of the game.
    #[error("{detail}")]
    Conflict { code: ProblemCode, detail: String },
    /// `If-Match` names a version the game no longer has.
    #[error("the game is at version {version}, which If-Match does not name: read it again")]
    PreconditionFailed { version: crate::values::GameVersion },
    /// Well-formed, but breaks a rule.
    #[error("{detail}")]
    Invalid {
        code: ProblemCode,
        detail: String,
        errors: Vec<FieldError>,
    },
    #[error("the database is unreachable")]
    Unavailable,
    /// Anything else: logged in full, with every cause, and answered without detail.
    #[error(transparent)]
    Internal(#[from] Internal),
}

/// What went wrong inside: what was being done, and the error that stopped it (whose own
/// causes follow from `source()`), if another error did.
#[derive(Debug, Error)]
#[error("{context}")]
pub struct Internal {
    context: String,
    #[source]
    cause: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl Internal {
    /// The error and its causes, outermost first, each after a colon: for a log line.
    pub fn chain(&self) -> String {
        let mut chain = self.context.clone();
        let mut cause = std::error::Error::source(self);
        while let Some(error) = cause {
            chain.push_str(": ");
            chain.push_str(&error.to_string());
            cause = error.source();
        }
        chain
    }
}

impl Error {
    /// An internal error: what was being done when `cause` stopped it.
    pub fn internal(
        context: impl std::fmt::Display,
        cause: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Error {
        Error::Internal(Internal {
            context: context.to_string(),
            cause: Some(cause.into()),
        })
    }

    /// An internal error that is its own cause.
    pub fn internal_cause(cause: impl std::error::Error + Send + Sync + 'static) -> Error {
        Error::Internal(Internal {
            context: "internal error".into(),
            cause: Some(Box::new(cause)),
        })
    }

    /// Something that cannot happen did: a broken invariant, with no other error behind it.
    pub fn bug(what: impl std::fmt::Display) -> Error {
        Error::Internal(Internal {
            context: what.to_string(),
            cause: None,
        })
    }

    /// What went wrong with every cause behind it, outermost first: what a log says of it (a
    /// client is shown only the problem).
    pub fn chain(&self) -> String {
        match self {
            Error::Internal(internal) => internal.chain(),
            other => other.to_string(),
        }
    }

    /// Rules broken by several fields, the detail naming each.
    pub fn invalid_fields(code: ProblemCode, errors: Vec<FieldError>) -> Error {
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

    /// A request that conflicts with the state of the game.
    pub fn conflict(code: ProblemCode, detail: String) -> Error {
        Error::Conflict { code, detail }
    }

    /// A rule broken by one field.
    pub fn invalid_field(
        code: ProblemCode,
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
            // A server that no longer takes writes (SQLSTATE 25006) was a primary until a
            // failover: the write goes to the new one when tried again.
            Diesel::DatabaseError(
                DatabaseErrorKind::ClosedConnection
                | DatabaseErrorKind::UnableToSendCommand
                | DatabaseErrorKind::ReadOnlyTransaction,
                _,
            ) => Error::Unavailable,
            Diesel::DatabaseError(_, info) if lost_connection(info.message()) => Error::Unavailable,
            Diesel::DatabaseError(DatabaseErrorKind::SerializationFailure, _) => Error::Conflict {
                code: ProblemCode::ConcurrentChange,
                detail: "the game was changed by another request at the same time; try again"
                    .into(),
            },
            other => Error::internal("a database statement failed", other),
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

#[cfg(test)]
mod tests {
    use utoipa::PartialSchema;

    use super::*;

    /// Every code a client has been given (`openapi/problem_codes.txt`), in order.
    fn issued() -> Vec<&'static str> {
        include_str!("../../../openapi/problem_codes.txt")
            .lines()
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .collect()
    }

    #[test]
    fn every_problem_code_is_the_snake_case_name_it_was_issued_as() {
        // The schema lists every variant: each is read back, and said as it was issued.
        let schema = serde_json::to_value(ProblemCode::schema()).unwrap();
        let listed: Vec<&str> = schema["enum"]
            .as_array()
            .expect("the schema lists the codes")
            .iter()
            .map(|name| name.as_str().unwrap())
            .collect();
        assert_eq!(listed, issued());
        for name in listed {
            let code: ProblemCode = serde_json::from_value(name.into()).unwrap();
            assert_eq!(code.name(), name);
            assert_eq!(serde_json::to_value(code).unwrap(), name);
        }
    }
}
