//! The best way a roll makes a phase (RULES §2 and §3): made or not, the highest score, which
//! dice make which group and what each wild stands for.
//!
//! A search picks a *target* for every group (the number of a set, the first number of a run, the
//! color of a color group); given the targets, the best dice for them follow greedily. Three
//! searches share that shape and are each exact:
//! - [`numbers`]: phases of sets and runs only. Colors do not matter, so the roll is reduced to
//!   how many dice show each number; the search is over at most 11 targets a group.
//! - [`colors`]: phases of color groups only; the search is over four colors a group.
//! - [`mixed`]: anything else (a house rule mixing colors with sets or runs): a search over the
//!   subsets of dice each group could take.
//!
//! Among assignments with the same score the first one found wins, and every search tries the
//! higher numbers first, then red, orange, blue, green, so the answer is deterministic.

mod colors;
mod miss;
mod mixed;
mod numbers;

pub use miss::{Miss, Part, group_words, shortfall};

use serde::Serialize;

use super::faces::{Color, Die, Number, Roll};
use crate::phases::{Group, GroupKind, MAX_GROUPS, Phase};

/// What a wild stands for: a number (in a set or run) or a color (in a color group).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WildStandsFor))]
#[serde(untagged)]
pub enum StandsFor {
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    Number(Number),
    Color(Color),
}

/// A die of the roll used in a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UsedDie {
    /// The die's position in the roll.
    pub index: usize,
    pub die: Die,
    /// Set on a wild only.
    pub stands_for: Option<StandsFor>,
}

/// One group of the phase and the dice that make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupUse {
    pub group: Group,
    pub dice: Vec<UsedDie>,
}

/// The verdict on a roll for a phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    pub phase: u8,
    pub made: bool,
    /// The sum of the natural dice used; 0 when not made.
    pub score: u32,
    /// The groups in the phase's order; empty when not made.
    pub groups: Vec<GroupUse>,
}

/// What the search chose for one group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Target {
    /// A set of this number.
    Set(u8),
    /// A run starting at this number.
    RunFrom(u8),
    /// A group of this color.
    Color(Color),
    /// Not chosen yet.
    #[default]
    None,
}

/// The targets of every group of a phase, on the stack.
pub(crate) type Targets = [Target; MAX_GROUPS];

/// Evaluates a roll for a phase: the highest-scoring way the roll makes it, if any.
pub fn evaluate(phase: &Phase, roll: &Roll) -> Evaluation {
    let dice = roll.dice();
    let any = |kind: GroupKind| phase.groups.iter().any(|g| g.kind == kind);
    let groups = if !any(GroupKind::Color) {
        numbers::best(phase.groups, dice)
    } else if !any(GroupKind::Set) && !any(GroupKind::Run) {
        colors::best(phase.groups, dice)
    } else {
        mixed::best(phase.groups, dice)
    };
    match groups {
        Some(groups) => Evaluation {
            phase: phase.number.get(),
            made: true,
            score: groups
                .iter()
                .flat_map(|g| &g.dice)
                .map(|used| used.die.face.points())
                .sum(),
            groups,
        },
        None => Evaluation {
            phase: phase.number.get(),
            made: false,
            score: 0,
            groups: Vec::new(),
        },
    }
}

/// Whether group `index` is the same as the one before it: then the search only tries targets
/// in order (the second no higher than the first), since swapping them changes nothing.
pub(crate) fn repeats_previous(groups: &[Group], index: usize) -> bool {
    index > 0 && groups[index] == groups[index - 1]
}

pub(crate) fn used(dice: &[Die], index: usize, stands_for: Option<StandsFor>) -> UsedDie {
    UsedDie {
        index,
        die: dice[index],
        stands_for: if dice[index].face.number().is_none() {
            stands_for
        } else {
            None
        },
    }
}
