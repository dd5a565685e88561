//! The phases as data (RULES §2): each phase is a list of groups, each group a kind and a size.
//!
//! The evaluator reads only this data, so another phase list (the card game's, a house rule)
//! is a new constant here, not a change to the evaluator.

use std::fmt;

/// What makes a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// Dice of one number; a wild stands for any number.
    Set,
    /// Dice of consecutive numbers within 1–10, no number twice; a wild fills any place.
    Run,
    /// Dice of one color; a wild counts only if it is that color.
    Color,
}

impl GroupKind {
    pub fn name(self) -> &'static str {
        match self {
            GroupKind::Set => "set",
            GroupKind::Run => "run",
            GroupKind::Color => "color",
        }
    }
}

/// One group a phase needs: `size` dice making a `kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Group {
    pub kind: GroupKind,
    pub size: u8,
}

impl Group {
    pub const fn set(size: u8) -> Group {
        Group {
            kind: GroupKind::Set,
            size,
        }
    }

    pub const fn run(size: u8) -> Group {
        Group {
            kind: GroupKind::Run,
            size,
        }
    }

    pub const fn color(size: u8) -> Group {
        Group {
            kind: GroupKind::Color,
            size,
        }
    }
}

/// The most groups one phase may have; the evaluator keeps its search on the stack.
pub const MAX_GROUPS: usize = 4;

/// A phase: its number in its list, the words players know it by, and the groups it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Phase {
    pub number: u8,
    pub label: &'static str,
    pub groups: &'static [Group],
}

impl Phase {
    /// A phase is checked when it is built, so a bad phase list does not compile.
    pub const fn new(number: u8, label: &'static str, groups: &'static [Group]) -> Phase {
        assert!(!groups.is_empty() && groups.len() <= MAX_GROUPS);
        let mut i = 0;
        while i < groups.len() {
            let group = groups[i];
            assert!(group.size >= 1);
            // A run cannot be longer than the numbers 1-10.
            assert!(!matches!(group.kind, GroupKind::Run) || group.size <= 10);
            i += 1;
        }
        Phase {
            number,
            label,
            groups,
        }
    }

    /// How many dice the phase uses.
    pub fn dice_needed(&self) -> usize {
        self.groups.iter().map(|g| usize::from(g.size)).sum()
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "phase {} ({})", self.number, self.label)
    }
}

/// The ten phases of Phase 10 Dice, in order.
pub const DICE_PHASES: [Phase; 10] = [
    Phase::new(1, "2 sets of 3", &[Group::set(3), Group::set(3)]),
    Phase::new(
        2,
        "1 set of 3 + 1 run of 4",
        &[Group::set(3), Group::run(4)],
    ),
    Phase::new(
        3,
        "1 set of 4 + 1 run of 4",
        &[Group::set(4), Group::run(4)],
    ),
    Phase::new(4, "1 run of 7", &[Group::run(7)]),
    Phase::new(5, "1 run of 8", &[Group::run(8)]),
    Phase::new(6, "1 run of 9", &[Group::run(9)]),
    Phase::new(7, "2 sets of 4", &[Group::set(4), Group::set(4)]),
    Phase::new(8, "7 of all one color", &[Group::color(7)]),
    Phase::new(
        9,
        "1 set of 5 + 1 set of 2",
        &[Group::set(5), Group::set(2)],
    ),
    Phase::new(
        10,
        "1 set of 5 + 1 set of 3",
        &[Group::set(5), Group::set(3)],
    ),
];

/// The number of the last phase; a player past it has finished.
pub const LAST_PHASE: u8 = 10;

/// The dice phase with this number (1–10).
pub fn dice_phase(number: u8) -> Option<&'static Phase> {
    DICE_PHASES.get(usize::from(number).checked_sub(1)?)
}
