//! The score pad of a card game: each player's line of each hand, their total and the phases
//! they made.

use crate::phases::PhaseNumber;

/// One hand of one player, as the pad shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandLine {
    /// The hand's number, from 1.
    pub number: u32,
    /// The phase the player worked on.
    pub phase: PhaseNumber,
    pub made: bool,
    pub points: u32,
    pub went_out: bool,
}

/// A player's pad so far.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CardSheet {
    pub total: u32,
    /// The phases made, in order.
    pub phases_done: Vec<PhaseNumber>,
    /// The player's line of every hand they played (the tie-break hand only for the tied).
    pub hands: Vec<HandLine>,
}

/// What one hand did: a line per player in seat order (a tie-break: a line per tied player, in
/// seat order, points 0, made = went_out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandOutcome {
    pub number: u32,
    pub went_out: usize,
    pub tie_break: bool,
    pub lines: Vec<(usize, HandLine)>,
}
