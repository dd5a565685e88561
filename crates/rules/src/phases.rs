//! The ten phases as data (RULES §2), shared by both games: each phase is a list of groups, each
//! group a kind and a size. What a group accepts (the numbers of a run, what a wild may stand
//! for) is each game's own: its evaluator reads only this data.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The kind of a group of a phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
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

/// A phase's number: 1 to 10, and nothing else. A player's progress (the phase worked on, 11
/// once the last is done) is a plain number; this is a phase that exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PhaseNumber(u8);

impl PhaseNumber {
    /// The phase numbered so, if there is one.
    pub const fn new(number: u8) -> Option<PhaseNumber> {
        if number >= 1 && number <= LAST_PHASE {
            Some(PhaseNumber(number))
        } else {
            None
        }
    }

    pub const fn get(self) -> u8 {
        self.0
    }
}

impl fmt::Display for PhaseNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A phase: its number in its list, the words players know it by, and the groups it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Phase {
    pub number: PhaseNumber,
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
        assert!(number >= 1 && number <= LAST_PHASE);
        Phase {
            number: PhaseNumber(number),
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

/// The ten phases, in order: the same in Phase 10 Dice and in the card game.
pub const PHASES: [Phase; 10] = [
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

/// The phase with this number.
pub fn phase(number: PhaseNumber) -> &'static Phase {
    &PHASES[usize::from(number.0) - 1]
}

/// The phase with this number, if there is one (1–10).
pub fn numbered(number: u8) -> Option<&'static Phase> {
    PHASES.get(usize::from(number).checked_sub(1)?)
}
