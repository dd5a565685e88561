//! The game itself, as pure Rust: no IO, no HTTP, no database. Everything the service does with
//! dice, phases and scores is a call into this module.

pub mod dice;
pub mod digital;
pub mod evaluate;
pub mod game;
pub mod layout;
pub mod order;
pub mod phases;

pub use dice::{Color, Die, Face, MAX_DICE, Number, Roll};
pub use evaluate::{Evaluation, GroupUse, StandsFor, UsedDie, evaluate};
pub use layout::{DiceLayout, DieId, NotRollable};
pub use phases::{DICE_PHASES, Group, GroupKind, LAST_PHASE, Phase, dice_phase};
