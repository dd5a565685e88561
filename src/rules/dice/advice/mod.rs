//! The best play of the rest of a turn (RULES §8): exact odds of making the phase, the exact
//! expected score, and which dice to roll again, for either goal.
//!
//! Best play is worked out backwards over the positions of a turn (dynamic programming), never
//! simulated, and every figure is kept exact ([`Exact`]) until it is answered.

mod advise;
mod exact;
mod multisets;
mod numbers;
mod phase_8;
mod placed;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use advise::{AdviceRefused, advise, one_turn_of, warm_up, weigh_all};
pub use exact::{Exact, MAX_SIXES};
pub use phase_8::{Faces, phase_8_choices, phase_8_one_turn};
pub use placed::{Lying, Misnamed};

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

/// How many choices an answer lists, best first.
pub const OPTIONS_SHOWN: usize = 5;

/// One choice: which dice to roll again (positions on the table; none is stopping) and what
/// best play afterwards is worth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub reroll: Vec<usize>,
    pub outlook: Outlook,
}

/// The advisor's answer for a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Advice {
    /// What best play from here is worth.
    pub outlook: Outlook,
    /// The best choices, best first (at most [`OPTIONS_SHOWN`]); empty before the first roll,
    /// when there is nothing to choose.
    pub options: Vec<Choice>,
}

impl Advice {
    /// The best choice: the dice to roll again now (none: stop).
    pub fn reroll(&self) -> &[usize] {
        self.options.first().map_or(&[], |best| &best.reroll)
    }
}

/// Ranks choices for the goal: the better figure for the goal, then for the other goal, then
/// fewer dice rolled, then the dice that come first on the table.
fn rank(mut choices: Vec<Choice>, goal: Goal) -> Vec<Choice> {
    choices.sort_by(|a, b| {
        b.outlook
            .ranked(goal)
            .cmp(&a.outlook.ranked(goal))
            .then(a.reroll.len().cmp(&b.reroll.len()))
            .then(a.reroll.cmp(&b.reroll))
    });
    choices
}
