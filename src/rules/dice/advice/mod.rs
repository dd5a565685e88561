//! The best play of the rest of a turn (RULES §8): exact odds of making the phase, the exact
//! expected score, and which dice to roll again, for either goal.
//!
//! Best play is worked out backwards over the positions of a turn (dynamic programming), never
//! simulated, and every figure is kept exact ([`Exact`]) until it is answered.

mod exact;
mod phase_8;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use exact::{Exact, MAX_SIXES};
pub use phase_8::{Faces, phase_8_choices, phase_8_one_turn};

/// What the player plays the rest of the turn for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// The highest chance that the final dice make the phase.
    #[default]
    Make,
    /// The highest expected score of the turn (0 when the phase is not made).
    Score,
}

/// What best play from a position is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outlook {
    /// The probability that the final dice make the phase.
    pub chance: Exact,
    /// The expected score of the turn.
    pub expected_score: Exact,
}

impl Outlook {
    /// The figures as the goal ranks them: its own first, the other goal's to break ties.
    pub fn ranked(&self, goal: Goal) -> (Exact, Exact) {
        match goal {
            Goal::Make => (self.chance, self.expected_score),
            Goal::Score => (self.expected_score, self.chance),
        }
    }
}
