//! The variations chosen when a card game is created (RULES §7): which phases are played, ten
//! hands or not, the edition; and how many players sit down.

use thiserror::Error;

use super::deck::CardEdition;
use crate::phases::{LAST_PHASE, PhaseNumber};

pub const MIN_CARD_PLAYERS: usize = 2;
pub const MAX_CARD_PLAYERS: usize = 6;

/// The variations chosen at creation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRules {
    /// The phases played, in order; the last one ends the game.
    pub phases: Vec<PhaseNumber>,
    /// Exactly as many hands as phases, everyone moving on every hand; the lowest total wins.
    pub ten_hands: bool,
    pub edition: CardEdition,
}

/// Why a game cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardSetupError {
    #[error("a card game has {MIN_CARD_PLAYERS} to {MAX_CARD_PLAYERS} players, not {0}")]
    PlayerCount(usize),
    #[error("a game plays at least one phase")]
    NoPhases,
    #[error("the phases are played in order, each once: from the lowest to the highest")]
    PhasesNotIncreasing,
}

fn numbered(numbers: impl IntoIterator<Item = u8>) -> Vec<PhaseNumber> {
    numbers.into_iter().filter_map(PhaseNumber::new).collect()
}

impl CardRules {
    /// phases: non-empty, strictly increasing.
    pub fn new(
        phases: Vec<PhaseNumber>,
        ten_hands: bool,
        edition: CardEdition,
    ) -> Result<CardRules, CardSetupError> {
        let rules = CardRules {
            phases,
            ten_hands,
            edition,
        };
        rules.check()?;
        Ok(rules)
    }

    /// The phases are a list a game can play: non-empty, strictly increasing.
    pub fn check(&self) -> Result<(), CardSetupError> {
        if self.phases.is_empty() {
            return Err(CardSetupError::NoPhases);
        }
        if self.phases.windows(2).any(|w| w[0] >= w[1]) {
            return Err(CardSetupError::PhasesNotIncreasing);
        }
        Ok(())
    }

    /// All ten phases (the default).
    pub fn all_ten() -> Vec<PhaseNumber> {
        numbered(1..=LAST_PHASE)
    }

    /// The even phases: 2, 4, 6, 8, 10.
    pub fn even() -> Vec<PhaseNumber> {
        numbered((2..=LAST_PHASE).step_by(2))
    }

    /// The first `n` phases ("first to complete n phases"), for 1 ≤ n ≤ 10.
    pub fn first(n: u8) -> Option<Vec<PhaseNumber>> {
        (1..=LAST_PHASE).contains(&n).then(|| numbered(1..=n))
    }
}
