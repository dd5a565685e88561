//! The deck (RULES §7): two of each number 1–12 in each of four colors, 8 Wilds, 4 Skips, in
//! two printings (editions). Cards recorded in one hand all come from it, so no hand holds more
//! of a card than the deck has.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::card::{CARD_COLORS, Card, CardValue, HIGHEST_CARD};
use crate::phases::{LAST_PHASE, PhaseNumber};

/// At most two of each number and color, 8 Wilds, 4 Skips: 108 cards.
pub const DECK_SIZE: usize = 108;
/// How many of each numbered card (number and color) the deck has.
pub const COPIES_OF_A_NUMBER: usize = 2;
/// How many Wilds the deck has.
pub const WILDS_IN_DECK: usize = 8;
/// How many Skips the deck has.
pub const SKIPS_IN_DECK: usize = 4;

/// How many copies of `card` the deck has: 0 for a card that does not exist.
pub fn copies_in_deck(card: Card) -> usize {
    match card.value {
        _ if card.check().is_err() => 0,
        CardValue::Number(_) => COPIES_OF_A_NUMBER,
        CardValue::Wild => WILDS_IN_DECK,
        CardValue::Skip => SKIPS_IN_DECK,
    }
}

/// Every card of the deck, each as many times as the deck has it.
pub fn full_deck() -> Vec<Card> {
    let mut deck = Vec::with_capacity(DECK_SIZE);
    for color in CARD_COLORS {
        for n in 1..=HIGHEST_CARD {
            deck.extend([Card::number(n, color); COPIES_OF_A_NUMBER]);
        }
    }
    deck.extend([Card::WILD; WILDS_IN_DECK]);
    deck.extend([Card::SKIP; SKIPS_IN_DECK]);
    deck
}

/// More copies of a card than one deck has, in a player's words: "the deck has only 2 red 7s,
/// and these cards have 3".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("{}", self.words())]
pub struct TooManyInDeck {
    pub card: Card,
    pub count: usize,
    pub in_deck: usize,
}

impl TooManyInDeck {
    fn words(&self) -> String {
        let plural = match self.card.value {
            CardValue::Wild => "Wilds".to_string(),
            CardValue::Skip => "Skips".to_string(),
            CardValue::Number(_) => format!("{}s", self.card),
        };
        if self.in_deck == 0 {
            format!(
                "the deck has no {plural}, and these cards have {}",
                self.count
            )
        } else {
            format!(
                "the deck has only {} {plural}, and these cards have {}",
                self.in_deck, self.count
            )
        }
    }
}

/// Whether the cards could all come from one deck; the first card there are too many of.
pub fn fits_one_deck<'a>(cards: impl IntoIterator<Item = &'a Card>) -> Result<(), TooManyInDeck> {
    let cards: Vec<Card> = cards.into_iter().copied().collect();
    let mut counts = std::collections::HashMap::<Card, usize>::new();
    for &card in &cards {
        *counts.entry(card).or_default() += 1;
    }
    match cards
        .iter()
        .find(|&&card| counts[&card] > copies_in_deck(card))
    {
        Some(&card) => Err(TooManyInDeck {
            card,
            count: counts[&card],
            in_deck: copies_in_deck(card),
        }),
        None => Ok(()),
    }
}

/// The printing of the game: El Chavo's phase 10 needs an El Chavo card (RULES §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = CardEdition))]
pub enum CardEdition {
    #[default]
    #[serde(rename = "standard")]
    Standard,
    /// Phase 10 also needs a Wild or a card numbered 8 in one of its sets.
    #[serde(rename = "el-chavo")]
    ElChavo,
}

/// The number on an El Chavo card other than the Wild.
pub const EL_CHAVO_NUMBER: u8 = 8;

impl CardEdition {
    /// Whether this phase needs an El Chavo card in one of its sets.
    pub fn needs_el_chavo_card(self, phase: PhaseNumber) -> bool {
        self == CardEdition::ElChavo && phase.get() == LAST_PHASE
    }
}
