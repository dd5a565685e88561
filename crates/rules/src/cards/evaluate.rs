//! What cards make of a phase (RULES §7): whether some of them make it, and the way of laying it
//! down that lays the most points.
//!
//! The search picks a *target* for every group (the number of a set, the first number and length
//! of a run, the color of a color group); given the targets, which cards go where follows:
//! - every natural card of a set's number goes to the set, and every Wild goes to a set when the
//!   phase has one (a set takes any number of cards, so laying them there only adds points);
//! - a run takes one natural card of each of its numbers where there is one, a Wild elsewhere;
//!   in a phase of one run the Wilds left over replace its lowest-valued natural cards (a Wild
//!   is worth more in hand than any of them), keeping one natural card;
//! - a color group takes every natural card of its color and every Wild.
//!
//! Two sets of one number share its cards; a set of a number and a run through that number share
//! them too (the run's place takes one, the set the rest, which lays the same cards either way).
//! So at most 12 × 12 set targets or 12 × 45 set-and-run targets are tried, for any number of
//! cards. Between equal points fewer Wilds win, then the first found: higher numbers first, longer
//! runs first, then red, blue, yellow, green.

// The interface lists these with `evaluate`; they live with the deck and the groups.
pub use super::deck::CardEdition;
pub use super::groups::{LaidCard, LaidGroup, StandsFor};

use super::card::{CARD_COLORS, Card, HIGHEST_CARD};
use super::deck::EL_CHAVO_NUMBER;
use crate::phases::{Group, GroupKind, PhaseNumber, phase};

/// What cards make of a phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    pub made: bool,
    /// In the phase's order; empty when not made.
    pub groups: Vec<LaidGroup>,
    /// Points of the cards laid down; 0 when not made.
    pub points_laid: u32,
}

/// The most cards `evaluate` takes (a hand is 10 or 11; a table's laid-down phase may be longer).
pub const MAX_EVALUATED: usize = 24;

/// Whether some of `cards` make the phase, laid down the way that lays down the most points
/// (leaves the fewest in hand); groups may be longer than the phase asks. Deterministic. Cards
/// that do not exist (`Card::check`) and Skips are never laid down.
pub fn evaluate(number: PhaseNumber, cards: &[Card], edition: CardEdition) -> Evaluation {
    let pool = Pool::new(cards);
    let mut best = Best::default();
    let groups = phase(number).groups;
    match groups {
        [only] => match only.kind {
            GroupKind::Set => one_set(&pool, *only, &mut best),
            GroupKind::Run => one_run(&pool, *only, &mut best),
            GroupKind::Color => one_color(&pool, *only, &mut best),
        },
        [a, b] if a.kind == GroupKind::Set && b.kind == GroupKind::Set => two_sets(
            &pool,
            [*a, *b],
            edition.needs_el_chavo_card(number),
            &mut best,
        ),
        [a, b] if a.kind == GroupKind::Set && b.kind == GroupKind::Run => {
            set_and_run(&pool, *a, *b, false, &mut best)
        }
        [a, b] if a.kind == GroupKind::Run && b.kind == GroupKind::Set => {
            set_and_run(&pool, *b, *a, true, &mut best)
        }
        // No phase of PHASES has another shape (tests/rules_cards.rs checks each phase).
        _ => {}
    }
    match best.lay {
        Some(lay) => Evaluation {
            made: true,
            groups: lay.groups,
            points_laid: lay.points,
        },
        None => Evaluation {
            made: false,
            groups: Vec::new(),
            points_laid: 0,
        },
    }
}

/// The cards to lay, sorted by what they can be used for.
struct Pool {
    /// Natural cards by number (index 1–12), each list in card order.
    numbers: [Vec<Card>; HIGHEST_CARD as usize + 1],
    /// Natural cards by color, each list in card order.
    colors: [Vec<Card>; 4],
    wilds: usize,
}

