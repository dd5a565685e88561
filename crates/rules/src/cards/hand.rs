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
/// the request's `players` is its index in `entries`: `HandPlace::Line`'s `index`).
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

/// Why a hand is refused: a stable kind, where in the hand (`at`) and the reason in a player's
/// words.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct HandError {
    pub problem: HandProblem,
    pub at: HandPlace,
    pub message: String,
}

/// Where in a recorded hand a refusal is: the hand as a whole, who went out, its players, or
/// one player's line (by its place in the request's `players`) and what of it. Shown as the
/// path of the request's field (`players[0].cards[3]`), empty for the hand as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandPlace {
    /// The game refuses the hand, not a field of it.
    Hand,
    WentOut,
    /// The players as a list (one missing).
    Players,
    Line {
        index: usize,
        part: LinePart,
    },
}

/// What of a player's line a refusal is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinePart {
    Whole,
    Made,
    Points,
    Cards,
    /// One card held, by its place in `cards`.
    Card(usize),
    LaidDown,
    /// One group laid down, by its place in `laid_down`.
    Group(usize),
    /// One card of a group laid down.
    GroupCard {
        group: usize,
        at: usize,
    },
}

impl HandPlace {
    /// The line of the player at `index` of the request, or what of it.
    pub fn line(index: usize, part: LinePart) -> HandPlace {
        HandPlace::Line { index, part }
    }

    /// The place in the request's `players` of the line this is about, if a line.
    pub fn line_index(self) -> Option<usize> {
        match self {
            HandPlace::Line { index, .. } => Some(index),
            _ => None,
        }
    }
}

impl std::fmt::Display for HandPlace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (index, part) = match *self {
            HandPlace::Hand => return Ok(()),
            HandPlace::WentOut => return f.write_str("went_out"),
            HandPlace::Players => return f.write_str("players"),
            HandPlace::Line { index, part } => (index, part),
        };
        write!(f, "players[{index}]")?;
        match part {
            LinePart::Whole => Ok(()),
            LinePart::Made => f.write_str(".made"),
            LinePart::Points => f.write_str(".points"),
            LinePart::Cards => f.write_str(".cards"),
            LinePart::Card(at) => write!(f, ".cards[{at}]"),
            LinePart::LaidDown => f.write_str(".laid_down"),
            LinePart::Group(group) => write!(f, ".laid_down[{group}]"),
            LinePart::GroupCard { group, at } => write!(f, ".laid_down[{group}][{at}]"),
        }
    }
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
    pub fn new(problem: HandProblem, at: HandPlace, message: impl Into<String>) -> Self {
        HandError {
            problem,
            at,
            message: message.into(),
        }
    }

    /// Both cards and points given for the player at `index` of the request, named `name`.
    pub fn cards_and_points(index: usize, name: &str) -> HandError {
        HandError::new(
            HandProblem::CardsAndPoints,
            HandPlace::line(index, LinePart::Whole),
            format!("give either the cards {name} holds or their points, not both"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_shown_as_the_request_s_field_and_knows_its_line() {
        let shown = |place: HandPlace| place.to_string();
        assert_eq!(shown(HandPlace::Hand), "");
        assert_eq!(shown(HandPlace::WentOut), "went_out");
        assert_eq!(shown(HandPlace::Players), "players");
        let parts = [
            (LinePart::Whole, "players[2]"),
            (LinePart::Made, "players[2].made"),
            (LinePart::Points, "players[2].points"),
            (LinePart::Cards, "players[2].cards"),
            (LinePart::Card(3), "players[2].cards[3]"),
            (LinePart::LaidDown, "players[2].laid_down"),
            (LinePart::Group(1), "players[2].laid_down[1]"),
            (
                LinePart::GroupCard { group: 1, at: 4 },
                "players[2].laid_down[1][4]",
            ),
        ];
        for (part, field) in parts {
            let place = HandPlace::line(2, part);
            assert_eq!(shown(place), field);
            assert_eq!(place.line_index(), Some(2));
        }
        assert_eq!(HandPlace::WentOut.line_index(), None);
    }
}
