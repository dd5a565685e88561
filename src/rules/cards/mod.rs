//! The Phase 10 card game (RULES §7): the cards and the deck, and what cards make of a phase.
//! The phases themselves are shared with the dice game (`crate::rules::phases`).

pub mod card;
pub mod deck;
pub mod evaluate;
pub mod groups;
pub mod laid_down;

pub use card::{CARD_COLORS, Card, CardColor, CardError, CardValue, HIGHEST_CARD};
pub use deck::{CardEdition, DECK_SIZE, TooManyInDeck, fits_one_deck};
pub use evaluate::{Evaluation, MAX_EVALUATED, evaluate};
pub use groups::{LaidCard, LaidGroup, StandsFor};
pub use laid_down::{NotMade, check_laid_down};