impl Pool {
    fn new(cards: &[Card]) -> Pool {
        let mut pool = Pool {
            numbers: Default::default(),
            colors: Default::default(),
            wilds: 0,
        };
        let mut sorted: Vec<Card> = cards
            .iter()
            .copied()
            .filter(|c| c.check().is_ok())
            .collect();
        sorted.sort();
        for card in sorted {
            if card.is_wild() {
                pool.wilds += 1;
            }
            if let (Some(n), Some(color)) = (card.number_on(), card.color) {
                pool.numbers[usize::from(n)].push(card);
                pool.colors[color.index()].push(card);
            }
        }
        pool
    }

    fn of(&self, number: u8) -> &[Card] {
        &self.numbers[usize::from(number)]
    }
}

/// One way of laying the phase down.
struct Lay {
    groups: Vec<LaidGroup>,
    points: u32,
    wilds: usize,
}

/// The best way found so far.
#[derive(Default)]
struct Best {
    lay: Option<Lay>,
}

impl Best {
    /// Keeps `groups` if they lay more points than the best so far, or as many with fewer Wilds.
    fn offer(&mut self, groups: Vec<LaidGroup>) {
        let laid = || groups.iter().flat_map(|g| &g.cards);
        let points = laid().map(|c| c.card.points()).sum();
        let wilds = laid().filter(|c| c.card.is_wild()).count();
        let better = match &self.lay {
            None => true,
            Some(best) => points > best.points || (points == best.points && wilds < best.wilds),
        };
        if better {
            self.lay = Some(Lay {
                groups,
                points,
                wilds,
            });
        }
    }
}

fn naturals(cards: &[Card]) -> impl Iterator<Item = LaidCard> + '_ {
    cards.iter().copied().map(LaidCard::natural)
}

fn wilds(count: usize, stands_for: StandsFor) -> impl Iterator<Item = LaidCard> {
    std::iter::repeat_n(LaidCard::wild(stands_for), count)
}

/// A set of `number`: the given natural cards, then `wild_count` Wilds.
fn set_of(group: Group, number: u8, cards: &[Card], wild_count: usize) -> LaidGroup {
    let laid = naturals(cards).chain(wilds(wild_count, StandsFor::Number(number)));
    LaidGroup::new(group, laid.collect())
}

/// Every run a phase could use: longer runs first, then higher ones.
fn runs(size: u8) -> impl Iterator<Item = (u8, u8)> {
    (size..=HIGHEST_CARD).rev().flat_map(|length| {
        (1..=HIGHEST_CARD + 1 - length)
            .rev()
            .map(move |start| (start, length))
    })
}

fn one_set(pool: &Pool, group: Group, best: &mut Best) {
    for number in (1..=HIGHEST_CARD).rev() {
        let cards = pool.of(number);
        if !cards.is_empty() && cards.len() + pool.wilds >= usize::from(group.size) {
            best.offer(vec![set_of(group, number, cards, pool.wilds)]);
        }
    }
}

fn one_color(pool: &Pool, group: Group, best: &mut Best) {
    for color in CARD_COLORS {
        let cards = &pool.colors[color.index()];
        if !cards.is_empty() && cards.len() + pool.wilds >= usize::from(group.size) {
            let laid = naturals(cards).chain(wilds(pool.wilds, StandsFor::Color(color)));
            best.offer(vec![LaidGroup::new(group, laid.collect())]);
        }
    }
}

/// A phase of one run: the Wilds fill its gaps, and those left replace its natural cards from
/// the lowest (cards 1–9 are worth the least), keeping at least one.
fn one_run(pool: &Pool, group: Group, best: &mut Best) {
    for (start, length) in runs(group.size) {
        let places = start..start + length;
        let present = places.clone().filter(|&p| !pool.of(p).is_empty()).count();
        let missing = usize::from(length) - present;
        if present == 0 || missing > pool.wilds {
            continue;
        }
        let mut replace = (pool.wilds - missing).min(present - 1);
        let cards = places
            .map(|place| match pool.of(place).first() {
                Some(&card) if replace == 0 => LaidCard::natural(card),
                Some(_) => {
                    replace -= 1;
                    LaidCard::wild(StandsFor::Number(place))
                }
                None => LaidCard::wild(StandsFor::Number(place)),
            })
            .collect();
        best.offer(vec![LaidGroup::new(group, cards)]);
    }
}

