//! The Phase 10 card game (RULES §7): the cards and the deck. The phases themselves are shared
//! with the dice game (`crate::rules::phases`).

pub mod card;
pub mod deck;

pub use card::{CARD_COLORS, Card, CardColor, CardError, CardValue, HIGHEST_CARD};
pub use deck::{CardEdition, DECK_SIZE, TooManyInDeck, fits_one_deck};
