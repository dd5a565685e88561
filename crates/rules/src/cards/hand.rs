//! A hand as the score pad records it (RULES §7): who went out, who laid down their phase, what
//! each player still holds; and why a recorded hand is refused (`hand_checks` checks it).

use thiserror::Error;

use super::card::Card;

/// What a player still holds when a hand ends, as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Held {
    Cards(Vec<Card>),
    Points(u32),
    /// Neither cards nor points given: only for who went out.
    Nothing,
}

/// One player's line of a recorded hand, in the order the request gave them (its position in
/// the request's `players` is its index in `entries`, for field paths "players[{index}]…").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandEntry {
    pub seat: usize,
    pub made: bool,
    pub held: Held,
    pub laid_down: Option<Vec<Vec<Card>>>,
}

/// A hand as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hand {
    Played {
        /// The seat of who went out.
        went_out: usize,
        entries: Vec<HandEntry>,
    },
    /// The tie-break hand: only who went out (a seat), who wins.
    TieBreak { went_out: usize },
}

/// Why a hand is refused: a stable kind, the request field at fault ("went_out", "players",
/// "players[1].points", "players[0].cards[3]", "players[2].laid_down[1]", …; empty when it is
/// the game, not a field, that refuses the hand) and the reason in a player's words.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct HandError {
    pub problem: HandProblem,
    pub field: String,
    pub message: String,
}

/// The kinds of refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandProblem {
    /// A card that does not exist (number out of range, color missing, color on a Wild or Skip).
    InvalidCard,
    /// A player of the game is not in the hand (or a seat given is not one of the game's).
    PlayerMissing,
    /// A player twice.
    PlayerRepeated,
    /// Both cards and points for one player (the service catches it; `HandError::cards_and_points`).
    CardsAndPoints,
    /// Neither cards nor points for a player who did not go out.
    HoldingUnknown,
    /// Who went out must have laid down their phase (made: true).
    WentOutNotMade,
    /// Who went out holds no cards (cards [] or points 0 or neither).
    WentOutHoldsCards,
    /// Every other player holds at least one card.
    HoldsNothing,
    /// Cards given: not laid down => exactly 10; laid down => 1 to 10 - the phase's size.
    HandSize,
    /// Points that many cards cannot make.
    ImpossiblePoints,
    /// Cards across the whole hand (held and laid down) do not fit one deck.
    NotOneDeck,
    /// laid_down given for a player with made: false.
    LaidDownWithoutPhase,
    /// laid_down does not make the player's phase.
    PhaseNotMade,
    /// A played hand when the game waits for its tie-break hand.
    TieBreakDue,
    /// A tie-break hand when there is no tie.
    NotATieBreak,
    /// The tie-break's went_out is not one of the tied players.
    NotTied,
    /// The game is finished.
    GameOver,
}

impl HandError {
    pub fn new(problem: HandProblem, field: impl Into<String>, message: impl Into<String>) -> Self {
        HandError {
            problem,
            field: field.into(),
            message: message.into(),
        }
    }

    /// Both cards and points given for the player at `index` of the request, named `name`.
    pub fn cards_and_points(index: usize, name: &str) -> HandError {
        HandError::new(
            HandProblem::CardsAndPoints,
            format!("players[{index}]"),
            format!("give either the cards {name} holds or their points, not both"),
        )
    }
}