/// Two sets (phases 1, 7, 9, 10). Only numbers with a natural card are tried: a set of Wilds
/// alone beside a set of v lays what two sets of v sharing v's cards lay.
fn two_sets(pool: &Pool, groups: [Group; 2], el_chavo: bool, best: &mut Best) {
    let [first, second] = groups.map(|g| usize::from(g.size));
    let numbers = || (1..=HIGHEST_CARD).rev().filter(|&n| !pool.of(n).is_empty());
    for one in numbers() {
        for two in numbers() {
            if el_chavo && pool.wilds == 0 && one != EL_CHAVO_NUMBER && two != EL_CHAVO_NUMBER {
                continue;
            }
            let laid = if one != two {
                let (ones, twos) = (pool.of(one), pool.of(two));
                let need_one = first.saturating_sub(ones.len());
                let need_two = second.saturating_sub(twos.len());
                if need_one + need_two > pool.wilds {
                    continue;
                }
                [
                    set_of(groups[0], one, ones, pool.wilds - need_two),
                    set_of(groups[1], two, twos, need_two),
                ]
            } else {
                // Both sets share the cards of one number: each takes natural cards up to its
                // size, then Wilds; what is left goes to the first.
                let cards = pool.of(one);
                if cards.len() + pool.wilds < first + second {
                    continue;
                }
                let take_second = cards.len().saturating_sub(first).min(second);
                let (cards_first, cards_second) = cards.split_at(cards.len() - take_second);
                let wilds_second = second - take_second;
                [
                    set_of(groups[0], one, cards_first, pool.wilds - wilds_second),
                    set_of(groups[1], one, cards_second, wilds_second),
                ]
            };
            best.offer(laid.into());
        }
    }
}

/// A set and a run (phases 2 and 3); `run_first` when the phase lists the run first.
fn set_and_run(pool: &Pool, set: Group, run: Group, run_first: bool, best: &mut Best) {
    for number in (1..=HIGHEST_CARD).rev() {
        for (start, length) in runs(run.size) {
            let mut set_cards = pool.of(number);
            let run_cards: Vec<LaidCard> = (start..start + length)
                .map(|place| match pool.of(place).split_first() {
                    Some((&card, rest)) => {
                        if place == number {
                            set_cards = rest;
                        }
                        LaidCard::natural(card)
                    }
                    None => LaidCard::wild(StandsFor::Number(place)),
                })
                .collect();
            let run_wilds = run_cards.iter().filter(|c| c.card.is_wild()).count();
            let set_wilds = usize::from(set.size).saturating_sub(set_cards.len());
            let no_natural = set_cards.is_empty() && run_wilds == run_cards.len();
            if run_wilds + set_wilds > pool.wilds || no_natural {
                continue;
            }
            let set_laid = set_of(set, number, set_cards, pool.wilds - run_wilds);
            let run_laid = LaidGroup::new(run, run_cards);
            best.offer(if run_first {
                vec![run_laid, set_laid]
            } else {
                vec![set_laid, run_laid]
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::card::CardColor;
    use crate::phases::PHASES;

    /// 24 cards: the search is over targets, not subsets, so this takes no longer than 10.
    #[test]
    fn twenty_four_cards_are_evaluated_on_every_phase() {
        let mut cards: Vec<Card> = (1..=HIGHEST_CARD)
            .flat_map(|n| {
                [
                    Card::number(n, CardColor::Red),
                    Card::number(n, CardColor::Blue),
                ]
            })
            .collect();
        cards.truncate(MAX_EVALUATED - 6);
        cards.extend([Card::WILD; 4]);
        cards.extend([Card::SKIP, Card::number(7, CardColor::Green)]);
        assert_eq!(cards.len(), MAX_EVALUATED);
        for phase in &PHASES {
            for edition in [CardEdition::Standard, CardEdition::ElChavo] {
                let verdict = evaluate(phase.number, &cards, edition);
                assert!(verdict.made, "{phase} on 24 cards");
                let laid: usize = verdict.groups.iter().map(|g| g.cards.len()).sum();
                assert!(laid >= phase.dice_needed());
            }
        }
    }
}
