//! How dice make the groups of a phase, as answered by the evaluator and with every turn.

use serde::Serialize;
use utoipa::ToSchema;

use crate::rules::GroupKind;
use crate::rules::dice::{Color, Evaluation, StandsFor};
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
