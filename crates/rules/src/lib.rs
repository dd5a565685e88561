//! The games themselves, as pure Rust: no HTTP, no database, no IO but reading the whole game's
//! phase 8 table where the server is given one. One folder per game
//! (`dice`: Phase 10 Dice; `cards`: the Phase 10 card game) beside what the games share: the ten
//! phases and their groups. Everything the service does with dice, cards, phases and scores is a
//! call into this crate. The types a client sees (colors, dice, cards, layouts, editions,
//! statuses, kinds of groups and bonuses) carry their wire names as serde derives, and with the
//! feature `openapi` their schemas as utoipa's, which do no IO.
//!
//! With them, the best play of a turn (`dice::advice`, exact), a digital turn held against it
//! (`dice::review`) and the best whole solitaire game (`whole_game`).

pub mod cards;
pub mod dice;
pub mod phases;
pub mod whole_game;

pub use phases::{Group, GroupKind, LAST_PHASE, PHASES, Phase, PhaseNumber, phase};
