//! One deck for the whole hand, points included (RULES §7): the cards given as cards, and for
//! every line given only as points some other cards of the same deck, as many as that player
//! holds, worth those points. Only a card's worth matters to points (5 for 1–9, 10 for 10–12, 15
//! for a Skip, 25 for a Wild), so the deck is counted by worth, and the lines are dealt one after
//! another from what the others may have left: every way a line can be made is tried, over the
//! set of what can be left (at most 9 × 5 × 25 × 73 counts, so the search stays small).

use std::collections::HashSet;
use std::ops::RangeInclusive;

use super::points::WORTH;

/// How many cards of each worth are left, in the order of `WORTH` (25, 15, 10, 5).
type Left = [usize; 4];

/// A line of a hand given as points only: how many cards its player holds, and their points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PointsLine {
    pub counts: RangeInclusive<usize>,
    pub points: u32,
}

/// Why the points-only lines cannot all be dealt from what the cards given leave of one deck.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct NotDealt {
    /// The first line (its index among the points-only lines) that no way of dealing the ones
    /// before it leaves room for.
    pub line: usize,
    /// A kind of card the lines up to it need more of than is left, if one alone says why:
    /// its index in `WORTH`, how many they need at least, and how many are left.
    pub short_of: Option<(usize, usize, usize)>,
}

/// What is left of one deck once `given` (the worth of every card given) is taken out.
pub(super) fn left_after(given: impl IntoIterator<Item = u32>) -> Left {
    let mut left = WORTH.map(|(_, in_deck)| in_deck);
    for worth in given {
        if let Some(kind) = WORTH.iter().position(|&(value, _)| value == worth) {
            left[kind] = left[kind].saturating_sub(1);
        }
    }
    left
}

/// Every way `line` can be held out of `left`: how many cards of each worth.
fn ways(line: &PointsLine, left: &Left) -> Vec<Left> {
    let mut found = Vec::new();
    let [w25, w15, w10, w5] = WORTH.map(|(value, _)| value);
    for wilds in 0..=left[0] {
        for skips in 0..=left[1] {
            for tens in 0..=left[2] {
                let high = w25 * wilds as u32 + w15 * skips as u32 + w10 * tens as u32;
                let Some(rest) = line.points.checked_sub(high) else {
                    break;
                };
                if !rest.is_multiple_of(w5) {
                    continue;
                }
                let fives = (rest / w5) as usize;
                let cards = wilds + skips + tens + fives;
                if fives <= left[3] && line.counts.contains(&cards) {
                    found.push([wilds, skips, tens, fives]);
                }
            }
        }
    }
    found
}

/// Whether every line can be dealt from `left`, one deck's cards not given as cards.
pub(super) fn deal(lines: &[PointsLine], left: Left) -> Result<(), NotDealt> {
    let mut could_be_left: HashSet<Left> = HashSet::from([left]);
    for (at, line) in lines.iter().enumerate() {
        let mut next = HashSet::new();
        for left in &could_be_left {
            for way in ways(line, left) {
                next.insert([0, 1, 2, 3].map(|kind| left[kind] - way[kind]));
            }
        }
        if next.is_empty() {
            return Err(NotDealt {
                line: at,
                short_of: short_of(&lines[..=at], &left),
            });
        }
        could_be_left = next;
    }
    Ok(())
}

/// A kind of card these lines need more of, together, than `left` has: each line's least of
/// it (over the ways a whole deck could give it), summed.
fn short_of(lines: &[PointsLine], left: &Left) -> Option<(usize, usize, usize)> {
    let deck = left_after([]);
    let ways: Vec<Vec<Left>> = lines.iter().map(|line| ways(line, &deck)).collect();
    (0..4).find_map(|kind| {
        let needed: usize = ways
            .iter()
            .map(|ways| ways.iter().map(|way| way[kind]).min().unwrap_or(0))
            .sum();
        (needed > left[kind]).then_some((kind, needed, left[kind]))
    })
}

/// A kind of card in a player's words, by its index in `WORTH`: "Wilds", "Skips", …
pub(super) fn kind_words(kind: usize) -> &'static str {
    ["Wilds", "Skips", "cards of 10 to 12", "cards of 1 to 9"][kind]
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEN: RangeInclusive<usize> = 10..=10;

    fn line(points: u32) -> PointsLine {
        PointsLine {
            counts: TEN,
            points,
        }
    }

    /// Brute force: every split of what is left among the lines, card kind by card kind.
    fn dealt_by_brute_force(lines: &[PointsLine], left: Left) -> bool {
        fn rest(lines: &[PointsLine], left: Left) -> bool {
            let Some((first, others)) = lines.split_first() else {
                return true;
            };
            let mut all = Vec::new();
            for a in 0..=left[0] {
                for b in 0..=left[1] {
                    for c in 0..=left[2].min(10) {
                        for d in 0..=left[3].min(10) {
                            all.push([a, b, c, d]);
                        }
                    }
                }
            }
            all.into_iter().any(|way| {
                let cards: usize = way.iter().sum();
                let points: u32 = way
                    .iter()
                    .zip(WORTH)
                    .map(|(&n, (value, _))| n as u32 * value)
                    .sum();
                first.counts.contains(&cards)
                    && points == first.points
                    && rest(others, [0, 1, 2, 3].map(|k| left[k] - way[k]))
            })
        }
        rest(lines, left)
    }

    #[test]
    fn two_players_holding_230_each_need_16_wilds() {
        let full = left_after([]);
        assert_eq!(deal(&[line(230)], full), Ok(()));
        let refused = deal(&[line(230), line(230)], full).unwrap_err();
        assert_eq!(refused.line, 1);
        assert_eq!(refused.short_of, Some((0, 16, 8)));
    }

    #[test]
    fn wilds_given_as_cards_leave_none_for_points() {
        let eight_wilds = left_after([25; 8]);
        assert_eq!(eight_wilds[0], 0);
        let refused = deal(&[line(230)], eight_wilds).unwrap_err();
        assert_eq!(refused.short_of, Some((0, 8, 0)));
        assert_eq!(deal(&[line(50)], eight_wilds), Ok(()));
    }

    #[test]
    fn the_search_agrees_with_a_brute_force() {
        let points = [50, 60, 100, 120, 150, 175, 200];
        let lefts = [left_after([]), [2, 1, 5, 30], [1, 0, 3, 12], [8, 4, 2, 9]];
        for left in lefts {
            for &a in &points {
                for &b in &points {
                    let lines = [line(a), line(b)];
                    assert_eq!(
                        deal(&lines, left).is_ok(),
                        dealt_by_brute_force(&lines, left),
                        "{a} and {b} from {left:?}"
                    );
                }
            }
        }
    }
}
