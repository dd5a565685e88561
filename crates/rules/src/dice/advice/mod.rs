//! The best play of the rest of a turn (RULES §8): exact odds of making the phase, the exact
//! expected score, and which dice to roll again, for either goal.
//!
//! Best play is worked out backwards over the positions of a turn (dynamic programming), never
//! simulated, and every figure is kept exact ([`Exact`]) until it is answered.

mod advise;
mod exact;
pub mod game;
mod multisets;
mod numbers;
mod phase_8;
mod placed;
pub mod solitaire;
mod summary;
mod valued;

use serde::{Deserialize, Serialize};

pub use advise::{
    AdviceRefused, advise, best_choice_and, is_of_colors, one_turn_of, position, warm_up, weigh_all,
};
pub use exact::{Exact, MAX_SIXES};
pub use phase_8::{Faces, phase_8_best_choices, phase_8_choices, phase_8_one_turn};
pub use placed::{Lying, Misnamed, ways as ways_dice_lie};
pub use solitaire::{
    FirstPhases, LastPhases, MISS, by_iteration, first_phases, fixed_point, last_phases,
};
pub use summary::{game_choice_summary, game_first_roll_summary};
pub use valued::{EndValues, Play, Valued, ValuedTurn, Verdicts};

/// What the player plays the rest of the turn for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
    /// The choice in a sentence a player reads (figures rounded).
    pub summary: String,
}

/// The advisor's answer for a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Advice {
    /// What best play from here is worth.
    pub outlook: Outlook,
    /// The best choices, best first (at most [`OPTIONS_SHOWN`]); empty before the first roll,
    /// when there is nothing to choose.
    pub options: Vec<Choice>,
    /// What to do now in a sentence: the best choice's, or before the first roll, that all ten
    /// dice are rolled and what best play is worth.
    pub summary: String,
}

impl Advice {
    /// The best choice: the dice to roll again now (none: stop).
    pub fn reroll(&self) -> &[usize] {
        self.options.first().map_or(&[], |best| &best.reroll)
    }
}

/// An answer as the API gives it: figures as doubles and, advised for the whole game, the
/// points still to come (`Advice` keeps them exact; the whole game's are doubles already).
#[derive(Debug, Clone, PartialEq)]
pub struct Advised {
    pub chance: f64,
    pub expected_score: f64,
    pub expected_to_come: Option<f64>,
    /// The best choices, best first.
    pub options: Vec<AdvisedChoice>,
    pub summary: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AdvisedChoice {
    pub reroll: Vec<usize>,
    pub chance: f64,
    pub expected_score: f64,
    pub expected_to_come: Option<f64>,
    pub summary: String,
}

impl Advised {
    /// The best choice: the dice to roll again now (none: stop).
    pub fn reroll(&self) -> &[usize] {
        self.options.first().map_or(&[], |best| &best.reroll)
    }
}

impl From<&Advice> for Advised {
    fn from(advice: &Advice) -> Advised {
        Advised {
            chance: advice.outlook.chance.to_f64(),
            expected_score: advice.outlook.expected_score.to_f64(),
            expected_to_come: None,
            options: advice
                .options
                .iter()
                .map(|choice| AdvisedChoice {
                    reroll: choice.reroll.clone(),
                    chance: choice.outlook.chance.to_f64(),
                    expected_score: choice.outlook.expected_score.to_f64(),
                    expected_to_come: None,
                    summary: choice.summary.clone(),
                })
                .collect(),
            summary: advice.summary.clone(),
        }
    }
}

/// A choice as the advisor weighs it: the positions to roll again as a bit set.
#[derive(Debug, Clone, Copy)]
struct Weighed {
    reroll: u16,
    outlook: Outlook,
}

/// The order of choices for the goal: the better figure for the goal, then for the other goal,
/// then fewer dice rolled, then the dice that come first on the table (of two sets of as many
/// positions, the one holding the smallest position they do not share).
fn better_first(a: &Weighed, b: &Weighed, goal: Goal) -> std::cmp::Ordering {
    let differ = a.reroll ^ b.reroll;
    b.outlook
        .ranked(goal)
        .cmp(&a.outlook.ranked(goal))
        .then(a.reroll.count_ones().cmp(&b.reroll.count_ones()))
        .then(if differ & differ.wrapping_neg() & a.reroll != 0 {
            std::cmp::Ordering::Less
        } else if differ == 0 {
            std::cmp::Ordering::Equal
        } else {
            std::cmp::Ordering::Greater
        })
}

/// The best `shown` choices for the goal, best first.
fn rank(mut choices: Vec<Weighed>, goal: Goal, shown: usize) -> Vec<Choice> {
    if shown < choices.len() {
        choices.select_nth_unstable_by(shown, |a, b| better_first(a, b, goal));
        choices.truncate(shown);
    }
    choices.sort_unstable_by(|a, b| better_first(a, b, goal));
    choices
        .into_iter()
        .map(|choice| Choice {
            reroll: (0..16).filter(|i| choice.reroll & 1 << i != 0).collect(),
            outlook: choice.outlook,
            summary: String::new(),
        })
        .collect()
}
