//! The Phase 10 card game (RULES §7): the cards and the deck, what cards make of a phase, what a
//! recorded hand must satisfy, and a game's score pad as a state machine. The phases themselves
//! are shared with the dice game (`crate::phases`).

pub mod card;
mod dealt;
pub mod deck;
pub mod evaluate;
pub mod game;
pub mod groups;
pub mod hand;
mod hand_checks;
pub mod laid_down;
pub mod points;
pub mod sheet;
pub mod variations;

pub use card::{CARD_COLORS, Card, CardColor, CardError, CardValue, HIGHEST_CARD};
pub use deck::{CardEdition, DECK_SIZE, TooManyInDeck, fits_one_deck};
pub use evaluate::{Evaluation, MAX_EVALUATED, evaluate};
pub use game::{CardGame, CardStatus};
pub use groups::{LaidCard, LaidGroup, StandsFor};
pub use hand::{Hand, HandEntry, HandError, HandPlace, HandProblem, Held, LinePart};
pub use laid_down::{NotMade, check_laid_down};
pub use sheet::{CardSheet, HandLine, HandOutcome};
pub use variations::{CardRules, CardSetupError, MAX_CARD_PLAYERS, MIN_CARD_PLAYERS};
