//! The points a player can hold at the end of a hand (RULES §7): cards are worth 5 (1–9), 10
//! (10–12), 15 (Skip) or 25 (Wild), and one deck has only so many of each, so a number of cards
//! can make only some sums.

use std::ops::RangeInclusive;

use super::card::{CARD_COLORS, HIGHEST_CARD, cards_words};
use super::deck::{COPIES_OF_A_NUMBER, SKIPS_IN_DECK, WILDS_IN_DECK};

/// The cards a player holds during a hand (between turns).
pub const HAND_SIZE: usize = 10;

/// What a card can be worth in hand, and how many cards of the deck are worth it, the highest
/// first.
pub(super) const WORTH: [(u32, usize); 4] = [
    (25, WILDS_IN_DECK),
    (15, SKIPS_IN_DECK),
    (10, 3 * CARD_COLORS.len() * COPIES_OF_A_NUMBER),
    (
        5,
        (HIGHEST_CARD as usize - 3) * CARD_COLORS.len() * COPIES_OF_A_NUMBER,
    ),
];

/// Whether exactly `cards` cards of one deck can be worth `points` together.
pub fn possible(points: u32, cards: usize) -> bool {
    fn rest(points: u32, cards: usize, worth: &[(u32, usize)]) -> bool {
        let Some((&(value, in_deck), cheaper)) = worth.split_first() else {
            return points == 0 && cards == 0;
        };
        (0..=cards.min(in_deck)).any(|taken| {
            let worth_taken = value * taken as u32;
            worth_taken <= points && rest(points - worth_taken, cards - taken, cheaper)
        })
    }
    rest(points, cards, &WORTH)
}

/// The least `cards` cards of one deck are worth.
fn least(cards: usize) -> u32 {
    extreme(cards, WORTH.iter().rev())
}

/// The most `cards` cards of one deck are worth.
fn most(cards: usize) -> u32 {
    extreme(cards, WORTH.iter())
}

fn extreme<'a>(mut cards: usize, worth: impl Iterator<Item = &'a (u32, usize)>) -> u32 {
    let mut points = 0;
    for &(value, in_deck) in worth {
        let taken = cards.min(in_deck);
        points += value * taken as u32;
        cards -= taken;
    }
    points
}

/// "10 cards", "1 or 2 cards", "1 to 3 cards".
pub(super) fn count_range_words(counts: &RangeInclusive<usize>) -> String {
    let (least, most) = (*counts.start(), *counts.end());
    if least == most {
        cards_words(least)
    } else if least + 1 == most {
        format!("{least} or {most} cards")
    } else {
        format!("{least} to {most} cards")
    }
}

/// Why points cannot be held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum NotHeld {
    NotAMultipleOf5(u32),
    TooFew { least: u32, given: u32 },
    TooMany { most: u32, given: u32 },
    NoSuchSum(u32),
}

impl NotHeld {
    /// Why `points` cannot be what a player holding a number of cards within `counts` holds, or
    /// None when they can.
    pub fn why(points: u32, counts: &RangeInclusive<usize>) -> Option<NotHeld> {
        let counts = counts.clone();
        if !points.is_multiple_of(5) {
            return Some(NotHeld::NotAMultipleOf5(points));
        }
        let least = least(*counts.start());
        let most = most(*counts.end());
        if points < least {
            return Some(NotHeld::TooFew {
                least,
                given: points,
            });
        }
        if points > most {
            return Some(NotHeld::TooMany {
                most,
                given: points,
            });
        }
        if !counts.into_iter().any(|cards| possible(points, cards)) {
            return Some(NotHeld::NoSuchSum(points));
        }
        None
    }

    /// The reason in words, after `holds` ("Bo did not lay down phase 3, so Bo holds 10 cards").
    pub fn words(self, holds: &str, name: &str, counts: &RangeInclusive<usize>) -> String {
        match self {
            NotHeld::NotAMultipleOf5(points) => format!(
                "{name}'s {points} points are not a sum of cards: cards are worth 5, 10, 15 or 25"
            ),
            NotHeld::TooFew { least, given } => {
                format!("{holds}: at least {least} points, not {given}")
            }
            NotHeld::TooMany { most, given } => {
                format!("{holds}: at most {most} points, not {given}")
            }
            NotHeld::NoSuchSum(points) => format!(
                "{holds}: {} cannot make {points} points",
                count_range_words(counts)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_cards_make_every_multiple_of_5_from_50_to_230_and_nothing_else() {
        let made: Vec<u32> = (0..=300).filter(|&p| possible(p, 10)).collect();
        let expected: Vec<u32> = (50..=230).step_by(5).collect();
        assert_eq!(made, expected);
        assert!(!possible(245, 10));
        assert!(
            !possible(250, 10),
            "only 8 Wilds: 10 Wilds are not one deck"
        );
    }

    #[test]
    fn one_card_is_worth_5_10_15_or_25() {
        let made: Vec<u32> = (0..=100).filter(|&p| possible(p, 1)).collect();
        assert_eq!(made, vec![5, 10, 15, 25]);
        assert_eq!((least(1), most(1)), (5, 25));
        assert_eq!((least(10), most(10)), (50, 230));
    }
}
