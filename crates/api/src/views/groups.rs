//! How dice make the groups of a phase, as answered by the evaluator and with every turn.

use serde::Serialize;
use utoipa::ToSchema;

use crate::rules::GroupKind;
use crate::rules::Phase;
use crate::rules::dice::{Color, Die, Evaluation, StandsFor, shortfall};
use crate::service::dice::DieValue;

/// A die used in a group.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GroupDie {
    pub value: DieValue,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub color: Option<Color>,
    /// Set on a wild only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub stands_for: Option<StandsFor>,
    /// The die's position in the dice sent.
    pub index: usize,
}

/// One group of a phase and the dice that make it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Group)]
pub struct GroupView {
    pub kind: GroupKind,
    pub size: u8,
    pub dice: Vec<GroupDie>,
}

pub fn groups(evaluation: &Evaluation) -> Vec<GroupView> {
    evaluation
        .groups
        .iter()
        .map(|g| GroupView {
            kind: g.group.kind,
            size: g.group.size,
            dice: g
                .dice
                .iter()
                .map(|used| GroupDie {
                    value: DieValue(used.die.face),
                    color: used.die.color,
                    stands_for: used.stands_for,
                    index: used.index,
                })
                .collect(),
        })
        .collect()
}

/// How far the dice get towards one group of a phase they do not make.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = GroupShort)]
pub struct PartView {
    pub kind: GroupKind,
    pub size: u8,
    /// How many of the `size` dice it needs the dice come to (`size`: the group is there).
    pub have: usize,
    /// Those dice.
    pub dice: Vec<PartDie>,
}

/// A die that goes towards a group.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PartDie {
    pub value: DieValue,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub color: Option<Color>,
    /// The die's position in the dice.
    pub index: usize,
}

/// Why dice do not make their phase: what is missing, in a player's words and as data.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Miss)]
pub struct MissView {
    /// In one sentence: "Not made: a set of 3 (7 7 7); no run of 4, only 3 of it (3 4 5)",
    /// and, when fewer than ten dice were given, that a turn ends with all ten.
    #[schema(example = "Not made: a set of 3 (7 7 7); no run of 4, only 3 of it (3 4 5)")]
    pub summary: String,
    /// How many dice were given; a turn ends with 10.
    pub dice_given: usize,
    /// Per group of the phase, in its order, the most of it the dice come to (with the most
    /// groups complete, then the most dice placed).
    pub groups: Vec<PartView>,
}

/// Why `dice` do not make `phase`; nothing when they do.
pub fn miss(phase: &Phase, dice: &[Die], made: bool) -> Option<MissView> {
    if made {
        return None;
    }
    let miss = shortfall(phase, dice);
    Some(MissView {
        summary: miss.summary(dice),
        dice_given: miss.dice,
        groups: miss
            .parts
            .iter()
            .map(|part| PartView {
                kind: part.group.kind,
                size: part.group.size,
                have: part.dice.len(),
                dice: part
                    .dice
                    .iter()
                    .map(|&index| PartDie {
                        value: DieValue(dice[index].face),
                        color: dice[index].color,
                        index,
                    })
                    .collect(),
            })
            .collect(),
    })
}
