//! The games themselves, as pure Rust: no IO, no HTTP, no database. One folder per game
//! (`dice`: Phase 10 Dice; `cards`: the Phase 10 card game) beside what the games share: the ten
//! phases and their groups. Everything the service does with dice, cards, phases and scores is a
//! call into this module. The enums a client sees (colors, dice, cards, layouts, editions,
//! statuses, kinds of groups and bonuses) carry their wire names and schemas as derives (serde, utoipa), which do no IO.

pub mod cards;
pub mod dice;
pub mod phases;

pub use phases::{Group, GroupKind, LAST_PHASE, PHASES, Phase, PhaseNumber, phase};
