//! Phase 10 Dice (RULES §1–§6): the faces and the physical dice, how a roll makes a phase, a
//! game as a state machine, the order of play, and a turn rolled by the server.

pub mod advice;
pub mod evaluate;
pub mod faces;
pub mod game;
pub mod layout;
pub mod order;
pub mod review;
pub mod rolls;

pub use evaluate::{Evaluation, GroupUse, Miss, Part, StandsFor, UsedDie, evaluate, shortfall};
pub use faces::{Color, Die, Face, MAX_DICE, Number, Roll};
pub use layout::{DiceLayout, DieId, NotRollable};
